"""Planning around obstacles (issue 15): paths that never touch a blocked cell, respect the
turning radius, end exactly at the goal, and come within 1 % of known optimal lengths; a clear
"no path" when there is none."""

import math

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from tests.benchmarks.bench_planning import random_map as benchmark_map
from tests.budget import scaled
from tests.trajectory.plane.test_turning import assert_moves_one_unit_per_unit_and_turns_no_tighter_than
from trajectory import ObstacleMap, PlanStatus, plan_path, plan_paths
from trajectory._numerics.angles import wrapped
from trajectory.plane import Arc
from trajectory.plane.steering_turns import MISS
from trajectory.planning import code_raster
from trajectory.planning.free_distances import SWEPT_CELLS
from trajectory.planning.hybrid_search import CLOSED_CHECK_AFTER


def random_map(seed):
    """A 32 x 32 map with random blocks covering 15 % of it (the benchmark's maps, smaller)."""
    return benchmark_map(seed, size=32, fill=0.15)


def free_point(obstacles, rng, footprint):
    while True:
        point = rng.uniform(0.5, obstacles.cols - 0.5, 2)
        if not obstacles.point_hits(point, footprint):
            return tuple(point.tolist())


def assert_path_is_sound(plan, start, goal, radius, obstacles, footprint, goal_heading=None):
    """Clear of every blocked cell (exactly, segment by segment, and by dense sampling), turning
    no tighter than ``radius``, tangent-continuous (the heading never jumps, not even at a cusp),
    moving the way its gear says, exactly from the start to the goal."""
    path = plan.path
    assert plan.found and path is not None
    assert path.pose(0.0).tolist() == [start[0], start[1], wrapped(start[2])]  # exactly
    end = path.pose(path.length)
    assert end[:2].tolist() == list(goal)  # exactly
    if goal_heading is not None:
        assert abs(math.remainder(end[2] - goal_heading, 2 * math.pi)) <= 1e-15
    chained = path.table.ends()[-1]  # the segments themselves, driven from the start
    assert math.dist(chained[:2], goal) <= 1e-8 * radius
    assert all(segment.radius == radius for segment in path.segments if isinstance(segment, Arc))
    assert not obstacles.path_hits(path.segments, footprint)
    distances = np.linspace(0.0, path.length, max(2, int(path.length / 0.01)))
    assert obstacles.discs_clear(path.pose(distances)[:, :2], footprint).all()
    assert_moves_one_unit_per_unit_and_turns_no_tighter_than(path, radius)
    gears = path.gears or (1.0,) * len(path.segment_lengths)
    begins = np.cumsum((0.0,) + path.segment_lengths[:-1])
    for begin, part, gear in zip(begins, path.segment_lengths, gears):
        if part > 1e-4:
            middle, step = begin + part / 2, 1e-5
            motion = (path.pose(middle + step)[:2] - path.pose(middle - step)[:2]) / (2 * step)
            facing = path.pose(middle)[2]
            np.testing.assert_allclose(
                motion, gear * np.array([math.cos(facing), math.sin(facing)]), atol=1e-6
            )


@settings(max_examples=scaled(40), deadline=None)
@given(
    seed=st.integers(0, 10_000),
    reverse=st.booleans(),
    footprint=st.sampled_from([0.0, 0.3]),
    with_heading=st.booleans(),
)
def test_plans_on_random_maps_are_sound(seed, reverse, footprint, with_heading):
    obstacles, rng = random_map(seed)
    start = (*free_point(obstacles, rng, footprint), rng.uniform(-math.pi, math.pi))
    goal = free_point(obstacles, rng, footprint)
    heading = rng.uniform(-math.pi, math.pi) if with_heading else None
    plan = plan_path(
        start, goal, 2.5, obstacles=obstacles, reverse=reverse, footprint=footprint, heading=heading
    )
    assert plan.status in PlanStatus
    if plan.found:
        assert_path_is_sound(plan, start, goal, 2.5, obstacles, footprint, heading)
        if not reverse:
            assert plan.path.gears is None and plan.path.cusps == ()
    else:
        assert plan.path is None


