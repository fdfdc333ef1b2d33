"""Whether a unit driving arcs and lines keeps its footprint clear of an ``ObstacleMap``: the
planner's tests of many pieces at once, quick where the way is open.

Points are sampled along each piece at most ``spacing`` apart, so every point of the piece lies
within ``spacing / 2`` of a sample. A piece is surely clear when a disc of ``margin`` =
``footprint + spacing / 2`` around every sample is; surely blocked when the footprint's disc
around a sample touches a blocked cell. In between:

- the search's moves (``Fan``) are tested exactly, arc by arc and line by line: a move that
  grazes a corner is one the search may need to thread a gap;
- whole paths (``Clearance.path_clear``: the search's shots at the goal, the shortcuts of the
  smoothing) are refused: they keep a margin of ``spacing / 2`` (1/32 of a cell) beyond the
  footprint, less than the smoothing's own resolution, and are tested several times quicker.
"""

import cmath
import functools
import math

import numpy as np

from trajectory.plane.segment_poses import advance, circle_centre
from trajectory.planning.code_raster import BLOCKED, OPEN, SQUARES_PER_CELL, UNSURE, code_raster

SAMPLES_PER_CELL = 16
"""Samples per cell width along a piece: the margin of the quick test is 1/32 of a cell, so
that only a move passing that close to a blocked cell needs the exact test."""
HALVINGS = 12
"""How many halvings of its stretches the exact test of a move may try before it tests them arc
by arc and line by line (this many slacks take about as long as one such test): enough for a move
passing a corner a few thousandths of a cell away."""
CLOSE_SAMPLES = 8
"""A move with more samples closer than the margin than this runs along a wall: the stretches
around them are tested arc by arc and line by line at once (their slacks would each need
halving)."""


