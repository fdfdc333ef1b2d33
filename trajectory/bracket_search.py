"""Searches in many brackets at once, one vectorised call of the function per step: the least value
of a function by zooming in, and a root by regula falsi with the Anderson–Björck step.

Both take ``f`` mapping an array of points to an array of values of the same shape, and brackets
as arrays ``low``, ``high`` of one shape (one bracket per element). A call of ``f`` usually costs
far more than a point, so a step asks for every bracket's points in one call.
"""

import numpy as np

ROOT_STEPS = 60
"""At most this many calls of f: far more than regula falsi with Anderson–Björck needs (3 to 7)."""


def least(f, low, high, rounds=3, points=129):
    """Where ``f`` is least in each bracket, by zooming: ``points`` even points across each
    bracket, then the two steps around the least, ``rounds`` times (each keeps 2 / (points - 1)
    of the bracket). Returns the final brackets ``(low, high)``: the least lies between, if f has
    one minimum in the bracket.

    >>> low, high = least(lambda x: (x - 0.3) ** 2, np.array([0.0]), np.array([1.0]))
    >>> bool(low[0] <= 0.3 <= high[0]), float(high[0] - low[0]) < 1e-5
    (True, True)
    """
    local = np.linspace(0.0, 1.0, points)
    rows = np.arange(low.size)
    for _ in range(rounds):
        grid = low[:, None] + (high - low)[:, None] * local
        best = np.argmin(f(grid), axis=1)
        low = grid[rows, np.maximum(best - 1, 0)]
        high = grid[rows, np.minimum(best + 1, points - 1)]
    return low, high


def roots(f, low, high, f_low, f_high, tolerance):
    """A root of ``f`` in each bracket, where f goes from ``f_low`` at ``low`` to ``f_high`` at
    ``high`` (opposite signs; given, not evaluated, so an end may be where f is two-sided): the
    first point found with |f| <= ``tolerance`` (an array or a number), or where the bracket is
    down to a few rounding steps.

    Regula falsi, where an end kept twice running has its value scaled by 1 - f(new) / f(replaced)
    (halved if that is not positive: Anderson and Björck), which keeps it superlinear, a kink in f
    included.

    >>> low, high = np.array([0.0]), np.array([2.0])
    >>> x = roots(lambda x: x**3 - 2.0, low, high, low**3 - 2.0, high**3 - 2.0, 1e-15)
    >>> float(abs(x[0] - 2 ** (1 / 3))) < 1e-15
    True
    """
    found = np.full(low.shape, np.nan)
    replaced = np.zeros(low.shape)  # the end the last step replaced: -1 low, 1 high
    for _ in range(ROOT_STEPS):
        with np.errstate(invalid="ignore", divide="ignore"):
            middle = (low * f_high - high * f_low) / (f_high - f_low)
        middle = np.where((middle > low) & (middle < high), middle, (low + high) / 2.0)
        f_middle = f(middle)
        done = np.isnan(found) & ((np.abs(f_middle) <= tolerance) | (high - low <= 4.0 * np.spacing(high)))
        found[done] = middle[done]
        if not np.isnan(found).any():
            break
        new_low = np.sign(f_middle) == np.sign(f_low)
        with np.errstate(invalid="ignore", divide="ignore"):
            scale = 1.0 - f_middle / np.where(new_low, f_low, f_high)
        scale = np.where(scale > 0.0, scale, 0.5)
        again = replaced == np.where(new_low, -1.0, 1.0)
        f_high = np.where(new_low, np.where(again, f_high * scale, f_high), f_middle)
        f_low = np.where(new_low, f_middle, np.where(again, f_low * scale, f_low))
        low, high = np.where(new_low, middle, low), np.where(new_low, high, middle)
        replaced = np.where(new_low, -1.0, 1.0)
    return np.where(np.isnan(found), middle, found)
