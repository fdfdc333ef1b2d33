"""Flow fields against independent computations: distances against a plain Dijkstra on random
mazes (to 1e-12 of each distance), directions downhill everywhere and never into a blocked
cell, a route as long as its cell's distance, update equal to a rebuild, would_block against a
flood fill."""

import heapq
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.budget import scaled
from trajectory import FieldWalkers, FlowField, ObstacleMap, plan_path

STEPS = [(dc, dr) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc]


def can_step(blocked, col, row, dc, dr):
    rows, cols = blocked.shape
    c, r = col + dc, row + dr
    if not (0 <= c < cols and 0 <= r < rows) or blocked[r, c]:
        return False
    return not (dc and dr) or (not blocked[row, c] and not blocked[r, col])


def dijkstra(blocked, goals):
    """Distances to the nearest goal, one cell at a time from a heap: the textbook way."""
    rows, cols = blocked.shape
    far = np.full((rows, cols), math.inf)
    heap = [(0.0, c, r) for c, r in goals]
    for _, c, r in heap:
        far[r, c] = 0.0
    while heap:
        d, c, r = heapq.heappop(heap)
        if d > far[r, c]:
            continue
        for dc, dr in STEPS:
            # Steps are symmetric: a walker from the neighbour may step here by the same rule.
            if can_step(blocked, c, r, dc, dr):
                nd = d + math.hypot(dc, dr)
                if nd < far[r + dr, c + dc]:
                    far[r + dr, c + dc] = nd
                    heapq.heappush(heap, (nd, c + dc, r + dr))
    return far


def reached(blocked, goals):
    """The cells that can reach a goal, by a flood fill of the same steps."""
    rows, cols = blocked.shape
    seen = np.zeros((rows, cols), dtype=bool)
    todo = list(goals)
    for c, r in todo:
        seen[r, c] = True
    while todo:
        c, r = todo.pop()
        for dc, dr in STEPS:
            if can_step(blocked, c, r, dc, dr) and not seen[r + dr, c + dc]:
                seen[r + dr, c + dc] = True
                todo.append((c + dc, r + dr))
    return seen


def maze(seed, rows=24, cols=32, density=0.3):
    rng = np.random.default_rng(seed)
    blocked = rng.random((rows, cols)) < density
    goals = [(int(c), int(r)) for c, r in zip(rng.integers(0, cols, 2), rng.integers(0, rows, 2))]
    for c, r in goals:
        blocked[r, c] = False
    return blocked, goals


@settings(max_examples=scaled(40), deadline=None)
@given(st.integers(0, 2**32 - 1), st.floats(0.0, 0.45), st.sampled_from([(24, 32), (59, 6), (5, 70), (1, 9)]))
def test_distances_are_dijkstras_on_random_mazes(seed, density, shape):
    """Square-ish, tall and thin, wide and flat: the sweeps keep to the rows they must sweep by
    the map's shape (a tall map's diagonals run far down its rows; that was once missed)."""
    blocked, goals = maze(seed, *shape, density=density)
    field = FlowField(blocked, goals)
    expected = dijkstra(blocked, goals)
    np.testing.assert_array_equal(np.isinf(field.distances), np.isinf(expected))
    finite = np.isfinite(expected)
    np.testing.assert_allclose(field.distances[finite], expected[finite], rtol=1e-12, atol=0)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_directions_point_downhill_and_never_into_a_blocked_cell(seed):
    blocked, goals = maze(seed, density=0.3)
    field = FlowField(blocked, goals, cell_size=2.0)
    rng = np.random.default_rng(seed)
    points = rng.uniform(0.0, 1.0, (20000, 2)) * (64.0, 48.0)
    directions = field.directions(points)
    cells = np.floor(points / 2.0).astype(int)
    distance = field.distances[cells[:, 1], cells[:, 0]]
    moving = np.isfinite(distance) & (distance > 0)
    np.testing.assert_allclose(np.hypot(*directions[moving].T), 1.0, atol=1e-12)
    assert np.all(directions[~moving] == 0.0)
    # Rounded to the nearest of the eight ways, each leads into an open cell nearer a goal.
    angle = np.arctan2(directions[moving, 1], directions[moving, 0])
    way = np.round(angle / (math.pi / 4)).astype(int) % 8
    for (c, r), w in zip(cells[moving].tolist(), way.tolist()):
        dc, dr = round(math.cos(w * math.pi / 4)), round(math.sin(w * math.pi / 4))
        assert can_step(blocked, c, r, dc, dr) and field.distances[r + dr, c + dc] < field.distances[r, c]


