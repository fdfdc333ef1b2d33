"""The turning game without a window (``TurningGame``, as ``MazeGame`` for the maze): orders
planned and sent, refused by code with the sentence the screen shows, the traffic rule keeping
every footprint apart and off the buildings over random orders, a painted wall across a way
making its unit plan again, and the changes the view redraws."""

import itertools
import math

import numpy as np
import pytest

from scene.kit.refusal import Refusal
from scene.turning.turning_game import BOARD_HALF_SIZE, TurningGame
from scene.turning.turning_mode import DEMONSTRATION

TANK, CAR, PERSON, TRUCK = range(4)


def assert_apart(game):
    """No two footprints overlap and none touches a building, now."""
    poses = [unit.pose(game.now) for unit in game.units]
    for (i, a), (j, b) in itertools.combinations(enumerate(poses), 2):
        apart = game.units[i].kind.footprint + game.units[j].kind.footprint
        assert math.hypot(a[0] - b[0], a[1] - b[1]) >= apart, (game.now, i, j)
    for unit, pose in zip(game.units, poses):
        assert not game.ground.touches(pose, unit.kind.footprint), (game.now, unit.kind.name)


def run(game, seconds, dt=1 / 30):
    for _ in range(round(seconds / dt)):
        game.advance(dt)
        assert_apart(game)


def test_the_demonstration_s_orders_go_and_arrive_apart():
    game = TurningGame()
    for index, (x, y, heading) in enumerate(DEMONSTRATION):
        game.send(index, (x, y), heading)
    assert all(unit.path is not None for unit in game.units)
    assert game.take_changed() == [0, 1, 2, 3] and game.take_changed() == []
    run(game, 30.0)
    for unit, (x, y, heading) in zip(game.units, DEMONSTRATION):
        end = unit.pose(game.now)
        assert unit.progress(game.now) == 1.0 and math.dist(end[:2], (x, y)) <= 1e-6
        if heading is not None:
            assert abs(math.remainder(end[2] - heading, 2 * math.pi)) <= 1e-9


@pytest.mark.parametrize(
    ("goal", "refusal", "words"),
    [
        ((23.9, 0.0), Refusal.EDGE_AT_GOAL, "reach over the board's edge"),
        ((17.0, 7.0), Refusal.BUILDING_AT_GOAL, "a building is in the way"),  # cell (20, 15)
        ((-12.0, 0.0), Refusal.UNIT_AT_GOAL, "the car stands (or will stand) there"),
    ],
)
def test_a_goal_no_unit_may_stand_at_is_refused_by_code_and_said(goal, refusal, words):
    game = TurningGame()
    game.send(TANK, goal, None)
    assert game.units[TANK].refusal is refusal and game.units[TANK].path is None
    text, warning = game.take_told()
    assert words in text and warning and game.take_told() is None


def test_a_point_off_the_board_is_refused_and_nothing_moves():
    game = TurningGame()
    game.take_changed()
    game.order([TANK, CAR], (30.0, 0.0))
    assert "off the board" in game.take_told()[0]
    assert game.take_changed() == [] and all(unit.path is None for unit in game.units)


def test_units_sent_together_stand_side_by_side_and_never_touch():
    """All four to one point: each goes to its own place on a row centred there (within 3 units:
    the row is as long as their footprints and gaps), and they arrive, never touching."""
    game = TurningGame()
    game.order([TANK, CAR, PERSON, TRUCK], (-4.0, 4.0))
    assert game.take_told() is None and all(unit.path is not None for unit in game.units)
    run(game, 25.0)
    ends = np.array([unit.pose(game.now)[:2] for unit in game.units])
    assert np.allclose(ends.mean(axis=0), (-4.0, 4.0), atol=3.0)
    assert all(unit.progress(game.now) == 1.0 for unit in game.units)


def test_random_orders_keep_every_footprint_apart_and_off_the_buildings():
    """The traffic rule over 40 random orders, a second apart, to any point on the board."""
    rng = np.random.default_rng(3)
    game = TurningGame()
    for _ in range(40):
        index = int(rng.integers(0, 4))
        goal = rng.uniform(-BOARD_HALF_SIZE + 1.0, BOARD_HALF_SIZE - 1.0, 2)
        heading = None if rng.random() < 0.5 else float(rng.uniform(-math.pi, math.pi))
        game.send(index, goal, heading)
        run(game, 1.0)
    run(game, 20.0)


def test_a_wall_painted_across_a_way_makes_its_unit_plan_again_or_stop():
    game = TurningGame()
    game.send(TANK, (14.0, -8.0), None)
    before = game.units[TANK].path
    run(game, 1.0)
    x, y, _ = game.units[TANK].pose(game.now + 1.5)  # just ahead of it
    for cell in {game.ground.cell_at((x, y + dy)) for dy in (-2.0, 0.0, 2.0)} - {None}:
        game.ground.paint(cell, True)
    game.take_changed()
    game.replan_blocked()
    assert game.take_changed() == [TANK]
    unit = game.units[TANK]
    assert unit.path is not before
    if unit.path is not None:
        along = unit.progress(game.now) * unit.path.length
        assert game.ground.keeps_clear(unit.path, unit.kind.footprint, since=along)
    run(game, 20.0)
