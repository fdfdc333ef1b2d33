"""The curves mode in an offscreen window, stepped frame by frame on a fixed 60 Hz clock, driven by
the same key events a keyboard sends."""

import json
import re

import numpy as np
import pytest

from scene.curves import curve_edits as edits
from scene.curves import presets
from scene.curves.looks import Look
from scene.curves.roll import Roll
from scene.curves.run import DEFAULT_DURATION
from scene.curves.setting_tools import KEYFRAME_INTERVALS
from scene.curves.velocity_plot import SPEED_HEIGHT
from scene.ui.pointer import to_film
from tests.scene.helpers import (
    FRAME_RATE,
    assert_documented,
    drag_in_plot,
    move_handle,
    move_point,
    press,
    step,
)
from trajectory import Motion


def sphere(app):
    return np.array(app.mode.sphere.get_pos())


def test_the_sphere_starts_at_the_start_and_follows_the_keyframes(app):
    mode = app.mode
    np.testing.assert_allclose(sphere(app), mode.motion.trajectory.evaluate(0.0), atol=1e-5)
    for frames in (30, 47, 90, 143):
        step(app, frames)
        np.testing.assert_allclose(sphere(app), mode.sampler.position(mode.run.time), atol=1e-4)
        assert np.linalg.norm(sphere(app) - mode.motion.position(mode.run.time)) < 0.05
    assert mode.run.time == pytest.approx(310 / FRAME_RATE, abs=1e-9)


def test_the_sphere_moves_as_the_velocity_curve_says(app):
    step(app, 3 * FRAME_RATE)  # half of the 6 s run: the seed's ease in-out has covered half the length
    motion = app.mode.motion
    assert motion.trajectory.arc_length.at(motion.parameter(3.0)) / motion.length == pytest.approx(
        0.5, abs=1e-12
    )
    assert np.linalg.norm(sphere(app) - motion.position(3.0)) < 1e-4


def test_r_restarts_and_the_run_loops(app):
    step(app, 100)
    press(app, "r")
    assert app.mode.run.time == pytest.approx(1 / FRAME_RATE)
    step(app, round(DEFAULT_DURATION * FRAME_RATE) - 1)  # to the end exactly: the rider is there
    np.testing.assert_allclose(sphere(app), app.mode.motion.trajectory.evaluate(1.0), atol=1e-4)
    step(app, 30)
    assert app.mode.run.time == pytest.approx(30 / FRAME_RATE)  # round again


@pytest.mark.parametrize("index", range(len(presets.TRAJECTORIES)))
def test_number_keys_choose_the_trajectory_and_restart(app, index):
    step(app, 50)
    press(app, str(index + 1))
    mode = app.mode
    assert mode.model.trajectory_index == index
    expected = presets.TRAJECTORIES[index].curve()
    np.testing.assert_allclose(mode.motion.trajectory.evaluate(0.3), expected.evaluate(0.3), atol=1e-12)
    assert mode.run.time == pytest.approx(1 / FRAME_RATE)


@pytest.mark.parametrize("index", range(min(len(presets.VELOCITIES), 9)))
def test_shift_number_keys_choose_the_velocity_curve(app, index):
    press(app, f"shift-{index + 1}")
    velocity = app.mode.motion.velocity
    preset = presets.VELOCITIES[index]
    if preset.drive:  # the car's fastest motion brings its own velocity curve
        expected = Motion.fastest(app.mode.motion.trajectory, **presets.DRIVE_LIMITS).velocity
    elif preset.rolling:  # so does the train's roll
        expected = Roll().motion(app.mode.motion.trajectory, "exact").velocity
    else:
        expected = preset.curve()
    t = np.linspace(0, 1, 11)
    np.testing.assert_allclose(velocity.distance_at_time(t), expected.distance_at_time(t), atol=1e-12)


