"""Arrival with a required heading: the shortest of the six Dubins paths, for one unit or many.

The closed forms of Shkel and Lumelsky, in the arrangement of A. Walker's dubins library, with
every small difference written so that it keeps its digits: start and goal a hair apart must not
lose their tiny distance to rounding.
"""

import math

import numpy as np

from trajectory._numerics.angles import TWO_PI, same_headings, wrapped
from trajectory._numerics.checks import positive_finite
from trajectory.plane.cc_dubins_one import cc_dubins_path, cc_dubins_paths
from trajectory.plane.steering_turns import steering_sharpness
from trajectory.plane.turn_paths import TurnPaths, angle, path_from_turns, point, pose, pose_pairs

WORDS = ("LSL", "RSR", "LSR", "RSL", "RLR", "LRL")
_TURNS = {"L": 1.0, "S": 0.0, "R": -1.0}
_WORD_TURNS = np.array([[_TURNS[letter] for letter in word] for word in WORDS])  # (6, 3)
_NEAR_ZERO_TURN = 1e-9
"""A first or last turn (radians) this near 0 may be a full turn rounded onto 0 (a goal a hair
behind): such a word is kept only if it reaches the goal (``_reaches``)."""
_REACH = 1e-9
"""How near (relative to its length) such a word's end must come to the goal."""
_ROUNDING = 4.0 * 2.0**-52
"""The rounding of each of the terms (x, y) of the straight part of LSL and RSR, relative to their
size. The part's direction is then known only to (|x| dy + |y| dx) / p^2 radians, and within that
it is snapped to the start or goal heading where that spares a full turn: a goal on an end circle
(or a hair outside it), where x and y are differences of nearly equal numbers and the direction is
noise that might add a loop. A straight part whose terms are exact keeps its direction however
short it is: goals 1e-16 radii away are planned exactly."""


def dubins_path(start, goal, radius, *, heading, sharpness=None):
    """The shortest forward path from pose ``start`` (x, y, heading) to the point ``goal`` (x, y),
    arriving facing ``heading``, turning no tighter than ``radius``: the shortest of the six
    Dubins words.

    With ``sharpness`` (the most the curvature may change per unit of length, 1 / length²), a
    unit that steers: its curvature changes continuously, at most that fast, and each turn eases
    in and out along clothoids (``cc_dubins``; the words are the same).

    Returns:
        A ``TurnPath`` with ``word`` one of LSL, RSR, LSR, RSL, RLR, LRL.

    Raises:
        ValueError: On a start, goal or heading that is not finite, or a radius or sharpness
            that is not a positive finite number.
    """
    x0, y0, given0 = pose(start, "start")
    x1, y1 = point(goal, "goal")
    radius = positive_finite(radius, "radius")
    heading0, heading1 = wrapped(given0), angle(heading, "heading")
    if same_headings(heading0, heading1):
        heading1 = heading0
    sharpness = steering_sharpness(sharpness, radius)
    if sharpness is not None:
        return cc_dubins_path((x0, y0, heading0), (x1, y1, heading1), radius, sharpness)
    word, turns, parts = shortest((x0, y0, heading0), (x1, y1, heading1), radius)
    return path_from_turns((x0, y0, heading0), radius, turns, parts, word, end=(x1, y1, heading1))


def shortest(start, goal, radius):
    """The shortest Dubins word between two poses (floats, headings in [-pi, pi), the radius
    positive; unchecked: the planner's fast path): (word, turns, lengths)."""
    x0, y0, heading0 = start
    x1, y1, heading1 = goal
    dx, dy = x1 - x0, y1 - y0
    d = math.hypot(dx, dy) / radius
    alpha, beta, sines_and_cosines = _relative_headings(heading0, heading1, dx, dy, math)
    trig = _trig(alpha, beta, math, sines_and_cosines)
    best_word, best_parts, best_total = None, None, math.inf
    # The end circles of a CCC word lie at most 4 radii apart, their centres within 1 of the ends.
    for word in WORDS if d <= 6.5 else WORDS[:4]:
        parts = _word_parts(word, alpha, beta, d, trig)
        if parts is not None and (
            min(parts[0], parts[2]) > _NEAR_ZERO_TURN or _reaches(word, parts, alpha, d)
        ):
            total = parts[0] + parts[1] + parts[2]
            if total < best_total:
                best_word, best_parts, best_total = word, parts, total
    return best_word, [_TURNS[letter] for letter in best_word], [part * radius for part in best_parts]


