"""An occupancy map of square cells, free or blocked, and exact tests of whether a unit moving on a
line segment or a circular arc, with a round footprint, touches a blocked cell.

Cell (col, row) covers [col s, (col + 1) s] x [row s, (row + 1) s] (s the cell size) from the
map's ``origin``, its lower-left corner ((0, 0) unless given). Outside the map counts as blocked.
A path with footprint radius r touches a cell when its distance to the cell's square is at most
r (touching counts: a unit may not graze a wall).
"""

import itertools
import math

import numpy as np

from trajectory.plane.segment_poses import advance
from trajectory.plane.segment_views import Arc, Clothoid
from trajectory.planning.cell_grid import CellGrid

_CELLS_ONE_BY_ONE = 150
_CHORD_STRAY = 1e-2
"""How far (in cells) a clothoid may stray from the chords it is checked along."""
"""``discs_clear`` tests discs one by one, in plain Python, when they have at most this many cells
to look at in all (a few discs: the numpy version's fixed cost is some 20 array operations)."""


class ObstacleMap(CellGrid):
    """A ``cols`` x ``rows`` grid of cells ``cell_size`` wide (a ``CellGrid``: ``block``,
    ``free``, ``is_blocked``, ``cells``); ``blocked`` (shape (rows, cols), row 0 at the bottom)
    says which are blocked (none by default). The one board of the library: units plan on it,
    a ``FlowField`` made from it shares its cells, and by default it is the tower-defense
    seed's, 20 x 12 cells of 40 units (its path: ``SEED_PATH_CELLS``).

    Raises:
        ValueError: On sizes that are not positive, or ``blocked`` of another shape.

    >>> ObstacleMap().cell_centre(0, 1).tolist()  # the seed's index2Px(0, 1)
    [20.0, 60.0]
    >>> walls = ObstacleMap(4, 3, 1.0)
    >>> walls.block([(2, 0), (2, 1)])
    >>> walls.segment_hits((0.5, 0.5), (3.5, 0.5)), walls.segment_hits((0.5, 2.5), (3.5, 2.5))
    (True, False)
    """

    def __init__(self, cols=20, rows=12, cell_size=40.0, blocked=None, origin=(0.0, 0.0)):
        super().__init__(cols, rows, cell_size, blocked, origin)
        self._padded_cells, self._paddings = None, {}  # ``_padded``'s: the cells they were made of

    def point_hits(self, point, clearance=0.0):
        """Whether a disc of radius ``clearance`` at ``point`` (x, y) touches a blocked cell or
        leaves the map."""
        x, y = (float(value) - corner for value, corner in zip(point, self.origin))
        return not self._disc_clear(x, y, clearance, int(clearance // self.cell_size) + 1)

    def segment_hits(self, start, end, clearance=0.0):
        """Whether a disc of radius ``clearance`` swept from ``start`` to ``end`` (x, y) touches a
        blocked cell or leaves the map."""
        a, b = self.local(np.asarray(start, dtype=float)), self.local(np.asarray(end, dtype=float))
        if not self._inside(np.array([a, b]), clearance):
            return True
        cells = self._cells_near(np.minimum(a, b) - clearance, np.maximum(a, b) + clearance)
        if cells.size == 0:
            return False
        low = cells * self.cell_size
        return bool(np.any(_segment_square_gaps(a, b, low, self.cell_size) <= clearance))

    def arc_hits(self, centre, radius, start_angle, sweep, clearance=0.0):
        """Whether a disc of radius ``clearance`` swept along the circular arc around ``centre``
        of ``radius``, from the angle ``start_angle`` through ``sweep`` radians (positive:
        counter-clockwise), touches a blocked cell or leaves the map."""
        c = self.local(np.asarray(centre, dtype=float))
        extremes = _arc_extremes(c, radius, start_angle, sweep)
        if not self._inside(extremes, clearance):
            return True
        cells = self._cells_near(extremes.min(axis=0) - clearance, extremes.max(axis=0) + clearance)
        if cells.size == 0:
            return False
        gaps = _arc_square_gaps(c, radius, start_angle, sweep, cells * self.cell_size, self.cell_size)
        return bool(np.any(gaps <= clearance))

    def discs_clear(self, points, radius):
        """Whether each disc of ``radius`` around ``points`` (n, 2) stays clear of the blocked
        cells and strictly inside the map, shape (n,): exact, all discs at once (the planner's
        test of many sample points); a few discs one by one (quicker than numpy for them)."""
        points = self.local(np.asarray(points, dtype=float).reshape(-1, 2))
        reach = int(radius // self.cell_size) + 1  # cells a disc in cell (c, r) can touch: c +- reach
        if len(points) * (2 * reach + 1) ** 2 <= _CELLS_ONE_BY_ONE:
            return np.array([self._disc_clear(x, y, radius, reach) for x, y in points.tolist()], dtype=bool)
        width, height = self.size
        x, y = points[:, 0], points[:, 1]
        clear = (x - radius > 0) & (x + radius < width) & (y - radius > 0) & (y + radius < height)
        padded = self._padded(reach)
        offsets = np.arange(-reach, reach + 1)
        cols = np.floor(np.where(clear, x, 0.0) / self.cell_size).astype(int)[:, None] + offsets
        rows = np.floor(np.where(clear, y, 0.0) / self.cell_size).astype(int)[:, None] + offsets
        gap_x = np.maximum(
            np.maximum(cols * self.cell_size - x[:, None], x[:, None] - (cols + 1) * self.cell_size), 0
        )
        gap_y = np.maximum(
            np.maximum(rows * self.cell_size - y[:, None], y[:, None] - (rows + 1) * self.cell_size), 0
        )
        blocked = padded[rows[:, :, None] + reach, cols[:, None, :] + reach]  # (n, row offset, col offset)
        touching = (
            gap_y[:, :, None] * gap_y[:, :, None] + gap_x[:, None, :] * gap_x[:, None, :] <= radius * radius
        )
        clear &= ~np.any(blocked & touching, axis=(1, 2))
        return clear

    def _disc_clear(self, x, y, radius, reach):
        """``discs_clear`` of one disc (floats), by the same formulas."""
        width, height = self.size
        if not (x - radius > 0 and x + radius < width and y - radius > 0 and y + radius < height):
            return False
        size, col, row = self.cell_size, math.floor(x / self.cell_size), math.floor(y / self.cell_size)
        for r in range(max(row - reach, 0), min(row + reach + 1, self.rows)):
            gap_y = max(max(r * size - y, y - (r + 1) * size), 0)
            for c in range(max(col - reach, 0), min(col + reach + 1, self.cols)):
                if self.blocked[r, c]:
                    gap_x = max(max(c * size - x, x - (c + 1) * size), 0)
                    if gap_y * gap_y + gap_x * gap_x <= radius * radius:
                        return False
        return True

    def snapshot(self, origin=None):
        """A copy of the map that cannot change (its ``blocked`` read-only): what a plan works on,
        its look-ups kept without reading the cells again; at ``origin`` (the map's own unless
        given: a planner works at (0, 0))."""
        copy = ObstacleMap(self.cols, self.rows, self.cell_size, self.blocked, origin or self.origin)
        copy.blocked.flags.writeable = False
        return copy

    def _padded(self, reach):
        """The blocked cells with ``reach`` rows and columns of blocked cells around them (the
        outside), cached until the map changes."""
        cells = None if not self.blocked.flags.writeable else self.blocked.tobytes()
        if self._padded_cells != cells:
            self._padded_cells, self._paddings = cells, {}
        padded = self._paddings.get(reach)
        if padded is None:
            padded = self._paddings[reach] = np.pad(self.blocked, reach, constant_values=True)
        return padded

    def path_hits(self, segments, clearance=0.0):
        """Whether a disc of radius ``clearance`` driven along ``segments`` (``Arc``,
        ``Clothoid`` and ``Line`` views, as ``TurnPath.segments`` gives them) touches a blocked
        cell or leaves the map: exactly, segment by segment (a clothoid by chords, each widened
        by how far the curve can stray from it)."""
        for segment in segments:
            if isinstance(segment, Clothoid):
                hits = self._clothoid_hits(segment, clearance)
            elif isinstance(segment, Arc):
                hits = self.arc_hits(
                    segment.centre, segment.radius, segment.start_angle, segment.sweep, clearance
                )
            else:
                end = (
                    segment.start[0] + segment.length * math.cos(segment.angle),
                    segment.start[1] + segment.length * math.sin(segment.angle),
                )
                hits = self.segment_hits(segment.start, end, clearance)
            if hits:
                return True
        return False

    def _clothoid_hits(self, clothoid, clearance):
        """``path_hits`` for one clothoid: chords short enough that the curve strays from them by
        at most ``_CHORD_STRAY`` of a cell (curvature k: by k h² / 8 over a chord h long), each
        checked with the clearance widened by that much."""
        most = max(abs(clothoid.curvature), abs(clothoid.curvature + clothoid.sharpness * clothoid.length))
        stray = _CHORD_STRAY * self.cell_size
        count = max(1, math.ceil(clothoid.length * math.sqrt(most / (8.0 * stray))))  # a point: 1 chord
        d = np.linspace(0.0, clothoid.gear * clothoid.length, count + 1)
        x, y, _ = advance(
            clothoid.start[0],
            clothoid.start[1],
            clothoid.heading,
            clothoid.curvature,
            d,
            1.0,
            None,
            clothoid.sharpness,
        )
        points = np.column_stack([x, y])
        return any(self.segment_hits(a, b, clearance + stray) for a, b in itertools.pairwise(points))

    def _inside(self, points, clearance):
        """Whether discs of radius ``clearance`` at ``points`` (k, 2) stay strictly inside the map
        (touching its edge counts as touching the blocked outside)."""
        width, height = self.size
        x, y = points[:, 0], points[:, 1]
        inside = (
            (x - clearance > 0) & (x + clearance < width) & (y - clearance > 0) & (y + clearance < height)
        )
        return bool(np.all(inside))

    def _cells_near(self, low, high):
        """The blocked cells (col, row) whose squares meet the box [low, high], edges included
        (a box starting exactly on a cell's top edge meets that cell), shape (k, 2)."""
        first = np.clip(np.ceil(low / self.cell_size).astype(int) - 1, 0, [self.cols - 1, self.rows - 1])
        last = np.clip(np.floor(high / self.cell_size).astype(int), 0, [self.cols - 1, self.rows - 1])
        window = self.blocked[first[1] : last[1] + 1, first[0] : last[0] + 1]
        rows, cols = np.nonzero(window)
        return np.column_stack([cols + first[0], rows + first[1]]).astype(float)


def _point_square_gaps(points, low, size):
    """Distances from ``points`` (k, 2) to the squares [low, low + size] (k, 2), pairwise."""
    outside = np.maximum(np.maximum(low - points, points - (low + size)), 0.0)
    return np.hypot(*outside.T)


def _segment_square_gaps(a, b, low, size):
    """Distances from the segment a-b to each square [low, low + size] (low (k, 2)): 0 where they
    meet (Liang-Barsky), else the least of the segment's ends to the square and the square's
    corners to the segment (for two convex shapes apart, one of these is the distance)."""
    d = b - a
    t0, t1 = np.zeros(len(low)), np.ones(len(low))
    meets = np.ones(len(low), dtype=bool)
    for axis in range(2):
        if d[axis] == 0.0:
            meets &= (a[axis] >= low[:, axis]) & (a[axis] <= low[:, axis] + size)
            continue
        near, far = (low[:, axis] - a[axis]) / d[axis], (low[:, axis] + size - a[axis]) / d[axis]
        t0, t1 = np.maximum(t0, np.minimum(near, far)), np.minimum(t1, np.maximum(near, far))
    meets &= t0 <= t1
    ends = np.minimum(
        _point_square_gaps(np.broadcast_to(a, low.shape), low, size),
        _point_square_gaps(np.broadcast_to(b, low.shape), low, size),
    )
    corners = np.stack([low, low + [size, 0.0], low + [0.0, size], low + size], axis=1)  # (k, 4, 2)
    corner_gaps = _gaps_to_segments(corners, a, b).min(axis=1)
    return np.where(meets, 0.0, np.minimum(ends, corner_gaps))


def _on_arc(angles, start_angle, sweep):
    """Whether each of ``angles`` lies on the arc from ``start_angle`` through ``sweep``."""
    offset = np.mod((np.asarray(angles) - start_angle) * math.copysign(1.0, sweep), 2.0 * math.pi)
    return offset <= abs(sweep) + 1e-15


def _arc_points(centre, radius, angles):
    return centre + radius * np.column_stack([np.cos(angles), np.sin(angles)])


def _arc_extremes(centre, radius, start_angle, sweep):
    """The arc's ends and its leftmost, rightmost, lowest and highest points on it: its bounding
    box's extremes."""
    angles = np.array([start_angle, start_angle + sweep, 0.0, math.pi / 2, math.pi, 3 * math.pi / 2])
    keep = np.concatenate([[True, True], _on_arc(angles[2:], start_angle, sweep)])
    return _arc_points(centre, radius, angles[keep])


_EDGE_NORMALS = np.array([[0.0, 1.0], [-1.0, 0.0], [0.0, -1.0], [1.0, 0.0]])
"""The left normals of a square's edges taken counter-clockwise from its lower-left corner."""
_EDGE_NORMAL_ANGLES = np.arctan2(_EDGE_NORMALS[:, 1], _EDGE_NORMALS[:, 0])


def _arc_square_gaps(centre, radius, start_angle, sweep, lows, size):
    """The distance from the arc to each square [low, low + size] (``lows`` (k, 2)), shape (k,):
    0 if an end of the arc is inside; else the least over the square's edges of the arc-edge
    distance (the ends of either to the other, and the arc's points nearest and farthest from the
    edge's line and where it crosses it)."""
    ends = _arc_points(centre, radius, np.array([start_angle, start_angle + sweep]))  # (2, 2)
    a = np.stack([lows, lows + [size, 0.0], lows + size, lows + [0.0, size]], axis=1)  # (k, 4, 2)
    b = np.roll(a, -1, axis=1)
    height = ((a - centre) @ _EDGE_NORMALS.T).diagonal(axis1=1, axis2=2)  # (k, 4): each edge's line
    ratio = height / radius
    half = np.arccos(np.clip(ratio, -1.0, 1.0))
    crossing = np.abs(ratio) <= 1.0
    base = np.broadcast_to(_EDGE_NORMAL_ANGLES, height.shape)
    angles = np.stack([base, base + math.pi, base + half, base - half], axis=-1)  # (k, 4, 4)
    usable = _on_arc(angles, start_angle, sweep) & np.stack(
        [np.ones_like(crossing), np.ones_like(crossing), crossing, crossing], axis=-1
    )
    points = centre + radius * np.stack([np.cos(angles), np.sin(angles)], axis=-1)  # (k, 4, 4, 2)
    on_arc_gaps = np.where(usable, _gaps_to_segments(points, a[:, :, None], b[:, :, None]), math.inf)
    end_gaps = _gaps_to_segments(ends, a[:, :, None], b[:, :, None])  # (k, 4, 2)
    offset = a - centre  # each edge's first corner (every corner is one) to the arc
    corner_on_arc = _on_arc(np.arctan2(offset[..., 1], offset[..., 0]), start_angle, sweep)
    to_ends = np.hypot(*(a[:, :, None, :] - ends).transpose(3, 0, 1, 2)).min(axis=-1)
    corner_gaps = np.where(corner_on_arc, np.abs(np.hypot(offset[..., 0], offset[..., 1]) - radius), to_ends)
    gaps = np.minimum(np.minimum(on_arc_gaps.min(axis=-1), end_gaps.min(axis=-1)), corner_gaps).min(axis=1)
    end_inside = np.any(
        np.all((ends[:, None, :] >= lows) & (ends[:, None, :] <= lows + size), axis=-1), axis=0
    )
    return np.where(end_inside, 0.0, gaps)


def _gaps_to_segments(points, a, b):
    """Distances from ``points`` (..., 2) to the segments a-b (broadcast against them)."""
    ab = b - a
    length2 = (ab * ab).sum(axis=-1)
    t = np.clip(((points - a) * ab).sum(axis=-1) / np.where(length2 > 0.0, length2, 1.0), 0.0, 1.0)
    foot = a + t[..., None] * ab
    return np.hypot(*np.moveaxis(points - foot, -1, 0))
