"""The obstacle-free ways to a goal (a point, or a pose) and between two poses that the planner
tries as shots and shortcuts: each as pieces (turn, gear, length) and its length, shortest first."""

import math

from trajectory._numerics.angles import wrapped
from trajectory.plane import dubins, reeds_shepp
from trajectory.plane.reeds_shepp import NEGLIGIBLE
from trajectory.plane.turn_to_point import shortest_turns_to_point


def to_goal(pose, goal, heading, radius, reverse, alternatives=True):
    """The obstacle-free ways from ``pose`` to the goal, shortest first: (pieces, length) each,
    the others (with ``alternatives``) worked out only when asked for: when the unit may back up,
    the shortest way may run into a wall where driving only forwards, or only backwards, would
    not."""
    if heading is not None:
        yield from link(pose, (goal[0], goal[1], heading), radius, reverse, alternatives)
        return
    forwards = _way(*shortest_turns_to_point(pose[:2], pose[2], goal, radius), radius)
    if not reverse:
        yield forwards
        return
    backwards = _backed(_way(*shortest_turns_to_point(pose[:2], pose[2] + math.pi, goal, radius), radius))
    ways = sorted([forwards, backwards], key=lambda way: way[1])
    yield from ways if alternatives else ways[:1]


def shortest_to_goal(pose, goal, heading, radius, reverse):
    """The shortest obstacle-free way from ``pose`` to the goal: (pieces, length)."""
    if heading is not None and not reverse:  # the search's most frequent question, directly
        return _dubins(pose, (goal[0], goal[1], heading), radius)
    return next(to_goal(pose, goal, heading, radius, reverse))


def link(pose, target, radius, reverse, alternatives=True):
    """The obstacle-free ways between two poses, shortest first: (pieces, length) each; with
    ``alternatives``, when the unit may back up, then the Dubins ways forwards and backwards,
    worked out only when asked for."""
    if not reverse:
        yield _dubins(pose, target, radius)
        return
    pieces = reeds_shepp.shortest(pose, target, radius)[1]
    yield pieces, sum(piece[2] for piece in pieces)
    if not alternatives:
        return
    turned = (
        (pose[0], pose[1], wrapped(pose[2] + math.pi)),
        (target[0], target[1], wrapped(target[2] + math.pi)),
    )
    yield from sorted(
        [_dubins(pose, target, radius), _backed(_dubins(*turned, radius))], key=lambda way: way[1]
    )


def _dubins(pose, target, radius):
    """The Dubins way between two poses (headings in [-pi, pi)), as (pieces, length)."""
    _, turns, parts = dubins.shortest(pose, target, radius)
    return _way(turns, parts, radius)


def _way(turns, parts, radius):
    """Segments (their turns and lengths) driven forwards as (pieces, length), pieces of a
    rounding's length left out as the Reeds-Shepp ways leave them: an 8e-15 turn between two
    others is a word of its own, that the same way moved elsewhere would not have."""
    length = sum(parts)
    negligible = NEGLIGIBLE * max(radius, length)
    return [(turn, 1.0, part) for turn, part in zip(turns, parts) if part > negligible], length


def _backed(way):
    """A way planned forwards for the unit turned around, as pieces driven backwards: backing, the
    unit faces the other way and its steering turns it the other way."""
    pieces, length = way
    return [(-turn, -1.0, part) for turn, _, part in pieces], length