@settings(max_examples=scaled(20), deadline=None)
@given(
    seed=st.integers(0, 10_000),
    origin=st.sampled_from([(-16.0, -16.0), (-0.1, 0.3), (1000.25, -317.5)]),
    reverse=st.booleans(),
    sharpness=st.sampled_from([None, 0.5]),
)
# A shot with an 8e-15 turn between two others at (0, 0) and none moved: the same way, another word.
@example(seed=200, origin=(1000.25, -317.5), reverse=False, sharpness=None)
def test_a_map_anywhere_plans_as_one_at_the_origin_moved_there(seed, origin, reverse, sharpness):
    """A map whose corner lies at ``origin`` (the turning mode's board, centred on (0, 0)): the
    same plan as on the map at (0, 0), moved (its poses to 1e-12 of the coordinates' size, a
    steered one's to its roots' 1e-9: a direct path is worked out from the moved start), sound,
    starting and ending exactly where asked; the poses it explored moved too."""
    here, rng = random_map(seed)
    there = ObstacleMap(here.cols, here.rows, here.cell_size, here.blocked, origin=origin)
    start = (*free_point(here, rng, 0.3), rng.uniform(-math.pi, math.pi))
    goal = free_point(here, rng, 0.3)
    ox, oy = origin
    options = {"obstacles": None, "reverse": reverse, "footprint": 0.3, "sharpness": sharpness}
    local = plan_path(start, goal, 2.5, **{**options, "obstacles": here})
    world_start, world_goal = (start[0] + ox, start[1] + oy, start[2]), (goal[0] + ox, goal[1] + oy)
    moved = plan_path(world_start, world_goal, 2.5, **{**options, "obstacles": there})
    assert moved.status is local.status and moved.expansions == local.expansions
    # Arcs agree to rounding; a steered plan's refitted words are roots closed in on to MISS (1e-9)
    # of the path's size, and a bit of rounding may move them within it.
    size = (1e-12 if sharpness is None else MISS) * max(here.cols * here.cell_size, abs(ox), abs(oy))
    np.testing.assert_allclose(moved.explored, local.explored + [ox, oy, 0.0], rtol=0, atol=1e-9)
    if local.found:
        assert moved.path.word == local.path.word
        distances = np.linspace(0.0, local.path.length, 50)
        np.testing.assert_allclose(
            moved.path.pose(distances), local.path.pose(distances) + [ox, oy, 0.0], rtol=0, atol=size
        )
        if sharpness is None:
            assert_path_is_sound(moved, world_start, world_goal, 2.5, there, 0.3)


def test_most_random_queries_are_found():
    found = 0
    for seed in range(20):
        obstacles, rng = random_map(seed)
        start = (*free_point(obstacles, rng, 0.0), rng.uniform(-math.pi, math.pi))
        plan = plan_path(start, free_point(obstacles, rng, 0.0), 2.5, obstacles=obstacles, reverse=True)
        found += plan.found
    assert found >= 16


def test_a_straight_corridor_is_driven_straight():
    obstacles = ObstacleMap(40, 9, 1.0)
    obstacles.block(
        [(col, row) for col in range(40) for row in (0, 1, 2, 6, 7, 8)]
    )  # a corridor 3 cells wide
    plan = plan_path((2.0, 4.5, 0.0), (37.0, 4.5), 3.0, obstacles=obstacles, heading=0.0)
    assert plan.found
    assert plan.path.length == pytest.approx(35.0, rel=1e-12)
    assert all(turn == 0 or length == 0.0 for turn, length in zip(plan.path.turns, plan.path.segment_lengths))


@pytest.mark.parametrize("reverse", [False, True])
def test_a_u_turn_around_a_wall_is_within_1_percent_of_the_optimum(reverse):
    # A wall one cell thick from the map's left edge to x = 25, along y in [9, 10]. The unit drives
    # east below it and must come back west above it, lanes a diameter apart. The shortest way turns
    # a half circle whose centre is as far left as the wall's corners allow: sqrt(r^2 - 1/4) short
    # of its end (touching them counts as a hit, so this is an infimum).
    radius, wall_end, lane_start = 3.0, 25.0, 5.0
    obstacles = ObstacleMap(40, 20, 1.0)
    obstacles.block([(col, 9) for col in range(25)])
    start, goal = (lane_start, 9.5 - radius, 0.0), (lane_start, 9.5 + radius)
    optimum = 2 * (wall_end - lane_start) - 2 * math.sqrt(radius**2 - 0.25) + math.pi * radius
    plan = plan_path(start, goal, radius, obstacles=obstacles, reverse=reverse, heading=math.pi)
    assert_path_is_sound(plan, start, goal, radius, obstacles, 0.0, math.pi)
    assert optimum - 1e-9 <= plan.path.length <= 1.01 * optimum