def test_space_pauses_and_goes_on(app):
    step(app, 20)
    press(app, "space")
    paused_at = app.mode.run.time
    step(app, 30)
    assert app.mode.run.time == paused_at
    press(app, "space")
    assert app.mode.run.time > paused_at


def test_duration_interval_and_method_keys(app):
    mode = app.mode
    press(app, "arrow_up")
    assert (
        mode.model.timing.duration > DEFAULT_DURATION and mode.motion.duration == mode.model.timing.duration
    )
    press(app, "arrow_down")
    press(app, "arrow_down")
    assert mode.model.timing.duration < DEFAULT_DURATION
    interval = mode.sampler.interval
    press(app, "arrow_right")
    assert mode.sampler.interval > interval
    for _ in range(10):
        press(app, "arrow_left")
    assert mode.sampler.interval == pytest.approx(KEYFRAME_INTERVALS[0])
    press(app, "m")
    assert mode.motion.method == "chord"
    assert np.abs(app.mode.plot.rate_errors).max() > 1e-4  # the seed's ripple shows in the plot
    press(app, "m")
    assert mode.motion.method == "exact"
    assert np.abs(app.mode.plot.rate_errors).max() < 1e-8


def test_help_lists_every_binding(app):
    assert not app.help.visible
    press(app, "h")
    assert app.help.visible
    listed = app.help.keys.getText()
    for binding in (*app.bindings, *app.mode.bindings):
        assert binding.keys in listed
    press(app, "h")
    assert not app.help.visible


def test_hud_names_the_curves_and_the_state(app):
    step(app, 10)
    lines = app.hud.text.getText().split("\n")
    patterns = (
        r"Curves mode \(Tab: next\)",
        r"Trajectory 1: S-bend",
        r"Velocity Shift\+2: ease in-out \(seed\)",
        r"t +\d+\.\d\d / 6 s  x1 loops",
        r"s 0\.\d{4} +u 0\.\d{4}",
        r"speed \d+\.\d\d units/s   events passed 0 \(E\)",
        r"keyframes every 100 ms \(6 frames\), method: exact \(M\)",
        r"sphere \(G\), facing: up nearest \+Z \(O\)",
        r"the curve built as the line \(W\)",
        r"\d+ fps +H: help",
    )
    assert len(lines) == len(patterns)
    for line, pattern in zip(lines, patterns):
        assert re.fullmatch(pattern, line), (line, pattern)


def test_moving_a_control_point_rebuilds_the_curve(app):
    mode = app.mode
    before = mode.motion.trajectory.evaluate(0.5)
    assert move_point(mode, 1, (0.0, 9.0, 6.0))
    after = mode.motion.trajectory.evaluate(0.5)
    assert np.linalg.norm(after - before) > 1.0
    np.testing.assert_allclose(mode.model.trajectories[0].points[1], (0.0, 9.0, 6.0))
    step(app, 5)
    np.testing.assert_allclose(sphere(app), mode.sampler.position(mode.run.time), atol=1e-4)


def test_a_point_move_that_breaks_the_curve_is_refused_and_said(app):
    mode = app.mode
    for index in range(3):  # all four points together: no length
        move_point(mode, index, mode.model.trajectories[0].points[3])
    assert "no length" in app.messages.current
    assert mode.motion.length > 1.0


def test_what_a_tool_asks_for_stops_at_the_first_refused_edit_and_is_said_only_when_made(app):
    mode = app.mode
    look = mode.model.look
    asked = edits.Asked((edits.DeleteKnot(99), edits.SetLook(Look.TUBE)), "all made")
    assert not mode.ask(lambda: asked)
    assert mode.model.look is look and "Refused" in app.messages.current  # the look never asked
    assert mode.ask(lambda: edits.Asked((edits.SetLook(Look.TUBE),), "all made"))
    assert mode.model.look is Look.TUBE and app.messages.current == "all made"
    assert not mode.ask(lambda: None)  # a tool that asks nothing (having said why)


