"""The shortest Reeds–Shepp path for many pairs of poses at once: the 44 candidates of
``reeds_shepp`` (its readings, bounds and order), the shortest kept per pair.

Its formulas are ``reeds_shepp``'s written over arrays: whether the word reaches the goal, and
its lengths wherever it does (``reeds_shepp`` keeps its own, which return None early, for the
speed of one path). A pair's path is ``reeds_shepp_path``'s: the same word and lengths to a few
rounding steps (the functions are numpy's, not ``math``'s), of equal lengths the same one.
"""

import numpy as np

from trajectory._numerics.angles import wrapped
from trajectory._numerics.maths import ARRAYS
from trajectory.plane import reeds_shepp
from trajectory.plane.cc_reeds_shepp import cc_reeds_shepp_paths
from trajectory.plane.reeds_shepp import (
    _HALF_PI,
    _TURNS,
    _TWO_PI,
    _ZERO,
    CANDIDATES,
    NEGLIGIBLE,
    _all_readings,
)
from trajectory.plane.steering_turns import steering_sharpness
from trajectory.plane.turn_paths import MIRRORED, TurnPaths, pose_pairs

_MOST = 5
"""Segments in the longest word (LRSLR)."""
_BLOCK = 32768
"""Pairs solved at a time: the candidates' arrays stay in the cache."""
_GATHER = 0.5
"""A formula is worked out for the pairs where its word can exist alone (gathered) when they are
fewer than this part of all, else for all of them."""


def reeds_shepp_paths(starts, goals, radius, *, headings, sharpness=None):
    """``reeds_shepp_path`` for many units at once.

    Args:
        starts: Poses (x, y, heading), shape (n, 3).
        goals: Points (x, y), shape (n, 2).
        radius: One turning radius or one per unit, shape (n,).
        headings: The heading to arrive facing at each goal, shape (n,).
        sharpness: For units that steer (see ``reeds_shepp_path``): one rate for all; None for
            arcs.

    Returns:
        ``TurnPaths`` of up to five segments per unit with their ``gears`` (-1 where the unit
        backs along one); segments of no length (to 1e-12 of the path) are left out, as
        ``reeds_shepp_path`` leaves them out: a unit's ``words`` entry says how many it has.

    Raises:
        ValueError: On poses of the wrong shape or not finite, or radii or a sharpness that are
            not positive finite numbers.

    >>> paths = reeds_shepp_paths([[0, 0, 0], [0, 0, 0]], [[-3, 0], [2, 0]], 1.0, headings=[0, 0])
    >>> paths.words.tolist(), paths.lengths.tolist(), paths.gears[:, 0].tolist()
    (['S', 'S'], [3.0, 2.0], [-1.0, 1.0])
    """
    starts, goals, radii = pose_pairs(starts, goals, headings, radius)
    sharpness = steering_sharpness(sharpness, radii)
    cos_h, sin_h = np.cos(starts[:, 2]), np.sin(starts[:, 2])
    dx, dy = goals[:, 0] - starts[:, 0], goals[:, 1] - starts[:, 1]
    x, y = (cos_h * dx + sin_h * dy) / radii, (cos_h * dy - sin_h * dx) / radii
    phi = wrapped(goals[:, 2] - starts[:, 2])
    least, chosen, lengths = np.empty(x.shape), np.empty(x.shape, dtype=np.intp), np.empty((x.size, _MOST))
    for start in range(0, x.size, _BLOCK):
        block = slice(start, start + _BLOCK)
        least[block], chosen[block], lengths[block] = _shortest(x[block], y[block], phi[block])
    turns, lengths, kept, words = _read(chosen, lengths, least)
    gears = np.where(lengths < 0.0, -1.0, 1.0)
    count = np.maximum(kept.sum(axis=1), 1)
    last_gear = gears[np.arange(gears.shape[0]), count - 1]
    gears = np.where(np.arange(_MOST) < count[:, None], gears, last_gear[:, None])  # no cusp after the end
    parts = np.abs(lengths) * radii[:, None]
    arcs = TurnPaths(starts, radii, turns, parts, words, ends=goals, gears=gears)
    return arcs if sharpness is None else cc_reeds_shepp_paths(arcs, sharpness)


