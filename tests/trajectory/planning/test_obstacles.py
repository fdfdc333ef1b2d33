"""The occupancy map: exact hit tests of segments and arcs with a footprint, against dense sampling
on random maps and against distances worked out by hand."""

import math

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tests.budget import scaled
from trajectory.plane import dubins_path, reeds_shepp_path
from trajectory.plane.segment_views import Arc, Clothoid, Line
from trajectory.planning.obstacles import ObstacleMap

SAMPLES = 4001


def _sampled_gap(board, points):
    """The least distance from ``points`` (n, 2), seen from the map's corner, to a blocked square
    or the map's edge."""
    width, height = board.size
    edge = np.minimum.reduce([points[:, 0], width - points[:, 0], points[:, 1], height - points[:, 1]])
    rows, cols = np.nonzero(board.blocked)
    low = np.column_stack([cols, rows]) * board.cell_size
    if len(low) == 0:
        return float(edge.min())
    outside = np.maximum(
        np.maximum(low[None] - points[:, None], points[:, None] - (low[None] + board.cell_size)), 0
    )
    return float(min(edge.min(), np.hypot(outside[..., 0], outside[..., 1]).min()))


ORIGINS = [(0.0, 0.0), (-4.0, -3.0), (-0.1, 0.3), (1000.25, -317.5)]
"""Where a board's lower-left corner lies: the tests' points are the same seen from it."""


@st.composite
def boards(draw):
    cells = draw(st.lists(st.booleans(), min_size=48, max_size=48))
    blocked = np.array(cells).reshape(6, 8) & (np.arange(48).reshape(6, 8) % 3 == 0)
    return ObstacleMap(8, 6, 1.0, blocked, origin=draw(st.sampled_from(ORIGINS)))


coordinates = st.floats(0.0, 1.0)


@settings(max_examples=scaled(300), deadline=None)
@given(boards(), coordinates, coordinates, coordinates, coordinates, st.floats(0.0, 0.6))
def test_segment_hits_agree_with_dense_sampling(board, x0, y0, x1, y1, clearance):
    a, b = np.array([x0 * 8, y0 * 6]), np.array([x1 * 8, y1 * 6])
    points = a + np.linspace(0.0, 1.0, SAMPLES)[:, None] * (b - a)
    gap = _sampled_gap(board, points)
    spacing = float(np.hypot(*(b - a))) / (SAMPLES - 1)
    assume(abs(gap - clearance) > spacing)  # sampling cannot tell within a sample's spacing
    assert board.segment_hits(a + board.origin, b + board.origin, clearance) == (gap <= clearance)


@settings(max_examples=scaled(300), deadline=None)
@given(
    boards(),
    coordinates,
    coordinates,
    st.floats(0.3, 3.0),
    st.floats(-math.pi, math.pi),
    st.floats(-2 * math.pi, 2 * math.pi),
    st.floats(0.0, 0.6),
)
def test_arc_hits_agree_with_dense_sampling(board, cx, cy, radius, start, sweep, clearance):
    centre = np.array([cx * 8, cy * 6])
    angles = start + np.linspace(0.0, sweep, SAMPLES)
    points = centre + radius * np.column_stack([np.cos(angles), np.sin(angles)])
    gap = _sampled_gap(board, points)
    spacing = radius * abs(sweep) / (SAMPLES - 1)
    assume(abs(gap - clearance) > spacing + 1e-12)
    assert board.arc_hits(centre + board.origin, radius, start, sweep, clearance) == (gap <= clearance)


@settings(max_examples=scaled(200), deadline=None)
@given(
    boards(),
    st.lists(st.tuples(coordinates, coordinates), min_size=1, max_size=40),
    st.floats(0.0, 1.6),
)
def test_discs_clear_agree_with_the_distance_to_every_blocked_square(board, points, radius):
    points = np.array(points) * [8, 6]
    gaps = np.array([_sampled_gap(board, point[None]) for point in points])
    assume(np.all(np.abs(gaps - radius) > 1e-12))
    points = points + board.origin
    all_at_once = board.discs_clear(points, radius)  # numpy past a few discs
    one_by_one = [bool(board.discs_clear(point, radius)[0]) for point in points]  # plain Python
    assert all_at_once.tolist() == one_by_one == (gaps > radius).tolist()
    assert [board.point_hits(point, radius) for point in points] == (gaps <= radius).tolist()


