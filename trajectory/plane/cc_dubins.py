"""Continuous-curvature Dubins paths: a unit that steers (its curvature changes at most at its
``sharpness``, never past 1 / radius) from a pose to a pose, forwards only, many at once.

Each of Dubins' arcs becomes a turn (``clothoids``: a clothoid up, an arc at full lock, a clothoid
down; or two clothoids, for a turn too small to reach full lock), so the path is straight wherever
two parts meet. Words as Dubins': CSC (LSL, RSR, LSR, RSL) and CCC (LRL, RLR).

Where every turn reaches full lock the words have Fraichard and Scheuer's closed forms: seen from
its start or its end, a turn's full-lock centre lies at the same place, x ahead (behind, from its
end) and y to the side it turns (``full_lock_centre`` = x + iy). So the line of a CSC word passes
y from both centres, from x past the first centre's foot to x before the second's, and the turns
of a CCC word meet where their centres are 2 |x + iy| apart. Unlike theirs, a turn too small for
full lock keeps the sharpness (theirs steepens to keep that geometry), so a word with one is
solved for that turn's deflection t: the root of one number (how far the line misses the goal
sideways; how far apart the next two centres are against 2 |x + iy|), bracketed on a grid of t
and closed in on.

All in the frame of the start: the start at 0 facing +x, points as complex numbers x + iy; a
turn's sign is 1 for left, -1 for right.
"""

import numpy as np

from trajectory._numerics.angles import TWO_PI, wrapped
from trajectory.plane.clothoids import clothoid_offset, full_lock_centre, turn_length, turn_offset, turn_parts
from trajectory.plane.turn_paths import TurnPaths

WORDS = ("LSL", "RSR", "LSR", "RSL", "RLR", "LRL")
"""In the order of ``dubins.WORDS``."""
_SIGNS = {"L": 1.0, "R": -1.0, "S": 0.0}
_WORD_SIGNS = np.array([[_SIGNS[letter] for letter in word] for word in WORDS])  # (6, 3)
_ROWS = 9
"""Segments per path: three per turn (clothoid, arc, clothoid), one per line."""
_GRID = 8
_GRID_STEP = 0.25
"""A small turn's deflections are sampled at _GRID + 1 points, or this far apart (radians) where
small turns go further (a unit whose steering takes long to reach full lock)."""
_ROUNDS = 40
_CLOSED = 1e-15
_SLACK = 1e-12
"""How far below 0 (relative to the path's scale) a line's length may come out and count as 0."""
_MISS = 1e-9
"""How far (relative to the path's scale) a root may miss: more is a jump (a turn wrapping from
2 pi to 0), not a root."""


class _Unit:
    """What every word needs of the units' steering: ``curvature`` (1 / radius), ``sharpness``,
    ``least`` (the smallest deflection that reaches full lock), the full-lock centre x + iy,
    ``spacing`` (2 |x + iy|: how far apart the centres of two turns that meet lie), and the grid
    ``small`` of small deflections with the ends of those turns, ``small_ends``."""

    def __init__(self, curvature, sharpness):
        self.curvature, self.sharpness = curvature, sharpness
        self.least = curvature * curvature / sharpness
        centre = full_lock_centre(curvature, sharpness)
        self.centre, self.x, self.y, self.spacing = centre, centre.real, centre.imag, 2.0 * abs(centre)
        self.small = np.linspace(0.0, self.least, max(_GRID, int(np.ceil(self.least / _GRID_STEP))) + 1)
        self.small_ends = self.end(self.small, 1.0)

    def end(self, deflection, sign):
        """Where a turn of ``sign`` through ``deflection`` ends, seen from its start."""
        offset = turn_offset(deflection, self.curvature, self.sharpness, self.centre)
        return offset if sign > 0.0 else np.conj(offset)

    def small_end(self, deflection):
        """``end`` of a left turn too small for full lock (its two clothoids alone)."""
        reach = clothoid_offset(np.sqrt(deflection / self.sharpness), self.sharpness)
        return reach + np.exp(1j * deflection) * np.conj(reach)

    def full_lock_end(self, deflection, sign):
        """``end`` of a turn at full lock."""
        offset = self.centre + np.exp(1j * deflection) * np.conj(self.centre)
        return offset if sign > 0.0 else np.conj(offset)

    def full_lock(self, turned):
        """The deflection of a turn at full lock that turns the heading by ``turned`` (signed
        for the turn's side, modulo 2 pi): in [least, least + 2 pi)."""
        return self.least + (turned - self.least) % TWO_PI

    def length(self, deflection):
        return turn_length(deflection, self.curvature, self.sharpness)

    def entry_centre(self, sign):
        """A turn's full-lock centre seen from its start."""
        return complex(self.x, sign * self.y)

    def exit_centre(self, sign):
        """A turn's full-lock centre seen from its end."""
        return complex(-self.x, sign * self.y)