def _shortest(x, y, phi):
    """For goals (x, y, phi) (n,) from the origin facing +x, radius 1: the shortest candidate's
    length (n,), its index in ``CANDIDATES`` (n,), its formula's lengths (n, 5), zero-padded."""
    readings = _all_readings(x, y, phi, ARRAYS)
    least, chosen = np.full(x.shape, np.inf), np.zeros(x.shape, dtype=np.intp)
    lengths = np.zeros((x.size, _MOST))
    for index, (formula, _, circle, reading, near, far, lowest, highest) in enumerate(CANDIDATES):
        seen = readings[reading][circle]
        inside = _within(seen[2], near, far, 0.0, np.inf) & _within(seen[3], lowest, highest, -np.pi, np.pi)
        rows = None
        if inside is not True and np.count_nonzero(inside) < _GATHER * x.size:
            rows = np.flatnonzero(inside)  # few: the formula on those alone
            if not rows.size:
                continue
            seen = [value[rows] for value in seen]
        with np.errstate(invalid="ignore"):
            reaches, parts = _ON_ARRAYS[formula](*seen)
        total = np.abs(parts[0])
        for part in parts[1:]:
            total = total + np.abs(part)  # summed in the order ``sum`` adds them for one goal
        if rows is None:
            rows = np.flatnonzero(reaches & inside & (total < least))
            total, parts = total[rows], [part if np.ndim(part) == 0 else part[rows] for part in parts]
        else:
            better = reaches & (total < least[rows])
            rows, total = rows[better], total[better]
            parts = [part if np.ndim(part) == 0 else part[better] for part in parts]
        least[rows], chosen[rows] = total, index
        for column, part in enumerate(parts):
            lengths[rows, column] = part
        lengths[rows, len(parts) :] = 0.0
    return least, chosen, lengths


def _within(values, low, high, least, most):
    """Where ``low <= values <= high``, for values that lie in [least, most]: True (a bool)
    where the bounds hold for all of those."""
    if low <= least:
        return True if high >= most else values <= high
    return values >= low if high >= most else (values >= low) & (values <= high)


def _reading_tables():
    """Per candidate, how its formula's lengths read as its word: the column each segment takes
    (reversed for a backwards reading), the sign (-1 time-flipped), the turns, and the letters."""
    columns, signs, turns, letters = [], [], [], []
    for _, word, _, (backwards, flip, reflect), *_ in CANDIDATES:
        read = word.translate(MIRRORED) if reflect else word
        order = list(range(len(word)))
        if backwards:
            read, order = read[::-1], order[::-1]
        columns.append(order + list(range(len(word), _MOST)))  # past the word: zeros
        signs.append(-1.0 if flip else 1.0)
        turns.append([_TURNS[letter] for letter in read] + [0.0] * (_MOST - len(word)))
        letters.append(read)
    return np.array(columns), np.array(signs), np.array(turns), letters


_COLUMNS, _SIGNS, _TURN_TABLE, _LETTERS = _reading_tables()


def _read(chosen, lengths, least):
    """The chosen candidates read as their words: (turns (n, 5), signed lengths (n, 5), which
    segments are kept (n, 5), the words (n,)), the kept segments first, in order."""
    signed = np.take_along_axis(lengths, _COLUMNS[chosen], axis=1) * _SIGNS[chosen][:, None]
    turns = _TURN_TABLE[chosen]
    kept = np.abs(signed) > NEGLIGIBLE * np.maximum(1.0, least)[:, None]
    # Each pair's word from its candidate and the segments it keeps, spelled once per kind.
    kinds = chosen * 2**_MOST + kept @ (2 ** np.arange(_MOST))
    present = np.flatnonzero(np.bincount(kinds, minlength=len(CANDIDATES) * 2**_MOST))
    spelled = np.empty(len(CANDIDATES) * 2**_MOST, dtype=object)
    for kind in present.tolist():
        letters = _LETTERS[kind >> _MOST]
        spelled[kind] = "".join(letter for k, letter in enumerate(letters) if kind >> k & 1) or "S"
    words = spelled[kinds]
    gapped = np.flatnonzero((kept[:, 1:] & ~kept[:, :-1]).any(axis=1))  # a dropped segment before a kept one
    order = np.argsort(~kept[gapped], axis=1, kind="stable")
    for column in (turns, signed, kept):
        column[gapped] = np.take_along_axis(column[gapped], order, axis=1)
    turns[~kept] = 0.0
    signed[~kept] = 0.0
    return turns, signed, kept, words