def test_open_ground_is_crossed_in_straight_lines_not_staircases():
    field = FlowField(np.zeros((40, 40), dtype=bool), [(39, 20)])
    # Between the 8 ways: the way from (5, 5) towards the goal is about 29 degrees up from +x.
    direction = field.directions(np.array([5.5, 5.5]))
    angle = math.degrees(math.atan2(direction[1], direction[0]))
    assert 10.0 < angle < 40.0 and abs(angle - 45.0) > 5.0 and abs(angle) > 5.0


def test_a_route_is_a_shortest_path_to_a_goal():
    blocked, goals = maze(4, density=0.25)
    field = FlowField(blocked, goals)
    start = next(
        (c, r)
        for r in range(blocked.shape[0])
        for c in range(blocked.shape[1])
        if np.isfinite(field.distances[r, c]) and field.distances[r, c] > 10
    )
    route = field.route(np.array(start) + 0.5)
    steps = np.diff(route, axis=0)
    assert np.allclose(np.abs(steps).max(axis=1), 1.0)  # neighbour to neighbour
    assert np.sum(np.hypot(*steps.T)) == pytest.approx(field.distances[start[1], start[0]], rel=1e-12)
    assert tuple(np.floor(route[-1]).astype(int)) in set(goals)
    cut = field.route(np.array([-5.0, -5.0]))
    assert cut.shape == (1, 2)


@settings(max_examples=scaled(60), deadline=None)
@given(
    st.integers(0, 2**32 - 1), st.lists(st.tuples(st.booleans(), st.integers(1, 4)), min_size=1, max_size=6)
)
def test_updates_give_what_a_rebuild_gives_bit_for_bit(seed, changes):
    """Towers up and down in turn, some beside a goal (a goal needs no way down)."""
    blocked, goals = maze(seed, density=0.3)
    field = FlowField(blocked, goals)
    rng = np.random.default_rng(seed)
    grid = blocked.copy()
    for block, count in changes:
        near = np.array(goals[0]) + rng.integers(-2, 3, (count, 2))
        anywhere = np.column_stack([rng.integers(0, 32, count), rng.integers(0, 24, count)])
        cells = np.clip(np.concatenate([near, anywhere]), 0, (31, 23))
        cells = np.array([c for c in cells.tolist() if tuple(c) not in set(goals)]).reshape(-1, 2)
        (field.block if block else field.free)(cells)
        grid[cells[:, 1], cells[:, 0]] = block
        np.testing.assert_array_equal(field.distances, FlowField(grid, goals).distances)
    np.testing.assert_array_equal(field.blocked, grid)


@settings(max_examples=scaled(40), deadline=None)
@given(
    st.integers(0, 2**32 - 1),
    st.lists(
        st.tuples(st.sampled_from(["map", "field", "other"]), st.booleans(), st.integers(1, 4)), max_size=6
    ),
)
def test_fields_made_from_a_map_share_its_cells_whoever_changes_them(seed, changes):
    """One board: a map and two fields made from it (one with other goals), towers put up and
    taken down on any of the three; each sees every change, and each field's distances are a
    rebuild's bit for bit. A copy takes none of it."""
    blocked, goals = maze(seed, density=0.3)
    board = ObstacleMap(32, 24, 0.5, blocked)
    field, other = FlowField(board, goals), FlowField(board, [goals[0]])
    twin = field.copy()
    rng = np.random.default_rng(seed)
    grid = blocked.copy()
    for who, block, count in changes:
        cells = np.column_stack([rng.integers(0, 32, count), rng.integers(0, 24, count)])
        cells = np.array([c for c in cells.tolist() if tuple(c) not in set(goals)]).reshape(-1, 2)
        changer = {"map": board, "field": field, "other": other}[who]
        (changer.block if block else changer.free)(cells)
        grid[cells[:, 1], cells[:, 0]] = block
        for seen in (board, field, other):
            np.testing.assert_array_equal(seen.blocked, grid)
        np.testing.assert_array_equal(field.distances, FlowField(grid, goals).distances)
        np.testing.assert_array_equal(other.distances, FlowField(grid, [goals[0]]).distances)
    np.testing.assert_array_equal(twin.blocked, blocked)