def cc_dubins_parts(points, headings, curvature, sharpness, dubins):
    """Continuous-curvature Dubins words from the origin facing +x to each goal: ``points`` x + iy
    (n,) complex and ``headings`` (n,); one ``curvature`` (1 / radius) and one ``sharpness`` for
    all; ``dubins`` the Dubins paths there: (word indices (n,), parts (n, 3) at radius 1), no
    path can be shorter.

    The words at full lock (closed forms) first. Where the shortest of them adds more over Dubins
    than ``added_bound`` allows, Dubins' own word with its small turns too small for full lock
    (found by search); where that does no better either, every word with a small turn; the
    shortest found.

    Returns:
        (words (n,) as indices into ``WORDS``, parts (n, 3): the turns' deflections, a CSC
        word's line length in the middle; lengths (n,)).
    """
    unit = _Unit(curvature, sharpness)
    n = points.size
    words = np.zeros(n, dtype=int)
    parts, totals = np.zeros((n, 3)), np.full(n, np.inf)

    def keep(word, rows, these, lengths):
        better = lengths < totals[rows]
        rows = rows[better]
        words[rows], parts[rows], totals[rows] = word, these[better], lengths[better]

    for word, (first, middle, last) in enumerate(_WORD_SIGNS.tolist()):
        found = (
            _csc_full_lock(points, headings, first, last, unit)
            if middle == 0.0
            else _ccc_full_lock(points, headings, first, unit)
        )
        keep(word, *found)
    dubins_words, dubins_parts = dubins
    allowed = dubins_parts.sum(axis=1) / curvature + added_bound(curvature, sharpness) * (1.0 + 1e-9)
    small_turns = dubins_parts < unit.least
    for everything in (False, True):
        wanting = np.flatnonzero(~(totals <= allowed))
        for word, (first, middle, last) in enumerate(_WORD_SIGNS.tolist()):
            for small in (0, 2) if middle == 0.0 else (0, 1, 2):
                rows = wanting
                if not everything:
                    rows = rows[(dubins_words[rows] == word) & small_turns[rows, small]]
                if middle == 0.0:
                    found = _csc_small(points[rows], headings[rows], first, last, unit, small == 0)
                else:
                    found = _ccc_small(points[rows], headings[rows], first, unit, small)
                for these_rows, these, lengths in found:
                    keep(word, rows[these_rows], these, lengths)
    return words, parts, totals


def added_bound(curvature, sharpness):
    """How much longer than Dubins' a path that keeps Dubins' CSC word at full lock can be: each
    turn adds its clothoid's length (curvature / sharpness) and the line how far the turns'
    centres shift from Dubins' circles beyond x (x + iy the full-lock centre)."""
    centre = full_lock_centre(curvature, sharpness)
    return 2.0 * curvature / sharpness + 2.0 * (abs(centre - 1j / curvature) - centre.real)


