"""Exact waypoint following: for any sequence of frame times, a follower is where a plain walk
along the polyline at speed x t puts it, and arrives at exactly length / speed."""

import itertools
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.budget import scaled
from tests.reference import distance_to_polyline, walk_polyline
from trajectory import Avoidance, ObstacleMap
from trajectory.crowds import SEED_PATH_CELLS
from trajectory.crowds.followers import Followers
from trajectory.crowds.neighbours import close_pairs
from trajectory.crowds.waypoints import WaypointPath

SEED_POINTS = ObstacleMap().cell_centre(np.array(SEED_PATH_CELLS))
FRAME_TIMES = {
    "30 Hz": [1 / 30] * 600,
    "60 Hz": [1 / 60] * 1200,
    "144 Hz": [1 / 144] * 2880,
    "random": np.random.default_rng(4).uniform(0.0, 0.05, 800).tolist(),
    "0.5 s frames at x8": [0.5 * 8] * 6,
}


@pytest.mark.parametrize("frames", FRAME_TIMES.values(), ids=FRAME_TIMES.keys())
def test_a_follower_is_exactly_where_speed_times_time_puts_it(frames):
    speed = 120.0  # the seed's 2 px per frame at 60 Hz, per second
    path = WaypointPath(SEED_POINTS)
    followers = Followers(path)
    followers.spawn(1, speed)
    t = 0.0
    for dt in frames:
        followers.step(dt)
        t += dt
        expected, _heading = walk_polyline(SEED_POINTS.tolist(), speed * t)
        assert math.dist(followers.positions[0], expected) <= 1e-9
        if speed * t < path.length - 1e-9:  # (the sum of the frame times carries rounding)
            assert not followers.reached[0]
    assert followers.reached[0]
    assert followers.arrival_times[0] == pytest.approx(path.length / speed, rel=1e-12)
    assert math.dist(followers.positions[0], SEED_POINTS[-1]) <= 1e-9


@settings(max_examples=scaled(100), deadline=None)
@given(
    st.lists(st.tuples(st.floats(-50, 50), st.floats(-50, 50)), min_size=2, max_size=7).filter(
        lambda p: sum(math.dist(a, b) for a, b in itertools.pairwise(p)) > 1e-2
    ),
    st.floats(0.5, 40.0),
    st.lists(st.floats(0.0, 3.0), min_size=1, max_size=40),
)
def test_any_path_any_speed_any_steps(points, speed, frames):
    path = WaypointPath(points)
    followers = Followers(path)
    followers.spawn(3, [speed, speed / 2, speed * 3])
    t = 0.0
    for dt in frames:
        before = followers.distance.copy()
        followers.step(dt)
        t += dt
        assert np.all(followers.distance >= before) and np.all(followers.distance <= path.length)
    for k, multiple in enumerate((1.0, 0.5, 3.0)):
        expected, _ = walk_polyline(points, min(speed * multiple * t, path.length))
        assert math.dist(followers.positions[k], expected) <= 1e-9 * (1 + path.length)
        arrives_at = path.length / (speed * multiple)
        assert followers.reached[k] == (arrives_at <= t * (1 + 1e-12))
        if followers.reached[k]:
            assert followers.arrival_times[k] == pytest.approx(arrives_at, rel=1e-12)


def test_slows_have_a_floor_and_towers_find_the_leader():
    followers = Followers(WaypointPath([(0, 0), (100, 0)]), speed_floor=0.25)
    followers.spawn(3, 10.0)
    followers.multipliers[:] = (1.0, 0.5, 0.0)  # the last is frozen... but for the floor
    followers.step(2.0)
    np.testing.assert_allclose(followers.distance, (20.0, 10.0, 5.0))
    np.testing.assert_allclose(followers.remaining, (80.0, 90.0, 95.0))
    np.testing.assert_allclose(followers.progress, (0.2, 0.1, 0.05))
    assert followers.furthest() == 0
    assert followers.furthest(np.array([False, True, True])) == 1
    assert followers.furthest(np.zeros(3, dtype=bool)) is None


def test_spawn_and_removal_keep_every_array_in_step():
    followers = Followers(WaypointPath([(0, 0), (10, 0)]))
    first = followers.spawn(2, 5.0)
    followers.step(1.0)
    second = followers.spawn(2, 20.0)
    followers.step(0.6)  # the fast pair arrives (12 > 10), the slow one does not
    assert first.tolist() == [0, 1] and second.tolist() == [2, 3]
    assert followers.remove_reached().tolist() == [2, 3]
    assert followers.ids.tolist() == [0, 1] and len(followers) == 2
    assert all(len(getattr(followers, name)) == 2 for name, _, _ in Followers._FIELDS)
    np.testing.assert_allclose(followers.positions, [(8.0, 0.0), (8.0, 0.0)])
    assert followers.remove(np.array([True, False])).tolist() == [0]
    assert followers.ids.tolist() == [1]