def _reaches(word, parts, alpha, d):
    """Whether the word's path (normalised lengths ``parts``) from (0, 0) heading ``alpha`` ends
    at the goal (d, 0), to ``_REACH`` of its length and the rounding of each turn that is not 0:
    a turn rounded from 2 pi onto 0 (exactly) misses by about twice the distance, a path within
    rounding of the goal by far less."""
    x = y = rounding = 0.0
    heading = alpha
    for letter, part in zip(word, parts):
        turn = _TURNS[letter]
        if turn == 0.0:
            x, y = x + part * math.cos(heading), y + part * math.sin(heading)
        elif part != 0.0:
            after = heading + turn * part
            x += turn * (math.sin(after) - math.sin(heading))
            y += turn * (math.cos(heading) - math.cos(after))
            heading, rounding = after, rounding + _ROUNDING
    return math.hypot(x - d, y) <= _REACH * (parts[0] + parts[1] + parts[2]) + rounding


def _reach_batch(turns, parts, alpha, d):
    """``_reaches`` for arrays: ``turns`` (3,), ``parts`` (n, 3), ``alpha`` and ``d`` (n,)."""
    x, y, heading, rounding = np.zeros_like(d), np.zeros_like(d), alpha.copy(), np.zeros_like(d)
    for turn, part in zip(turns.tolist(), parts.T):
        if turn == 0.0:
            x, y = x + part * np.cos(heading), y + part * np.sin(heading)
        else:
            after = heading + turn * part
            x, y = x + turn * (np.sin(after) - np.sin(heading)), y + turn * (np.cos(heading) - np.cos(after))
            heading, rounding = after, rounding + _ROUNDING * (part != 0.0)
    return np.hypot(x - d, y) <= _REACH * parts.sum(axis=1) + rounding


def _relative_headings(heading0, heading1, dx, dy, maths):
    """The headings alpha = heading0 - phi and beta = heading1 - phi, phi the direction of (dx, dy)
    (0 where dx = dy = 0), and (sin alpha, sin beta, cos alpha, cos beta), with ``maths`` = math
    for floats or numpy for arrays. Worked out from the vector, not from phi: a goal exactly
    ahead or behind has sin(alpha) = 0 exactly (sin of the rounded pi is 1.2e-16, as much as a
    goal a hair away measures), so a goal a hair behind is not taken for one a hair ahead."""
    distance = maths.hypot(dx, dy)
    if maths is math:
        apart = distance > 0.0
        cos_phi, sin_phi = (dx / distance, dy / distance) if apart else (1.0, 0.0)
    else:
        apart = distance > 0.0
        cos_phi = np.where(apart, dx / np.where(apart, distance, 1.0), 1.0)
        sin_phi = np.where(apart, dy / np.where(apart, distance, 1.0), 0.0)
    s0, c0, s1, c1 = maths.sin(heading0), maths.cos(heading0), maths.sin(heading1), maths.cos(heading1)
    sa, sb = s0 * cos_phi - c0 * sin_phi, s1 * cos_phi - c1 * sin_phi
    ca, cb = c0 * cos_phi + s0 * sin_phi, c1 * cos_phi + s1 * sin_phi
    if maths is math:
        alpha, beta = (math.atan2(sa, ca), math.atan2(sb, cb)) if apart else (heading0, heading1)
    else:
        alpha = np.where(apart, np.arctan2(sa, ca), heading0)
        beta = np.where(apart, np.arctan2(sb, cb), heading1)
    return alpha, beta, (sa, sb, ca, cb)


