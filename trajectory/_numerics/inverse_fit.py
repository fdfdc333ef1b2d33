"""Fit y as a piecewise polynomial of x, where both are given as functions of a parameter u.

This is how both of the seed's inversions are done: the velocity curve gives t = T(u) and
s = S(u), so s(t) = S(T^-1(t)); the trajectory gives s = arclength(u) and u itself, so u(s) is the
arc-length parameterisation. Instead of a dense table of (u, x) pairs searched and linearly
interpolated, each piece [u_lo, u_hi] is sampled at Chebyshev points in u, mapped to x, and y is
interpolated there by a polynomial in x. Pieces whose interpolant misses check points between the
nodes are split until it does not.
"""

import dataclasses
import functools

import numpy as np

from trajectory._numerics.piecewise import PiecewisePolynomial

DEGREE = 11
"""Degree of the polynomial on each piece."""

_NODES = -np.cos(np.arange(DEGREE + 1) * np.pi / DEGREE)
_CHECKS = (_NODES[:-1] + _NODES[1:]) / 2.0
SAMPLE_POINTS = np.concatenate((_NODES, _CHECKS))
"""Local points z in [-1, 1] (u = centre + half_width * z) where a sampler is asked for values:
first the interpolation nodes (z = -1 first, z = 1 last), then the check points between them."""
END_SAMPLE = DEGREE
"""Index in SAMPLE_POINTS of the piece's end, z = 1."""

GAUSS_X, GAUSS_W = np.polynomial.legendre.leggauss(16)
"""A Gauss-Legendre rule on [-1, 1] that checks the integrals of ``integral_samples``."""
_CHEB_DEGREE = 24
"""Degree of the Chebyshev interpolant of an integrand on each piece."""


def _chebyshev_operators(degree, points):
    """Matrices taking values at the Chebyshev points of [-1, 1] to their interpolant's integral
    from -1 to each of ``points``, and to its values there."""
    # Chebyshev points of the first kind: all inside the piece, so a joint's one-sided value
    # never leaks into the neighbouring piece.
    nodes = np.cos(np.pi * (np.arange(degree + 1) + 0.5) / (degree + 1))[::-1]
    cheb = np.polynomial.chebyshev
    lagrange = cheb.chebfit(nodes, np.eye(degree + 1), degree)  # column j: coefficients of l_j
    integrals = cheb.chebval(points, cheb.chebint(lagrange, lbnd=-1.0))
    values = cheb.chebval(points, lagrange)
    return nodes, integrals, values


_CHEB_POINTS, _CHEB_INTEGRATE, _CHEB_INTERPOLATE = _chebyshev_operators(_CHEB_DEGREE, SAMPLE_POINTS)

_NODE_SLICE = slice(0, DEGREE + 1)
_CHECK_SLICE = slice(DEGREE + 1, None)
_MIN_NODE_GAP = 1e-9
"""Interpolation nodes closer than this in the local x coordinate make a piece degenerate."""
_MAX_SPLIT = 16
_SPLIT_MARGIN = 1.5
"""Parts asked for beyond the smooth-function estimate: while pieces are coarse the error falls
more slowly than width**(d + 1), and a margin saves a whole round more often than it wastes
pieces (measured on the scene's curves: the near-cusp and the spline need two rounds, not three)."""
_MAX_ROUNDS = 24
MAX_PIECES = 1 << 14
"""Pieces a fit may grow to by default: past them, the round is its last."""
_SAMPLE_BLOCK = 4096
"""Pieces sampled and fitted at a time (see ``_sampled_and_fitted``)."""


@dataclasses.dataclass(frozen=True)
class Fit:
    """A fitted table, pieces in order of lane, then of u: where each starts in u, ``u_starts``
    ``(m,)``; its extent in x, ``widths`` ``(m,)``; the coefficients of y in ascending powers of
    the local coordinate, ``coeffs`` ``(m, DEGREE + 1)``; its lane, ``lanes`` ``(m,)`` (all 0 for
    one function); and the largest error left on a piece that could not reach the tolerance
    (accepted at the least width or the last round), ``worst`` (0 if none), at u = ``worst_at``
    of lane ``worst_lane``."""

    u_starts: np.ndarray
    widths: np.ndarray
    coeffs: np.ndarray
    lanes: np.ndarray
    worst: float
    worst_at: float
    worst_lane: int


