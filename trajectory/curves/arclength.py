"""Arc-length parameterisation of a curve: the u at which a given fraction of the length is reached.

The seed sums chord lengths |Q(u_k) - Q(u_k - step)| into a table and interpolates it linearly,
which underestimates the length and leaves the speed rippling. Here the length is the integral of
the speed |Q'(u)|, integrated exactly from a Chebyshev interpolant on adaptively refined pieces
(checked by Gauss-Legendre quadrature), and u(s) is a polynomial of s on each piece (see
``inverse_fit``), refined until the distance error is below ``DISTANCE_TOLERANCE`` of the length.
"""

import numpy as np

from trajectory._numerics import inverse_fit
from trajectory._numerics.checks import real_values


class NoLengthError(ValueError):
    """A curve that has no length: all its points in one place (or its length not finite)."""


DISTANCE_TOLERANCE = 1e-14
"""Largest accepted |arclength(0, u(s)) - s * L| / L at the check points."""
UNRESOLVED = 1e-11
"""A table still missing by more than this (relative) at its least piece width is refused: the
curve has a point the pieces cannot close in on, such as an infinite speed (sqrt(u) at 0)."""
_INITIAL_PIECES = 24
_MIN_PIECE_WIDTH = 1e-10
_SCAN_POINTS = 257
"""Grid on which the speed is scanned for places where the curve nearly stops."""
_SLOW = 0.05
"""A local minimum of the speed below this fraction of its maximum counts as nearly stopping."""
_MAX_SLOW_POINTS = 8
_ZOOM_POINTS = 17
_ZOOM_ROUNDS = 4
_GRADING_START = 0.125
"""Distance in u of the first graded breakpoint from a slow point."""
_GRADING = 4.0
"""Ratio of consecutive piece widths closing in on a slow point."""
_MAX_GRADING_STEPS = 12
STOPPED = 1e-12
"""A slow point whose speed, found to the last bit, is below this fraction of the curve's top
speed is a stop (a cusp where the curve bends): |Q'| is zero there to rounding."""
_BISECTIONS = 64


class ArcLength:
    """The arc-length table of a ``Curve``.

    With ``spans_alone``, each span between the curve's breakpoints is measured as if it were a
    curve of its own (scanned for slow points on its own, its table to ``tolerance`` of its own
    length): what measures many unrelated segments in one batch (``JoinedLength``).

    Attributes:
        length: The curve's arc length.
        table: u as a ``PiecewisePolynomial`` of the normalised distance s in [0, 1].
        stops: The u inside (0, 1) where the curve stops (its speed zero to rounding: an exact
            cusp), found to the last bit; each is a break of the table.
    """

    def __init__(self, curve, tolerance=DISTANCE_TOLERANCE, spans_alone=False):
        self.curve = curve
        joints = np.asarray(curve.breakpoints, dtype=float)
        spans = np.concatenate(([0.0], joints, [1.0])) if spans_alone else np.array([0.0, 1.0])
        slow, precision, top_speed, slow_spans = _slow_points(curve, spans)
        self.stops = _stops(curve, slow, precision, top_speed)
        graded = _graded_around(curve, slow, spans[slow_spans], spans[slow_spans + 1])
        breaks = np.unique(np.concatenate(([0.0, 1.0], joints, graded, self.stops)))
        lengths = np.split(_integrate(curve, breaks[:-1], breaks[1:]), np.searchsorted(breaks, spans[1:-1]))
        estimates = np.array([np.sum(part) for part in lengths])
        if not (np.all(estimates > 0.0) and np.all(np.isfinite(estimates))):
            raise NoLengthError(f"the trajectory has no length (arc length {float(estimates.min()):g})")

        def sample(lo, hi):
            return _sample(curve, lo, hi, estimates[np.searchsorted(spans, lo, side="right") - 1])

        fit = inverse_fit.fit_inverse(
            sample,
            breaks,
            tolerance=tolerance,
            initial_pieces=_INITIAL_PIECES * (spans.size - 1),
            min_width=_MIN_PIECE_WIDTH * np.diff(spans).min(),
            max_pieces=inverse_fit.MAX_PIECES * (spans.size - 1),
        )
        if fit.worst > UNRESOLVED:
            raise ValueError(
                f"the trajectory's speed changes too abruptly near u = {fit.worst_at:.3g} to measure "
                "its length "
                f"(the table misses by {fit.worst:.1e} of it there): is its derivative unbounded?"
            )
        widths = fit.widths
        self.table = inverse_fit.normalised_table(widths, fit.coeffs, variable="distance")
        ends = np.cumsum(widths)
        self.length = float(ends[-1])
        self._u_starts = fit.u_starts
        self._lengths_before = ends - widths

    @property
    def u_breaks(self):
        """The values of u where the table's pieces begin, and 1: closer together where the
        curve nearly stops."""
        return np.append(self._u_starts, 1.0)

    def parameter(self, s):
        """The u where the normalised arc length from Q(0) reaches ``s`` (scalar or ``(n,)``)."""
        return self.table(s)

    def at(self, u):
        """The arc length from Q(0) to Q(u), u clamped to [0, 1] (scalar or array).

        The table's pieces already resolve the speed, so one Gauss-Legendre rule from the start of
        u's piece, added to the length before that piece, is accurate to rounding.
        """
        return length_to(self.curve, self._u_starts, self._lengths_before, u)

    def between(self, u0, u1):
        """The arc length from Q(u0) to Q(u1), negative if u1 < u0 (arrays broadcast)."""
        return self.at(u1) - self.at(u0)


