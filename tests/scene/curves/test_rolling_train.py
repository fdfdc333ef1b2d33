"""The coaster's train rolls under gravity, as a person finds it: choosing the coaster picks the
roll (Shift+9 picks it for any curve); the train is pulled up its first climb at the lift's speed
(Up / Down) and rolls freely after it, v² = v_lift² + 2 g (z_crest - z); the HUD says so."""

import numpy as np

from scene.curves import presets
from scene.curves.roll import LIFT_SPEEDS, first_climb
from tests.scene.helpers import press
from trajectory.playback import GRAVITY


def lift_and_roll(motion, lift_speed):
    """(on the lift, its speeds), (after it, the speeds and what energy says they are)."""
    curve = motion.trajectory
    ((_, top, _),) = first_climb(curve, lift_speed)
    t = np.linspace(0.0, motion.duration, 3001)
    s, v, z = motion.distance(t) * motion.length, motion.speed(t), motion.position(t)[:, 2]
    crest = curve.evaluate(curve.arc_length.parameter(top / curve.length))[2]
    on, after = s < top * (1 - 1e-9), s > top * (1 + 1e-9)
    return v[on], (v[after] ** 2, lift_speed**2 + 2 * GRAVITY * (crest - z[after]))


def test_the_coaster_rolls_up_its_lift_and_down_by_gravity(app):
    mode = app.mode
    press(app, str(presets.COASTER_INDEX + 1))
    assert mode.model.rolling and mode.model.velocity_index == presets.ROLL_INDEX
    lines = mode.status_lines()
    assert any(line.startswith("Velocity Shift+9: roll under gravity") for line in lines)
    assert any(line.startswith("train: leaves and climbs its first hill at 2.5 units/s") for line in lines)
    on_lift, (squared, by_energy) = lift_and_roll(mode.motion, mode.model.timing.roll.speed)
    np.testing.assert_allclose(on_lift, 2.5, rtol=1e-9)
    np.testing.assert_allclose(squared, by_energy, rtol=1e-9)
    assert squared.max() > 64.0  # down the first drop at over 8 units/s


def test_up_and_down_change_the_lift_s_speed_and_the_run_follows(app):
    mode = app.mode
    press(app, str(presets.COASTER_INDEX + 1))
    slow = mode.motion.duration
    press(app, "arrow_up")
    faster = LIFT_SPEEDS[LIFT_SPEEDS.index(2.5) + 1]
    assert mode.model.timing.roll.speed == faster
    on_lift, (squared, by_energy) = lift_and_roll(mode.motion, faster)
    np.testing.assert_allclose(on_lift, faster, rtol=1e-9)
    np.testing.assert_allclose(squared, by_energy, rtol=1e-9)
    assert mode.motion.duration < slow
    for _ in range(len(LIFT_SPEEDS) + 1):
        press(app, "arrow_down")
    assert mode.model.timing.roll.speed == LIFT_SPEEDS[0]


def test_shift_9_rolls_any_curve_and_the_other_velocities_come_back(app):
    mode = app.mode
    press(app, "shift-9")
    assert mode.motion.velocity.name == "rolling under gravity"
    press(app, "shift-2")
    assert not mode.model.rolling and mode.motion.velocity.name == "ease in-out"