def fit_inverse(
    sample, u_breaks, *, tolerance, initial_pieces, min_width, max_pieces=MAX_PIECES, break_lanes=None
):
    """Fit y(x) piecewise, refining until the check-point error is below ``tolerance``.

    Args:
        sample: ``sample(lo, hi)`` for pieces ``lo, hi`` shaped ``(m,)`` returns
            ``(dx, y, weight, extra)``: at u = centre + half_width * SAMPLE_POINTS, ``dx`` =
            x(u) - x(lo) and ``y`` = y(u), both ``(m, p)``; ``weight``, ``(m, p)`` or a float,
            converts an error in y to the error that counts; ``extra``, ``(m,)`` or a float, is
            any error of the sampler's own (a quadrature's, say). With ``break_lanes`` it is
            called ``sample(lo, hi, lane)``, ``lane`` ``(m,)`` each piece's.
        u_breaks: Sorted parameter values, shape ``(k + 1,)``, that must be piece boundaries
            (where x or y may not be smooth).
        tolerance: The largest accepted weighted error.
        initial_pieces: How many pieces to start from, spread over the intervals of u_breaks
            (over each lane's).
        min_width: Pieces no wider than this in u are accepted whatever their error.
        max_pieces: A round that could take the pieces (a lane's) past this many is the last.
        break_lanes: Lanes: independent functions of their own u fitted at once, ``(k + 1,)``
            non-decreasing ints, the lane of each break (``u_breaks`` then sorted within each
            lane). A piece's fit depends on its lane alone, to the bit, however many lanes are
            fitted with it (what measures many segments of a spline in one go).

    Returns:
        A ``Fit``. Pieces whose x stands still (the fit cannot use their nodes) hold their end
        value and do not count in its ``worst``: they cover no x.
    """
    u_breaks = np.asarray(u_breaks, dtype=float)
    if break_lanes is None:  # one function: its sampler takes no lanes
        break_lanes = np.zeros(u_breaks.size, dtype=int)
        sample = functools.partial(_without_lanes, sample)
    break_lanes = np.asarray(break_lanes)
    lo, hi, lane = _initial_pieces(u_breaks, break_lanes, initial_pieces)
    lane_count = int(break_lanes[-1]) + 1
    pieces_done = np.zeros(lane_count, dtype=int)
    done_lo, done_widths, done_coeffs, done_lanes = [], [], [], []
    worst, worst_at, worst_lane = 0.0, 0.0, 0
    for round_number in range(_MAX_ROUNDS):
        widths, y, coeffs, predicted, usable, weight, extra = _sampled_and_fitted(sample, lo, hi, lane)
        miss = np.abs(predicted - y[:, _CHECK_SLICE])
        # Weights are local slopes: they only mean something while the fit stays inside the piece.
        usable &= np.max(miss, axis=1) <= hi - lo
        error = np.max(miss * weight, axis=1) + extra
        error[~usable] = np.inf
        accept = (error <= tolerance) | (hi - lo <= min_width)
        pending = np.bincount(lane, minlength=lane_count)
        if round_number == _MAX_ROUNDS - 1:
            accept[:] = True
        else:
            accept |= (_MAX_SPLIT * pending + pieces_done > max_pieces)[lane]
        fallback = accept & ~usable
        coeffs[fallback] = _linear(y[fallback], widths[fallback])
        short = accept & usable & (error > tolerance)
        if short.any() and error[short].max() > worst:
            at = np.flatnonzero(short)[np.argmax(error[short])]
            worst, worst_at, worst_lane = float(error[at]), float(lo[at]), int(lane[at])
        pieces_done += np.bincount(lane[accept], minlength=lane_count)
        done_lo.append(lo[accept])
        done_widths.append(widths[accept])
        done_coeffs.append(coeffs[accept])
        done_lanes.append(lane[accept])
        if accept.all():
            break
        refine = ~accept
        lo, hi, lane = _split(lo[refine], hi[refine], lane[refine], error[refine], tolerance)
    starts, lanes = np.concatenate(done_lo), np.concatenate(done_lanes)
    order = np.lexsort((starts, lanes))
    return Fit(
        starts[order],
        np.concatenate(done_widths)[order],
        np.concatenate(done_coeffs)[order],
        lanes[order],
        worst,
        worst_at,
        worst_lane,
    )


