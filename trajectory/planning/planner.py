"""Planning around obstacles for units with a turning radius, forwards or also in reverse:
``plan_path`` and the ``Plan`` it returns.

>>> walls = ObstacleMap(20, 12, 1.0)
>>> walls.block([(10, row) for row in range(0, 9)])  # a wall with a gap at the top
>>> plan = plan_path((3.0, 2.0, 0.0), (17.0, 2.0), 2.0, obstacles=walls)
>>> plan.status, plan.path.pose(plan.path.length)[:2].tolist()
(<PlanStatus.FOUND: 'found'>, [17.0, 2.0])
>>> walls.block([(10, row) for row in range(9, 12)])  # the gap closed
>>> plan_path((3.0, 2.0, 0.0), (17.0, 2.0), 2.0, obstacles=walls).status
<PlanStatus.WALLED_OFF: 'walled off'>
"""

import dataclasses
import enum
import functools
import math

import numpy as np

from trajectory._numerics.angles import same_headings, wrapped
from trajectory._numerics.checks import at_least_zero, flag, positive_finite, real_array
from trajectory.plane import reeds_shepp
from trajectory.plane.shortest import shortest_path
from trajectory.plane.steering_turns import steering_sharpness
from trajectory.plane.turn_paths import TurnPath, angle, path_from_turns, point, pose, radii_for, rows
from trajectory.planning import direct_ways
from trajectory.planning.clearance import Clearance
from trajectory.planning.free_distances import grid_distances
from trajectory.planning.hybrid_search import GEAR_CHANGE_COST, GOAL_MISS, STEP_CELLS, Search
from trajectory.planning.obstacles import ObstacleMap
from trajectory.planning.smoothing import Pieces, shortened, straight_start
from trajectory.planning.steering import steered

STRAIGHT_ONLY = 1e6
"""A turning radius over this many of the map's diagonals fits no turn on it (an arc across the
map turns by under 1e-6 rad, and the turning formulas lose their digits to the radius): such a
unit drives straight to the goal or not at all, answered at once."""
STEPS_CELLS = (STEP_CELLS, STEP_CELLS / 3.0, STEP_CELLS / 9.0)
"""The lengths of the search's moves (in cells), tried in turn while a search runs out of poses
without reaching the goal: UNREACHABLE means no path at the finest of them."""
STEERING_ROOM = (0.0, 0.125, 0.25, 0.5)
"""For a unit that steers, how much further from the obstacles (in lengths of its clothoid to full
lock, curvature / sharpness) the search keeps, in turn, until the path made continuous fits."""
MAX_EXPANSIONS = 5000
"""How many poses a search expands before it gives up (about a second of searching)."""
CLOSED_PROBE = 50
"""How many poses the search from the goal backwards may expand to find it closed in (closed-in
goals on the benchmark's maps run out within 25)."""
_LETTERS = {1.0: "L", 0.0: "S", -1.0: "R"}


class PlanStatus(enum.Enum):
    """How a plan ended: a code (the scene puts it into words)."""

    FOUND = "found"
    """A path was found: ``Plan.path``."""
    WALLED_OFF = "walled off"
    """No path whatever the radius: no way through the free cells joins the start's cell to the
    goal's (told before any search)."""
    UNREACHABLE = "unreachable"
    """No path turning no tighter than the radius: a way through the free cells exists, but the
    search tried every pose it can reach (too little room to turn), or, with a radius far larger
    than the map, the goal is not straight ahead."""
    GAVE_UP = "gave up"
    """No path found within ``max_expansions`` expanded poses, or within twice
    ``CLOSED_CHECK_AFTER`` when the goal looked closed in (one may still exist)."""


@dataclasses.dataclass(frozen=True)
class Plan:
    """What ``plan_path`` found.

    Attributes:
        status: A ``PlanStatus``.
        path: The path (a ``TurnPath``, its ``gears`` set when it backs up) when found, else None.
        explored: The poses the search expanded, (k, 3): to show the search.
        expansions: How many there were.
    """

    status: PlanStatus
    path: object
    explored: np.ndarray
    expansions: int

    def __repr__(self):
        found = "no path" if self.path is None else f"{self.path.word}, length {self.path.length:.6g}"
        return f"Plan({self.status.value}, {found}, {self.expansions} expansions)"

    @property
    def found(self):
        return self.status is PlanStatus.FOUND


