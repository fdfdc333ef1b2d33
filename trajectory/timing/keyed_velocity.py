"""Velocity curves through keys (t, s): a monotone cubic Hermite (Fritsch and Carlson) with
T(u) = u, so its cubic pieces in t are the table itself (``VelocityCurve.from_keys``)."""

import numpy as np

from trajectory._numerics.angle_keys import MIN_SPACING, monotone_slopes
from trajectory._numerics.checks import finite_number, real_array
from trajectory._numerics.piecewise import PiecewisePolynomial
from trajectory.curves.bezier import UNIT_TO_CENTRED


def keyed_table(keys, speeds):
    """s(t) through the keys (t, s), with the given speeds ds/dt at keys where not None: the
    monotone cubic Hermite's pieces, a ``PiecewisePolynomial`` of t (see ``VelocityCurve.from_keys``
    for what is refused)."""
    pairs = real_array(keys, "keys", "(t, s) pairs of numbers")
    if pairs.ndim != 2 or pairs.shape[1] != 2 or len(pairs) < 2:
        raise ValueError(f"keys must be at least two (t, s) pairs, got shape {pairs.shape}")
    if not np.all(np.isfinite(pairs)):
        raise ValueError("keys must be finite numbers")
    t, s = pairs[:, 0], pairs[:, 1]
    if (t[0], s[0]) != (0.0, 0.0) or (t[-1], s[-1]) != (1.0, 1.0):
        first, last = pairs[0].tolist(), pairs[-1].tolist()
        raise ValueError(f"keys must start at (0, 0) and end at (1, 1), got {first} ... {last}")
    if np.any(np.diff(t) < MIN_SPACING):
        raise ValueError(f"keys' t must increase (by {MIN_SPACING:g} at least), got {t.tolist()}")
    if np.any(np.diff(s) < 0.0):
        raise ValueError(f"keys' s must not decrease (the object would go back), got {s.tolist()}")
    slopes = monotone_slopes(t, s)
    if speeds is not None:
        if isinstance(speeds, (str, bytes)) or not hasattr(speeds, "__len__") or len(speeds) != len(t):
            raise ValueError(
                f"speeds must be a list with one per key ({len(t)}, None where free), got {speeds!r}"
            )
        for index, speed in enumerate(speeds):
            if speed is not None:
                slopes[index] = finite_number(speed, "a key's speed must be a finite number")
    table = _hermite_table(t, s, slopes)
    _check_keyed_forward(table, t)
    return table


def _hermite_table(t, s, slopes):
    """The cubic Hermite through (t, s) with ``slopes``, as a ``PiecewisePolynomial`` of t."""
    h = np.diff(t)
    s0, s1, m0, m1 = s[:-1], s[1:], slopes[:-1] * h, slopes[1:] * h
    unit = np.stack([s0, m0, 3 * (s1 - s0) - 2 * m0 - m1, 2 * (s0 - s1) + m0 + m1], axis=1)  # in x in [0, 1]
    centred = unit @ UNIT_TO_CENTRED.T
    return PiecewisePolynomial(t, centred, ends=[0.0, 1.0], variable="time")


def _check_keyed_forward(table, t):
    """Refuse given key speeds that make s decrease somewhere between the keys."""
    rate = table.derivative()
    samples = np.linspace(0.0, 1.0, 65)
    within = (t[:-1, None] + np.diff(t)[:, None] * samples).ravel()
    slowest = rate(within)
    if np.any(slowest < -1e-9 * max(np.abs(slowest).max(), 1.0)):  # beyond rounding
        at = float(within[np.argmin(slowest)])
        raise ValueError(f"the keys' speeds would send the object back near t = {at:.3g}")
