"""Crowds that avoid beyond RVO2 (with the right-hand rule turned off, ``Avoidance`` is RVO2's
step: ``Agents``, tested against RVO2 itself in ``test_orca``): every member of the jams RVO2
never unwinds arrives (the 24-agent circle swap, two crossing streams, a bottleneck between two
walls), and after every tick no two discs overlap by more
than 1 % of the smaller radius, nor reach into an obstacle by more than 1 % of their own."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trajectory.crowds import Agents, Avoidance, Crowd, Others
from trajectory.crowds.neighbours import close_pairs
from trajectory.planning import ObstacleMap

# RVO2's Circle example: time step 0.25, radius 1.5, top speed 2, neighbours within 15, ten of
# them, both horizons 10.
CIRCLE = {"radius": 1.5, "neighbour_distance": 15.0, "max_neighbours": 10}
TICK, SPEED = 0.25, 2.0


def circle_swap(count, circle_radius):
    angles = 2.0 * np.pi * np.arange(count) / count
    starts = circle_radius * np.column_stack([np.cos(angles), np.sin(angles)])
    return starts, -starts


def overlaps(positions, radii):
    """The worst overlap of any two discs, as a share of the smaller radius (0 when none)."""
    first, second = close_pairs(positions, 2.0 * float(radii.max()))
    if not len(first):
        return 0.0
    overlap = radii[first] + radii[second] - np.hypot(*(positions[first] - positions[second]).T)
    return max(0.0, float((overlap / np.minimum(radii[first], radii[second])).max()))


def wall_depth(edges, positions, radii):
    """The deepest any disc reaches past an edge from its outer side, as a share of its radius."""
    start, along = edges.points, edges.points[edges.next] - edges.points
    offset = positions[:, None] - start[None]
    share = np.clip((offset * along).sum(axis=2) / (along**2).sum(axis=1), 0.0, 1.0)
    distance = np.hypot(*(offset - share[..., None] * along).transpose(2, 0, 1))
    outer = offset[..., 0] * along[:, 1] - offset[..., 1] * along[:, 0] > 0.0
    depth = np.where(outer, radii[:, None] - distance, 0.0) / radii[:, None]
    return max(0.0, float(depth.max())) if depth.size else 0.0


def walk(crowd, ticks, edges=None):
    """Run ``crowd`` tick by tick until all have reached their goals or ``ticks`` ran; the worst
    overlap and wall depth seen after any tick, and the ticks run."""
    worst = depth = 0.0
    for number in range(ticks):
        crowd.step(crowd.clock.tick)
        worst = max(worst, overlaps(crowd.positions, crowd.radii))
        if edges is not None:
            depth = max(depth, wall_depth(edges, crowd.positions, crowd.radii))
        if crowd.reached.all():
            return worst, depth, number + 1
    return worst, depth, ticks


def test_the_24_agent_circle_swap_rvo2_jams_for_good_every_member_crosses():
    starts, goals = circle_swap(24, 30.0)
    agents = Agents(starts, max_speed=SPEED, **CIRCLE)
    for _ in range(600):  # RVO2: all jammed in a ring round the centre, none gets past it
        gap = goals - agents.positions
        distance = np.hypot(*gap.T)[:, None]
        agents.step(TICK, gap / np.maximum(distance, 1.0) * np.minimum(distance, SPEED))
    assert np.hypot(*agents.positions.T).max() < 15.0
    crowd = Crowd(Avoidance(**CIRCLE), tick=TICK)
    crowd.spawn(starts, goals, SPEED)
    worst, _, ticks = walk(crowd, 600)
    assert crowd.reached.all() and ticks < 600
    assert worst <= 0.01 + 1e-9


def test_two_crossing_streams_and_a_200_agent_swap_all_arrive_without_overlapping():
    columns, rows = np.meshgrid(np.arange(5), np.arange(10))
    across = np.column_stack([-60.0 - 4.0 * columns.ravel(), -18.0 + 4.0 * rows.ravel()])
    up = across[:, ::-1]
    crowd = Crowd(Avoidance(**CIRCLE), tick=TICK)
    crowd.spawn(np.concatenate([across, up]), np.concatenate([across * [-1, 1], up * [1, -1]]), SPEED)
    worst, _, _ = walk(crowd, 3000)
    assert crowd.reached.all() and worst <= 0.01 + 1e-9
    crowd = Crowd(Avoidance(**CIRCLE), tick=TICK)
    crowd.spawn(*circle_swap(200, 120.0), SPEED)
    worst, _, _ = walk(crowd, 3000)
    assert crowd.reached.all() and worst <= 0.01 + 1e-9


def test_a_crowd_through_a_bottleneck_between_two_walls_all_arrives_and_none_enters_a_wall():
    walls = [
        np.array([[-2.0, 3.0], [2.0, 3.0], [2.0, 60.0], [-2.0, 60.0]]),
        np.array([[-2.0, -60.0], [2.0, -60.0], [2.0, -3.0], [-2.0, -3.0]]),
    ]
    rng = np.random.default_rng(1)
    starts = np.column_stack([rng.uniform(-40.0, -10.0, 60), rng.uniform(-20.0, 20.0, 60)])
    avoidance = Avoidance(obstacles=walls, **CIRCLE)
    crowd = Crowd(avoidance, tick=TICK)
    crowd.spawn(starts, starts * [-1, 1], SPEED)
    finals = crowd.goals.copy()
    worst = depth = 0.0
    for _ in range(4000):  # the user's own steering: through the gap's far side, then home
        before_gap = crowd.positions[:, 0] < 3.0
        crowd.goals = np.where(before_gap[:, None], [3.0, 0.0], finals)
        crowd.reached &= ~before_gap  # the gap is a waypoint, not the goal
        crowd.step(TICK)
        worst = max(worst, overlaps(crowd.positions, crowd.radii))
        depth = max(depth, wall_depth(avoidance.edges, crowd.positions, crowd.radii))
        if crowd.reached.all():
            break
    assert crowd.reached.all()
    assert worst <= 0.01 + 1e-9 and depth <= 0.01 + 1e-9


@settings(max_examples=25, deadline=None)
@given(
    st.integers(1, 120),
    st.integers(0, 2**32 - 1),
    st.floats(0.05, 0.4),
    st.sampled_from([1.0 / 60.0, 0.1, 0.25]),
    st.booleans(),
)
def test_no_two_members_overlap_nor_enter_a_tower_after_any_tick(count, seed, density, tick, walled):
    """Random crowds (radii 0.2 to 1, speeds 0.5 to 3) with random goals, in the open or on a
    map with random towers: the spawn's overlaps are parted by the first tick, and after every
    tick none is left."""
    rng = np.random.default_rng(seed)
    radii, speeds = rng.uniform(0.2, 1.0, count), rng.uniform(0.5, 3.0, count)
    side = float(np.sqrt(np.pi * (radii**2).sum() / density)) + 4.0
    obstacles, edges = (), None
    cells = max(3, int(side // 2))
    if walled:
        blocked = rng.random((cells, cells)) < 0.1
        obstacles = ObstacleMap(cells, cells, side / cells, blocked=blocked)
    avoidance = Avoidance(0.5, obstacles=obstacles)
    edges = avoidance.edges if walled else None
    starts = rng.uniform(0.0, side, (4 * count, 2))
    if walled:
        free = ~obstacles.is_blocked(obstacles.cells(starts))
        starts = starts[free]
    starts = starts[:count]
    crowd = Crowd(avoidance, tick=tick)
    crowd.spawn(starts, rng.uniform(0.0, side, (len(starts), 2)), speeds[: len(starts)], radii[: len(starts)])
    for _ in range(40):
        crowd.step(tick)
        assert overlaps(crowd.positions, crowd.radii) <= 0.01 + 1e-9
        if walled:
            assert wall_depth(edges, crowd.positions, crowd.radii) <= 0.01 + 1e-9


def test_a_maps_towers_are_read_again_when_placed():
    grid = ObstacleMap(6, 6, 1.0)
    avoidance = Avoidance(obstacles=grid)
    outline = len(avoidance.edges)
    grid.block((3, 3))
    assert len(avoidance.edges) == outline + 4  # the tower's four sides


def test_bad_settings_and_spawns_are_refused_by_name():
    for arguments, named in (
        ({"radius": 0.0}, "radius"),
        ({"max_neighbours": 2.5}, "max_neighbours"),
        ({"time_horizon": -1.0}, "time_horizon"),
        ({"right_hand_turn": 2.0}, "right_hand_turn"),
        ({"obstacles": [[[0.0, 0.0], [0.0, 0.0]]]}, "obstacle 0"),
    ):
        with pytest.raises(ValueError, match=named):
            Avoidance(**arguments)
    with pytest.raises(ValueError, match="avoidance must be None or an Avoidance"):
        Crowd(avoidance=3)
    crowd = Crowd()
    with pytest.raises(ValueError, match="goals"):
        crowd.spawn([[0.0, 0.0]], [[1.0, 1.0], [2.0, 2.0]], 1.0)
    with pytest.raises(ValueError, match="radius"):
        crowd.spawn([[0.0, 0.0]], [[1.0, 1.0]], 1.0, radius=-1.0)
    with pytest.raises(ValueError, match="speed"):
        crowd.spawn([[0.0, 0.0]], [[1.0, 1.0]], 0.0)
    with pytest.raises(ValueError, match="taken by spawn's own argument"):
        Crowd(data="radius")
    assert len(crowd) == 0


def test_a_vehicle_driving_through_a_standing_crowd_never_touches_anyone():
    """Forty people standing in a block, a vehicle (an ``Others``: it does not avoid) driving
    straight through it at 3 units a second: after every step none overlaps the vehicle, nor
    each other, by more than 1 % of the smaller radius (RVO2's agents would take half the
    responsibility and be run over), and the vehicle's way is clear where it has passed."""
    columns, rows = np.meshgrid(np.arange(8), np.arange(5))
    places = np.column_stack([columns.ravel() * 1.5, rows.ravel() * 1.5 - 3.0])
    crowd = Crowd(Avoidance(0.5, 6.0, 10, 2.0), tick=1.0 / 30.0)
    crowd.spawn(places, places, 1.5)
    vehicle, velocity, size = np.array([-10.0, 0.0]), np.array([3.0, 0.0]), 1.5
    radii = np.append(crowd.radii, size)
    for _ in range(300):  # 10 s: the vehicle from x = -10 to 20
        crowd.others = Others([vehicle], [velocity], size)
        crowd.step(1.0 / 30.0)
        vehicle = vehicle + velocity / 30.0
        assert overlaps(np.vstack([crowd.positions, vehicle]), radii) <= 0.01 + 1e-9
    with pytest.raises(ValueError, match="others must be None or an Others"):
        crowd.others = [vehicle]
        crowd.step(1.0 / 30.0)