def test_a_velocity_handle_drag_that_breaks_t_is_refused_and_said(app):
    mode = app.mode
    press(app, "shift-6")  # CSS ease, editable
    controls = mode.model.velocities[5].controls
    move_handle(mode, 0, (1.4, 0.5))  # x1 > 1: T would not be monotone
    message = app.messages.current
    duration = mode.motion.duration  # the plot's time axis is in seconds, and so is the refusal
    assert "Refused" in message and f"go back in time: it would be at {1.4 * duration:.2f} s" in message
    assert f"between 0.00 s and {duration:.2f} s" in message
    assert mode.model.velocities[5].controls == controls
    move_handle(mode, 0, (0.6, 0.2))
    assert mode.model.velocities[5].controls[0] == pytest.approx((0.6, 0.2))
    assert mode.motion.velocity.distance_at_time(0.5) == pytest.approx(
        presets.VELOCITIES[5].curve(((0.6, 0.2), (0.25, 1.0))).distance_at_time(0.5), abs=1e-12
    )


def vertices(geometry):
    """The (count, 3) vertex positions a LineStrip or PointSet draws."""
    rows = np.frombuffer(memoryview(geometry._data.get_array(0)).cast("B"), dtype=np.float32)
    return rows.reshape(geometry.count, 4)[:, :3]


def test_a_velocity_curve_with_a_vertical_tangent_plots_and_runs(app):
    """cubic-bezier(1, 0, 0, 1) is infinitely fast for an instant at t = 1/2: the plot keeps a
    readable scale with the spike at its top, and the marker stays on the panel."""
    mode = app.mode
    press(app, "shift-6")
    move_handle(mode, 0, (1.0, 0.0))
    move_handle(mode, 1, (0.0, 1.0))
    assert mode.motion.velocity.rate_at_time(0.5) == np.inf
    mode.run.playhead.seek(
        time=mode.model.timing.duration / 2 - 1 / 60
    )  # the next frame lands on t = 1/2 exactly
    step(app)
    plot = mode.plot
    assert mode.sphere.get_pos().almost_equal(
        tuple(mode.motion.position(mode.model.timing.duration / 2)), 1e-5
    )
    for geometry in (plot.intended_line, plot.speed_line, plot.markers):
        assert np.all(np.isfinite(vertices(geometry)))
    top = plot._speed_base + SPEED_HEIGHT
    assert vertices(plot.markers)[1, 2] == pytest.approx(top, abs=1e-6)
    assert vertices(plot.intended_line)[:, 2].max() == pytest.approx(top, abs=1e-6)


def test_saving_writes_the_edited_curves_and_a_new_start_loads_them(app, presets_file):
    from scene.app import SceneApp

    move_point(app.mode, 0, (-7.0, -3.0, 2.0))
    press(app, "s")
    assert "Saved 1 edited curve" in app.messages.current
    saved = json.loads(presets_file.read_text())
    assert saved["trajectories"][0]["points"][0] == [-7.0, -3.0, 2.0]
    app.destroy()
    again = SceneApp("curves", presets_file, window_type="offscreen", frame_rate=FRAME_RATE)
    try:
        np.testing.assert_allclose(again.mode.motion.trajectory.evaluate(0.0), (-7.0, -3.0, 2.0), atol=1e-12)
        assert "(edited)" in "\n".join(again.mode.status_lines())
    finally:
        again.destroy()


def test_a_corrupt_presets_file_is_reported_left_alone_and_the_built_ins_used(presets_file):
    from scene.app import SceneApp

    presets_file.parent.mkdir(parents=True)
    presets_file.write_text(
        '{"format": "curves-in-motion presets", "version": 1, "trajectories": [{"name": "S-bend"'
    )
    before = presets_file.read_bytes()
    app = SceneApp("curves", presets_file, window_type="offscreen", frame_rate=FRAME_RATE)
    try:
        assert "was not loaded" in app.messages.current and str(presets_file) in app.messages.current
        assert app.mode.model.trajectories == presets.TRAJECTORIES
        assert presets_file.read_bytes() == before
    finally:
        app.destroy()