class Clearance:
    """The clearance test of ``obstacles`` for a unit whose footprint is a disc of ``footprint``
    turning on circles of ``radius``."""

    def __init__(self, obstacles, radius, footprint):
        self.obstacles, self.radius, self.footprint = obstacles, radius, footprint
        self.spacing = obstacles.cell_size / SAMPLES_PER_CELL
        self._hair = 1e-12 * obstacles.cell_size  # the rounding of the points' positions
        self.margin = footprint + self.spacing / 2.0 + self._hair
        self._raster = code_raster(obstacles, self.margin)
        self._padding = self._raster.padding
        self._scale = SQUARES_PER_CELL / obstacles.cell_size  # squares per length unit
        self._corner = self._padding * (1 + 1j)  # the map's lower-left corner on the raster
        self._blocked = obstacles.blocked.tobytes()  # cell (col, row) at row * cols + col
        # Cells around a point's own within which ``_slack`` looks: those nearer than the
        # footprint and a spacing.
        self._reach = int((footprint + self.spacing) // obstacles.cell_size) + 1
        self._templates = {}

    def path_clear(self, pose, pieces):
        """Whether ``pieces`` (turn, gear, length), driven one after another from ``pose`` (x, y,
        heading), keep their footprint clear with a margin: the disc of ``margin`` around each
        sample clear (a path clear by more than that passes; one that touches never does). A
        walk along them a cell apart first finds most paths that run into a blocked cell,
        cheaply (the planner's shots at the goal mostly do)."""
        x, y, heading = pose
        squares = []  # the samples, in the code raster's squares (complex)
        for turn, gear, length in pieces:
            signed = gear * length
            if self._walk_hits(x, y, heading, turn, signed, 1.0):
                return False
            squares.append(
                complex(x, y) * self._scale
                + self._corner
                + cmath.exp(1j * heading) * self._template(turn, gear, length)
            )
            x, y, heading = advance(x, y, heading, turn, signed, self.radius)
        squares.append(np.array([complex(x, y) * self._scale + self._corner]))  # the end
        squares = np.concatenate(squares)
        # Every sample lies within half a cell of a point of the walk, on the map: on the raster.
        codes = self._raster.at(squares.imag.astype(np.intp), squares.real.astype(np.intp))
        least = codes.min()
        if least != UNSURE:
            return least == OPEN
        unsure = (squares[codes == UNSURE] - self._corner) / self._scale
        return bool(
            self.obstacles.discs_clear(np.column_stack([unsure.real, unsure.imag]), self.margin).all()
        )

    def _template(self, turn, gear, length):
        """The samples of a piece driven from the origin facing +x, ``spacing`` apart from its
        start up to ``length`` (its end left out), in the code raster's squares: complex, (k,).
        Cut from one long run of samples per turn and gear, worked out once and grown as needed."""
        count = int(length / self.spacing) + 1
        run = self._templates.get((turn, gear))
        if run is None or len(run) < count:
            steps = np.arange(max(2 * count, 64)) * (gear * self.spacing)
            x, y, _ = advance(0.0, 0.0, 0.0, turn, steps, self.radius)
            run = self._templates[turn, gear] = (x + 1j * y) * self._scale
        return run[:count]

    def _piece_clear(self, points, codes, x, y, heading, turn, signed):
        """Whether one piece, driven from (x, y, heading) and sampled evenly from end to end by
        ``points`` (k, 2) whose code raster values are ``codes`` (k,), is clear, where the code
        raster cannot tell. Its samples in squares near a blocked cell whose disc of ``margin``
        is not clear are "close"; every other sample's slack (its distance to the blocked cells
        beyond the footprint) is half a spacing at least. A point's distance changes no faster
        than the distance driven, so a stretch between two points is clear when their slacks add
        up to more than its length: the stretches beside the close samples are halved until
        that decides or a point touches. Where a piece has many close samples (along a wall), or
        its halvings run past ``HALVINGS``, the stretches around its close samples are tested arc
        by arc and line by line (``_runs_hit``)."""
        near = np.flatnonzero(codes == UNSURE)
        close = near[~self.obstacles.discs_clear(points[near], self.margin)].tolist()
        if not close:
            return True
        if not self.obstacles.discs_clear(points[close], self.footprint).all():  # a sample touches
            return False
        if len(close) > CLOSE_SAMPLES:
            return not self._runs_hit(close, len(points), x, y, heading, turn, signed)
        slacks = {i: self._slack(*points[i]) for i in close}
        if min(slacks.values()) <= 0.0:  # touching, but for rounding
            return False
        gap = signed / (len(points) - 1)  # signed, like the piece
        firsts = sorted({first for i in close for first in (i - 1, i) if 0 <= first < len(points) - 1})
        # The stretches to decide: (start pose, signed length, the slacks at its ends).
        stretches = [
            (
                advance(x, y, heading, turn, first * gap, self.radius),
                gap,
                slacks.get(first, self.spacing / 2.0),
                slacks.get(first + 1, self.spacing / 2.0),
            )
            for first in firsts
        ]
        halvings = 0
        while stretches:
            start, length, slack_start, slack_end = stretches.pop()
            if slack_start + slack_end > abs(length) + self._hair:
                continue
            halvings += 1
            if halvings > HALVINGS:
                return not self._runs_hit(close, len(points), x, y, heading, turn, signed)
            middle = advance(*start, turn, length / 2.0, self.radius)
            slack = self._slack(middle[0], middle[1])
            if slack <= 0.0:
                return False
            stretches += [(start, length / 2.0, slack_start, slack), (middle, length / 2.0, slack, slack_end)]
        return True

    def _runs_hit(self, close, count, x, y, heading, turn, signed):
        """Whether the stretches of one piece around its ``close`` samples (sorted indices of its
        ``count`` evenly spaced samples) touch a blocked cell, tested exactly: each run of
        consecutive close samples with a sample's stretch on either side."""
        gap = signed / (count - 1)  # signed, like the piece
        runs = []  # [first, last] of each run
        for i in close:
            if runs and i == runs[-1][1] + 1:
                runs[-1][1] = i
            else:
                runs.append([i, i])
        for first, last in runs:
            begin, end = max(first - 1, 0), min(last + 1, count - 1)
            start = advance(x, y, heading, turn, begin * gap, self.radius)
            if self._piece_hits(*start, turn, (end - begin) * gap):
                return True
        return False

    def _slack(self, x, y):
        """How far the point (x, y) on the map is from the blocked cells and the map's edge beyond
        the footprint (negative or 0: its footprint touches them); exact up to a spacing, at
        least that beyond."""
        size, blocked, cols = self.obstacles.cell_size, self._blocked, self.obstacles.cols
        width, height = self.obstacles.size
        nearest = min(x, width - x, y, height - y, self._reach * size)
        col, row = math.floor(x / size), math.floor(y / size)
        squared = nearest * nearest
        for r in range(max(row - self._reach, 0), min(row + self._reach + 1, self.obstacles.rows)):
            gap_y = max(r * size - y, y - (r + 1) * size, 0.0)
            for c in range(max(col - self._reach, 0), min(col + self._reach + 1, cols)):
                if blocked[r * cols + c]:
                    gap_x = max(c * size - x, x - (c + 1) * size, 0.0)
                    squared = min(squared, gap_x * gap_x + gap_y * gap_y)
        return math.sqrt(squared) - self.footprint

    def _walk_hits(self, x, y, heading, turn, signed, cells):
        """Whether one of the points ``cells`` cell widths apart along a piece (both ends
        included) lies in a blocked cell or off the map: then the piece surely hits; otherwise
        it may still."""
        size, blocked = self.obstacles.cell_size, self._blocked
        steps = max(math.ceil(abs(signed) / (cells * size)), 1)
        rows, cols = self.obstacles.rows, self.obstacles.cols
        # The points in cell widths as complex numbers, each the one before it moved by a step
        # (a line) or turned about the centre (an arc).
        if turn == 0.0:
            pivot, arm = 0j, complex(x, y) / size
            step, turning = cmath.exp(1j * heading) * (signed / steps / size), 1.0
        else:
            pivot = complex(*circle_centre(x, y, heading, turn, self.radius)) / size
            arm, step = complex(x, y) / size - pivot, 0j
            turning = cmath.exp(1j * turn * signed / self.radius / steps)
        for _ in range(steps + 1):
            point = pivot + arm
            col, row = point.real, point.imag
            if not (0.0 <= col < cols and 0.0 <= row < rows) or blocked[int(row) * cols + int(col)]:
                return True
            arm = arm * turning + step
        return False

    def _codes_at(self, points):
        """The code raster's value (``BLOCKED``, ``UNSURE``, ``OPEN``) where each point (n, 2)
        lies, shape (n,); ``BLOCKED`` beyond the raster (far off the map)."""
        rows, cols = self._raster.shape
        squares = np.floor(points * self._scale).astype(np.intp) + self._padding
        c, r = squares[:, 0], squares[:, 1]
        if squares.min() >= 0 and c.max() < cols and r.max() < rows:  # the usual case: all on the raster
            return self._raster.at(r, c)
        inside = (c >= 0) & (c < cols) & (r >= 0) & (r < rows)
        codes = np.full(len(points), BLOCKED, dtype=np.int8)
        codes[inside] = self._raster.at(r[inside], c[inside])
        return codes

    def _piece_hits(self, x, y, heading, turn, signed):
        """The exact test of one piece."""
        if turn == 0.0:
            end_x, end_y, _ = advance(x, y, heading, 0.0, signed, self.radius)
            return self.obstacles.segment_hits((x, y), (end_x, end_y), self.footprint)
        centre = circle_centre(x, y, heading, turn, self.radius)
        start_angle = heading - turn * math.pi / 2.0
        return self.obstacles.arc_hits(
            centre, self.radius, start_angle, turn * signed / self.radius, self.footprint
        )


class Fan:
    """Pieces of the same lengths and turns driven from any pose, tested for many poses: the
    search's moves. Their samples are kept in the frame of the pose they start from, so that
    testing them from a pose is a rotation and one look-up in the code raster.

    Args:
        clearance: The ``Clearance`` to test against.
        turns, signed_lengths: The pieces (m,): how each turns (1, 0, -1) and how far it goes
            (negative: in reverse).
    """

    def __init__(self, clearance, turns, signed_lengths):
        self.clearance = clearance
        self.turns, self.signed = tuple(map(float, turns)), tuple(map(float, signed_lengths))
        self._scale = clearance._scale
        self._local, self._in_squares, self._reach = _fan_samples(
            self.turns, self.signed, clearance.spacing, clearance.radius, self._scale
        )

    def clear(self, x, y, heading):
        """The indices of the pieces that stay clear driven from (x, y, heading): a list."""
        verdicts, codes = self.verdicts(x, y, heading)
        return [
            k
            for k, verdict in enumerate(verdicts)
            if verdict == OPEN or verdict == UNSURE and self.exactly_clear(x, y, heading, k, codes)
        ]

    def verdicts(self, x, y, heading):
        """What the code raster says of each piece driven from (x, y, heading): ``OPEN`` (clear),
        ``BLOCKED``, or ``UNSURE`` (``exactly_clear`` tells), a list (m,); and the raster's values
        at the samples, for ``exactly_clear``."""
        codes = self._codes(x, y, math.cos(heading), math.sin(heading))
        return codes.min(axis=1).tolist(), codes

    def exactly_clear(self, x, y, heading, k, codes):
        """Whether piece ``k``, which the code raster is unsure of, stays clear driven from (x,
        y, heading): the exact test (``codes`` as ``verdicts`` gave them). The search asks only
        for the moves it would keep: the test costs some 20 times the raster's look-up."""
        points = self._points(x, y, math.cos(heading), math.sin(heading), k)
        return self.clearance._piece_clear(points, codes[k], x, y, heading, self.turns[k], self.signed[k])

    def _codes(self, x, y, c, s):
        """The code raster's values at the samples from (x, y) facing (c, s): (m, k)."""
        clearance = self.clearance
        rows, cols = clearance._raster.shape
        gx, gy = x * self._scale + clearance._padding, y * self._scale + clearance._padding
        if self._reach <= min(gx, gy) and max(gx - cols, gy - rows) < -self._reach:  # on the raster
            squares = complex(gx, gy) + complex(c, s) * self._in_squares  # rotated, then moved
            return clearance._raster.at(squares.imag.astype(np.intp), squares.real.astype(np.intp))
        points = self._points(x, y, c, s, slice(None))
        return clearance._codes_at(points.reshape(-1, 2)).reshape(points.shape[:2])

    def _points(self, x, y, c, s, pieces):
        """The samples of ``pieces`` driven from (x, y) facing (c, s): (k, 2) for one piece's
        index, (m, k, 2) for a slice."""
        local_x, local_y = (a[pieces] for a in self._local)
        return np.stack([x + c * local_x - s * local_y, y + s * local_x + c * local_y], axis=-1)


@functools.lru_cache(maxsize=8)
def _fan_samples(turns, signed, spacing, radius, scale):
    """A ``Fan``'s samples in the frame of the pose they start from, ``spacing`` apart at most
    and evenly from end to end: (x, y) (m, k) each, the same as complex numbers in squares of
    ``scale`` per length unit, and how far the farthest lies, in squares and one more (kept for the
    next plan with the same moves)."""
    longest = max(map(abs, signed))
    fractions = np.linspace(0.0, 1.0, math.ceil(longest / spacing) + 1)
    turns, signed = np.array(turns)[:, None], np.array(signed)[:, None]
    x, y, _ = advance(0.0, 0.0, 0.0, turns, signed * fractions, radius)
    return (x, y), (x + 1j * y) * scale, longest * scale + 1.0