def plan_path(
    start,
    goal,
    radius,
    *,
    obstacles,
    heading=None,
    reverse=False,
    footprint=0.0,
    max_expansions=MAX_EXPANSIONS,
    sharpness=None,
    direct=None,
):
    """A path of arcs (of ``radius``) and lines from pose ``start`` (x, y, heading) to the point
    ``goal`` (x, y) around the blocked cells of ``obstacles``, for a unit whose footprint is a disc
    of radius ``footprint``; arriving facing ``heading`` when given; backing up where
    ``reverse``. The path never touches a blocked cell or the map's edge, turns no tighter than
    ``radius``, and ends exactly at the goal. The search gives up after ``max_expansions``
    expanded poses.

    First the direct path: ``direct`` (a ``TurnPath`` from the start to the goal, say the seed's
    turn and line), or the obstacle-free shortest (``shortest_path`` with the same heading,
    reverse and sharpness); where it keeps clear of the obstacles it is the plan, with no search.

    With ``sharpness`` (1 / length²), for a unit that steers: that path made continuous in
    curvature, changing at most that fast (``steering.steered``), still clear of the obstacles;
    where it does not fit, a path searched keeping further from them (``STEERING_ROOM``); else
    ``GAVE_UP``.

    Returns:
        A ``Plan``: its ``status`` says whether a path was found, and if not, why.

    Raises:
        ValueError: If the radius is not positive, the footprint negative, ``max_expansions`` not
            a whole number >= 1, the start or the goal is off the map or its footprint touches a
            blocked cell, or ``direct`` is not a ``TurnPath`` from the start to the goal.
    """
    start, goal = pose(start, "start"), point(goal, "goal")
    start[2] = wrapped(start[2])
    radius = positive_finite(radius, "radius")
    reverse = flag(reverse, "reverse")
    if not isinstance(obstacles, ObstacleMap):
        raise ValueError(f"obstacles must be an ObstacleMap, got {type(obstacles).__name__}")
    footprint = at_least_zero(footprint, "footprint")
    max_expansions = _count(max_expansions)
    sharpness = steering_sharpness(sharpness, radius)
    goal_heading = None if heading is None else angle(heading, "heading")
    for name, where in (("start", start[:2]), ("goal", goal)):
        if obstacles.point_hits(where, footprint):
            raise ValueError(
                f"the {name} {tuple(where)} is off the map or its footprint touches a blocked cell"
            )
    direct = _direct(start, goal, goal_heading, radius, reverse, sharpness, direct)
    if not obstacles.path_hits(direct.segments, footprint):
        return Plan(PlanStatus.FOUND, direct, np.empty((0, 3)), 0)
    if obstacles.origin != (0.0, 0.0):  # planned from the map's corner, then put back in its place
        ox, oy = obstacles.origin
        plan = plan_path(
            (start[0] - ox, start[1] - oy, start[2]),
            (goal[0] - ox, goal[1] - oy),
            radius,
            obstacles=obstacles.snapshot(origin=(0.0, 0.0)),
            heading=goal_heading,
            reverse=reverse,
            footprint=footprint,
            max_expansions=max_expansions,
            sharpness=sharpness,
            direct=direct.moved(-ox, -oy),  # blocked: not worked out again
        )
        path = plan.path
        if path is not None:  # its ends exactly the start and the goal, as on a map at (0, 0)
            end = None if path.end is None else (goal[0], goal[1], path.end[2])
            path = dataclasses.replace(path.moved(ox, oy), start=tuple(start), end=end)
        return dataclasses.replace(plan, path=path, explored=plan.explored + [ox, oy, 0.0])
    obstacles = obstacles.snapshot()
    search = functools.partial(_search, start, goal, goal_heading, radius, obstacles, reverse, max_expansions)
    if sharpness is None:
        return search(footprint)
    # A unit that steers needs a little more room than the arcs take: where the path made
    # continuous does not fit, the search again, keeping further from the obstacles.
    for wider in STEERING_ROOM:
        room = footprint + wider * (1.0 / radius) / sharpness
        if wider and any(obstacles.point_hits(where, room) for where in (start[:2], goal)):
            break
        plan = search(room)
        if plan.path is None:
            return plan if not wider else dataclasses.replace(plan, status=PlanStatus.GAVE_UP)
        path = steered(plan.path, sharpness, obstacles, footprint)
        if path is not None:
            return dataclasses.replace(plan, path=path)
    return dataclasses.replace(plan, status=PlanStatus.GAVE_UP, path=None)