def test_the_plot_is_anchored_to_the_bottom_right_corner(app):
    assert app.mode.plot.root.get_parent() == app.a2dBottomRight


def test_a_live_drag_measures_the_speed_when_let_go(app, pointer):
    """A drag with the mouse, as a person does it: press on a control point, move, let go."""
    mode = app.mode
    grabbed = mode.model.grabbable()[1]
    pointer.at = to_film(app, grabbed)
    press(app, "mouse1")
    peaks = set()
    for frame in range(1, 6):
        pointer.at = (pointer.at[0] + 0.03, pointer.at[1] - 0.02)
        step(app)
        assert "when you let go" in mode.plot._texts["ripple"].getText()
        peaks.add(mode.plot._texts["peak"].getText())  # the speed scale follows the length
    assert np.linalg.norm(np.array(mode.model.grabbable()[1]) - grabbed) > 0.5 and len(peaks) > 1
    press(app, "mouse1-up")
    assert "max" in mode.plot._texts["ripple"].getText()
    assert np.abs(mode.plot.rate_errors).max() < 1e-8


def test_an_undo_in_a_drag_lets_go_and_draws_it(app, pointer):
    """Ctrl+Z with the mouse still down: the drag is let go (its marker hidden, the speed
    measured) and undone whole; with nothing moved, nothing to undo, but let go all the same."""
    mode = app.mode
    grabbed = tuple(mode.model.grabbable()[1])
    pointer.at = to_film(app, grabbed)
    press(app, "mouse1")
    assert not mode.drawing.grabbed_marker.path.is_hidden()
    press(app, "control-z")  # nothing moved yet
    assert mode.model.drag is None and mode.drawing.grabbed_marker.path.is_hidden()
    assert app.messages.current == "Nothing to undo"
    press(app, "mouse1-up")
    press(app, "mouse1")
    for _ in range(3):
        pointer.at = (pointer.at[0] + 0.03, pointer.at[1] - 0.02)
        step(app)
    assert "when you let go" in mode.plot._texts["ripple"].getText()
    press(app, "control-z")
    step(app)
    assert mode.model.drag is None and mode.drawing.grabbed_marker.path.is_hidden()
    assert tuple(mode.model.grabbable()[1]) == grabbed and "max" in mode.plot._texts["ripple"].getText()
    press(app, "mouse1-up")


def test_the_docs_list_every_binding(app):
    assert_documented((*app.bindings, *app.mode.bindings))


def test_a_velocity_handle_dragged_with_the_mouse_follows_it(app, pointer):
    mode = app.mode
    press(app, "shift-6")  # CSS ease, editable
    before = np.array(mode.model.velocities[5].controls[0])
    target = before + (0.1, 0.15)
    drag_in_plot(app, pointer, before, target)
    # The screen transforms are single precision: the handle lands within a few float32 ulps.
    np.testing.assert_allclose(mode.model.velocities[5].controls[0], target, atol=1e-6)
    expected = presets.VELOCITIES[5].curve((mode.model.velocities[5].controls[0], (0.25, 1.0)))
    assert mode.motion.velocity.distance_at_time(0.5) == pytest.approx(
        expected.distance_at_time(0.5), abs=1e-12
    )


def test_a_shift_drag_moves_a_control_point_along_the_view_only(app, pointer):
    mode = app.mode
    grabbed = np.array(mode.model.grabbable()[1])
    view = np.array(app.render.get_relative_vector(app.camera, (0, 1, 0)))
    pointer.at = to_film(app, grabbed)
    press(app, "shift-mouse1")
    pointer.at = (pointer.at[0], pointer.at[1] + 0.05)
    step(app)
    press(app, "mouse1-up")
    moved = np.array(mode.model.grabbable()[1]) - grabbed
    assert np.linalg.norm(moved) > 0.1
    np.testing.assert_allclose(np.cross(moved, view), 0.0, atol=1e-9 * np.linalg.norm(moved))


