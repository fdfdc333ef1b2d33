"""Steering units to a point and backing up: the paths reach the goal, keep the steering limits
(at a change of gear too), are never shorter than the arcs-and-lines paths, and Reeds and Shepp's
tend to theirs as the sharpness grows."""

import math
from unittest import mock

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from tests.trajectory.plane.steering_checks import check_reaches, check_steering, segments_end, sharpness_for
from trajectory.plane import (
    cc_to_point,
    plan_turn,
    plan_turns,
    reeds_shepp_path,
    reeds_shepp_paths,
    shortest_path,
    shortest_path_to_point,
    shortest_paths,
)
from trajectory.plane.steering_turns import ONE_BY_ONE, steering_paths, steering_unit

coordinates = st.floats(-15.0, 15.0)
angles = st.floats(-math.pi, math.pi)


@settings(max_examples=25, deadline=None)
@given(
    coordinates,
    coordinates,
    angles,
    coordinates,
    coordinates,
    st.floats(0.5, 4.0),
    st.floats(0.1, 2.0),
    st.booleans(),
)
def test_a_steering_unit_reaches_a_point(x0, y0, h0, x1, y1, radius, ease, reverse):
    sharpness = sharpness_for(radius, ease)
    path = shortest_path_to_point((x0, y0, h0), (x1, y1), radius, reverse=reverse, sharpness=sharpness)
    check_reaches(path, (x0, y0), (x1, y1), radius)
    check_steering(path, radius, sharpness)
    arcs = shortest_path_to_point((x0, y0, h0), (x1, y1), radius, reverse=reverse)
    if math.hypot(x1 - x0, y1 - y0) > 1e-6 * radius:  # (at the start itself, the arcs turn a full circle)
        assert path.length >= arcs.length * (1.0 - 1e-9)
    if path.gears is not None:
        assert set(path.gears) == {-1.0}  # backing the whole way, or not at all


def test_the_seed_turns_then_goes_straight():
    path = plan_turn((0.0, 0.0, 0.0), (10.0, 6.0), 2.0, sharpness=0.3)
    assert path.word == "LS" and path.table.curvature(path.length) == 0.0
    assert segments_end(path)[:2] == pytest.approx([10.0, 6.0], abs=1e-12)
    check_steering(path, 2.0, 0.3)
    with pytest.raises(ValueError, match="cannot turn"):
        plan_turn((0.0, 0.0, 0.0), (0.3, 0.02), 2.0, sharpness=0.3)  # just ahead, a hair to the side


@settings(max_examples=20, deadline=None)
@given(
    coordinates,
    coordinates,
    angles,
    coordinates,
    coordinates,
    angles,
    st.floats(0.5, 3.0),
    st.floats(0.1, 2.0),
)
def test_a_steering_unit_that_backs_up_reaches_the_goal_pose(x0, y0, h0, x1, y1, h1, radius, ease):
    sharpness = sharpness_for(radius, ease)
    path = reeds_shepp_path((x0, y0, h0), (x1, y1), radius, heading=h1, sharpness=sharpness)
    check_reaches(path, (x0, y0), (x1, y1), radius, heading=h1)
    check_steering(path, radius, sharpness)  # at a change of gear the wheels are straight
    arcs = reeds_shepp_path((x0, y0, h0), (x1, y1), radius, heading=h1)
    assert path.length >= arcs.length * (1.0 - 1e-9) - 1e-12


def test_backing_paths_tend_to_reeds_and_shepps():
    rng = np.random.default_rng(2)
    starts = np.column_stack([rng.uniform(-5, 5, (60, 2)), rng.uniform(-np.pi, np.pi, 60)])
    goals = np.column_stack([rng.uniform(-5, 5, (60, 2)), rng.uniform(-np.pi, np.pi, 60)])
    arcs = reeds_shepp_paths(starts, goals[:, :2], 1.0, headings=goals[:, 2]).lengths
    worst = []
    for sharpness in (10.0, 1e3, 1e6):
        steering = reeds_shepp_paths(starts, goals[:, :2], 1.0, headings=goals[:, 2], sharpness=sharpness)
        extra = steering.lengths - arcs
        assert extra.min() >= -1e-9
        worst.append(np.percentile(extra, 90))
    assert worst == sorted(worst, reverse=True) and worst[-1] <= 1e-5


