"""Reciprocal collision avoidance against RVO2 itself (pyrvo, its Circle example's settings):
the same agents, velocities and preferred velocities give RVO2's neighbours and new velocities,
step after step of a circle swap; head-on agents swerve apart and never overlap; bad arguments
are refused by name."""

import numpy as np
import pyrvo
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trajectory.crowds import Agents
from trajectory.crowds.orca_obstacles import Edges, cell_outlines, obstacle_neighbours
from trajectory.planning import ObstacleMap

CIRCLE = {
    "neighbour_distance": 15.0,
    "max_neighbours": 10,
    "time_horizon": 10.0,
    "radius": 1.5,
    "max_speed": 2.0,
}
"""RVO2's Circle example: its agent defaults (the obstacle horizon 10 too), time step 0.25."""
STEP = 0.25
FLOAT32 = 1e-6
"""RVO2 computes in single precision: its velocities and ours (double) agree to about 2e-7 of
the top speed measured."""
AT_CONTACT = 1e-3
"""Where a pair stands at its combined radius to rounding, RVO2's float32 and our float64 take
the two sides of its "already touching" test: 1e-4 of the top speed measured (200 agents)."""


def _state(simulator, count, read):
    return np.array([[v.x, v.y] for v in (read(i) for i in range(count))])


def lockstep(starts, goals, steps, defaults, obstacles=(), nudge=0.0, seed=0):
    """RVO2 (pyrvo, time step 0.25, ``defaults`` as its ``setAgentDefaults`` takes them) stepping
    agents from ``starts`` to ``goals`` round ``obstacles``, and ours given RVO2's state at each
    step: per step, the agents' new velocities' differences over the top speed (n,), whether
    each stood at contact (within 1e-6 of the scene's size of its combined radius from an agent,
    or of its radius from an edge, where single precision and double take RVO2's collision cases
    differently), and whether every agent had RVO2's neighbours and obstacle edges (as sets;
    the nearest neighbours may differ only among those tied for the last place, which RVO2 takes
    in the order of its k-d tree and ours in the order its grid finds them). Preferred
    velocities are RVO2's examples': towards the goal, at most 1, ``nudge`` at most added in a
    random direction."""
    distance, most, horizon, obstacle_horizon, radius, speed = defaults
    simulator = pyrvo.RVOSimulator()
    simulator.set_time_step(STEP)
    simulator.set_agent_defaults(*defaults)
    for x, y in starts:
        simulator.add_agent((float(x), float(y)))
    for polygon in obstacles:
        simulator.add_obstacle([tuple(map(float, vertex)) for vertex in polygon])
    simulator.process_obstacles()
    count, goals = len(starts), np.asarray(goals, dtype=float)
    ours = Agents(
        np.asarray(starts, dtype=float),
        radius=radius,
        max_speed=speed,
        neighbour_distance=distance,
        max_neighbours=most,
        time_horizon=horizon,
        obstacle_time_horizon=obstacle_horizon,
        obstacles=obstacles,
    )
    edges, rng, scale = ours.edges, np.random.default_rng(seed), 1.0 + np.abs(goals).max()
    errors, contacts, same = [], [], True
    for _ in range(steps):
        positions = _state(simulator, count, simulator.get_agent_position)
        wanted = goals - positions
        far = (wanted**2).sum(axis=1) > 1.0
        wanted[far] /= np.sqrt((wanted[far] ** 2).sum(axis=1))[:, None]
        angles = rng.uniform(0.0, 2.0 * np.pi, count)
        wanted += (
            nudge * rng.uniform(0.0, 1.0, count)[:, None] * np.column_stack([np.cos(angles), np.sin(angles)])
        )
        for agent, (x, y) in enumerate(wanted):
            simulator.set_agent_pref_velocity(agent, (float(x), float(y)))
        ours.positions = positions
        ours.velocities = _state(simulator, count, simulator.get_agent_velocity)
        mine = ours.new_velocities(STEP, _state(simulator, count, simulator.get_agent_pref_velocity))
        neighbours = ours.neighbours()
        walls = obstacle_neighbours(edges, positions, obstacle_horizon * speed + radius + np.zeros(count))
        gaps = np.hypot(*(positions[:, None] - positions[None]).transpose(2, 0, 1))
        np.fill_diagonal(gaps, np.inf)
        touching = np.abs(gaps - 2.0 * radius).min(axis=1) <= 1e-6 * scale
        if len(edges):
            start, along = edges.points, edges.points[edges.next] - edges.points
            share = ((positions[:, None] - start) * along).sum(axis=2) / (along**2).sum(axis=1)
            nearest = start + np.clip(share, 0.0, 1.0)[..., None] * along
            touching |= (
                np.abs(np.hypot(*(positions[:, None] - nearest).transpose(2, 0, 1)) - radius).min(axis=1)
                <= 1e-6 * scale
            )
        simulator.do_step()
        for agent in range(count):
            theirs = [
                simulator.get_agent_agent_neighbor(agent, k)
                for k in range(simulator.get_agent_num_agent_neighbors(agent))
            ]
            nearest = neighbours[agent][neighbours[agent] >= 0]
            differ = np.setxor1d(nearest, theirs).astype(int)
            if len(differ):  # only where the last place is tied (a grid's rows): RVO2 takes by its tree
                last = gaps[agent, nearest].max()
                same &= bool((np.abs(gaps[agent, differ] - last) <= 1e-6 * last).all())
            theirs = [
                simulator.get_agent_obstacle_neighbor(agent, k)
                for k in range(simulator.get_agent_num_obstacle_neighbors(agent))
            ]
            same &= sorted(walls[agent][walls[agent] >= 0].tolist()) == sorted(theirs)
        errors.append(
            np.abs(mine - _state(simulator, count, simulator.get_agent_velocity)).max(axis=1) / speed
        )
        contacts.append(touching)
    return np.array(errors), np.array(contacts), same