def _without_lanes(sample, lo, hi, lane):
    return sample(lo, hi)


def _sampled_and_fitted(sample, lo, hi, lane):
    """The pieces (lo, hi) sampled and fitted, ``_SAMPLE_BLOCK`` at a time (a curve of 200,000
    knot spans starts with as many pieces, and its sampling and fitting all at once would hold
    gigabytes): their widths in x, y at the sample points, ``_fit``'s coefficients, predictions
    and usable pieces, and the sampler's weights at the check points and extra errors (each
    either one number, the same for every block, or one per piece)."""
    blocks = []
    for k in range(0, lo.size, _SAMPLE_BLOCK):
        block = slice(k, k + _SAMPLE_BLOCK)
        dx, y, weight, extra = sample(lo[block], hi[block], lane[block])
        widths = dx[:, END_SAMPLE]
        weight = weight[:, _CHECK_SLICE] if np.ndim(weight) else weight
        blocks.append((widths, y, *_fit(dx, y, widths), weight, extra))
    if len(blocks) == 1:
        return blocks[0]
    return tuple(column[0] if np.ndim(column[0]) == 0 else np.concatenate(column) for column in zip(*blocks))


def integral_samples(rate, lo, hi):
    """x(u) = the integral of ``rate`` from lo, at the SAMPLE_POINTS of each piece [lo, hi]: what
    a sampler returns when x is an integral (arc length, or the time to drive a distance).

    On each piece the rate is sampled at Chebyshev points; its interpolant, integrated exactly,
    gives x at every sample point, and a Gauss-Legendre rule over the whole piece, from other
    points, checks it.

    Args:
        rate: A function of u shaped ``(m, q)`` (row j on piece j) returning its values, >= 0.
        lo, hi: The pieces, shape ``(m,)``.

    Returns:
        ``dx`` (m, p), x(u) - x(lo); the interpolated rate at the sample points (m, p); and the
        quadrature's disagreement over each whole piece (m,), an estimate of the error of dx.
    """
    half = (hi - lo) / 2.0
    local = np.concatenate((_CHEB_POINTS, GAUSS_X))
    rates = rate((lo + half)[:, None] + half[:, None] * local)
    chebyshev, gauss = rates[:, : _CHEB_POINTS.size], rates[:, _CHEB_POINTS.size :]
    # einsum, not @: BLAS rounds a row differently by its place in the matrix, and a piece's
    # table must not depend on the pieces fitted with it.
    dx = half[:, None] * np.einsum("mk,kp->mp", chebyshev, _CHEB_INTEGRATE)
    quadrature_error = np.abs(dx[:, END_SAMPLE] - half * np.einsum("mk,k->m", gauss, GAUSS_W))
    return dx, np.einsum("mk,kp->mp", chebyshev, _CHEB_INTERPOLATE), quadrature_error


def sample_parameters(lo, hi):
    """The u of SAMPLE_POINTS on each piece [lo, hi] (shapes ``(m,)``), shape ``(m, p)``."""
    half = (hi - lo) / 2.0
    return (lo + half)[:, None] + half[:, None] * SAMPLE_POINTS


def normalised_table(widths, coeffs, variable):
    """The fitted pieces as a ``PiecewisePolynomial`` of x scaled to [0, 1] (ending exactly at 1),
    pinned to y = 0 at x = 0 and y = 1 at x = 1 (both inversions map the ends to the ends).

    ``variable`` names x for error messages."""
    ends = np.cumsum(widths)
    breaks = np.concatenate(([0.0], ends / ends[-1]))
    # A piece too narrow to show in the scaled x holds at most its end point: give it that value.
    vanished = breaks[1:] == breaks[:-1]
    coeffs = coeffs.copy()
    coeffs[vanished, 0] = coeffs[vanished].sum(axis=1)
    coeffs[vanished, 1:] = 0.0
    return PiecewisePolynomial(breaks, coeffs, ends=(0.0, 1.0), variable=variable)