def _direct(start, goal, goal_heading, radius, reverse, sharpness, given):
    """``plan_path``'s direct path: ``given``, checked to run from ``start`` to ``goal`` (to 1e-9
    of the distance and a radius), or the obstacle-free shortest; ending exactly at the goal, as
    every plan does."""
    if given is None:
        given = shortest_path(start, goal, radius, heading=goal_heading, reverse=reverse, sharpness=sharpness)
    elif not isinstance(given, TurnPath):
        raise ValueError(f"direct must be a TurnPath, got {type(given).__name__}")
    first, last = given.pose(0.0), given.pose(given.length)
    slack = 1e-9 * (math.dist(start[:2], goal) + radius)
    if math.dist(first[:2], start[:2]) > slack or math.dist(last[:2], goal) > slack:
        raise ValueError(
            f"direct must run from the start {tuple(start[:2])} to the goal {tuple(goal)}, "
            f"it runs from {tuple(first[:2].tolist())} to {tuple(last[:2].tolist())}"
        )
    return dataclasses.replace(given, end=(goal[0], goal[1], float(last[2])))


def _search(start, goal, goal_heading, radius, obstacles, reverse, max_expansions, footprint):
    """``plan_path``'s search, its input checked: a ``Plan`` of arcs and lines."""
    size = obstacles.cell_size
    if radius > STRAIGHT_ONLY * math.hypot(obstacles.cols, obstacles.rows) * size:
        return _straight_only(
            start, goal, goal_heading, radius, Clearance(obstacles, radius, footprint), reverse
        )
    start_cell = (math.floor(start[0] / size), math.floor(start[1] / size))
    goal_cell = (math.floor(goal[0] / size), math.floor(goal[1] / size))
    distances = grid_distances(obstacles, goal_cell, start_cell)
    if not distances.reaches(*start_cell):
        return Plan(PlanStatus.WALLED_OFF, None, np.empty((0, 3)), 0)
    clearance = Clearance(obstacles, radius, footprint)
    to_goal = functools.partial(
        direct_ways.to_goal, goal=goal, heading=goal_heading, radius=radius, reverse=reverse
    )
    shortest = functools.partial(
        direct_ways.shortest_to_goal, goal=goal, heading=goal_heading, radius=radius, reverse=reverse
    )
    closed = functools.partial(_goal_closed, start, goal, goal_heading, clearance, reverse)
    estimate = None
    if reverse and goal_heading is not None:
        estimate = functools.partial(
            reeds_shepp.csc_length, goal=(goal[0], goal[1], goal_heading), radius=radius
        )
    # A search that runs out of poses may have stepped over a narrow corridor's turn: it searches
    # again in shorter steps, down to FINEST_STEP cells, before the goal is called unreachable.
    explored, expansions = [], 0
    for step_cells in STEPS_CELLS:
        left = max_expansions - expansions
        search = Search(
            clearance,
            distances,
            shortest,
            reverse,
            goal,
            left,
            closed,
            step_cells=step_cells,
            estimate=estimate,
            fine=step_cells < STEP_CELLS,
        )
        found = search.run(tuple(start))
        explored.append(found.explored)
        expansions += found.expansions
        if found.shot is not None or not found.exhausted or expansions >= max_expansions:
            break
    explored = np.concatenate(explored)
    if found.shot is None:
        finest = step_cells == STEPS_CELLS[-1]
        status = PlanStatus.UNREACHABLE if found.exhausted and finest else PlanStatus.GAVE_UP
        return Plan(status, None, explored, expansions)
    gear_change = GEAR_CHANGE_COST * radius
    pieces = found.pieces + found.shot
    # The straight start tries every way after its run (a U-turn that the shortest Reeds-Shepp
    # way would back into a wall for is driven forwards); the smoothing only the shortest (the
    # others, tried at every joint, made the benchmark's reversing paths 0.17 % longer in all,
    # taking a longer way from an earlier joint, and the smoothing slower).
    pieces = straight_start(
        tuple(start), pieces, radius, gear_change, clearance.path_clear, to_goal, search.step, goal
    )
    to_goal = functools.partial(to_goal, alternatives=False)
    link = functools.partial(direct_ways.link, radius=radius, reverse=reverse, alternatives=False)
    pieces = shortened(tuple(start), pieces, radius, gear_change, clearance.path_clear, to_goal, link)
    return Plan(PlanStatus.FOUND, _as_path(start, pieces, radius, goal, goal_heading), explored, expansions)


