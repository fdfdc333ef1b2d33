"""Arc-length parameterisation of a curve: the u at which a given fraction of the length is reached.

The seed sums chord lengths |Q(u_k) - Q(u_k - step)| into a table and interpolates it linearly,
which underestimates the length and leaves the speed rippling. Here the length is the integral of
the speed |Q'(u)|, by Gauss-Legendre quadrature on adaptively refined pieces, and u(s) is a
degree-7 polynomial of s on each piece (see ``inverse_fit``), refined until the distance error is
below ``DISTANCE_TOLERANCE`` of the length.
"""

import numpy as np

from trajectory import inverse_fit
from trajectory.piecewise import PiecewisePolynomial

DISTANCE_TOLERANCE = 1e-14
"""Largest accepted |arclength(0, u(s)) - s * L| / L at the check points."""
_INITIAL_PIECES = 16
_MIN_PIECE_WIDTH = 1e-10
_GAUSS_ORDER = 16
_GAUSS_X, _GAUSS_W = np.polynomial.legendre.leggauss(_GAUSS_ORDER)
_SHORT_GAUSS_ORDER = 8
"""Order of the rule between consecutive sample points, a fourteenth of a piece apart."""
_SHORT_X, _SHORT_W = np.polynomial.legendre.leggauss(_SHORT_GAUSS_ORDER)
_SAMPLE_ORDER = np.argsort(np.argsort(inverse_fit.SAMPLE_POINTS))
_SORTED_POINTS = np.sort(inverse_fit.SAMPLE_POINTS)


class ArcLength:
    """The arc-length table of a ``Curve``.

    Attributes:
        length: The curve's arc length.
        table: u as a ``PiecewisePolynomial`` of the normalised distance s in [0, 1].
    """

    def __init__(self, curve, tolerance=DISTANCE_TOLERANCE):
        self.curve = curve
        breaks = np.concatenate(([0.0], np.sort(np.asarray(curve.breakpoints, float)), [1.0]))
        estimate = np.sum(_integrate(curve, breaks[:-1], breaks[1:]))
        if not (estimate > 0.0 and np.isfinite(estimate)):
            raise ValueError(f"the trajectory has no length (arc length {estimate!r})")

        def sample(lo, hi):
            return _sample(curve, lo, hi, estimate)

        widths, coeffs = inverse_fit.fit_inverse(
            sample,
            breaks,
            tolerance=tolerance,
            initial_pieces=_INITIAL_PIECES,
            min_width=_MIN_PIECE_WIDTH,
        )
        ends = np.cumsum(widths)
        self.length = float(ends[-1])
        self.table = PiecewisePolynomial(np.concatenate(([0.0], ends / ends[-1])), coeffs)

    def parameter(self, s):
        """The u where the normalised arc length from Q(0) reaches ``s`` (scalar or ``(n,)``)."""
        return self.table(s)

    def between(self, u0, u1):
        """The arc length from Q(u0) to Q(u1), by Gauss-Legendre quadrature (arrays broadcast)."""
        return _integrate(self.curve, np.asarray(u0, float), np.asarray(u1, float))


def _integrate(curve, lo, hi, nodes=_GAUSS_X, weights=_GAUSS_W):
    """Gauss-Legendre integral of the speed over each [lo, hi] (arrays of one shape)."""
    half = (hi - lo) / 2.0
    points = (lo + half)[..., None] + half[..., None] * nodes
    speeds = curve.speed(points.ravel()).reshape(points.shape)
    return half * (speeds @ weights)


def _sample(curve, lo, hi, length_estimate):
    """The sampler ``inverse_fit.fit_inverse`` asks for: x = arc length, y = u.

    The arc length to each sample point is a running sum of short Gauss-Legendre integrals
    between consecutive points; one longer rule over the whole piece checks it.
    """
    half = (hi - lo) / 2.0
    centre = lo + half
    sorted_u = centre[:, None] + half[:, None] * _SORTED_POINTS
    steps = _integrate(curve, sorted_u[:, :-1], sorted_u[:, 1:], _SHORT_X, _SHORT_W)
    running = np.zeros_like(sorted_u)
    np.cumsum(steps, axis=1, out=running[:, 1:])
    dx = running[:, _SAMPLE_ORDER]
    u = sorted_u[:, _SAMPLE_ORDER]
    whole = _integrate(curve, lo, hi)
    quadrature_error = np.abs(running[:, -1] - whole) / length_estimate
    weight = curve.speed(u.ravel()).reshape(u.shape) / length_estimate
    return dx, u, weight, quadrature_error
