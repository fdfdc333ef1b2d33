"""Shots that lead: the shot and its target meet (the shot's flight equals the distance to where
the target then is, to 1e-9), and at their first chance (sampled densely before), on waypoint
paths with and without rounded corners and in a straight line; bad input refused by name."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.budget import scaled
from trajectory import WaypointPath, lead, lead_on_path

ZIGZAG = WaypointPath([(0, 0), (12, 0), (12, 6), (2, 6), (2, 12), (14, 12)])


def gap(path, distance, speed, shooter, shot, t):
    return np.hypot(
        *(path.point_at(distance + speed * np.asarray(t))[..., :] - shooter).T
    ) - shot * np.asarray(t)


@settings(max_examples=scaled(200), deadline=None)
@given(
    st.floats(0.0, 50.0),
    st.floats(0.0, 3.0),
    st.tuples(st.floats(-5, 20), st.floats(-5, 20)),
    st.floats(1.0, 8.0),
    st.booleans(),
)
def test_a_shot_meets_a_walker_on_a_path_at_their_first_chance(distance, speed, shooter, shot, rounded):
    path = ZIGZAG.rounded(1.5) if rounded else ZIGZAG
    shooter = np.array(shooter)
    t, point = lead_on_path(path, distance, speed, shooter, shot)
    walked = min(distance + speed * t, path.length)
    np.testing.assert_allclose(point, path.point_at(walked), atol=1e-9)
    assert abs(math.hypot(*(point - shooter)) - shot * t) <= 1e-9 * max(1.0, shot * t)
    before = np.linspace(0.0, t, 2001)[:-1]
    if len(before) and t > 1e-9:
        assert np.all(gap(path, distance, speed, shooter, shot, before) > -1e-9)  # no meeting before


def test_a_still_or_finished_target_is_met_where_it_stands():
    t, point = lead_on_path(ZIGZAG, 5.0, 0.0, (5.0, 4.0), 2.0)
    assert point.tolist() == [5.0, 0.0] and t == pytest.approx(2.0)
    t, point = lead_on_path(ZIGZAG, ZIGZAG.length - 0.1, 1.0, (0.0, 0.0), 0.5)  # too slow: at the end
    np.testing.assert_allclose(point, (14.0, 12.0))
    assert t == pytest.approx(math.hypot(14.0, 12.0) / 0.5)


@settings(max_examples=scaled(200), deadline=None)
@given(*[st.tuples(st.floats(-10, 10), st.floats(-10, 10)) for _ in range(3)], st.floats(0.5, 20.0))
def test_a_straight_line_lead_meets_or_says_it_never_can(position, velocity, shooter, shot):
    position, velocity, shooter = map(np.array, (position, velocity, shooter))
    found = lead(position, velocity, shooter, shot)
    if found is None:  # it can only outrun the shot: faster and not coming nearer in time
        assert np.hypot(*velocity) >= shot * (1 - 1e-12)
        return
    t, point = found
    np.testing.assert_allclose(point, position + velocity * t, atol=1e-12 * max(1.0, t))
    assert abs(math.hypot(*(point - shooter)) - shot * t) <= 1e-9 * max(1.0, shot * t)


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: lead((0, 0), (1, 0), (5, math.nan), 1.0), "shooter"),
        (lambda: lead((0, 0), (1, 0), (5, 5), 0.0), "projectile_speed"),
        (lambda: lead_on_path(ZIGZAG, math.nan, 1.0, (0, 0), 1.0), "distance"),
        (lambda: lead_on_path(ZIGZAG, 0.0, -1.0, (0, 0), 1.0), "speed"),
        (lambda: lead_on_path(ZIGZAG, 0.0, 1.0, (0, 0, 0), 1.0), "shooter"),
    ],
)
def test_bad_input_is_refused_by_name(call, message):
    with pytest.raises(ValueError, match=message):
        call()


@pytest.mark.parametrize("velocity", [(2.0, 0.0), (0.0, -2.0), (1.2, 1.6)])
def test_a_target_at_the_tower_as_fast_as_the_shot_is_met_at_once(velocity):
    """At the tower and moving exactly as fast as the shot (the quadratic's every coefficient
    0): met now, where it stands (once: no meeting at all)."""
    t, point = lead((3.0, 4.0), velocity, (3.0, 4.0), 2.0)
    assert t == 0.0 and point.tolist() == [3.0, 4.0]
    path = WaypointPath([(0, 0), (10, 0), (10, 10)]).rounded(2.0)
    for distance in (3.0, 11.0):  # on the line, on the rounded corner
        start = path.point_at(distance)
        t, point = lead_on_path(path, distance, 2.0, start, 2.0)
        assert t == 0.0 and point.tolist() == start.tolist()
