"""Trains: each car where the leader was a gap ago (at constant speed, an independent way to the
same pose), bunched at the start of an open curve, banked by the leader's speed."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.budget import scaled
from trajectory import CubicBezier, FunctionCurve, Motion, Orientation, VelocityCurve
from trajectory.playback import train_poses

LOOP = FunctionCurve(lambda u: (3 * np.cos(2 * np.pi * u), 2 * np.sin(2 * np.pi * u), np.sin(4 * np.pi * u)))
DURATION = 10.0


def constant(curve):
    return Motion(curve, VelocityCurve.constant(), DURATION)


@settings(max_examples=scaled(40), deadline=None)
@given(
    t=st.floats(0.0, DURATION),
    gaps=st.lists(st.floats(0.0, 30.0), min_size=1, max_size=8),
    mode=st.sampled_from([Orientation("minimal", closed=True), "yaw", "up", Orientation("up", bank=True)]),
)
def test_on_a_loop_each_car_is_where_the_leader_was_a_gap_ago(t, gaps, mode):
    motion = constant(LOOP)
    positions, quaternions = train_poses(motion, t, gaps, mode)
    earlier = np.mod(t - np.array(gaps) / motion.length * DURATION, DURATION)  # constant speed
    np.testing.assert_allclose(positions, motion.position(earlier), atol=1e-9)
    np.testing.assert_allclose(quaternions, motion.quaternion(earlier, mode), atol=1e-7)


def test_on_an_open_curve_the_cars_bunch_at_the_start():
    motion = constant(CubicBezier([[0, 0, 0], [1, 2, 0], [3, 2, 0], [4, 0, 0]]))
    gap = 0.4 * motion.length
    positions, _ = train_poses(motion, 0.5 * DURATION, [gap, 2 * gap])
    np.testing.assert_allclose(positions[0], motion.position(0.1 * DURATION), atol=1e-9)
    np.testing.assert_allclose(positions[1], [0.0, 0.0, 0.0], atol=1e-12)


def test_a_banked_train_leans_by_the_leaders_speed():
    """At rest the leader does not lean, so no car does, wherever the curve bends."""
    easing = Motion(LOOP, VelocityCurve.ease_in_out(), DURATION)
    banked, plain = Orientation("up", bank=True), Orientation("up")
    _, leaning = train_poses(easing, 0.0, [5.0], banked)
    _, upright = train_poses(easing, 0.0, [5.0], plain)
    np.testing.assert_allclose(leaning, upright, atol=1e-12)
    _, moving = train_poses(easing, DURATION / 2, [5.0], banked)
    _, unbanked = train_poses(easing, DURATION / 2, [5.0], plain)
    assert np.abs(moving - unbanked).max() > 1e-3


@pytest.mark.parametrize(
    "t, gaps, message",
    [(float("nan"), [1.0], "time"), ("soon", [1.0], "time"), (1.0, [-1.0], "gaps"), (1.0, [np.inf], "gaps")],
)
def test_bad_times_and_gaps_are_refused_by_name(t, gaps, message):
    with pytest.raises(ValueError, match=message):
        train_poses(constant(LOOP), t, gaps)
