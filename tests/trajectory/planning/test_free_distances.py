"""The planner's grid distances around obstacles, swept over the whole map and worked out as
far as asked, against Dijkstra's algorithm cell by cell, the cells asked for in any order."""

import heapq
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.benchmarks.bench_planning import random_map
from tests.budget import scaled
from trajectory.planning import free_distances
from trajectory.planning.bucket_search import bucket_steps
from trajectory.planning.free_distances import MapDistances
from trajectory.planning.goal_waves import GoalDistances
from trajectory.planning.obstacles import ObstacleMap


def dijkstra(blocked, cell, size):
    """Distances from ``cell`` (col, row) over free cells, eight neighbours, a diagonal step only
    when both cells beside it are free: (rows, cols), inf where not reached."""
    rows, cols = blocked.shape

    def free(r, c):
        return 0 <= r < rows and 0 <= c < cols and not blocked[r, c]

    distances = np.full(blocked.shape, math.inf)
    distances[cell[1], cell[0]] = 0.0
    queue = [(0.0, cell[1], cell[0])]
    while queue:
        d, r, c = heapq.heappop(queue)
        if d > distances[r, c]:
            continue
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                if (
                    (dr or dc)
                    and free(r + dr, c + dc)
                    and (not (dr and dc) or free(r + dr, c) and free(r, c + dc))
                ):
                    step = d + math.hypot(dr, dc) * size
                    if step < distances[r + dr, c + dc]:
                        distances[r + dr, c + dc] = step
                        heapq.heappush(queue, (step, r + dr, c + dc))
    return distances


WAYS = {
    "swept": lambda obstacles, goal, towards: MapDistances(obstacles, goal),
    "waves": GoalDistances,
}


def distances_from(way, obstacles, goal, towards, order):
    """The distances the ``way`` works out, asked for every cell in ``order`` (flat indices, row
    by row): (rows, cols)."""
    distances = WAYS[way](obstacles, goal, towards)
    got = np.empty(obstacles.blocked.shape)
    for index in order:
        row, col = divmod(int(index), obstacles.cols)
        got[row, col] = distances.at(col, row)
    return got


@pytest.mark.parametrize("way", WAYS)
@settings(max_examples=scaled(150), deadline=None)
@given(
    st.integers(1, 14),
    st.integers(1, 14),
    st.sampled_from([1.0, 0.5, 2.5]),
    st.floats(0.0, 0.6),
    st.integers(0, 2**32 - 1),
)
def test_distances_are_dijkstras(way, cols, rows, size, fill, seed):
    rng = np.random.default_rng(seed)
    blocked = rng.random((rows, cols)) < fill
    cell = (int(rng.integers(cols)), int(rng.integers(rows)))
    blocked[cell[1], cell[0]] = False
    towards = (int(rng.integers(cols)), int(rng.integers(rows)))
    obstacles = ObstacleMap(cols, rows, size, blocked)
    got = distances_from(way, obstacles, cell, towards, rng.permutation(rows * cols))
    expected = dijkstra(blocked, cell, size)
    assert np.array_equal(np.isinf(got), np.isinf(expected))
    reached = np.isfinite(expected)
    np.testing.assert_allclose(got[reached], expected[reached], rtol=1e-12, atol=1e-10 * size)


@pytest.mark.parametrize("way", WAYS)
def test_a_walled_in_cell_and_a_corner_squeeze_are_not_reached(way):
    # A ring of blocked cells around (5, 5), and a free cell (0, 9) reachable only diagonally
    # between two blocked cells (touching their corners): neither is reached from (0, 0).
    blocked = np.zeros((10, 10), dtype=bool)
    blocked[4:7, 4:7] = True
    blocked[5, 5] = False
    blocked[8, 0] = blocked[9, 1] = True
    distances = distances_from(way, ObstacleMap(10, 10, 1.0, blocked), (0, 0), (9, 9), range(100))
    assert math.isinf(distances[5, 5]) and math.isinf(distances[9, 0])
    assert distances[0, 9] == 9.0 and math.isclose(distances[3, 3], 3 * math.sqrt(2), rel_tol=1e-12)


