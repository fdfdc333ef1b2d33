"""The guide's four programs for a game developer (docs/game-in-ten-minutes.md) run as printed:
the ones with a window offscreen for some seconds of scene time, then their state is checked.
Each uses only the root's names and the kit."""

import ast
import math

import numpy as np

import scene
import trajectory
from tests.test_examples import offscreen
from tests.test_readme import PROGRAMS_PAGE, ROOT

PROGRAMS = [block.split("```")[0] for block in (ROOT / PROGRAMS_PAGE).read_text().split("```python\n")[1:]]


def saved(tmp_path, index):
    path = tmp_path / f"program_{index}.py"
    path.write_text(PROGRAMS[index])
    return path


def test_there_are_four_and_they_use_only_the_root_and_the_kit():
    assert len(PROGRAMS) == 4
    for program in PROGRAMS:
        for node in ast.walk(ast.parse(program)):
            if isinstance(node, ast.ImportFrom) and node.module.split(".")[0] in ("trajectory", "scene"):
                assert node.module in ("trajectory", "scene"), node.module
                public = trajectory.__all__ if node.module == "trajectory" else scene._LAZY
                assert {alias.name for alias in node.names} <= set(public)


def test_the_model_reports_each_pass_of_the_middle_from_where_it_is(tmp_path):
    halfways, middle, pose, expected = offscreen(
        saved(tmp_path, 0),
        1830,  # 30.5 s: five laps of the 6 s flight
        "[[list(p) for p in app.halfways],"
        " app.flight.motion.position(app.flight.motion.time_at_distance(0.5)).tolist(),"
        " list(app.jack.get_pos()), app.flight.motion.position(app.flight.playhead.time).tolist()]",
    )
    assert len(halfways) == 5
    # Each told in the frame that passes the middle: within a 60 Hz frame's travel of it (ease
    # in-out peaks at twice the mean speed, 2 x 40.5 units / 6 s: 0.225 units a frame).
    assert np.linalg.norm(np.array(halfways) - middle, axis=1).max() < 0.23
    assert np.abs(np.array(pose) - expected).max() < 1e-5  # the model is where the motion is


def test_the_fence_follows_the_road_in_whole_planks_cut_where_it_bends(tmp_path):
    """The planks (0.2 across, 0.6 high, beside the road from its corner) cover the road from end
    to end, no further from it than a plank reaches, and were cut: more vertices than whole planks
    of the box's 24."""
    (low, high), geoms, vertices, length, road = offscreen(
        saved(tmp_path, 1),
        3,
        "[[list(c) for c in app.fence.get_tight_bounds()],"
        " app.fence.find_all_matches('**/+GeomNode').get_num_paths(),"
        " sum(n.node().get_geom(i).get_vertex_data().get_num_rows()"
        " for n in app.fence.find_all_matches('**/+GeomNode') for i in range(n.node().get_num_geoms())),"
        " app.road.length, app.road.evaluate(__import__('numpy').linspace(0.0, 1.0, 2001)).tolist()]",
    )
    road = np.array(road)
    reach = math.hypot(0.2, 0.6) + 1e-3
    assert np.all(np.array(low) <= road.min(axis=0) + 1e-3) and np.all(
        np.array(high) >= road.max(axis=0) - 1e-3
    )
    assert np.all(np.array(low) >= road.min(axis=0) - reach) and np.all(
        np.array(high) <= road.max(axis=0) + reach
    )
    assert geoms == 1 and vertices > round(length / 2.0) * 24


def test_the_crowd_goes_round_the_towers_and_the_towers_kill_some(tmp_path, capsys):
    found = {}
    exec(compile(PROGRAMS[2], PROGRAMS_PAGE, "exec"), found)
    printed = capsys.readouterr().out
    assert "would wall them in: True" in printed
    field, enemies, towers = found["field"], found["enemies"], found["towers"]
    assert len(towers) == 17 and all(field.is_blocked(cell) for cell in towers)
    assert found["killed"] > 0 and found["leaked"] > 0  # through the gap, under fire
    spawned = found["clock"].ticks // 20 * 2  # two each 20th tick
    assert found["killed"] + found["leaked"] + len(enemies) == spawned
    assert not field.is_blocked(field.cells(enemies.positions)).any()  # none in a tower
    assert np.all(enemies.health > 0)
    gaps = np.hypot(*(enemies.positions[:, None] - enemies.positions[None]).transpose(2, 0, 1))
    np.fill_diagonal(gaps, np.inf)
    assert gaps.min() >= 2 * 0.25 * 0.99 - 1e-9  # no two overlap by more than 1 % of the radius


def test_the_tank_drives_its_plan_around_the_buildings_to_the_goal(tmp_path):
    found, clear, length, pose = offscreen(
        saved(tmp_path, 3),
        1800,  # 30 s of driving at 4 units a second
        "[app.plan.found, not app.town.path_hits(app.plan.path.segments, 1.0), app.plan.path.length,"
        " [app.tank.get_x(), app.tank.get_y(), app.tank.get_h()]]",
    )
    assert found and clear
    assert length / 4.0 < 30.0  # it arrived within the frames run
    assert np.allclose(pose[:2], (36.0, 26.0), atol=1e-4)
    assert math.isfinite(pose[2])
