"""The arc-length table of Bezier segments joined end to end, made of each segment's own table:
an edit of a spline re-measures only the segments it changed (a drag of one knot of a hundred
measures four), and the tables are put together in a few array operations.
"""

import functools
import typing

import numpy as np

from trajectory._numerics import inverse_fit
from trajectory._numerics.checks import real_values
from trajectory.curves.arclength import ArcLength
from trajectory.curves.bezier import CubicBezier, PiecewiseBezier

SEGMENTS_KEPT = 4096
"""Segment tables kept (by their control points) for the next edit."""


class JoinedBezier(PiecewiseBezier):
    """A ``PiecewiseBezier`` whose arc-length table is a ``JoinedLength``: what an editable
    ``Spline`` is made of."""

    @functools.cached_property
    def arc_length(self):
        return JoinedLength(self)


class JoinedLength:
    """The ``ArcLength`` interface (``length``, ``table``, ``stops``, ``u_breaks``, ``parameter``,
    ``at``, ``between``) for a ``PiecewiseBezier`` of m segments, segment k covering u in
    [k / m, (k + 1) / m]: each segment measured alone, to the same tolerance of its own length."""

    def __init__(self, curve):
        self.curve = curve
        segments = [_segment(points.tobytes()) for points in curve.control_points]
        self._segments, count = [segment.table for segment in segments], len(segments)
        lengths = np.array([segment.table.length for segment in segments])
        pieces = np.array([len(segment.widths) for segment in segments])
        self.length = float(lengths.sum())
        self._before = np.concatenate(([0.0], np.cumsum(lengths)[:-1]))
        # Segment k's u is (k + its own u) / m: its coefficients scaled by 1/m, k/m added.
        widths = np.concatenate([segment.widths for segment in segments]) * np.repeat(lengths, pieces)
        coefficients = np.concatenate([segment.coefficients for segment in segments]) / count
        coefficients[:, 0] += np.repeat(np.arange(count), pieces) / count
        self.table = inverse_fit.normalised_table(widths, coefficients, "distance")
        self.stops = np.concatenate([(k + segment.table.stops) / count for k, segment in enumerate(segments)])
        self._u_breaks = np.concatenate(
            [(k + segment.u_starts) / count for k, segment in enumerate(segments)] + [[1.0]]
        )

    @property
    def u_breaks(self):
        """The values of u where the table's pieces begin, and 1."""
        return self._u_breaks

    def parameter(self, s):
        """The u where the normalised arc length from Q(0) reaches ``s`` (scalar or ``(n,)``)."""
        return self.table(s)

    def at(self, u):
        """The arc length from Q(0) to Q(u), u clamped to [0, 1] (scalar or array)."""
        u = np.clip(real_values(u, "u"), 0.0, 1.0)
        count = len(self._segments)
        k = np.minimum((np.asarray(u) * count).astype(int), count - 1)
        local = np.asarray(u) * count - k
        if np.ndim(u) == 0:
            return float(self._before[k] + self._segments[int(k)].at(float(local)))
        result = np.empty(np.shape(u))
        for segment in np.unique(k):
            chosen = k == segment
            result[chosen] = self._before[segment] + self._segments[segment].at(local[chosen])
        return result

    def between(self, u0, u1):
        """The arc length from Q(u0) to Q(u1), negative if u1 < u0 (arrays broadcast)."""
        return self.at(u1) - self.at(u0)


class _Segment(typing.NamedTuple):
    """One segment's ``ArcLength`` and its pieces as the whole table takes them: each piece's
    share of the segment's length, its coefficients, and where in u (of the segment) it starts."""

    table: ArcLength
    widths: np.ndarray
    coefficients: np.ndarray
    u_starts: np.ndarray


@functools.lru_cache(maxsize=SEGMENTS_KEPT)
def _segment(points):
    """The ``_Segment`` of the segment whose control points' bytes (4 x 3 floats) are ``points``."""
    table = ArcLength(CubicBezier(np.frombuffer(points).reshape(4, 3)))
    return _Segment(table, np.diff(table.table.breaks), table.table.coeffs[:, :, 0], table.u_breaks[:-1])
