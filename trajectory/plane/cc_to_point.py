"""Continuous-curvature paths to a point, arriving facing any way: a unit that steers turns (at
full lock, or too little for full lock) then goes straight (the seed's way, "LS"/"RS"), or
turns one way then the other at full lock ("LR"/"RL"); where those are long or cannot reach
the point (close beside the unit, inside both its turns), a continuous-curvature Dubins path
to it arriving facing one of a few headings, if shorter. Each path ends straight, so the next
one starts smoothly.

All in the frame of the start: the start at 0 facing +x, points as complex numbers x + iy.
"""

import cmath
import math

import numpy as np

from trajectory.plane import dubins
from trajectory.plane.cc_dubins import WORDS, cc_dubins_parts
from trajectory.plane.cc_dubins_one import cc_dubins_one, small_turn_roots_one
from trajectory.plane.steering_turns import (
    MISS,
    ONE_BY_ONE,
    SLACK,
    path_scale,
    shortest_of_each,
    signed,
    steering_path,
    steering_paths,
    steering_unit,
    turn_then_line_roots,
)

_HEADINGS = 16
"""Arrival headings tried, evenly round, where the turn-then-straight and turn-then-turn paths
are longer than the distance and half a turn at full lock (or none reaches the point)."""
_ROUNDING = 1e-9
"""How much (relative to the path's scale) a path that steers may come out shorter than Dubins'
arcs by rounding."""


def steering_paths_to_points(starts, goals, radii, sharpness, reverse, tie, seed_only=False):
    """The paths (``TurnPaths``) of units that steer from ``starts`` (n, 3, headings in
    [-pi, pi)) to points ``goals`` (n, 2), turning no tighter than ``radii`` (n,) (all checked
    by the caller); with ``reverse`` each the shorter of that and of backing (the unit turned
    round, driven in reverse) unless within ``tie`` (relative) of it. Returns (paths, the rows
    no path reaches: ``seed_only``, points the turn cannot reach)."""
    seen = (goals[:, 0] - starts[:, 0] + 1j * (goals[:, 1] - starts[:, 1])) * np.exp(-1j * starts[:, 2])
    n = len(starts)
    words, parts, lengths, gears = np.empty(n, dtype="<U3"), np.zeros((n, 3)), np.empty(n), np.ones(n)
    turn_sharpness = np.empty((n, 3))
    for size in np.unique(radii).tolist():  # the units of one radius together
        these = np.flatnonzero(radii == size)
        words[these], parts[these], turn_sharpness[these], lengths[these] = cc_to_point_parts(
            seen[these], 1.0 / size, sharpness, seed_only
        )
        if reverse:  # turned round, a unit sees the point at -seen
            backed = cc_to_point_parts(-seen[these], 1.0 / size, sharpness, seed_only)
            better = np.flatnonzero(backed[3] < lengths[these] * (1.0 - tie))
            rows = these[better]
            words[rows], parts[rows], turn_sharpness[rows] = (column[better] for column in backed[:3])
            lengths[rows], gears[rows] = backed[3][better], -1.0
    paths = steering_paths(
        starts, None, words, parts, radii, sharpness, gears if reverse else None, turn_sharpness
    )
    return paths, np.flatnonzero(~np.isfinite(lengths))


def steering_path_to_point(start, goal, radius, sharpness, reverse, tie, seed_only=False):
    """``steering_paths_to_points`` of one unit in plain floats: its ``TurnPath`` from pose
    ``start`` (a tuple, heading in [-pi, pi)) to the point ``goal`` (x, y), or None where
    ``seed_only`` and the turn cannot reach it."""
    seen = complex(goal[0] - start[0], goal[1] - start[1]) * cmath.exp(-1j * start[2])
    unit = steering_unit(1.0 / radius, sharpness)
    word, parts, sharpnesses, length = cc_to_point_one(seen, unit, seed_only)
    gear = None
    if reverse:  # turned round, a unit sees the point at -seen
        gear = 1.0
        backed = cc_to_point_one(-seen, unit, seed_only)
        if backed[3] < length * (1.0 - tie):
            (word, parts, sharpnesses, length), gear = backed, -1.0
    if not math.isfinite(length):
        return None
    return steering_path(start, None, word, parts, radius, sharpness, sharpnesses, gear)