def length_to(curve, u_starts, lengths_before, u):
    """The arc length from Q(0) to Q(u), u clamped to [0, 1] (scalar or array), of a table whose
    pieces start at ``u_starts`` (m,) with ``lengths_before`` (m,) them: one Gauss-Legendre rule
    from the start of u's piece."""
    u = np.clip(real_values(u, "u"), 0.0, 1.0)
    piece = np.clip(np.searchsorted(u_starts, u, side="right") - 1, 0, u_starts.size - 1)
    return lengths_before[piece] + _integrate(curve, u_starts[piece], u)


def _slow_points(curve, spans):
    """The places where the curve nearly stops: in each of the ``spans`` (u, sorted, (k + 1,)),
    local minima of the speed below ``_SLOW`` of its top there, each zoomed in on. Returns their u
    (an array, empty for most curves) and for each how far (in u) the true minimum may be from
    it, its span's top speed on the scan, and its span's index."""
    widths = np.diff(spans)
    grid = spans[:-1, None] + widths[:, None] * np.linspace(0.0, 1.0, _SCAN_POINTS)
    speed = curve.speed(grid.ravel()).reshape(grid.shape)
    padded = np.pad(speed, ((0, 0), (1, 1)), constant_values=np.inf)
    top = speed.max(axis=1, keepdims=True)
    is_slow = (speed <= padded[:, :-2]) & (speed <= padded[:, 2:]) & (speed < _SLOW * top)
    is_slow &= np.cumsum(is_slow, axis=1) <= _MAX_SLOW_POINTS
    span, point = np.nonzero(is_slow)
    step = widths[span, None] / (_SCAN_POINTS - 1)
    centre, lo, hi = grid[span, point], spans[span, None], spans[span + 1, None]
    local = np.linspace(-1.0, 1.0, _ZOOM_POINTS)
    for _ in range(_ZOOM_ROUNDS if centre.size else 0):  # zoom in on each minimum, all at once
        points = np.clip(centre[:, None] + step * local, lo, hi)
        centre = points[
            np.arange(centre.size), np.argmin(curve.speed(points.ravel()).reshape(points.shape), axis=1)
        ]
        step = step * (2.0 / (_ZOOM_POINTS - 1))
    return centre, step[:, 0], top[span, 0], span


def _stops(curve, slow, precision, top_speed):
    """Of the ``slow`` points (u, each within ``precision`` of a minimum of the speed), those inside
    (0, 1) where the curve stops, each found to the last bit by bisection on the sign of
    d|Q'|²/du = 2 Q' . Q'' (negative before a minimum of the speed, positive after)."""
    stops = []
    for centre, near, top in zip(slow.tolist(), precision.tolist(), top_speed.tolist()):
        low, high = max(centre - 2.0 * near, 0.0), min(centre + 2.0 * near, 1.0)

        def slope(u):
            return float(np.dot(curve.derivative(u), curve.second_derivative(u)))

        if not (slope(low) < 0.0 < slope(high)):
            continue
        for _ in range(_BISECTIONS):
            middle = (low + high) / 2.0
            if not low < middle < high:
                break
            if slope(middle) < 0.0:
                low = middle
            else:
                high = middle
        u = min((low, high), key=curve.speed)
        if 0.0 < u < 1.0 and curve.speed(u) <= STOPPED * top:
            stops.append(u)
    return np.array(sorted(set(stops)))


def _graded_around(curve, slow, span_starts, span_ends):
    """Breakpoints closing in geometrically on the ``slow`` points, where the curve nearly stops
    (each in the span of u from ``span_starts`` to ``span_ends``, the grading scaled to it).

    Near a (near-)cusp the speed dips to almost nothing and u(s) turns almost singular; pieces
    must shrink to the width of the dip there. Starting from such a layout spares the fit many
    rounds of refinement. Returns an array of u in (0, 1), empty for most curves.
    """
    if slow.size == 0:
        return np.empty(0)
    lo, hi = span_starts, span_ends
    step = (hi - lo) / (_SCAN_POINTS - 1)
    # The dip is about (slowest speed) / (how fast the speed grows) wide.
    slowest = curve.speed(slow)
    ahead, behind = curve.speed(np.minimum(slow + step, hi)), curve.speed(np.maximum(slow - step, lo))
    growth = (ahead + behind) / (2 * step)
    width = np.maximum(slowest / np.maximum(growth, np.finfo(float).tiny), _MIN_PIECE_WIDTH * (hi - lo))
    offsets = _GRADING_START * _GRADING ** -np.arange(_MAX_GRADING_STEPS) * (hi - lo)[:, None]
    points = slow[:, None] + np.concatenate((-offsets, offsets), axis=1)
    keep = np.tile(offsets > width[:, None], 2) & (points > lo[:, None]) & (points < hi[:, None])
    return np.concatenate((points[keep], slow[(slow > 0.0) & (slow < 1.0)]))


def _integrate(curve, lo, hi):
    """Gauss-Legendre integral of the speed over each [lo, hi] (arrays of one shape)."""
    half = (hi - lo) / 2.0
    points = (lo + half)[..., None] + half[..., None] * inverse_fit.GAUSS_X
    return half * (curve.speed(points.ravel()).reshape(points.shape) @ inverse_fit.GAUSS_W)


def _sample(curve, lo, hi, length_estimate):
    """The sampler ``inverse_fit.fit_inverse`` asks for: x = arc length, y = u (see
    ``inverse_fit.integral_samples``), errors relative to each piece's ``length_estimate`` (m,).
    All the speeds a round needs come from one call."""

    def speeds(u):
        return curve.speed(u.ravel()).reshape(u.shape)

    dx, speed, quadrature_error = inverse_fit.integral_samples(speeds, lo, hi)
    u = inverse_fit.sample_parameters(lo, hi)
    return dx, u, speed / length_estimate[:, None], quadrature_error / length_estimate
