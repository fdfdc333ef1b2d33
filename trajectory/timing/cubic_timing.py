"""s(t) = S(T^-1(t)) to rounding, for a velocity curve whose S and T are cubic polynomials: the CSS
``cubic-bezier`` easings and the seed's cubic form.

A table of u(t) (fitted by ``inverse_fit``) gives a first guess good to ``GUESS_TOLERANCE``; one
Newton step on T(u) = t makes u exact to rounding, and s = S(u). Where T' is small that does not
work: T^-1 is nearly singular there (where T' = 0, s(t) has a cube-root or square-root point, as
cubic-bezier(1, 0, 0, 1) has at t = 1/2), so in those windows T(u) = t is solved by bisection. In
both, T is written in powers of u - e around the point e of least slope, so that T(u) - t keeps its
digits however close u comes to e: at e itself (t = T(e)) the answer is exact.

>>> timing = CubicTiming(s=(0, 0, 3, -2), t=(0, 3, -6, 4))  # cubic-bezier(1, 0, 0, 1)
>>> timing(0.5), timing(0.0), timing(1.0)  # a vertical tangent at t = 1/2, and exact ends
(0.5, 0.0, 1.0)
"""

import dataclasses
import itertools
import math

import numpy as np

from trajectory._numerics import inverse_fit
from trajectory._numerics.checks import real_values
from trajectory._numerics.piecewise import PiecewisePolynomial

SLOW_SLOPE = 0.1
"""T' (whose mean over [0, 1] is 1) below which T(u) = t is solved by bisection: the table's guess
there would need many pieces, and one Newton step could fall short."""
GUESS_TOLERANCE = 1e-9
"""Accuracy in u of the table's first guess. One Newton step leaves an error of about
|T''| / (2 T') times its square, at most 6 / 0.05 x 1e-18 where T' >= SLOW_SLOPE: below rounding."""
ACCELERATION_NUDGE = 1e-7
"""The step in u past a point where T' = 0 at which ``CubicTiming.acceleration`` is taken."""
_GUESS_PIECES = 4
_MIN_PIECE_WIDTH = 1e-10
_BISECTIONS = 64
"""Halvings of a window (at most 1 wide in u): past the resolution of a float near any u."""


@dataclasses.dataclass(frozen=True)
class _Expansion:
    """T(u) = d0 + d1 w + d2 w^2 + d3 w^3 with w = u - e: exact for a cubic, and T(u) - t loses no
    digits for u near e. Works on floats and arrays alike."""

    e: float
    d: tuple

    @classmethod
    def at(cls, t, e):
        """The expansion of the cubic with ascending coefficients ``t`` (T(0) = 0, T(1) = 1) at e."""
        _, a1, a2, a3 = t
        d0 = 0.0 if e == 0.0 else 1.0 if e == 1.0 else ((a3 * e + a2) * e + a1) * e
        return cls(e, (d0, (3.0 * a3 * e + 2.0 * a2) * e + a1, 3.0 * a3 * e + a2, a3))

    def residual(self, u, t):
        """T(u) - t."""
        d0, d1, d2, d3 = self.d
        w = u - self.e
        return (d0 - t) + w * (d1 + w * (d2 + w * d3))

    def slope(self, u):
        """T'(u)."""
        _, d1, d2, d3 = self.d
        w = u - self.e
        return d1 + w * (2.0 * d2 + w * 3.0 * d3)


@dataclasses.dataclass(frozen=True)
class _Window:
    """An interval [lo, hi] of u where T' < SLOW_SLOPE, its times, and T expanded at its slowest
    point."""

    lo: float
    hi: float
    t_lo: float
    t_hi: float
    expansion: _Expansion