@pytest.mark.parametrize("stored", [True, False])
def test_on_a_large_map_the_u_turn_is_as_good_and_a_pocket_is_walled_off(stored, monkeypatch):
    """The U-turn's wall on a map of 200 x 200 cells, where the grid distances are worked out by
    waves as far as the search asks, and with the clearance raster stored whole or not: a path as
    sound and within 1 % of the optimum; a start or a goal closed in a ring of cells is WALLED_OFF
    before any search."""
    monkeypatch.setattr(code_raster, "STORED_SQUARES", 2**27 if stored else 0)
    code_raster._code_raster_of.cache_clear()
    radius, wall_end, lane_start = 3.0, 25.0, 5.0
    obstacles = ObstacleMap(200, 200, 1.0)
    assert obstacles.blocked.size > SWEPT_CELLS
    obstacles.block([(col, 99) for col in range(25)])
    start, goal = (lane_start, 99.5 - radius, 0.0), (lane_start, 99.5 + radius)
    optimum = 2 * (wall_end - lane_start) - 2 * math.sqrt(radius**2 - 0.25) + math.pi * radius
    plan = plan_path(start, goal, radius, obstacles=obstacles, heading=math.pi)
    assert_path_is_sound(plan, start, goal, radius, obstacles, 0.0, math.pi)
    assert optimum - 1e-9 <= plan.path.length <= 1.01 * optimum
    obstacles.block([(col, row) for col in range(150, 157) for row in range(150, 157)])
    obstacles.free([(col, row) for col in range(151, 156) for row in range(151, 156)])
    for start, goal in (((153.5, 153.5, 0.0), (20.0, 20.0)), ((20.0, 20.0, 0.0), (153.5, 153.5))):
        plan = plan_path(start, goal, 1.0, obstacles=obstacles)
        assert plan.status is PlanStatus.WALLED_OFF and plan.expansions == 0
    code_raster._code_raster_of.cache_clear()


def test_a_dead_end_is_left_backwards_only_when_reversing_is_allowed():
    # A corridor one cell wide, closed at its east end; the unit faces the end.
    obstacles = ObstacleMap(30, 11, 1.0)
    obstacles.block([(col, row) for col in range(12, 30) for row in range(11) if row != 5])
    start, goal = (27.5, 5.5, 0.0), (4.0, 5.5)
    forwards = plan_path(start, goal, 2.0, obstacles=obstacles)
    assert forwards.status is PlanStatus.UNREACHABLE
    assert forwards.path is None and forwards.expansions < 200  # three searches, in ever shorter steps
    backing = plan_path(start, goal, 2.0, obstacles=obstacles, reverse=True)
    assert_path_is_sound(backing, start, goal, 2.0, obstacles, 0.0)
    assert backing.path.gears[0] == -1.0


def test_a_closed_in_goal_is_given_up_early():
    # The dead end of a corridor one cell wide is the goal, facing out of it: driving forwards only,
    # the unit could not have got there. The search from the start has a large yard to comb.
    obstacles = ObstacleMap(60, 31, 1.0)
    obstacles.block([(col, row) for col in range(40, 60) for row in range(31) if row != 15])
    start, goal = (5.0, 15.5, 0.0), (57.5, 15.5)
    facing_out = plan_path(start, goal, 2.0, obstacles=obstacles, heading=math.pi)
    assert facing_out.status is PlanStatus.GAVE_UP
    assert facing_out.expansions == 2 * CLOSED_CHECK_AFTER
    facing_in = plan_path(start, goal, 2.0, obstacles=obstacles, heading=0.0)
    assert_path_is_sound(facing_in, start, goal, 2.0, obstacles, 0.0, 0.0)
    backed_in = plan_path(start, goal, 2.0, obstacles=obstacles, reverse=True, heading=math.pi)
    assert_path_is_sound(backed_in, start, goal, 2.0, obstacles, 0.0, math.pi)


def test_a_truck_backs_into_a_bay():
    # A bay 3 cells wide and 5 deep opening downwards onto a yard; the truck must end inside it
    # facing out (down), so it can only back in.
    obstacles = ObstacleMap(30, 20, 1.0)
    obstacles.block(
        [(col, row) for col in range(12, 19) for row in range(13, 20) if not (14 <= col <= 16 and row <= 17)]
    )
    start, goal = (4.0, 4.0, 0.0), (15.5, 16.0)
    plan = plan_path(start, goal, 3.0, obstacles=obstacles, reverse=True, footprint=0.4, heading=-math.pi / 2)
    assert_path_is_sound(plan, start, goal, 3.0, obstacles, 0.4, -math.pi / 2)
    assert plan.path.gears[-1] == -1.0 and len(plan.path.cusps) >= 1
    forwards = plan_path(
        start, goal, 3.0, obstacles=obstacles, footprint=0.4, heading=-math.pi / 2, max_expansions=800
    )
    assert not forwards.found


