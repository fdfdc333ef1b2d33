"""A steering unit's turns (``clothoids``) as the planners of continuous-curvature paths use
them, and how they find a turn too small for full lock: the root, in its deflection, of what
the path's geometry asks, bracketed on a grid and closed in on.

All in the frame of a path's start: the start at 0 facing +x, points as complex numbers x + iy;
a turn's sign is 1 for left, -1 for right.
"""

import cmath
import dataclasses
import functools
import math

import numpy as np

from trajectory._numerics.angles import TWO_PI
from trajectory._numerics.checks import positive_finite
from trajectory.plane.clothoids import clothoid_offset, full_lock_centre, turn_length, turn_offset, turn_parts
from trajectory.plane.turn_paths import TurnPaths, path_from_turns

SIGNS = {"L": 1.0, "R": -1.0, "S": 0.0}
ARC_LIKE = 1e-14
"""A unit whose clothoids turn it through less than this (curvature² / sharpness radians: their
length over its radius) reaches full lock within a rounding of its radius: it steers as one that
turns at once, and its paths are the arc paths."""
MOST_GENTLE = 1e4
"""The most a unit's clothoids may turn it before full lock (curvature² / sharpness radians): a
gentler unit's paths run so far (their length grows as 1 / sqrt(sharpness)) that where they end
is lost to rounding (a path 4e5 long ended 1e-8 from its goal at 1e5), so its sharpness is
refused."""
SMALL_REACH = 8.0 * np.pi
"""The largest deflection searched for a turn too small for full lock: a gentle unit, whose
clothoids would turn it further before full lock, is not searched for turns of more than four
whole turns (the grid of small deflections stays bounded however gentle it is)."""
_GRID = 8
_GRID_STEP = 0.25
"""A small turn's deflections are sampled at _GRID + 1 points, or this far apart (radians) where
small turns go further (a unit whose steering takes long to reach full lock)."""
_FINE = 8
"""The unit's fine table of small deflections (for bounds, not roots) is this many times finer
than its grid."""
ROUNDS = 40
CLOSED = 1e-15
"""Where a root search closes (relative to its bracket's size, 1 near 0): a small turn's root
within this of no deflection is none (its clothoids, sqrt(t / sharpness) long, would make a
rounding of t some 3e-9 long, and one path and the batch would differ by it)."""
SLACK = 1e-12
"""How far below 0 (relative to the path's scale) a line's length may come out and count as 0."""
ONE_BY_ONE = 8
"""Up to this many paths (or words) at once are worked one by one in plain floats: solved
(``cc_dubins_one``, ``cc_to_point``), laid out (``steering_paths``), driven (``fitted_words``);
below about 15, numpy's fixed cost outweighs its speed."""
MISS = 1e-9
"""How far (relative to the path's scale) a root may miss: more is a jump (a turn wrapping from
2 pi to 0), not a root."""


