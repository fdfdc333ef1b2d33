"""Turning-radius paths (first part of the turning-units issue): the seed's turn-then-straight
path and Dubins paths, against exact geometry and as properties over random cases."""

import math

import numpy as np
import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from tests.budget import scaled
from tests.reference import angle_gap
from trajectory import shortest_path, shortest_paths
from trajectory._numerics.angles import SAME_HEADING, wrapped
from trajectory.plane import (
    Arc,
    GoalPlace,
    Line,
    dubins_path,
    dubins_paths,
    plan_turn,
    plan_turns,
    reeds_shepp_path,
    shortest_path_to_point,
    shortest_paths_to_points,
)
from trajectory.plane.turn_to_point import shortest_turns_to_point

coordinates = st.floats(-20, 20)
angles = st.floats(-10, 10)
radii = st.floats(0.1, 5)


def assert_moves_one_unit_per_unit_and_turns_no_tighter_than(path, radius, samples=400):
    """``pose`` covers one unit of ground per unit of distance, and the heading is continuous
    (tangent-continuous path) and turns at most 1 / radius per unit of distance."""
    distances = np.linspace(0, path.length, samples)
    poses = path.pose(distances)
    steps = np.hypot(*np.diff(poses[:, :2], axis=0).T)
    assert np.all(steps <= np.diff(distances) * (1 + 1e-9) + 1e-12)
    for k in range(0, samples, 37):  # the per-frame scalar path gives the same poses
        np.testing.assert_allclose(path.pose(float(distances[k])), poses[k], rtol=0, atol=1e-12)
    turns = np.abs((np.diff(poses[:, 2]) + np.pi) % (2 * np.pi) - np.pi)
    assert np.all(turns <= np.diff(distances) / radius * (1 + 1e-9) + 1e-9)
    for joint in np.cumsum([segment.length for segment in path.segments])[:-1]:
        before, after = path.pose(joint - 1e-7), path.pose(joint + 1e-7)
        assert angle_gap(before[2], after[2]) <= 2e-7 / radius + 1e-9  # no kink where segments meet


def test_straight_ahead_is_a_line_of_the_distance():
    path = plan_turn((1, 2, 0.0), (6, 2), 1.5)
    assert path.length == pytest.approx(5.0, abs=1e-12)
    np.testing.assert_allclose(path.pose(2.0), (3.0, 2.0, 0.0), atol=1e-12)


def test_a_destination_on_the_turning_circle_is_a_half_turn():
    # Left circle of radius 1 is centred at (0, 1); (0, 2) lies on it, opposite the origin.
    path = plan_turn((0, 0, 0.0), (0, 2), 1.0)
    assert path.word == "LS"
    assert path.length == pytest.approx(math.pi, abs=1e-9)
    np.testing.assert_allclose(path.pose(math.pi / 2)[:2], (1.0, 1.0), atol=1e-12)  # a quarter circle on


def test_the_seeds_exit_point_and_tangent_length():
    origin, destination, r = np.array([0.0, 0.0]), np.array([3.0, 4.0]), 1.0
    path = plan_turn((*origin, 0.0), destination, r)
    arc, line = path.segments
    h = math.hypot(*(destination - np.array(arc.centre)))
    assert line.length == pytest.approx(math.sqrt(h * h - r * r), rel=1e-12)
    np.testing.assert_allclose(path.pose(path.length)[:2], destination, atol=1e-12)


@settings(max_examples=scaled(200), deadline=None)
@given(coordinates, coordinates, angles, coordinates, coordinates, radii)
@example(0.0, 5.960464477539063e-08, 1.546875, 0.0, 0.0, 2.0)  # 1.4e-9 r off the circle (found in CI)
@example(0.0, 2.2115828242061833e-09, 0.0, 0.0, 0.0, 3.0)  # 2.2e-9 beside the origin: no path at all
@example(5.0, 1.101663236890729e-13, 0.0, 0.0, 0.0, 1.0)  # right behind: a + L had cancelled (0.014 off)
def test_turn_then_straight_ends_at_the_destination_and_is_tangent(x0, y0, heading, x1, y1, r):
    path = plan_turn((x0, y0, heading), (x1, y1), r)  # the two circles touch only at the origin
    end = path.pose(path.length)
    # A destination within ON_CIRCLE_TOLERANCE = 1e-9 r of a circle counts as on it: the path
    # ends on the circle, up to 1e-9 r away (and may be that much shorter than the straight line).
    slack = 1e-9 * (1 + r + abs(x1) + abs(y1))
    assert math.hypot(end[0] - x1, end[1] - y1) <= slack
    assert path.length >= math.hypot(x1 - x0, y1 - y0) - slack
    arc, line = path.segments
    joint = path.pose(arc.length)
    assert angle_gap(joint[2], line.angle) <= 1e-9
    assert_moves_one_unit_per_unit_and_turns_no_tighter_than(path, r)