def _remainder(x):
    """``math.remainder(x, 2 pi)`` for an array: x - 2 pi n, n the nearest integer, which is as
    exact for |x| below 5 pi (the formulas' sums of a few angles): 2 pi n is exact for |n| <= 2
    and the subtraction exact by Sterbenz's lemma."""
    return x - _TWO_PI * np.rint(x / _TWO_PI)


def _tau_omega(u, v, xi, eta, phi):
    delta = _remainder(u - v)
    a = np.sin(u) - np.sin(delta)
    b = np.cos(u) - np.cos(delta) - 1.0
    t1 = np.arctan2(eta * a - xi * b, xi * a + eta * b)
    t2 = 2.0 * (np.cos(delta) - np.cos(v) - np.cos(u)) + 3.0
    tau = _remainder(np.where(t2 < 0.0, t1 + np.pi, t1))
    return tau, _remainder(tau - u + v - phi)


def _lsl(xi, eta, rho, theta, phi, room):
    v = _remainder(phi - theta)
    return (theta >= -_ZERO) & (v >= -_ZERO), (theta, rho, v)


def _lsr(xi, eta, rho, theta, phi, room):
    u = np.sqrt(np.maximum(room, 0.0))
    t = _remainder(np.arctan2(xi, -eta) - np.arctan2(u, 2.0))
    v = _remainder(t - phi)
    return (room >= 0.0) & (t >= -_ZERO) & (v >= -_ZERO), (t, u, v)


def _lrl(xi, eta, rho, theta, phi, room):
    u = -2.0 * np.arcsin(np.minimum(rho / 4.0, 1.0))
    t = _remainder(theta + u / 2.0 + np.pi)
    v = _remainder(phi - t + u)
    return (rho <= 4.0) & (t >= -_ZERO) & (u <= _ZERO), (t, u, v)


def _lrlr_opposed(xi, eta, rho, theta, phi, room):
    rho = (2.0 + rho) / 4.0
    u = np.arccos(np.minimum(rho, 1.0))
    t, v = _tau_omega(u, -u, xi, eta, phi)
    return (rho <= 1.0) & (t >= -_ZERO) & (v <= _ZERO), (t, u, -u, v)


def _lrlr_equal(xi, eta, rho, theta, phi, room):
    rho = (20.0 - xi * xi - eta * eta) / 16.0
    u = -np.arccos(np.clip(rho, 0.0, 1.0))
    t, v = _tau_omega(u, u, xi, eta, phi)
    exists = (rho >= 0.0) & (rho <= 1.0) & (u >= -_HALF_PI)
    return exists & (t >= -_ZERO) & (v >= -_ZERO), (t, u, u, v)


def _lrsl(xi, eta, rho, theta, phi, room):
    r = np.sqrt(np.maximum(rho * rho - 4.0, 0.0))
    u = 2.0 - r
    t = _remainder(theta + np.arctan2(r, -2.0))
    v = _remainder(phi - _HALF_PI - t)
    return (rho >= 2.0) & (t >= -_ZERO) & (u <= _ZERO) & (v <= _ZERO), (t, -_HALF_PI, u, v)


def _lrsr(xi, eta, rho, theta, phi, room):
    t = np.arctan2(xi, -eta)
    u = 2.0 - rho
    v = _remainder(t + _HALF_PI - phi)
    return (rho >= 2.0) & (t >= -_ZERO) & (u <= _ZERO) & (v <= _ZERO), (t, -_HALF_PI, u, v)


def _lrslr(xi, eta, rho, theta, phi, room):
    u = 4.0 - np.sqrt(np.maximum(room, 0.0))
    t = _remainder(np.arctan2((4.0 - u) * xi - 2.0 * eta, -2.0 * xi + (u - 4.0) * eta))
    v = _remainder(t - phi)
    exists = (rho >= 2.0) & (u <= _ZERO)
    return exists & (t >= -_ZERO) & (v >= -_ZERO), (t, -_HALF_PI, u, -_HALF_PI, v)


_ON_ARRAYS = {
    reeds_shepp._lsl: _lsl,
    reeds_shepp._lsr: _lsr,
    reeds_shepp._lrl: _lrl,
    reeds_shepp._lrlr_opposed: _lrlr_opposed,
    reeds_shepp._lrlr_equal: _lrlr_equal,
    reeds_shepp._lrsl: _lrsl,
    reeds_shepp._lrsr: _lrsr,
    reeds_shepp._lrslr: _lrslr,
}
"""Each of ``reeds_shepp``'s formulas (see there) over arrays: (where it reaches the goal, its
lengths)."""