class SteeringUnit:
    """What every path needs of a unit's steering: ``curvature`` (1 / radius), ``sharpness``,
    ``least`` (the smallest deflection that reaches full lock), the full-lock centre x + iy,
    ``spacing`` (2 |x + iy|: how far apart the centres of two turns that meet lie), the grid
    ``small`` of small deflections with the ends of those left turns, ``small_ends``, and the
    same ``fine`` and ``fine_ends`` on a finer table; ``small_table``, the grid's (deflection, end)
    pairs as plain numbers (for one path in plain floats).

    Its methods take one float (and answer plain numbers) or an array."""

    def __init__(self, curvature, sharpness):
        self.curvature, self.sharpness = float(curvature), float(sharpness)
        self.least = curvature * curvature / sharpness
        centre = full_lock_centre(curvature, sharpness)
        self.centre, self.x, self.y, self.spacing = centre, centre.real, centre.imag, 2.0 * abs(centre)
        reach = min(self.least, SMALL_REACH)
        self.small = np.linspace(0.0, reach, max(_GRID, int(np.ceil(reach / _GRID_STEP))) + 1)
        self.small_ends = self.end(self.small, 1.0)
        self.small_table = tuple(zip(self.small.tolist(), self.small_ends.tolist()))
        self.fine = np.linspace(0.0, reach, _FINE * (self.small.size - 1) + 1)
        self.fine_ends = self.end(self.fine, 1.0)

    def end(self, deflection, sign):
        """Where a turn of ``sign`` through ``deflection`` ends, seen from its start."""
        return signed(turn_offset(deflection, self.curvature, self.sharpness, self.centre), sign)

    def small_end(self, deflection):
        """``end`` of a left turn too small for full lock (its two clothoids alone)."""
        if type(deflection) is float:
            reach = clothoid_offset(math.sqrt(deflection / self.sharpness), self.sharpness)
            return reach + cmath.exp(1j * deflection) * reach.conjugate()
        reach = clothoid_offset(np.sqrt(deflection / self.sharpness), self.sharpness)
        return reach + np.exp(1j * deflection) * np.conj(reach)

    def full_lock_end(self, deflection, sign):
        """``end`` of a turn at full lock."""
        turned = cmath.exp(1j * deflection) if type(deflection) is float else np.exp(1j * deflection)
        return signed(self.centre + turned * self.centre.conjugate(), sign)

    def full_lock(self, turned):
        """The deflection of a turn at full lock that turns the heading by ``turned`` (signed
        for the turn's side, modulo 2 pi): in [least, least + 2 pi)."""
        return self.least + (turned - self.least) % TWO_PI

    def on_circle(self, turned, lines=True):
        """The shortest turn from a pose on its full-lock circle to where a turn at full lock
        would end, the heading turned by ``turned`` (array, in [0, 2 pi)): Fraichard and
        Scheuer's CC turn. At full lock (round once more where ``turned`` is below ``least``),
        or their elementary turn: two clothoids of a gentler sharpness that end at that same
        place (its chord along turned / 2 as the full-lock turn's, a pair's chord scaling as
        1 / sqrt(sharpness)), where one is gentler than the unit's and shorter; with ``lines``,
        where the heading does not turn (to ``CLOSED`` of 2 pi), the line straight there, 2 x
        long (without: round at full lock, for a path with no line of the turn's own gear to put
        it in).

        Returns:
            (deflections, sharpnesses, lengths), each shaped as ``turned``: a deflection 0 is
            the line (its length the line's; a path puts it into its own line).
        """
        if type(turned) is float:
            return self._on_circle_one(turned, lines)
        deflections = self.full_lock(turned)
        lengths = self.length(deflections)
        sharpnesses = np.full(np.shape(turned), self.sharpness)
        if lines:
            straight = (turned == 0.0) | (turned >= TWO_PI * (1.0 - CLOSED))
            deflections[straight], lengths[straight] = 0.0, 2.0 * self.x
        small = np.flatnonzero((turned > 0.0) & (turned < self.least))
        if small.size:
            t = turned.flat[small]
            chord = np.abs(self.full_lock_end(t, 1.0))
            own = (self.small_end(t) * np.exp(-0.5j * t)).real  # the unit's own pair's chord
            with np.errstate(divide="ignore", invalid="ignore"):
                gentler = self.sharpness * (own / chord) ** 2
                elementary = 2.0 * np.sqrt(t / gentler)
            better = (own > 0.0) & (gentler <= self.sharpness) & (elementary < lengths.flat[small])
            at = small[better]
            deflections.flat[at], sharpnesses.flat[at], lengths.flat[at] = (
                t[better],
                gentler[better],
                elementary[better],
            )
        return deflections, sharpnesses, lengths

    def _on_circle_one(self, turned, lines):
        """``on_circle`` of one float: (deflection, sharpness, length)."""
        deflection = self.full_lock(turned)
        length, sharpness = self.length(deflection), self.sharpness
        if lines and (turned == 0.0 or turned >= TWO_PI * (1.0 - CLOSED)):
            deflection, length = 0.0, 2.0 * self.x
        if 0.0 < turned < self.least:
            chord = abs(self.full_lock_end(turned, 1.0))
            own = (self.small_end(turned) * cmath.exp(-0.5j * turned)).real
            gentler = sharpness * (own / chord) ** 2 if chord > 0.0 else math.inf
            if own > 0.0 and 0.0 < gentler <= sharpness:
                elementary = 2.0 * math.sqrt(turned / gentler)
                if elementary < length:
                    deflection, sharpness, length = turned, gentler, elementary
        return deflection, sharpness, length

    def length(self, deflection):
        """A turn's length."""
        return turn_length(deflection, self.curvature, self.sharpness)

    def meeting(self, sign_before, sign_after):
        """Where the centre of a turn of ``sign_after`` lies from that of the turn of
        ``sign_before`` it follows, both at full lock, the two meeting facing +x."""
        return self.entry_centre(sign_after) - self.exit_centre(sign_before)

    def entry_centre(self, sign):
        """A turn's full-lock centre seen from its start."""
        return complex(self.x, sign * self.y)

    def exit_centre(self, sign):
        """A turn's full-lock centre seen from its end."""
        return complex(-self.x, sign * self.y)