def _trig(alpha, beta, maths, sines_and_cosines):
    """What every word needs of the angles, with ``maths`` = math for floats or numpy for arrays:
    sin and cos of both (``sines_and_cosines``: sin alpha, sin beta, cos alpha, cos beta),
    sin((alpha - beta) / 2), and in product form (keeping the digits of a tiny difference)
    sin(alpha) - sin(beta) and cos(alpha) - cos(beta)."""
    half_gap, mean = maths.sin((alpha - beta) / 2.0), (alpha + beta) / 2.0
    return (
        *sines_and_cosines,
        half_gap,
        2.0 * maths.cos(mean) * half_gap,
        -2.0 * maths.sin(mean) * half_gap,
    )


def _word_parts(word, alpha, beta, d, trig):
    """Normalised lengths (t, p, q) of one word (radius 1), or None where it does not exist."""
    sa, sb, ca, cb, half_gap, sine_gap, cosine_gap = trig
    if word in ("LSL", "RSR"):
        sign = 1.0 if word == "LSL" else -1.0
        x, y = d + sign * sine_gap, -sign * cosine_gap
        p = math.hypot(x, y)
        direction = alpha
        if p > 0.0:
            direction = math.atan2(y, x)
            spread = _direction_spread(x, y, p, d, sine_gap, cosine_gap, alpha, beta)
            if abs(math.remainder(direction - alpha, TWO_PI)) <= spread:
                direction = alpha
            elif abs(math.remainder(direction - beta, TWO_PI)) <= spread:
                direction = beta
        return (sign * (direction - alpha) % TWO_PI, p, sign * (beta - direction) % TWO_PI)
    if word in ("LSR", "RSL"):
        sign = 1.0 if word == "LSR" else -1.0
        p_squared = -4.0 * half_gap * half_gap + d * d + 2.0 * d * sign * (sa + sb)
        if p_squared < 0.0:
            return None
        p = math.sqrt(p_squared)
        direction = math.atan2(-sign * (ca + cb), d + sign * (sa + sb)) - math.atan2(-2.0 * sign, p)
        return (sign * (direction - alpha) % TWO_PI, p, sign * (direction - beta) % TWO_PI)
    # RLR, LRL: the middle circle touches both end circles, whose centres lie ``between`` apart;
    # its sweep is 2 pi - acos(1 - between^2 / 8), written with asin to keep a tiny ``between``.
    sign = 1.0 if word == "RLR" else -1.0
    x, y = d - sign * sine_gap, cosine_gap
    between = math.hypot(x, y)
    if between > 4.0 * (1.0 + 1e-12):
        return None
    p = TWO_PI - 2.0 * math.asin(min(between / 4.0, 1.0))
    t = (sign * alpha - math.atan2(y, x) + p / 2.0) % TWO_PI
    return (t, p, (sign * (alpha - beta) - t + p) % TWO_PI)


def _direction_spread(x, y, p, d, sine_gap, cosine_gap, alpha, beta):
    """How far (radians) the direction atan2(y, x) of a straight part p = |(x, y)| may be off by
    rounding (floats or arrays): x = d + sine_gap and y = cosine_gap each carry about _ROUNDING of
    their terms, plus, where the headings differ, the rounding of the angles in the gaps; and
    alpha itself, measured from the goal's direction, about _ROUNDING radians."""
    angles = (alpha != beta) * (abs(alpha) + abs(beta))  # plain arithmetic: floats and arrays alike
    dx = _ROUNDING * (d + abs(sine_gap) + angles)
    dy = _ROUNDING * (abs(cosine_gap) + angles)
    return (abs(x) / p * dy + abs(y) / p * dx) / p + _ROUNDING


