"""One continuous-curvature Dubins path in plain floats: ``cc_dubins``' words, closed forms and
searches for one start and goal (a unit's order), where numpy's cost per call would be nearly
all of the time (a batch of one takes milliseconds, this a few hundred microseconds). The same
cases, the same roots and the same choice among them as ``cc_dubins_parts`` (see there for the
geometry): a test holds the two to the same words and lengths. And the paths as callers get
them: one (``cc_dubins_path``), or many (``cc_dubins_paths``: a few one by one, more as a batch).

All in the frame of the start: the start at 0 facing +x, points as complex numbers x + iy; a
turn's sign is 1 for left, -1 for right.
"""

import cmath
import math

import numpy as np

from trajectory._numerics.angles import TWO_PI, wrapped
from trajectory.plane.cc_dubins import (
    ANGLE_SLACK,
    WORD_SIGNS,
    WORDS,
    cc_dubins_parts,
    ccc_curve_bounds,
    csc_parts_range,
)
from trajectory.plane.steering_turns import (
    CLOSED,
    MISS,
    ONE_BY_ONE,
    ROUNDS,
    SLACK,
    SMALL_REACH,
    signed,
    steering_path,
    steering_paths,
    steering_unit,
)

_ROTATED = 4.0 * np.finfo(float).eps
"""How far to the side (relative) a goal ahead may land by rounding when turned into the start's frame."""


def cc_dubins_path(start, goal, radius, sharpness):
    """The shortest continuous-curvature Dubins ``TurnPath`` from pose ``start`` to pose ``goal``
    (tuples (x, y, heading), headings in [-pi, pi)), turning no tighter than ``radius``, at
    ``sharpness`` (both checked by the caller)."""
    turned = cmath.exp(-1j * start[2])
    point = complex(goal[0] - start[0], goal[1] - start[1]) * turned
    if abs(point.imag) <= _ROTATED * abs(point):
        point = complex(point.real, 0.0)
    unit = steering_unit(1.0 / radius, sharpness)
    word, parts, sharpnesses, _ = cc_dubins_one(point, wrapped(goal[2] - start[2]), unit)
    return steering_path(start, goal, WORDS[word], parts, radius, sharpness, sharpnesses)


def cc_dubins_paths(starts, goals, radii, sharpness):
    """``TurnPaths`` of continuous-curvature Dubins words (``cc_dubins_parts``) from poses
    ``starts`` (n, 3) to poses ``goals`` (n, 3), turning no tighter than ``radii`` (n,), one
    ``sharpness`` for all (checked by the caller)."""
    facing = np.exp(-1j * starts[:, 2])
    points = (goals[:, 0] - starts[:, 0] + 1j * (goals[:, 1] - starts[:, 1])) * facing
    # A goal straight ahead seen from a start facing -x is 6e-17 to its side, no more: the
    # rotation's rounding, which would hide the straight line from the search (a loop 13.3 long).
    points = np.where(np.abs(points.imag) <= _ROTATED * np.abs(points), points.real + 0j, points)
    headings = wrapped(goals[:, 2] - starts[:, 2])
    words = np.empty(len(starts), dtype=int)
    parts, turn_sharpness = np.empty((len(starts), 3)), np.empty((len(starts), 3))
    for radius in np.unique(radii).tolist():  # the units of one radius together
        these = np.flatnonzero(radii == radius)
        if these.size <= ONE_BY_ONE:
            unit = steering_unit(1.0 / radius, sharpness)
            for row, point, heading in zip(these.tolist(), points[these].tolist(), headings[these].tolist()):
                words[row], parts[row], turn_sharpness[row], _ = cc_dubins_one(point, heading, unit)
        else:
            words[these], parts[these], turn_sharpness[these], _ = cc_dubins_parts(
                points[these], headings[these], 1.0 / radius, sharpness
            )
    return steering_paths(
        starts, goals, np.array(WORDS)[words], parts, radii, sharpness, turn_sharpness=turn_sharpness
    )


