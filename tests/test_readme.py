from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_ci_runs_the_readme_test_command_exactly():
    readme = (ROOT / "README.md").read_text()
    blocks = readme.split("```\n")[1::2]
    scene_command, test_command = (block.strip() for block in blocks[:2])
    assert scene_command.endswith("python main.py")
    assert test_command in (ROOT / ".ci" / "run").read_text().splitlines()


def test_the_readme_examples_run():
    readme = (ROOT / "README.md").read_text()
    examples = [block.split("```")[0] for block in readme.split("```python\n")[1:]]
    assert len(examples) >= 2
    for example in examples:
        exec(compile(example, "README.md", "exec"), {})