def _initial_pieces(u_breaks, break_lanes, count):
    """``count`` pieces per lane, spread over its intervals by their widths: lo, hi and lane (m,)."""
    within = break_lanes[1:] == break_lanes[:-1]
    starts, ends, lanes = u_breaks[:-1][within], u_breaks[1:][within], break_lanes[1:][within]
    spans = ends - starts
    lane_widths = np.bincount(lanes, weights=spans)
    per_span = np.maximum(1, np.round(count * spans / lane_widths[lanes])).astype(int)
    first = np.cumsum(per_span) - per_span
    k = np.arange(per_span.sum()) - np.repeat(first, per_span)  # each piece's place in its span
    lo = np.repeat(starts, per_span) + np.repeat(spans, per_span) * k / np.repeat(per_span, per_span)
    last = k == np.repeat(per_span, per_span) - 1
    hi = np.where(last, np.repeat(ends, per_span), np.append(lo[1:], 0.0))
    return lo, hi, np.repeat(lanes, per_span)


def _split(lo, hi, lane, error, tolerance):
    """Split each piece into equal parts, as many as its error says a smooth function needs.

    The error of a degree-d interpolant falls like width**(d + 1), so a piece whose error is
    e > tolerance needs about (e / tolerance)**(1 / (d + 1)) parts, asked for with a margin; near
    a singularity it needs more, which later rounds give it.
    """
    with np.errstate(over="ignore"):
        wanted = np.ceil(_SPLIT_MARGIN * (error / tolerance) ** (1.0 / (DEGREE + 1)))
    parts = np.clip(np.nan_to_num(wanted, posinf=_MAX_SPLIT), 2, _MAX_SPLIT).astype(int)
    starts = np.repeat(lo, parts)
    steps = np.repeat((hi - lo) / parts, parts)
    first = np.cumsum(parts) - parts
    index = np.arange(parts.sum()) - np.repeat(first, parts)
    new_lo = starts + steps * index
    new_hi = np.where(index == np.repeat(parts, parts) - 1, np.repeat(hi, parts), new_lo + steps)
    return new_lo, new_hi, np.repeat(lane, parts)


def _fit(dx, y, widths):
    """Fit each piece through its nodes and predict its check points.

    Returns ``(coeffs, predicted, usable)``: coefficients ``(m, DEGREE + 1)``, the values at the
    check points ``(m, c)``, and which pieces had distinct nodes in x (only those are fitted).
    """
    with np.errstate(divide="ignore", invalid="ignore"):
        z = 2.0 * dx / widths[:, None] - 1.0
        usable = (widths > 0.0) & np.all(np.diff(z[:, _NODE_SLICE], axis=1) > _MIN_NODE_GAP, axis=1)
    powers = np.ones(z.shape + (DEGREE + 1,))
    np.cumprod(np.repeat(z[:, :, None], DEGREE, axis=2), axis=2, out=powers[:, :, 1:])
    coeffs = np.zeros((dx.shape[0], DEGREE + 1))
    if usable.any():
        node_powers = powers[usable][:, _NODE_SLICE]
        try:
            coeffs[usable] = np.linalg.solve(node_powers, y[usable][:, _NODE_SLICE, None])[:, :, 0]
        except np.linalg.LinAlgError:  # nodes too close for some piece: those are not usable
            for piece in np.flatnonzero(usable):
                try:
                    coeffs[piece] = np.linalg.solve(powers[piece, _NODE_SLICE], y[piece, _NODE_SLICE])
                except np.linalg.LinAlgError:
                    usable[piece] = False
    with np.errstate(invalid="ignore"):
        predicted = np.einsum("mck,mk->mc", powers[:, _CHECK_SLICE], coeffs)
    return coeffs, predicted, usable


def _linear(y, widths):
    """Coefficients for degenerate pieces: the straight line between the end values, or the end
    value where x stood still (so that y is right at the last x, and jumps there otherwise)."""
    coeffs = np.zeros((y.shape[0], DEGREE + 1))
    first, last = y[:, 0], y[:, END_SAMPLE]
    still = ~(widths > 0.0)
    coeffs[:, 0] = np.where(still, last, (first + last) / 2.0)
    coeffs[:, 1] = np.where(still, 0.0, (last - first) / 2.0)
    return coeffs
