"""Hybrid A*: a search over continuous poses binned on the map's cells x headings, expanding by
arcs and straight pieces of the unit's turning radius, with a direct connection ("shot") to the
goal tried along the way (Dolgov, Thrun et al., "Path planning for autonomous vehicles in unknown
semi-structured environments", 2010).
"""

import dataclasses
import heapq
import math

import numpy as np

from trajectory._numerics.angles import wrapped
from trajectory.plane.segment_poses import advance
from trajectory.planning.clearance import Fan
from trajectory.planning.code_raster import BLOCKED, UNSURE

HEADING_BINS = 32
"""Headings are binned in 32 sectors of 11.25 degrees."""
STEP_CELLS = 1.5
"""An expansion drives about one and a half cells: far enough to leave its cell, short enough to
thread a gap."""
GEAR_CHANGE_COST = 1.0
"""What a stop to change gear costs, in turning radii, on top of the length: it keeps the search
from wiggling back and forth for a hair of length."""
STEERING_CHANGE_COST = 0.1
"""What turning the wheel to a new side costs, in steps: it keeps the search from jogging
sideways (a left and a right step for nothing) where it could go straight."""
SHOT_SPACING = 1.5
"""A pose tries a shot at the goal every n-th expansion, n = 1 + its distance to the goal in
units of ``SHOT_SPACING`` turning radii: at every expansion near the goal, rarely far away. (2
radii tried 6 % more shots on the benchmark's reversing queries for paths as long; 1 radius 8 %
fewer, but it made the truck that backs into the scene's bay search a quarter more poses.)"""
HEURISTIC_WEIGHT = 1.6
"""The estimate of the rest is weighted. On the benchmark's 100 queries the searches expand in all
11,600 poses forwards and 5,700 reversing; 16,200 and 9,600 with 1.3, for paths 0.6 % and 1.0 %
shorter in all; 38,900 and 67,400 unweighted (one query each then gives up at 5,000)."""
CLOSED_CHECK_AFTER = 100
"""A search that has expanded this many poses without reaching the goal asks whether the goal
looks closed in (most searches find the goal sooner; a closed-in goal would keep one going until
it gives up); if so, it gives up after as many again."""
_GRID_EXCESS = math.sqrt(4.0 - 2.0 * math.sqrt(2.0))
"""How much longer a chain of straight and diagonal cell steps can be than the straight line
(1.082, at 22.5 degrees): the 2D distance is divided by it, so as not to overestimate."""
GOAL_MISS = 1e-6
"""How far (in cells) a shot may end from the goal: rounding only. A shot's formulas can fail
where the radius dwarfs the distance (a point "on" a turning circle 1e20 across); such a shot is
not taken."""


@dataclasses.dataclass
class Found:
    """What a search found: the pieces (turn, gear, length) from the start to the pose the shot
    left from, the shot (its pieces; None when no shot reached the goal), the poses expanded (k, 3),
    how many, and whether it stopped because no pose was left to expand."""

    pieces: list
    shot: list
    explored: np.ndarray
    expansions: int
    exhausted: bool