def test_the_one_call_passes_the_sharpness_on():
    to_point = shortest_path((0.0, 0.0, 0.0), (8.0, 3.0), 2.0, sharpness=0.4)
    to_pose = shortest_path((0.0, 0.0, 0.0), (8.0, 3.0), 2.0, heading=1.0, sharpness=0.4)
    backing = shortest_path((0.0, 0.0, 0.0), (-8.0, 3.0), 2.0, heading=0.0, reverse=True, sharpness=0.4)
    for path in (to_point, to_pose, backing):
        assert path.sharpness == 0.4
        check_steering(path, 2.0, 0.4)


@pytest.mark.parametrize("reverse", [False, True])
def test_many_units_to_points_are_each_one_alone(reverse):
    rng = np.random.default_rng(9)
    starts = np.column_stack([rng.uniform(-10, 10, (30, 2)), rng.uniform(-np.pi, np.pi, 30)])
    goals = rng.uniform(-10, 10, (30, 2))
    radii = np.where(np.arange(30) % 2 == 0, 2.0, 3.0)
    paths = shortest_paths(starts, goals, radii, reverse=reverse, sharpness=0.3)
    for k in range(30):
        one = shortest_path_to_point(starts[k], goals[k], radii[k], reverse=reverse, sharpness=0.3)
        assert paths.words[k] == one.word and paths.lengths[k] == pytest.approx(one.length, rel=1e-12)
        assert segments_end(paths.path(k))[:2] == pytest.approx(goals[k], abs=1e-9)
        check_steering(paths.path(k), radii[k], 0.3)


def test_many_seed_turns_refuse_a_point_none_reaches():
    starts, goals = np.zeros((2, 3)), np.array([[10.0, 6.0], [0.3, 0.02]])
    assert plan_turns(starts[:1], goals[:1], 2.0, sharpness=0.3).words.tolist() == ["LS"]
    with pytest.raises(ValueError, match="cannot turn"):
        plan_turns(starts, goals, 2.0, sharpness=0.3)


@settings(max_examples=60, deadline=None)
@given(
    st.tuples(st.floats(-1.0, 1.0), st.floats(-1.0, 1.0), angles),
    st.floats(-1.0, 1.0),
    st.floats(-1.0, 1.0),
    st.floats(-2.0, 1.5),
    st.floats(-1.0, 1.0),
    st.booleans(),
    st.booleans(),
)
# A goal straight ahead: the plain floats' root of the turn was 1e-17 rad (rounding of none), its
# clothoids 3.4e-9 long, where the batch's was 0.
@example((0.0, 0.0, 0.0), 0.0, 0.0625, -1.625, 0.0, False, False)
def test_one_unit_in_plain_floats_is_the_batchs_path(
    start, log_radius, log_sharpness, log_reach, angle, reverse, seed
):
    """One unit a call goes in plain floats (and skips the arrival headings whose arcs alone are
    longer than its best, as no path that steers is shorter than the arcs); many as a batch:
    the same path, to rounding (a tie between mirror images may go either way), at radii 0.1 to
    10, sharpnesses 0.01 to 100, goals from a hundredth of a radius to 30 radii away."""
    radius = 10.0**log_radius
    sharpness = max(10.0 ** (2.0 * log_sharpness), 1.0 / (30.0 * radius**2))
    reach = radius * 10.0**log_reach
    start = (start[0] * radius, start[1] * radius, start[2])
    goal = (start[0] + reach * math.cos(angle * math.pi), start[1] + reach * math.sin(angle * math.pi))
    one_call, batch = (plan_turn, plan_turns) if seed else (shortest_path_to_point, shortest_paths)
    try:
        one = one_call(start, goal, radius, reverse=reverse, sharpness=sharpness)
    except ValueError:  # the seed's turn cannot reach the point: nor can the batch's
        with pytest.raises(ValueError, match="cannot turn"):
            batch([start] * 9, [goal] * 9, radius, reverse=reverse, sharpness=sharpness)
        return
    many = batch([start] * 9, [goal] * 9, radius, reverse=reverse, sharpness=sharpness).path(0)
    assert one.length == pytest.approx(many.length, rel=1e-12, abs=1e-12 * radius)
    if one.word == many.word:
        for field in ("segment_lengths", "turns", "segment_radii", "curvature_rates"):
            assert getattr(one, field) == pytest.approx(getattr(many, field), rel=1e-9, abs=1e-12 * radius)
    check_reaches(one, start[:2], goal, radius)


