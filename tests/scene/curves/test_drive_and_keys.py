"""The curves mode's velocity presets of issue 13 in an offscreen window: keys (with a hold) edited
in the plot, and "drive it", the fastest motion a car makes, with its top speed on Up / Down, its
jerk limit on J, and its speed limit and binding limits in the plot."""

from pathlib import Path

import numpy as np
import pytest

from scene.curves import presets
from scene.curves.drive import JERK_WORDS, JERKS, TOP_SPEEDS
from scene.curves.run import DEFAULT_DURATION
from scene.curves.velocity_plot import SAMPLES, SPEED_HEIGHT
from tests.scene.helpers import drag_in_plot, move_handle, move_point, press, step
from trajectory import Motion
from trajectory.timing.speed_limits import Binding

HOLD_INDEX = next(i for i, p in enumerate(presets.VELOCITIES) if p.keys and p.name.startswith("keys: a stop"))


def _shift(index):
    return f"shift-{index + 1}"


def _hud(app):
    return "\n".join(app.mode.status_lines())


def test_d_drives_the_fastest_motion_a_car_can(app):
    press(app, "d")
    mode = app.mode
    assert mode.model.velocity_index == presets.DRIVE_INDEX
    expected = Motion.fastest(mode.motion.trajectory, **presets.DRIVE_LIMITS)
    assert mode.motion.duration == expected.duration
    t = np.linspace(0.0, expected.duration, 101)
    assert np.array_equal(mode.motion.position(t), expected.position(t))
    assert f"/ {expected.duration:.4g} s" in _hud(app) and "top speed 5 units/s (Up/Down)" in _hud(app)
    assert "Velocity D: drive it" in _hud(app)  # its key, not a Shift+number past the ninth


def test_up_and_down_change_the_top_speed_and_the_duration_follows(app):
    press(app, "d")
    mode = app.mode
    while mode.model.timing.drive.jerk is not None:  # jerk-limited, the S-bend's car never reaches 5
        press(app, "j")
    step(app, 60)
    before = float(mode.motion.distance(mode.run.time))
    slow = mode.motion.duration
    press(app, "arrow_up")
    assert mode.model.timing.drive.v_max == TOP_SPEEDS[TOP_SPEEDS.index(presets.DRIVE_LIMITS["v_max"]) + 1]
    faster = Motion.fastest(
        mode.motion.trajectory,
        **{**presets.DRIVE_LIMITS, "v_max": mode.model.timing.drive.v_max, "jerk": None},
    )
    assert mode.motion.duration == faster.duration < slow
    assert float(mode.motion.distance(mode.run.time)) == pytest.approx(before, abs=0.02)  # on, no jump
    for _ in range(len(TOP_SPEEDS)):
        press(app, "arrow_down")
    assert mode.model.timing.drive.v_max == TOP_SPEEDS[0]
    assert mode.model.timing.duration == DEFAULT_DURATION  # the other presets' run is untouched


def test_the_plot_shows_the_speed_limit_and_the_binding_limits_only_when_driving(app):
    plot = app.mode.plot
    press(app, "d")
    motion = app.mode.motion
    assert not plot.limits.line.path.is_hidden() and plot.limits.band is not None
    drawn = {child.name for child in plot.limits.band.get_children()}
    assert drawn == {stretch.binding.name.lower() for stretch in motion.velocity.stretches}
    assert {Binding.ACCELERATING.name.lower(), Binding.BRAKING.name.lower()} <= drawn
    assert all(not text.is_hidden() for text in plot.limits.legend)
    # The grey line is the limit where the car is at each sample time, on the speed panel's scale
    # (whose top is the top speed), in float32.
    rows = np.frombuffer(memoryview(plot.limits.line._data.get_array(0)).cast("B"), dtype=np.float32)
    heights = rows.reshape(SAMPLES, 4)[:, 2] - plot._speed_base
    s = motion.velocity.distance_at_time(np.linspace(0.0, 1.0, SAMPLES))
    limit = motion.velocity.limits.speeds(motion.trajectory, s) * motion.duration / motion.length
    np.testing.assert_allclose(heights, np.minimum(limit / plot._peak, 1.0) * SPEED_HEIGHT, atol=1e-5)
    assert heights.max() == pytest.approx(SPEED_HEIGHT / 1.1, abs=1e-5)  # the straights: v_max
    press(app, _shift(0))
    assert plot.limits.line.path.is_hidden() and plot.limits.band is None
    assert all(text.is_hidden() for text in plot.limits.legend)