class CubicTiming:
    """s(t) = S(T^-1(t)) for S(u) = s1 u + s2 u^2 + s3 u^3 and T(u) likewise.

    Args:
        s, t: Ascending coefficients (a0, a1, a2, a3) with a0 = 0, normalised so that the
            polynomial is 1 at u = 1; T' >= 0 on [0, 1] (zero at isolated points at most).

    Calls take a time fraction t (scalar or array, clamped to [0, 1]) and give s exactly 0 at
    t <= 0 and 1 at t >= 1.
    """

    def __init__(self, s, t):
        self._s = tuple(float(c) for c in s)
        self._t = tuple(float(c) for c in t)
        self._expansion = _Expansion.at(self._t, self._slowest(0.0, 1.0))
        self._windows = self._slow_windows()
        self._guess = self._guess_table()

    def __call__(self, t):
        """s(t): a float for a scalar t, shape ``(n,)`` for ``(n,)``."""
        t = real_values(t, "time")
        if isinstance(t, float):
            return self.scalar(t)
        return np.where(t <= 0.0, 0.0, np.where(t >= 1.0, 1.0, cubic(self._s, self.parameter(t))))

    def scalar(self, t):
        """s(t) for one Python float: the per-frame path."""
        if t <= 0.0:
            return 0.0
        if t >= 1.0:
            return 1.0
        if math.isnan(t):
            raise ValueError("time must be a number, got nan")
        return cubic(self._s, self._parameter_scalar(t))

    def rate(self, t):
        """ds/dt = S'(u) / T'(u) at u = T^-1(t), infinite where T' = 0 but S' is not (scalar or
        array); where both vanish, the ratio of the first derivatives that do not."""
        t = real_values(t, "time")
        if isinstance(t, float):
            return float(self._rate(np.array([t]))[0])
        return self._rate(t)

    def acceleration(self, t):
        """d²s/dt² = (S'' T' - S' T'') / T'^3 at u = T^-1(t) (scalar or array). Where T' = 0 (an
        isolated u, where the time stands still for an instant), the value a step of
        ``ACCELERATION_NUDGE`` in u further on (before, at u = 1)."""
        t = real_values(t, "time")
        if isinstance(t, float):
            return float(self._acceleration(np.array([t]))[0])
        return self._acceleration(t)

    def parameter(self, t):
        """u = T^-1(t) for an array of t in [0, 1], shape ``(n,)``."""
        t = np.clip(t, 0.0, 1.0)
        u = self._guess(t)
        slope = self._expansion.slope(u)
        with np.errstate(divide="ignore", invalid="ignore"):  # slope 0 only at a window's end
            u = u - np.where(slope > 0.0, self._expansion.residual(u, t) / slope, 0.0)
        for window in self._windows:
            inside = (t > window.t_lo) & (t < window.t_hi)
            if inside.any():
                u[inside] = _bisect(window, t[inside])
        return np.clip(u, 0.0, 1.0)

    def _parameter_scalar(self, t):
        for window in self._windows:
            if window.t_lo < t < window.t_hi:
                return _bisect(window, t)
        u = self._guess.scalar(t)
        slope = self._expansion.slope(u)
        if slope > 0.0:
            u -= self._expansion.residual(u, t) / slope
        return min(max(u, 0.0), 1.0)

    def _rate(self, t):
        u = self.parameter(t)
        rates = np.full(u.shape, np.nan)
        pending = np.ones(u.shape, dtype=bool)
        for order in (1, 2, 3):  # L'Hopital where S and T are both flat (T is never flat to order 3)
            numerator, denominator = _derivative(self._s, u, order), _derivative(self._t, u, order)
            settled = pending & ((denominator != 0.0) | (numerator != 0.0))
            with np.errstate(divide="ignore"):
                rates[settled] = numerator[settled] / denominator[settled]
            pending &= ~settled
        return rates

    def _acceleration(self, t):
        u = self.parameter(t)
        still = _derivative(self._t, u, 1) == 0.0
        u[still] += np.where(u[still] < 1.0, ACCELERATION_NUDGE, -ACCELERATION_NUDGE)
        s1, s2 = _derivative(self._s, u, 1), _derivative(self._s, u, 2)
        t1, t2 = _derivative(self._t, u, 1), _derivative(self._t, u, 2)
        return (s2 * t1 - s1 * t2) / t1**3

    def _slowest(self, lo, hi):
        """Where T' is least on [lo, hi]: an end, or T's inflection when T' has a minimum inside."""
        _, a1, a2, a3 = self._t
        candidates = [lo, hi]
        if a3 > 0.0 and lo < -a2 / (3.0 * a3) < hi:
            candidates.append(-a2 / (3.0 * a3))
        return min(candidates, key=lambda u: (3.0 * a3 * u + 2.0 * a2) * u + a1)

    def _slow_windows(self):
        """The intervals of u in [0, 1] where T' < SLOW_SLOPE (at most two)."""
        _, a1, a2, a3 = self._t
        cuts = sorted(
            {0.0, 1.0, *(r for r in quadratic_roots(3.0 * a3, 2.0 * a2, a1 - SLOW_SLOPE) if 0 < r < 1)}
        )
        windows = []
        for lo, hi in itertools.pairwise(cuts):
            middle = (lo + hi) / 2.0
            if (3.0 * a3 * middle + 2.0 * a2) * middle + a1 < SLOW_SLOPE:
                expansion = _Expansion.at(self._t, self._slowest(lo, hi))
                windows.append(_Window(lo, hi, self._time(lo), self._time(hi), expansion))
        return windows

    def _time(self, u):
        return 0.0 if u == 0.0 else 1.0 if u == 1.0 else cubic(self._t, u)

    def _guess_table(self):
        """u(t) as a ``PiecewisePolynomial`` on [0, 1]: fitted outside the slow windows, a straight
        line inside each (the bisection answers there)."""

        def sample(lo, hi):
            u = inverse_fit.sample_parameters(lo, hi)
            t = cubic(self._t, u)
            return t - t[:, :1], u, 1.0, 0.0

        edges = sorted({0.0, 1.0, *(u for window in self._windows for u in (window.lo, window.hi))})
        starts, coeffs = [], []
        for lo, hi in itertools.pairwise(edges):
            if any(window.lo == lo for window in self._windows):
                line = np.zeros(inverse_fit.DEGREE + 1)
                line[:2] = (lo + hi) / 2.0, (hi - lo) / 2.0
                starts.append([lo])
                coeffs.append(line[None])
                continue
            fit = inverse_fit.fit_inverse(
                sample,
                [lo, hi],
                tolerance=GUESS_TOLERANCE,
                initial_pieces=_GUESS_PIECES,
                min_width=_MIN_PIECE_WIDTH,
            )
            starts.append(fit.u_starts)
            coeffs.append(fit.coeffs)
        breaks = np.array([self._time(u) for u in np.concatenate(starts)] + [1.0])
        return PiecewisePolynomial(np.maximum.accumulate(breaks), np.concatenate(coeffs), variable="time")


