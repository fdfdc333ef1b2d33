from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PROGRAMS_PAGE = "docs/game-in-ten-minutes.md"
"""Its blocks are whole programs with windows: run as such by ``test_game_in_ten_minutes``."""
GUIDE = sorted(str(page.relative_to(ROOT)) for page in (ROOT / "docs").glob("*.md"))
PAGES = ["README.md", *(page for page in GUIDE if page != PROGRAMS_PAGE)]


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


def test_every_root_name_has_its_row_in_the_reference_and_no_other_does():
    import trajectory

    rows = (ROOT / "docs" / "reference" / "index.md").read_text().split("| --- | --- | --- |\n")[1]
    listed = [row.split("|")[1].strip().strip("`") for row in rows.strip().splitlines()]
    assert listed == trajectory.__all__  # in the same order, so the page reads as the root does