@functools.lru_cache(maxsize=64)
def steering_unit(curvature, sharpness):
    """The ``SteeringUnit`` of ``curvature`` and ``sharpness``, made once (its tables take a few
    hundred Fresnel values, and a planner asks for the same unit path after path); its arrays
    are read-only, as it is shared."""
    unit = SteeringUnit(curvature, sharpness)
    for table in (unit.small, unit.small_ends, unit.fine, unit.fine_ends):
        table.flags.writeable = False
    return unit


def steering_sharpness(sharpness, radius):
    """``sharpness`` (1 / length²) checked to be a positive finite number, or None (arcs) as
    given or where the unit steers as if it turned at once at every ``radius`` (a number or an
    array; checked by the caller): its clothoids under ``ARC_LIKE`` of the tightest radius.

    Raises:
        ValueError: On a sharpness that is not a positive finite number, or so gentle that the
            clothoids turn the unit more than ``MOST_GENTLE`` radians before full lock.
    """
    if sharpness is None:
        return None
    sharpness = positive_finite(sharpness, "sharpness")
    radii = np.asarray(radius, dtype=float)
    tightest = float(radii.min()) if radii.size else math.nan
    if not (math.isfinite(tightest) and tightest > 0.0):
        return sharpness  # the caller refuses the radius
    scaled = tightest * tightest * sharpness  # 1 / the clothoids' turn to full lock
    if scaled > 1.0 / ARC_LIKE:
        return None
    if scaled < 1.0 / MOST_GENTLE:
        raise ValueError(
            f"sharpness {sharpness:g} is too gentle for a radius of {tightest:g}: its clothoids would "
            f"turn the unit more than {MOST_GENTLE:g} rad before full lock, and where its paths end "
            f"would be lost to rounding (at least {1.0 / (MOST_GENTLE * tightest * tightest):g})"
        )
    return sharpness


def turn_then_line_roots(parts_at, points, unit):
    """``small_turn_roots`` of a word whose line leaves the small turn (or reaches it): where
    the root truly reaches the goal and the line is not negative (to rounding, then 0).
    ``parts_at`` answers (miss, parts) with the line's length in parts[:, 1]. (rows, parts)."""
    rows, t = small_turn_roots(parts_at, points.size, unit)
    miss, parts = parts_at(t, rows)
    size = path_scale(points[rows], unit)
    keep = (np.abs(miss) <= MISS * size) & (parts[:, 1] >= -SLACK * size)
    rows, parts = rows[keep], parts[keep]
    parts[:, 1] = np.maximum(parts[:, 1], 0.0)
    return rows, parts


def small_turn_roots(parts_at, n, unit):
    """Every root of the miss ``parts_at(t, rows, ends, parts=False)`` answers (miss, None; with
    ``parts``, (miss, the path's parts (k, letters))) in the small deflections t of each of
    ``n`` paths: sampled on the unit's grid, each bracket closed in on. (rows, t)."""
    if n == 0:
        return np.empty(0, dtype=int), np.empty(0)
    rows = np.repeat(np.arange(n), unit.small.size)
    values = parts_at(np.tile(unit.small, n), rows, np.tile(unit.small_ends, n), parts=False)[0].reshape(
        n, -1
    )
    with np.errstate(invalid="ignore"):
        brackets = np.sign(values[:, :-1]) * np.sign(values[:, 1:]) <= 0.0
    rows, cells = np.nonzero(brackets)
    if not rows.size:
        return rows, np.empty(0)
    t = illinois(
        lambda t, which: parts_at(t, rows[which], parts=False)[0],
        unit.small[cells],
        unit.small[cells + 1],
        values[rows, cells],
        values[rows, cells + 1],
    )
    return rows, np.where(t <= CLOSED, 0.0, t)


