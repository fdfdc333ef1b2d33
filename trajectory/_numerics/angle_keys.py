"""An angle keyed along a path: keys (s, angle) joined by a smooth curve that passes through
each key exactly and never overshoots between two (monotone cubic Hermite, Fritsch and Carlson).
Before the first key and after the last the angle holds.

>>> keys = AngleKeys([(0.0, 0.0), (0.5, 1.0), (1.0, 1.0)], "tilt")
>>> float(keys(0.5)), float(keys(0.75)), float(keys(0.25))  # eases into the hold at 1
(1.0, 1.0, 0.625)
"""

import bisect

import numpy as np

from trajectory._numerics.checks import real_array

MIN_SPACING = 1e-9
"""The least step in s between two keys: closer keys would make the slope between them overflow."""


class AngleKeys:
    """Angles (radians) keyed by arc-length fraction s.

    Args:
        keys: ``(s, angle)`` pairs, s increasing in [0, 1] (by ``MIN_SPACING`` at least),
            angles finite. An angle
            is a number, not a direction: keys 0 and 2 pi make a full roll.
        name: What the keys are, for messages.

    Raises:
        ValueError: If the keys are not such pairs.
    """

    def __init__(self, keys, name):
        pairs = real_array(keys, name, "(s, angle) pairs of numbers")
        if pairs.ndim != 2 or pairs.shape[1] != 2 or len(pairs) == 0:
            raise ValueError(f"{name} must be (s, angle) pairs, got shape {pairs.shape}")
        if not np.all(np.isfinite(pairs)):
            raise ValueError(f"{name} keys must be finite numbers")
        s, angles = pairs[:, 0], pairs[:, 1]
        if np.any((s < 0.0) | (s > 1.0)):
            raise ValueError(f"{name} keys' s must lie in [0, 1], got {s.tolist()}")
        if np.any(np.diff(s) < MIN_SPACING):
            raise ValueError(f"{name} keys' s must increase (by {MIN_SPACING:g} at least), got {s.tolist()}")
        self.keys = [tuple(pair) for pair in pairs.tolist()]
        self._s, self._angles = s, angles
        self._slopes = monotone_slopes(s, angles)
        self._python_s, self._python_slopes = s.tolist(), self._slopes.tolist()

    def __call__(self, s):
        """The angle at fractions ``s`` (scalar or (n,))."""
        if type(s) is float and len(self.keys) > 1:
            return self._scalar(s)
        s = np.clip(np.asarray(s, dtype=float), self._s[0], self._s[-1])
        if len(self._s) == 1:
            return np.full(s.shape, self._angles[0])
        k = np.clip(np.searchsorted(self._s, s, side="right") - 1, 0, len(self._s) - 2)
        width = self._s[k + 1] - self._s[k]
        x = (s - self._s[k]) / width
        h00, h10 = (1 + 2 * x) * (1 - x) ** 2, x * (1 - x) ** 2
        h01, h11 = x * x * (3 - 2 * x), x * x * (x - 1)
        start, end = self._angles[k], self._angles[k + 1]
        return h00 * start + h01 * end + width * (h10 * self._slopes[k] + h11 * self._slopes[k + 1])

    def _scalar(self, s):
        """``__call__`` at one Python float, with no numpy dispatch (the per-frame path)."""
        keys, slopes = self.keys, self._python_slopes
        s = min(max(s, keys[0][0]), keys[-1][0])
        k = min(bisect.bisect_right(self._python_s, s) - 1, len(keys) - 2)
        (s0, start), (s1, end) = keys[k], keys[k + 1]
        width = s1 - s0
        x = (s - s0) / width
        h00, h10 = (1 + 2 * x) * (1 - x) ** 2, x * (1 - x) ** 2
        h01, h11 = x * x * (3 - 2 * x), x * x * (x - 1)
        return h00 * start + h01 * end + width * (h10 * slopes[k] + h11 * slopes[k + 1])


def monotone_slopes(s, angles):
    """Slopes at the keys that keep each piece between its two keys' angles: zero at a peak or a
    hold, else a weighted harmonic mean of the neighbouring secants (Fritsch and Carlson); the
    secant at the ends."""
    slopes = np.zeros_like(s)
    if len(s) < 2:
        return slopes
    widths, secants = np.diff(s), np.diff(angles) / np.diff(s)
    slopes[0], slopes[-1] = secants[0], secants[-1]
    left, right = secants[:-1], secants[1:]
    w1, w2 = 2 * widths[1:] + widths[:-1], widths[1:] + 2 * widths[:-1]
    same_sign = left * right > 0
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        harmonic = (w1 + w2) / (w1 / left + w2 / right)
    slopes[1:-1] = np.where(same_sign, harmonic, 0.0)
    return slopes
