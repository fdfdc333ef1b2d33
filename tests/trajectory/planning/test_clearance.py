"""The planner's clearance tests against the exact test of every arc and line, on random maps and
paths: the search's moves (a fan, the code raster and the exact fallback) exactly; whole paths
(the walk a cell apart, the code raster, the discs of the samples) with their margin: never
passing one that touches, never refusing one clear by more than the margin."""

import math

import numpy as np
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tests.budget import scaled
from trajectory.plane.segments import SegmentTable
from trajectory.planning.clearance import Clearance, Fan
from trajectory.planning.obstacles import ObstacleMap

RADIUS = 2.0


@st.composite
def maps(draw):
    """A 12 x 10 map of cells of ``size`` with random blocked cells (about one in six)."""
    size = draw(st.sampled_from([1.0, 0.75]))
    cells = draw(st.lists(st.integers(0, 5), min_size=120, max_size=120))
    return ObstacleMap(12, 10, size, np.array(cells).reshape(10, 12) == 0)


poses = st.tuples(st.floats(0.5, 8.5), st.floats(0.5, 7.0), st.floats(-math.pi, math.pi))
pieces = st.lists(
    st.tuples(st.sampled_from([1.0, 0.0, -1.0]), st.sampled_from([1.0, -1.0]), st.floats(0.0, 6.0)),
    min_size=1,
    max_size=4,
)


HAIR = 1e-9
"""Paths that pass within a hair of touching are decided by rounding (the arcs' points are worked
out through their circles' centres here): those are left to the tests by hand."""


def exactly_clear(obstacles, pose, path, footprint):
    """The exact answer: no arc or line of the path comes within ``footprint`` of a blocked cell
    or the map's edge; None when a hair more or less would change it."""
    turns, gears, lengths = zip(*path)
    views = SegmentTable.chain(pose, turns, lengths, RADIUS, gears).views()
    if not obstacles.path_hits(views, footprint):
        return None if obstacles.path_hits(views, footprint + HAIR) else True
    return None if footprint >= HAIR and not obstacles.path_hits(views, footprint - HAIR) else False


@settings(max_examples=scaled(400), deadline=None)
@given(maps(), poses, pieces, st.sampled_from([0.0, 0.3]))
def test_a_path_is_clear_when_it_keeps_the_margin_and_never_when_it_touches(obstacles, pose, path, footprint):
    clearance = Clearance(obstacles, RADIUS, footprint)
    assert clearance.margin - footprint <= obstacles.cell_size / 32 + 1e-9
    if clearance.path_clear(pose, path):
        assert exactly_clear(obstacles, pose, path, footprint) is not False
    else:
        assert exactly_clear(obstacles, pose, path, clearance.margin) is not True


@settings(max_examples=scaled(300), deadline=None)
@given(maps(), poses, st.floats(0.2, 3.0), st.sampled_from([0.0, 0.3, 1.2]))
def test_a_fan_of_moves_is_tested_exactly(obstacles, pose, step, footprint):
    clearance = Clearance(obstacles, RADIUS, footprint)
    moves = [(turn, gear) for gear in (1.0, -1.0) for turn in (1.0, 0.0, -1.0)]
    fan = Fan(clearance, [turn for turn, _ in moves], [gear * step for _, gear in moves])
    expected = [exactly_clear(obstacles, pose, [(turn, gear, step)], footprint) for turn, gear in moves]
    assume(None not in expected)  # a move within a hair of touching: left to the tests by hand
    assert fan.clear(*pose) == [k for k, clear in enumerate(expected) if clear]


def test_a_move_grazing_a_corner_touches_it_to_the_last_bit():
    obstacles = ObstacleMap(10, 10, 1.0)
    obstacles.block([(5, 5)])
    along = Fan(Clearance(obstacles, RADIUS, 0.0), [0.0], [8.0])
    assert along.clear(1.0, 5.0, 0.0) == []  # along the cell's bottom edge
    assert along.clear(1.0, math.nextafter(5.0, 0.0), 0.0) == [0]
    # A left turn on the circle of radius 2.5 around (3.5, 3) passes through the cell's corner
    # (5, 5) (1.5 across and 2 up from its centre) and nowhere nearer to the cell.
    half_turn = Fan(Clearance(obstacles, 2.5, 0.0), [1.0], [2.5 * math.pi])
    assert half_turn.clear(3.5, 0.5, 0.0) == []
    assert half_turn.clear(3.5, 0.5 - 1e-9, 0.0) == [0]  # passes under it
    stopping_short = Fan(Clearance(obstacles, 2.5, 0.0), [1.0], [2.5 * (math.pi / 2 + 0.9)])
    assert stopping_short.clear(3.5, 0.5, 0.0) == [0]


def test_a_path_keeps_a_32nd_of_a_cell_from_blocked_cells():
    obstacles = ObstacleMap(10, 10, 1.0)
    obstacles.block([(5, 5)])
    clearance = Clearance(obstacles, RADIUS, 0.0)
    below = 5.0 - 1.0 / 32
    assert clearance.path_clear((1.0, below - 1e-9, 0.0), [(0.0, 1.0, 8.0)])
    assert not clearance.path_clear((1.0, below + 1e-9, 0.0), [(0.0, 1.0, 8.0)])


def test_a_move_a_hair_from_a_cell_is_clear_however_near():
    # Past the cell's corner (5, 5), closer than its samples' margin: decided by the samples'
    # slacks and by halving the stretches near the corner (1e-2, and 1e-3 without a footprint),
    # or exactly after too many halvings (closer). Along the cell's bottom (many close samples):
    # exactly at once.
    obstacles = ObstacleMap(10, 10, 1.0)
    obstacles.block([(5, 5)])
    for footprint in (0.0, 0.25):  # 5 - 0.25 exactly
        clearance = Clearance(obstacles, RADIUS, footprint)
        diagonal = Fan(clearance, [0.0], [4.0 * math.sqrt(2.0)])  # heading -pi/4, x + y constant
        along = Fan(clearance, [0.0], [8.0])
        for gap in (1e-2, 1e-3, 1e-4, 1e-7):
            beside = 10.0 - (footprint + gap) * math.sqrt(2.0)  # x + y on the way past the corner
            assert diagonal.clear(3.0, beside - 3.0, -math.pi / 4) == [0]
            assert along.clear(1.0, 5.0 - footprint - gap, 0.0) == [0]
        assert diagonal.clear(3.0, 10.0 - footprint * math.sqrt(2.0) - 3.0 + 1e-9, -math.pi / 4) == []
        assert along.clear(1.0, 5.0 - footprint, 0.0) == []  # touches along the cell's bottom