def test_a_walled_in_goal_is_unreachable_before_any_search():
    obstacles = ObstacleMap(30, 30, 1.0)
    ring = [
        (col, row) for col in range(18, 25) for row in range(18, 25) if col in (18, 24) or row in (18, 24)
    ]
    obstacles.block(ring)
    plan = plan_path((3.0, 3.0, 0.0), (21.5, 21.5), 2.0, obstacles=obstacles, reverse=True)
    assert plan.status is PlanStatus.WALLED_OFF
    assert plan.path is None and plan.expansions == 0 and plan.explored.shape == (0, 3)


def test_the_search_is_shown_as_the_poses_it_expanded():
    obstacles, rng = random_map(3)
    start = (*free_point(obstacles, rng, 0.0), 0.0)
    plan = plan_path(start, free_point(obstacles, rng, 0.0), 2.5, obstacles=obstacles, reverse=True)
    assert plan.explored.shape == (plan.expansions, 3)
    assert plan.explored[0].tolist() == list(start)
    assert obstacles.discs_clear(plan.explored[:, :2], 0.0).all()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"start": (10.5, 10.5, 0.0)}, "start"),  # in the blocked cell
        ({"goal": (10.2, 10.9)}, "goal"),
        ({"goal": (45.0, 3.0)}, "goal"),  # off the map
        ({"start": (-1.0, 3.0, 0.0)}, "start"),
        ({"goal": (9.9, 3.0), "footprint": 0.5}, "goal"),  # free cell, but the footprint touches the wall
        ({"radius": 0.0}, "radius"),
        ({"radius": -2.0}, "radius"),
        ({"footprint": -0.1}, "footprint"),
        ({"footprint": "wide"}, "footprint"),
        ({"footprint": math.inf}, "footprint"),
        ({"start": (3.0, "3", 0.0)}, "start"),
        ({"goal": None}, "goal"),
        ({"radius": 1 + 2j}, "radius"),
        ({"max_expansions": 0}, "max_expansions"),
        ({"max_expansions": 2.5}, "max_expansions"),
        ({"heading": math.nan}, "heading"),
        ({"obstacles": np.zeros((20, 20))}, "obstacles"),
    ],
)
def test_bad_input_is_refused_by_name(change, message):
    obstacles = ObstacleMap(20, 20, 1.0)
    obstacles.block([(10, row) for row in range(12)])
    arguments = {
        "start": (3.0, 3.0, 0.0),
        "goal": (15.0, 3.0),
        "radius": 2.0,
        "obstacles": obstacles,
    } | change
    with pytest.raises(ValueError, match=message):
        plan_path(**arguments)


@pytest.mark.parametrize("radius", [1e3, 1e6, 1e8, 1e20, 1e100])
def test_a_radius_far_larger_than_the_map_is_answered_at_once_and_truly(radius):
    """plan_path((3, 3, 0), (37, 20), 1e6, a 40 x 30 map) took 2.4 s and 770 MB, 1e8 raised
    MemoryError: the moves' samples grew with the radius. Moves that leave the map are not
    tried; past a million diagonals the unit drives straight or not at all. (37, 20) needs a
    turn of atan(17 / 34) = 0.46 rad, an arc of 0.46 r: off the map."""
    board = ObstacleMap(40, 30, 1.0)
    turning = plan_path((3, 3, 0), (37, 20), radius, obstacles=board)
    assert turning.status is PlanStatus.UNREACHABLE and turning.expansions <= 10
    ahead = plan_path((3, 3, 0), (37, 3), radius, obstacles=board)
    assert ahead.status is PlanStatus.FOUND and ahead.path.length == pytest.approx(34.0, abs=1e-9)
    behind = plan_path((37, 3, 0), (3, 3), radius, obstacles=board, reverse=True)
    assert behind.status is PlanStatus.FOUND and behind.path.length == pytest.approx(34.0, abs=1e-9)
    assert plan_path((37, 3, 0), (3, 3), radius, obstacles=board).status is PlanStatus.UNREACHABLE


