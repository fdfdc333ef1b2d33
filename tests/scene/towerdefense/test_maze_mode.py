"""The maze mode as a person plays it, offscreen on a fixed 60 Hz clock: a click builds a tower
and a click on it takes it down; with the mouse over a cell the enemies' way with a tower there
is drawn; a tower that would close the last way is refused, saying why; the HUD counts hits and
misses and shows the checksum; S saves the moves, and a replay of them reaches the same checksum."""

import json

import numpy as np
import pytest

from scene.towerdefense.maze_game import ENEMY_HEALTH, TICK, MazeGame, Replay
from scene.towerdefense.maze_maps import MAPS
from scene.ui.pointer import to_film
from tests.scene.helpers import assert_documented, press, step

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
    for row in range(MAPS["maze"].rows):
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
    hit = maze.game.enemies.health < ENEMY_HEALTH  # a bar over each enemy that was hit, none over the rest
    assert hit.any() and not hit.all() and maze.health_bars.count == hit.sum()
    assert maze.game.shots.hits > 0 and f"{maze.game.shots.hits} hits" in lines[2]
    assert maze.game.checksum()[:16] in lines[4]


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


def test_m_switches_to_the_crowd_s_field_and_w_calls_a_swarm_drawn_as_a_crowd(app, pointer, maze):
    click(app, pointer, maze, (12, 20))
    press(app, "m")
    assert maze.game.map is MAPS["crowd"] and not maze.game.towers and not maze.tower_nodes
    assert "100 x 100" in maze.status_lines()[0]
    click(app, pointer, maze, (60, 70))  # the new field takes clicks all over
    assert (60, 70) in maze.game.towers
    press(app, "w")
    assert "10,000 enemies" in app.messages.current
    step(app, 30)
    enemies = len(maze.game.enemies.health)
    assert enemies > 100 and maze.enemies.count == enemies
    assert f"{maze.game.swarming:,} to come" in maze.status_lines()[0]
    press(app, "m")
    assert maze.game.map is MAPS["maze"] and maze.game.swarming == 0


def test_a_frame_runs_at_most_a_few_ticks_whatever_the_game_speed(app, maze):
    press(app, "8")
    before = maze.game.ticks
    maze.update(1.0)  # a long frame at x8: 480 ticks asked for
    assert maze.game.ticks - before == 8
    assert "Game speed x8 (1, 2, 4, 8)" in maze.status_lines()[3]
    press(app, "space")
    maze.update(1.0)
    assert maze.game.ticks - before == 8 and maze.status_lines()[3].endswith("(paused)")


def test_the_docs_list_every_binding_of_the_mode(maze):
    assert_documented(maze.bindings, maze.mouse_help)


def test_the_way_drawn_follows_towers_a_replay_builds_with_the_mouse_away(app, maze):
    from panda3d.core import GeomVertexReader

    for row in range(MAPS["maze"].rows):
        if row != GAP:
            maze.game.place((20, row))  # as a replay's moves come: not through a click
    step(app)
    data = maze.route.path.node().get_geom(0).get_vertex_data()
    reader = GeomVertexReader(data, "vertex")
    drawn = [tuple(reader.get_data3())[:2] for _ in range(data.get_num_rows())]
    near_the_wall = [y for x, y in drawn if 20.0 <= x < 21.0]
    assert near_the_wall and all(GAP <= y < GAP + 1 for y in near_the_wall)


def test_a_turns_the_enemies_avoidance_off_and_on_the_hud_says_so_and_the_replay_keeps_it(app, maze):
    assert maze.game.avoiding and "avoid each other and the towers" in maze.status_lines()[5]
    step(app, 30)
    press(app, "a")
    assert not maze.game.avoiding and "push each other apart" in maze.status_lines()[5]
    assert "push each other apart" in app.messages.current
    step(app, 30)
    press(app, "a")
    assert maze.game.avoiding and [entry[1] for entry in maze.game.recorded.inputs] == ["avoid", "avoid"]
    step(app, 30)
    again = MazeGame(replay=maze.game.recorded)
    while again.ticks < maze.game.ticks:
        again.advance(TICK)
    assert again.checksum() == maze.game.checksum()
