"""Steering path following with separation: followers reach the end (no corner traps), stay in
the lane, keep apart, and the same game time gives the same game at any frame rate."""

import math

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from tests.budget import scaled
from tests.reference import distance_to_polyline
from trajectory import Avoidance, ObstacleMap
from trajectory.crowds import SEED_PATH_CELLS
from trajectory.crowds.neighbours import close_pairs
from trajectory.crowds.steering import SteeringFollowers
from trajectory.crowds.waypoints import WaypointPath

SEED_POINTS = ObstacleMap().cell_centre(np.array(SEED_PATH_CELLS))
LANE_HALF_WIDTH = 20.0


def play(followers, seconds, dt, spawn_every=0.5, spawn_until=10.0, count=3, speed=120.0):
    """Spawn ``count`` every ``spawn_every`` s of game time until ``spawn_until``; step by ``dt``.
    Returns the largest distance from the path and the arrival times seen."""
    worst, arrivals, next_spawn = 0.0, [], 0.0
    while followers.time < seconds - 1e-9:
        if followers.time >= next_spawn - 1e-9 and next_spawn <= spawn_until:
            followers.spawn(count, speed)
            next_spawn += spawn_every
        followers.step(dt)
        if len(followers):
            worst = max(worst, distance_to_polyline(followers.path.waypoints, followers.positions).max())
        arrivals += followers.arrival_times[followers.reached].tolist()
        followers.remove_reached()
    return worst, arrivals


def test_every_follower_reaches_the_end_in_the_lane():
    followers = SteeringFollowers(WaypointPath(SEED_POINTS))
    worst, arrivals = play(followers, 40.0, 1 / 60)
    assert len(followers) == 0 and len(arrivals) == 3 * 21  # none stuck, none lost
    assert worst <= LANE_HALF_WIDTH
    straight_time = WaypointPath(SEED_POINTS).length / 120.0
    spawns = np.repeat(np.arange(21) * 0.5, 3)
    assert np.max(np.sort(arrivals) - np.sort(spawns)) <= 1.25 * straight_time  # not much slower


@settings(max_examples=scaled(15), deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 19), st.integers(0, 11)), min_size=2, max_size=6), st.integers(0, 100)
)
@example([(0, 1), (0, 0), (0, 1)], 0)  # straight back to the start (found by hypothesis in CI)
@example([(11, 5), (9, 4), (11, 5), (16, 9)], 0)  # a short way back: a jam that must clear
@example([(3, 3), (10, 3), (3, 3), (3, 9)], 1)  # back along the way, then on
@example([(0, 0), (19, 11), (0, 11), (19, 0)], 2)  # sharp diagonal corners
def test_sharp_corners_do_not_trap_followers(cells, seed):
    """Random paths on the seed's grid, corners of any angle. Where the path doubles back on itself
    (a turn of more than 150 degrees), followers going out meet those coming back and jam for a
    while: such paths get a minute more per reversal, but every follower must still arrive."""
    points = ObstacleMap().cell_centre(np.array(cells))
    try:
        path = WaypointPath(points)
    except ValueError:
        return  # fewer than two distinct cells
    headings = np.arctan2(*np.diff(path.waypoints, axis=0).T[::-1])
    turns = np.abs((np.diff(headings) + math.pi) % (2 * math.pi) - math.pi)
    reversals = int(np.sum(turns > math.radians(150)))
    followers = SteeringFollowers(path, seed=seed)
    _, arrivals = play(followers, path.length / 120.0 * 1.6 + 6.0 + 60.0 * reversals, 1 / 60, spawn_until=3.0)
    assert len(followers) == 0 and len(arrivals) == 3 * 7


def test_a_crowd_spawned_on_one_spot_spreads_and_arrives():
    """300 at once at the start: cells of 50 and more, pushing as bodies (see ``separation_push``);
    the crowd must still flow: all arrive within 2.5 times the time alone (16 s)."""
    followers = SteeringFollowers(WaypointPath(SEED_POINTS), spread=8.0)
    followers.spawn(300, 120.0)
    arrived = 0
    while followers.time < 40.0 and len(followers):
        followers.step(1 / 30)
        arrived += int(followers.reached.sum())
        followers.remove_reached()
    assert arrived == 300


def test_neighbours_keep_apart():
    followers = SteeringFollowers(WaypointPath([(0, 240), (4000, 240)]), spread=15.0, seed=1)
    followers.spawn(40, 60.0)  # all at once, crowded at the start
    for _ in range(240):
        followers.step(1 / 60)
    first, _second = close_pairs(followers.positions, followers.separation * 0.5)
    assert first.size <= 2  # after 4 s, hardly any pair closer than half the separation