def swap(count, radius_of_circle, steps):
    """RVO2's Circle example (no nudge): the largest velocity difference over the top speed,
    and whether every agent had RVO2's neighbours (as sets: a circle's symmetry makes equally
    distant neighbours common, which RVO2 orders by its k-d tree and ours by its grid; the
    program's answer does not depend on the order where the lines can all be met)."""
    angles = 2.0 * np.pi * np.arange(count) / count
    starts = radius_of_circle * np.column_stack([np.cos(angles), np.sin(angles)])
    errors, _, same = lockstep(starts, -starts, steps, (15.0, 10, 10.0, 10.0, 1.5, 2.0))
    return float(errors.max()), same


@pytest.mark.parametrize(("count", "radius_of_circle", "steps"), [(2, 10.0, 100), (24, 30.0, 300)])
def test_a_circle_swap_steps_as_rvo2_does(count, radius_of_circle, steps):
    worst, same_neighbours = swap(count, radius_of_circle, steps)
    assert same_neighbours
    assert worst <= FLOAT32


def test_two_hundred_agents_swap_as_rvo2_does_but_at_contact():
    worst, same_neighbours = swap(200, 120.0, 150)
    assert same_neighbours
    assert worst <= AT_CONTACT


BLOCKS = [
    [(-10.0, 40.0), (-40.0, 40.0), (-40.0, 10.0), (-10.0, 10.0)],
    [(10.0, 40.0), (10.0, 10.0), (40.0, 10.0), (40.0, 40.0)],
    [(10.0, -40.0), (40.0, -40.0), (40.0, -10.0), (10.0, -10.0)],
    [(-10.0, -40.0), (-10.0, -10.0), (-40.0, -10.0), (-40.0, -40.0)],
]
"""RVO2's Blocks example: four squares, 100 agents in four groups crossing between them."""
CROSSED = [
    [(-30.0, -30.0), (30.0, 30.0)],
    [(10.0, -20.0), (20.0, -20.0), (20.0, -10.0), (10.0, -10.0)],
    [(-25.0, 5.0), (-15.0, 5.0), (-15.0, 15.0), (-25.0, 15.0)],
    [(35.0, 38.0), (45.0, 38.0), (45.0, 48.0), (35.0, 48.0)],
]
"""A wall whose line crosses three squares' edges: RVO2's obstacle tree splits them there."""
WALLS = [
    [(-2.0, 3.0), (2.0, 3.0), (2.0, 40.0), (-2.0, 40.0)],
    [(-2.0, -40.0), (2.0, -40.0), (2.0, -3.0), (-2.0, -3.0)],
]
"""A bottleneck: two walls 6 apart."""


