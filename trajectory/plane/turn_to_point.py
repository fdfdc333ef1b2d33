"""Paths to a point for units with a turning radius, for one unit or many: the seed's turn then
go straight, and the truly shortest path (turn then straight, or turn one way then the other);
forwards, or for a unit that may back up, the shorter of that and of backing the whole way."""

import dataclasses
import math
import typing

import numpy as np

from trajectory._numerics.angles import TWO_PI, wrapped
from trajectory._numerics.checks import flag, positive_finite
from trajectory._numerics.maths import ARRAYS, FLOATS
from trajectory.plane.turn_paths import GoalPlace, TurnPaths, path_from_turns, point, pose, radii_for, rows

ON_CIRCLE_TOLERANCE = 1e-9
"""Relative slack with which a point counts as on a turning circle rather than inside it."""
_FULL_TURN_SLACK = 1e-12
"""A sweep this close to a full turn is rounding of no turn at all."""
_MIRRORED = str.maketrans("LR", "RL")
_MIRRORED_PLACES = {
    None: None,
    GoalPlace.OUTSIDE: GoalPlace.OUTSIDE,
    GoalPlace.INSIDE_LEFT: GoalPlace.INSIDE_RIGHT,
    GoalPlace.INSIDE_RIGHT: GoalPlace.INSIDE_LEFT,
}
"""Where the point lay for the unit, from where it lay for the unit turned round (its left circle
is the unit's right one)."""
TIE = 1e-12
"""Candidates this close in length (relative) are equally short: the first is taken, alike for one
unit and many, so that rounding does not pick a different turn in each."""


def plan_turn(start, goal, radius, *, reverse=False):
    """The seed's path from pose ``start`` (x, y, heading) to the point ``goal`` (x, y): turn
    fully left or right until facing it, then go straight.

    Of the two, the shorter one that exists; a goal inside a turning circle cannot be reached by
    that turn. A goal on the circle can: within ``ON_CIRCLE_TOLERANCE`` x radius of it counts as
    on it, and the path then ends on the circle, at most that far from the goal (a bare ``h < r``
    test, or an exact tangent from a rounding-level distance, would turn a full circle for
    nothing). With ``reverse``, the shorter of that and of backing the whole way.

    Returns:
        A ``TurnPath`` with word "LS" or "RS".

    Raises:
        ValueError: On non-finite input or a radius that is not a positive finite number.
    """
    return _to_point(start, goal, radius, reverse, _seed_plan)


def shortest_path_to_point(start, goal, radius, *, reverse=False):
    """The truly shortest path from pose ``start`` (x, y, heading) to the point ``goal`` (x, y),
    turning no tighter than ``radius``: forwards, or with ``reverse`` the shorter of that and of
    backing the whole way.

    Outside both turning circles that is the seed's turn-then-straight path. A point inside one
    circle cannot be reached that way on that side, and the other side's arc-and-line may be long
    or impossible; there a path that turns one way and then the other (arc-arc), with the second
    circle touching the first and passing through the point, can be shorter. All candidates are
    built and the shortest returned; ``goal_place`` says where the point lay.

    Raises:
        ValueError: On non-finite input or a radius that is not a positive finite number.
    """
    return _to_point(start, goal, radius, reverse, _shortest_plan)


def _to_point(start, goal, radius, reverse, best):
    """``best``'s path (a function (origin, heading, goal, radius) -> (_Plan, GoalPlace)) from ``start``
    to ``goal``, checked; with ``reverse`` the shorter of that and of backing: the plan for the
    unit turned round, driven in reverse."""
    x, y, heading = pose(start, "start")
    goal, radius, reverse = point(goal, "goal"), positive_finite(radius, "radius"), flag(reverse, "reverse")
    heading = wrapped(heading)
    plan, place = best((x, y), heading, goal, radius)
    if reverse:
        turned, turned_place = best((x, y), wrapped(heading + math.pi), goal, radius)
        if turned.length < plan.length * (1.0 - TIE):
            plan, place = turned.backed(), _MIRRORED_PLACES[turned_place]
    return plan.path((x, y, heading), radius, place)


