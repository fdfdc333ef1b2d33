"""Waypoint paths: exact points and headings by distance, against a plain walk along the polyline;
rounded corners and lanes against their geometry."""

import itertools
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.budget import scaled
from tests.reference import angle_gap, distance_to_polyline, walk_polyline
from trajectory.crowds.waypoints import WaypointPath

coordinate = st.floats(-100, 100, allow_subnormal=False)
paths = st.lists(st.tuples(coordinate, coordinate), min_size=2, max_size=8).filter(
    lambda points: sum(math.dist(a, b) for a, b in itertools.pairwise(points)) > 1e-3
)


def test_a_3_4_5_path():
    path = WaypointPath([(0, 0), (3, 0), (3, 4)])
    assert path.length == 7.0
    np.testing.assert_array_equal(
        path.point_at([0.0, 3.0, 5.0, 7.0, 9.0]), [(0, 0), (3, 0), (3, 2), (3, 4), (3, 4)]
    )
    np.testing.assert_allclose(path.heading_at([1.0, 4.0]), (0.0, math.pi / 2), atol=1e-15)


@settings(max_examples=scaled(200), deadline=None)
@given(paths, st.lists(st.floats(-10, 1000), min_size=1, max_size=20))
def test_points_and_headings_match_a_plain_walk(points, distances):
    path = WaypointPath(points)
    assert path.length == pytest.approx(
        sum(math.dist(a, b) for a, b in itertools.pairwise(points)), rel=1e-12
    )
    got, headings = path.point_at(np.array(distances)), path.heading_at(np.array(distances))
    scale = 1.0 + max(abs(c) for p in points for c in p)
    for distance, point, heading in zip(distances, got, headings):
        expected, expected_heading = walk_polyline(points, min(distance, path.length))
        assert math.dist(point, expected) <= 1e-9 * scale
        np.testing.assert_allclose(path.point_at(distance), point, atol=1e-12 * scale)  # one at a time
        if 0.0 < distance < path.length and not _near_a_corner(points, distance):
            assert angle_gap(heading, expected_heading) <= 1e-9


def _near_a_corner(points, distance):
    ends = np.cumsum([math.dist(a, b) for a, b in itertools.pairwise(points)])
    return np.min(np.abs(ends - distance)) < 1e-6


def test_consecutive_duplicates_are_tolerated():
    plain = WaypointPath([(0, 0), (5, 0), (5, 5)])
    doubled = WaypointPath([(0, 0), (0, 0), (5, 0), (5, 0), (5, 0), (5, 5)])
    distances = np.linspace(-1, 11, 50)
    np.testing.assert_array_equal(doubled.point_at(distances), plain.point_at(distances))
    assert doubled.segment_count == 2


@pytest.mark.parametrize(
    "points, message",
    [
        ([], "at least two points"),
        ([(1, 2)], "two distinct"),
        ([(1, 2), (1, 2)], "two distinct"),
        ([(0, 0), (math.nan, 1)], "finite"),
        ([(0, 0, 0), (1, 1, 1)], "shaped"),
        ("path", "numbers"),
    ],
)
def test_bad_paths_are_named(points, message):
    with pytest.raises(ValueError, match=message):
        WaypointPath(points)


def test_rounded_corners_are_arcs_of_the_radius():
    # Square corners: each arc replaces 2r of straight line by a quarter circle.
    square = WaypointPath([(0, 0), (10, 0), (10, 10), (0, 10)])
    rounded = square.rounded(2.0)
    assert rounded.length == pytest.approx(30.0 - 2 * (4.0 - math.pi), abs=1e-12)
    corner_middle = 8.0 + math.pi / 2  # halfway round the first arc, centre (8, 2)
    np.testing.assert_allclose(
        rounded.point_at(corner_middle), (8 + 2 / math.sqrt(2), 2 - 2 / math.sqrt(2)), atol=1e-12
    )
    assert rounded.heading_at(corner_middle) == pytest.approx(math.pi / 4, abs=1e-12)


