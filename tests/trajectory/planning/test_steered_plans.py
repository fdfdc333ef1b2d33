"""Planning around obstacles for a unit that steers: the path found is continuous in curvature
within the unit's limits, clear of every obstacle, and ends at the goal."""

import math

import numpy as np
import pytest

from tests.trajectory.plane.steering_checks import check_steering, segments_end
from trajectory import ObstacleMap, PlanStatus, plan_path
from trajectory.plane import dubins_path


def walled():
    walls = ObstacleMap(20, 12, 1.0)
    walls.block([(10, row) for row in range(8)])
    return walls


@pytest.mark.parametrize("reverse", [False, True])
@pytest.mark.parametrize("heading", [None, -math.pi / 2])
def test_a_steering_unit_is_planned_round_a_wall(reverse, heading):
    walls = walled()
    plan = plan_path(
        (3.0, 2.0, 0.0),
        (17.0, 3.0),
        2.0,
        obstacles=walls,
        heading=heading,
        reverse=reverse,
        footprint=0.4,
        sharpness=0.5,
    )
    assert plan.status is PlanStatus.FOUND
    path = plan.path
    assert not walls.path_hits(path.segments, 0.4)
    check_steering(path, 2.0, 0.5)
    assert segments_end(path)[:2] == pytest.approx([17.0, 3.0], abs=1e-9)
    if heading is not None:
        assert math.remainder(segments_end(path)[2] - heading, 2 * math.pi) == pytest.approx(0.0, abs=1e-9)


def test_a_sharper_unit_follows_the_arcs_more_closely():
    walls = walled()
    arcs = plan_path((3.0, 2.0, 0.0), (17.0, 3.0), 2.0, obstacles=walls, footprint=0.4).path.length
    lengths = [
        plan_path((3.0, 2.0, 0.0), (17.0, 3.0), 2.0, obstacles=walls, footprint=0.4, sharpness=s).path.length
        for s in (0.5, 5.0, 500.0)
    ]
    assert lengths[0] > lengths[-1] and abs(lengths[-1] - arcs) <= 1e-2


def test_a_unit_too_sluggish_for_the_gap_is_told_so():
    walls = ObstacleMap(20, 12, 1.0)
    walls.block([(10, row) for row in range(9)])  # a gap three cells wide at the top
    plan = plan_path((3.0, 2.0, 0.0), (17.0, 2.0), 2.0, obstacles=walls, footprint=0.4, sharpness=0.05)
    assert plan.status is PlanStatus.GAVE_UP and plan.path is None


@pytest.mark.parametrize("sharpness", [0.0, -2.0, math.nan, "soft"])
def test_a_sharpness_that_is_not_a_positive_number_is_refused(sharpness):
    with pytest.raises(ValueError, match="sharpness"):
        plan_path((3.0, 2.0, 0.0), (17.0, 3.0), 2.0, obstacles=walled(), sharpness=sharpness)


def test_a_clothoid_that_touches_a_cell_is_seen_to():
    """Chord by chord, widened by how far the curve strays: never a miss, against discs every
    hundredth of a cell along the path."""
    rng = np.random.default_rng(4)
    misses = touching = 0
    for _ in range(40):
        walls = ObstacleMap(30, 30, 1.0)
        walls.block([tuple(cell) for cell in rng.integers(0, 30, (25, 2)).tolist()])
        start = (*rng.uniform(8, 22, 2), rng.uniform(-math.pi, math.pi))
        path = dubins_path(
            start, rng.uniform(8, 22, 2), 2.0, heading=rng.uniform(-math.pi, math.pi), sharpness=0.4
        )
        samples = path.pose(np.linspace(0.0, path.length, max(2, int(path.length * 100))))[:, :2]
        touched = not walls.discs_clear(samples, 0.3).all()
        touching += touched
        if touched and not walls.path_hits(path.segments, 0.3):
            misses += 1
    assert misses == 0 and touching >= 10