def blocks_example():
    starts, goals = [], []
    for i in range(5):
        for j in range(5):
            starts += [
                (55.0 + 10 * i, 55.0 + 10 * j),
                (-55.0 - 10 * i, 55.0 + 10 * j),
                (55.0 + 10 * i, -55.0 - 10 * j),
                (-55.0 - 10 * i, -55.0 - 10 * j),
            ]
            goals += [(-75.0, -75.0), (75.0, -75.0), (-75.0, 75.0), (75.0, 75.0)]
    return starts, goals


@pytest.mark.parametrize(
    ("scene", "steps"),
    [
        ("blocks", 600),
        ("crossed", 500),
        ("bottleneck", 500),
    ],
)
def test_among_obstacles_agents_step_as_rvo2_does_but_at_contact(scene, steps):
    """RVO2's Blocks example (its nudge of 1e-4), a wall crossing squares (edges split), a
    bottleneck: every agent's velocity within 1e-4 of the top speed of RVO2's, but where it
    stands at contact with an agent or an edge (to single precision): there RVO2's "already
    colliding" cases and ours part (up to 0.42 of the top speed measured, against a wall), in
    at most 1 % of the agent-steps (0.1-0.2 % measured; ORCA keeps 6-19 % at contact)."""
    if scene == "blocks":
        starts, goals = blocks_example()
        setup = {"defaults": (15.0, 10, 5.0, 5.0, 2.0, 2.0), "obstacles": BLOCKS}
    else:
        rows = [(-40.0 + 4.0 * i, 30.0 - 4.0 * j) for i in range(5) for j in range(5)]
        starts = (
            rows
            if scene == "crossed"
            else [(-30.0 - 4.0 * i, -16.0 + 4.0 * j) for i in range(5) for j in range(9)]
        )
        goals = [(40.0, -40.0) if scene == "crossed" else (40.0, 0.0)] * len(starts)
        setup = {
            "defaults": (15.0, 10, 5.0, 5.0, 1.0, 2.0),
            "obstacles": CROSSED if scene == "crossed" else WALLS,
        }
    errors, contacts, same = lockstep(starts, goals, steps, nudge=1e-4, **setup)
    assert same
    assert errors[~contacts].max() <= 1e-4
    assert (errors > 1e-4).mean() <= 0.01


def test_the_edges_are_rvo2s_with_its_splits():
    simulator = pyrvo.RVOSimulator()
    for polygon in CROSSED:
        simulator.add_obstacle(list(polygon))
    simulator.process_obstacles()
    edges = Edges(CROSSED)
    theirs = range(simulator.get_num_obstacle_vertices())
    assert len(edges) == len(theirs) == 17  # 14 vertices and 3 splits
    np.testing.assert_allclose(
        edges.points,
        [[simulator.get_obstacle_vertex(v).x, simulator.get_obstacle_vertex(v).y] for v in theirs],
        atol=1e-5,
    )
    assert edges.next.tolist() == [simulator.get_next_obstacle_vertex(v) for v in theirs]
    assert edges.previous.tolist() == [simulator.get_prev_obstacle_vertex(v) for v in theirs]


