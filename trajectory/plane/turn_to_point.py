"""Paths to a point for a unit with a turning radius: the seed's turn then go straight, and the
truly shortest path (turn then straight, or turn one way then the other); forwards, or for a unit
that may back up, the shorter of that and of backing the whole way. The geometry is written once
for floats and arrays (``maths.FLOATS``/``ARRAYS``): ``turns_to_points`` plans many units with it."""

import dataclasses
import math
import typing

from trajectory._numerics.angles import TWO_PI, wrapped
from trajectory._numerics.checks import flag, positive_finite
from trajectory._numerics.maths import FLOATS
from trajectory.plane.cc_to_point import steering_path_to_point
from trajectory.plane.steering_turns import steering_sharpness
from trajectory.plane.turn_paths import MIRRORED, GoalPlace, path_from_turns, point, pose

ON_CIRCLE_TOLERANCE = 1e-9
"""Relative slack with which a point counts as on a turning circle rather than inside it."""
_FULL_TURN_SLACK = 1e-12
"""A sweep this close to a full turn is rounding of no turn at all."""
MIRRORED_PLACES = {
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


def plan_turn(start, goal, radius, *, reverse=False, sharpness=None):
    """The seed's path from pose ``start`` (x, y, heading) to the point ``goal`` (x, y): turn
    fully left or right until facing it, then go straight.

    With ``sharpness`` (1 / length², the most the curvature may change per unit of length), a
    unit that steers: it eases into and out of the turn along clothoids (``cc_to_point``).

    Of the two, the shorter one that exists; a goal inside a turning circle cannot be reached by
    that turn. A goal on the circle can: within ``ON_CIRCLE_TOLERANCE`` x radius of it counts as
    on it, and the path then ends on the circle, at most that far from the goal (a bare ``h < r``
    test, or an exact tangent from a rounding-level distance, would turn a full circle for
    nothing). With ``reverse``, the shorter of that and of backing the whole way.

    Returns:
        A ``TurnPath`` with word "LS" or "RS".

    Raises:
        ValueError: On non-finite input or a radius or sharpness that is not a positive finite
            number.
    """
    sharpness = steering_sharpness(sharpness, radius)
    if sharpness is not None:
        return _steering_to_point(start, goal, radius, reverse, sharpness, seed_only=True)
    return _to_point(start, goal, radius, reverse, _seed_plan)


def shortest_path_to_point(start, goal, radius, *, reverse=False, sharpness=None):
    """The truly shortest path from pose ``start`` (x, y, heading) to the point ``goal`` (x, y),
    turning no tighter than ``radius``: forwards, or with ``reverse`` the shorter of that and of
    backing the whole way.

    Outside both turning circles that is the seed's turn-then-straight path. A point inside one
    circle cannot be reached that way on that side, and the other side's arc-and-line may be long
    or impossible; there a path that turns one way and then the other (arc-arc), with the second
    circle touching the first and passing through the point, can be shorter. All candidates are
    built and the shortest returned; ``goal_place`` says where the point lay.

    With ``sharpness`` (1 / length²), a unit that steers: its curvature changes continuously, at
    most that fast, and the path ends straight (``cc_to_point``; no ``goal_place``).

    Raises:
        ValueError: On non-finite input or a radius or sharpness that is not a positive finite
            number.
    """
    sharpness = steering_sharpness(sharpness, radius)
    if sharpness is not None:
        return _steering_to_point(start, goal, radius, reverse, sharpness)
    return _to_point(start, goal, radius, reverse, _shortest_plan)


def _steering_to_point(start, goal, radius, reverse, sharpness, seed_only=False):
    """``cc_to_point``'s path from ``start`` to ``goal``, checked; with ``reverse`` the shorter of
    that and of backing (the path of the unit turned round, driven in reverse)."""
    x, y, heading = pose(start, "start")
    goal, radius, reverse = point(goal, "goal"), positive_finite(radius, "radius"), flag(reverse, "reverse")
    heading = wrapped(heading)
    path = steering_path_to_point((x, y, heading), goal, radius, sharpness, reverse, TIE, seed_only)
    if path is None:
        raise ValueError(
            f"a unit turning no tighter than {radius:g} cannot turn towards {goal} and go straight"
        )
    return path if -1.0 in (path.gears or ()) else dataclasses.replace(path, gears=None)  # forwards: no gears


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
            plan, place = turned.backed(), MIRRORED_PLACES[turned_place]
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
        return _Plan(turns, self.segment_lengths, self.word.translate(MIRRORED), (-1.0,) * len(turns))

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
        exists, sweep, sweep2 = touching_turns(a, b, radius, sign, FLOATS)
        if exists:
            paths.append(_Plan((turn, -turn), (radius * sweep, radius * sweep2), "LR" if turn > 0 else "RL"))
    return paths


def touching_turns(a, b, radius, sign, m):
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
    # Inside the first circle by no more than ``tangent_exit``'s slack counts as on it.
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
    reachable, sweep, straight = tangent_exit(c * dx + s * dy, turn * (c * dy - s * dx), radius, FLOATS)
    if not reachable:
        return None
    return _Plan((turn, 0.0), (radius * sweep, straight), "LS" if turn > 0 else "RS")


def tangent_exit(a, b, radius, m):
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
    # Inside the circle (unreachable) a + L may be subnormal: its quotient is not used, nor made.
    quotient = m.either(plain, gap < -slack)
    short = m.where(plain, a - line, b * (2.0 * r - b) / m.where(quotient, 1.0, a + line))
    sweep = m.atan2(b * line + r * short, a * line + r * (r - b)) % TWO_PI
    # Facing it already, to rounding: the destination ahead on the heading's line (a turn
    # within rounding of a full one may be a loop that rounding made whole).
    ahead = abs(b) <= ON_CIRCLE_TOLERANCE * a
    sweep = m.where(m.both(TWO_PI - sweep < _FULL_TURN_SLACK, ahead), 0.0, sweep)
    return reachable, sweep, line * scale
