"""Continuous-curvature Dubins paths: they reach the goal pose, their curvature is continuous and
within both limits everywhere, they are never shorter than Dubins' and tend to it as the
sharpness grows, and where they keep Dubins' word at full lock they add at most the bound."""

import math
from unittest import mock

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from tests.budget import scaled
from tests.trajectory.plane.cc_steer_reference import cc_steer_length
from tests.trajectory.plane.steering_checks import (
    check_reaches,
    check_steering,
    sharpness_for,
    steering_problems,
)
from trajectory.plane import cc_dubins, cc_dubins_one, dubins_path, dubins_paths
from trajectory.plane.clothoids import full_lock_centre
from trajectory.plane.steering_turns import ONE_BY_ONE, steering_unit

coordinates = st.floats(-20.0, 20.0)
angles = st.floats(-math.pi, math.pi)


@settings(max_examples=40, deadline=None)
@given(
    coordinates,
    coordinates,
    angles,
    coordinates,
    coordinates,
    angles,
    st.floats(0.5, 5.0),
    st.floats(0.05, 3.0),
)
@example(0.0, 1.6096271171234626e-223, 0.0, 0.0, 0.0, 0.0, 1.0, 1.0)  # 1.5e-111 long; Dubins' a loop
@example(-5e-324, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 1.0)  # a line one subnormal long
def test_a_steering_unit_reaches_the_goal_pose_along_continuous_curvature(
    x0, y0, h0, x1, y1, h1, radius, ease
):
    sharpness = sharpness_for(radius, ease)
    path = dubins_path((x0, y0, h0), (x1, y1), radius, heading=h1, sharpness=sharpness)
    check_reaches(path, (x0, y0), (x1, y1), radius, heading=h1)
    scale = math.hypot(x1 - x0, y1 - y0) + radius
    assert path.pose(path.length).tolist() == pytest.approx(
        [x1, y1, math.remainder(h1, 2 * math.pi)], abs=1e-12
    )
    check_steering(path, radius, sharpness)
    dubins = dubins_path((x0, y0, h0), (x1, y1), radius, heading=h1)
    if math.hypot(x1 - x0, y1 - y0) > 1e-9 * scale:  # nearer, the start is the goal: no path is right
        assert path.length >= dubins.length - 1e-9 * scale
    assert path.word in ("LSL", "RSR", "LSR", "RSL", "LRL", "RLR") and path.sharpness == sharpness


@settings(max_examples=scaled(400, 60), deadline=None)
@given(*steering_problems(coordinates, angles))
@example(
    (-6.972, -9.430, 1.0416), (2.827, 0.8068, 7.3654 - 2 * math.pi), 0.0, -1.0
)  # 1.64x theirs, elementary
@example(
    (6.4669, -0.65624, -1.49988), (5.8074, -2.04249, -9.43658 + 2 * math.pi), 0.0, 0.0
)  # LRL: the wrong side kept
def test_never_longer_than_fraichard_and_scheuers_cc_steer(start, goal, log_radius, log_sharpness):
    """At any radius (0.1 to 10) and sharpness (0.01 to 100), the path is valid and no longer
    than the shortest valid CC-Steer path (``cc_steer_reference``, from the paper, which gives the
    C++ library's lengths on 1,200 random problems). Before their elementary turns were taken in,
    the path was longer in 113 of 1,000 problems at sharpness 0.1 (up to 1.64 times), and a CCC
    word kept the longer of its two middle circles."""
    radius, sharpness = 10.0**log_radius, 10.0**log_sharpness
    path = dubins_path(start, goal[:2], radius, heading=goal[2], sharpness=sharpness)
    check_reaches(path, start[:2], goal[:2], radius, heading=goal[2])
    check_steering(path, radius, sharpness)
    reference = cc_steer_length(start, goal, 1.0 / radius, sharpness)
    scale = math.hypot(goal[0] - start[0], goal[1] - start[1]) + radius
    assert path.length <= reference + 1e-9 * scale, (path.length, reference)


def random_poses(count, seed):
    rng = np.random.default_rng(seed)
    starts = np.column_stack([rng.uniform(-10, 10, (count, 2)), rng.uniform(-np.pi, np.pi, count)])
    goals = np.column_stack([rng.uniform(-10, 10, (count, 2)), rng.uniform(-np.pi, np.pi, count)])
    return starts, goals