def test_pressing_where_there_is_no_control_point_orbits_instead(app, pointer):
    mode = app.mode
    points = [tuple(p) for p in mode.model.grabbable()]
    pointer.at = (0.95, 0.95)
    press(app, "mouse1")
    pointer.at = (0.85, 0.9)
    step(app)
    press(app, "mouse1-up")
    assert [tuple(p) for p in mode.model.grabbable()] == points and mode.model.drag is None


def test_every_keyframe_interval_is_whole_frames_and_said_in_both_units():
    """The steps once mixed frames and milliseconds in one cycle ("1 frame", "50 ms", ...)."""
    from scene.curves.setting_tools import KEYFRAME_INTERVALS, interval_words

    assert list(KEYFRAME_INTERVALS) == sorted(KEYFRAME_INTERVALS)
    for seconds in KEYFRAME_INTERVALS:
        frames = seconds * 60
        assert abs(frames - round(frames)) < 1e-9
        assert interval_words(seconds) == f"{round(seconds * 1000)} ms ({round(frames)} frame" + (
            "s)" if round(frames) != 1 else ")"
        )
    assert interval_words(1 / 60) == "17 ms (1 frame)" and interval_words(0.5) == "500 ms (30 frames)"


@pytest.mark.parametrize(
    ("value", "shown"), [(-1e-17, "0.00"), (-0.004, "0.00"), (0.0, "0.00"), (-0.25, "-0.25")]
)
def test_a_dragged_point_s_coordinates_never_read_minus_zero(value, shown):
    from scene.curves.curve_editor import _hundredths

    assert _hundredths(value) == shown


def test_saving_with_nothing_edited_says_so(app, presets_file):
    """S with nothing edited said "Saved 0 edited curves"."""
    press(app, "s")
    assert app.messages.current == f"Saved to {presets_file}: no curve differs from the built-in ones"


def test_the_felt_forces_never_read_minus_nought():
    """A force that rounds to 0 from below read "-0.00 g right"."""
    from scene.curves.curves_status import felt_words

    assert felt_words((-0.004, 1e-17, -0.0)) == "felt: +0.00 g up, +0.00 g right, +0.00 g forward"
    assert felt_words((-0.006, 0.5, 1.0)) == "felt: +1.00 g up, -0.01 g right, +0.50 g forward"


def test_a_velocity_handle_dragged_past_its_limit_is_held_where_it_last_worked_and_says_so(app, pointer):
    """Dragged up past the end of the curve, the handle stayed at the last place that worked
    while the message said "Refused:": it is held there, the message says so, and S saves it."""
    from panda3d.core import Point3

    from scene.curves.velocity_plot import DISTANCE_HEIGHT, WIDTH

    press(app, "shift-6")  # CSS ease: editable handles
    mode, plot = app.mode, app.mode.plot
    index = 0

    def film(unit):
        local = Point3(unit[0] * WIDTH, 0.0, plot._distance_base + unit[1] * DISTANCE_HEIGHT)
        point = app.render2d.get_relative_point(plot.root, local)
        return (point.x, point.z)

    start = tuple(mode.model.velocity.handles[index])
    pointer.at = film(start)
    press(app, "mouse1")
    for s in np.linspace(start[1], 3.0, 60):  # up, well past the top
        pointer.at = film((start[0], s))
        step(app)
    press(app, "mouse1-up")
    held = mode.model.velocity.handles[index]
    assert app.messages.current.startswith("Held at the last place that works: ")
    assert "past the end of the curve" in app.messages.current
    assert start[1] < held[1] < 3.0  # it went up, and stopped short of the mouse
    press(app, "s")
    saved = json.loads((app.mode.presets_file.path).read_text())
    assert list(held) in [control for preset in saved["velocities"] for control in preset["controls"]]