def _seed_plan(origin, heading, destination, radius):
    """``plan_turn``'s candidate (and no place: the seed's method does not name one)."""
    # The two circles touch only at the origin, so the destination is outside at least one.
    candidates = [
        plan
        for turn in (1.0, -1.0)
        if (plan := _turn_then_straight(origin, heading, destination, radius, turn))
    ]
    return _first_shortest(candidates), None


def shortest_turns_to_point(origin, heading, destination, radius):
    """The turns (1 left, 0 straight, -1 right) and the lengths of the segments of
    ``shortest_path_to_point``, two tuples, for input known to be valid (floats), no path built:
    the planner's question for many poses."""
    plan, _ = _shortest_plan(origin, heading, destination, radius)
    return plan.turns, plan.segment_lengths


def _shortest_plan(origin, heading, destination, radius):
    """The shortest candidate of ``shortest_path_to_point`` and where the point lay (a ``GoalPlace``)."""
    candidates = []
    place = GoalPlace.OUTSIDE
    for turn, inside in ((1.0, GoalPlace.INSIDE_LEFT), (-1.0, GoalPlace.INSIDE_RIGHT)):
        plan = _turn_then_straight(origin, heading, destination, radius, turn)
        if plan is None:
            place = inside if place is GoalPlace.OUTSIDE else place
        else:
            candidates.append(plan)
        candidates.extend(_turn_then_turn(origin, heading, destination, radius, turn))
    return _first_shortest(candidates), place


class _Plan(typing.NamedTuple):
    """A candidate path, before any table is built: the segments' turns and lengths, its word and
    the gears (None: all forwards)."""

    turns: tuple
    segment_lengths: tuple
    word: str
    gears: tuple = None

    @property
    def length(self):
        return sum(self.segment_lengths)

    def backed(self):
        """This plan, made for the unit turned round, as the unit itself drives it: backing, it
        faces the other way, so its steering turns it the other way."""
        turns = tuple(-turn for turn in self.turns)
        return _Plan(turns, self.segment_lengths, self.word.translate(_MIRRORED), (-1.0,) * len(turns))

    def path(self, start, radius, goal_place=None):
        return path_from_turns(
            start, radius, self.turns, self.segment_lengths, self.word, goal_place, gears=self.gears
        )


def _first_shortest(plans):
    """The first of ``plans`` within TIE of the shortest."""
    lengths = [plan.length for plan in plans]
    shortest = min(lengths)
    return next(plan for plan, length in zip(plans, lengths) if length <= shortest * (1.0 + TIE))


def _turn_then_turn(origin, heading, destination, radius, turn):
    """Paths turning ``turn`` (1 left, -1 right) on the start circle, then the other way on a
    circle of the same radius that touches it and passes through the destination."""
    c, s = math.cos(heading), math.sin(heading)
    dx, dy = destination[0] - origin[0], destination[1] - origin[1]
    a, b = c * dx + s * dy, turn * (c * dy - s * dx)
    paths = []  # plans, not yet paths
    for sign in (1.0, -1.0):
        exists, sweep, sweep2 = _touching_turns(a, b, radius, sign, FLOATS)
        if exists:
            paths.append(_Plan((turn, -turn), (radius * sweep, radius * sweep2), "LR" if turn > 0 else "RL"))
    return paths


def _touching_turns(a, b, radius, sign, m):
    """Turning left on the circle of ``radius`` from the origin facing +x, then right on one that
    touches it and passes through (a, b) (a right turn first: b mirrored), the second centre on
    the ``sign`` side of the line from the first centre to the destination: (exists, the first
    turn, the second turn), radians, floats or arrays (``m``: ``maths.FLOATS`` or ``maths.ARRAYS``).

    The centres (2r apart) and the destination (g from the first centre, r from the second) make
    a triangle whose angles at the centres, alpha and beta, are worked out from their half-angle
    sines, sin²(alpha / 2) = (g - r)(3r - g) / (8 r g) and sin²(beta / 2) = (g² - r²) / (8 r²),
    with g² - r² = a² + b (b - 2r): no cancellation where the radius dwarfs the distance. The
    first centre sees the origin at -pi / 2 and the destination at atan2(a, r - b) - pi / 2."""
    scale = m.maximum(m.maximum(abs(a), abs(b)), radius)
    a, b, r = a / scale, b / scale, radius / scale
    g = m.hypot(a, b - r)
    excess = a * a + b * (b - 2.0 * r)  # g² - r²
    # Inside the first circle by no more than ``_tangent_exit``'s slack counts as on it.
    slack = ON_CIRCLE_TOLERANCE * m.minimum(r, m.hypot(a, b))
    exists = m.both(m.both(excess / (g + r) >= -slack, g <= 3.0 * r * (1.0 + ON_CIRCLE_TOLERANCE)), g > 0.0)
    excess = m.maximum(excess, 0.0)
    g = m.where(exists, g, r)
    alpha = 2.0 * m.asin(m.sqrt(m.clip(excess / (g + r) * (3.0 * r - g) / (8.0 * r * g), 0.0, 1.0)))
    beta = 2.0 * m.asin(m.sqrt(m.clip(excess / (8.0 * r * r), 0.0, 1.0)))
    return exists, (m.atan2(a, r - b) + sign * alpha) % TWO_PI, (-sign * beta) % TWO_PI