def test_many_at_once_are_each_one_alone():
    starts, goals = random_poses(60, 1)
    radii = np.where(np.arange(60) % 2 == 0, 2.0, 3.0)
    paths = dubins_paths(starts, goals[:, :2], radii, headings=goals[:, 2], sharpness=0.3)
    for k in range(60):
        one = dubins_path(starts[k], goals[k, :2], radii[k], heading=goals[k, 2], sharpness=0.3)
        assert paths.words[k] == one.word and paths.lengths[k] == pytest.approx(one.length, rel=1e-12)
        alone = paths.path(k)
        assert alone.table.ends()[-1][:2] == pytest.approx(goals[k, :2], abs=1e-9)
    distances = paths.lengths * 0.37
    expected = np.array([paths.path(k).pose(distances[k]) for k in range(60)])
    assert np.abs(paths.pose(distances) - expected).max() <= 1e-12


@pytest.mark.parametrize("sharpness", [0.1, 0.25, 1.0, 5.0, 100.0])
def test_kept_words_add_at_most_each_turns_clothoid_and_centre_shift(sharpness):
    """Where the path keeps Dubins' CSC word with both turns at full lock, each of its two turns
    adds at most its clothoid's length curvature / sharpness, and the line the shift of the
    turns' centres beyond x: L <= L_Dubins + 2 k / s + 2 (|centre - i / k| - x)."""
    radius = 2.0
    curvature = 1.0 / radius
    starts, goals = random_poses(1500, 5)
    cc = dubins_paths(starts, goals[:, :2], radius, headings=goals[:, 2], sharpness=sharpness)
    dubins = dubins_paths(starts, goals[:, :2], radius, headings=goals[:, 2])
    centre = full_lock_centre(curvature, sharpness)
    bound = 2.0 * curvature / sharpness + 2.0 * (abs(centre - 1j / curvature) - centre.real)
    full_lock = np.all(cc.segment_radii[:, [1, 5]] == radius, axis=1)
    kept = (cc.words == dubins.words) & np.array([word[1] == "S" for word in cc.words]) & full_lock
    extra = cc.lengths - dubins.lengths
    assert kept.sum() >= 100
    assert extra[kept].max() <= bound * (1.0 + 1e-9)
    assert extra.min() >= -1e-9  # never shorter than Dubins'


def test_they_tend_to_dubins_as_the_sharpness_grows():
    starts, goals = random_poses(400, 7)
    dubins = dubins_paths(starts, goals[:, :2], 2.0, headings=goals[:, 2]).lengths
    medians, worst = [], []
    for sharpness in (1.0, 10.0, 100.0, 1e4, 1e6):
        extra = (
            dubins_paths(starts, goals[:, :2], 2.0, headings=goals[:, 2], sharpness=sharpness).lengths
            - dubins
        )
        medians.append(np.median(extra))
        worst.append(np.percentile(extra, 99))
        assert np.median(extra) <= 1.0 / sharpness  # about a clothoid's length, 0.5 / sharpness
    assert medians == sorted(medians, reverse=True) and worst == sorted(worst, reverse=True)
    assert worst[-1] <= 1e-5


@pytest.mark.parametrize("sharpness", [0.0, -1.0, math.nan, math.inf, "sharp"])
def test_a_sharpness_that_is_not_a_positive_number_is_refused(sharpness):
    with pytest.raises(ValueError, match="sharpness"):
        dubins_path((0.0, 0.0, 0.0), (5.0, 1.0), 1.0, heading=0.0, sharpness=sharpness)
    with pytest.raises(ValueError, match="sharpness"):
        dubins_paths([[0.0, 0.0, 0.0]], [[5.0, 1.0]], 1.0, headings=[0.0], sharpness=sharpness)


def test_a_goal_at_the_start_is_no_path_at_all():
    path = dubins_path((1.0, 2.0, 0.5), (1.0, 2.0), 1.0, heading=0.5, sharpness=0.5)
    assert path.length == 0.0
    assert path.pose(0.0).tolist() == [1.0, 2.0, 0.5]


AWKWARD = st.tuples(
    st.floats(-1.0, 1.0),
    st.floats(-2.0, 2.0),
    st.floats(-3.0, 1.5),
    st.integers(0, 2**32 - 1),
    st.floats(-150.0, 150.0),
)
"""``awkward_goals``' problem: log10 of the radius, of the sharpness, of the goals' reach in
radii and of the whole problem's size, and a seed."""


