"""Paths to a point for units with a turning radius, for one unit or many: the seed's turn then
go straight, and the truly shortest forward path (turn then straight, or turn one way then the
other)."""

import dataclasses
import math
import typing

import numpy as np

from trajectory._checks import positive_finite, real_array
from trajectory.angles import TWO_PI, wrapped
from trajectory.segments import circle_centre
from trajectory.turn_paths import Case, TurnPaths, angle, path_from_turns, point, radii_for, rows

ON_CIRCLE_TOLERANCE = 1e-9
"""Relative slack with which a point counts as on a turning circle rather than inside it."""
_FULL_TURN_SLACK = 1e-12
"""A sweep this close to a full turn is rounding of no turn at all."""
TIE = 1e-12
"""Candidates this close in length (relative) are equally short: the first is taken, alike for one
unit and many, so that rounding does not pick a different turn in each."""


def plan_turn(origin, heading, destination, radius):
    """The seed's path to a point: turn fully left or right until facing it, then go straight.

    Of the two, the shorter one that exists; a destination inside a turning circle cannot be
    reached by that turn. A destination on the circle can: within ``ON_CIRCLE_TOLERANCE`` x radius
    of it counts as on it, and the path then ends on the circle, at most that far from the
    destination (a bare ``h < r`` test, or an exact tangent from a rounding-level distance,
    would turn a full circle for nothing).

    Returns:
        A ``TurnPath`` with word "LS" or "RS".

    Raises:
        ValueError: On non-finite input or a radius that is not a positive finite number.
    """
    origin, destination = point(origin, "origin"), point(destination, "destination")
    heading, radius = angle(heading, "heading"), positive_finite(radius, "radius")
    # The two circles touch only at the origin, so the destination is outside at least one.
    candidates = [
        plan
        for turn in (1.0, -1.0)
        if (plan := _turn_then_straight(origin, heading, destination, radius, turn))
    ]
    return _first_shortest(candidates).path((*origin, heading), radius)


def shortest_path_to_point(origin, heading, destination, radius):
    """The truly shortest forward path to a point, turning no tighter than ``radius``.

    Outside both turning circles that is the seed's turn-then-straight path. A point inside one
    circle cannot be reached that way on that side, and the other side's arc-and-line may be long
    or impossible; there a path that turns one way and then the other (arc-arc), with the second
    circle touching the first and passing through the point, can be shorter. All candidates are
    built and the shortest returned; ``case`` says where the point lay.

    Raises:
        ValueError: On non-finite input or a radius that is not a positive finite number.
    """
    origin, destination = point(origin, "origin"), point(destination, "destination")
    heading, radius = angle(heading, "heading"), positive_finite(radius, "radius")
    candidates = []
    case = Case.OUTSIDE
    for turn, inside in ((1.0, Case.INSIDE_LEFT), (-1.0, Case.INSIDE_RIGHT)):
        plan = _turn_then_straight(origin, heading, destination, radius, turn)
        if plan is None:
            case = inside if case is Case.OUTSIDE else case
        else:
            candidates.append(plan)
        candidates.extend(_turn_then_turn(origin, heading, destination, radius, turn))
    return _first_shortest(candidates).path((*origin, heading), radius, case)


class _Plan(typing.NamedTuple):
    """A candidate path, before any table is built: the segments' turns and lengths, and its word."""

    turns: tuple
    parts: tuple
    word: str

    @property
    def length(self):
        return sum(self.parts)

    def path(self, start, radius, case=None):
        return path_from_turns(start, radius, self.turns, self.parts, self.word, case)


def _first_shortest(plans):
    """The first of ``plans`` within TIE of the shortest."""
    lengths = [plan.length for plan in plans]
    shortest = min(lengths)
    return next(plan for plan, length in zip(plans, lengths) if length <= shortest * (1.0 + TIE))