def _wall():
    board = ObstacleMap(6, 4, 1.0)
    board.block([(2, 0)])  # the square [2, 3] x [0, 1]
    return board


def test_touching_counts_as_a_hit_to_the_last_bit():
    board = _wall()
    assert board.segment_hits((0.5, 1.5), (4.5, 1.5), clearance=0.5)  # exactly 0.5 above the square
    assert not board.segment_hits((0.5, 1.5), (4.5, 1.5), clearance=math.nextafter(0.5, 0.0))
    assert board.segment_hits((0.5, 1.0), (4.5, 1.0))  # along its top edge
    assert board.segment_hits((1.0, 2.0), (3.0, 0.0))  # through its corner (2, 1) only
    assert not board.segment_hits((0.5, 3.5), (5.5, 3.5), clearance=0.49)
    assert board.segment_hits((0.5, 3.5), (5.5, 3.5), clearance=0.5)  # the map's top edge at 4


def test_a_touching_disc_is_not_clear_to_the_last_bit_one_by_one_or_all_at_once():
    board = _wall()
    # (1.5, 0.5) is 0.5 left of the square; (2.5, 1.5) 0.5 above it; (3.5, 1.5) sqrt(0.5) from its corner.
    points = np.array([(1.5, 0.5), (2.5, 1.5), (3.5, 1.5)] * 10)
    for radius, clear in (
        (0.5, [False, False, True]),
        (math.nextafter(0.5, 0.0), [True, True, True]),
        (math.sqrt(0.5), [False, False, False]),
    ):
        assert board.discs_clear(points, radius).tolist() == clear * 10
        assert [bool(board.discs_clear(point, radius)[0]) for point in points[:3]] == clear
    assert board.discs_clear([(0.4, 2.0)], 0.4).tolist() == [False]  # the map's left edge
    assert board.discs_clear([(0.4, 2.0)], math.nextafter(0.4, 0.0)).tolist() == [True]


def test_arcs_by_hand():
    board = ObstacleMap(8, 8, 1.0)
    board.block([(4, 0)])  # the square [4, 5] x [0, 1]
    # A circle of radius 1 around (4.5, 2.5): its lower half passes (4.5, 1.5), 0.5 above the
    # square; its upper half keeps its ends, (3.5, 2.5) and (5.5, 2.5), sqrt(0.5^2 + 1.5^2) away.
    assert board.arc_hits((4.5, 2.5), 1.0, 0.0, -math.pi, clearance=0.5)
    assert not board.arc_hits((4.5, 2.5), 1.0, 0.0, -math.pi, clearance=0.49)
    upper = math.hypot(0.5, 1.5)
    assert not board.arc_hits((4.5, 2.5), 1.0, 0.0, math.pi, clearance=upper - 1e-9)
    assert board.arc_hits((4.5, 2.5), 1.0, 0.0, math.pi, clearance=upper)
    assert board.arc_hits((6.5, 4.0), 1.0, 0.0, 2 * math.pi, clearance=0.5)  # the map's right edge, x = 8
    assert not board.arc_hits((6.5, 4.0), 1.0, 0.0, 2 * math.pi, clearance=0.49)


def test_points_and_the_outside():
    board = _wall()
    assert board.point_hits((2.5, 0.5)) and not board.point_hits((0.5, 0.5))
    assert board.point_hits((-0.1, 2.0)) and board.point_hits((3.0, 4.2))
    board.free([(2, 0)])
    assert not board.point_hits((2.5, 0.5))


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: ObstacleMap(0, 4, 1.0), "cols must be a positive whole number"),
        (lambda: ObstacleMap(4, 2.5, 1.0), "rows must be a positive whole number"),
        (lambda: ObstacleMap(4, 4, -1.0), "cell_size must be a positive finite number"),
        (
            lambda: ObstacleMap(4, 4, 1.0, np.zeros((3, 4))),
            r"blocked must be \(rows, cols\) = \(4, 4\) booleans",
        ),
        (lambda: ObstacleMap(4, 4, 1.0).block([(4, 0)]), r"cell \[4, 0\] is off the 4 x 4 grid"),
        (lambda: ObstacleMap(4, 4, 1.0, origin=(math.nan, 0.0)), r"origin must be a finite \(x, y\)"),
        (lambda: ObstacleMap(4, 4, 1.0, origin=(1.0, 2.0, 3.0)), r"origin must be a finite \(x, y\)"),
    ],
)
def test_bad_maps_are_refused_by_name(make, message):
    with pytest.raises(ValueError, match=message):
        make()