@settings(max_examples=scaled(30), deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([(-16.0, -12.0), (-0.1, 0.3), (1000.25, -317.5)]))
def test_a_field_on_a_map_anywhere_walks_as_one_at_the_origin_moved_there(seed, origin):
    """A map whose corner lies at ``origin``: the field's distances the same bit for bit, its
    directions, routes and nearest leading points those at (0, 0) moved (to 1e-9), and walkers
    on it reach the goals, never in a blocked cell (their steps match only to rounding: a
    walker pressed on a wall takes one branch or the other by a bit)."""
    blocked, goals = maze(seed, rows=12, cols=16, density=0.3)
    here = FlowField(ObstacleMap(16, 12, 1.0, blocked), goals)
    there = FlowField(ObstacleMap(16, 12, 1.0, blocked, origin=origin), goals)
    np.testing.assert_array_equal(there.distances, here.distances)
    rng = np.random.default_rng(seed)
    points = rng.uniform(0.0, [16.0, 12.0], (40, 2))
    moved = points + origin
    np.testing.assert_allclose(there.directions(moved), here.directions(points), rtol=0, atol=1e-9)
    np.testing.assert_allclose(there.nearest_leading(moved), here.nearest_leading(points) + origin, atol=1e-9)
    np.testing.assert_allclose(there.route(moved[0]), here.route(points[0]) + origin, rtol=0, atol=1e-9)
    np.testing.assert_array_equal(there.cells(moved[:5] + 1e-6), here.cells(points[:5] + 1e-6))
    free = points[~blocked[points[:, 1].astype(int), points[:, 0].astype(int)]][:10]
    walkers = FieldWalkers(there)
    walkers.spawn(free + origin, 2.0)
    for _ in range(900):
        walkers.step(1 / 30)
        assert not there.is_blocked(there.cells(walkers.positions)).any()
    assert walkers.reached[np.isfinite(here.distances[free[:, 1].astype(int), free[:, 0].astype(int)])].all()


def test_a_map_refuses_to_block_a_goal_of_a_field_on_it_and_changes_nothing():
    board = ObstacleMap(6, 4, 1.0)
    field = FlowField(board, [(5, 2)])
    before = field.distances.copy()
    with pytest.raises(ValueError, match="goal"):
        board.block([(1, 1), (5, 2)])
    assert not board.blocked.any()
    np.testing.assert_array_equal(field.distances, before)


def test_a_tank_planned_on_the_board_goes_round_towers_placed_on_the_field():
    """The guide's board-plus-field pattern: towers go up on the field, the tank plans on the
    map. With the field's own copy of the cells the tank drove straight through them."""
    board = ObstacleMap(20, 12, 1.0)
    field = FlowField(board, [(19, 6)])
    field.block([(10, row) for row in range(1, 12)])  # a wall with a gap at row 0
    plan = plan_path((3.0, 6.0, 0.0), (17.0, 6.0), 1.0, obstacles=board, footprint=0.3)
    assert plan.found
    assert not board.path_hits(plan.path.segments, 0.3)
    points = plan.path.pose(np.linspace(0.0, plan.path.length, 400))
    assert points[:, 1].min() < 1.0  # through the gap


@settings(max_examples=scaled(60), deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 3))
def test_would_block_is_a_flood_fills_answer(seed, count):
    blocked, goals = maze(seed, density=0.35)
    rng = np.random.default_rng(seed + 1)
    field = FlowField(blocked, goals)
    spawns = np.column_stack([rng.integers(0, 32, 2), rng.integers(0, 24, 2)])
    cells = np.column_stack([rng.integers(0, 32, count), rng.integers(0, 24, count)])
    trial = blocked.copy()
    trial[cells[:, 1], cells[:, 0]] = True
    ends = {tuple(c) for c in goals} | {tuple(s) for s in spawns.tolist()}
    if any(tuple(c) in ends for c in cells.tolist()):
        expected = True
    else:
        expected = not reached(trial, goals)[spawns[:, 1], spawns[:, 0]].all()
    before = field.distances.copy()
    assert field.would_block(cells, spawns) == expected
    np.testing.assert_array_equal(field.distances, before)  # the field is left as it was