@settings(max_examples=scaled(100), deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 12), st.integers(0, 8)), min_size=3, max_size=7), st.floats(0.05, 0.6)
)
def test_rounded_paths_are_smooth_and_stay_in_the_lane(cells, radius):
    points = [(40.0 * c + 20, 40.0 * r + 20) for c, r in cells]
    try:
        path = WaypointPath(points)
        rounded = path.rounded(radius * 40.0, lane_half_width=20.0)
    except ValueError as error:  # degenerate or doubling-back paths, radius too large: all named
        assert any(word in str(error) for word in ("distinct", "doubles back", "too large", "lane"))
        return
    distances = np.linspace(0, rounded.length, 3000)
    points_on = rounded.point_at(distances)
    steps = np.hypot(*np.diff(points_on, axis=0).T)
    assert np.all(steps <= np.diff(distances) * (1 + 1e-9) + 1e-9)  # continuous, one unit per unit
    turning = np.abs((np.diff(rounded.heading_at(distances)) + math.pi) % (2 * math.pi) - math.pi)
    assert np.all(turning <= np.diff(distances) / (radius * 40.0) * (1 + 1e-9) + 1e-9)  # never tighter
    assert distance_to_polyline(path.waypoints, points_on).max() <= 20.0 + 1e-9
    np.testing.assert_allclose(rounded.point_at([0.0, rounded.length]), path.waypoints[[0, -1]], atol=1e-9)


def test_a_rounded_corner_is_the_exact_quarter_circle():
    """(0, 0) -> (100, 0) -> (100, 100) rounded by r = 10: a line to (90, 0), the quarter circle about
    (90, 10), a line up from (100, 10); each point and heading from the closed form."""
    path = WaypointPath([(0, 0), (100, 0), (100, 100)]).rounded(10.0)
    assert path.length == pytest.approx(180.0 + 5.0 * math.pi, rel=1e-15)
    arc = np.linspace(90.0, 90.0 + 5.0 * math.pi, 200)
    angle = (arc - 90.0) / 10.0
    np.testing.assert_allclose(
        path.point_at(arc), np.column_stack([90 + 10 * np.sin(angle), 10 - 10 * np.cos(angle)]), atol=1e-12
    )
    np.testing.assert_allclose(path.heading_at(arc), angle, atol=1e-15)
    up = np.linspace(90.0 + 5.0 * math.pi, path.length, 50)
    np.testing.assert_allclose(
        path.point_at(up), np.column_stack([np.full(50, 100.0), 10.0 + up - 90.0 - 5.0 * math.pi]), atol=1e-12
    )
    assert [type(segment).__name__ for segment in path.segments] == ["Line", "Arc", "Line"]


def test_rounding_that_does_not_fit_is_refused():
    with pytest.raises(ValueError, match="too large"):
        WaypointPath([(0, 0), (10, 0), (10, 3), (0, 3)]).rounded(2.0)  # the 3-long side needs 4
    with pytest.raises(ValueError, match="leaves the lane"):
        WaypointPath([(0, 0), (100, 0), (100, 100)]).rounded(50.0, lane_half_width=10.0)
    with pytest.raises(ValueError, match="radius"):
        WaypointPath([(0, 0), (1, 0)]).rounded(0.0)


def test_lanes_are_parallel_paths():
    path = WaypointPath([(0, 0), (10, 0), (10, 10), (20, 10)])
    left = path.offset(1.0)
    np.testing.assert_allclose(left.waypoints, [(0, 1), (9, 1), (9, 11), (20, 11)], atol=1e-12)
    rounded = path.rounded(3.0)
    for lateral in (-1.5, 1.5):
        lane = rounded.offset(lateral)
        points = lane.point_at(np.linspace(0, lane.length, 2000))
        gaps = np.hypot(
            *(points[:, None, :] - rounded.point_at(np.linspace(0, rounded.length, 6000))[None]).T
        )
        np.testing.assert_allclose(gaps.min(axis=0), abs(lateral), atol=2e-2)  # sampled reference
        assert lane.length == pytest.approx(rounded.length, abs=1e-9)  # one left and one right turn
    with pytest.raises(ValueError, match="larger than the turning radius"):
        rounded.offset(3.5)