@pytest.mark.parametrize("dt", [1 / 30, 1 / 144, "random"])
def test_the_same_game_time_gives_the_same_game_at_any_frame_rate(dt):
    def game(frames):
        followers = SteeringFollowers(WaypointPath(SEED_POINTS), seed=9)
        followers.spawn(12, np.linspace(80, 140, 12))
        followers.multipliers[::3] = 0.5
        for frame_time in frames:
            followers.step(frame_time)
        return followers

    reference = game([1 / 60] * 360)  # 6 s
    if dt == "random":
        frames = np.random.default_rng(0).uniform(0, 0.05, 10_000)
        frames = frames[np.cumsum(frames) < 6.0].tolist()
        frames.append(6.0 - sum(frames))
    else:
        frames = [dt] * round(6.0 / dt)
    other = game(frames)
    assert other.ticks == reference.ticks == 720
    np.testing.assert_array_equal(other.positions, reference.positions)
    np.testing.assert_array_equal(other.velocities, reference.velocities)


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: SteeringFollowers(WaypointPath(SEED_POINTS), lookahead=0.0), "lookahead"),
        (lambda: SteeringFollowers(WaypointPath(SEED_POINTS), tick=-1.0), "tick"),
        (lambda: SteeringFollowers(WaypointPath(SEED_POINTS)).spawn(2, -5.0), "speed"),
        (lambda: SteeringFollowers(WaypointPath(SEED_POINTS)).step(math.inf), "dt"),
    ],
)
def test_bad_input_is_named(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_steering_followers_can_join_part_way_along():
    path = WaypointPath(SEED_POINTS)
    followers = SteeringFollowers(path, spread=5.0)
    followers.spawn(3, 120.0, progress=[0.1, 0.5, 0.9])
    np.testing.assert_allclose(followers.progress, [0.1, 0.5, 0.9])
    assert distance_to_polyline(SEED_POINTS, followers.positions).max() <= 5.0 + 1e-9
    headings = np.arctan2(followers.velocities[:, 1], followers.velocities[:, 0])
    gaps = np.abs((headings - path.heading_at(followers.distance) + math.pi) % (2 * math.pi) - math.pi)
    assert gaps.max() <= 1e-12
    with pytest.raises(ValueError, match="progress"):
        followers.spawn(1, 120.0, progress=-0.1)


def test_a_huge_step_is_refused_with_followers_and_costs_nothing_without():
    followers = SteeringFollowers(WaypointPath(SEED_POINTS))
    followers.step(1e9)  # nobody to move: the clock alone advances
    assert followers.ticks == 120 * 10**9
    followers.spawn(3, 120.0)
    with pytest.raises(ValueError, match="at most 100,000 are run at once"):
        followers.step(1e9)
    fine = SteeringFollowers(WaypointPath(SEED_POINTS), tick=1e-9)
    fine.spawn(1, 120.0)
    with pytest.raises(ValueError, match="at most"):
        fine.step(1.0)
    assert fine.ticks == 0 and fine.time == 0.0


def test_followers_that_avoid_never_overlap_and_all_arrive_at_any_frame_rate():
    """Sixty spawned at once on the seed's path, avoiding as discs of radius 6 (the separation's
    half): none overlaps another by more than 1 % of the radius after any step, all arrive, and
    the game is the same at 30 Hz and at 144 Hz."""

    def game(dt, seconds):
        avoidance = Avoidance(6.0, neighbour_distance=60.0, max_neighbours=8, time_horizon=1.0)
        followers = SteeringFollowers(WaypointPath(SEED_POINTS), spread=15.0, seed=3, avoidance=avoidance)
        followers.spawn(60, 120.0)
        arrived, worst = 0, 0.0
        for _ in range(round(seconds / dt)):
            followers.step(dt)
            first, second = close_pairs(followers.positions, 12.0)
            gaps = np.hypot(*(followers.positions[first] - followers.positions[second]).T)
            worst = max(worst, float((12.0 - gaps).max(initial=0.0)))
            arrived += int(followers.reached.sum())
            followers.remove_reached()
        return arrived, worst, followers

    arrived, worst, _ = game(1 / 30, 30.0)
    assert arrived == 60 and worst <= 0.01 * 6.0 + 1e-9
    at_30, at_144 = game(1 / 30, 5.0)[2], game(1 / 144, 5.0)[2]
    assert at_30.ticks == at_144.ticks == 600
    np.testing.assert_array_equal(at_30.positions, at_144.positions)