def dubins_paths(starts, goals, radius, *, headings, sharpness=None):
    """``dubins_path`` for many units at once.

    Args:
        starts: Poses (x, y, heading), shape (n, 3).
        goals: Points (x, y), shape (n, 2).
        radius: One turning radius or one per unit, shape (n,).
        headings: The heading to arrive facing at each goal, shape (n,).
        sharpness: For units that steer (see ``dubins_path``): one rate for all; None for arcs.

    Returns:
        ``TurnPaths`` with three segments per unit (nine for units that steer: three per turn).

    Raises:
        ValueError: On poses of the wrong shape or not finite, or radii or a sharpness that are
            not positive finite numbers.
    """
    starts, goals, radii = pose_pairs(starts, goals, headings, radius)
    sharpness = steering_sharpness(sharpness, radii)
    if sharpness is not None:
        return cc_dubins_paths(starts, goals, radii, sharpness)
    dx, dy = goals[:, 0] - starts[:, 0], goals[:, 1] - starts[:, 1]
    d = np.hypot(dx, dy) / radii
    alpha, beta, sines_and_cosines = _relative_headings(starts[:, 2], goals[:, 2], dx, dy, np)
    sa, sb, ca, cb, half_gap, sine_gap, cosine_gap = _trig(alpha, beta, np, sines_and_cosines)
    trig = (sa + sb, ca + cb, sine_gap, cosine_gap, 4.0 * half_gap * half_gap)
    candidates = np.stack([_word_parts_batch(word, alpha, beta, d, trig) for word in WORDS])  # (6, n, 3)
    totals = np.where(np.isnan(candidates[..., 0]), np.inf, candidates.sum(axis=2))
    for index, turns in enumerate(_WORD_TURNS):  # a turn near 0 may be a full one rounded onto 0
        near = np.flatnonzero(np.minimum(candidates[index, :, 0], candidates[index, :, 2]) <= _NEAR_ZERO_TURN)
        if near.size:
            missed = ~_reach_batch(turns, candidates[index, near], alpha[near], d[near])
            totals[index, near[missed]] = np.inf
    words = np.argmin(totals, axis=0)
    parts = candidates[words, np.arange(words.size)] * radii[:, None]
    return TurnPaths(starts, radii, _WORD_TURNS[words], parts, np.array(WORDS)[words], ends=goals)


def _word_parts_batch(word, alpha, beta, d, trig):
    """``_word_parts`` over arrays: (n, 3) normalised lengths, NaN where the word does not exist.

    ``trig`` holds sin(alpha) + sin(beta), cos(alpha) + cos(beta), and in product form
    sin(alpha) - sin(beta), cos(alpha) - cos(beta) and 2 - 2 cos(alpha - beta), shared by all six words.
    """
    sine_sum, cosine_sum, sine_gap, cosine_gap, gap = trig
    with np.errstate(invalid="ignore"):
        if word in ("LSL", "RSR"):
            sign = 1.0 if word == "LSL" else -1.0
            x, y = d + sign * sine_gap, -sign * cosine_gap
            p = np.hypot(x, y)
            direction = np.arctan2(y, x)
            with np.errstate(divide="ignore"):
                spread = np.where(
                    p > 0.0, _direction_spread(x, y, p, d, sine_gap, cosine_gap, alpha, beta), np.inf
                )
            direction = np.where(
                np.abs(wrapped(direction - alpha)) <= spread,
                alpha,
                np.where(np.abs(wrapped(direction - beta)) <= spread, beta, direction),
            )
            t, q = sign * (direction - alpha) % TWO_PI, sign * (beta - direction) % TWO_PI
        elif word in ("LSR", "RSL"):
            sign = 1.0 if word == "LSR" else -1.0
            p = np.sqrt(-gap + d * d + 2.0 * d * sign * sine_sum)  # NaN where it does not exist
            direction = np.arctan2(-sign * cosine_sum, d + sign * sine_sum) - np.arctan2(-2.0 * sign, p)
            t, q = sign * (direction - alpha) % TWO_PI, sign * (direction - beta) % TWO_PI
        else:
            sign = 1.0 if word == "RLR" else -1.0
            x, y = d - sign * sine_gap, cosine_gap
            between = np.hypot(x, y)
            p = np.where(
                between > 4.0 * (1.0 + 1e-12),
                np.nan,
                TWO_PI - 2.0 * np.arcsin(np.minimum(between / 4.0, 1.0)),
            )
            t = (sign * alpha - np.arctan2(y, x) + p / 2.0) % TWO_PI
            q = (sign * (alpha - beta) - t + p) % TWO_PI
    return np.stack([t, p, q], axis=1)
