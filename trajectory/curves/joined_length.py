"""The arc-length table of Bezier segments joined end to end, made of each segment's own table:
an edit of a spline re-measures only the segments it changed (a drag of one knot of a hundred
measures four, in one batch), and the tables are put together in a few array operations.
"""

import collections
import functools
import typing

import numpy as np

from trajectory._numerics import inverse_fit
from trajectory.curves.arclength import ArcLength, length_to
from trajectory.curves.bezier import PiecewiseBezier

SEGMENTS_KEPT = 4096
"""Segment tables kept (by their control points) for the next edit."""
BATCH = 8
"""Segments measured in one batch at most: a batch's parameter u is shared by its segments, so
a segment's own u is resolved BATCH times more coarsely than alone (8: to about 1e-15 of it; a
hundred would miss the tables' 1e-14)."""


class JoinedBezier(PiecewiseBezier):
    """A ``PiecewiseBezier`` whose arc-length table is a ``JoinedLength``: what an editable
    ``Spline`` is made of."""

    @functools.cached_property
    def arc_length(self):
        return JoinedLength(self)


class JoinedLength:
    """The ``ArcLength`` interface (``length``, ``table``, ``stops``, ``u_breaks``, ``parameter``,
    ``at``, ``between``) for a ``PiecewiseBezier`` of m segments, segment k covering u in
    [k / m, (k + 1) / m]: each segment measured alone, to the same tolerance of its own length
    (the segments not measured before, all in one batch)."""

    def __init__(self, curve):
        self.curve = curve
        _, widths, coefficients, starts, stops = zip(*_segments(curve.control_points))
        count = len(widths)
        piece_segment = np.repeat(np.arange(count), [len(piece_widths) for piece_widths in widths])
        stop_segment = np.repeat(np.arange(count), [len(segment_stops) for segment_stops in stops])
        widths = np.concatenate(widths)
        self.length = float(widths.sum())
        # Segment k's u is (k + its own u) / m: its coefficients scaled by 1/m, k/m added.
        coefficients = np.concatenate(coefficients) / count
        coefficients[:, 0] += piece_segment / count
        self.table = inverse_fit.normalised_table(widths, coefficients, "distance")
        self.stops = (np.concatenate(stops) + stop_segment) / count
        self._u_starts = (np.concatenate(starts) + piece_segment) / count
        self._lengths_before = np.cumsum(widths) - widths

    @property
    def u_breaks(self):
        """The values of u where the table's pieces begin, and 1."""
        return np.append(self._u_starts, 1.0)

    def parameter(self, s):
        """The u where the normalised arc length from Q(0) reaches ``s`` (scalar or ``(n,)``)."""
        return self.table(s)

    def at(self, u):
        """The arc length from Q(0) to Q(u), u clamped to [0, 1] (scalar or array)."""
        return length_to(self.curve, self._u_starts, self._lengths_before, u)

    def between(self, u0, u1):
        """The arc length from Q(u0) to Q(u1), negative if u1 < u0 (arrays broadcast)."""
        return self.at(u1) - self.at(u0)


class _Segment(typing.NamedTuple):
    """One segment's table as the whole table takes them: its length; each piece's length, its
    coefficients (u of the segment in the piece's local coordinate) and where in u it starts;
    and the u where the segment stops."""

    length: float
    widths: np.ndarray
    coefficients: np.ndarray
    u_starts: np.ndarray
    stops: np.ndarray


_measured = collections.OrderedDict()
"""Segment tables by their control points' bytes, the most recently used last."""


def _segments(control_points):
    """The ``_Segment`` of each of the segments (m, 4, 3): those not kept measured ``BATCH`` at a
    time."""
    keys = [points.tobytes() for points in control_points]
    new = list(dict.fromkeys(key for key in keys if key not in _measured))
    for first in range(0, len(new), BATCH):
        keys_now = new[first : first + BATCH]
        _measured.update(
            zip(keys_now, _batch(np.array([np.frombuffer(key).reshape(4, 3) for key in keys_now])))
        )
    for key in keys:
        _measured.move_to_end(key)
    while len(_measured) > SEGMENTS_KEPT:
        _measured.popitem(last=False)
    return [_measured[key] for key in keys]


def _batch(control_points):
    """The ``_Segment`` of each of n segments (n, 4, 3), measured as the spans of one curve."""
    count = len(control_points)
    table = ArcLength(PiecewiseBezier(control_points), spans_alone=True)
    joints = np.linspace(0.0, 1.0, count + 1)
    starts, stops = table.u_breaks[:-1], table.stops
    segment = np.searchsorted(joints, starts, side="right") - 1
    stop_segment = np.searchsorted(joints, stops, side="right") - 1
    widths = np.diff(table.table.breaks) * table.length
    # A segment's own u is (u - its start) * n: so are u's coefficients in each piece.
    coefficients = table.table.coeffs[:, :, 0] * count
    coefficients[:, 0] -= joints[segment] * count
    ends = np.searchsorted(segment, np.arange(count), side="right")
    return [
        _Segment(
            float(widths[begin:end].sum()),
            widths[begin:end],
            coefficients[begin:end],
            (starts[begin:end] - joints[k]) * count,
            (stops[stop_segment == k] - joints[k]) * count,
        )
        for k, (begin, end) in enumerate(zip(np.append(0, ends[:-1]), ends))
    ]
