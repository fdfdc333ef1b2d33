"""Piecewise polynomials y(x) on sorted breakpoints: the form of every table (``inverse_fit`` fits
them).

A piece ``j`` covers ``[breaks[j], breaks[j + 1]]`` and holds ``y = sum_k coeffs[j, k] * z**k`` in
the local coordinate ``z = (x - centre_j) / half_width_j``, which runs over ``[-1, 1]``. Values are
scalars (``coeffs`` shaped ``(m, d + 1)``) or vectors (``(m, d + 1, dim)``).

Evaluation is the seed's "binary search, then interpolate": a scalar query bisects a Python list,
a sorted batch bisects the breakpoints into the queries once and evaluates each piece on a slice,
any other batch (or one too small to amortise a loop over pieces) bisects every query.
"""

import bisect
import functools
import math

import numpy as np

from trajectory._numerics.checks import real_values

_SLICE_MIN_POINTS = 1000
"""Sorted batches with at least this many points per piece are evaluated slice by slice; below
it, the Python loop over pieces costs more than gathering coefficients per point."""


_GATHER_ALL_MAX_POINTS = 50_000
"""Unsorted batches up to this size gather all their coefficients at once; larger ones, whose
gathered coefficients would not fit in cache, one coefficient at a time."""


class PiecewisePolynomial:
    """A piecewise polynomial function of one variable.

    Args:
        breaks: Breakpoints, shape ``(m + 1,)``, non-decreasing.
        coeffs: Coefficients in ascending powers of the local coordinate, shape ``(m, d + 1)``
            for scalar values or ``(m, d + 1, dim)`` for vector values.
        ends: If given, the exact values at the first and last breakpoint (shape ``(2,)``, or
            ``(2, dim)``), returned there instead of the end pieces' polynomials, which reach
            them only to rounding.
        variable: What x is, for error messages.

    Queries outside ``[breaks[0], breaks[-1]]`` are clamped to it; NaN is refused.

    >>> line = PiecewisePolynomial([0.0, 2.0], [[1.0, 1.0]])  # y = x on [0, 2]
    >>> float(line(0.5)), line([0.0, 3.0]).tolist()
    (0.5, [0.0, 2.0])
    """

    def __repr__(self):
        degree = self.coeffs.shape[1] - 1
        return (
            f"PiecewisePolynomial({self.pieces} pieces of degree {degree} in {self.variable}, "
            f"{self.dim} component{'s' * (self.dim != 1)})"
        )

    def __init__(self, breaks, coeffs, ends=None, variable="x"):
        self.breaks = np.asarray(breaks, dtype=float)
        coeffs = np.asarray(coeffs, dtype=float)
        self.coeffs = coeffs if coeffs.ndim == 3 else coeffs[:, :, None]
        self.is_vector = coeffs.ndim == 3
        self.ends = None if ends is None else np.asarray(ends, dtype=float).reshape(2, self.dim)
        self.variable = variable
        half_widths = np.diff(self.breaks) / 2.0
        self._centres = self.breaks[:-1] + half_widths
        self._columns = np.ascontiguousarray(self.coeffs.transpose(2, 1, 0))  # (dim, d + 1, m)
        self._inverse_half = np.divide(
            1.0, half_widths, out=np.zeros_like(half_widths), where=half_widths > 0.0
        )

    @functools.cached_property
    def _python(self):
        """Breakpoints, centres, inverse half widths, and per piece and component the descending
        coefficients, as Python floats: the scalar and sorted paths run on these without numpy
        scalars. Built on first use, so tables only ever evaluated in bulk never pay for it; a
        piece's coefficients are None until ``_descending`` makes them, so that a table made
        anew (a dragged curve's, every frame) pays only for the pieces it is read at."""
        descending = [None] * self.pieces
        ends = None
        if self.ends is not None:
            ends = [row[0] if not self.is_vector else row for row in self.ends.tolist()]
        return self.breaks.tolist(), self._centres.tolist(), self._inverse_half.tolist(), descending, ends

    @property
    def pieces(self):
        """The number of pieces ``m``."""
        return self.coeffs.shape[0]

    @property
    def dim(self):
        """The number of value components: 1 for a scalar function."""
        return self.coeffs.shape[2]

    def __call__(self, x):
        """Evaluate at ``x``: a scalar gives a float (or ``(dim,)``), shape ``(n,)`` gives
        ``(n,)`` (or ``(n, dim)``).

        Raises:
            ValueError: If x holds NaN or anything but real numbers.
        """
        x = real_values(x, self.variable)
        if isinstance(x, float):
            return self.scalar(x)
        flat = np.clip(x.ravel(), self.breaks[0], self.breaks[-1])
        ordered = flat.size >= _SLICE_MIN_POINTS * self.pieces and not np.any(flat[1:] < flat[:-1])
        rows = self._evaluate_sorted(flat) if ordered or self.pieces == 1 else self._evaluate_gathered(flat)
        if self.ends is not None:
            self._pin_ends(rows, flat, ordered)
        if self.is_vector:
            return rows.T.reshape(x.shape + (self.dim,))
        return rows[0].reshape(x.shape)

    def _pin_ends(self, rows, flat, ordered):
        """Give the (clipped) queries at the first and last breakpoint the exact end values: for a
        sorted batch, the runs at its two ends; otherwise wherever they are."""
        first, last = self.breaks[0], self.breaks[-1]
        if ordered:
            rows[:, : np.searchsorted(flat, first, side="right")] = self.ends[0][:, None]
            rows[:, np.searchsorted(flat, last, side="left") :] = self.ends[1][:, None]
            return
        rows[:, flat == first] = self.ends[0][:, None]
        rows[:, flat == last] = self.ends[1][:, None]

    def derivative(self):
        """The derivative dy/dx as a new ``PiecewisePolynomial`` on the same breakpoints."""
        degree = self.coeffs.shape[1] - 1
        if degree == 0:
            derived = np.zeros_like(self.coeffs)
        else:
            powers = np.arange(1, degree + 1, dtype=float)[None, :, None]
            derived = self.coeffs[:, 1:] * powers * self._inverse_half[:, None, None]
        return PiecewisePolynomial(
            self.breaks, derived if self.is_vector else derived[:, :, 0], variable=self.variable
        )

    def scalar(self, x):
        """Evaluate at one Python float ``x``: the per-frame fast path, with no numpy dispatch.
        (Its piece lookup is ``_locate``'s, written out: the call would cost a fifth of it.)"""
        breaks, centres, inverse_half, coefficients, ends = self._python
        if x <= breaks[0]:
            if ends is not None:
                return np.array(ends[0]) if self.is_vector else ends[0]
            j, x = 0, breaks[0]
        elif x >= breaks[-1]:
            if ends is not None:
                return np.array(ends[1]) if self.is_vector else ends[1]
            j, x = len(centres) - 1, breaks[-1]
        elif math.isnan(x):
            raise ValueError(f"{self.variable} must be a number, got nan")
        else:
            j = bisect.bisect_right(breaks, x) - 1
        z = (x - centres[j]) * inverse_half[j]
        piece = coefficients[j] or self._descending(j)
        if not self.is_vector:
            value = 0.0
            for c in piece[0]:
                value = value * z + c
            return value
        values = []
        for descending in piece:
            value = 0.0
            for c in descending:
                value = value * z + c
            values.append(value)
        return np.array(values)

    def scalar_with_slope(self, x):
        """The values and the derivatives d/dx at one Python float ``x`` (clamped), as two lists
        of floats, one piece lookup for both: the per-frame path of a curve's point and tangent.
        At the first and last breakpoint the values are ``ends`` when given."""
        inverse_half, coefficients, ends = self._python[2:]
        j, z, end = self._locate(x)
        values, slopes = [], []
        for descending in coefficients[j] or self._descending(j):
            value, slope = 0.0, 0.0
            for c in descending:
                slope = slope * z + value
                value = value * z + c
            values.append(value)
            slopes.append(slope * inverse_half[j])
        if end is not None and ends is not None:
            values = list(ends[end])
        return values, slopes

    def scalar_derivatives(self, x):
        """``scalar_with_slope`` and the second derivatives d²/dx² too, as three lists of floats,
        by one piece lookup: the per-frame path of a banked frame."""
        inverse_half, ends = self._python[2], self._python[4]
        j, z, end = self._locate(x)
        values, slopes, bendings = self._horner(self._rows[j] or self._row(j), z, inverse_half[j])
        if end is not None and ends is not None:
            values = list(ends[end])
        return values, slopes, bendings

    def _descending(self, j):
        """Piece ``j``'s coefficients per component from the highest power down, as Python
        floats (trimmed of powers too small to matter), kept in ``_python`` once made."""
        piece = [_trimmed(self.coeffs[j, ::-1, c].tolist()) for c in range(self.dim)]
        self._python[3][j] = piece
        return piece

    @functools.cached_property
    def _horner(self):
        return _HORNERS.get(self.dim, _horner_any)

    @functools.cached_property
    def _rows(self):
        """Per piece, its coefficients from the highest power down, each a tuple of one per
        component (for ``scalar_derivatives``); None until ``_row`` makes them."""
        return [None] * self.pieces

    def _row(self, j):
        rows = self._rows[j] = [tuple(row) for row in self.coeffs[j, ::-1].tolist()]
        return rows

    def _locate(self, x):
        """The piece j holding one Python float ``x`` (clamped to the breakpoints), the local
        coordinate z in [-1, 1] there, and 0 or 1 when x is at or past the first or last
        breakpoint (else None)."""
        breaks, centres, inverse_half = self._python[:3]
        end = None
        if x <= breaks[0]:
            j, x, end = 0, breaks[0], 0
        elif x >= breaks[-1]:
            j, x, end = len(centres) - 1, breaks[-1], 1
        elif math.isnan(x):
            raise ValueError(f"{self.variable} must be a number, got nan")
        else:
            j = bisect.bisect_right(breaks, x) - 1
        return j, (x - centres[j]) * inverse_half[j], end

    def _evaluate_sorted(self, flat):
        _, centres, inverse_half, descending_coeffs, _ = self._python
        rows = np.empty((self.dim, flat.size))
        starts = np.empty(self.pieces + 1, dtype=np.intp)
        starts[0], starts[-1] = 0, flat.size
        starts[1:-1] = np.searchsorted(flat, self.breaks[1:-1], side="left")
        for j in np.flatnonzero(starts[1:] > starts[:-1]).tolist():
            lo, hi = starts[j], starts[j + 1]
            z = flat[lo:hi] - centres[j]
            z *= inverse_half[j]
            for component, descending in enumerate(descending_coeffs[j] or self._descending(j)):
                row = rows[component, lo:hi]
                row.fill(descending[0])
                for c in descending[1:]:
                    row *= z
                    row += c
        return rows

    def _evaluate_gathered(self, flat):
        index = np.searchsorted(self.breaks, flat, side="right") - 1
        np.clip(index, 0, self.pieces - 1, out=index)
        z = (flat - self._centres[index]) * self._inverse_half[index]
        if flat.size <= _GATHER_ALL_MAX_POINTS:  # one gather of every coefficient: fewest calls
            coeffs = np.take(self.coeffs, index, axis=0)  # (n, d + 1, dim)
            values = coeffs[:, -1].copy()
            for k in range(coeffs.shape[1] - 2, -1, -1):
                values *= z[:, None]
                values += coeffs[:, k]
            return values.T
        rows = np.empty((self.dim, flat.size))  # one coefficient at a time: least memory
        for component in range(self.dim):
            row = rows[component]
            columns = self._columns[component]
            np.take(columns[-1], index, out=row)
            for column in columns[-2::-1]:
                row *= z
                row += np.take(column, index)
        return rows


