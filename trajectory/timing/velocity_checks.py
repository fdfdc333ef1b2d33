"""How a velocity curve's S and T are checked: any functions sampled on a grid, cubic
polynomials exactly from their coefficients. Normalised, S must stay in [0, 1] and T increase."""

import numpy as np

from trajectory._numerics.checks import real_array
from trajectory.timing.cubic_timing import cubic, quadratic_roots

RANGE_SLACK = 1e-15
"""How far the normalised S may leave [0, 1]: a few rounding errors of its evaluation, no more."""
CHECK_SAMPLES = 4097
"""Grid on which T is checked to increase strictly and S to stay in [0, 1] (cubics are checked
exactly, from their coefficients)."""


class DistanceOutOfRange(ValueError):
    """A velocity curve whose normalised S leaves [0, 1]: the object would leave the curve. ``u``
    is where, ``value`` the normalised S there (above 1: past the end; below 0: before the start)."""

    def __init__(self, u, value):
        super().__init__(f"S(u) must stay in [0, 1] once normalised, but S({u:.4g}) = {value:.6g}")
        self.u, self.value = u, value


def check_grid(breakpoints):
    """CHECK_SAMPLES even steps of u with the breakpoints added, sorted, without repeats."""
    grid = np.linspace(0.0, 1.0, CHECK_SAMPLES)
    extra = np.asarray(breakpoints, dtype=float)
    extra = extra[(grid[np.round(extra * (CHECK_SAMPLES - 1)).astype(int)] != extra)]
    return np.insert(grid, np.searchsorted(grid, extra), extra)


def sampled(function, grid, label):
    """``function`` on the ``grid``, refused unless it gives one finite value per u."""
    try:
        values = np.asarray(function(grid), dtype=float)
    except Exception as error:  # noqa: BLE001 - any failure of a user function is bad input
        raise ValueError(f"{label}(u) must be a vectorised function of u: {error}") from None
    if values.shape != grid.shape:
        raise ValueError(f"{label}(u) must return one value per u, got shape {values.shape}")
    if not np.all(np.isfinite(values)):
        u = grid[~np.isfinite(values)][0]
        raise ValueError(f"{label}(u) must be finite on [0, 1], got {label}({u:g}) = {function(u)}")
    return values


def check_increasing(t, grid):
    """T sampled on the grid must increase strictly."""
    steps = np.diff(t)
    if np.any(steps <= 0.0):
        i = int(np.argmax(steps <= 0.0))
        raise ValueError(
            f"T(u) must be strictly increasing (T^-1 would not exist): "
            f"T({grid[i]:.4g}) = {t[i]:.6g} but T({grid[i + 1]:.4g}) = {t[i + 1]:.6g}"
        )


def check_in_unit_range(s, grid):
    """The normalised S sampled on the grid must stay in [0, 1]."""
    outside = (s < -RANGE_SLACK) | (s > 1.0 + RANGE_SLACK)
    if np.any(outside):
        i = int(np.argmax(outside))
        raise DistanceOutOfRange(float(grid[i]), float(s[i]))


def cubic_coefficients(values, label):
    """Four finite numbers (a3, a2, a1, a0), descending, as an array."""
    coeffs = real_array(values, label, "four numbers (a3, a2, a1, a0)")
    if coeffs.shape != (4,) or not np.all(np.isfinite(coeffs)):
        raise ValueError(f"{label} must be four finite numbers (a3, a2, a1, a0), got {values!r}")
    return coeffs


def normalised_cubic(coeffs, label):
    """Descending raw coefficients (a3, a2, a1, a0) as ascending ones of the polynomial shifted and
    scaled to run from 0 at u = 0 to 1 at u = 1: (0, a1, a2, a3) / (a1 + a2 + a3)."""
    a3, a2, a1, _ = coeffs
    span = a1 + a2 + a3
    if label == "T" and not span > 0.0:
        raise ValueError(f"T(u) must increase from u = 0 to u = 1, got T(1) - T(0) = {span:g}")
    if span == 0.0:
        raise ValueError("S(u) must differ between u = 0 and u = 1: the object would never move")
    return (0.0, a1 / span, a2 / span, a3 / span)


def check_cubic_time(t):
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
            value = cubic(s, root)
            if not (-RANGE_SLACK <= value <= 1.0 + RANGE_SLACK):
                raise DistanceOutOfRange(root, value)
