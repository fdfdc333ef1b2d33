"""Searches in many brackets at once, one vectorised call of the function per step: the least value
of a function by zooming in, a root by regula falsi with the Anderson–Björck step, and where an
increasing function first reaches each of many values (or of a few, one by one in plain Python).

Both take ``f`` mapping an array of points to an array of values of the same shape, and brackets
as arrays ``low``, ``high`` of one shape (one bracket per element). A call of ``f`` usually costs
far more than a point, so a step asks for every bracket's points in one call.
"""

import numpy as np

ROOT_STEPS = 60
"""At most this many calls of f: far more than regula falsi with Anderson–Björck needs (3 to 7)."""
TABLE_LEVELS = range(4, 17)
"""``first_reaching`` starts from f on 2^k + 1 even points of [0, 1], k in this range and 2^k
no more than the targets: the brackets that k rounds of bisection would reach, in one call."""
REACH_STEPS = 200
"""At most this many further calls of f in ``first_reaching``: three per halving where f holds
still at the value sought (a probe, a failed probe, a halving), far more than a smooth f needs."""
REACH_WIDTH = 2.0**-52
"""``first_reaching`` also stops at a bracket this narrow (the spacing of floats near 1): x near 0
is not pursued to 4 floats, where f's rounding (absolute, about 2^-56 for f of order 1) hides
where it reaches a value."""
ONE_BY_ONE = 16
"""``first_reaching_any`` answers up to this many targets one by one, in plain Python."""
BISECTIONS = 60
"""Halvings of [0, 1] that leave an interval below the spacing of floats near 1."""
_LOW, _HIGH = -1, 1
_BLOCK = 16384
"""Targets per block in ``first_reaching``: its dozen working arrays stay in the cache."""


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


def first_reaching_any(increasing, increasing_scalar, targets):
    """``first_reaching`` for ``targets`` given any way (scalar, or array): a scalar gives a float.
    Up to ``ONE_BY_ONE`` targets go one by one through the function's plain-Python form
    (``increasing_scalar``, a function of one float), by bisection to the last bit of x: it costs
    far less than a numpy call."""
    scalar = np.ndim(targets) == 0
    targets = np.atleast_1d(np.asarray(targets, dtype=float))
    if targets.size <= ONE_BY_ONE:
        found = np.array([_bisected(increasing_scalar, target) for target in targets.tolist()])
        return float(found[0]) if scalar else found
    return first_reaching(increasing, targets)


def _bisected(increasing, target):
    """The least x in [0, 1] with ``increasing(x) >= target``, for one float target, by
    ``BISECTIONS`` halvings on a function of one float."""
    if float(increasing(0.0)) >= target:
        return 0.0
    low, high = 0.0, 1.0
    for _ in range(BISECTIONS):
        middle = 0.5 * (low + high)
        if float(increasing(middle)) >= target:
            high = middle
        else:
            low = middle
    return high


def first_reaching(increasing, targets):
    """The least x in [0, 1] with ``increasing(x) >= target`` for each of ``targets`` (n,) (each at
    most f(1)), to within 4 floats of x or 2^-52; where f holds still at a target, the start of the
    hold.

    A table of f on dyadic points gives each target its bracket (lo, hi] with f(lo) < target <=
    f(hi) in one call; regula falsi with the Anderson–Björck step then closes it from both sides,
    each new point kept a float inside the bracket so that a point that lands on the root is
    followed by one just below it, which settles the bracket. A bracket whose upper end sits on
    the target twice running (f holding still there), or that did not halve twice running, is
    halved instead. Brackets are closed a block at a time (arrays that stay in the cache), and
    only those still open are evaluated: a sorted ``targets`` keeps every call's points sorted
    (f's fast case).

    >>> ramp_hold_ramp = lambda x: np.minimum(2.0 * x, 0.5) + np.maximum(x - 0.75, 0.0)
    >>> first_reaching(ramp_hold_ramp, np.array([0.1, 0.5, 0.6])).tolist()
    [0.05, 0.25, 0.85]
    """
    levels = min(max(targets.size.bit_length() - 1, TABLE_LEVELS[0]), TABLE_LEVELS[-1])
    grid = np.linspace(0.0, 1.0, 2**levels + 1)
    table = np.maximum.accumulate(increasing(grid))  # sorted, even where f's rounding wobbles
    closed_width = np.maximum(4.0 * np.spacing(grid), REACH_WIDTH)  # of a bracket from grid[j]
    index = np.searchsorted(table, targets, side="left")
    found = np.where(index < grid.size, 0.0, 1.0)  # past f(1): 1, as bisection would end
    inside = np.flatnonzero((index > 0) & (index < grid.size))
    for start in range(0, inside.size, _BLOCK):
        rows = inside[start : start + _BLOCK]
        above = index[rows]
        lo, hi, goal = grid[above - 1], grid[above], targets[rows]
        g_lo, g_hi = table[above - 1] - goal, table[above] - goal
        closing = closed_width[above - 1]
        _narrowed(increasing, goal, lo, hi, g_lo, g_hi, closing)
        found[rows] = hi
        rest = hi - lo > closing
        if rest.any():
            found[rows[rest]] = _closed(increasing, goal[rest], lo[rest], hi[rest], g_lo[rest], g_hi[rest])
    return found