def _horner_any(rows, z, scale):
    """The values and the first and second derivatives of polynomials in z given by ``rows`` of
    coefficients (the highest power first, a tuple of one per polynomial), at one float z, the
    derivatives taken in x = z / ``scale``."""
    values = [0.0] * len(rows[0])
    slopes, halves = list(values), list(values)
    for row in rows:
        for k, c in enumerate(row):
            halves[k] = halves[k] * z + slopes[k]
            slopes[k] = slopes[k] * z + values[k]
            values[k] = values[k] * z + c
    second = 2.0 * scale * scale
    return values, [slope * scale for slope in slopes], [half * second for half in halves]


def _horner_3(rows, z, scale):
    """``_horner_any`` for three polynomials, written out (the per-frame path of a curve)."""
    v0 = v1 = v2 = s0 = s1 = s2 = h0 = h1 = h2 = 0.0
    for c0, c1, c2 in rows:
        h0, s0, v0 = h0 * z + s0, s0 * z + v0, v0 * z + c0
        h1, s1, v1 = h1 * z + s1, s1 * z + v1, v1 * z + c1
        h2, s2, v2 = h2 * z + s2, s2 * z + v2, v2 * z + c2
    second = 2.0 * scale * scale
    return [v0, v1, v2], [s0 * scale, s1 * scale, s2 * scale], [h0 * second, h1 * second, h2 * second]