def test_the_users_own_data_spawns_and_goes_with_its_follower():
    followers = Followers(WaypointPath([(0, 0), (10, 0)]), data=("health", "armour"))
    followers.spawn(3, 5.0, health=[3.0, 4.0, 5.0])  # armour left out: 0
    followers.spawn(1, 20.0, health=9.0, armour=2.0)
    followers.step(0.6)  # the fast one arrives
    followers.remove_reached()
    assert followers.health.tolist() == [3.0, 4.0, 5.0] and followers.armour.tolist() == [0.0] * 3
    followers.remove(np.array([False, True, False]))
    assert followers.health.tolist() == [3.0, 5.0] and followers.ids.tolist() == [0, 2]
    with pytest.raises(ValueError, match="unknown per-follower data"):
        followers.spawn(1, 5.0, shield=1.0)
    with pytest.raises(ValueError, match="taken by the followers. own attributes"):
        Followers(WaypointPath([(0, 0), (1, 0)]), data=("speeds",))


def test_lanes_spread_followers_sideways_and_keep_them_in_their_lane():
    path = WaypointPath(SEED_POINTS)
    followers = Followers(path, lanes=(-10.0, 0.0, 10.0), seed=3)
    followers.spawn(30, 120.0)
    assert set(followers.lanes.tolist()) == {0, 1, 2}
    for _ in range(300):
        followers.step(1 / 60)
        gaps = distance_to_polyline(SEED_POINTS, followers.positions)
        expected = np.abs(np.array([-10.0, 0.0, 10.0]))[followers.lanes]
        assert np.all(gaps <= expected + 1e-9)
    again = Followers(path, lanes=(-10.0, 0.0, 10.0), seed=3)
    again.spawn(30, 120.0)
    assert again.lanes.tolist() == followers.lanes.tolist()  # the same seed, the same game


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda f: f.spawn(-1, 1.0), "count"),
        (lambda f: f.spawn(2, 0.0), "speed"),
        (lambda f: f.spawn(2, [1.0, math.inf]), "speed"),
        (lambda f: f.step(-0.1), "dt"),
        (lambda f: f.step(math.nan), "dt"),
        (lambda f: f.remove(np.array([True])), "mask"),
    ],
)
def test_bad_input_is_named(call, message):
    followers = Followers(WaypointPath([(0, 0), (1, 0)]))
    followers.spawn(2, 1.0)
    with pytest.raises(ValueError, match=message):
        call(followers)


def test_followers_can_join_part_way_along():
    path = WaypointPath(SEED_POINTS)
    followers = Followers(path, lanes=(-10.0, 10.0))
    followers.spawn(4, 100.0, progress=[0.0, 0.25, 0.5, 1.0])
    lane_lengths = followers.lane_lengths[followers.lanes]
    np.testing.assert_allclose(followers.distance, [0.0, 0.25, 0.5, 1.0] * lane_lengths)
    for position, lane, distance in zip(followers.positions, followers.lanes, followers.distance):
        np.testing.assert_allclose(position, followers.lane_paths[lane].point_at(distance), atol=1e-12)
    followers.step(0.0)
    assert followers.reached.tolist() == [False, False, False, True]
    with pytest.raises(ValueError, match="progress"):
        followers.spawn(1, 100.0, progress=1.5)


LANES = (-10.0, -5.0, 0.0, 5.0, 10.0)
"""The board mode's lanes: 5 apart, so discs of radius 6 on them cannot pass side by side."""


def give_way_game(dt, seconds):
    """120 followers of radius 6 on the seed's path, three every half second at speeds from 80
    to 140, avoiding; stepped by ``dt``: the worst overlap (a share of the radius) of those still
    walking after any step, how many arrived, and the followers."""
    followers = Followers(WaypointPath(SEED_POINTS), lanes=LANES, avoidance=Avoidance(6.0, 60.0, 8, 1.0))
    rng = np.random.default_rng(5)
    worst, arrived, spawned = 0.0, 0, 0
    for _ in range(round(seconds / dt)):
        if followers.time >= 0.5 * spawned / 3 - 1e-9 and spawned < 120:
            followers.spawn(3, rng.uniform(80.0, 140.0, 3))
            spawned += 3
        followers.step(dt)
        walking, radii = followers.positions[~followers.reached], followers.radii[~followers.reached]
        first, second = close_pairs(walking, 12.0)
        overlap = radii[first] + radii[second] - np.hypot(*(walking[first] - walking[second]).T)
        worst = max(worst, float((overlap / 6.0).max(initial=0.0)))
        arrived += len(followers.remove_reached())
    return worst, arrived, followers