def _bisect(window, t):
    """u in [window.lo, window.hi] where T(u) = t, by bisection (t a float or an array)."""
    if isinstance(t, float):
        lo, hi = window.lo, window.hi
        for _ in range(_BISECTIONS):
            middle = (lo + hi) / 2.0
            if window.expansion.residual(middle, t) < 0.0:
                lo = middle
            else:
                hi = middle
        return (lo + hi) / 2.0
    lo, hi = np.full(t.shape, window.lo), np.full(t.shape, window.hi)
    for _ in range(_BISECTIONS):
        middle = (lo + hi) / 2.0
        below = window.expansion.residual(middle, t) < 0.0
        lo = np.where(below, middle, lo)
        hi = np.where(below, hi, middle)
    return (lo + hi) / 2.0


def cubic(coeffs, u):
    """a0 + a1 u + a2 u^2 + a3 u^3 for ascending ``coeffs`` (u a float or an array)."""
    a0, a1, a2, a3 = coeffs
    return ((a3 * u + a2) * u + a1) * u + a0


def bezier_power(p1, p2):
    """Ascending power coefficients of the 1D cubic Bezier with control values 0, p1, p2, 1."""
    return (0.0, 3.0 * p1, 3.0 * p2 - 6.0 * p1, 1.0 + 3.0 * p1 - 3.0 * p2)


def _derivative(coeffs, u, order):
    """The ``order``-th derivative (1 to 3) of the cubic, at the array u."""
    _, a1, a2, a3 = coeffs
    if order == 1:
        return (3.0 * a3 * u + 2.0 * a2) * u + a1
    if order == 2:
        return 6.0 * a3 * u + 2.0 * a2
    return np.full(u.shape, 6.0 * a3)


def quadratic_roots(a, b, c):
    """The real roots of a x^2 + b x + c (any of a, b may be 0), computed without cancellation."""
    if a == 0.0:
        return [] if b == 0.0 else [-c / b]
    discriminant = b * b - 4.0 * a * c
    if discriminant < 0.0:
        return []
    q = -0.5 * (b + math.copysign(math.sqrt(discriminant), b))
    return [q / a] + ([c / q] if q != 0.0 else [])