@pytest.mark.parametrize("radius", [0.45, 0.46, 0.5, 0.6, 0.7])
def test_a_narrow_corridors_turn_is_found_at_every_radius_that_fits(radius):
    """On a 4 x 4 map whose row 0 and column 3 are free, 0.45 was found but 0.46 to 0.7 were
    UNREACHABLE: the moves of 1.5 cells stepped over the corner's turn, and the coarse search
    called that unreachable. A path made by hand, straight along row 0 to x = 3.5 - r, a quarter
    turn left, straight up column 3, is clear: the planner finds one no longer."""
    from trajectory.plane.turn_paths import path_from_turns

    blocked = np.ones((4, 4), dtype=bool)
    blocked[0, :] = blocked[:, 3] = False
    corridor = ObstacleMap(4, 4, 1.0, blocked)
    start, goal = (0.5, 0.5, 0.0), (3.5, 3.5)
    by_hand = path_from_turns(
        start, radius, (0.0, 1.0, 0.0), (3.0 - radius, math.pi / 2 * radius, 3.0 - radius), "SLS"
    )
    assert not corridor.path_hits(by_hand.segments)
    np.testing.assert_allclose(by_hand.pose(by_hand.length)[:2], goal, atol=1e-12)
    plan = plan_path(start, goal, radius, obstacles=corridor)
    assert_path_is_sound(plan, start, goal, radius, corridor, 0.0)
    assert plan.path.length <= by_hand.length + 1e-6


def maze(cells, seed):
    """A maze of ``cells`` x ``cells`` rooms one cell wide (a depth-first carving), walls one cell
    thick: a (2 cells + 1)-square map, every room joined to every other by one way."""
    rng = np.random.default_rng(seed)
    size = 2 * cells + 1
    blocked = np.ones((size, size), dtype=bool)
    seen = np.zeros((cells, cells), dtype=bool)
    stack, seen[0, 0], blocked[1, 1] = [(0, 0)], True, False
    while stack:
        col, row = stack[-1]
        free = [
            (col + dc, row + dr)
            for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1))
            if 0 <= col + dc < cells and 0 <= row + dr < cells and not seen[row + dr, col + dc]
        ]
        if not free:
            stack.pop()
            continue
        new_col, new_row = free[rng.integers(len(free))]
        seen[new_row, new_col] = True
        blocked[2 * new_row + 1, 2 * new_col + 1] = blocked[row + new_row + 1, col + new_col + 1] = False
        stack.append((new_col, new_row))
    return ObstacleMap(size, size, 1.0, blocked)


@pytest.mark.parametrize("radius", [0.2, 0.3, 0.45])
def test_a_maze_of_corridors_one_cell_wide_is_solved(radius):
    """A 41 x 41 maze was UNREACHABLE for every radius >= 0.2."""
    walls = maze(20, seed=1)
    start, goal = (1.5, 1.5, 0.0), (39.5, 39.5)
    assert_path_is_sound(plan_path(start, goal, radius, obstacles=walls), start, goal, radius, walls, 0.0)


def test_many_units_on_one_map_are_planned_as_each_alone():
    obstacles = ObstacleMap(20, 12, 1.0)
    obstacles.block([(10, row) for row in range(9)])
    starts, goals = (
        [(3.0, 2.0, 0.0), (3.0, 6.0, 1.0), (16.0, 2.0, 3.0)],
        [(17.0, 2.0), (17.0, 6.0), (4.0, 3.0)],
    )
    plans = plan_paths(starts, goals, 2.0, obstacles=obstacles, headings=[0.0, 0.5, -1.0], reverse=True)
    for plan, start, goal, heading in zip(plans, starts, goals, [0.0, 0.5, -1.0]):
        alone = plan_path(start, goal, 2.0, obstacles=obstacles, heading=heading, reverse=True)
        assert plan.status == alone.status == PlanStatus.FOUND
        assert (plan.path.word, plan.path.length) == (alone.path.word, alone.path.length)
    anywhere = plan_paths(starts, goals, [2.0, 1.5, 1.0], obstacles=obstacles)
    assert [plan.path.length for plan in anywhere] == [
        plan_path(s, g, r, obstacles=obstacles).path.length for s, g, r in zip(starts, goals, [2.0, 1.5, 1.0])
    ]
    with pytest.raises(ValueError, match="as many"):
        plan_paths(starts, goals[:2], 2.0, obstacles=obstacles)
    with pytest.raises(ValueError, match="as many"):
        plan_paths(starts, goals, 2.0, obstacles=obstacles, headings=[0.0])