def test_members_spawned_on_one_spot_part_and_never_become_nan():
    """Five on one point at the same (zero) velocity: RVO2's half-plane is NaN there; ours part
    them (the first listed one way, the other the other), and the push apart finishes it."""
    crowd = Crowd(Avoidance(0.5), tick=0.05)
    crowd.spawn(np.zeros((5, 2)), np.full((5, 2), 10.0), 1.0)
    for _ in range(3):
        crowd.step(0.05)
        assert np.isfinite(crowd.positions).all() and np.isfinite(crowd.velocities).all()
        assert overlaps(crowd.positions, crowd.radii) <= 0.01 + 1e-9


@pytest.mark.parametrize("scale", [1e-3, 1e3])
def test_avoidance_scales_with_the_crowd(scale):
    """Everything of length scaled by ``scale`` (places, radii, speeds, walls, distances):
    the velocities scale by it too, to rounding (the horizons, in seconds, stay)."""
    rng = np.random.default_rng(8)
    positions, radii = rng.uniform(0.0, 12.0, (40, 2)), rng.uniform(0.3, 0.6, 40)
    velocities, wanted = rng.uniform(-1.0, 1.0, (40, 2)), rng.uniform(-2.0, 2.0, (40, 2))
    speeds = rng.uniform(1.0, 2.0, 40)
    wall = np.array([[4.0, 4.0], [6.0, 4.0], [6.0, 6.0], [4.0, 6.0]])
    avoidance = Avoidance(0.5, 5.0, 8, 2.0, 1.0, [wall])
    plain = avoidance.velocities(positions, velocities, wanted, radii, speeds, 0.1)
    scaled = Avoidance(0.5 * scale, 5.0 * scale, 8, 2.0, 1.0, [wall * scale]).velocities(
        positions * scale, velocities * scale, wanted * scale, radii * scale, speeds * scale, 0.1
    )
    np.testing.assert_allclose(scaled / scale, plain, rtol=0, atol=1e-9 * 2.0)