@settings(max_examples=scaled(300), deadline=None)
@given(coordinates, coordinates, angles, coordinates, coordinates, angles, radii)
def test_dubins_ends_at_the_goal_and_is_continuous(x0, y0, h0, x1, y1, h1, r):
    path = dubins_path((x0, y0, h0), (x1, y1), r, heading=h1)
    end = path.pose(path.length)
    assert math.hypot(end[0] - x1, end[1] - y1) <= 1e-9 * (1 + r + abs(x1) + abs(y1))
    assert angle_gap(end[2], h1) <= 1e-9
    assert path.length == pytest.approx(sum(s.length for s in path.segments), rel=1e-12)
    assert path.length >= math.hypot(x1 - x0, y1 - y0) - 1e-9
    assert_moves_one_unit_per_unit_and_turns_no_tighter_than(path, r)


@settings(max_examples=scaled(300), deadline=None)
@given(
    coordinates,
    coordinates,
    angles,
    st.floats(-15, -4),
    angles,
    st.sampled_from([0.0, 1e-9, -3e-12, 0.5, math.pi, -2.0]),
    radii,
)
def test_dubins_start_and_goal_a_hair_apart(x0, y0, h0, log_gap, direction, turn, r):
    """Goals 1e-15 to 1e-4 radii away, same heading or not: the closed forms must keep the tiny
    distance (hypothesis once found a miss of 1.7e-8 with acos(1 - d^2 / 8))."""
    gap = r * 10.0**log_gap
    goal = (x0 + gap * math.cos(direction), y0 + gap * math.sin(direction), h0 + turn)
    path = dubins_path((x0, y0, h0), goal[:2], r, heading=goal[2])
    batch = dubins_paths([(x0, y0, h0)], [goal[:2]], r, headings=[goal[2]])
    for end in (path.pose(path.length), batch.pose(batch.lengths)[0]):
        assert math.hypot(end[0] - goal[0], end[1] - goal[1]) <= 1e-9 * (1 + r + abs(x0) + abs(y0))
        assert angle_gap(end[2], goal[2]) <= 1e-9
    assert batch.lengths[0] == pytest.approx(path.length, abs=1e-9 * r)


def test_dubins_degenerate_cases():
    assert dubins_path((1, 1, 0.3), (1, 1), 2.0, heading=0.3).length == pytest.approx(0.0, abs=1e-12)
    assert dubins_path((1, 1, 0.3), (1, 1), 2.0, heading=0.3 + 2 * math.pi).length == pytest.approx(
        0.0, abs=1e-9
    )
    path = dubins_path((0, 0, 0), (5, 0), 1.0, heading=0)
    assert path.length == pytest.approx(5.0, abs=1e-12) and path.word in ("LSL", "RSR")
    # A full circle back to the start, turned around: the goal lies on the start circle.
    on_circle = dubins_path((0, 0, 0), (0, 2), 1.0, heading=math.pi)
    assert on_circle.length == pytest.approx(math.pi, abs=1e-9)


def test_pose_at_time_and_shapes():
    path = plan_turn((0, 0, 0.0), (0, 4), 1.0)
    np.testing.assert_allclose(path.pose_at_time(1.0, 2.0), path.pose(2.0))
    assert path.pose(np.zeros((2, 5))).shape == (2, 5, 3)
    np.testing.assert_allclose(path.pose(-3.0), (0.0, 0.0, 0.0), atol=1e-15)
    np.testing.assert_allclose(path.pose(1e9), path.pose(path.length))
    assert isinstance(path.segments[0], Arc) and isinstance(path.segments[1], Line)