def test_a_whole_path_hits_where_one_of_its_segments_does():
    walls = ObstacleMap(20, 12, 1.0)
    walls.block([(10, row) for row in range(6)])  # a wall from the bottom up to y = 6
    through = dubins_path((2.0, 3.0, 0.0), (18.0, 3.0), 2.0, heading=0.0)  # straight through the wall
    over = dubins_path((3.0, 8.0, 0.0), (17.0, 8.0), 2.0, heading=0.0)  # above it, 2 clear (3 from the sides)
    assert walls.path_hits(through.segments) and not walls.path_hits(over.segments)
    assert walls.path_hits(over.segments, clearance=2.0)  # touching the wall's top counts
    assert not walls.path_hits(over.segments, clearance=np.nextafter(2.0, 0.0))


@pytest.mark.parametrize("curvature", [0.0, 0.5])
@pytest.mark.parametrize("sharpness", [0.0, 2.0])
@pytest.mark.parametrize("point", [(2.5, 2.5), (1.2, 2.5), (6.5, 5.5)])
def test_a_piece_of_no_length_hits_where_its_point_does(point, curvature, sharpness):
    """Clothoids, arcs and lines of length 0 (the planner makes them, straight or not) are checked
    as the point they are: a clothoid of length 0 and curvature 0 raised ZeroDivisionError."""
    walls = ObstacleMap(8, 6, 1.0)
    walls.block([(0, 2), (6, 5)])
    pieces = [
        Clothoid(point, 0.3, curvature, sharpness, 0.0),
        Line(point, 0.3, 0.0),
        Arc((point[0] - 1.0, point[1]), 1.0, 0.0, 0.0),
    ]
    for clearance in (0.0, 0.25, 0.5):
        expected = walls.point_hits(point, clearance)
        assert [walls.path_hits([piece], clearance) for piece in pieces] == [expected] * 3


@settings(max_examples=scaled(200), deadline=None)
@given(
    boards(),
    st.tuples(st.floats(1.0, 7.0), st.floats(1.0, 5.0), st.floats(-math.pi, math.pi)),
    st.tuples(st.floats(1.0, 7.0), st.floats(1.0, 5.0)).map(np.array),
    st.floats(-math.pi, math.pi),
    st.floats(0.3, 1.5),
    st.floats(0.2, 5.0),
    st.floats(0.0, 0.5),
)
def test_a_steered_path_hits_where_its_poses_do_backed_or_not(
    board, start, goal, heading, radius, sharpness, clearance
):
    """Continuous-curvature Reeds-Shepp paths (clothoids driven forwards and backed) against the
    distance of dense poses along them: a backed clothoid was checked as if driven forwards (a
    truck in the turning mode backed into a building its plan said was clear)."""
    (ox, oy), (x, y, facing) = board.origin, start
    path = reeds_shepp_path(
        (x + ox, y + oy, facing), goal + board.origin, radius, heading=heading, sharpness=sharpness
    )
    points = path.pose(np.linspace(0.0, path.length, SAMPLES))[:, :2] - board.origin
    gap = _sampled_gap(board, points)
    spacing = path.length / (SAMPLES - 1)
    stray = 1e-2 * board.cell_size  # how far the check's chords may lie from a clothoid
    if gap <= clearance - spacing:
        assert board.path_hits(path.segments, clearance)
    elif gap > clearance + stray + spacing:
        assert not board.path_hits(path.segments, clearance)


def test_a_backed_clothoid_is_checked_behind_the_unit():
    """One clothoid backed from (4, 3) facing +x: the ground it covers lies at x < 4."""
    walls = ObstacleMap(8, 6, 1.0)
    walls.block([(1, 2), (1, 3)])  # behind the unit, x in [1, 2]
    backed = Clothoid((4.0, 3.0), 0.0, 0.0, 0.1, 3.0, -1.0)
    ahead = Clothoid((4.0, 3.0), 0.0, 0.0, 0.1, 3.0, 1.0)
    assert walls.path_hits([backed], 0.2) and not walls.path_hits([ahead], 0.2)