def head_on(turn):
    """Two agents 10 apart heading for each other's place, their preferred velocities turned by
    ``turn`` (radians), 80 steps: where they end, and their closest approach."""
    agents = Agents([[-5.0, 0.0], [5.0, 0.0]], radius=0.5, max_speed=1.0, time_horizon=5.0)
    goals, closest = np.array([[5.0, 0.0], [-5.0, 0.0]]), np.inf
    rotation = np.array([[np.cos(turn), -np.sin(turn)], [np.sin(turn), np.cos(turn)]])
    for _ in range(80):
        wanted = goals - agents.positions
        wanted /= np.maximum(np.hypot(*wanted.T), 1.0)[:, None]
        agents.step(0.25, wanted @ rotation.T)
        closest = min(closest, float(np.hypot(*(agents.positions[1] - agents.positions[0]))))
    return agents.positions, closest


def test_head_on_agents_jam_as_rvo2_does_and_pass_once_nudged():
    """Exactly head on, RVO2's agents slow to a stop short of each other (its examples nudge
    the preferred velocities to break such symmetry): ours stop where RVO2's do."""
    simulator = pyrvo.RVOSimulator()
    simulator.set_time_step(0.25)
    simulator.set_agent_defaults(15.0, 10, 5.0, 5.0, 0.5, 1.0)
    for x in (-5.0, 5.0):
        simulator.add_agent((x, 0.0))
    goals = np.array([[5.0, 0.0], [-5.0, 0.0]])
    for _ in range(80):
        wanted = goals - _state(simulator, 2, simulator.get_agent_position)
        wanted /= np.maximum(np.hypot(*wanted.T), 1.0)[:, None]
        for agent, (x, y) in enumerate(wanted):
            simulator.set_agent_pref_velocity(agent, (float(x), float(y)))
        simulator.do_step()
    jammed, _ = head_on(0.0)
    np.testing.assert_allclose(jammed, _state(simulator, 2, simulator.get_agent_position), rtol=0, atol=1e-6)
    assert jammed[1, 0] - jammed[0, 0] > 1.0  # short of each other
    passed, closest = head_on(1e-3)
    assert passed[0, 0] > 4.0 and passed[1, 0] < -4.0
    assert closest >= 1.0 - 1e-9  # two radii: never overlapping


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 60), st.integers(0, 10**6), st.floats(0.05, 3.0), st.floats(-1e4, 1e4))
def test_a_crowds_new_velocities_keep_to_the_top_speed_and_do_not_depend_on_order_or_place(
    count, seed, spread, shift
):
    """Any crowd (random discs, some overlapping, random velocities and wishes): no new speed
    past an agent's top (to 1e-6 of it); the same velocities, agent for agent, whatever order the
    agents are given in and wherever the crowd stands (to 1e-6 of the top speed); an agent with
    no neighbour takes its preferred velocity, cut to its top speed. The rounding allowed is the
    linear programs': where the 3D program projects two nearly parallel lines, its line's point
    lies far off (the lines' directions' cross product down to RVO2's 1e-5), and the speed
    circle's crossing with it loses digits to cancellation: 1.6e-7 and 2.1e-7 measured over
    3,000 random crowds."""
    rng = np.random.default_rng(seed)
    positions = rng.uniform(-1.0, 1.0, (count, 2)) * spread * count
    radius, max_speed = rng.uniform(0.2, 1.0, count), rng.uniform(0.5, 3.0, count)
    velocities = rng.uniform(-1.0, 1.0, (count, 2)) * max_speed[:, None] / np.sqrt(2.0)
    preferred = rng.uniform(-4.0, 4.0, (count, 2))
    options = {"neighbour_distance": 6.0, "max_neighbours": 5, "time_horizon": 3.0}
    agents = Agents(positions, radius=radius, max_speed=max_speed, **options)
    agents.velocities = velocities
    new = agents.new_velocities(0.1, preferred)
    assert (np.hypot(*new.T) <= max_speed * (1.0 + 1e-6)).all()
    order = rng.permutation(count)
    shuffled = Agents(positions[order] + shift, radius=radius[order], max_speed=max_speed[order], **options)
    shuffled.velocities = velocities[order]
    np.testing.assert_allclose(
        shuffled.new_velocities(0.1, preferred[order]), new[order], rtol=0, atol=1e-6 * 3.0
    )
    alone = (agents.neighbours() < 0).all(axis=1)
    wished = preferred[alone] * np.minimum(1.0, max_speed[alone] / np.hypot(*preferred[alone].T))[:, None]
    np.testing.assert_allclose(new[alone], wished, rtol=0, atol=1e-12)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"radius": -1.0}, "radius must be a positive number"),
        ({"radius": [0.5, 0.5, 0.5]}, r"one or one each \(2\)"),
        ({"max_speed": np.nan}, "max_speed"),
        ({"max_neighbours": 2.5}, "max_neighbours must be a whole number"),
        ({"time_horizon": 0.0}, "time_horizon"),
        ({"neighbour_distance": np.inf}, "neighbour_distance"),
        ({"obstacles": [[(0.0, 5.0)]]}, "obstacle 0"),
        (
            {"obstacles": [[(0.0, 5.0), (1.0, 5.0)], [(0.0, 5.0), (1.0, 5.0), (1.0, 5.0)]]},
            "obstacle 1 has two equal",
        ),
        ({"obstacles": [[(0.0, 5.0), (np.nan, 5.0)]]}, "obstacle 0"),
        ({"obstacle_time_horizon": -1.0}, "obstacle_time_horizon"),
    ],
)
def test_bad_arguments_are_refused_by_name(arguments, message):
    with pytest.raises(ValueError, match=message):
        Agents([[0.0, 0.0], [1.0, 0.0]], **arguments)
    with pytest.raises(ValueError, match="one an agent"):
        Agents([[0.0, 0.0], [1.0, 0.0]]).step(0.25, [[1.0, 0.0]])


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 9), st.integers(1, 9), st.integers(0, 10**6), st.floats(0.1, 0.7), st.floats(0.5, 3.0))
def test_a_maps_outlines_keep_its_free_cells_on_their_right_and_its_blocked_on_their_left(
    cols, rows, seed, share, size
):
    """Random maps (the space beyond the edge blocked): every outline edge runs along cell sides
    with a free cell on its right and a blocked one (or the outside) on its left, no two edges
    in a row run straight on, and together they are every side between a free cell and a blocked
    one or the edge, once."""
    blocked = np.random.default_rng(seed).uniform(size=(rows, cols)) < share
    grid = ObstacleMap(cols, rows, size, blocked=blocked, origin=(-3.0, 7.0))
    padded = np.pad(blocked, 1, constant_values=True)
    sides = int((padded[1:, :] != padded[:-1, :]).sum()) + int((padded[:, 1:] != padded[:, :-1]).sum())
    length = 0.0
    for polygon in cell_outlines(grid):
        ends = np.roll(polygon, -1, axis=0)
        steps = ends - polygon
        assert ((steps == 0.0).sum(axis=1) == 1).all()  # along one axis each
        after = np.roll(steps, -1, axis=0)
        assert (
            steps[:, 0] * after[:, 1] - steps[:, 1] * after[:, 0] != 0.0
        ).all()  # a corner at every vertex
        length += np.abs(steps).sum()
        unit = steps / np.abs(steps).sum(axis=1)[:, None]
        middle = (polygon + ends) / 2.0
        for side, want_free in (
            (np.column_stack([unit[:, 1], -unit[:, 0]]), True),
            (np.column_stack([-unit[:, 1], unit[:, 0]]), False),
        ):
            probe = (middle + side * size * 0.25 - np.array([-3.0, 7.0])) / size
            cells = np.floor(probe).astype(int) + 1  # in the padded map
            assert (~padded[cells[:, 1], cells[:, 0]] == want_free).all()
    assert length == pytest.approx(sides * size)  # each side between free and blocked, once