def _turn_then_straight(origin, heading, destination, radius, turn):
    """The path turning left (turn = 1) or right (-1), or None if the destination is inside."""
    c, s = math.cos(heading), math.sin(heading)
    dx, dy = destination[0] - origin[0], destination[1] - origin[1]
    reachable, sweep, straight = _tangent_exit(c * dx + s * dy, turn * (c * dy - s * dx), radius, FLOATS)
    if not reachable:
        return None
    return _Plan((turn, 0.0), (radius * sweep, straight), "LS" if turn > 0 else "RS")


def _tangent_exit(a, b, radius, m):
    """Turning left on the circle of ``radius`` from the origin facing +x, then straight to the
    destination (a, b) (a right turn: b mirrored): (reachable, the turn in radians, the straight
    length), floats or arrays (``m``: ``maths.FLOATS`` or ``maths.ARRAYS``).

    Worked out in the origin's frame, scaled to the largest of |a|, |b| and the radius, without
    cancellation: h² - r² = a² + b (b - 2r) (h: the destination's distance from the centre), the
    straight part L = sqrt(h² - r²), and the turn psi = atan2(b L + r (a - L), a L + r (r - b)),
    with a - L = b (2r - b) / (a + L) where a > 0 (where a < 0, a + L is what cancels). A radius
    1e20 times the distance plans as well as one like it. Within ``ON_CIRCLE_TOLERANCE`` of the
    smaller of the radius and the distance, the destination counts as on the circle: the
    straight part vanishes there, rather than a
    rounding-level distance turning a spurious sliver of line and a near-full turn."""
    scale = m.maximum(m.maximum(abs(a), abs(b)), radius)
    a, b, r = a / scale, b / scale, radius / scale
    excess = a * a + b * (b - 2.0 * r)  # h² - r²
    gap = excess / (m.hypot(a, b - r) + r)
    slack = ON_CIRCLE_TOLERANCE * m.minimum(r, m.hypot(a, b))
    reachable = gap >= -slack
    on_circle = abs(gap) <= slack
    line = m.where(m.either(on_circle, gap < -slack), 0.0, m.sqrt(m.maximum(excess, 0.0)))
    plain = m.either(on_circle, a <= 0.0)
    short = m.where(plain, a - line, b * (2.0 * r - b) / m.where(plain, 1.0, a + line))
    sweep = m.atan2(b * line + r * short, a * line + r * (r - b)) % TWO_PI
    # Facing it already, to rounding: the destination ahead on the heading's line (a turn
    # within rounding of a full one may be a loop that rounding made whole).
    ahead = abs(b) <= ON_CIRCLE_TOLERANCE * a
    sweep = m.where(m.both(TWO_PI - sweep < _FULL_TURN_SLACK, ahead), 0.0, sweep)
    return reachable, sweep, line * scale


def plan_turns(starts, goals, radius, *, reverse=False):
    """``plan_turn`` for many units at once: start poses (n, 3), goal points (n, 2), one radius or
    one per unit.

    Returns:
        ``TurnPaths`` of an arc and a line per unit, words "LS" or "RS" (with ``gears`` when
        ``reverse``).

    Raises:
        ValueError: On input of the wrong shape, non-finite values, or radii that are not positive
            finite numbers.
    """
    return _to_points(starts, goals, radius, reverse, _seed_options)