def _csc_full_lock(points, headings, first, last, unit):
    """The CSC word with both turns at full lock: (rows, parts, lengths) where it exists."""
    gap = points + np.exp(1j * headings) * unit.exit_centre(last) - unit.entry_centre(first)
    distance = np.abs(gap)
    with np.errstate(invalid="ignore"):
        if first == last:
            reach, direction = distance, np.angle(gap)
        else:
            reach = np.sqrt(distance * distance - 4.0 * unit.y * unit.y)  # NaN: the centres too near
            direction = np.angle(gap) - np.arctan2((last - first) * unit.y, reach)
        line = reach - 2.0 * unit.x
        exists = line >= -_SLACK * _scale(points, unit)
    turned = np.stack([(first * direction) % TWO_PI, (last * (headings - direction)) % TWO_PI], axis=1)
    rows = np.flatnonzero(exists)
    parts = np.stack(
        [unit.full_lock(turned[rows, 0]), np.maximum(line[rows], 0.0), unit.full_lock(turned[rows, 1])],
        axis=1,
    )
    return rows, parts, _csc_length(parts, unit)


def _csc_small(points, headings, first, last, unit, small_first):
    """The CSC word with its first (``small_first``) or last turn too small for full lock (its
    deflection t on the grid), the other turning its share of the heading at full lock, or small
    too (once round or more where small turns go that far). The root: the line's miss of the
    goal, sideways. (rows, parts, lengths) per case."""
    found = []
    for rounds in [None, *range(int(unit.least // TWO_PI) + 1)]:

        def parts_at(t, rows, ends=None, small_first=small_first, rounds=rounds):
            heading = headings[rows]
            direction = first * t if small_first else heading - last * t
            other = (last * (heading - direction) if small_first else first * direction) % TWO_PI
            if rounds is None:
                other = unit.full_lock(other)
                other_end = unit.full_lock_end(other, last if small_first else first)
            else:
                other = np.where(other + TWO_PI * rounds <= unit.least, other + TWO_PI * rounds, np.nan)
                other_end = _signed(unit.small_end(other), last if small_first else first)
            if ends is None:
                ends = unit.small_end(t)
            d1, d2 = (t, other) if small_first else (other, t)
            end1 = _signed(ends, first) if small_first else other_end
            end2 = other_end if small_first else _signed(ends, last)
            seen = (points[rows] - end1) * np.exp(-1j * direction) - end2
            return seen.imag, np.stack([d1, seen.real, d2], axis=-1)

        rows, t = _roots(parts_at, points.size, unit)
        miss, parts = parts_at(t, rows)
        scale = _scale(points[rows], unit)
        keep = (np.abs(miss) <= _MISS * scale) & (parts[:, 1] >= -_SLACK * scale)
        rows, parts = rows[keep], parts[keep]
        parts[:, 1] = np.maximum(parts[:, 1], 0.0)
        found.append((rows, parts, _csc_length(parts, unit)))
    return found


def _ccc_full_lock(points, headings, first, unit):
    """The CCC word with its three turns at full lock, the middle one turning ``-first``: both
    middle circles. (rows, parts, lengths)."""
    start_centre = unit.entry_centre(first)
    gap = points + np.exp(1j * headings) * unit.exit_centre(first) - start_centre
    distance = np.abs(gap)
    with np.errstate(invalid="ignore", divide="ignore"):
        height = np.sqrt(unit.spacing * unit.spacing - distance * distance / 4.0)  # NaN: too far apart
        across = 1j * gap / np.where(distance > 0.0, distance, 1.0)
    rows = np.flatnonzero(np.isfinite(height))
    found = []
    for side in (1.0, -1.0):
        middle_centre = start_centre + gap[rows] / 2.0 + side * height[rows] * across[rows]
        meet1 = np.angle(middle_centre - start_centre) - np.angle(_meeting(first, -first, unit))
        meet2 = np.angle(start_centre + gap[rows] - middle_centre) - np.angle(_meeting(-first, first, unit))
        turned = (
            np.stack([first * meet1, -first * (meet2 - meet1), first * (headings[rows] - meet2)], axis=1)
            % TWO_PI
        )
        parts = unit.full_lock(turned)
        found.append((rows, parts, _ccc_length(parts, unit)))
    rows, parts, lengths = (np.concatenate(column) for column in zip(*found))
    return rows, parts, lengths


def _ccc_small(points, headings, first, unit, small):
    """The CCC word with its turn ``small`` (0, 1, 2) too small for full lock (deflection t on
    the grid), the other two at full lock. The root: the distance between the two full-lock
    turns' centres (the middle one and an end one; the two end ones for a small middle turn)
    against where they would have to be. (rows, parts, lengths)."""
    found = []

    def parts_at(t, rows, ends=None, small=small):
        heading, point = headings[rows], points[rows]
        if ends is None:
            ends = unit.small_end(t)
        if small == 0:  # from the first turn's end, the middle's centre; the last's from the goal
            middle_centre = _signed(ends, first) + np.exp(1j * first * t) * unit.entry_centre(-first)
            gap = point + np.exp(1j * heading) * unit.exit_centre(first) - middle_centre
            meet2 = np.angle(gap) - np.angle(_meeting(-first, first, unit))
            meet1 = first * t
            parts = [
                t,
                unit.full_lock(-first * (meet2 - meet1)),
                unit.full_lock(first * (heading - meet2)),
            ]
            return np.abs(gap) - unit.spacing, np.stack(parts, axis=-1)
        if small == 2:  # back from the goal, the middle's centre; the first's from the start
            meet2 = heading - first * t
            start = point - np.exp(1j * meet2) * _signed(ends, first)
            gap = start + np.exp(1j * meet2) * unit.exit_centre(-first) - unit.entry_centre(first)
            meet1 = np.angle(gap) - np.angle(_meeting(first, -first, unit))
            parts = [unit.full_lock(first * meet1), unit.full_lock(-first * (meet2 - meet1)), t]
            return np.abs(gap) - unit.spacing, np.stack(parts, axis=-1)
        # The middle turn small: the end centres apart as the middle turn puts them.
        shape = (
            _signed(ends, -first)
            - unit.exit_centre(first)
            + np.exp(-1j * first * t) * unit.entry_centre(first)
        )
        gap = point + np.exp(1j * heading) * unit.exit_centre(first) - unit.entry_centre(first)
        meet1 = np.angle(gap) - np.angle(shape)
        meet2 = meet1 - first * t
        parts = [unit.full_lock(first * meet1), t, unit.full_lock(first * (heading - meet2))]
        return np.abs(gap) - np.abs(shape), np.stack(parts, axis=-1)

    rows, t = _roots(parts_at, points.size, unit)
    miss, parts = parts_at(t, rows)
    keep = np.abs(miss) <= _MISS * _scale(points[rows], unit)
    found.append((rows[keep], parts[keep], _ccc_length(parts[keep], unit)))
    return found


def _meeting(sign_before, sign_after, unit):
    """Where the centre of a turn of ``sign_after`` lies from that of the turn of
    ``sign_before`` it follows at full lock, the two meeting facing +x."""
    return unit.entry_centre(sign_after) - unit.exit_centre(sign_before)


def _roots(parts_at, n, unit):
    """Every root of the first output of ``parts_at(t, rows, ends)`` in the small deflections t
    of each of ``n`` paths: sampled on the unit's grid, each bracket closed in on. (rows, t)."""
    if n == 0:
        return np.empty(0, dtype=int), np.empty(0)
    rows = np.repeat(np.arange(n), unit.small.size)
    values = parts_at(np.tile(unit.small, n), rows, np.tile(unit.small_ends, n))[0].reshape(n, -1)
    with np.errstate(invalid="ignore"):
        brackets = np.sign(values[:, :-1]) * np.sign(values[:, 1:]) <= 0.0
    rows, cells = np.nonzero(brackets)
    if not rows.size:
        return rows, np.empty(0)
    t = _illinois(
        lambda t: parts_at(t, rows)[0],
        unit.small[cells],
        unit.small[cells + 1],
        values[rows, cells],
        values[rows, cells + 1],
    )
    return rows, t


def _illinois(f, low, high, f_low, f_high):
    """Roots of ``f`` (arrays in, arrays out) bracketed by [low, high] (f of opposite signs, or 0,
    at the ends): the Illinois variant of the false position, until every bracket has closed to
    the rounding of its ends (or ``_ROUNDS``)."""
    for _ in range(_ROUNDS):
        with np.errstate(invalid="ignore", divide="ignore"):
            step = f_high * (high - low) / (f_high - f_low)
        guess = np.where(np.isfinite(step) & (f_high != 0.0), high - step, high)
        guess = np.clip(guess, np.minimum(low, high), np.maximum(low, high))
        if np.all(np.abs(guess - high) <= _CLOSED * (np.abs(high) + 1.0)):
            return guess
        f_guess = f(guess)
        crossed = np.sign(f_guess) * np.sign(f_high) < 0.0
        low, f_low = np.where(crossed, high, low), np.where(crossed, f_high, 0.5 * f_low)
        high, f_high = guess, f_guess
    return high


def _csc_length(parts, unit):
    return unit.length(parts[:, 0]) + parts[:, 1] + unit.length(parts[:, 2])


def _ccc_length(parts, unit):
    return unit.length(parts[:, 0]) + unit.length(parts[:, 1]) + unit.length(parts[:, 2])


def _signed(offset, sign):
    """A left turn's end as a turn of ``sign`` ends: itself, or mirrored for a right turn."""
    return offset if sign > 0.0 else np.conj(offset)


def _scale(points, unit):
    """The size a path's roundings are measured against: the goal's distance plus a radius."""
    return np.abs(points) + 1.0 / unit.curvature


def cc_dubins_paths(starts, goals, radii, sharpness, dubins):
    """``TurnPaths`` of continuous-curvature Dubins words (``cc_dubins_parts``) from poses
    ``starts`` (n, 3) to poses ``goals`` (n, 3), turning no tighter than ``radii`` (n,), one
    ``sharpness`` for all (checked by the caller); ``dubins`` the Dubins paths there: word
    indices (n,) and parts at radius 1 (n, 3)."""
    facing = np.exp(-1j * starts[:, 2])
    points = (goals[:, 0] - starts[:, 0] + 1j * (goals[:, 1] - starts[:, 1])) * facing
    headings = wrapped(goals[:, 2] - starts[:, 2])
    words = np.empty(len(starts), dtype=int)
    parts = np.empty((len(starts), 3))
    for radius in np.unique(radii).tolist():  # the units of one radius together
        these = radii == radius
        words[these], parts[these], _ = cc_dubins_parts(
            points[these], headings[these], 1.0 / radius, sharpness, (dubins[0][these], dubins[1][these])
        )
    return _rows(starts, goals, words, parts, radii, sharpness)


def _rows(starts, goals, words, parts, radii, sharpness):
    """The segments of each word: per turn a clothoid up, an arc at its peak, a clothoid down
    (the arc of no length where the turn does not reach full lock); per line one row."""
    n = len(words)
    turns, lengths = np.zeros((n, _ROWS)), np.zeros((n, _ROWS))
    segment_radii, rates = np.repeat(radii[:, None], _ROWS, axis=1), np.zeros((n, _ROWS))
    signs = _WORD_SIGNS[words]
    column = np.zeros(n, dtype=int)
    for k in range(3):
        sign = signs[:, k]
        line = sign == 0.0
        rows = np.flatnonzero(line)
        lengths[rows, column[line]] = parts[line, k]
        rows, at, s = np.flatnonzero(~line), column[~line], sign[~line]
        clothoid, arc, peak = turn_parts(parts[rows, k], 1.0 / radii[rows], sharpness)
        peaked = peak > 0.0
        lengths[rows, at], rates[rows, at] = clothoid, s * sharpness
        for step, length in ((1, arc), (2, clothoid)):
            turns[rows, at + step] = np.where(peaked, s, 0.0)
            segment_radii[rows, at + step] = np.where(peaked, 1.0 / np.where(peaked, peak, 1.0), radii[rows])
            lengths[rows, at + step] = length
        rates[rows, at + 2] = -s * sharpness
        column = column + np.where(line, 1, 3)
    return TurnPaths(
        starts,
        radii,
        turns,
        lengths,
        np.array(WORDS)[words],
        ends=goals,
        segment_radii=segment_radii,
        curvature_rates=rates,
        sharpness=sharpness,
    )
