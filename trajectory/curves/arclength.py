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

    Attributes:
        length: The curve's arc length.
        table: u as a ``PiecewisePolynomial`` of the normalised distance s in [0, 1].
        stops: The u inside (0, 1) where the curve stops (its speed zero to rounding: an exact
            cusp), found to the last bit; each is a break of the table.
    """

    def __repr__(self):
        return f"ArcLength(length {self.length:.6g}, {self.table.pieces} pieces)"

    def __init__(self, curve, tolerance=DISTANCE_TOLERANCE):
        self.curve = curve
        joints = np.asarray(curve.breakpoints, dtype=float)
        fit, self.stops, _ = measure(_OneCurve(curve), joints, np.zeros(joints.size, dtype=int), tolerance)
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


class _OneCurve:
    """A ``Curve`` as the one lane ``measure`` takes."""

    count = 1

    def __init__(self, curve):
        self.curve = curve

    def speed(self, u, lane):
        u = np.asarray(u, dtype=float)
        return self.curve.speed(u.ravel()).reshape(u.shape)

    def slope(self, u, lane):
        return float(np.dot(self.curve.derivative(u), self.curve.second_derivative(u)))


def measure(lanes, joints, joint_lanes, tolerance=DISTANCE_TOLERANCE):
    """The arc-length tables of ``lanes.count`` curves of their own u in [0, 1], at once: each
    table depends on its own curve alone, to the bit.

    Args:
        lanes: The curves: ``speed(u, lane)`` (arrays of one shape, each u of its lane's
            curve), ``slope(u, lane)`` (Q' . Q'' at one float u), and their ``count``.
        joints, joint_lanes: Interior u (n,) where a curve's speed may jump, and their lanes.
        tolerance: The largest relative distance error of each table.

    Returns:
        ``(fit, stops, stop_lanes)``: an ``inverse_fit.Fit`` of u by distance, pieces by lane;
        the u where each curve stops (see ``ArcLength.stops``), and their lanes.

    Raises:
        NoLengthError: If a curve has no length.
        ValueError: If a curve's table cannot reach the tolerance.
    """
    count = lanes.count
    slow, precision, top_speed, slow_lanes = _slow_points(lanes)
    stops, stop_lanes = _stops(lanes, slow, precision, top_speed, slow_lanes)
    graded, graded_lanes = _graded_around(lanes, slow, slow_lanes)
    every = np.arange(count)
    values = np.concatenate((np.zeros(count), np.ones(count), joints, graded, stops))
    owners = np.concatenate((every, every, joint_lanes, graded_lanes, stop_lanes)).astype(int)
    order = np.lexsort((values, owners))
    values, owners = values[order], owners[order]
    fresh = np.ones(values.size, dtype=bool)
    fresh[1:] = (values[1:] != values[:-1]) | (owners[1:] != owners[:-1])
    breaks, break_lanes = values[fresh], owners[fresh]
    within = break_lanes[1:] == break_lanes[:-1]
    interval_lanes = break_lanes[1:][within]
    pieces = _integrate(lanes, breaks[:-1][within], breaks[1:][within], interval_lanes)
    estimates = np.bincount(interval_lanes, weights=pieces, minlength=count)
    if not (np.all(estimates > 0.0) and np.all(np.isfinite(estimates))):
        raise NoLengthError(f"the trajectory has no length (arc length {float(estimates.min()):g})")

    def sample(lo, hi, lane):
        return _sample(lanes, lo, hi, lane, estimates[lane])

    fit = inverse_fit.fit_inverse(
        sample,
        breaks,
        tolerance=tolerance,
        initial_pieces=_INITIAL_PIECES,
        min_width=_MIN_PIECE_WIDTH,
        break_lanes=break_lanes,
    )
    if fit.worst > UNRESOLVED:
        where = f"u = {fit.worst_at:.3g}" + (f" of segment {fit.worst_lane}" if count > 1 else "")
        raise ValueError(
            f"the trajectory's speed changes too abruptly near {where} to measure its length "
            f"(the table misses by {fit.worst:.1e} of it there): is its derivative unbounded?"
        )
    return fit, stops, stop_lanes


def length_to(curve, u_starts, lengths_before, u):
    """The arc length from Q(0) to Q(u), u clamped to [0, 1] (scalar or array), of a table whose
    pieces start at ``u_starts`` (m,) with ``lengths_before`` (m,) them: one Gauss-Legendre rule
    from the start of u's piece."""
    u = np.clip(real_values(u, "u"), 0.0, 1.0)
    piece = np.clip(np.searchsorted(u_starts, u, side="right") - 1, 0, u_starts.size - 1)
    return lengths_before[piece] + _integrate(_OneCurve(curve), u_starts[piece], u, 0)


def _slow_points(lanes):
    """The places where each curve nearly stops: local minima of its speed below ``_SLOW`` of
    its top, each zoomed in on. Returns their u (an array, empty for most curves), how far (in u)
    the true minimum may be from each, its curve's top speed on the scan, and its lane."""
    grid = np.linspace(0.0, 1.0, _SCAN_POINTS)
    every = np.arange(lanes.count)[:, None]
    speed = lanes.speed(np.broadcast_to(grid, (lanes.count, _SCAN_POINTS)), every)
    padded = np.pad(speed, ((0, 0), (1, 1)), constant_values=np.inf)
    top = speed.max(axis=1)
    is_slow = (speed <= padded[:, :-2]) & (speed <= padded[:, 2:]) & (speed < _SLOW * top[:, None])
    is_slow &= np.cumsum(is_slow, axis=1) <= _MAX_SLOW_POINTS
    lane, point = np.nonzero(is_slow)
    step = np.full((lane.size, 1), 1.0 / (_SCAN_POINTS - 1))
    centre = grid[point]
    local = np.linspace(-1.0, 1.0, _ZOOM_POINTS)
    for _ in range(_ZOOM_ROUNDS if centre.size else 0):  # zoom in on each minimum, all at once
        points = np.clip(centre[:, None] + step * local, 0.0, 1.0)
        centre = points[np.arange(centre.size), np.argmin(lanes.speed(points, lane[:, None]), axis=1)]
        step = step * (2.0 / (_ZOOM_POINTS - 1))
    return centre, step[:, 0], top[lane], lane


def _stops(lanes, slow, precision, top_speed, slow_lanes):
    """Of the ``slow`` points (u, each within ``precision`` of a minimum of the speed), those inside
    (0, 1) where the curve stops, each found to the last bit by bisection on the sign of
    d|Q'|²/du = 2 Q' . Q'' (negative before a minimum of the speed, positive after); with their
    lanes, sorted."""
    stops = set()
    for centre, near, top, lane in zip(
        slow.tolist(), precision.tolist(), top_speed.tolist(), slow_lanes.tolist()
    ):
        low, high = max(centre - 2.0 * near, 0.0), min(centre + 2.0 * near, 1.0)
        if not (lanes.slope(low, lane) < 0.0 < lanes.slope(high, lane)):
            continue
        for _ in range(_BISECTIONS):
            middle = (low + high) / 2.0
            if not low < middle < high:
                break
            if lanes.slope(middle, lane) < 0.0:
                low = middle
            else:
                high = middle
        u = min((low, high), key=lambda u: float(lanes.speed(u, lane)))
        if 0.0 < u < 1.0 and float(lanes.speed(u, lane)) <= STOPPED * top:
            stops.add((lane, u))
    ordered = sorted(stops)
    return np.array([u for _, u in ordered], dtype=float), np.array([lane for lane, _ in ordered], dtype=int)


def _graded_around(lanes, slow, slow_lanes):
    """Breakpoints closing in geometrically on the ``slow`` points, where a curve nearly stops,
    and their lanes.

    Near a (near-)cusp the speed dips to almost nothing and u(s) turns almost singular; pieces
    must shrink to the width of the dip there. Starting from such a layout spares the fit many
    rounds of refinement. Returns arrays of u in (0, 1) and lanes, empty for most curves.
    """
    if slow.size == 0:
        return np.empty(0), np.empty(0, dtype=int)
    step = 1.0 / (_SCAN_POINTS - 1)
    # The dip is about (slowest speed) / (how fast the speed grows) wide.
    slowest = lanes.speed(slow, slow_lanes)
    ahead = lanes.speed(np.minimum(slow + step, 1.0), slow_lanes)
    behind = lanes.speed(np.maximum(slow - step, 0.0), slow_lanes)
    growth = (ahead + behind) / (2 * step)
    width = np.maximum(slowest / np.maximum(growth, np.finfo(float).tiny), _MIN_PIECE_WIDTH)
    offsets = _GRADING_START * _GRADING ** -np.arange(_MAX_GRADING_STEPS)
    points = slow[:, None] + np.concatenate((-offsets, offsets))
    keep = np.tile(offsets > width[:, None], 2) & (points > 0.0) & (points < 1.0)
    inside = (slow > 0.0) & (slow < 1.0)
    owners = np.broadcast_to(slow_lanes[:, None], points.shape)
    return np.concatenate((points[keep], slow[inside])), np.concatenate((owners[keep], slow_lanes[inside]))


def _integrate(lanes, lo, hi, lane):
    """Gauss-Legendre integral of the speed over each [lo, hi] of its lane (arrays of one shape)."""
    half = (hi - lo) / 2.0
    points = (lo + half)[..., None] + half[..., None] * inverse_fit.GAUSS_X
    speeds = lanes.speed(points, np.asarray(lane)[..., None])
    return half * np.einsum("...k,k->...", speeds, inverse_fit.GAUSS_W)


def _sample(lanes, lo, hi, lane, length_estimate):
    """The sampler ``inverse_fit.fit_inverse`` asks for: x = arc length, y = u (see
    ``inverse_fit.integral_samples``), errors relative to each piece's ``length_estimate`` (m,).
    All the speeds a round needs come from one call."""

    def speeds(u):
        return lanes.speed(u, lane[:, None])

    dx, speed, quadrature_error = inverse_fit.integral_samples(speeds, lo, hi)
    u = inverse_fit.sample_parameters(lo, hi)
    return dx, u, speed / length_estimate[:, None], quadrature_error / length_estimate
