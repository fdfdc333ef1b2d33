"""The one segment table of arcs and lines: its pose against the textbook formulas (a point on a
circle about the turning centre; a point along a ray), its nearest points against brute force, its
offsets, and its scalar path against its array path."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.budget import scaled
from trajectory import ObstacleMap, SteeringFollowers, WaypointPath
from trajectory.crowds import SEED_PATH_CELLS
from trajectory.plane import SegmentTable
from trajectory.plane.path_queries import nearest, tangent
from trajectory.plane.segment_poses import advance, circle_centre
from trajectory.plane.segments import LEFT, RIGHT, STRAIGHT

turns = st.sampled_from([LEFT, STRAIGHT, RIGHT])
coordinates = st.floats(-100, 100)
headings = st.floats(-math.pi, math.pi)
radii = st.floats(0.1, 50)


def textbook_pose(x, y, heading, turn, distance, radius):
    """A point on the circle about the turning centre, or along the ray, written out."""
    if turn == STRAIGHT:
        return x + distance * math.cos(heading), y + distance * math.sin(heading), heading
    cx, cy = x - turn * radius * math.sin(heading), y + turn * radius * math.cos(heading)
    angle = heading - turn * math.pi / 2 + turn * distance / radius  # of the point, seen from the centre
    return cx + radius * math.cos(angle), cy + radius * math.sin(angle), heading + turn * distance / radius


@settings(max_examples=scaled(300), deadline=None)
@given(coordinates, coordinates, headings, turns, st.floats(0, 200), radii)
def test_advance_is_the_textbook_arc_or_line(x, y, heading, turn, distance, radius):
    expected = textbook_pose(x, y, heading, turn, distance, radius)
    scale = 1 + abs(x) + abs(y) + distance + radius
    for got in (
        advance(x, y, heading, float(turn), distance, radius),
        [
            v[0]
            for v in advance(
                np.array([x]),
                np.array([y]),
                np.array([heading]),
                np.array([turn]),
                np.array([distance]),
                np.array([radius]),
            )
        ],
    ):
        assert got[0] == pytest.approx(expected[0], abs=1e-13 * scale)
        assert got[1] == pytest.approx(expected[1], abs=1e-13 * scale)
        assert got[2] == pytest.approx(expected[2], abs=1e-13 * (1 + distance / radius))


def test_the_turning_centre_is_a_radius_to_the_side():
    assert circle_centre(1.0, 2.0, 0.0, LEFT, 3.0) == (1.0, 5.0)
    assert circle_centre(1.0, 2.0, 0.0, RIGHT, 3.0) == (1.0, -1.0)
    x, y = circle_centre(np.array([0.0]), np.array([0.0]), np.array([math.pi / 2]), LEFT, 2.0)
    assert (x[0], y[0]) == pytest.approx((-2.0, 0.0), abs=1e-15)


@settings(max_examples=scaled(100), deadline=None)
@given(
    coordinates,
    coordinates,
    headings,
    st.lists(st.tuples(turns, st.floats(0, 30)), min_size=1, max_size=5),
    radii,
)
def test_a_chain_joins_its_segments_and_reads_alike_scalar_and_array(x, y, heading, parts, radius):
    table = SegmentTable.chain((x, y, heading), *zip(*parts), radius)
    assert table.pose(0.0).tolist() == [x, y, heading]  # the start, exactly
    ends = table.ends()
    np.testing.assert_allclose(
        ends[:-1, :2], table.starts[1:], atol=1e-12 * (1 + abs(x) + abs(y) + table.length)
    )
    distances = np.linspace(-1.0, table.length + 1.0, 97)
    poses = table.pose(distances)
    for d, pose in zip(distances.tolist(), poses):
        assert table.scalar_pose(d) == pytest.approx(
            tuple(pose), abs=1e-12 * (1 + abs(x) + abs(y) + table.length)
        )
    steps = np.hypot(*np.diff(poses[:, :2], axis=0).T)
    assert np.all(
        steps <= np.diff(np.clip(distances, 0, table.length)) * (1 + 1e-9) + 1e-9
    )  # one unit per unit


@settings(max_examples=scaled(100), deadline=None)
@given(
    coordinates,
    coordinates,
    headings,
    turns,
    st.floats(0.5, 60),
    radii,
    st.floats(-150, 150),
    st.floats(-150, 150),
)
def test_the_nearest_point_is_the_nearest_of_many(x, y, heading, turn, length, radius, px, py):
    table = SegmentTable([turn], [(x, y)], [heading], [radius], [length])
    feet, local = nearest(table, np.array([px + 1j * py]), np.array([0]))
    samples = table.pose(np.linspace(0, length, 20001))[:, :2]
    brute = np.hypot(samples[:, 0] - px, samples[:, 1] - py).min()
    assert abs(feet[0] - (px + 1j * py)) <= brute + 1e-9 * (1 + length)
    np.testing.assert_allclose(
        [feet[0].real, feet[0].imag], table.pose(local[0])[:2], atol=1e-9 * (1 + abs(x) + abs(y) + length)
    )


def test_an_offset_keeps_arcs_concentric_and_lines_parallel():
    table = SegmentTable.chain(
        (0.0, 0.0, 0.0), [STRAIGHT, LEFT, STRAIGHT, RIGHT], [10.0, math.pi * 2, 5.0, math.pi], 4.0
    )
    lane = table.offset(1.5)
    arcs = table.turns != STRAIGHT
    np.testing.assert_allclose(lane.centres()[arcs], table.centres()[arcs], atol=1e-12)
    np.testing.assert_allclose(lane.radii[arcs], [2.5, 5.5])
    np.testing.assert_allclose(lane.lengths, [10.0, 2.5 * math.pi / 2, 5.0, 5.5 * math.pi / 4])
    np.testing.assert_allclose(lane.ends()[:-1, :2], lane.starts[1:], atol=1e-12)
    with pytest.raises(ValueError, match="larger than the turning radius"):
        table.offset(4.0)


def test_a_line_along_an_axis_stays_on_it_exactly():
    path = WaypointPath([(3.0, 0.0), (3.0, 1000.0), (0.0, 1000.0)])
    points = path.point_at(np.linspace(0, 1000, 101))
    assert np.all(points[:, 0] == 3.0)
    assert path.point_at(path.length).tolist() == [0.0, 1000.0]  # the last waypoint, exactly


def test_views_read_the_rows():
    table = SegmentTable.chain((1.0, 2.0, 0.5), [LEFT, STRAIGHT, RIGHT], [1.0, 2.0, 0.0], 2.0)
    arc, line, still = table.views()
    assert (
        arc.radius == 2.0
        and arc.sweep == pytest.approx(0.5)
        and arc.centre == pytest.approx(circle_centre(1.0, 2.0, 0.5, LEFT, 2.0))
    )
    assert line.length == 2.0 and line.angle == pytest.approx(1.0)
    assert math.copysign(1.0, still.sweep) == -1.0  # a zero sweep keeps its direction


def test_steering_on_a_rounded_path_follows_its_arcs():
    """Steering read ``path.waypoints``: on a rounded path it followed the sharp corners, and its
    length was 1920.0 where the rounded path's is 1878.8."""
    rounded = WaypointPath(ObstacleMap().cell_centre(np.array(SEED_PATH_CELLS))).rounded(
        16.0, lane_half_width=20.0
    )
    followers = SteeringFollowers(rounded)
    assert followers.length == rounded.length
    on_path = rounded.point_at(np.linspace(0, rounded.length, 20000))
    worst, arrivals = 0.0, []
    followers.spawn(3, 120.0)
    for frame in range(60 * 25):
        followers.step(1 / 60)
        if len(followers):
            gaps = np.hypot(
                *(followers.positions[:, None, :] - on_path[None, ::10, :]).transpose(2, 0, 1)
            ).min(axis=1)
            worst = max(worst, gaps.max())
        arrivals += followers.arrival_times[followers.reached].tolist()
        followers.remove_reached()
        if frame % 60 == 0 and frame < 600:
            followers.spawn(3, 120.0)
    assert len(arrivals) == 3 * 11 and len(followers) == 0
    assert worst <= 20.0  # within the lane around every arc