def cc_to_point_parts(points, curvature, sharpness, seed_only=False):
    """The shortest continuous-curvature path from the origin facing +x to each of ``points``
    (n,) complex, arriving facing any way; one ``curvature`` (1 / radius) and ``sharpness``.
    With ``seed_only``, turn then straight only (infinite where that cannot reach the point).

    Returns:
        (words (n,) str, parts (n, 3): a turn's deflection or a line's length per letter, each
        turn's sharpness (n, 3) (``cc_dubins_parts``), lengths (n,)).
    """
    unit = steering_unit(curvature, sharpness)
    n = points.size
    if n <= ONE_BY_ONE:  # numpy's fixed cost would be most of the time
        found = [cc_to_point_one(point, unit, seed_only) for point in points.tolist()]
        words, parts, sharpnesses, lengths = zip(*found) if found else ((),) * 4
        return (
            np.array(words, dtype="<U3"),
            np.array(parts).reshape(n, 3),
            np.array(sharpnesses).reshape(n, 3),
            np.array(lengths, dtype=float),
        )
    words = np.full(n, "S", dtype="<U3")
    parts, totals = np.zeros((n, 3)), np.full(n, np.inf)
    turn_sharpness = np.full((n, 3), float(sharpness))

    def keep(word, rows, these, lengths, sharpnesses=None):
        better = shortest_of_each(rows, lengths)
        better = better[lengths[better] < totals[rows[better]]]
        rows = rows[better]
        words[rows], parts[rows, : these.shape[1]], totals[rows] = word, these[better], lengths[better]
        turn_sharpness[rows] = sharpness if sharpnesses is None else sharpnesses[better]

    for sign, letter in ((1.0, "L"), (-1.0, "R")):
        for found in (_turn_then_straight(points, sign, unit), _small_turn_then_straight(points, sign, unit)):
            keep(letter + "S", *found)
        if not seed_only:
            keep(letter + "LR"[letter == "L"], *_turn_then_turn(points, sign, unit))
    if seed_only:
        return words, parts, turn_sharpness, totals
    # Near the unit, turning round to it can be longer than arriving facing some other way.
    missing = np.flatnonzero(~(totals <= np.abs(points) + np.pi / curvature))
    if missing.size:  # every point with every heading, at once
        rows = np.repeat(missing, _HEADINGS)
        headings = np.tile(np.linspace(-np.pi, np.pi, _HEADINGS, endpoint=False), missing.size)
        goals = np.column_stack([points.real[rows], points.imag[rows]])
        origins = np.zeros((rows.size, 3))
        arcs = dubins.dubins_paths(origins, goals, 1.0 / curvature, headings=headings).lengths
        # First each point's heading whose arcs are shortest; then only the headings whose arcs
        # alone are no longer than the best found (no path that steers is shorter than the arcs).
        first = np.zeros(rows.size, dtype=bool)
        first[np.argmin(arcs.reshape(-1, _HEADINGS), axis=1) + _HEADINGS * np.arange(missing.size)] = True
        for searched in (first, ~first):
            if searched is not first:
                searched &= arcs <= totals[rows] + _ROUNDING * path_scale(points[rows], unit)
            found_words, found_parts, found_sharpness, lengths = cc_dubins_parts(
                points[rows[searched]], headings[searched], curvature, sharpness
            )
            for index, word in enumerate(WORDS):
                these = found_words == index
                keep(word, rows[searched][these], found_parts[these], lengths[these], found_sharpness[these])
    return words, parts, turn_sharpness, totals


def _turn_then_straight(points, sign, unit):
    """Turn ``sign`` at full lock, then straight: the line leaves the turn R cos mu from its
    full-lock centre, x past its foot. (rows, parts (k, 2), lengths)."""
    gap = points - unit.entry_centre(sign)
    with np.errstate(invalid="ignore"):
        reach = np.sqrt(np.abs(gap) ** 2 - unit.y * unit.y)
    line = reach - unit.x
    rows = np.flatnonzero(line >= -SLACK * path_scale(points, unit))
    direction = np.angle(gap[rows]) + sign * np.arctan2(unit.y, reach[rows])
    parts = np.stack([unit.full_lock(sign * direction), np.maximum(line[rows], 0.0)], axis=1)
    return rows, parts, unit.length(parts[:, 0]) + parts[:, 1]


def _small_turn_then_straight(points, sign, unit):
    """Turn ``sign`` too little for full lock (deflection t), then straight: the root of how far
    the line misses the point, sideways. (rows, parts (k, 2), lengths)."""

    def parts_at(t, rows, ends=None, parts=True):
        if ends is None:
            ends = unit.small_end(t)
        seen = (points[rows] - signed(ends, sign)) * np.exp(-1j * sign * t)
        return seen.imag, (np.stack([t, seen.real], axis=-1) if parts else None)

    rows, parts = turn_then_line_roots(parts_at, points, unit)
    return rows, parts, unit.length(parts[:, 0]) + parts[:, 1]


def _turn_then_turn(points, sign, unit):
    """Turn ``sign`` at full lock, then the other way at full lock to end at the point: the
    second turn's centre 2 R from the first's and R from the point (R = |x + iy|), either of
    the two such places. (rows, parts (k, 2), lengths)."""
    first_centre = unit.entry_centre(sign)
    radius = unit.spacing / 2.0
    gap = points - first_centre
    distance = np.abs(gap)
    # The triangle first centre, second centre, point: sides 2R, R and the distance.
    with np.errstate(invalid="ignore", divide="ignore"):
        along = (3.0 * radius * radius + distance * distance) / (2.0 * distance)  # 4R² - R² + d², over 2d
        height = np.sqrt(4.0 * radius * radius - along * along)
    rows = np.flatnonzero(np.isfinite(height) & (distance > 0.0))
    found = []
    for side in (1.0, -1.0):
        unit_gap = gap[rows] / distance[rows]
        second_centre = first_centre + unit_gap * (along[rows] + 1j * side * height[rows])
        meet = np.angle(second_centre - first_centre) - np.angle(unit.meeting(sign, -sign))
        arrive = np.angle(second_centre - points[rows]) - np.angle(unit.exit_centre(-sign))
        parts = np.stack([unit.full_lock(sign * meet), unit.full_lock(-sign * (arrive - meet))], axis=1)
        found.append((rows, parts, unit.length(parts[:, 0]) + unit.length(parts[:, 1])))
    rows, parts, lengths = (np.concatenate(column) for column in zip(*found))
    return rows, parts, lengths