def _turn_then_turn(origin, heading, destination, radius, turn):
    """Paths turning ``turn`` (1 left, -1 right) on the start circle, then the other way on a
    circle of the same radius that touches it and passes through the destination."""
    first = circle_centre(*origin, heading, turn, radius)
    offset = (destination[0] - first[0], destination[1] - first[1])
    gap = math.hypot(*offset)
    if (
        not (radius * (1.0 - ON_CIRCLE_TOLERANCE) <= gap <= 3.0 * radius * (1.0 + ON_CIRCLE_TOLERANCE))
        or gap == 0.0
    ):
        return []
    # Second centre: 2r from the first, r from the destination.
    along = 1.5 * radius * (radius / gap) + gap / 2.0
    across = _leg(2.0 * radius, min(along, 2.0 * radius))
    unit = (offset[0] / gap, offset[1] / gap)
    paths = []  # plans, not yet paths
    for sign in (1.0, -1.0):
        second = (
            first[0] + along * unit[0] - sign * across * unit[1],
            first[1] + along * unit[1] + sign * across * unit[0],
        )
        start_angle = heading - turn * math.pi / 2.0  # of the origin, seen from the first centre
        switch_angle = math.atan2(second[1] - first[1], second[0] - first[0])
        sweep = (turn * (switch_angle - start_angle)) % TWO_PI
        end_angle = math.atan2(destination[1] - second[1], destination[0] - second[0])
        sweep2 = (-turn * (end_angle - switch_angle - math.pi)) % TWO_PI
        paths.append(_Plan((turn, -turn), (radius * sweep, radius * sweep2), "LR" if turn > 0 else "RL"))
    return paths


def _turn_then_straight(origin, heading, destination, radius, turn):
    """The path turning left (turn = 1) or right (-1), or None if the destination is inside."""
    centre = circle_centre(*origin, heading, turn, radius)
    dx, dy = destination[0] - centre[0], destination[1] - centre[1]
    h = math.hypot(dx, dy)
    if h < radius * (1.0 - ON_CIRCLE_TOLERANCE):
        return None
    # On the circle (within the tolerance) the straight part vanishes; computing it from
    # h^2 - r^2 would turn rounding in h into a spurious sliver of line and a near-full turn.
    h = max(h, radius)
    straight = 0.0 if h <= radius * (1.0 + ON_CIRCLE_TOLERANCE) else _leg(h, radius)
    # The exit point Q, where the tangent leaves for the destination: P + r (cos, -turn sin) of
    # theta = acos(r / h) from the destination's direction, written without acos, which loses
    # half the digits when the destination is (nearly) on the circle.
    tangent = straight / radius  # the angle of (r dx - turn straight dy, ...) divided by r: no overflow
    exit_angle = math.atan2(dy - turn * tangent * dx, dx + turn * tangent * dy)
    start_angle = heading - turn * math.pi / 2.0  # of the origin, seen from the centre
    sweep = (turn * (exit_angle - start_angle)) % TWO_PI
    if TWO_PI - sweep < _FULL_TURN_SLACK:  # facing the destination already, up to rounding
        sweep = 0.0
    return _Plan((turn, 0.0), (radius * sweep, straight), "LS" if turn > 0 else "RS")


def plan_turns(origins, headings, destinations, radius):
    """``plan_turn`` for many units at once: origins and destinations (n, 2), headings (n,), one
    radius or one per unit.

    Returns:
        ``TurnPaths`` of an arc and a line per unit, words "LS" or "RS".

    Raises:
        ValueError: On input of the wrong shape, non-finite values, or radii that are not positive
            finite numbers.
    """
    origins, headings, destinations, radii = _units(origins, headings, destinations, radius)
    options = [_arcs_then_straight(origins, headings, destinations, radii, turn) for turn in (1.0, -1.0)]
    return _shortest(origins, headings, radii, options)


def shortest_paths_to_points(origins, headings, destinations, radius):
    """``shortest_path_to_point`` for many units at once: origins and destinations (n, 2), headings
    (n,), one radius or one per unit.

    Returns:
        ``TurnPaths`` of two segments per unit, with ``cases`` saying where each point lay.

    Raises:
        ValueError: As ``plan_turns``.
    """
    origins, headings, destinations, radii = _units(origins, headings, destinations, radius)
    straight = [_arcs_then_straight(origins, headings, destinations, radii, turn) for turn in (1.0, -1.0)]
    arc_arc = [
        _arcs_then_arcs(origins, headings, destinations, radii, turn, sign)
        for turn in (1.0, -1.0)
        for sign in (1.0, -1.0)
    ]
    paths = _shortest(origins, headings, radii, straight + arc_arc)
    inside_left, inside_right = (~exists for exists, _, _, _ in straight)
    cases = np.where(inside_left, Case.INSIDE_LEFT, np.where(inside_right, Case.INSIDE_RIGHT, Case.OUTSIDE))
    return dataclasses.replace(paths, cases=cases)


