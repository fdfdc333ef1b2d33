"""Shortening a planned path: runs of pieces replaced by one direct connection (Dubins, or
Reeds-Shepp when the unit may back up) wherever that stays clear and is no longer, so that the
search's steps of a fixed length do not show as wiggles or late turns.

From the goal backwards: the earliest joint of the path from which a direct connection reaches
the current target is found (a binary search over the joints), then the point of departure is
moved back along the piece before that joint as far as the connection stays clear (bisection):
a turn around a corner starts where it first can, not at the next step of the search. Before
that, ``straight_start`` tries leaving the start on a straight run.
"""

import math

from trajectory.plane.segment_poses import advance

REFINEMENTS = 4
"""Bisection steps for the point of departure: to 1/16 of a search step (about a tenth of a cell;
to 1/64 made the benchmark's paths 0.07 % shorter for 40 % more time smoothing)."""
_SLACK = 1e-9
"""Relative slack in comparing costs: a connection as long as the pieces it replaces (a straight
run) is taken, merging them."""


class Pieces:
    """Pieces (turn, gear, length) driven from a start pose on circles of ``radius``, with the
    pose at each joint."""

    def __init__(self, start, pieces, radius):
        self.radius, self.pieces = radius, list(pieces)
        self.joints = [tuple(start)]
        for turn, gear, length in self.pieces:
            self.joints.append(self.advanced(self.joints[-1], turn, gear, length))

    def advanced(self, pose, turn, gear, length):
        """The pose after driving ``length`` in ``gear`` from ``pose``, turning ``turn``."""
        x, y, heading = advance(*pose, turn, gear * length, self.radius)
        return (x, y, heading)


def cost(pieces, gear_change):
    """Length plus ``gear_change`` per stop to change gear."""
    return _suffix_costs(pieces, gear_change)[0]


def _suffix_costs(pieces, gear_change):
    """``cost(pieces[i:])`` for every i from 0 to len(pieces) (the one place of the formula), in
    one pass from the end."""
    costs = [0.0]
    for i in range(len(pieces) - 1, -1, -1):
        stop = gear_change if i + 1 < len(pieces) and pieces[i][1] != pieces[i + 1][1] else 0.0
        costs.append(costs[-1] + pieces[i][2] + stop)
    return costs[::-1]


def shortened(start, pieces, radius, gear_change, clear, to_goal, link):
    """The pieces from ``start`` with runs replaced by direct connections.

    Args:
        clear: ``clear(pose, pieces)`` -> whether the pieces from the pose stay clear.
        to_goal: ``to_goal(pose)`` -> the direct ways to the goal, shortest first: an iterable
            of (pieces, length).
        link: ``link(pose, target)`` -> the direct ways between two poses, likewise.
    """
    head, tail, target = Pieces(start, pieces, radius), [], None  # target None: the goal

    def connection(pose, budget):
        """The shortest direct way from ``pose`` to the target that is clear and costs at most
        ``budget``, or None."""
        for way, _ in to_goal(pose) if target is None else link(pose, target):
            if cost(way, gear_change) > budget * (1.0 + _SLACK) + 1e-12:
                return None
            if clear(pose, way):
                return way
        return None

    while head.pieces:
        n = len(head.pieces)
        rest = _suffix_costs(head.pieces, gear_change)
        way = connection(head.joints[0], rest[0])
        if way is not None:  # all that is left in one
            tail[:0] = way
            break
        way = connection(head.joints[n - 1], rest[n - 1]) if n > 1 else None
        if way is None:  # the last piece stays as it is
            tail.insert(0, head.pieces[-1])
            target = head.joints[n - 1]
            head = Pieces(start, head.pieces[:-1], radius)
            continue
        lo, hi = 0, n - 1  # the earliest joint that connects: lo does not, hi does
        while hi - lo > 1:
            mid = (lo + hi) // 2
            found = connection(head.joints[mid], rest[mid])
            lo, hi, way = (lo, mid, found) if found is not None else (mid, hi, way)
        # The departure moved back into piece lo, as far as it still connects.
        turn, gear, length = head.pieces[lo]
        connects, fails = length, 0.0
        for _ in range(REFINEMENTS):
            middle = (connects + fails) / 2.0
            departure = head.advanced(head.joints[lo], turn, gear, middle)
            found = connection(departure, rest[lo + 1] + length - middle)
            connects, fails, way = (middle, fails, found) if found is not None else (connects, middle, way)
        tail[:0] = way
        target = head.advanced(head.joints[lo], turn, gear, connects)
        head = Pieces(start, head.pieces[:lo] + [(turn, gear, connects)], radius)
    return tail


def straight_start(start, pieces, radius, gear_change, clear, to_goal, spacing, goal):
    """The pieces from ``start``, or, where it costs less, a straight run forwards from the start
    and then a direct way to the point ``goal``: leaving a lane where a turn first clears a corner
    (the search only leaves it at whole steps). Runs ``spacing`` apart are tried while the run is
    clear and could still lead to a shorter path; the first whose way is clear is shortened by
    bisection to the shortest whose way still is. (Runs backwards shortened none of the
    benchmark's 96 reversing paths, for a millisecond a plan: a way backed straight out of a lane
    is a Reeds-Shepp word of its own, and the smoothing moves a departure back inside a piece.)"""
    best, best_cost = list(pieces), cost(pieces, gear_change)

    def way_from(run):
        """A run of ``run`` and the first clear direct way after it that could, with the run
        shortened by up to a spacing, cost less than the best so far; or None."""
        end = Pieces(start, [(0.0, 1.0, run)], radius).joints[-1]
        for way, _ in to_goal(end):
            candidate = [(0.0, 1.0, run), *way]
            if cost(candidate, gear_change) >= best_cost + 2.0 * spacing:
                return None
            if clear(end, way):
                return candidate
        return None

    run, tried, reached = spacing, 0.0, tuple(start)
    # run + the distance left to the goal only grows along the run: past the best, stop.
    while run + math.dist(reached[:2], goal) < best_cost + 2.0 * spacing:
        if not clear(reached, [(0.0, 1.0, run - tried)]):  # the run's new stretch
            break
        found = way_from(run)
        if found is not None:
            shorter, longer = tried, run
            for _ in range(REFINEMENTS):
                middle = (shorter + longer) / 2.0
                better = way_from(middle)
                shorter, longer, found = (shorter, middle, better) if better else (middle, longer, found)
            if cost(found, gear_change) < best_cost:
                best = found
            break
        reached = Pieces(reached, [(0.0, 1.0, run - tried)], radius).joints[-1]
        tried, run = run, run + spacing
    return best
