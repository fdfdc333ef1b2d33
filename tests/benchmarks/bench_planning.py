"""Benchmark of planning around obstacles: one plan on a 64 x 64 map, and OMPL's RRT* beside it.

Run: ``python tests/benchmarks/bench_planning.py [queries per map]``. Targets: one plan on a 64 x 64
map with 20 % of its cells blocked (random blocks of 1 to 4 cells a side), radius 3 cells: median
<= 20 ms, 95th percentile <= 100 ms; lengths at most a few percent longer than OMPL's RRT* given
1 s with the Dubins (Reeds-Shepp when reversing) state space on the same map. A unit that steers
(continuous curvature) on the same forwards queries: median time at most 2x the arcs', finding
every path they find.

Queries: a random free start pose and goal pose at least 20 cells apart. Many such queries have
no path at all for a unit that cannot turn tighter than 3 cells in that clutter (a start or a goal
boxed in among blocks); times are given for all queries and for those with a path.
"""

import math
import sys
import time
from pathlib import Path

import numpy as np
from ompl import base as ompl_base
from ompl import geometric as ompl_geometric
from ompl import util as ompl_util

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.benchmarks.timing import sized
from trajectory import ObstacleMap, PlanStatus, plan_path

SIZE, FILL, RADIUS, MAPS = 64, 0.2, 3.0, sized(10, 1)
STEERING = 0.2
"""A unit that takes 1 / (RADIUS * STEERING) = 1.7 cells to reach full lock."""


def random_map(seed, size=SIZE, fill=FILL):
    """A ``size`` x ``size`` map of unit cells with random blocks (1-4 cells a side) covering
    ``fill`` of it, and the random generator that made it."""
    rng = np.random.default_rng(seed)
    blocked = np.zeros((size, size), dtype=bool)
    while blocked.mean() < fill:
        width, height = rng.integers(1, 5, 2)
        col, row = rng.integers(0, size - width + 1), rng.integers(0, size - height + 1)
        blocked[row : row + height, col : col + width] = True
    return ObstacleMap(size, size, 1.0, blocked), rng


def random_query(obstacles, rng):
    """A free start pose and a free goal pose at least 20 cells apart."""
    while True:
        a, b = rng.uniform(1, SIZE - 1, 2), rng.uniform(1, SIZE - 1, 2)
        if math.dist(a, b) >= 20 and not obstacles.point_hits(a) and not obstacles.point_hits(b):
            headings = rng.uniform(-math.pi, math.pi, 2)
            return (a[0], a[1], headings[0]), (b[0], b[1], headings[1])


def ompl_rrt_star_length(obstacles, start, goal, reverse, seconds=1.0):
    """The length of RRT*'s path after ``seconds`` (None without an exact solution). OMPL checks
    motions by sampling at a quarter of a cell, points only (not exact)."""
    space = ompl_base.ReedsSheppStateSpace(RADIUS) if reverse else ompl_base.DubinsStateSpace(RADIUS)
    bounds = ompl_base.RealVectorBounds(2)
    bounds.setLow(0.0)
    bounds.setHigh(float(SIZE))
    space.setBounds(bounds)
    setup = ompl_geometric.SimpleSetup(space)
    rows = obstacles.blocked.tolist()

    def valid(state):
        x, y = state.getX(), state.getY()
        return 0.0 < x < SIZE and 0.0 < y < SIZE and not rows[int(y)][int(x)]

    setup.setStateValidityChecker(valid)
    information = setup.getSpaceInformation()
    information.setStateValidityCheckingResolution(0.25 / space.getMaximumExtent())
    states = []
    for x, y, heading in (start, goal):
        state = space.allocState()
        state.setX(x)
        state.setY(y)
        state.setYaw(heading)
        states.append(state)
    setup.setStartAndGoalStates(states[0], states[1], 1e-9)
    setup.setPlanner(ompl_geometric.RRTstar(information))
    setup.solve(seconds)
    return setup.getSolutionPath().length() if setup.haveExactSolutionPath() else None


def plan_times(reverse, per_map, sharpness=None):
    """Each query's best-of-3 plan time (s), its plan, its map and query (``sharpness``: a unit
    that steers)."""
    rows = []
    for seed in range(MAPS):
        obstacles, rng = random_map(seed)
        for _ in range(per_map):
            start, goal = random_query(obstacles, rng)
            best = math.inf
            for _ in range(sized(3, 1)):
                began = time.perf_counter()
                plan = plan_path(
                    start,
                    goal[:2],
                    RADIUS,
                    obstacles=obstacles,
                    reverse=reverse,
                    heading=goal[2],
                    sharpness=sharpness,
                )
                best = min(best, time.perf_counter() - began)
            rows.append((best, plan, obstacles, start, goal))
    return rows


def main():
    ompl_util.setLogLevel(ompl_util.LOG_ERROR)
    per_map = int(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1].isdigit() else sized(10, 1)
    for reverse in (False, True):
        rows = plan_times(reverse, per_map)
        times = np.array([row[0] for row in rows]) * 1e3
        found = np.array([row[1].found for row in rows])
        counts = {status: sum(row[1].status is status for row in rows) for status in PlanStatus}
        name = "reversing (Reeds-Shepp)" if reverse else "forwards (Dubins)"
        print(f"{name}: {len(rows)} queries, " + ", ".join(f"{s.value} {n}" for s, n in counts.items()))
        for label, chosen in (("all queries", times), ("with a path", times[found])):
            median, p95 = np.median(chosen), np.percentile(chosen, 95)
            print(f"  {label + ':':16} median {median:6.1f} ms, 95th percentile {p95:7.1f} ms")
        print("  (targets: median <= 20 ms, 95th percentile <= 100 ms)")
        ratios = []
        for _, plan, obstacles, start, goal in [row for row in rows if row[1].found][:20]:
            theirs = ompl_rrt_star_length(obstacles, start, goal, reverse, seconds=sized(1.0, 0.02))
            if theirs is not None:
                ratios.append(plan.path.length / theirs)
        ratios = np.array(ratios or [np.nan])
        print(f"  beside RRT* (1 s), {len(ratios)} of 20 solved by both: ours / theirs")
        print(f"    median {np.median(ratios):.3f}, best {ratios.min():.3f}, worst {ratios.max():.3f}")
    steering_beside_arcs(per_map)


def steering_beside_arcs(per_map):
    """The same forwards queries for a unit that steers (sharpness ``STEERING``) beside the arcs:
    the median time's ratio, and the paths the arcs find that the steering does not."""
    arcs, steering = plan_times(False, per_map), plan_times(False, per_map, sharpness=STEERING)
    ratio = np.median([row[0] for row in steering]) / np.median([row[0] for row in arcs])
    lost = sum(a[1].found and not s[1].found for a, s in zip(arcs, steering))
    found = sum(a[1].found for a in arcs)
    print(
        f"steering (sharpness {STEERING}) beside arcs, {len(arcs)} forwards queries: median time "
        f"{ratio:.2f}x (target <= 2); of the {found} paths the arcs find, {lost} not found steering "
        "(target 0)"
    )


if __name__ == "__main__":
    main()