def _units(origins, headings, destinations, radius):
    origins, destinations = rows(origins, "origins", 2), rows(destinations, "destinations", 2)
    headings = real_array(headings, "headings", "angles shaped (n,)")
    if (
        origins.shape != destinations.shape
        or headings.shape != origins.shape[:1]
        or not np.all(np.isfinite(headings))
    ):
        raise ValueError("origins and destinations must be shaped (n, 2) and headings (n,), all finite")
    return origins, wrapped(headings), destinations, radii_for(radius, len(origins))


def _shortest(origins, headings, radii, options):
    """Per unit the shortest of ``options``, each (exists (n,), parts (n, 2), turns (2,), word)."""
    totals = np.stack([np.where(exists, parts.sum(axis=1), np.inf) for exists, parts, _, _ in options])
    best = np.argmax(totals <= totals.min(axis=0) * (1.0 + TIE), axis=0)
    units = np.arange(best.size)
    parts = np.stack([parts for _, parts, _, _ in options])[best, units]
    turns = np.array([turns for _, _, turns, _ in options])[best]
    words = np.array([word for _, _, _, word in options])[best]
    return TurnPaths(np.column_stack([origins, headings]), radii, turns, parts, words)


def _arcs_then_straight(origins, headings, destinations, radii, turn):
    """``_turn_then_straight`` over arrays: (reachable, parts (arc, line), turns, word)."""
    centres = np.column_stack(circle_centre(origins[:, 0], origins[:, 1], headings, turn, radii))
    dx, dy = (destinations - centres).T
    h = np.hypot(dx, dy)
    reachable = h >= radii * (1.0 - ON_CIRCLE_TOLERANCE)
    h = np.maximum(h, radii)
    straight = np.where(h <= radii * (1.0 + ON_CIRCLE_TOLERANCE), 0.0, _leg(h, radii))
    tangent = straight / radii
    exit_angle = np.arctan2(dy - turn * tangent * dx, dx + turn * tangent * dy)
    sweep = (turn * (exit_angle - headings + turn * math.pi / 2.0)) % TWO_PI
    sweep = np.where(TWO_PI - sweep < _FULL_TURN_SLACK, 0.0, sweep)
    return reachable, np.column_stack([radii * sweep, straight]), (turn, 0.0), "LS" if turn > 0 else "RS"


def _arcs_then_arcs(origins, headings, destinations, radii, turn, sign):
    """``_turn_then_turn`` over arrays, one of its two solutions (``sign``): (exists, parts, turns, word)."""
    first = np.column_stack(circle_centre(origins[:, 0], origins[:, 1], headings, turn, radii))
    offset = destinations - first
    gap = np.hypot(offset[:, 0], offset[:, 1])
    exists = (
        (radii * (1.0 - ON_CIRCLE_TOLERANCE) <= gap)
        & (gap <= 3.0 * radii * (1.0 + ON_CIRCLE_TOLERANCE))
        & (gap > 0.0)
    )
    gap = np.where(exists, gap, 1.0)
    along = 1.5 * radii * (radii / gap) + gap / 2.0
    across = _leg(2.0 * radii, np.minimum(along, 2.0 * radii))
    ux, uy = offset[:, 0] / gap, offset[:, 1] / gap
    second = first + np.column_stack([along * ux - sign * across * uy, along * uy + sign * across * ux])
    switch_angle = np.arctan2(second[:, 1] - first[:, 1], second[:, 0] - first[:, 0])
    sweep = (turn * (switch_angle - headings + turn * math.pi / 2.0)) % TWO_PI
    end_angle = np.arctan2(destinations[:, 1] - second[:, 1], destinations[:, 0] - second[:, 0])
    sweep2 = (-turn * (end_angle - switch_angle - math.pi)) % TWO_PI
    parts = np.column_stack([radii * sweep, radii * sweep2])
    return exists, parts, (turn, -turn), "LR" if turn > 0 else "RL"


def _leg(hypotenuse, side):
    """sqrt(hypotenuse^2 - side^2) for hypotenuse >= side >= 0 (floats or arrays), without squares
    that overflow or underflow: coordinates of 1e155 or 1e-160 plan as well as ones of 1."""
    if isinstance(hypotenuse, float):
        return math.sqrt(hypotenuse - side) * math.sqrt(hypotenuse + side)
    return np.sqrt(hypotenuse - side) * np.sqrt(hypotenuse + side)