def cc_dubins_one(point, heading, unit):
    """The shortest continuous-curvature Dubins word from the origin facing +x to ``point``
    (complex) arriving facing ``heading`` (radians, in [-pi, pi)), for the ``SteeringUnit``
    ``unit``: (word, an index into ``cc_dubins.WORDS``; parts, the turns' deflections and a CSC
    word's line length in the middle; each turn's sharpness; the length), as
    ``cc_dubins_parts`` answers for one goal."""
    scale = abs(point) + 1.0 / unit.curvature
    best = (0, (0.0, 0.0, 0.0), (unit.sharpness,) * 3, math.inf)
    for word, (first, middle, last) in enumerate(WORD_SIGNS):
        if middle == 0.0:
            cases = [_csc_full_lock(point, heading, first, last, unit, scale)]
            cases += [_csc_small(point, heading, first, last, unit, small, scale) for small in (True, False)]
        else:
            cases = [_ccc_full_lock(point, heading, first, unit)]
            cases += [_ccc_small(point, heading, first, unit, small, scale) for small in (0, 1, 2)]
        for candidates in cases:
            for parts, sharpnesses, length in candidates:
                if length < best[3]:
                    best = (word, parts, sharpnesses, length)
    return best


def _csc_full_lock(point, heading, first, last, unit, scale):
    """``cc_dubins._csc_full_lock`` of one goal: [(parts, sharpnesses, length)] or []."""
    gap = point + cmath.exp(1j * heading) * unit.exit_centre(last) - unit.entry_centre(first)
    distance = abs(gap)
    if first == last:
        reach, direction = distance, cmath.phase(gap)
    else:
        squared = distance * distance - 4.0 * unit.y * unit.y
        if not squared >= 0.0:  # the centres too near
            return []
        reach = math.sqrt(squared)
        direction = cmath.phase(gap) - math.atan2((last - first) * unit.y, reach)
    line = reach - 2.0 * unit.x
    if not line >= -SLACK * scale:
        return []
    line = max(line, 0.0)
    turns = []
    for turned in ((first * direction) % TWO_PI, (last * (heading - direction)) % TWO_PI):
        deflection, sharpness, length = unit.on_circle(turned)
        if deflection == 0.0:  # a turn that does not turn: in the line
            line, length = line + length, 0.0
        turns.append((deflection, sharpness, length))
    (d1, s1, l1), (d2, s2, l2) = turns
    return [((d1, line, d2), (s1, unit.sharpness, s2), l1 + l2 + line)]