def test_agents_on_a_map_keep_out_of_its_blocked_cells_and_inside_its_edge():
    """Forty agents crossing a 30 x 20 map past a row of towers, 400 steps: no centre ever nearer
    a blocked cell or the map's edge than its radius (to 1e-9)."""
    blocked = np.zeros((20, 30), dtype=bool)
    blocked[8:12, 6:8] = blocked[3:6, 14:16] = blocked[13:17, 20:23] = True
    grid = ObstacleMap(30, 20, 1.0, blocked=blocked)
    rng = np.random.default_rng(3)
    starts = np.column_stack([rng.uniform(1.0, 4.0, 40), rng.uniform(1.0, 19.0, 40)])
    goals = np.column_stack([np.full(40, 28.0), rng.uniform(1.0, 19.0, 40)])
    agents = Agents(
        starts,
        radius=0.3,
        max_speed=1.0,
        neighbour_distance=4.0,
        max_neighbours=6,
        time_horizon=2.0,
        obstacle_time_horizon=2.0,
        obstacles=grid,
    )
    cells = np.argwhere(blocked)[:, ::-1] + 0.5  # centres (x, y)
    closest = np.inf
    for _ in range(400):
        wanted = goals - agents.positions
        wanted /= np.maximum(np.hypot(*wanted.T), 1.0)[:, None]
        agents.step(0.1, wanted)
        gap = np.abs(agents.positions[:, None] - cells[None]) - 0.5  # per axis, from each cell's sides
        to_cells = np.hypot(*np.maximum(gap, 0.0).transpose(2, 0, 1)).min()
        to_edge = np.minimum(agents.positions, np.array([30.0, 20.0]) - agents.positions).min()
        closest = min(closest, to_cells, to_edge)
    assert closest >= 0.3 - 1e-9
    assert (
        agents.positions[:, 0] > 20.0
    ).mean() >= 0.85  # RVO2 plans no paths: one behind a tower may stay (36 of 40 passed)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 80), st.floats(0.2, 30.0))
