"""Every positive finite sharpness gets an answer in bounded time and memory: a unit gentler
than ``MOST_GENTLE`` allows is refused by name; one so sharp that its clothoids are under a
rounding of its radius drives the arc path; between, the path reaches its goal, is no shorter
than the arc path (no unit that steers beats one that turns at once) and keeps its limits."""

import math

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tests.budget import scaled
from tests.trajectory.plane.steering_checks import check_reaches, segments_end
from trajectory.plane import dubins_path, reeds_shepp_path, shortest_path_to_point
from trajectory.plane.steering_turns import ARC_LIKE, MOST_GENTLE

PLANNERS = {
    "dubins": lambda start, goal, radius, heading, sharpness: dubins_path(
        start, goal, radius, heading=heading, sharpness=sharpness
    ),
    "reeds-shepp": lambda start, goal, radius, heading, sharpness: reeds_shepp_path(
        start, goal, radius, heading=heading, sharpness=sharpness
    ),
    "to a point": lambda start, goal, radius, heading, sharpness: shortest_path_to_point(
        start, goal, radius, sharpness=sharpness
    ),
}


@settings(max_examples=scaled(60, 15), deadline=None)
@given(
    planner=st.sampled_from(sorted(PLANNERS)),
    radius=st.floats(0.1, 10.0),
    ease=st.floats(-14.0, 3.99),  # log10 of the clothoids' turn to full lock, curvature² / sharpness
    goal=st.tuples(st.floats(-10.0, 10.0), st.floats(-10.0, 10.0)),
    heading=st.floats(-math.pi, math.pi),
)
def test_any_sharpness_reaches_the_goal_no_shorter_than_the_arc_path(planner, radius, ease, goal, heading):
    assume(math.hypot(*goal) > 1e-6)  # at the start to rounding, the arc path to a point turns a circle
    sharpness = 1.0 / (radius * radius * 10.0**ease)
    start = (0.0, 0.0, 0.0)
    plan = PLANNERS[planner]
    try:
        arcs = plan(start, goal, radius, heading, None)
    except ValueError:  # a point inside both turning circles: none there either
        return
    path = plan(start, goal, radius, heading, sharpness)
    assert path.length >= arcs.length * (1.0 - 1e-12)
    check_reaches(path, start, goal, radius, None if planner == "to a point" else heading)
    if ease < math.log10(ARC_LIKE):
        assert path.length == pytest.approx(arcs.length, rel=1e-12, abs=1e-12)
    assert np.all(np.isfinite(segments_end(path)))


@pytest.mark.parametrize("planner", sorted(PLANNERS))
@pytest.mark.parametrize("sharpness", [1e-300, 1e-12, 9.9e-5])
def test_a_sharpness_too_gentle_is_refused_by_name(planner, sharpness):
    """1e-300 said "math domain error", 1e-12 asked for 29 TiB, 1e-4 ran for minutes."""
    assert 1.0 / sharpness > MOST_GENTLE
    with pytest.raises(ValueError, match="sharpness .* is too gentle for a radius of 1"):
        PLANNERS[planner]((0.0, 0.0, 0.0), (3.0, 4.0), 1.0, 2.0, sharpness)


@pytest.mark.parametrize("planner", sorted(PLANNERS))
@pytest.mark.parametrize("sharpness", [1e15, 1e100, 1e200, 1e300])
def test_a_sharpness_beyond_rounding_drives_the_arc_path(planner, sharpness):
    """Above about 1e160 the clothoids' lengths underflowed: a path to (3, 4) ended at (5.146, 0)."""
    path = PLANNERS[planner]((0.0, 0.0, 0.0), (3.0, 4.0), 1.0, 2.0, sharpness)
    arcs = PLANNERS[planner]((0.0, 0.0, 0.0), (3.0, 4.0), 1.0, 2.0, None)
    assert path.length == arcs.length
    check_reaches(path, (0.0, 0.0, 0.0), (3.0, 4.0), 1.0)
