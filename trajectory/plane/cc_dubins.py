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

import functools

import numpy as np

from trajectory._numerics.angles import TWO_PI
from trajectory.plane.steering_turns import (
    MISS,
    SIGNS,
    SLACK,
    SMALL_REACH,
    path_scale,
    shortest_of_each,
    signed,
    small_turn_roots,
    steering_unit,
    turn_then_line_roots,
)

WORDS = ("LSL", "RSR", "LSR", "RSL", "RLR", "LRL")
"""In the order of ``dubins.WORDS``."""
ANGLE_SLACK = 1e-9
"""How far (radians) a screen widens a range of angles against rounding."""
WORD_SIGNS = tuple(tuple(SIGNS[letter] for letter in word) for word in WORDS)
"""Each word's turns' signs (0 for its line)."""


def cc_dubins_parts(points, headings, curvature, sharpness):
    """Continuous-curvature Dubins words from the origin facing +x to each goal: ``points`` x + iy
    (n,) complex and ``headings`` (n,); one ``curvature`` (1 / radius) and one ``sharpness`` for
    all.

    The words with every turn on its full-lock circle (closed forms: at full lock, or
    Fraichard and Scheuer's elementary turns), and every word with a turn too small for full
    lock at the unit's own sharpness (found by search); the shortest. (A search only where the
    closed forms came out far longer than Dubins' path missed shorter paths: 29.6 long where it
    kept 76.8.)

    Returns:
        (words (n,) as indices into ``WORDS``, parts (n, 3): the turns' deflections, a CSC
        word's line length in the middle; each turn's sharpness (n, 3): the unit's, or a
        gentler one for an elementary turn (``SteeringUnit.on_circle``); lengths (n,)).
    """
    unit = steering_unit(curvature, sharpness)
    n = points.size
    words = np.zeros(n, dtype=int)
    parts, totals = np.zeros((n, 3)), np.full(n, np.inf)
    turn_sharpness = np.full((n, 3), float(sharpness))

    def keep(word, rows, these, lengths, sharpnesses=None):
        better = shortest_of_each(rows, lengths)
        better = better[lengths[better] < totals[rows[better]]]
        rows = rows[better]
        words[rows], parts[rows], totals[rows] = word, these[better], lengths[better]
        turn_sharpness[rows] = sharpness if sharpnesses is None else sharpnesses[better]

    for word, (first, middle, last) in enumerate(WORD_SIGNS):
        if middle == 0.0:
            keep(word, *_csc_full_lock(points, headings, first, last, unit))
            for small_first in (True, False):
                for rows, these, lengths in _csc_small(points, headings, first, last, unit, small_first):
                    keep(word, rows, these, lengths)
        else:
            keep(word, *_ccc_full_lock(points, headings, first, unit))
            for small in (0, 1, 2):
                for rows, these, lengths in _ccc_small(points, headings, first, unit, small):
                    keep(word, rows, these, lengths)
    return words, parts, turn_sharpness, totals


def _csc_full_lock(points, headings, first, last, unit):
    """The CSC word with both turns at full lock (or elementary, ``SteeringUnit.on_circle``)
    where it exists: (rows, parts, lengths, each turn's sharpness)."""
    gap = points + np.exp(1j * headings) * unit.exit_centre(last) - unit.entry_centre(first)
    distance = np.abs(gap)
    with np.errstate(invalid="ignore"):
        if first == last:
            reach, direction = distance, np.angle(gap)
        else:
            reach = np.sqrt(distance * distance - 4.0 * unit.y * unit.y)  # NaN: the centres too near
            direction = np.angle(gap) - np.arctan2((last - first) * unit.y, reach)
        line = reach - 2.0 * unit.x
        exists = line >= -SLACK * path_scale(points, unit)
    turned = np.stack([(first * direction) % TWO_PI, (last * (headings - direction)) % TWO_PI], axis=1)
    rows = np.flatnonzero(exists)
    deflections, sharpnesses, lengths = unit.on_circle(turned[rows])
    line = np.maximum(line[rows], 0.0) + np.where(deflections == 0.0, lengths, 0.0).sum(axis=1)
    lengths = np.where(deflections == 0.0, 0.0, lengths)  # a turn that does not turn: in the line
    parts = np.column_stack([deflections[:, 0], line, deflections[:, 1]])
    sharpnesses = np.column_stack([sharpnesses[:, 0], np.full(rows.size, unit.sharpness), sharpnesses[:, 1]])
    return rows, parts, lengths.sum(axis=1) + line, sharpnesses


