"""Many Reeds-Shepp paths at once (``reeds_shepp_paths``) against one at a time
(``reeds_shepp_path``, itself checked against OMPL) and against OMPL directly."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.budget import scaled
from tests.trajectory.plane.test_reeds_shepp import ompl_length, random_cases
from trajectory.plane import reeds_shepp_path, reeds_shepp_paths


def one_by_one(starts, goals, radii):
    return [reeds_shepp_path(s, g[:2], r, heading=g[2]) for s, g, r in zip(starts, goals, radii)]


def to_poses(starts, goals, radius):
    """``reeds_shepp_paths`` to goal poses (x, y, heading) (n, 3)."""
    goals = np.asarray(goals, dtype=float)
    return reeds_shepp_paths(starts, goals[:, :2], radius, headings=goals[:, 2])


def test_every_path_is_the_one_found_alone_on_3000_random_cases():
    """Same word, gears and turns, lengths to 1e-12 of the path; the batch's poses along each
    path within 1e-12 of the single path's; lengths against OMPL to 1e-9 for a sample. Where two
    words tie to rounding (numpy's vector and scalar functions may differ in the last bit), each
    form may take either: their lengths then agree to 1e-12, and the poses are not compared."""
    starts, goals, radii = random_cases(3000, seed=41)
    paths = to_poses(starts, goals, radii)
    alone = one_by_one(starts, goals, radii)
    same = np.array([word == path.word for word, path in zip(paths.words.tolist(), alone)])
    assert same.mean() > 0.99
    ties = np.flatnonzero(~same)
    np.testing.assert_allclose(paths.lengths[ties], [alone[i].length for i in ties], rtol=1e-12, atol=1e-12)
    for index, path in enumerate(alone):
        if not same[index]:
            continue
        batch = paths.path(index)
        assert batch.gears == path.gears and batch.turns == path.turns
        np.testing.assert_allclose(
            batch.segment_lengths, path.segment_lengths, rtol=0, atol=1e-12 * max(1.0, path.length)
        )
    fractions = np.random.default_rng(4).random(len(alone))
    poses = paths.pose(paths.lengths * fractions)
    expected = np.array([path.pose(path.length * f) for path, f in zip(alone, fractions.tolist())])
    scale = 1.0 + paths.lengths[:, None]
    assert np.all(np.abs(poses[same, :2] - expected[same, :2]) <= 1e-12 * scale[same])
    heading_gap = np.abs(np.remainder(poses[:, 2] - expected[:, 2] + math.pi, 2 * math.pi) - math.pi)
    assert np.all(heading_gap[same] <= 1e-12 * scale[same, 0])
    sample = range(0, 3000, 15)
    theirs = [ompl_length(starts[i], goals[i], radii[i]) for i in sample]
    np.testing.assert_allclose(paths.lengths[list(sample)], theirs, rtol=0, atol=1e-9)


def test_the_paths_end_at_their_goals_and_hard_cases_match_the_single_path():
    """Goals a hair beside the start's line, straight ahead or behind, the start itself, a goal
    turned by a whole turn (the same heading): each as ``reeds_shepp_path`` answers it."""
    rng = np.random.default_rng(2512)
    goals = []
    for _ in range(500):
        d, side = 10 ** rng.uniform(-4, 1), rng.choice([-1.0, 1.0])
        beside = min(10 ** rng.uniform(-17, -8), d * d / 8) * rng.choice([-1.0, 1.0])
        goals.append((side * d, beside, rng.choice([0.0, 1e-13, -1e-14])))
    goals += [(0.0, 0.0, 0.0), (0.0, 0.0, 2 * math.pi), (3.0, 0.0, math.pi), (-3.0, 0.0, 0.0)]
    starts = [(0.0, 0.0, 0.0)] * len(goals)
    paths = to_poses(starts, goals, 1.0)
    alone = one_by_one(starts, goals, [1.0] * len(goals))
    assert paths.words.tolist() == [path.word for path in alone]
    np.testing.assert_allclose(paths.lengths, [path.length for path in alone], rtol=0, atol=1e-12)
    np.testing.assert_array_equal(paths.pose(paths.lengths), paths.ends)
    assert paths.path(len(goals) - 4).word == "S" and paths.lengths[-4] == 0.0


@settings(max_examples=scaled(100), deadline=None)
@given(
    st.lists(
        st.tuples(*[st.floats(-15, 15)] * 2, st.floats(-7, 7), *[st.floats(-15, 15)] * 2, st.floats(-7, 7)),
        min_size=1,
        max_size=8,
    ),
    st.floats(0.1, 5),
)
def test_any_poses_give_the_single_paths_lengths(pairs, radius):
    starts, goals = [pair[:3] for pair in pairs], [pair[3:] for pair in pairs]
    paths = to_poses(starts, goals, radius)
    expected = [path.length for path in one_by_one(starts, goals, [radius] * len(pairs))]
    np.testing.assert_allclose(paths.lengths, expected, rtol=0, atol=1e-12 * max(1.0, *expected))


@pytest.mark.parametrize(
    ("starts", "goals", "headings", "radius", "message"),
    [
        ([[0, 0, 0]], [[1, 1], [2, 2]], [0, 0], 1.0, "as many"),
        ([[0, 0, 0]], [[1, 1]], [0, 0], 1.0, "as many"),
        ([[0, 0]], [[1, 1]], [0], 1.0, "shaped"),
        ([[0, 0, math.nan]], [[1, 1]], [0], 1.0, "finite"),
        ([[0, 0, 0]], [[1, 1]], [math.inf], 1.0, "headings"),
        ([[0, 0, 0]], [[1, 1]], ["north"], 1.0, "headings"),
        ([[0, 0, 0]], [[1, 1]], [0], 0.0, "radius"),
        ([[0, 0, 0]], [[1, 1]], [0], [1.0, 2.0], "radius"),
        ("abc", [[1, 1]], [0], 1.0, "starts"),
    ],
)
def test_bad_input_is_refused_by_name(starts, goals, headings, radius, message):
    with pytest.raises(ValueError, match=message):
        reeds_shepp_paths(starts, goals, radius, headings=headings)
