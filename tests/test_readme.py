from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = ["README.md", *sorted(str(page.relative_to(ROOT)) for page in (ROOT / "docs").glob("*.md"))]


def test_ci_runs_the_readme_test_command_exactly():
    readme = (ROOT / "README.md").read_text()
    blocks = readme.split("```\n")[1::2]
    scene_command, test_command = (block.strip() for block in blocks[:2])
    assert scene_command.endswith("python main.py")
    assert test_command in (ROOT / ".ci" / "run").read_text().splitlines()


def test_the_readme_stays_a_way_in():
    assert len((ROOT / "README.md").read_text().splitlines()) <= 200


@pytest.mark.parametrize("page", PAGES)
def test_the_examples_run(page):
    """Each ```python block of the README and the guide runs on its own."""
    text = (ROOT / page).read_text()
    examples = [block.split("```")[0] for block in text.split("```python\n")[1:]]
    for example in examples:
        exec(compile(example, page, "exec"), {})


def test_the_guide_has_examples_where_it_teaches_the_library():
    taught = ["curves-and-timing", "orientation", "playback", "meshes", "plane-paths", "planning", "crowds"]
    for page in taught:
        assert "```python\n" in (ROOT / "docs" / f"{page}.md").read_text(), page
