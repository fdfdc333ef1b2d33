"""The maze mode as a person plays it, offscreen on a fixed 60 Hz clock: a click builds a tower
and a click on it takes it down; with the mouse over a cell the enemies' way with a tower there
is drawn; a tower that would close the last way is refused, saying why; the HUD counts hits and
misses and shows the checksum; S saves the moves, and a replay of them reaches the same checksum."""

import json

import numpy as np
import pytest

from scene.towerdefense.maze_game import ROWS, MazeGame, Replay
from scene.ui.pointer import to_film
from tests.scene.helpers import press, step

GAP = 3


@pytest.fixture
def maze(app):
    for _ in range(3):  # curves -> turning -> tower defense -> maze
        app.messenger.send("tab")
        step(app)
    assert app.mode.name == "maze"
    return app.mode


def point_at(app, mode, cell):
    """Put the mouse over the centre of ``cell`` (col, row)."""
    local = np.array([cell[0] + 0.5, cell[1] + 0.5, 0.0])
    world = np.array(app.render.get_relative_point(mode.board, tuple(local)))
    return to_film(app, world)


def click(app, pointer, mode, cell):
    pointer.at = point_at(app, mode, cell)
    press(app, "mouse1")
    press(app, "mouse1-up")


def test_a_click_builds_a_tower_and_another_takes_it_down(app, pointer, maze):
    click(app, pointer, maze, (12, 20))
    assert (12, 20) in maze.game.towers and (12, 20) in maze.tower_nodes
    step(app)
    assert "click to take it down" in maze.status_lines()[-1]
    click(app, pointer, maze, (12, 20))
    assert (12, 20) not in maze.game.towers and not maze.tower_nodes


def test_the_way_with_a_tower_under_the_mouse_is_drawn_and_a_closing_one_refused(app, pointer, maze):
    for row in range(ROWS):
        if row != GAP:
            assert maze.game.place((20, row)) is None  # a wall with one gap
    step(app)
    pointer.at = point_at(app, maze, (10, 14))
    step(app)
    drawn = maze.route.path.node().get_geom(0).get_vertex_data()
    assert drawn.get_num_rows() > 0 and "click to build" in maze.status_lines()[-1]
    # The way drawn goes through the gap.
    route = maze.game.preview((10, 14))
    assert any(np.array_equal(np.floor(p).astype(int), (20, GAP)) for p in route)
    pointer.at = point_at(app, maze, (20, GAP))
    step(app)
    assert "it would close the last way through" in maze.status_lines()[-1]
    click(app, pointer, maze, (20, GAP))
    assert "No tower: it would close the last way through" in app.messages.current
    assert (20, GAP) not in maze.game.towers


def test_the_hud_counts_hits_and_misses_and_shows_the_checksum(app, pointer, maze):
    for cell in ((8, 10), (8, 19), (25, 11), (25, 18)):
        click(app, pointer, maze, cell)
    press(app, "8")
    step(app, 600)
    lines = maze.status_lines()
    assert maze.game.hits > 0 and f"{maze.game.hits} hits" in lines[1]
    assert maze.game.checksum()[:16] in lines[3]


def test_s_saves_the_moves_and_their_replay_reaches_the_same_checksum(app, pointer, maze, presets_file):
    for cell in ((8, 10), (9, 10), (10, 10)):
        click(app, pointer, maze, cell)
        step(app, 30)
    click(app, pointer, maze, (9, 10))  # taken down again
    step(app, 60)
    press(app, "s")
    (saved,) = (presets_file.parent / "replays").glob("*.json")
    assert str(saved) in app.messages.current
    assert len(json.loads(saved.read_text())["inputs"]) == 4
    again = MazeGame(replay=Replay.load(saved))
    while again.ticks < maze.game.ticks:
        again.advance(1 / 144)
    assert again.ticks == maze.game.ticks and again.checksum() == maze.game.checksum()