@pytest.mark.parametrize("way", WAYS)
def test_distances_on_the_benchmarks_maps_are_dijkstras(way):
    # 64 x 64 cells, a fifth blocked in blocks: paths that wind round many of them.
    for seed in range(4):
        obstacles, rng = random_map(seed)
        free = np.argwhere(~obstacles.blocked)
        row, col = free[rng.integers(len(free))]
        towards = tuple(int(i) for i in free[rng.integers(len(free))][::-1])
        order = rng.permutation(obstacles.blocked.size)
        got = distances_from(way, obstacles, (int(col), int(row)), towards, order)
        expected = dijkstra(obstacles.blocked, (int(col), int(row)), 1.0)
        assert np.array_equal(np.isinf(got), np.isinf(expected))
        reached = np.isfinite(expected)
        np.testing.assert_allclose(got[reached], expected[reached], rtol=1e-12, atol=1e-10)


@settings(max_examples=scaled(100), deadline=None)
@given(
    st.integers(1, 40),
    st.integers(1, 40),
    st.floats(0.0, 0.6),
    st.integers(1, 4),
    st.integers(0, 2**32 - 1),
)
def test_the_sweeps_and_the_bucket_search_agree_to_the_last_bit(cols, rows, fill, goals, seed):
    """``steps_to`` sweeps an open map and searches a crowded one: on any map both give the same
    distances, bit for bit (the Dijkstra tests above meet each only at the fills it is used at)."""
    rng = np.random.default_rng(seed)
    blocked = rng.random((rows, cols)) < fill
    cells = [(int(rng.integers(cols)), int(rng.integers(rows))) for _ in range(goals)]
    for col, row in cells:
        blocked[row, col] = False
    unit = free_distances.step_unit(rows, cols)
    far = 2**62
    searched = bucket_steps(blocked, cells, unit, round(math.sqrt(2.0) * unit), far)
    swept = free_distances._swept(blocked, cells)
    np.testing.assert_array_equal(np.where(searched < far, searched / unit, math.inf), swept)
    np.testing.assert_array_equal(free_distances.steps_to(blocked, cells), swept)


def test_only_the_cells_on_the_way_are_reached():
    # On an open 400 x 400 map, the distance of a cell 100 cells from the goal, asked first,
    # reaches cells no farther than 15 cells off the line between them, under 3,000 (the 31,000
    # cells nearer the goal than it would all be reached by Dijkstra's order).
    distances = GoalDistances(ObstacleMap(400, 400, 1.0), (150, 200), (250, 200))
    assert distances.at(250, 200) == 100.0
    rows = np.flatnonzero(distances.reached.any(axis=1))
    assert distances.reached.sum() < 3000 and np.abs(rows - 200).max() <= 15
    # Asked for a cell behind the goal, the waves go on to it.
    assert distances.at(100, 200) == 50.0


def test_a_cell_closed_in_a_pocket_is_told_by_the_pockets_own_waves():
    # A 400 x 400 open map; a ring of blocked cells round (100, 100): the cell inside cannot
    # reach a goal 200 cells away, and the goal's waves stop short of flooding the map to say so.
    blocked = np.zeros((400, 400), dtype=bool)
    blocked[97:104, 97:104] = True
    blocked[98:103, 98:103] = False
    obstacles = ObstacleMap(400, 400, 1.0, blocked)
    distances = GoalDistances(obstacles, (300, 100), (100, 100))
    assert not distances.reaches(100, 100)
    assert distances.reached.sum() < 0.5 * obstacles.blocked.size
    assert not GoalDistances(obstacles, (100, 100), (300, 100)).reaches(300, 100)  # the goal in it
    # The same goal from outside the ring, and from behind a wall with a gap: reached.
    assert GoalDistances(obstacles, (300, 100), (90, 100)).reaches(90, 100)
    blocked[:, 200] = True
    blocked[390, 200] = False
    walled = ObstacleMap(400, 400, 1.0, blocked)
    around = GoalDistances(walled, (300, 100), (90, 100))
    assert around.reaches(90, 100)
    assert math.isclose(around.at(90, 100), dijkstra(blocked, (300, 100), 1.0)[100, 90], rel_tol=1e-12)
