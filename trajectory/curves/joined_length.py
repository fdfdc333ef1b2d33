"""The arc-length table of Bezier segments joined end to end, made of each segment's own table:
an edit of a spline re-measures only the segments it changed (a drag of one knot of a hundred
measures four, in one batch), and the tables are put together in a few array operations.
"""

import collections
import functools
import typing

import numpy as np

from trajectory._numerics import inverse_fit
from trajectory._numerics.vectors import norms
from trajectory.curves.arclength import length_to, measure
from trajectory.curves.bezier import PiecewiseBezier, power_coefficients

SEGMENTS_KEPT = 4096
"""Segment tables kept (by their control points) for the next edit; more while a longer
spline is measured (its next edit then measures only what it changed)."""
BATCH = 256
"""Segments measured at once at most (their scans take BATCH x 6 kB)."""


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
"""Segment tables by their control points' bytes, the most recently used last. A segment's
table depends on its control points alone, to the bit (``arclength.measure``'s lanes): a
spline measures the same whichever of its segments were kept."""


def _segments(control_points):
    """The ``_Segment`` of each of the segments (m, 4, 3): those not kept measured ``BATCH`` at a
    time."""
    keys = [points.tobytes() for points in control_points]
    found = {key: _measured[key] for key in keys if key in _measured}
    new = [key for key in dict.fromkeys(keys) if key not in found]
    for first in range(0, len(new), BATCH):
        keys_now = new[first : first + BATCH]
        found.update(zip(keys_now, _batch(np.array([np.frombuffer(key).reshape(4, 3) for key in keys_now]))))
    for key in dict.fromkeys(keys):
        _measured[key] = found[key]
        _measured.move_to_end(key)
    while len(_measured) > max(SEGMENTS_KEPT, len(keys)):
        _measured.popitem(last=False)
    return [found[key] for key in keys]


def _batch(control_points):
    """The ``_Segment`` of each of n segments (n, 4, 3), each measured as a curve of its own."""
    fit, stops, stop_lanes = measure(_Segments(control_points), np.empty(0), np.empty(0, dtype=int))
    piece_ends = np.searchsorted(fit.lanes, np.arange(len(control_points)), side="right")
    stop_ends = np.searchsorted(stop_lanes, np.arange(len(control_points)), side="right")
    return [
        _Segment(
            float(fit.widths[begin:end].sum()),
            fit.widths[begin:end],
            fit.coeffs[begin:end],
            fit.u_starts[begin:end],
            stops[stop_begin:stop_end],
        )
        for begin, end, stop_begin, stop_end in zip(
            np.append(0, piece_ends[:-1]), piece_ends, np.append(0, stop_ends[:-1]), stop_ends
        )
    ]


class _Segments:
    """Cubic Bezier segments (n, 4, 3) as ``measure``'s lanes: segment k's own t in [0, 1]."""

    def __init__(self, control_points):
        _, c1, c2, c3 = power_coefficients(control_points)
        # Q'(t) = a + t (b + t c), Q''(t) = b + 2 t c.
        self._a, self._b, self._c = c1, 2.0 * c2, 3.0 * c3
        self.count = len(control_points)

    def _derivative(self, t, lane):
        return self._a[lane] + t * (self._b[lane] + t * self._c[lane])

    def speed(self, t, lane):
        return norms(self._derivative(np.asarray(t, dtype=float)[..., None], lane))

    def slope(self, t, lane):
        return float(np.dot(self._derivative(t, lane), self._b[lane] + 2.0 * t * self._c[lane]))