def cc_to_point_one(point, unit, seed_only=False):
    """``cc_to_point_parts`` of one ``point`` (complex) in plain floats, for the ``SteeringUnit``
    ``unit``: (word, parts (3,), each turn's sharpness (3,), length), the same cases in the same
    order."""
    scale = abs(point) + 1.0 / unit.curvature
    best = ["S", (0.0, 0.0, 0.0), (unit.sharpness,) * 3, math.inf]

    def keep(word, candidates, sharpnesses=None):
        for parts, length in candidates:
            if length < best[3]:
                best[:] = [word, (*parts, 0.0, 0.0)[:3], sharpnesses or (unit.sharpness,) * 3, length]

    for sign, letter in ((1.0, "L"), (-1.0, "R")):
        keep(letter + "S", _turn_then_straight_one(point, sign, unit, scale))
        keep(letter + "S", _small_turn_then_straight_one(point, sign, unit, scale))
        if not seed_only:
            keep(letter + "LR"[letter == "L"], _turn_then_turn_one(point, sign, unit))
    if not seed_only and not best[3] <= abs(point) + math.pi / unit.curvature:
        # No path that steers is shorter than Dubins' arcs to the same pose: headings whose arcs
        # are already longer than the best so far are not searched (the arcs take microseconds).
        goal, radius = (point.real, point.imag), 1.0 / unit.curvature
        arcs = [
            (sum(dubins.shortest((0.0, 0.0, 0.0), (*goal, heading), radius)[2]), heading)
            for heading in np.linspace(-np.pi, np.pi, _HEADINGS, endpoint=False).tolist()
        ]
        for arc_length, heading in sorted(arcs):
            if arc_length > best[3] + _ROUNDING * scale:
                break
            word, parts, sharpnesses, length = cc_dubins_one(point, heading, unit)
            keep(WORDS[word], [(parts, length)], sharpnesses)
    return tuple(best)


def _turn_then_straight_one(point, sign, unit, scale):
    """``_turn_then_straight`` of one point: [(parts, length)] or []."""
    gap = point - unit.entry_centre(sign)
    squared = abs(gap) ** 2 - unit.y * unit.y
    if not squared >= 0.0:
        return []
    reach = math.sqrt(squared)
    line = reach - unit.x
    if not line >= -SLACK * scale:
        return []
    direction = cmath.phase(gap) + sign * math.atan2(unit.y, reach)
    turn = unit.full_lock(sign * direction)
    line = max(line, 0.0)
    return [((turn, line), unit.length(turn) + line)]


def _small_turn_then_straight_one(point, sign, unit, scale):
    """``_small_turn_then_straight`` of one point: [(parts, length)]."""

    def miss(t, ends=None, parts=False):
        if ends is None:
            ends = unit.small_end(t)
        seen = (point - signed(ends, sign)) * cmath.exp(-1j * sign * t)
        return (seen.imag, (t, seen.real)) if parts else seen.imag

    found = []
    for t in small_turn_roots_one(miss, unit):
        missed, (t, line) = miss(t, parts=True)
        if abs(missed) <= MISS * scale and line >= -SLACK * scale:
            line = max(line, 0.0)
            found.append(((t, line), unit.length(t) + line))
    return found


def _turn_then_turn_one(point, sign, unit):
    """``_turn_then_turn`` of one point: [(parts, length)] for both places of the second centre."""
    first_centre = unit.entry_centre(sign)
    radius = unit.spacing / 2.0
    gap = point - first_centre
    distance = abs(gap)
    if not distance > 0.0:
        return []
    along = (3.0 * radius * radius + distance * distance) / (2.0 * distance)
    squared = 4.0 * radius * radius - along * along
    if not squared >= 0.0:
        return []
    height, unit_gap = math.sqrt(squared), gap / distance
    found = []
    for side in (1.0, -1.0):
        second_centre = first_centre + unit_gap * complex(along, side * height)
        meet = cmath.phase(second_centre - first_centre) - cmath.phase(unit.meeting(sign, -sign))
        arrive = cmath.phase(second_centre - point) - cmath.phase(unit.exit_centre(-sign))
        turns = (unit.full_lock(sign * meet), unit.full_lock(-sign * (arrive - meet)))
        found.append((turns, unit.length(turns[0]) + unit.length(turns[1])))
    return found
