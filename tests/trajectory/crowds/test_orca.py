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


def swap(count, radius_of_circle, steps):
    """A circle swap stepped by RVO2, ours given RVO2's state at each step: the largest
    difference of the new velocities over the top speed, and whether every agent had RVO2's
    neighbours (as sets: RVO2 orders equally distant ones by its k-d tree, which a circle's
    symmetry makes common, ours by index; the program's answer does not depend on the order
    where the lines can all be met)."""
    simulator = pyrvo.RVOSimulator()
    simulator.set_time_step(STEP)
    simulator.set_agent_defaults(15.0, 10, 10.0, 10.0, 1.5, 2.0)
    angles = 2.0 * np.pi * np.arange(count) / count
    start = radius_of_circle * np.column_stack([np.cos(angles), np.sin(angles)])
    for point in start:
        simulator.add_agent((float(point[0]), float(point[1])))
    ours = Agents(start, **CIRCLE)
    worst, same_neighbours = 0.0, True
    for _ in range(steps):
        positions = _state(simulator, count, simulator.get_agent_position)
        preferred = -start - positions
        far = (preferred**2).sum(axis=1) > 1.0
        preferred[far] /= np.sqrt((preferred[far] ** 2).sum(axis=1))[:, None]
        for agent, (x, y) in enumerate(preferred):
            simulator.set_agent_pref_velocity(agent, (float(x), float(y)))
        ours.positions = positions
        ours.velocities = _state(simulator, count, simulator.get_agent_velocity)
        mine = ours.new_velocities(STEP, _state(simulator, count, simulator.get_agent_pref_velocity))
        neighbours = ours.neighbours()
        simulator.do_step()
        for agent in range(count):
            theirs = [
                simulator.get_agent_agent_neighbor(agent, k)
                for k in range(simulator.get_agent_num_agent_neighbors(agent))
            ]
            same_neighbours &= sorted(neighbours[agent][neighbours[agent] >= 0].tolist()) == sorted(theirs)
        theirs = _state(simulator, count, simulator.get_agent_velocity)
        worst = max(worst, float(np.abs(mine - theirs).max()) / CIRCLE["max_speed"])
    return worst, same_neighbours


@pytest.mark.parametrize(("count", "radius_of_circle", "steps"), [(2, 10.0, 100), (24, 30.0, 300)])
def test_a_circle_swap_steps_as_rvo2_does(count, radius_of_circle, steps):
    worst, same_neighbours = swap(count, radius_of_circle, steps)
    assert same_neighbours
    assert worst <= FLOAT32


def test_two_hundred_agents_swap_as_rvo2_does_but_at_contact():
    worst, same_neighbours = swap(200, 120.0, 150)
    assert same_neighbours
    assert worst <= AT_CONTACT


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
    past an agent's top; the same velocities, agent for agent, whatever order the agents are
    given in and wherever the crowd stands (to 1e-9 of the top speed); an agent with no neighbour
    takes its preferred velocity, cut to its top speed."""
    rng = np.random.default_rng(seed)
    positions = rng.uniform(-1.0, 1.0, (count, 2)) * spread * count
    radius, max_speed = rng.uniform(0.2, 1.0, count), rng.uniform(0.5, 3.0, count)
    velocities = rng.uniform(-1.0, 1.0, (count, 2)) * max_speed[:, None] / np.sqrt(2.0)
    preferred = rng.uniform(-4.0, 4.0, (count, 2))
    options = {"neighbour_distance": 6.0, "max_neighbours": 5, "time_horizon": 3.0}
    agents = Agents(positions, radius=radius, max_speed=max_speed, **options)
    agents.velocities = velocities
    new = agents.new_velocities(0.1, preferred)
    assert (np.hypot(*new.T) <= max_speed * (1.0 + 1e-9)).all()
    order = rng.permutation(count)
    shuffled = Agents(positions[order] + shift, radius=radius[order], max_speed=max_speed[order], **options)
    shuffled.velocities = velocities[order]
    np.testing.assert_allclose(
        shuffled.new_velocities(0.1, preferred[order]), new[order], rtol=0, atol=1e-9 * 3.0
    )
    alone = (agents.neighbours() < 0).all(axis=1)
    wished = preferred[alone] * np.minimum(1.0, max_speed[alone] / np.hypot(*preferred[alone].T))[:, None]
    np.testing.assert_allclose(new[alone], wished, rtol=0, atol=1e-12)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"radius": -1.0}, "radius must be a positive number"),
        ({"radius": [0.5, 0.5, 0.5]}, "one for each of the 2 agents"),
        ({"max_speed": np.nan}, "max_speed"),
        ({"max_neighbours": 2.5}, "max_neighbours must be a whole number"),
        ({"time_horizon": 0.0}, "time_horizon"),
        ({"neighbour_distance": np.inf}, "neighbour_distance"),
    ],
)
def test_bad_arguments_are_refused_by_name(arguments, message):
    with pytest.raises(ValueError, match=message):
        Agents([[0.0, 0.0], [1.0, 0.0]], **arguments)
    with pytest.raises(ValueError, match="one an agent"):
        Agents([[0.0, 0.0], [1.0, 0.0]]).step(0.25, [[1.0, 0.0]])