def _csc_small(point, heading, first, last, unit, small_first, scale):
    """``cc_dubins._csc_small`` of one goal: [(parts, sharpnesses, length)]."""
    # where the other turn is at full lock, the line passes y from its centre
    full_lock_end = unit.entry_centre(last) if small_first else unit.entry_centre(first).conjugate()
    found = []
    for rounds in [None, *range(int(min(unit.least, SMALL_REACH) // TWO_PI) + 1)]:
        towards = _csc_towards(point, heading, first, last, unit, small_first, rounds)
        if not _csc_may_meet(towards, heading, first, last, unit, small_first, rounds, scale):
            continue

        def miss(t, ends=None, parts=False, rounds=rounds, towards=towards):
            if ends is None:
                ends = unit.small_end(t)
            if small_first:
                own, sweep = signed(ends * cmath.exp(-1j * t), first), -first
                turned = last * (heading - first * t)
            else:
                own, sweep, turned = signed(ends, last), last, first * (heading - last * t)
            if rounds is None:
                other, other_end = None, full_lock_end
            else:
                other = turned % TWO_PI + TWO_PI * rounds
                if not other <= unit.least:
                    return (math.nan, None) if parts else math.nan
                far = unit.small_end(other)
                other_end = signed(far, last) if small_first else signed(far * cmath.exp(-1j * other), first)
            seen = towards * cmath.exp(1j * sweep * t) - own - other_end
            if not parts:
                return seen.imag
            if other is None:
                other = unit.full_lock(turned)
            return seen.imag, ((t, seen.real, other) if small_first else (other, seen.real, t))

        for t in small_turn_roots_one(miss, unit):
            missed, parts = miss(t, parts=True)
            if abs(missed) <= MISS * scale and parts[1] >= -SLACK * scale:
                parts = (parts[0], max(parts[1], 0.0), parts[2])
                length = unit.length(parts[0]) + parts[1] + unit.length(parts[2])
                found.append((parts, (unit.sharpness,) * 3, length))
    return found


def _csc_towards(point, heading, first, last, unit, small_first, rounds):
    """``cc_dubins._csc_towards`` of one goal."""
    if small_first:
        return point if rounds is not None else point + cmath.exp(1j * heading) * unit.exit_centre(last)
    return (point - (0.0 if rounds is not None else unit.entry_centre(first))) * cmath.exp(-1j * heading)


def _csc_may_meet(towards, heading, first, last, unit, small_first, rounds, scale):
    """``cc_dubins._csc_may_meet`` of one goal."""
    reach, sweep = unit.small_table[-1][0], -first if small_first else last
    low, high = csc_parts_range(unit, first, last, small_first, rounds)
    least, most = _swept_range(towards, min(sweep, 0.0) * reach, reach)
    slack = MISS * scale
    if not (least <= high + slack and most >= low - slack):
        return False
    if rounds is None:
        return True
    turned = (last if small_first else first) * heading - (reach if first == last else 0.0)
    span = min(unit.least, TWO_PI * (rounds + 1)) - TWO_PI * rounds
    return (-turned) % TWO_PI <= reach + ANGLE_SLACK or turned % TWO_PI <= span + ANGLE_SLACK


def _swept_range(towards, start, width):
    """``cc_dubins._swept_range`` of one complex number."""
    first, last = towards * cmath.exp(1j * start), towards * cmath.exp(1j * (start + width))
    size = abs(towards)
    least, most = min(first.imag, last.imag), max(first.imag, last.imag)
    half_turn = width >= math.pi
    if half_turn or (first.real >= 0.0 and last.real <= 0.0):
        most = size
    if half_turn or (first.real <= 0.0 and last.real >= 0.0):
        least = -size
    return least, most


def _ccc_full_lock(point, heading, first, unit):
    """``cc_dubins._ccc_full_lock`` of one goal: both middle circles."""
    start_centre = unit.entry_centre(first)
    gap = point + cmath.exp(1j * heading) * unit.exit_centre(first) - start_centre
    distance = abs(gap)
    squared = unit.spacing * unit.spacing - distance * distance / 4.0
    if not squared >= 0.0:  # too far apart
        return []
    height, across = math.sqrt(squared), 1j * gap / (distance if distance > 0.0 else 1.0)
    found = []
    for side in (1.0, -1.0):
        middle_centre = start_centre + gap / 2.0 + side * height * across
        meet1 = cmath.phase(middle_centre - start_centre) - cmath.phase(unit.meeting(first, -first))
        meet2 = cmath.phase(start_centre + gap - middle_centre) - cmath.phase(unit.meeting(-first, first))
        turns = [
            unit.on_circle(turned % TWO_PI, lines=False)
            for turned in (first * meet1, -first * (meet2 - meet1), first * (heading - meet2))
        ]
        parts, sharpnesses, lengths = zip(*turns)
        found.append((parts, sharpnesses, sum(lengths)))
    return found


def _ccc_small(point, heading, first, unit, small, scale):
    """``cc_dubins._ccc_small`` of one goal: [(parts, sharpnesses, length)]."""
    towards = _ccc_towards(point, heading, first, unit, small)
    if not _ccc_may_meet(towards, first, unit, small, scale):
        return []

    after, before = unit.entry_centre(-first), unit.exit_centre(-first)  # the middle turn's centre
    start_centre, end_centre = unit.entry_centre(first), unit.exit_centre(first)
    meeting = cmath.phase(unit.meeting(-first, first) if small == 0 else unit.meeting(first, -first))

    def miss(t, ends=None, parts=False):
        if ends is None:
            ends = unit.small_end(t)
        if small == 0:  # the middle turn's centre from the first turn's end; the last's from the goal
            gap = towards - signed(ends, first) - cmath.exp(1j * first * t) * after
            if not parts:
                return abs(gap) - unit.spacing
            meet2 = cmath.phase(gap) - meeting
            middle, last = -first * (meet2 - first * t), first * (heading - meet2)
            turns = (t, unit.full_lock(middle), unit.full_lock(last))
            return abs(gap) - unit.spacing, turns
        if small == 2:  # back from the goal, the middle's centre (seen turned by -heading)
            gap = towards - cmath.exp(-1j * first * t) * (signed(ends, first) - before)
            if not parts:
                return abs(gap) - unit.spacing
            meet2 = heading - first * t
            meet1 = heading + cmath.phase(gap) - meeting
            turns = (unit.full_lock(first * meet1), unit.full_lock(-first * (meet2 - meet1)), t)
            return abs(gap) - unit.spacing, turns
        # the middle turn small: the end centres apart as it puts them
        shape = signed(ends, -first) - end_centre + cmath.exp(-1j * first * t) * start_centre
        if not parts:
            return abs(towards) - abs(shape)
        meet1 = cmath.phase(towards) - cmath.phase(shape)
        turns = (unit.full_lock(first * meet1), t, unit.full_lock(first * (heading - meet1 + first * t)))
        return abs(towards) - abs(shape), turns

    found = []
    for t in small_turn_roots_one(miss, unit):
        missed, parts = miss(t, parts=True)
        if abs(missed) <= MISS * scale:
            found.append((parts, (unit.sharpness,) * 3, sum(unit.length(part) for part in parts)))
    return found


def _ccc_towards(point, heading, first, unit, small):
    """``cc_dubins._ccc_towards`` of one goal."""
    if small == 0:
        return point + cmath.exp(1j * heading) * unit.exit_centre(first)
    if small == 2:
        return (point - unit.entry_centre(first)) * cmath.exp(-1j * heading)
    return point + cmath.exp(1j * heading) * unit.exit_centre(first) - unit.entry_centre(first)


def _ccc_may_meet(towards, first, unit, small, scale):
    """``cc_dubins._ccc_may_meet`` of one goal."""
    slack = MISS * scale
    if small == 1:
        low, high = ccc_curve_bounds(unit, small)
        return low - slack <= abs(towards) <= high + slack
    centre, radius = ccc_curve_bounds(unit, small)
    seen = towards if first > 0.0 else towards.conjugate()
    return abs(abs(seen - centre) - unit.spacing) <= radius + slack


def small_turn_roots_one(miss, unit):
    """``steering_turns.small_turn_roots`` of one path: every root of ``miss(t, ends)`` on the
    unit's grid of small deflections, each bracket closed in on."""
    table = unit.small_table
    values = [miss(t, ends) for t, ends in table]
    roots = []
    for k in range(len(table) - 1):
        low, high = values[k], values[k + 1]
        if (low <= 0.0 <= high) or (high <= 0.0 <= low):  # NaN: no bracket
            root = _illinois(miss, table[k][0], table[k + 1][0], low, high)
            roots.append(0.0 if root <= CLOSED else root)  # within rounding of none: none
    return roots


def _illinois(f, low, high, f_low, f_high):
    """``steering_turns.illinois`` of one bracket."""
    for _ in range(ROUNDS):
        guess = high
        if f_high != 0.0 and f_high != f_low:
            step = f_high * (high - low) / (f_high - f_low)
            if math.isfinite(step):
                guess = min(max(high - step, min(low, high)), max(low, high))
        if not abs(guess - high) > CLOSED * (abs(high) + 1.0):
            return guess
        f_guess = f(guess)
        if (f_guess < 0.0 < f_high) or (f_high < 0.0 < f_guess):
            low, f_low = high, f_high
        else:
            f_low = 0.5 * f_low
        high, f_high = guess, f_guess
    return high