def plan_paths(starts, goals, radius, *, obstacles, headings=None, **options):
    """``plan_path`` for many units on one map: start poses (n, 3), goal points (n, 2), one radius
    or one per unit, the headings to arrive facing (n,) or None for any; ``options`` as for
    ``plan_path``, the same for all. Each unit is planned on its own (searches do not vectorise):
    a list of n ``Plan``.

    Raises:
        ValueError: On input of the wrong shape, and as ``plan_path`` for any unit.
    """
    starts, goals = rows(starts, "starts", 3), rows(goals, "goals", 2)
    radii = radii_for(radius, len(starts))
    arrivals = [None] * len(starts) if headings is None else real_array(headings, "headings", "angles (n,)")
    if not len(starts) == len(goals) == len(arrivals):
        raise ValueError(
            f"starts, goals and headings must be as many, got {len(starts)}, {len(goals)}, {len(arrivals)}"
        )
    return [
        plan_path(
            start, goal, float(r), obstacles=obstacles, heading=None if h is None else float(h), **options
        )
        for start, goal, r, h in zip(starts.tolist(), goals.tolist(), radii, arrivals)
    ]


def _straight_only(start, goal, goal_heading, radius, clearance, reverse):
    """The plan of a unit that cannot turn on the map (``STRAIGHT_ONLY``): the line to the goal
    where it lies straight ahead (or behind, backing up), facing the way the goal asks, and clear."""
    c, s = math.cos(start[2]), math.sin(start[2])
    dx, dy = goal[0] - start[0], goal[1] - start[1]
    along, across = c * dx + s * dy, c * dy - s * dx
    gear = 1.0 if along >= 0.0 else -1.0
    pieces = [(0.0, gear, abs(along))]
    if (
        abs(across) <= GOAL_MISS * clearance.obstacles.cell_size
        and (gear > 0.0 or reverse)
        and (goal_heading is None or same_headings(goal_heading, start[2]))
        and clearance.path_clear(tuple(start), pieces)
    ):
        path = _as_path(start, pieces, radius, goal, goal_heading)
        return Plan(PlanStatus.FOUND, path, np.array([start]), 1)
    return Plan(PlanStatus.UNREACHABLE, None, np.array([start]), 1)


def _count(value):
    """``max_expansions`` as a positive whole number, or a ValueError."""
    if isinstance(value, bool) or not isinstance(value, int | np.integer) or value < 1:
        raise ValueError(f"max_expansions must be a whole number >= 1, got {value!r}")
    return int(value)


def _goal_closed(start, goal, goal_heading, clearance, reverse):
    """Whether the goal pose looks closed in: a search of the journey backwards in time, from the
    goal to the start, in short steps, runs out of poses within ``CLOSED_PROBE`` expansions (not a
    proof: a path may thread a gap its steps miss). Backwards in time a forwards path is backed
    along; for a unit turned around, that is driving forwards. Only with a ``goal_heading`` (a
    goal point can be reached from any side)."""
    if goal_heading is None:
        return False
    turn = 0.0 if reverse else math.pi
    shortest = functools.partial(
        direct_ways.shortest_to_goal,
        goal=start[:2],
        heading=wrapped(start[2] + turn),
        radius=clearance.radius,
        reverse=reverse,
    )
    # No grid distances: it must try all it can reach anyway.
    probe = Search(clearance, None, shortest, reverse, start[:2], CLOSED_PROBE, step_cells=0.0)
    found = probe.run((goal[0], goal[1], wrapped(goal_heading + turn)))
    return found.exhausted and found.shot is None


def _as_path(start, pieces, radius, goal, goal_heading):
    """The pieces as one ``TurnPath``, runs of the same turn and gear merged, ending exactly at the goal."""
    merged = []
    for turn, gear, length in pieces:
        if length <= 0.0:
            continue
        if merged and merged[-1][:2] == (turn, gear):
            merged[-1] = (turn, gear, merged[-1][2] + length)
        else:
            merged.append((turn, gear, length))
    merged = merged or [(0.0, 1.0, 0.0)]
    arrival = Pieces(start, merged, radius).joints[-1][2] if goal_heading is None else goal_heading
    turns, gears, parts = zip(*merged)
    return path_from_turns(
        start,
        radius,
        turns,
        parts,
        "".join(_LETTERS[turn] for turn in turns),
        end=(goal[0], goal[1], arrival),
        gears=gears if -1.0 in gears else None,
    )