def _csc_small(points, headings, first, last, unit, small_first):
    """The CSC word with its first (``small_first``) or last turn too small for full lock (its
    deflection t on the grid), the other turning its share of the heading at full lock, or small
    too (once round or more where small turns go that far). The root: the line's miss of the
    goal, sideways, Im(w e^(i k t)) less the turns' own parts (``_csc_towards``); searched only
    where ``_csc_may_meet``. (rows, parts, lengths) per case."""
    found = []
    for rounds in [None, *range(int(min(unit.least, SMALL_REACH) // TWO_PI) + 1)]:
        towards = _csc_towards(points, headings, first, last, unit, small_first, rounds)
        sub = np.flatnonzero(_csc_may_meet(towards, points, headings, first, last, unit, small_first, rounds))
        if not sub.size:
            continue
        towards, heading_of = towards[sub], headings[sub]

        def parts_at(t, rows, ends=None, parts=True, rounds=rounds, towards=towards, heading_of=heading_of):
            if ends is None:
                ends = unit.small_end(t)
            if small_first:
                own, sweep, turned = (
                    signed(ends * np.exp(-1j * t), first),
                    -first,
                    last * (heading_of[rows] - first * t),
                )
            else:
                own, sweep, turned = signed(ends, last), last, first * (heading_of[rows] - last * t)
            if rounds is None:  # the other turn at full lock: the line passes y from its centre
                other = None
                other_end = unit.entry_centre(last) if small_first else np.conj(unit.entry_centre(first))
            else:
                other = turned % TWO_PI + TWO_PI * rounds
                other = np.where(other <= unit.least, other, np.nan)
                far = unit.small_end(other)
                other_end = signed(far, last) if small_first else signed(far * np.exp(-1j * other), first)
            seen = towards[rows] * np.exp(1j * sweep * t) - own - other_end  # the goal seen along the line
            if not parts:
                return seen.imag, None
            if other is None:
                other = unit.full_lock(turned)
            d1, d2 = (t, other) if small_first else (other, t)
            return seen.imag, np.stack([d1, seen.real, d2], axis=-1)

        rows, parts = turn_then_line_roots(parts_at, points[sub], unit)
        found.append((sub[rows], parts, _csc_length(parts, unit)))
    return found


def _csc_towards(points, headings, first, last, unit, small_first, rounds):
    """w of ``_csc_small``'s case: the goal seen along the line, w e^(i k t), less the turns'
    own parts: their ends seen along the line (a full-lock other turn's is fixed by its
    centre, which the goal sets: w is that centre)."""
    if small_first:  # seen from the start, turned by -first t
        return points if rounds is not None else points + np.exp(1j * headings) * unit.exit_centre(last)
    # seen from the goal, turned by last t
    return (points - (0.0 if rounds is not None else unit.entry_centre(first))) * np.exp(-1j * headings)


def _csc_may_meet(towards, points, headings, first, last, unit, small_first, rounds):
    """Whether the line of ``_csc_small``'s case can reach the goal for any small deflection t,
    a necessary condition a few operations a goal (the grid takes a hundred): the range of
    Im(w e^(i k t)) over t (``towards`` w) must meet that of the turns' own parts (from the
    unit's fine table). Where the other turn is small too, the heading must also leave it a
    deflection in its ``rounds``' range for some t."""
    reach, sweep = unit.small[-1], -first if small_first else last
    low, high = csc_parts_range(unit, first, last, small_first, rounds)
    least, most = _swept_range(towards, min(sweep, 0.0) * reach, reach)
    slack = MISS * path_scale(points, unit)
    meets = (least <= high + slack) & (most >= low - slack)
    if rounds is not None:  # the other turn turns (sign * heading - first * last * t) mod 2 pi, + rounds
        turned = (last if small_first else first) * headings - (reach if first == last else 0.0)
        span = min(unit.least, TWO_PI * (rounds + 1)) - TWO_PI * rounds
        meets &= ((-turned) % TWO_PI <= reach + ANGLE_SLACK) | (turned % TWO_PI <= span + ANGLE_SLACK)
    return meets


@functools.lru_cache(maxsize=256)
def csc_parts_range(unit, first, last, small_first, rounds):
    """The least and greatest of the turns' own parts of ``_csc_small``'s case over the small
    deflections, for ``_csc_may_meet`` (the unit's alone: made once a unit)."""
    away = (unit.fine_ends * np.exp(-1j * unit.fine)).imag  # a left small turn's end, along its exit
    aside = unit.fine_ends.imag
    if small_first:
        own = first * away
        other = (last * unit.y,) * 2 if rounds is None else _other_small(last * aside, unit, rounds)
    else:
        own = last * aside
        other = (-first * unit.y,) * 2 if rounds is None else _other_small(first * away, unit, rounds)
    low, high = _spread(own)
    return low + other[0], high + other[1]


def _other_small(values, unit, rounds):
    """The least and greatest of ``values`` (the other turn's part, on the unit's fine table)
    where the other turn of ``_csc_small``'s case is small too, ``rounds`` times round: from
    the table where those deflections lie in it, else +-its longest length."""
    step = unit.fine[1] - unit.fine[0]
    most = min(unit.least, TWO_PI * (rounds + 1))
    if most > unit.fine[-1] + step:
        bound = 2.0 * np.sqrt(most / unit.sharpness)
        return -bound, bound
    return _spread(values[(unit.fine >= TWO_PI * rounds - step) & (unit.fine <= most + step)])


def _ccc_full_lock(points, headings, first, unit):
    """The CCC word with its three turns at full lock (or elementary), the middle one turning
    ``-first``: both middle circles. (rows, parts, lengths, each turn's sharpness)."""
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
        meet1 = np.angle(middle_centre - start_centre) - np.angle(unit.meeting(first, -first))
        meet2 = np.angle(start_centre + gap[rows] - middle_centre) - np.angle(unit.meeting(-first, first))
        turned = (
            np.stack([first * meet1, -first * (meet2 - meet1), first * (headings[rows] - meet2)], axis=1)
            % TWO_PI
        )
        parts, sharpnesses, lengths = unit.on_circle(turned, lines=False)  # no line to put one in
        found.append((rows, parts, lengths.sum(axis=1), sharpnesses))
    return tuple(np.concatenate(column) for column in zip(*found))


def _ccc_small(points, headings, first, unit, small):
    """The CCC word with its turn ``small`` (0, 1, 2) too small for full lock (deflection t on
    the grid), the other two at full lock. The root: the distance between the two full-lock
    turns' centres (the middle one and an end one; the two end ones for a small middle turn)
    against where they would have to be (``_ccc_towards``); searched only where
    ``_ccc_may_meet``. (rows, parts, lengths)."""
    towards = _ccc_towards(points, headings, first, unit, small)
    sub = np.flatnonzero(_ccc_may_meet(towards, points, first, unit, small))
    if not sub.size:
        return []
    towards, headings = towards[sub], headings[sub]

    def parts_at(t, rows, ends=None, parts=True):
        if ends is None:
            ends = unit.small_end(t)
        gap, heading = towards[rows], headings[rows]
        if small == 0:  # the middle turn's centre from the first turn's end; the last's from the goal
            gap = gap - signed(ends, first) - np.exp(1j * first * t) * unit.entry_centre(-first)
            miss = np.abs(gap) - unit.spacing
            if parts:
                meet2 = np.angle(gap) - np.angle(unit.meeting(-first, first))
                turns = [
                    t,
                    unit.full_lock(-first * (meet2 - first * t)),
                    unit.full_lock(first * (heading - meet2)),
                ]
        elif small == 2:  # back from the goal, the middle's centre (seen turned by -heading)
            gap = gap - np.exp(-1j * first * t) * (signed(ends, first) - unit.exit_centre(-first))
            miss = np.abs(gap) - unit.spacing
            if parts:
                meet2 = heading - first * t
                meet1 = heading + np.angle(gap) - np.angle(unit.meeting(first, -first))
                turns = [unit.full_lock(first * meet1), unit.full_lock(-first * (meet2 - meet1)), t]
        else:  # the middle turn small: the end centres apart as it puts them
            shape = (
                signed(ends, -first)
                - unit.exit_centre(first)
                + np.exp(-1j * first * t) * unit.entry_centre(first)
            )
            miss = np.abs(gap) - np.abs(shape)
            if parts:
                meet1 = np.angle(gap) - np.angle(shape)
                turns = [
                    unit.full_lock(first * meet1),
                    t,
                    unit.full_lock(first * (heading - meet1 + first * t)),
                ]
        return miss, (np.stack(turns, axis=-1) if parts else None)

    rows, t = small_turn_roots(parts_at, sub.size, unit)
    miss, parts = parts_at(t, rows)
    keep = np.abs(miss) <= MISS * path_scale(points[sub[rows]], unit)
    return [(sub[rows[keep]], parts[keep], _ccc_length(parts[keep], unit))]


def _ccc_towards(points, headings, first, unit, small):
    """The goal's part of ``_ccc_small``'s case: the last turn's full-lock centre (small 0),
    the first's seen from the goal turned by -heading (small 2), or the gap between the end
    turns' centres (small 1)."""
    if small == 0:
        return points + np.exp(1j * headings) * unit.exit_centre(first)
    if small == 2:
        return (points - unit.entry_centre(first)) * np.exp(-1j * headings)
    return points + np.exp(1j * headings) * unit.exit_centre(first) - unit.entry_centre(first)


def _ccc_may_meet(towards, points, first, unit, small):
    """Whether ``_ccc_small``'s case can meet for any small deflection t, a necessary condition
    a few operations a goal: a small end turn puts the middle turn's centre on a curve the unit
    alone sets, which must come within ``spacing`` of w (``towards``); a small middle turn sets
    how far apart the end centres lie, |shape(t)|, which must span |w|. The curves' bounds from
    the unit's fine table, for a left first turn (a right one's are their mirror images)."""
    slack = MISS * path_scale(points, unit)
    if small == 1:
        low, high = ccc_curve_bounds(unit, small)
        gap = np.abs(towards)
        return (gap >= low - slack) & (gap <= high + slack)
    centre, radius = ccc_curve_bounds(unit, small)
    seen = towards if first > 0.0 else np.conj(towards)
    return np.abs(np.abs(seen - centre) - unit.spacing) <= radius + slack


@functools.lru_cache(maxsize=256)
def ccc_curve_bounds(unit, small):
    """``_ccc_may_meet``'s bounds for a left first turn: the range of |shape(t)| (small 1), or
    the disc (centre, radius) holding the middle centre's curve (the unit's alone: made once a
    unit)."""
    t, ends = unit.fine, unit.fine_ends
    if small == 1:
        return _spread(np.abs(ends + unit.centre + np.exp(1j * t) * np.conj(unit.centre)))
    if small == 0:
        return _disc(ends + np.exp(1j * t) * unit.entry_centre(-1.0))
    return _disc(np.exp(-1j * t) * (ends - unit.exit_centre(-1.0)))


def _spread(values):
    """The least and greatest of a smooth function sampled on a fine table (n,), widened by
    twice its largest step (what it may reach between samples)."""
    margin = 2.0 * np.abs(np.diff(values)).max(initial=0.0)
    return values.min() - margin, values.max() + margin


def _disc(curve):
    """A disc (centre, radius) holding a smooth curve sampled on a fine table (n,) complex,
    widened by twice its largest step."""
    centre = complex(curve.real.min() + curve.real.max(), curve.imag.min() + curve.imag.max()) / 2.0
    return centre, np.abs(curve - centre).max() + 2.0 * np.abs(np.diff(curve)).max(initial=0.0)


def _swept_range(towards, start, width):
    """The least and greatest of Im(towards e^(i theta)) over the angles theta in [start, start +
    width] (``towards`` (n,) complex, ``start`` and ``width`` numbers): at the ends, or at
    -+|towards| where the sweep passes straight down or up (any sweep of half a turn or more is
    taken to, which only widens the range)."""
    first, last = towards * np.exp(1j * start), towards * np.exp(1j * (start + width))
    size = np.abs(towards)
    least, most = np.minimum(first.imag, last.imag), np.maximum(first.imag, last.imag)
    half_turn = width >= np.pi
    most = np.where(half_turn | ((first.real >= 0.0) & (last.real <= 0.0)), size, most)
    least = np.where(half_turn | ((first.real <= 0.0) & (last.real >= 0.0)), -size, least)
    return least, most


def _csc_length(parts, unit):
    return unit.length(parts[:, 0]) + parts[:, 1] + unit.length(parts[:, 2])


def _ccc_length(parts, unit):
    return unit.length(parts[:, 0]) + unit.length(parts[:, 1]) + unit.length(parts[:, 2])