def test_a_keyed_preset_passes_its_keys_and_holds(app):
    press(app, _shift(HOLD_INDEX))
    mode = app.mode
    (t1, s1), (t2, s2) = mode.model.velocities[HOLD_INDEX].keys
    assert s1 == s2  # a hold
    duration = mode.motion.duration
    assert float(mode.motion.distance(t1 * duration)) == pytest.approx(s1, abs=1e-14)
    held = mode.motion.position(np.linspace(t1, t2, 21) * duration)
    assert np.abs(held - held[0]).max() == 0.0


def test_a_key_move_that_would_send_the_object_back_is_refused_and_said(app):
    press(app, _shift(HOLD_INDEX))
    mode = app.mode
    keys = mode.model.velocities[HOLD_INDEX].keys
    move_handle(mode, 0, (0.35, 0.7))  # above the next key's s = 0.5
    assert "Refused" in app.messages.current and "s may not decrease" in app.messages.current
    move_handle(mode, 1, (0.2, 0.5))  # before the first key's t = 0.35
    assert "keys keep their order" in app.messages.current
    duration = mode.motion.duration  # in seconds, as the plot's time axis (it said "t = 0.00 and 0.65")
    assert f"between {0.35 * duration:.2f} s and {1.0 * duration:.2f} s" in app.messages.current
    assert mode.model.velocities[HOLD_INDEX].keys == keys  # nothing the user made is lost
    move_handle(mode, 0, (0.3, 0.35))
    assert mode.model.velocities[HOLD_INDEX].keys[0] == (0.3, 0.35)
    assert float(mode.motion.distance(0.3 * mode.motion.duration)) == pytest.approx(0.35, abs=1e-14)
    assert "(edited)" in _hud(app)


def test_a_refusal_goes_when_another_velocity_curve_is_chosen(app):
    """A "Refused..." message stayed on screen over the next velocity curve."""
    press(app, _shift(HOLD_INDEX))
    move_handle(app.mode, 0, (0.35, 0.7))
    assert app.messages.current.startswith("Refused")
    press(app, "shift-1")
    assert app.messages.current == ""
    app.messages.say("Saved")  # other messages stay their time
    press(app, "shift-2")
    assert app.messages.current == "Saved"


def test_the_speed_panel_names_the_top_speed_not_its_scale(app):
    """It said "top: 2.95 units/s", the panel's scale, where the top speed was 2.69."""
    for velocity in ("shift-1", "shift-2", "shift-6", _shift(HOLD_INDEX)):
        press(app, velocity)
        motion = app.mode.motion
        top = float(motion.speed(np.linspace(0.0, motion.duration, 20001)).max())
        assert f"speed, up to {top:.3g} units/s" == app.mode.plot._texts["peak"].getText()


def test_a_key_dragged_with_the_mouse_follows_it(app, pointer):
    press(app, _shift(HOLD_INDEX))
    mode = app.mode
    before = np.array(mode.model.velocities[HOLD_INDEX].keys[1])
    target = before + (0.1, 0.2)
    drag_in_plot(app, pointer, before, target)
    np.testing.assert_allclose(mode.model.velocities[HOLD_INDEX].keys[1], target, atol=1e-6)
    t, s = mode.model.velocities[HOLD_INDEX].keys[1]
    assert float(mode.motion.distance(t * mode.motion.duration)) == pytest.approx(s, abs=1e-13)


