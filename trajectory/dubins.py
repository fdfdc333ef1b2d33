"""Arrival with a required heading: the shortest of the six Dubins paths, for one unit or many.

The closed forms of Shkel and Lumelsky, in the arrangement of A. Walker's dubins library, with
every small difference written so that it keeps its digits: start and goal a hair apart must not
lose their tiny distance to rounding.
"""

import math

import numpy as np

from trajectory._checks import positive_finite
from trajectory.turn_paths import TWO_PI, TurnPaths, path_from_turns, pose, radii_for, rows

WORDS = ("LSL", "RSR", "LSR", "RSL", "RLR", "LRL")
_TURNS = {"L": 1.0, "S": 0.0, "R": -1.0}
_WORD_TURNS = np.array([[_TURNS[letter] for letter in word] for word in WORDS])  # (6, 3)
_COINCIDENT = 1e-12
"""Normalised distances below this count as zero."""


def dubins_path(start, goal, radius):
    """The shortest path from pose ``start`` to pose ``goal`` (each (x, y, heading)) turning no
    tighter than ``radius``: the shortest of the six Dubins words.

    Returns:
        A ``TurnPath`` with ``word`` one of LSL, RSR, LSR, RSL, RLR, LRL.

    Raises:
        ValueError: On non-finite poses or a radius that is not a positive finite number.
    """
    x0, y0, heading0 = pose(start, "start")
    x1, y1, heading1 = pose(goal, "goal")
    radius = positive_finite(radius, "radius")
    dx, dy = x1 - x0, y1 - y0
    d = math.hypot(dx, dy) / radius
    phi = math.atan2(dy, dx) if d > 0.0 else 0.0
    alpha, beta = (heading0 - phi) % TWO_PI, (heading1 - phi) % TWO_PI
    best = None
    for word in WORDS:
        parts = _word_parts(word, alpha, beta, d)
        if parts is not None and (best is None or sum(parts) < sum(best[1])):
            best = (word, parts)
    word, parts = best
    turns = [_TURNS[letter] for letter in word]
    return path_from_turns((x0, y0, heading0), radius, turns, [part * radius for part in parts], word)


def _word_parts(word, alpha, beta, d):
    """Normalised lengths (t, p, q) of one word (radius 1), or None where it does not exist."""
    sa, sb, ca, cb = math.sin(alpha), math.sin(beta), math.cos(alpha), math.cos(beta)
    half_gap, mean = math.sin((alpha - beta) / 2.0), (alpha + beta) / 2.0
    sine_gap = 2.0 * math.cos(mean) * half_gap  # sin(alpha) - sin(beta)
    cosine_gap = -2.0 * math.sin(mean) * half_gap  # cos(alpha) - cos(beta)
    if word in ("LSL", "RSR"):
        sign = 1.0 if word == "LSL" else -1.0
        x, y = d + sign * sine_gap, -sign * cosine_gap
        direction = alpha if math.hypot(x, y) < _COINCIDENT else math.atan2(y, x)
        return (sign * (direction - alpha) % TWO_PI, math.hypot(x, y), sign * (beta - direction) % TWO_PI)
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


def dubins_paths(starts, goals, radius):
    """The shortest Dubins path for each pair of poses, all at once.

    Args:
        starts, goals: Poses (x, y, heading), shape (n, 3).
        radius: One turning radius or one per unit, shape (n,).

    Returns:
        ``TurnPaths`` with three segments per unit.

    Raises:
        ValueError: On poses of the wrong shape or not finite, or radii that are not positive
            finite numbers.
    """
    starts, goals = rows(starts, "starts", 3), rows(goals, "goals", 3)
    if starts.shape != goals.shape:
        raise ValueError(f"starts and goals must have the same shape, got {starts.shape} and {goals.shape}")
    radii = radii_for(radius, len(starts))
    dx, dy = goals[:, 0] - starts[:, 0], goals[:, 1] - starts[:, 1]
    d = np.hypot(dx, dy) / radii
    phi = np.where(d > 0.0, np.arctan2(dy, dx), 0.0)
    alpha, beta = (starts[:, 2] - phi) % TWO_PI, (goals[:, 2] - phi) % TWO_PI
    half_gap, mean = np.sin((alpha - beta) / 2.0), (alpha + beta) / 2.0
    trig = (
        np.sin(alpha) + np.sin(beta),
        np.cos(alpha) + np.cos(beta),
        2.0 * np.cos(mean) * half_gap,
        -2.0 * np.sin(mean) * half_gap,
        4.0 * half_gap * half_gap,
    )
    candidates = np.stack([_word_parts_batch(word, alpha, beta, d, trig) for word in WORDS])  # (6, n, 3)
    totals = np.where(np.isnan(candidates[..., 0]), np.inf, candidates.sum(axis=2))
    words = np.argmin(totals, axis=0)
    parts = candidates[words, np.arange(words.size)] * radii[:, None]
    return TurnPaths(starts, radii, _WORD_TURNS[words], parts, np.array(WORDS)[words])


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
            direction = np.where(p < _COINCIDENT, alpha, np.arctan2(y, x))
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