def test_each_agents_obstacle_edges_are_those_it_sees_within_its_reach_nearest_first(seed, count, reach):
    """Agents among random maps' outlines (long and short edges) and random reaches: the edges
    found through the grid are those measured one by one: on their outer side, nearer than the
    reach, nearest first (edges meeting at the corner nearest an agent are equally near: their
    order is to rounding)."""
    rng = np.random.default_rng(seed)
    grid = ObstacleMap(12, 9, 2.5, blocked=rng.uniform(size=(9, 12)) < 0.3, origin=(-10.0, 4.0))
    edges = Edges(grid)
    positions = rng.uniform((-12.0, 2.0), (22.0, 28.0), (count, 2))
    reaches = rng.uniform(0.1, 1.0, count) * reach
    found = obstacle_neighbours(edges, positions, reaches)
    start, end = edges.points, edges.points[edges.next]
    for agent, position in enumerate(positions):
        along = end - start
        share = np.clip(((position - start) * along).sum(axis=1) / (along**2).sum(axis=1), 0.0, 1.0)
        distance = np.hypot(*(position - start - share[:, None] * along).T)
        outer = (start[:, 0] - position[0]) * along[:, 1] - (start[:, 1] - position[1]) * along[:, 0] < 0.0
        seen = np.flatnonzero(outer & (distance < reaches[agent]))
        ours = found[agent][found[agent] >= 0]
        assert sorted(ours.tolist()) == seen.tolist()
        assert (np.diff(distance[ours]) >= -1e-12 * reach).all()  # ties (a shared corner) to rounding