def test_segments_backed_along_move_against_their_heading():
    """A unit backing along a segment faces its heading and moves the other way: a left turn in
    reverse swings it clockwise, around the same centre as driving forwards."""
    table = SegmentTable.chain((0.0, 0.0, 0.0), [STRAIGHT, LEFT], [2.0, math.pi / 2], 1.0, gears=[-1, -1])
    np.testing.assert_allclose(table.pose(2.0), (-2.0, 0.0, 0.0), atol=1e-15)  # backed 2, facing +x
    # Backing a quarter circle left from (-2, 0) facing +x: the centre is (-2, 1), the unit ends
    # at (-3, 1) facing -pi/2 (its heading turned clockwise).
    np.testing.assert_allclose(table.pose(table.length), (-3.0, 1.0, -math.pi / 2), atol=1e-15)
    np.testing.assert_allclose(tangent(table, np.array([1.0])), [-1.0 + 0j], atol=1e-15)  # moving along -x
    line, arc = table.views()
    assert line.angle == pytest.approx(math.pi) or line.angle == pytest.approx(-math.pi)
    assert arc.centre == pytest.approx((-2.0, 1.0)) and arc.sweep == pytest.approx(-math.pi / 2)
    samples = table.pose(np.linspace(0.0, table.length, 2001))[:, :2]
    for point in ((-3.5, -0.5), (-1.0, 2.0), (0.5, 0.3)):
        feet, _ = nearest(table, np.array([complex(*point)] * 2), np.array([0, 1]))
        brute = np.hypot(*(samples - point).T).min()
        assert min(abs(feet - complex(*point))) <= brute + 1e-9