def _horner_4(rows, z, scale):
    """``_horner_any`` for four polynomials (a NURBS curve's homogeneous ones), written out."""
    v0 = v1 = v2 = v3 = s0 = s1 = s2 = s3 = h0 = h1 = h2 = h3 = 0.0
    for c0, c1, c2, c3 in rows:
        h0, s0, v0 = h0 * z + s0, s0 * z + v0, v0 * z + c0
        h1, s1, v1 = h1 * z + s1, s1 * z + v1, v1 * z + c1
        h2, s2, v2 = h2 * z + s2, s2 * z + v2, v2 * z + c2
        h3, s3, v3 = h3 * z + s3, s3 * z + v3, v3 * z + c3
    second = 2.0 * scale * scale
    return (
        [v0, v1, v2, v3],
        [s0 * scale, s1 * scale, s2 * scale, s3 * scale],
        [h0 * second, h1 * second, h2 * second, h3 * second],
    )


_HORNERS = {3: _horner_3, 4: _horner_4}


def _trimmed(descending):
    """Drop leading (highest-power) coefficients too small to change a value on [-1, 1], such as
    the rounding left where a fitted piece is really of lower degree."""
    negligible = sum(map(abs, descending)) * 2.0**-53
    start = 0
    while start < len(descending) - 1 and abs(descending[start]) <= negligible:
        start += 1
    return descending[start:]
