import numpy as np
import pytest

from trajectory import CubicBezier, Motion, VelocityCurve
from trajectory.playback import KeyframeSampler


@pytest.fixture
def motion():
    curve = CubicBezier([[0, 0, 0], [1, 3, 0], [3, -1, 2], [4, 0, 0]])
    return Motion(curve, VelocityCurve.ease_in_out(), duration=1.05)


def test_keyframes_are_exact_and_in_between_is_linear(motion):
    sampler = KeyframeSampler(motion, 0.1)
    np.testing.assert_allclose(sampler.keyframe_times[[0, 1, -2, -1]], [0, 0.1, 1.0, 1.05])
    for key in sampler.keyframe_times:
        np.testing.assert_allclose(sampler.position(key), motion.position(key), atol=1e-14)
    a, b = motion.position(0.3), motion.position(0.4)
    np.testing.assert_allclose(sampler.position(0.325), a + 0.25 * (b - a), atol=1e-14)
    np.testing.assert_allclose(
        sampler.position(1.04),
        motion.position(1.0) + 0.8 * (motion.position(1.05) - motion.position(1.0)),
        atol=1e-14,
    )


def test_batch_matches_scalar_calls_in_any_order(motion):
    sampler = KeyframeSampler(motion, 0.07)
    t = np.random.default_rng(1).uniform(-0.5, 1.5, 200)
    np.testing.assert_allclose(sampler.position(t), [sampler.position(x) for x in t], atol=1e-14)


def test_interval_units(motion):
    assert KeyframeSampler.every_milliseconds(motion, 50).interval == pytest.approx(0.05)
    assert KeyframeSampler.every_frames(motion, 10, frame_rate=60).interval == pytest.approx(1 / 6)


def test_a_finer_interval_is_closer_to_the_exact_motion(motion):
    t = np.linspace(0, 1.05, 1001)
    errors = [
        np.abs(KeyframeSampler(motion, dt).position(t) - motion.position(t)).max() for dt in (0.2, 0.1, 0.05)
    ]
    assert errors[0] > errors[1] > errors[2]
    assert errors[1] / errors[2] == pytest.approx(4, rel=0.35)  # linear interpolation: O(dt^2)


@pytest.mark.parametrize("interval", [0, -0.1, float("nan"), float("inf")])
def test_bad_intervals_are_named(motion, interval):
    with pytest.raises(ValueError, match="keyframe interval must be a positive finite number"):
        KeyframeSampler(motion, interval)
    with pytest.raises(ValueError, match="keyframe interval"):
        KeyframeSampler.every_milliseconds(motion, interval)


@pytest.mark.parametrize("frames", [0, -3, 2.5, True])
def test_bad_frame_counts_are_named(motion, frames):
    with pytest.raises(ValueError, match="whole number of frames"):
        KeyframeSampler.every_frames(motion, frames)