class Search:
    """One search for a unit of ``radius`` on the map behind ``clearance``.

    Args:
        clearance: The ``Clearance`` of the map for the unit.
        distances: The 2D distances of the cells to the goal's cell, ``at(col, row)``
            (``free_distances.grid_distances``), or None: no estimate but the obstacle-free way's.
        to_goal: ``to_goal(pose)`` -> the shortest obstacle-free way from a pose to the goal:
            (pieces, length).
        reverse: Whether the unit may back up.
        goal: The goal point (x, y).
        max_expansions: How many poses to expand at most.
        goal_closed: ``goal_closed()`` -> whether the goal looks closed in: asked once, after
            ``CLOSED_CHECK_AFTER`` expansions; None: never.
        step_cells: About how far an expansion drives, in cells (at least one heading bin).
        fine: Tell poses apart by squares as small as a step where steps are shorter than a
            cell (a search in short steps, which would else prune each step as staying in the
            cell it left); by cells otherwise.
        estimate: ``estimate(pose)`` -> a quicker stand-in for the length of ``to_goal(pose)`` in
            the estimate of the rest (the way itself then worked out only for a shot); None:
            the way's length.
    """

    def __init__(
        self,
        clearance,
        distances,
        to_goal,
        reverse,
        goal,
        max_expansions,
        goal_closed=None,
        step_cells=STEP_CELLS,
        estimate=None,
        fine=False,
    ):
        self.clearance, self.to_goal, self.estimate = clearance, to_goal, estimate
        self.goal, self.max_expansions, self.goal_closed = goal, max_expansions, goal_closed
        radius, cell = clearance.radius, clearance.obstacles.cell_size
        self.bins_per_arc = max(1, round(step_cells * cell / (radius * 2.0 * math.pi / HEADING_BINS)))
        self.step = radius * self.bins_per_arc * 2.0 * math.pi / HEADING_BINS
        self.gear_change = GEAR_CHANGE_COST * radius
        self._bin_size = min(cell, self.step) if fine else cell  # poses are told apart by squares
        self.weighted_step = HEURISTIC_WEIGHT * self.step
        gears = (1.0, -1.0) if reverse else (1.0,)
        # A move whose chord is longer than the map's diagonal leaves the map: with a radius far
        # larger than the map there are none, and the search is the shot from the start (its
        # work bounded by the map, not the radius).
        obstacles = clearance.obstacles
        diagonal = math.hypot(obstacles.cols, obstacles.rows) * cell
        chords = {0.0: self.step, 1.0: 2.0 * radius * math.sin(min(self.step / (2.0 * radius), math.pi / 2))}
        self.moves = [
            (turn, gear) for gear in gears for turn in (1.0, 0.0, -1.0) if chords[abs(turn)] <= diagonal
        ]
        self.distances, self._estimates = distances, {}  # (col, row) -> the weighted estimate
        # Where each move ends in the frame of the pose it starts from: (x, y, turn of heading).
        self._ends = [advance(0.0, 0.0, 0.0, turn, gear * self.step, radius) for turn, gear in self.moves]
        self.fan = self.moves and Fan(
            clearance, [turn for turn, _ in self.moves], [gear * self.step for _, gear in self.moves]
        )

    def run(self, start):
        """Search from pose ``start`` (x, y, heading): a ``Found``."""
        # Per node: pose, heading index (bins from the start heading), cost, parent, gear, the
        # piece that led to it, whether its estimate is refined and its way to the goal (once
        # worked out).
        nodes = _Nodes(start)
        best_cost = {self._bin(start, 0): 0.0}
        closed = set()
        # (estimated total, -cost, node): of equal estimates the one farther along first (ties are
        # common: along a lane the cost grows as the estimate of the rest shrinks); an estimate
        # is refined when first popped.
        heap = [(0.0, 0.0, 0)]
        explored, best, expansions = [], (math.inf, None, None), 0
        limit = self.max_expansions
        while heap and expansions < limit:
            f, _, node = heapq.heappop(heap)
            if f >= best[0]:
                break
            here = nodes.poses[node]
            key = self._bin(here, nodes.indices[node])
            if key in closed:
                continue
            if not nodes.refined[node]:  # refine the estimate with the obstacle-free way
                nodes.refined[node] = True
                nodes.rests[node] = HEURISTIC_WEIGHT * self._rest(node, here, nodes)
                refined = nodes.costs[node] + max(nodes.around[node], nodes.rests[node])
                if refined > f:
                    heapq.heappush(heap, (refined, -nodes.costs[node], node))
                    continue
            closed.add(key)
            expansions += 1
            explored.append(here)
            if expansions == 1 or expansions % self._shot_every(here) == 0:
                shot, length = self._way(node, here, nodes)
                if (
                    nodes.costs[node] + length < best[0]
                    and self.clearance.path_clear(here, shot)
                    and self._reaches_goal(here, shot)
                ):
                    best = (nodes.costs[node] + length, node, shot)
            self._expand(node, nodes, best_cost, closed, heap)
            if expansions == CLOSED_CHECK_AFTER and best[1] is None and self._goal_closed():
                limit = min(limit, 2 * CLOSED_CHECK_AFTER)
        return Found(nodes.route(best[1]), best[2], np.array(explored), expansions, not heap)

    def _expand(self, node, nodes, best_cost, closed, heap):
        """Push the children of ``node`` that are clear and better than what their bins hold."""
        if not self.moves:
            return
        x, y, heading = nodes.poses[node]
        c, s = math.cos(heading), math.sin(heading)
        verdicts, codes = self.fan.verdicts(x, y, heading)
        for k, verdict in enumerate(verdicts):
            if verdict == BLOCKED:
                continue
            turn, gear = self.moves[k]
            dx, dy, turned = self._ends[k]
            child = (x + c * dx - s * dy, y + s * dx + c * dy, wrapped(heading + turned))
            index = nodes.indices[node] + round(turn * gear) * self.bins_per_arc
            key = self._bin(child, index)
            cost = nodes.costs[node] + self.step
            if nodes.gears[node] not in (0.0, gear):
                cost += self.gear_change
            before = nodes.pieces[node]
            if turn != 0.0 and before is not None and before[0] != turn:
                cost += STEERING_CHANGE_COST * self.step
            if key in closed or cost >= best_cost.get(key, math.inf):
                continue
            around = self._around(child)
            if not math.isfinite(around):
                continue
            if verdict == UNSURE and not self.fan.exactly_clear(x, y, heading, k, codes):
                continue
            # The rest from the child is at least the parent's less the move (a move is a way
            # between them): a first estimate, refined when the child is popped.
            around = max(around, nodes.rests[node] - self.weighted_step)
            best_cost[key] = cost
            child_node = nodes.add(child, index, cost, node, gear, (turn, gear, self.step), around)
            heapq.heappush(heap, (cost + around, -cost, child_node))

    def _rest(self, node, here, nodes):
        """The obstacle-free length of the rest from ``here``: the estimate, or the length of the
        way to the goal (kept for a shot)."""
        if self.estimate is not None:
            return self.estimate(here)
        return self._way(node, here, nodes)[1]

    def _way(self, node, here, nodes):
        """The obstacle-free way to the goal from ``here``, worked out once: (pieces, length)."""
        if nodes.ways[node] is None:
            nodes.ways[node] = self.to_goal(here)
        return nodes.ways[node]

    def _reaches_goal(self, pose, pieces):
        """Whether ``pieces`` driven from ``pose`` end at the goal, to ``GOAL_MISS``."""
        x, y, heading = pose
        radius = self.clearance.radius
        for turn, gear, length in pieces:
            x, y, heading = advance(x, y, heading, turn, gear * length, radius)
        miss = math.hypot(x - self.goal[0], y - self.goal[1])
        return miss <= GOAL_MISS * self.clearance.obstacles.cell_size

    def _goal_closed(self):
        return self.goal_closed is not None and self.goal_closed()

    def _bin(self, pose, index):
        size = self._bin_size
        return (math.floor(pose[0] / size), math.floor(pose[1] / size), index % HEADING_BINS)

    def _shot_every(self, pose):
        far = math.hypot(self.goal[0] - pose[0], self.goal[1] - pose[1]) / (
            SHOT_SPACING * self.clearance.radius
        )
        return 1 + int(far)

    def _around(self, pose):
        """The weighted 2D estimate of the rest at ``pose``; inf where the goal cannot be reached."""
        size = self.clearance.obstacles.cell_size
        cell = (math.floor(pose[0] / size), math.floor(pose[1] / size))
        estimate = self._estimates.get(cell)
        if estimate is None:
            # The 2D distance to the goal around obstacles, made a lower bound (the pose and the
            # goal lie anywhere in their cells) and weighted.
            far = 0.0 if self.distances is None else self.distances.at(*cell)
            lower = max(far / _GRID_EXCESS - math.sqrt(2.0) * size, 0.0)
            estimate = self._estimates[cell] = HEURISTIC_WEIGHT * lower
        return estimate


class _Nodes:
    """The search's nodes as parallel lists (index 0 the start)."""

    def __init__(self, start):
        self.poses, self.indices, self.costs, self.parents = [start], [0], [0.0], [-1]
        self.gears, self.pieces, self.around, self.ways = [0.0], [None], [0.0], [None]
        self.refined, self.rests = [False], [0.0]

    def add(self, pose, index, cost, parent, gear, piece, around):
        self.poses.append(pose)
        self.indices.append(index)
        self.costs.append(cost)
        self.parents.append(parent)
        self.gears.append(gear)
        self.pieces.append(piece)
        self.around.append(around)
        self.ways.append(None)
        self.refined.append(False)
        self.rests.append(0.0)
        return len(self.poses) - 1

    def route(self, node):
        """The pieces from the start to ``node`` (none when ``node`` is None)."""
        route = []
        while node is not None and node > 0:
            route.append(self.pieces[node])
            node = self.parents[node]
        return route[::-1]