def test_edited_keys_are_saved_and_loaded_back(app, presets_file):
    from scene.curves.user_presets import PresetsFile

    press(app, _shift(HOLD_INDEX))
    move_handle(app.mode, 0, (0.3, 0.35))
    press(app, "s")
    _, velocities = PresetsFile(presets_file).load(presets.TRAJECTORIES, presets.VELOCITIES)
    assert velocities[HOLD_INDEX].keys == ((0.3, 0.35), (0.65, 0.5))
    assert velocities[HOLD_INDEX].name == presets.VELOCITIES[HOLD_INDEX].name


def test_dragging_the_trajectory_while_driving_rebuilds_the_fastest_motion(app):
    press(app, "d")
    mode = app.mode
    before = mode.motion.duration
    points = np.array(mode.model.grabbable())
    assert move_point(mode, 1, points[1] + (0.0, 0.0, 3.0))
    assert mode.motion.duration != before
    assert mode.motion.duration == Motion.fastest(mode.motion.trajectory, **presets.DRIVE_LIMITS).duration


def test_while_driving_an_edit_works_out_the_fastest_motion_once(app, pointer, monkeypatch):
    """The edit checks the car's motion, the rebuild uses it: it was worked out twice."""
    from scene.ui.pointer import to_film

    press(app, "d")
    mode, calls = app.mode, []
    fastest = Motion.fastest
    monkeypatch.setattr(
        Motion, "fastest", lambda *args, **kwargs: calls.append(1) or fastest(*args, **kwargs)
    )
    pointer.at = to_film(app, mode.model.grabbable()[1])
    press(app, "mouse1")
    for _ in range(3):
        pointer.at = (pointer.at[0] + 0.02, pointer.at[1])
        step(app)
    assert len(calls) == 3  # one a move
    expected = fastest(mode.motion.trajectory, **presets.DRIVE_LIMITS)
    assert mode.motion.duration == expected.duration  # and it is the car's motion for the curve shown
    press(app, "mouse1-up")


def test_j_steps_the_jerk_limit_and_the_drive_follows_it(app):
    """The car's own jerk limit smooths its acceleration (no jump anywhere); J steps through the
    limits, round to none, where the acceleration jumps from accelerating to braking."""
    press(app, "d")
    mode = app.mode
    assert mode.model.timing.drive.jerk == presets.DRIVE_LIMITS["jerk"]
    t = np.linspace(0.0, mode.motion.duration, 20_001)
    steps = np.abs(np.diff(mode.motion.acceleration(t))) / np.diff(t)
    assert steps.max() <= presets.DRIVE_LIMITS["jerk"] * (1 + 1e-6)
    assert Binding.JERK in [stretch.binding for stretch in mode.motion.velocity.stretches]
    assert "jerk 8 units/s³ (J)" in _hud(app)
    seen = [mode.model.timing.drive.jerk]
    for _ in range(len(JERKS)):
        press(app, "j")
        seen.append(mode.model.timing.drive.jerk)
        expected = Motion.fastest(mode.motion.trajectory, **{**presets.DRIVE_LIMITS, "jerk": seen[-1]})
        assert mode.motion.duration == expected.duration
    assert sorted(seen[:-1], key=lambda jerk: jerk or 0.0) == list(JERKS) and seen[-1] == seen[0]
    while mode.model.timing.drive.jerk is not None:
        press(app, "j")
    assert "no jerk limit (J)" in _hud(app)
    jumps = np.abs(np.diff(mode.motion.acceleration(t)))
    assert jumps.max() >= presets.DRIVE_LIMITS["accel"]  # from accelerating to braking at once
    assert Binding.JERK not in [stretch.binding for stretch in mode.motion.velocity.stretches]


def test_the_jerk_steps_are_said_from_the_one_list_everywhere(app):
    """The key help, the README and the scene's guide name the steps J goes through as
    ``drive.JERKS`` has them (they were typed in four places)."""
    assert JERK_WORDS == "none, 2, 4, 8, 16, 32 units/s³"  # the words of the list as it stands
    root = Path(__file__).resolve().parents[3]
    for page in (root / "README.md", root / "docs" / "scene.md"):
        assert JERK_WORDS in page.read_text(), page
    jerk_help = [binding.help for binding in app.mode.bindings if binding.keys == "J"]
    assert jerk_help == [f"the car's jerk limit: {JERK_WORDS}"]