def _narrowed(increasing, targets, lo, hi, g_lo, g_hi, closing):
    """Three calls of f that close most brackets (lo, hi] (f - target ``g_lo`` < 0 <= ``g_hi``)
    to ``closing`` wide, updated in place: regula falsi; inverse quadratic interpolation through
    the bracket's ends and that point (enough, for a smooth f, to land on the root to rounding,
    from a bracket of the table's width); then half ``closing`` the other side of it."""
    a, g_a, b, g_b = lo.copy(), g_lo.copy(), hi.copy(), g_hi.copy()
    c = lo - g_lo * (hi - lo) / (g_hi - g_lo)
    g_c = _kept_inside(increasing, targets, c, lo, hi, g_lo, g_hi)
    with np.errstate(invalid="ignore", divide="ignore"):  # Lagrange's weights, about c
        x = c + (a - c) * g_b * g_c / ((g_a - g_b) * (g_a - g_c))
        x += (b - c) * g_a * g_c / ((g_b - g_a) * (g_b - g_c))
    x = np.where(np.isfinite(x), x, 0.5 * (lo + hi))
    g_x = _kept_inside(increasing, targets, x, lo, hi, g_lo, g_hi)
    probe = x + np.copysign(0.5 * closing, -g_x)
    _kept_inside(increasing, targets, probe, lo, hi, g_lo, g_hi)


def _kept_inside(increasing, targets, x, lo, hi, g_lo, g_hi):
    """f(x) - target at x clamped to each bracket, which it narrows in place; returns those
    values."""
    x = np.minimum(np.maximum(x, lo), hi)
    g = increasing(x) - targets
    up = g >= 0.0
    np.copyto(hi, x, where=up)
    np.copyto(g_hi, g, where=up)
    np.copyto(lo, x, where=~up)
    np.copyto(g_lo, g, where=~up)
    return g


def _closed(increasing, targets, lo, hi, f_lo, f_hi):
    """``first_reaching`` for targets in their brackets (lo, hi] where f is ``f_lo`` and ``f_hi``."""
    found = np.empty(targets.shape)
    open_ = np.arange(targets.size)
    g_lo, g_hi = f_lo - targets, f_hi - targets
    replaced = np.zeros(open_.shape, dtype=np.int8)
    sitting = np.zeros(open_.shape, dtype=np.int8)  # steps running whose new upper end was on the target
    slow = np.zeros(open_.shape, dtype=np.int8)  # steps running that did not halve the bracket
    for _ in range(REACH_STEPS):
        done = hi - lo <= np.maximum(4.0 * np.spacing(hi), REACH_WIDTH)
        if done.any():
            found[open_[done]] = hi[done]
            keep = ~done
            open_, targets, lo, hi, g_lo, g_hi, replaced, sitting, slow = (
                array[keep] for array in (open_, targets, lo, hi, g_lo, g_hi, replaced, sitting, slow)
            )
            if not open_.size:
                return found
        with np.errstate(invalid="ignore", divide="ignore"):  # ends' scaled values underflowed to 0
            secant = lo - g_lo * (hi - lo) / (g_hi - g_lo)
        secant = np.clip(secant, np.nextafter(lo, hi), np.nextafter(hi, lo))
        middle = np.where((sitting >= 2) | (slow >= 2) | np.isnan(secant), 0.5 * (lo + hi), secant)
        g = increasing(middle) - targets
        up = g >= 0.0
        with np.errstate(invalid="ignore", divide="ignore"):
            scale = 1.0 - g / np.where(up, g_hi, g_lo)  # Anderson–Björck: 1 - f(new) / f(replaced)
        scale = np.where(scale > 0.0, scale, 0.5)
        again = replaced == np.where(up, _HIGH, _LOW)
        g_lo = np.where(up, np.where(again, g_lo * scale, g_lo), g)
        g_hi = np.where(up, g, np.where(again, g_hi * scale, g_hi))
        width = hi - lo
        lo, hi = np.where(up, lo, middle), np.where(up, middle, hi)
        slow = np.where(hi - lo > 0.5 * width, slow + 1, 0).astype(np.int8)
        replaced = np.where(up, _HIGH, _LOW).astype(np.int8)
        sitting = np.where(up & (g == 0.0), sitting + 1, 0).astype(np.int8)
    found[open_] = hi
    return found