def awkward_goals(log_radius, log_sharpness, log_reach, seed, log_size, count, gentlest):
    """``count`` goals (points (count,) complex, headings (count,)) within the reach of the
    start, a fifth dead ahead or behind, a fifth on a grid of quarter radii, some facing as the
    start or back, some headings on a grid of quarter radians; and the radius and sharpness
    (its clothoids turning the unit at most ``gentlest`` radians before full lock, so that the
    search takes bounded time), the whole problem scaled by its size."""
    radius, sharpness = 10.0**log_radius, 10.0**log_sharpness
    sharpness = max(sharpness, 1.0 / (gentlest * radius**2))
    size = 10.0**log_size  # the same shapes at any scale: lengths by size, sharpness by 1 / size²
    radius, sharpness = radius * size, sharpness / size**2
    rng = np.random.default_rng(seed)
    points = (rng.uniform(-1, 1, count) + 1j * rng.uniform(-1, 1, count)) * radius * 10.0**log_reach
    fifth = count // 5
    points[:fifth] = points[:fifth].real
    points[fifth : 2 * fifth] = np.round(points[fifth : 2 * fifth] / radius * 4) * radius / 4
    headings = rng.uniform(-np.pi, np.pi, count)
    headings[: count // 10], headings[count // 10 : count // 6] = 0.0, np.pi
    headings[count // 2 : count * 13 // 20] = np.round(headings[count // 2 : count * 13 // 20] * 4) / 4
    return points, headings, radius, sharpness


@settings(max_examples=scaled(60, 15), deadline=None)
@given(AWKWARD)
@example((0.0, 0.0, 0.0, 0, 0.0))
def test_the_screens_never_drop_a_path_the_full_search_finds(problem):
    """The cheap necessary conditions before each small-turn search: with them switched off (every
    goal searched), the same words and lengths, on goals near and far, on grid points, dead
    ahead and exactly behind, the whole problem scaled by 1e-150 to 1e150."""
    points, headings, radius, sharpness = awkward_goals(*problem, count=400, gentlest=1e3)
    scale = np.abs(points).max()
    screened = cc_dubins.cc_dubins_parts(points, headings, 1.0 / radius, sharpness)
    everyone = lambda points, *rest: np.ones(points.size, dtype=bool)
    with (
        mock.patch.object(cc_dubins, "_csc_may_meet", everyone),
        mock.patch.object(cc_dubins, "_ccc_may_meet", everyone),
    ):
        searched = cc_dubins.cc_dubins_parts(points, headings, 1.0 / radius, sharpness)
    assert (screened[0] == searched[0]).all()
    assert np.abs(screened[3] - searched[3]).max() <= 1e-12 * (scale + radius)


@settings(max_examples=scaled(40, 10), deadline=None)
@given(AWKWARD)
@example((0.0, -1.0, 0.0, 0, 0.0))  # sharpness 0.1 at radius 1: a small turn goes round once more
def test_one_path_in_plain_floats_is_the_batchs_with_or_without_its_screens(problem):
    """``cc_dubins_one`` (a unit's order, a batch of a few) answers the length the numpy batch
    does, to rounding, and mostly its word (two words of one length, as LRL and RLR to a goal
    behind on the axis, may go either way), on the screens test's goals (near and far, on grid
    points, dead ahead and behind, the whole problem scaled by 1e-150 to 1e150); and, with its
    own screens switched off, the same again."""
    points, headings, radius, sharpness = awkward_goals(*problem, count=60, gentlest=30.0)
    batch = cc_dubins.cc_dubins_parts(points, headings, 1.0 / radius, sharpness)
    unit = steering_unit(1.0 / radius, sharpness)
    one = [cc_dubins_one.cc_dubins_one(p, h, unit) for p, h in zip(points.tolist(), headings.tolist())]
    everyone = lambda *given: True
    with (
        mock.patch.object(cc_dubins_one, "_csc_may_meet", everyone),
        mock.patch.object(cc_dubins_one, "_ccc_may_meet", everyone),
    ):
        searched = [
            cc_dubins_one.cc_dubins_one(p, h, unit) for p, h in zip(points.tolist(), headings.tolist())
        ]
    tolerance = 1e-12 * (np.abs(points) + radius)
    for answers in (one, searched):
        words, _, _, lengths = (np.array(column) for column in zip(*answers))
        assert (np.abs(lengths - batch[3]) <= tolerance).all()
        assert (words == batch[0]).mean() >= 0.9


def test_a_few_paths_at_once_are_solved_one_by_one_as_the_batch_would():
    """Up to ``ONE_BY_ONE`` paths of a radius go one by one in plain floats (numpy's fixed cost
    would be most of their time); they are the paths a larger batch gives them."""
    starts, goals = random_poses(3 * ONE_BY_ONE, 4)
    radii = np.where(np.arange(starts.shape[0]) < ONE_BY_ONE, 1.5, 2.5)
    few = slice(0, ONE_BY_ONE)
    alone = dubins_paths(starts[few], goals[few, :2], radii[few], headings=goals[few, 2], sharpness=0.4)
    together = dubins_paths(starts, goals[:, :2], 1.5, headings=goals[:, 2], sharpness=0.4)
    assert (alone.words == together.words[few]).all()
    for field in ("segment_lengths", "turns", "segment_radii", "curvature_rates"):
        assert np.abs(getattr(alone, field) - getattr(together, field)[few]).max() <= 1e-12