@settings(max_examples=scaled(60), deadline=None)
@given(coordinates, coordinates, angles, coordinates, coordinates, angles, coordinates, coordinates, radii)
def test_a_moved_path_is_the_same_path_moved(x0, y0, h0, x1, y1, h1, dx, dy, r):
    path = reeds_shepp_path((x0, y0, h0), (x1, y1), r, heading=h1)
    moved = path.moved(dx, dy)
    distances = np.linspace(-1.0, path.length + 1.0, 50)
    np.testing.assert_allclose(moved.pose(distances), path.pose(distances) + (dx, dy, 0.0), rtol=0, atol=1e-9)
    assert (moved.word, moved.gears, moved.cusps) == (path.word, path.gears, path.cusps)


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: plan_turn((0, 0, 0.0), (0, 4), 1.0).moved(math.nan, 0.0), "dx"),
        (lambda: plan_turn((0, 0, 0.0), (0, 4), 1.0).moved(0.0, "up"), "dy"),
        (lambda: plan_turn((0, 0, 0.0), (1, 1), 0.0), "radius"),
        (lambda: plan_turn((0, 0, 0.0), (1, 1), -1.0), "radius"),
        (lambda: plan_turn((0, math.nan, 0.0), (1, 1), 1.0), "start"),
        (lambda: plan_turn((0, 0, math.inf), (1, 1), 1.0), "start"),
        (lambda: plan_turn((0, 0, 0.0), (1, None), 1.0), "goal"),
        (lambda: plan_turn((0, 0, 0.0), (1, 1), 1.0, reverse="yes"), "reverse"),
        (lambda: dubins_path((0, 0), (1, 1), 1.0, heading=0), "start"),
        (lambda: dubins_path((0, 0, 0), (1, 1), 1.0, heading=math.nan), "heading"),
        (lambda: dubins_path((0, 0, 0), (1, 1, 0), 1.0, heading=0.0), "goal"),
        (lambda: plan_turn((0, 0, 0.0), (0, 4), 1.0).pose_at_time(1.0, 0.0), "speed"),
    ],
)
def test_bad_input_is_named(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_batched_dubins_agree_with_one_at_a_time():
    rng = np.random.default_rng(7)
    starts, goals = rng.uniform(-6, 6, (300, 3)), rng.uniform(-6, 6, (300, 3))
    starts[:20] = goals[:20]  # start equals goal
    goals[20:40, 2] = starts[20:40, 2] + 2 * np.pi  # the same heading, written differently
    radii = rng.uniform(0.2, 3.0, 300)
    batch = dubins_paths(starts, goals[:, :2], radii, headings=goals[:, 2])
    singles = [dubins_path(s, g[:2], r, heading=g[2]) for s, g, r in zip(starts, goals, radii)]
    np.testing.assert_allclose(batch.lengths, [p.length for p in singles], atol=1e-9)
    ends = batch.pose(batch.lengths)
    np.testing.assert_allclose(ends[:, :2], goals[:, :2], atol=1e-9)
    assert max(angle_gap(e, g) for e, g in zip(ends[:, 2], goals[:, 2])) <= 1e-9
    halfway = batch.pose(batch.lengths / 2)
    for pose, path, length in zip(halfway[:50], singles[:50], batch.lengths[:50]):
        np.testing.assert_allclose(pose[:2], path.pose(length / 2)[:2], atol=1e-9)


def test_batched_dubins_bad_input():
    with pytest.raises(ValueError, match="as many"):
        dubins_paths(np.zeros((2, 3)), np.zeros((3, 2)), 1.0, headings=np.zeros(3))
    with pytest.raises(ValueError, match="headings"):
        dubins_paths(np.zeros((2, 3)), np.zeros((2, 2)), 1.0, headings=[0.0, math.nan])
    with pytest.raises(ValueError, match="radius"):
        dubins_paths(np.zeros((2, 3)), np.ones((2, 2)), [1.0, 0.0], headings=np.ones(2))
    with pytest.raises(ValueError, match="shaped"):
        dubins_paths(np.zeros((2, 2)), np.zeros((2, 2)), 1.0, headings=np.zeros(2))


@settings(max_examples=scaled(60), deadline=None)
@given(coordinates, coordinates, angles, st.floats(-2.5, 2.5), st.floats(-2.5, 2.5), st.floats(0.3, 3))
def test_the_shortest_path_to_a_point_beats_every_final_heading(x0, y0, heading, fx, fy, r):
    """No Dubins path to the point, whatever its final heading (3,600 tried), is shorter; the path
    ends at the point and its segments join without a kink; the planner's form without a path
    built gives its turns and lengths."""
    destination = np.array([x0 + fx * r, y0 + fy * r])
    path = shortest_path_to_point((x0, y0, heading), destination, r)
    turns, parts = shortest_turns_to_point((x0, y0), wrapped(heading), tuple(destination.tolist()), r)
    assert turns == path.turns and parts == path.segment_lengths
    end = path.pose(path.length)
    assert math.hypot(*(end[:2] - destination)) <= 1e-9 * (1 + r + np.abs(destination).max())
    headings = np.linspace(-np.pi, np.pi, 3600, endpoint=False)
    starts = np.tile([x0, y0, heading], (headings.size, 1))
    goals = np.column_stack(
        [np.full(headings.size, destination[0]), np.full(headings.size, destination[1]), headings]
    )
    assert path.length <= dubins_paths(starts, goals[:, :2], r, headings=goals[:, 2]).lengths.min() + 1e-9
    assert_moves_one_unit_per_unit_and_turns_no_tighter_than(path, r)


def test_the_shortest_path_to_a_point_names_the_case():
    outside = shortest_path_to_point((0, 0, 0.0), (5, 5), 1.0)
    assert outside.goal_place is GoalPlace.OUTSIDE and outside.word in ("LS", "RS")
    inside_left = shortest_path_to_point((0, 0, 0.0), (0.2, 0.6), 1.0)  # left circle centre (0, 1)
    assert inside_left.goal_place is GoalPlace.INSIDE_LEFT
    assert inside_left.word in ("RS", "LR", "RL")
    np.testing.assert_allclose(inside_left.pose(inside_left.length)[:2], (0.2, 0.6), atol=1e-12)


def test_batched_turn_then_straight_agrees_with_one_at_a_time():
    rng = np.random.default_rng(11)
    origins, destinations = rng.uniform(-8, 8, (400, 2)), rng.uniform(-8, 8, (400, 2))
    destinations[:10] = origins[:10] + 5.0 * np.column_stack([np.cos(1.0), np.sin(1.0)])  # straight ahead
    headings = rng.uniform(-4, 4, 400)
    headings[:10] = 1.0
    radii = rng.uniform(0.3, 3.0, 400)
    batch = plan_turns(np.column_stack([origins, headings]), destinations, radii)
    singles = [plan_turn((*o, h), d, r) for o, h, d, r in zip(origins, headings, destinations, radii)]
    np.testing.assert_allclose(batch.lengths, [p.length for p in singles], atol=1e-9)
    np.testing.assert_allclose(batch.lengths[:10], 5.0, atol=1e-9)
    np.testing.assert_allclose(batch.pose(batch.lengths)[:, :2], destinations, atol=1e-9)
    middle = batch.pose(batch.lengths / 3)
    for pose, path, length in zip(middle[:60], singles[:60], batch.lengths[:60]):
        np.testing.assert_allclose(pose[:2], path.pose(length / 3)[:2], atol=1e-9)
        assert angle_gap(pose[2], path.pose(length / 3)[2]) <= 1e-9
    with pytest.raises(ValueError, match="shaped"):
        plan_turns(origins[:3], destinations[:3], 1.0)  # no headings
    with pytest.raises(ValueError, match="as many"):
        plan_turns(np.column_stack([origins[:3], headings[:3]]), destinations[:2], 1.0)
    with pytest.raises(ValueError, match="radius"):
        plan_turns(np.column_stack([origins[:2], headings[:2]]), destinations[:2], -1.0)


def test_batched_shortest_paths_to_points_agree_with_one_at_a_time():
    rng = np.random.default_rng(5)
    count = 400
    origins, headings, radii = (
        rng.uniform(-5, 5, (count, 2)),
        rng.uniform(-4, 4, count),
        rng.uniform(0.3, 2.0, count),
    )
    # Destinations within 2.5 radii, so that many fall inside a turning circle.
    destinations = origins + radii[:, None] * rng.uniform(-2.5, 2.5, (count, 2))
    destinations[:5] = origins[:5] + 3.0 * np.column_stack([np.cos(headings[:5]), np.sin(headings[:5])])
    batch = shortest_paths_to_points(np.column_stack([origins, headings]), destinations, radii)
    singles = [
        shortest_path_to_point((*o, h), d, r) for o, h, d, r in zip(origins, headings, destinations, radii)
    ]
    assert len(batch) == count
    np.testing.assert_allclose(batch.lengths, [p.length for p in singles], atol=1e-9)
    np.testing.assert_allclose(batch.lengths[:5], 3.0, atol=1e-9)
    assert batch.words.tolist() == [p.word for p in singles]
    assert batch.goal_places.tolist() == [p.goal_place for p in singles]
    assert {"LR", "RL"} & set(batch.words.tolist()) and GoalPlace.OUTSIDE in batch.goal_places.tolist()
    np.testing.assert_allclose(batch.pose(batch.lengths)[:, :2], destinations, atol=1e-9)
    times, speeds = rng.uniform(0, 3, count), rng.uniform(0.5, 2, count)
    middle = batch.pose_at_time(times, speeds)
    for k in range(0, count, 7):
        single = singles[k].pose_at_time(times[k], speeds[k])
        np.testing.assert_allclose(middle[k, :2], single[:2], atol=1e-9)
        assert angle_gap(middle[k, 2], single[2]) <= 1e-9
        rebuilt = batch.path(k)
        assert rebuilt.word == singles[k].word and rebuilt.goal_place == singles[k].goal_place
        np.testing.assert_allclose(rebuilt.pose(rebuilt.length)[:2], destinations[k], atol=1e-9)
    with pytest.raises(ValueError, match="speed"):
        batch.pose_at_time(times, 0.0)
    with pytest.raises(ValueError, match="one per unit"):
        shortest_paths_to_points(np.column_stack([origins, headings]), destinations, radii[:3])


@pytest.mark.parametrize("nudge", [0.0, 1e-12, -1e-12, 1e-8, -1e-8, 1e-6])
def test_tangent_and_nearly_tangent_goals(nudge):
    """A quarter circle to a goal on the start circle, facing along it, and goals a hair off it:
    the path stays a quarter circle (plus at most a sliver) and ends on the goal. (For the seed's
    path, a goal within ON_CIRCLE_TOLERANCE = 1e-9 r of the circle counts as on it.)"""
    goal = (1.0 + nudge, 1.0, math.pi / 2)
    path = dubins_path((0, 0, 0), goal[:2], 1.0, heading=goal[2])
    end = path.pose(path.length)
    assert math.hypot(end[0] - goal[0], end[1] - goal[1]) <= 1e-9 and angle_gap(end[2], goal[2]) <= 1e-9
    if nudge >= 0.0:  # outside the circle (or on it): a quarter turn and a sliver of straight
        assert path.length == pytest.approx(math.pi / 2, abs=2 * abs(nudge) + 1e-12)
    seed = plan_turn((0, 0, 0.0), goal[:2], 1.0)
    assert seed.pose(seed.length)[:2] == pytest.approx(goal[:2], abs=1e-9)


def chain_end(path):
    """Where the segments themselves end (``pose`` at the end returns the goal as given)."""
    return tuple(path.table.ends()[-1, :2])


def reduced(angle):
    """An angle reduced to [-pi, pi) with mpmath's pi, as an independent check."""
    import mpmath

    with mpmath.workdps(400):
        value = mpmath.mpf(angle)
        value -= 2 * mpmath.pi * mpmath.nint(value / (2 * mpmath.pi))
        return float(value)


# Angles that are 0 or clearly not: a heading of 3e-192 rad is below the rounding of any angle
# computation (cos(3e-192) == 1), and whether it asks for a loop is not a question of planning.
plain_angles = st.one_of(st.just(0.0), st.floats(-10, 10).filter(lambda a: abs(a) > 1e-9))


@settings(max_examples=scaled(200), deadline=None)
@given(
    coordinates,
    coordinates,
    plain_angles,
    st.floats(-16, -6),
    plain_angles,
    st.one_of(st.just(0.0), st.floats(0.1, 3.0), st.floats(-3.0, -0.1)),
    radii,
)
@example(0.0, 0.0, 0.0, math.log10(9e-13), math.pi / 2, 0.0, 1.0)  # the issue's goal: a loop of 2 pi
@example(0.0, 0.0, 0.0, -16.0, math.pi / 2, 0.0, 1.0)
def test_dubins_goals_a_hair_apart_match_an_exact_reference(x0, y0, h0, log_gap, direction, turn, r):
    """Goals 1e-16 to 1e-6 radii away: the length of the exact shortest path (all six words in 50
    digits), and a path whose segments really end at the goal.

    Left out here: a goal closer than 1e-15 r within the rounding of an angle (1e-16 rad) of
    straight ahead or behind, where a goal rounded onto a point in floats is no longer the one
    the reference was given; goals given exactly there are tested below."""
    from tests.reference import dubins_length

    gap = r * 10.0**log_gap
    goal = (x0 + gap * math.cos(direction), y0 + gap * math.sin(direction), h0 + turn)
    if goal[:2] == (x0, y0):
        return  # the gap vanished in rounding: that is the exactly-equal case below
    bearing = math.atan2(goal[1] - y0, goal[0] - x0)
    assume(math.hypot(goal[0] - x0, goal[1] - y0) > 1e-15 * r or abs(math.sin(bearing - h0)) > 1e-9)
    expected = float(dubins_length((x0, y0, h0), goal, r))
    path = dubins_path((x0, y0, h0), goal[:2], r, heading=goal[2])
    batch = dubins_paths([(x0, y0, h0)], [goal[:2]], r, headings=[goal[2]])
    assert path.length == pytest.approx(expected, abs=1e-12 * r)
    assert batch.lengths[0] == pytest.approx(expected, abs=1e-12 * r)
    end = chain_end(path)
    assert math.hypot(end[0] - goal[0], end[1] - goal[1]) <= 1e-12 * (r + abs(x0) + abs(y0) + 1)
    assert path.pose(path.length).tolist() == [goal[0], goal[1], reduced(goal[2])]


def test_the_issues_goal_9e_13_beside_the_start_is_a_loop_not_a_stub():
    path = dubins_path((0, 0, 0), (0, 9e-13), 1, heading=0)
    assert path.length == pytest.approx(2 * math.pi, abs=1e-11)  # was 9e-13, ending 1.27e-12 off
    assert math.hypot(*chain_end(path)) == pytest.approx(9e-13, abs=1e-15)


def test_an_exactly_equal_start_and_goal_is_length_zero():
    for start in [(0, 0, 0), (1, 1, 0.3), (-7.5, 3e5, -2.9), (1e-300, 0, 1e16)]:
        assert dubins_path(start, start[:2], 1.3, heading=start[2]).length == 0.0
        assert dubins_paths([start], [start[:2]], 1.3, headings=[start[2]]).lengths.tolist() == [0.0]


@pytest.mark.parametrize(
    "plan",
    [
        lambda: dubins_path((0, 0, 0), (4, 0), 1, heading=0),
        lambda: dubins_path((1.3, -2.1, 2.5), (-3.7, 4.9), 0.7, heading=-0.4),
        lambda: plan_turn((0.1, 0.2, 0.3), (5.0, -4.0), 1.5),
        lambda: shortest_path_to_point((0.1, 0.2, 0.3), (0.4, 1.0), 1.5),
        lambda: dubins_paths(
            [(0, 0, 0), (1.3, -2.1, 2.5)], [(4, 0), (-3.7, 4.9)], [1, 0.7], headings=[0, -0.4]
        ).path(1),
    ],
)
def test_start_and_end_poses_are_exact(plan):
    """``dubins_path((0,0,0), (4,0,0), 1).pose(0.0)`` gave x = -1.22e-16."""
    path = plan()
    assert path.pose(0.0).tolist() == list(path.start) and path.pose(np.array([0.0]))[0].tolist() == list(
        path.start
    )
    if path.word in ("LSL", "RSR", "LSR", "RSL", "RLR", "LRL"):
        assert path.pose(path.length).tolist() == list(path.end)


def test_single_and_batch_poses_agree_and_both_are_exact_at_the_ends():
    rng = np.random.default_rng(3)
    starts = np.column_stack([rng.uniform(-9, 9, (50, 2)), rng.uniform(-4, 4, 50)])
    goals = np.column_stack([rng.uniform(-9, 9, (50, 2)), rng.uniform(-4, 4, 50)])
    batch = dubins_paths(starts, goals[:, :2], 1.1, headings=goals[:, 2])
    assert (
        batch.pose(0.0).tolist()
        == np.column_stack([starts[:, :2], [reduced(h) for h in starts[:, 2]]]).tolist()
    )
    assert (
        batch.pose(batch.lengths).tolist()
        == np.column_stack([goals[:, :2], [reduced(h) for h in goals[:, 2]]]).tolist()
    )
    for k in range(0, 50, 7):
        single = dubins_path(starts[k], goals[k][:2], 1.1, heading=goals[k][2])
        for fraction in (0.0, 0.3, 0.77, 1.0):
            np.testing.assert_allclose(
                single.pose(fraction * single.length), batch.pose(fraction * batch.lengths)[k], atol=1e-12
            )


@settings(max_examples=scaled(100), deadline=None)
@given(
    coordinates, coordinates, st.floats(-1e16, 1e16), coordinates, coordinates, st.floats(-1e16, 1e16), radii
)
@example(0.0, 0.0, 1e16, 3.0, 4.0, -1e12, 1.5)
def test_huge_headings_are_reduced_exactly(x0, y0, h0, x1, y1, h1, r):
    """Headings of 1e12 to 1e16 rad were not reduced, and paths missed their goal by up to 2.4."""
    from tests.reference import dubins_length

    assume(math.hypot(x1 - x0, y1 - y0) > 1e-3)  # near-coincidence is the test above
    path = dubins_path((x0, y0, h0), (x1, y1), r, heading=h1)
    assert path.length == pytest.approx(float(dubins_length((x0, y0, h0), (x1, y1, h1), r)), abs=1e-9 * r)
    end = chain_end(path)
    assert math.hypot(end[0] - x1, end[1] - y1) <= 1e-9 * (1 + r + abs(x1) + abs(y1))
    assert path.start[2] == reduced(h0)
    same = angle_gap(reduced(h0), reduced(h1)) <= SAME_HEADING  # rounding of a turn: no loop for it
    assert path.end[2] == (path.start[2] if same else reduced(h1))
    batch = dubins_paths([(x0, y0, h0)], [(x1, y1)], r, headings=[h1])
    assert batch.lengths[0] == pytest.approx(path.length, abs=1e-9 * r)
    seed = plan_turn((x0, y0, h0), (x1, y1), r)
    assert seed.pose(0.0)[2] == reduced(h0)
    assert np.hypot(*(seed.pose(seed.length)[:2] - (x1, y1))) <= 1e-9 * (1 + r + abs(x1) + abs(y1))
    np.testing.assert_allclose(
        plan_turns(np.column_stack([[(x0, y0)], [h0]]), [(x1, y1)], r).lengths, [seed.length], atol=1e-9 * r
    )


@pytest.mark.parametrize("scale", [1e-160, 1e-100, 1e100, 1e155, 1e160])
def test_plans_scale_from_1e_160_to_1e160(scale):
    """plan_turn with 1e155 coordinates returned an infinite length."""
    origin, destination, goal = (0.3, -1.2), (4.0, 2.5), (-2.0, 3.0, 1.0)
    for plan, (start, point, radius) in (
        (plan_turn, ((0.3, -1.2, 0.4), (4.0, 2.5), 1.3)),
        (shortest_path_to_point, ((0.3, -1.2, 0.4), (0.6, 0.2), 1.3)),
    ):
        unit = plan(start, point, radius)
        scaled = plan(
            (start[0] * scale, start[1] * scale, start[2]), tuple(c * scale for c in point), radius * scale
        )
        assert scaled.length == pytest.approx(unit.length * scale, rel=1e-13)
    unit = dubins_path((*origin, 0.4), goal[:2], 1.3, heading=goal[2])
    scaled = dubins_path(
        (origin[0] * scale, origin[1] * scale, 0.4),
        (goal[0] * scale, goal[1] * scale),
        1.3 * scale,
        heading=1.0,
    )
    assert scaled.length == pytest.approx(unit.length * scale, rel=1e-13)
    assert plan_turns(np.column_stack([[origin], [0.4]]), [destination], 1.3 * scale).lengths[
        0
    ] == pytest.approx(plan_turn((*origin, 0.4), destination, 1.3 * scale).length, rel=1e-13)
    assert math.isfinite(plan_turn((scale, scale, 0.0), (-scale, 2 * scale), 1.0).length)


@pytest.mark.parametrize("side", [1.0, -1.0], ids=["ahead", "behind"])
def test_a_goal_a_hair_ahead_is_a_line_and_a_hair_behind_a_loop(side):
    """(0, 0, 0) to (-1e-15, 0, 0) was 7e-16 long: sin of the rounded pi (1.2e-16) outweighed the
    goal's distance, and a first turn of 2 pi rounded onto 0. The goal is given exactly: behind
    by d, the shortest path is the loop, 2 pi r + d; ahead, the line of length d."""
    rng = np.random.default_rng(25)
    for _ in range(500):
        heading, d, r = rng.uniform(-math.pi, math.pi), 10 ** rng.uniform(-300, -10), 10 ** rng.uniform(-2, 2)
        goal = (side * d * math.cos(heading), side * d * math.sin(heading), heading)
        one = dubins_path((0.0, 0.0, heading), goal[:2], r, heading=goal[2]).length
        many = float(dubins_paths([(0.0, 0.0, heading)], [goal[:2]], r, headings=[goal[2]]).lengths[0])
        expected = d if side > 0 else 2 * math.pi * r + d
        assert one == pytest.approx(expected, rel=1e-9) and many == pytest.approx(expected, rel=1e-9)
    for gap in (1e-15, 1e-16, 3e-16, 1e-300):  # on the x axis: the goal's direction is exact
        assert dubins_path((0, 0, 0), (side * gap, 0), 1, heading=0).length == pytest.approx(
            gap if side > 0 else 2 * math.pi + gap, rel=1e-12
        )


@pytest.mark.parametrize("radius", [1e3, 1e6, 1e9, 1e12, 1e20])
def test_paths_to_a_point_reach_it_when_the_radius_dwarfs_the_distance(radius):
    """With a radius of 1e20 a point 38 away counted as on the turning circle (the slack was
    1e-9 of the radius) and the path was of length 0, ending at the start; the tangent and the
    turns lost their digits to the radius from 1e6 on. They are worked out in the start's frame
    without cancellation: each path ends at its point to the rounding of its own length."""
    rng = np.random.default_rng(int(math.log10(radius)))
    for _ in range(200):
        origin, heading = rng.uniform(-10, 10, 2), rng.uniform(-math.pi, math.pi)
        destination = origin + rng.uniform(-40, 40, 2)
        one = shortest_path_to_point((*origin, heading), destination, radius)
        many = shortest_paths_to_points(np.column_stack([[origin], [heading]]), [destination], radius)
        for path, length in ((one, one.length), (many, float(many.lengths[0]))):
            end = path.pose(length) if path is one else path.pose(np.array([length]))[0]
            assert math.hypot(*(end[:2] - destination)) <= 1e-13 * (length + 50.0)
        assert float(many.lengths[0]) == pytest.approx(one.length, rel=1e-12)


@settings(max_examples=scaled(80), deadline=None)
@given(coordinates, coordinates, angles, st.floats(-4, 4), st.floats(-4, 4), st.floats(0.3, 3))
def test_backing_up_to_a_point_takes_the_shorter_of_forwards_and_backwards(x0, y0, heading, fx, fy, r):
    """With ``reverse`` the path is the forward one, or the one planned for the unit turned round
    driven backwards the whole way, whichever is shorter; it ends at the point, and backing the
    unit moves against the way it faces. The batch form agrees, unit by unit."""
    goal = (x0 + fx * r, y0 + fy * r)
    for plan, plans in ((plan_turn, plan_turns), (shortest_path_to_point, shortest_paths_to_points)):
        forwards = plan((x0, y0, heading), goal, r)
        turned = plan((x0, y0, heading + math.pi), goal, r)
        path = plan((x0, y0, heading), goal, r, reverse=True)
        assert path.length == pytest.approx(min(forwards.length, turned.length), rel=1e-12, abs=1e-12)
        np.testing.assert_allclose(path.pose(path.length)[:2], goal, atol=1e-9 * max(1.0, abs(x0), abs(y0)))
        if path.gears is not None and path.length > 1e-6:
            middle, step = path.length / 2, 1e-7 * path.length
            before, after = path.pose(middle - step), path.pose(middle + step)
            facing = np.array([math.cos(path.pose(middle)[2]), math.sin(path.pose(middle)[2])])
            np.testing.assert_allclose((after[:2] - before[:2]) / (2 * step), -facing, atol=1e-5)
        batch = plans([(x0, y0, heading)], [goal], r, reverse=True)
        assert batch.lengths[0] == pytest.approx(path.length, rel=1e-12, abs=1e-12)
        assert batch.words[0] == path.word
        np.testing.assert_allclose(batch.pose(batch.lengths)[0], path.pose(path.length), atol=1e-9)


def test_shortest_path_asks_the_planner_the_order_needs():
    start, goal = (0.0, 0.0, 0.3), (-2.0, 1.5)
    pairs = [
        (shortest_path(start, goal, 1.0), shortest_path_to_point(start, goal, 1.0)),
        (
            shortest_path(start, goal, 1.0, reverse=True),
            shortest_path_to_point(start, goal, 1.0, reverse=True),
        ),
        (shortest_path(start, goal, 1.0, heading=2.0), dubins_path(start, goal, 1.0, heading=2.0)),
        (
            shortest_path(start, goal, 1.0, heading=2.0, reverse=True),
            reeds_shepp_path(start, goal, 1.0, heading=2.0),
        ),
    ]
    for chosen, expected in pairs:
        assert (chosen.word, chosen.length, chosen.gears) == (expected.word, expected.length, expected.gears)
    many = shortest_paths([start, start], [goal, goal], 1.0, headings=[2.0, -1.0], reverse=True)
    # The batch form to rounding: numpy's vector functions may differ from the scalar ones in the last bit.
    np.testing.assert_allclose(
        many.lengths, [reeds_shepp_path(start, goal, 1.0, heading=h).length for h in (2.0, -1.0)], rtol=1e-14
    )


def test_a_destination_inside_the_circle_a_subnormal_ahead_overflows_nothing():
    """Found by CI's random headings: a destination inside the turning circle, a subnormal
    distance ahead (a = 1e-310), made b (2r - b) / (a + L) overflow (a RuntimeWarning) in a
    quotient the unreachable row never uses. Unreachable, in floats and in arrays, silently."""
    import warnings

    from trajectory._numerics.maths import ARRAYS, FLOATS
    from trajectory.plane.turn_to_point import tangent_exit

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        reachable, _, line = tangent_exit(np.array([1e-310, 0.5]), np.array([0.5, 0.1]), 1.0, ARRAYS)
        assert reachable.tolist() == [False, True] and line[0] == 0.0
        assert tangent_exit(1e-310, 0.5, 1.0, FLOATS)[0] is False