def illinois(f, low, high, f_low, f_high):
    """Roots of ``f`` bracketed by [low, high] (k,) (f of opposite signs, or 0, at the ends): the
    Illinois variant of the false position, each bracket until it has closed to the rounding of
    its ends (or ``ROUNDS``). ``f(t, which)``: f at t (m,) for the brackets ``which`` (m,) still
    open."""
    roots = high.copy()
    which = np.arange(high.size)
    for _ in range(ROUNDS):
        with np.errstate(invalid="ignore", divide="ignore"):
            step = f_high * (high - low) / (f_high - f_low)
        guess = np.where(np.isfinite(step) & (f_high != 0.0), high - step, high)
        guess = np.clip(guess, np.minimum(low, high), np.maximum(low, high))
        roots[which] = guess
        open_ = np.abs(guess - high) > CLOSED * (np.abs(high) + 1.0)
        if not open_.all():
            which, low, high, f_low, f_high, guess = (
                array[open_] for array in (which, low, high, f_low, f_high, guess)
            )
            if not which.size:
                return roots
        f_guess = f(guess, which)
        crossed = np.sign(f_guess) * np.sign(f_high) < 0.0
        low, f_low = np.where(crossed, high, low), np.where(crossed, f_high, 0.5 * f_low)
        high, f_high = guess, f_guess
    roots[which] = high
    return roots


def shortest_of_each(rows, lengths):
    """Which candidates (indices into ``rows`` (k,) and ``lengths`` (k,)) are the shortest of
    their row's: one each, for an assignment that a row's later duplicates would overwrite."""
    if rows.size < 2 or (rows[1:] > rows[:-1]).all():  # one each already (the common case)
        return np.arange(rows.size)
    order = np.lexsort((lengths, rows))
    first = np.concatenate([[True], rows[order][1:] != rows[order][:-1]])
    return order[first]


def signed(offset, sign):
    """A left turn's end as a turn of ``sign`` ends: itself, or mirrored for a right turn (a
    complex number or an array)."""
    return offset if sign > 0.0 else offset.conjugate()


def path_scale(points, unit):
    """The size a path's roundings are measured against: the goal's distance plus a radius."""
    return np.abs(points) + 1.0 / unit.curvature


def steering_path(start, end, word, parts, radius, sharpness, turn_sharpness, gear=None):
    """``steering_paths`` of one path, in plain floats: a ``TurnPath`` from pose ``start`` to
    pose ``end`` (tuples; ``end`` None where not known) for ``word`` with its ``parts`` and each
    turn's sharpness ``turn_sharpness`` (sequences, one per letter); ``gear`` 1 forwards, -1
    backing (None: forwards, no gears)."""
    turns, lengths, radii, rates = _segments(word, parts, radius, turn_sharpness)
    gears = None if gear is None else [gear] * len(turns)
    if gear is not None:
        turns = [turn * gear for turn in turns]
    return dataclasses.replace(
        path_from_turns(start, radius, turns, lengths, word, end=end, gears=gears),
        sharpness=float(sharpness),
        segment_radii=tuple(radii),
        curvature_rates=tuple(rates),
    )


def _segments(word, parts, radius, turn_sharpness):
    """One path's segments in plain floats, as ``steering_paths`` lays them out: lists of their
    turns, lengths, radii and curvature rates."""
    turns, lengths, radii, rates = [], [], [], []
    for letter, part, own in zip(word, parts, turn_sharpness):
        if letter == "S":
            turns.append(0.0), lengths.append(part), radii.append(radius), rates.append(0.0)
            continue
        sign = SIGNS[letter]
        clothoid, arc, peak = turn_parts(part, 1.0 / radius, own)
        turn, peak_radius = (sign, 1.0 / peak) if peak > 0.0 else (0.0, radius)
        turns += [0.0, turn, turn]
        lengths += [clothoid, arc, clothoid]
        radii += [radius, peak_radius, peak_radius]
        rates += [sign * own, 0.0, -sign * own]
    return turns, lengths, radii, rates


