"""The curves scene in an offscreen window, stepped frame by frame on a fixed 60 Hz clock."""

import numpy as np
import pytest

from scene.app import HOLD_AT_END
from tests.scene.conftest import FRAME_RATE, step


def sphere_position(app):
    return np.array(app.sphere.get_pos())


def test_the_sphere_starts_at_the_start_of_the_curve(app):
    start = app.motion.trajectory.evaluate(0.0)
    np.testing.assert_allclose(sphere_position(app), start, atol=1e-5)


def test_the_sphere_follows_the_keyframes_of_the_motion(app):
    for frames in (30, 47, 90, 143):
        step(app, frames)
        t = app.elapsed
        np.testing.assert_allclose(sphere_position(app), app.sampler.position(t), atol=1e-5)  # float32 nodes
        # Between keyframes the sampler blends linearly; it stays close to the exact motion.
        assert np.linalg.norm(sphere_position(app) - app.motion.position(t)) < 0.05
    assert app.elapsed == pytest.approx(310 / FRAME_RATE, abs=1e-9)  # every frame is 1/60 s


def test_the_sphere_moves_as_the_velocity_curve_says(app):
    step(app, 3 * FRAME_RATE)  # half of the 6 s run: ease in-out has covered half the length
    assert app.elapsed == pytest.approx(3.0, abs=1e-12)
    length_travelled = app.motion.trajectory.arc_length.between(0.0, app.motion.parameter(3.0))
    assert length_travelled / app.motion.length == pytest.approx(0.5, abs=1e-12)
    assert np.linalg.norm(sphere_position(app) - app.motion.position(3.0)) < 1e-5


def test_r_restarts_the_run(app):
    step(app, 100)
    assert np.linalg.norm(sphere_position(app) - app.motion.trajectory.evaluate(0.0)) > 1.0
    app.messenger.send("r")
    np.testing.assert_allclose(sphere_position(app), app.motion.trajectory.evaluate(0.0), atol=1e-5)
    assert app.elapsed == 0.0


def test_the_run_rests_at_the_end_then_starts_again(app):
    step(app, round((app.motion.duration + HOLD_AT_END / 2) * FRAME_RATE))
    np.testing.assert_allclose(sphere_position(app), app.motion.trajectory.evaluate(1.0), atol=1e-4)
    step(app, round(HOLD_AT_END * FRAME_RATE))
    assert app.elapsed < 1.0