@pytest.mark.parametrize("seed", [0, 1])
def test_headings_left_unsearched_near_the_unit_hold_no_shorter_path(seed):
    """Near the unit a path to a point tries 16 arrival headings, skipping those whose Dubins
    arcs alone are longer than the best so far: with every heading searched (the arcs taken as
    0 long), the same lengths, one unit a call and as a batch, over goals within two radii."""
    rng = np.random.default_rng(seed)
    radius, sharpness = float(rng.uniform(0.5, 3.0)), float(rng.uniform(0.1, 2.0))
    points = (rng.uniform(-2, 2, 40) + 1j * rng.uniform(-2, 2, 40)) * radius
    unit = steering_unit(1.0 / radius, sharpness)
    every_heading = (
        mock.patch.object(cc_to_point.dubins, "shortest", lambda *given: (None, None, [0.0])),
        mock.patch.object(
            cc_to_point.dubins,
            "dubins_paths",
            lambda starts, *given, **options: mock.Mock(lengths=np.zeros(len(starts))),
        ),
    )
    skipping = cc_to_point.cc_to_point_parts(points, 1.0 / radius, sharpness)[3]
    alone = [cc_to_point.cc_to_point_one(point, unit)[3] for point in points.tolist()]
    with every_heading[0], every_heading[1]:
        searched = cc_to_point.cc_to_point_parts(points, 1.0 / radius, sharpness)[3]
        searched_alone = [cc_to_point.cc_to_point_one(point, unit)[3] for point in points.tolist()]
    tolerance = 1e-12 * (np.abs(points) + radius)
    assert (np.abs(skipping - searched) <= tolerance).all()
    assert (np.abs(np.array(alone) - searched_alone) <= tolerance).all()
    assert (np.abs(skipping - alone) <= tolerance).all()


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.text("LSR", min_size=1, max_size=5), min_size=1, max_size=ONE_BY_ONE),
    st.integers(0, 2**32 - 1),
    st.booleans(),
    st.booleans(),
)
def test_a_few_paths_are_laid_out_as_many_are(words, seed, gentler, backing):
    """Up to ``ONE_BY_ONE`` paths' segments are laid out row by row in plain floats, more all at once:
    the same segments (turns too small for full lock, elementary turns of their own sharpness,
    lines, a shorter word's unused rows, backing)."""
    rng = np.random.default_rng(seed)
    n, letters = len(words), max(len(word) for word in words)
    parts = rng.uniform(0.0, 4.0, (n, letters)) * rng.choice([0.0, 0.1, 1.0], (n, letters))
    radii, starts = rng.uniform(0.5, 3.0, n), rng.uniform(-5.0, 5.0, (n, 3))
    own = rng.uniform(0.05, 0.5, (n, letters)) if gentler else None
    gears = rng.choice([-1.0, 1.0], n) if backing else None
    words = np.array(words)
    few = steering_paths(starts, None, words, parts, radii, 0.5, gears, own)
    more = ONE_BY_ONE + 1  # copies: at least that many rows, laid out at once
    tiled = lambda array: None if array is None else np.tile(array, (more,) + (1,) * (array.ndim - 1))
    rows = (tiled(starts), None, tiled(words), tiled(parts), tiled(radii), 0.5, tiled(gears), tiled(own))
    many = steering_paths(*rows)
    for field in ("turns", "segment_lengths", "segment_radii", "curvature_rates", "gears"):
        if getattr(few, field) is None:
            assert getattr(many, field) is None
        else:
            np.testing.assert_array_equal(getattr(few, field), getattr(many, field)[:n])