def steering_paths(starts, ends, words, parts, radii, sharpness, gears=None, turn_sharpness=None):
    """``TurnPaths`` of words (n,) of turns and lines with their ``parts`` (n, letters; a
    shorter word's extra parts 0): a turn's deflection, a line's length. Per turn a clothoid
    up, an arc at its peak, a clothoid down (the arc of no length where the turn does not reach
    full lock); per line one row. ``turn_sharpness`` (n, letters): each turn's clothoids'
    sharpness where it is gentler than the unit's ``sharpness`` (an elementary turn, see
    ``SteeringUnit.on_circle``); None: all the unit's.
    ``gears`` (n,): 1 forwards (None: all), -1 backing (the turns then steer the other way:
    the path is one planned for the unit turned round)."""
    n, letters = parts.shape
    if n <= ONE_BY_ONE:
        turns, lengths, segment_radii, rates = _few_segments(words, parts, radii, sharpness, turn_sharpness)
    else:
        turns, lengths, segment_radii, rates = _many_segments(words, parts, radii, sharpness, turn_sharpness)
    segment_gears = None
    if gears is not None:
        turns = turns * gears[:, None]
        segment_gears = np.repeat(gears[:, None], 3 * letters, axis=1)
    return TurnPaths(
        starts,
        radii,
        turns,
        lengths,
        words,
        ends=ends,
        gears=segment_gears,
        segment_radii=segment_radii,
        curvature_rates=rates,
        sharpness=sharpness,
    )


def _few_segments(words, parts, radii, sharpness, turn_sharpness):
    """``steering_paths``' segment arrays (turns, lengths, radii, rates; (n, 3 letters)) row by
    row in plain floats (``_segments``), a row's unused segments lines of no length."""
    n, letters = parts.shape
    columns = [np.zeros((n, 3 * letters)) for _ in range(4)]
    columns[2][:] = radii[:, None]
    owns = np.full((n, letters), float(sharpness)) if turn_sharpness is None else turn_sharpness
    rows = zip(words.tolist(), parts.tolist(), radii.tolist(), owns.tolist())
    for row, (word, these, radius, own) in enumerate(rows):
        for column, values in zip(columns, _segments(word.ljust(letters, "S"), these, radius, own)):
            column[row, : len(values)] = values
    return columns


def _many_segments(words, parts, radii, sharpness, turn_sharpness):
    """``steering_paths``' segment arrays (turns, lengths, radii, rates; (n, 3 letters)), all
    rows at once."""
    n, letters = parts.shape
    kinds, index = np.unique(words, return_inverse=True)  # shorter words: lines of no length after
    signs = np.array([[SIGNS[letter] for letter in word.ljust(letters, "S")] for word in kinds.tolist()])
    signs = signs.reshape(-1, letters)[index]
    count = 3 * letters
    turns, lengths = np.zeros((n, count)), np.zeros((n, count))
    segment_radii, rates = np.repeat(radii[:, None], count, axis=1), np.zeros((n, count))
    column = np.zeros(n, dtype=int)
    for k in range(letters):
        sign = signs[:, k]
        line = sign == 0.0
        rows = np.flatnonzero(line)
        lengths[rows, column[line]] = parts[line, k]
        rows, at, s = np.flatnonzero(~line), column[~line], sign[~line]
        own = sharpness if turn_sharpness is None else turn_sharpness[rows, k]
        clothoid, arc, peak = turn_parts(parts[rows, k], 1.0 / radii[rows], own)
        peaked = peak > 0.0
        lengths[rows, at], rates[rows, at] = clothoid, s * own
        for step, length in ((1, arc), (2, clothoid)):
            turns[rows, at + step] = np.where(peaked, s, 0.0)
            segment_radii[rows, at + step] = np.where(peaked, 1.0 / np.where(peaked, peak, 1.0), radii[rows])
            lengths[rows, at + step] = length
        rates[rows, at + 2] = -s * own
        column = column + np.where(line, 1, 3)
    return turns, lengths, segment_radii, rates
