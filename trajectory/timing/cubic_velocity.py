"""Velocity curves whose S and T are cubic polynomials (the seed's general form and the CSS
easings): their range and monotonicity checked exactly from the coefficients, and s(t) solved to
rounding (``cubic_timing``) rather than fitted."""

import functools

import numpy as np

from trajectory._numerics.checks import real_array
from trajectory.timing.cubic_timing import CubicTiming, quadratic_roots
from trajectory.timing.velocity import RANGE_SLACK, VelocityCurve


class CubicVelocityCurve(VelocityCurve):
    """A velocity curve whose S and T are cubic polynomials, given by their normalised ascending
    coefficients (0, a1, a2, a3) (T already checked to increase): S's range is checked exactly,
    and s(t) is solved to rounding by ``CubicTiming`` rather than fitted."""

    def __init__(self, s, t, name):
        self.name = name
        self.breakpoints = ()
        self._s_coeffs, self._t_coeffs = s, t
        check_cubic_distance(s)
        self._distance = functools.partial(power_cubic, s)
        self._time = functools.partial(power_cubic, t)
        self._s0, self._s_scale, self._t0, self._t_scale = 0.0, 1.0, 0.0, 1.0

    @classmethod
    def from_coefficients(cls, s, t, name):
        """The seed's general form from raw descending coefficients (a3, a2, a1, a0) of S and T,
        checked exactly."""
        s_coeffs, t_coeffs = _cubic_coefficients(s, "s"), _cubic_coefficients(t, "t")
        _check_cubic_time(t_coeffs[::-1])
        return cls(_normalised_cubic(s_coeffs, "S"), _normalised_cubic(t_coeffs, "T"), name)

    @functools.cached_property
    def timing(self):
        """s(t), solved to rounding (a ``CubicTiming``)."""
        return CubicTiming(self._s_coeffs, self._t_coeffs)

    def rate_at_time(self, t):
        """ds/dt at normalised time t (scalar or array): infinite where T' = 0 but S' is not."""
        return self.timing.rate(t)

    def rate_scalar(self, t):
        """``rate_at_time`` for one Python float t."""
        return self.timing.rate(t)


def bezier_power(p1, p2):
    """Ascending power coefficients of the 1D cubic Bezier with control values 0, p1, p2, 1."""
    return (0.0, 3.0 * p1, 3.0 * p2 - 6.0 * p1, 1.0 + 3.0 * p1 - 3.0 * p2)


def power_cubic(coeffs, u):
    """a0 + a1 u + a2 u^2 + a3 u^3 for ascending ``coeffs`` (u a float or an array)."""
    a0, a1, a2, a3 = coeffs
    return ((a3 * u + a2) * u + a1) * u + a0


def _cubic_coefficients(values, label):
    coeffs = real_array(values, label, "four numbers (a3, a2, a1, a0)")
    if coeffs.shape != (4,) or not np.all(np.isfinite(coeffs)):
        raise ValueError(f"{label} must be four finite numbers (a3, a2, a1, a0), got {values!r}")
    return coeffs


def _normalised_cubic(coeffs, label):
    """Descending raw coefficients (a3, a2, a1, a0) as ascending ones of the polynomial shifted and
    scaled to run from 0 at u = 0 to 1 at u = 1: (0, a1, a2, a3) / (a1 + a2 + a3)."""
    a3, a2, a1, _ = coeffs
    span = a1 + a2 + a3
    if label == "T" and not span > 0.0:
        raise ValueError(f"T(u) must increase from u = 0 to u = 1, got T(1) - T(0) = {span:g}")
    if span == 0.0:
        raise ValueError("S(u) must differ between u = 0 and u = 1: the object would never move")
    return (0.0, a1 / span, a2 / span, a3 / span)


def _check_cubic_time(t):
    """T' = t1 + 2 t2 u + 3 t3 u^2 must be >= 0 on [0, 1] and not identically 0 (ascending ``t``)."""
    _, t1, t2, t3 = t
    if t1 == t2 == t3 == 0.0:
        raise ValueError("T(u) must be strictly increasing, but it is constant")
    candidates = [0.0, 1.0] + ([-t2 / (3.0 * t3)] if t3 != 0.0 and 0.0 < -t2 / (3.0 * t3) < 1.0 else [])
    slopes = [(3.0 * t3 * u + 2.0 * t2) * u + t1 for u in candidates]
    lowest = min(range(len(candidates)), key=slopes.__getitem__)
    if slopes[lowest] < 0.0:
        raise ValueError(
            f"T(u) must be strictly increasing (T^-1 would not exist): T'({candidates[lowest]:.4g}) = "
            f"{slopes[lowest]:.6g} < 0"
        )


def check_cubic_distance(s):
    """The normalised S must stay in [0, 1] at its turning points inside [0, 1], the roots of S'."""
    _, s1, s2, s3 = s
    for root in quadratic_roots(3.0 * s3, 2.0 * s2, s1):
        if 0.0 < root < 1.0:
            value = power_cubic(s, root)
            if not (-RANGE_SLACK <= value <= 1.0 + RANGE_SLACK):
                raise ValueError(f"S(u) must stay in [0, 1] once normalised, but S({root:.4g}) = {value:.6g}")