def shortest_paths_to_points(starts, goals, radius, *, reverse=False):
    """``shortest_path_to_point`` for many units at once: start poses (n, 3), goal points (n, 2),
    one radius or one per unit.

    Returns:
        ``TurnPaths`` of two segments per unit, with ``goal_places`` saying where each point lay (and
        ``gears`` when ``reverse``).

    Raises:
        ValueError: As ``plan_turns``.
    """
    return _to_points(starts, goals, radius, reverse, _shortest_options)


def _to_points(starts, goals, radius, reverse, options):
    """``_to_point`` over arrays: per unit the shortest of ``options`` (a function of the units ->
    the candidates and the places), and with ``reverse`` of their backed forms too."""
    starts, goals = rows(starts, "starts", 3), rows(goals, "goals", 2)
    if starts.shape[0] != goals.shape[0]:
        raise ValueError(f"starts (n, 3) and goals (n, 2) must be as many, got {len(starts)}, {len(goals)}")
    origins, headings, radii = starts[:, :2], wrapped(starts[:, 2]), radii_for(radius, len(starts))
    candidates, places = options(origins, headings, goals, radii)
    paths = _shortest(origins, headings, radii, candidates)
    if not flag(reverse, "reverse"):
        return dataclasses.replace(paths, goal_places=places)
    turned, turned_places = options(origins, wrapped(headings + math.pi), goals, radii)
    backed = _shortest(origins, headings, radii, turned)
    better = (backed.lengths < paths.lengths * (1.0 - TIE))[:, None]
    mirrored = np.char.translate(backed.words.astype(str), _MIRRORED)
    if places is not None:
        flipped = np.vectorize(_MIRRORED_PLACES.get, otypes=[object])(turned_places)
        places = np.where(better[:, 0], flipped, places)
    return dataclasses.replace(
        paths,
        turns=np.where(better, -backed.turns, paths.turns),
        segment_lengths=np.where(better, backed.segment_lengths, paths.segment_lengths),
        words=np.where(better[:, 0], mirrored, paths.words),
        goal_places=places,
        gears=np.where(better, -1.0, 1.0) * np.ones_like(paths.segment_lengths),
    )


def _seed_options(origins, headings, destinations, radii):
    """``plan_turns``' candidates, and no places."""
    return [_arcs_then_straight(origins, headings, destinations, radii, turn) for turn in (1.0, -1.0)], None


def _shortest_options(origins, headings, destinations, radii):
    """``shortest_paths_to_points``' candidates, and where each point lay."""
    straight = [_arcs_then_straight(origins, headings, destinations, radii, turn) for turn in (1.0, -1.0)]
    arc_arc = [
        _arcs_then_arcs(origins, headings, destinations, radii, turn, sign)
        for turn in (1.0, -1.0)
        for sign in (1.0, -1.0)
    ]
    inside_left, inside_right = (~exists for exists, _, _, _ in straight)
    places = np.where(
        inside_left, GoalPlace.INSIDE_LEFT, np.where(inside_right, GoalPlace.INSIDE_RIGHT, GoalPlace.OUTSIDE)
    )
    return straight + arc_arc, places


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
    c, s = np.cos(headings), np.sin(headings)
    dx, dy = (destinations - origins).T
    reachable, sweep, straight = _tangent_exit(c * dx + s * dy, turn * (c * dy - s * dx), radii, ARRAYS)
    return reachable, np.column_stack([radii * sweep, straight]), (turn, 0.0), "LS" if turn > 0 else "RS"


def _arcs_then_arcs(origins, headings, destinations, radii, turn, sign):
    """``_turn_then_turn`` over arrays, one of its two solutions (``sign``): (exists, parts, turns, word)."""
    c, s = np.cos(headings), np.sin(headings)
    dx, dy = (destinations - origins).T
    exists, sweep, sweep2 = _touching_turns(c * dx + s * dy, turn * (c * dy - s * dx), radii, sign, ARRAYS)
    parts = np.column_stack([radii * sweep, radii * sweep2])
    return exists, parts, (turn, -turn), "LR" if turn > 0 else "RL"