def test_followers_that_give_way_keep_their_lanes_never_overlap_and_all_arrive():
    worst, arrived, _ = give_way_game(1 / 30, 60.0)
    assert worst <= 0.01 + 1e-9 and arrived == 120


def test_followers_that_give_way_are_the_same_at_any_frame_rate_and_keep_to_their_lanes():
    at_30, at_144 = give_way_game(1 / 30, 6.0)[2], give_way_game(1 / 144, 6.0)[2]
    np.testing.assert_array_equal(at_30.positions, at_144.positions)
    on_lane = at_30.distance >= 0.0  # those queued before the start stand on the first leg's line
    for lane, offset in enumerate(LANES):
        here = on_lane & (at_30.lanes == lane)
        lane_path = at_30.lane_paths[lane]
        assert distance_to_polyline(lane_path.waypoints, at_30.positions[here]).max() <= 1e-9, offset


def test_followers_spawned_on_each_other_queue_behind_the_start_and_the_front_one_never_waits():
    followers = Followers(WaypointPath([(0.0, 0.0), (100.0, 0.0)]), avoidance=Avoidance(1.0))
    followers.spawn(5, [1.0, 2.0, 3.0, 4.0, 5.0])
    np.testing.assert_allclose(followers.distance, [0.0, -2.01, -4.02, -6.03, -8.04])  # 2 r and 1 % apart
    np.testing.assert_allclose(followers.positions[:, 1], 0.0)  # on the first leg's line
    followers.step(1.0)
    assert followers.distance[0] == pytest.approx(1.0)  # nobody in front: its own speed, exactly
    gaps = np.diff(-followers.distance)
    assert (gaps >= 2.0 * 0.99 - 1e-9).all()  # the faster ones behind have slowed, and do not overlap


def test_bad_avoidance_and_radii_are_refused_by_name():
    path = WaypointPath([(0.0, 0.0), (10.0, 0.0)])
    with pytest.raises(ValueError, match="avoidance must be None or an Avoidance"):
        Followers(path, avoidance=1.0)
    with pytest.raises(ValueError, match="radius"):
        Followers(path, avoidance=Avoidance()).spawn(1, 1.0, radius=0.0)
    with pytest.raises(ValueError, match="tick"):
        Followers(path, avoidance=Avoidance(), tick=0.0)


@settings(max_examples=scaled(20), deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 3), st.sampled_from([1 / 60, 1 / 20]))
def test_followers_that_give_way_never_overlap_on_any_path(seed, lane_count, tick):
    """Random paths (a few legs across 100 x 100, sharp corners and all), lanes, radii (0.5 to 3)
    and speeds (5 to 20), followers spawned in bunches as the game goes: after every tick none
    still walking overlaps another by more than 1 % of the smaller radius."""
    rng = np.random.default_rng(seed)
    path = WaypointPath(rng.uniform(0.0, 100.0, (int(rng.integers(2, 6)), 2)))
    lanes = rng.uniform(-4.0, 4.0, lane_count)
    avoidance = Avoidance(2.0, 20.0, 8, 1.0)
    try:
        followers = Followers(path, lanes=lanes, seed=seed, avoidance=avoidance, tick=tick)
    except ValueError as error:  # legs too short for those lanes: the path alone
        assert "the lane would run backwards" in str(error)
        followers = Followers(path, seed=seed, avoidance=avoidance, tick=tick)
    for _ in range(120):
        if rng.random() < 0.1:
            count = int(rng.integers(1, 6))
            followers.spawn(count, rng.uniform(5.0, 20.0, count), radius=rng.uniform(0.5, 3.0, count))
        followers.step(tick)
        walking, radii = followers.positions[~followers.reached], followers.radii[~followers.reached]
        if len(walking) > 1:
            first, second = close_pairs(walking, 6.0)
            overlap = radii[first] + radii[second] - np.hypot(*(walking[first] - walking[second]).T)
            assert (overlap <= 0.01 * np.minimum(radii[first], radii[second]) + 1e-9).all()
        followers.remove_reached()
