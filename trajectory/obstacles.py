"""An occupancy map of square cells, free or blocked, and exact tests of whether a unit moving on a
line segment or a circular arc, with a round footprint, touches a blocked cell.

Cell (col, row) covers [col s, (col + 1) s] x [row s, (row + 1) s] (s the cell size, the origin at
the map's lower-left corner). Outside the map counts as blocked. A path with footprint radius r
touches a cell when its distance to the cell's square is at most r (touching counts: a unit may
not graze a wall).
"""

import math

import numpy as np

from trajectory._checks import positive_finite


class ObstacleMap:
    """A ``cols`` x ``rows`` grid of cells ``cell_size`` wide; ``blocked`` (shape (rows, cols),
    row 0 at the bottom) says which are blocked (none by default).

    Raises:
        ValueError: On sizes that are not positive, or ``blocked`` of another shape.

    >>> walls = ObstacleMap(4, 3, 1.0)
    >>> walls.block([(2, 0), (2, 1)])
    >>> walls.segment_hits((0.5, 0.5), (3.5, 0.5)), walls.segment_hits((0.5, 2.5), (3.5, 2.5))
    (True, False)
    """

    def __init__(self, cols, rows, cell_size, blocked=None):
        if not (
            isinstance(cols, int | np.integer)
            and isinstance(rows, int | np.integer)
            and cols > 0
            and rows > 0
        ):
            raise ValueError(f"cols and rows must be positive whole numbers, got {cols!r} and {rows!r}")
        self.cols, self.rows = int(cols), int(rows)
        self.cell_size = positive_finite(cell_size, "cell_size")
        self.blocked = np.zeros((self.rows, self.cols), dtype=bool)
        if blocked is not None:
            blocked = np.asarray(blocked, dtype=bool)
            if blocked.shape != self.blocked.shape:
                raise ValueError(
                    f"blocked must be shaped (rows, cols) = {self.blocked.shape}, got {blocked.shape}"
                )
            self.blocked[:] = blocked

    @property
    def size(self):
        """The map's width and height in length units."""
        return self.cols * self.cell_size, self.rows * self.cell_size

    def block(self, cells):
        """Block the cells (col, row) listed."""
        self._set(cells, True)

    def free(self, cells):
        """Free the cells (col, row) listed."""
        self._set(cells, False)

    def _set(self, cells, value):
        cells = np.asarray(cells, dtype=int).reshape(-1, 2)
        inside = (
            (cells[:, 0] >= 0) & (cells[:, 0] < self.cols) & (cells[:, 1] >= 0) & (cells[:, 1] < self.rows)
        )
        if not inside.all():
            raise ValueError(f"cell {cells[~inside][0].tolist()} is off the {self.cols} x {self.rows} map")
        self.blocked[cells[:, 1], cells[:, 0]] = value

    def point_hits(self, point, clearance=0.0):
        """Whether a disc of radius ``clearance`` at ``point`` (x, y) touches a blocked cell or
        leaves the map."""
        return self.segment_hits(point, point, clearance)

    def segment_hits(self, start, end, clearance=0.0):
        """Whether a disc of radius ``clearance`` swept from ``start`` to ``end`` (x, y) touches a
        blocked cell or leaves the map."""
        a, b = np.asarray(start, dtype=float), np.asarray(end, dtype=float)
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
        c = np.asarray(centre, dtype=float)
        extremes = _arc_extremes(c, radius, start_angle, sweep)
        if not self._inside(extremes, clearance):
            return True
        cells = self._cells_near(extremes.min(axis=0) - clearance, extremes.max(axis=0) + clearance)
        if cells.size == 0:
            return False
        gaps = [
            _arc_square_gap(c, radius, start_angle, sweep, corner, self.cell_size)
            for corner in cells * self.cell_size
        ]
        return min(gaps) <= clearance

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


def _point_segment_gaps(points, a, b):
    """Distances from ``points`` (k, 2) to the segment a-b."""
    ab = b - a
    length2 = float(ab @ ab)
    t = np.zeros(len(points)) if length2 == 0.0 else np.clip((points - a) @ ab / length2, 0.0, 1.0)
    return np.hypot(*(points - (a + t[:, None] * ab)).T)


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
    corner_gaps = _point_segment_gaps(corners.reshape(-1, 2), a, b).reshape(-1, 4).min(axis=1)
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


def _arc_square_gap(centre, radius, start_angle, sweep, low, size):
    """The distance from the arc to the square [low, low + size]: 0 if an end is inside; else the
    least over the square's edges of the arc-segment distance (ends of either to the other, the
    arc's points nearest and farthest from each edge's line, and their crossings)."""
    ends = _arc_points(centre, radius, np.array([start_angle, start_angle + sweep]))
    if np.any(_point_square_gaps(ends, np.broadcast_to(low, ends.shape), size) == 0.0):
        return 0.0
    corners = np.array([low, low + [size, 0.0], low + size, low + [0.0, size]])
    best = math.inf
    for a, b in zip(corners, np.roll(corners, -1, axis=0)):
        best = min(best, _arc_segment_gap(centre, radius, start_angle, sweep, ends, a, b))
    return best


def _arc_segment_gap(centre, radius, start_angle, sweep, ends, a, b):
    """The distance between the arc (with its ``ends`` (2, 2)) and the segment a-b."""
    direction = (b - a) / np.hypot(*(b - a))
    normal = np.array([-direction[1], direction[0]])
    height = float((a - centre) @ normal)  # the segment's line, seen from the centre along normal
    angles = [math.atan2(normal[1], normal[0]), math.atan2(-normal[1], -normal[0])]
    if abs(height) <= radius:  # where the circle crosses the line
        half = math.acos(height / radius)
        base = math.atan2(normal[1], normal[0])
        angles += [base + half, base - half]
    angles = np.array(angles)
    candidates = np.vstack([ends, _arc_points(centre, radius, angles[_on_arc(angles, start_angle, sweep)])])
    gap = float(_point_segment_gaps(candidates, a, b).min())
    for point in (a, b):  # the segment's ends to the arc
        offset = point - centre
        angle = math.atan2(offset[1], offset[0])
        on = _on_arc(np.array([angle]), start_angle, sweep)[0]
        to_arc = abs(math.hypot(*offset) - radius) if on else float(np.hypot(*(ends - point).T).min())
        gap = min(gap, to_arc)
    return gap