@settings(max_examples=scaled(60), deadline=None)
@given(
    st.integers(0, 2**32 - 1),
    st.floats(0.0, 0.6),
    st.sampled_from([0.05, 1.0, 7.5e3]),
    st.floats(1e-6, 0.45),
)
def test_the_nearest_leading_point_lies_on_the_nearest_cell_that_leads(seed, density, cell_size, margin):
    """Against every cell tried: the point found lies on a cell that reaches a goal (the flood
    fill's), margin inside it, and that cell is as near the point as any such cell (to 1e-9 of a
    cell); points already on such a cell stay where they are. Points on, beside and far off
    the grid, at three scales."""
    blocked, goals = maze(seed, rows=15, cols=20, density=density)
    field = FlowField(blocked, goals, cell_size=cell_size)
    rng = np.random.default_rng(seed)
    points = rng.uniform(-3.0, 23.0, (30, 2)) * cell_size
    points[:3] = np.array([[-1e6, 5.0], [7.5, 1e9], [19.999, 14.999]]) * cell_size
    found = field.nearest_leading(points, margin) / cell_size
    leads = reached(blocked, goals)
    scaled_points = points / cell_size
    cells = np.floor(found).astype(int)
    assert leads[cells[:, 1], cells[:, 0]].all()
    moved = np.any(found != scaled_points, axis=1)
    inside = found[moved] - cells[moved]
    assert np.all((inside >= margin - 1e-9) & (inside <= 1.0 - margin + 1e-9))
    corners = np.argwhere(leads)[:, ::-1]
    for point, cell, moved in zip(scaled_points, cells, found):
        gaps = np.maximum(np.maximum(corners - point, point - (corners + 1)), 0.0)
        nearest = np.hypot(*gaps.T).min()
        own = np.hypot(*np.maximum(np.maximum(cell - point, point - (cell + 1)), 0.0))
        assert own <= nearest + 1e-9
        if nearest == 0.0 and np.all(point >= 0) and np.all(point < (20, 15)):
            np.testing.assert_array_equal(moved, point)


@pytest.mark.parametrize(
    "make, message",
    [
        (lambda: FlowField(np.zeros((3, 3)), [(0, 0)]), "booleans"),
        (lambda: FlowField(np.zeros((3, 3), dtype=bool), [(5, 0)]), "off the 3 x 3 grid"),
        (lambda: FlowField(np.ones((3, 3), dtype=bool), [(1, 1)]), "blocked"),
        (lambda: FlowField(np.zeros((3, 3), dtype=bool), [(0.5, 0)]), "whole"),
        (lambda: FlowField(np.zeros((3, 3), dtype=bool), [(0, 0)], cell_size=0), "cell_size"),
        (lambda: FlowField(np.zeros((3, 3), dtype=bool), [(0, 0)]).block([(0, 0)]), "goal"),
        (lambda: FlowField(np.zeros((3, 3), dtype=bool), [(0, 0)]).directions([[np.nan, 0]]), "finite"),
        (lambda: FlowField(np.zeros((3, 3), dtype=bool), [(0, 0)]).nearest_leading([[np.inf, 0]]), "finite"),
        (lambda: FlowField(np.zeros((3, 3), dtype=bool), [(0, 0)]).nearest_leading([1.0, 0]), "(n, 2)"),
        (lambda: FlowField(np.zeros((3, 3), dtype=bool), [(0, 0)]).nearest_leading([[1, 0]], 0.0), "margin"),
    ],
)
def test_bad_grids_goals_and_cells_are_refused_by_name(make, message):
    with pytest.raises(ValueError, match=message):
        make()


def test_a_copy_takes_changes_that_leave_the_original_as_it_was():
    blocked = np.random.default_rng(4).random((12, 16)) < 0.25
    blocked[6, 15] = False
    field = FlowField(blocked, [(15, 6)])
    field.directions(np.array([[1.0, 1.0]]))  # with its caches made
    before = field.distances.copy()
    free = np.argwhere(~blocked)[:, ::-1]
    trial = field.copy()
    trial.block(free[:5])
    np.testing.assert_array_equal(field.distances, before)
    np.testing.assert_array_equal(field.blocked, blocked)
    again = blocked.copy()
    again[free[:5, 1], free[:5, 0]] = True
    np.testing.assert_array_equal(trial.distances, FlowField(again, [(15, 6)]).distances)
    points = np.random.default_rng(5).uniform(0, 12, (200, 2))
    np.testing.assert_array_equal(trial.directions(points), FlowField(again, [(15, 6)]).directions(points))
