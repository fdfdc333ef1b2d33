"""The curves mode's spline editor as a person uses it, offscreen on a fixed 60 Hz clock: a click
on the curve inserts a knot (the shape kept), A adds one past an end, Delete, T, C, comma and
period edit the selected knot and the loop, P makes any preset a spline;
every edit undone returns the exact original and redone the exact result."""

import math

import numpy as np
import pytest

from scene.curves import presets
from scene.curves.curve_editor import SNAP
from scene.curves.knot_tools import TILT_STEP
from scene.ui.pointer import to_film
from tests.scene.helpers import press, step
from trajectory import FunctionCurve, Spline
from trajectory.curves import TangentMode
from trajectory.curves.knot_tangents import farthest

U = np.linspace(0.0, 1.0, 401)


def shown(mode):
    return mode.model.trajectories[mode.model.trajectory_index]


def between_knots(mode, knot):
    """The arc-length fraction half-way between knot ``knot`` and the next: far from both."""
    s = shown(mode).spline.tilt_keys()[:, 0]
    return float(s[knot] + s[knot + 1]) / 2.0


def click_on_curve(app, pointer, fraction, move=None):
    """Press on the drawn curve at arc-length ``fraction``, move the mouse by ``move`` (film
    units) if given, let go."""
    curve = app.mode.motion.trajectory
    pointer.at = to_film(app, curve.evaluate(curve.arc_length.parameter(fraction)))
    press(app, "mouse1")
    if move is not None:
        pointer.at = (pointer.at[0] + move[0], pointer.at[1] + move[1])
        step(app)
    press(app, "mouse1-up")


def drag(app, pointer, point, move):
    """Press on the 3D ``point``, move by ``move`` (film units) in three steps, let go."""
    pointer.at = to_film(app, point)
    press(app, "mouse1")
    for _ in range(3):
        pointer.at = (pointer.at[0] + move[0] / 3, pointer.at[1] + move[1] / 3)
        step(app)
    press(app, "mouse1-up")


@pytest.fixture
def spline_mode(app, pointer):
    """The 9-point spline preset made a spline of knots (P): the same curve, auto knots."""
    press(app, "5")
    before = app.mode.motion.trajectory.evaluate(U)
    press(app, "p")
    mode = app.mode
    assert shown(mode).knots and shown(mode).spline.modes == (TangentMode.AUTO,) * 9
    np.testing.assert_allclose(mode.motion.trajectory.evaluate(U), before, atol=1e-12)
    return mode


def test_a_click_on_the_curve_inserts_a_knot_there_and_keeps_the_shape(app, pointer, spline_mode):
    mode = spline_mode
    before = mode.motion.trajectory.evaluate(U)
    fraction = between_knots(mode, 2)
    click_on_curve(app, pointer, fraction)
    spline = shown(mode).spline
    assert len(spline.knots) == 10 and mode.model.selected_knot is not None
    new = spline.knots[mode.model.selected_knot]
    curve = mode.motion.trajectory
    assert np.linalg.norm(new - curve.evaluate(curve.arc_length.parameter(fraction))) < 0.2  # where clicked
    # The same curve, traced at a new parameter: every old point lies on the new curve.
    assert farthest(before, curve.evaluate(np.linspace(0.0, 1.0, 20001))) < 1e-3
    assert spline.modes[mode.model.selected_knot] is TangentMode.ALIGNED
    assert "knot" in mode.status_lines()[-1] and "aligned (T)" in mode.status_lines()[-1]
    press(app, "control-z")
    assert len(shown(mode).spline.knots) == 9 and "Undone: inserting a knot" in app.messages.current


def test_a_click_off_the_curve_orbits_and_inserts_nothing(app, pointer, spline_mode):
    pointer.at = (-0.95, 0.95)
    press(app, "mouse1")
    press(app, "mouse1-up")
    assert len(shown(spline_mode).spline.knots) == 9


def test_a_press_on_the_curve_inserts_and_drags_the_new_knot(app, pointer, spline_mode):
    mode = spline_mode
    click_on_curve(app, pointer, between_knots(mode, 5), move=(0.05, 0.05))
    assert len(shown(mode).spline.knots) == 10
    inserted = shown(mode).spline.knots[mode.model.selected_knot]
    u = mode.model.selected_knot / 9  # 10 knots, 9 segments: the knot ends one
    np.testing.assert_allclose(mode.motion.trajectory.evaluate(u), inserted, atol=1e-12)
    assert farthest(inserted[None], presets.TRAJECTORIES[4].curve().evaluate(U)) > 0.1  # off the old one
    press(app, "control-z")  # the drag
    press(app, "control-z")  # the insert
    assert shown(mode) == presets.TRAJECTORIES[4].with_spline(Spline(presets.TRAJECTORIES[4].points))


def test_every_knot_edit_undone_returns_the_exact_original_and_redone_the_result(app, pointer, spline_mode):
    mode = spline_mode
    original = presets.TRAJECTORIES[4]  # before the fixture's P
    click_on_curve(app, pointer, between_knots(mode, 1))
    press(app, "t")  # aligned -> broken
    press(app, ".")
    press(app, ".")
    knot = mode.model.selected_knot
    drag(app, pointer, shown(mode).spline.knots[knot] + shown(mode).spline.tangents[knot, 1], (0.04, 0.03))
    press(app, "c")
    pointer.at = (0.5, -0.3)
    press(app, "a")  # refused: a closed loop has no end
    assert "Refused: a closed loop has no end" in app.messages.current
    press(app, "c")
    press(app, "a")
    press(app, "delete")
    final = shown(mode)
    steps = 0
    while True:
        press(app, "control-z")
        if "Nothing to undo" in app.messages.current:
            break
        steps += 1
    assert steps == 10  # make, insert, mode, 2 tilts, handle drag, close, open, add, delete
    assert shown(mode) == original
    assert mode.model.trajectories == [
        *mode.model.unedited[:4],
        presets.TRAJECTORIES[4],
        *mode.model.unedited[5:],
    ]
    for _ in range(steps):
        press(app, "control-y")
    assert shown(mode) == final


def test_modes_cycle_and_keep_their_rules_on_a_dragged_handle(app, pointer, spline_mode):
    mode = spline_mode
    drag(app, pointer, shown(mode).spline.knots[4], (0.0, 0.0))  # a click selects it
    assert mode.model.selected_knot == 4
    seen = []
    for _ in range(6):
        press(app, "t")
        seen.append(shown(mode).spline.modes[4])
        if seen[-1] is TangentMode.NATURAL:
            assert "Knot 5: natural (curvature continuous)" in app.messages.current
    assert seen == [
        TangentMode.LINEAR,
        TangentMode.MIRRORED,
        TangentMode.ALIGNED,
        TangentMode.BROKEN,
        TangentMode.NATURAL,
        TangentMode.AUTO,
    ]
    for expected in (TangentMode.LINEAR, TangentMode.MIRRORED):
        press(app, "t")
        assert f"Knot 5: {expected.value}" in app.messages.current
    spline = shown(mode).spline
    tip = spline.knots[4] + spline.tangents[4, 1]
    drag(app, pointer, tip, (0.05, -0.04))  # the out handle: mirrored keeps in = -out
    into, out = shown(mode).spline.tangents[4]
    assert not np.allclose(out, spline.tangents[4, 1])
    np.testing.assert_array_equal(into, -out)
    press(app, "t")  # aligned: a dragged handle's partner stays opposite, its length kept
    length = np.linalg.norm(shown(mode).spline.tangents[4, 0])
    spline = shown(mode).spline
    drag(app, pointer, spline.knots[4] + spline.tangents[4, 1], (-0.03, 0.05))
    into, out = shown(mode).spline.tangents[4]
    assert np.linalg.norm(into) == pytest.approx(length, rel=1e-12)
    assert np.dot(into, out) / (np.linalg.norm(into) * np.linalg.norm(out)) == pytest.approx(-1.0, abs=1e-12)


def test_closing_makes_a_loop_smooth_at_its_seam(app, pointer, spline_mode):
    mode = spline_mode
    press(app, "c")
    curve = mode.motion.trajectory
    assert shown(mode).spline.closed and curve.closed and "Closing the loop" in app.messages.current
    start, end = curve.derivative(0.0), curve.derivative(1.0)
    np.testing.assert_allclose(start / np.linalg.norm(start), end / np.linalg.norm(end), atol=1e-12)
    assert "a closed loop (C)" in mode.status_lines()[-1]
    drag(app, pointer, shown(mode).spline.knots[0], (0.0, 0.0))  # select the seam's knot
    press(app, "t")
    press(app, "t")  # auto -> linear -> mirrored: the same derivative on both sides (C1)
    assert shown(mode).spline.modes[0] is TangentMode.MIRRORED
    curve = mode.motion.trajectory
    np.testing.assert_allclose(curve.derivative(0.0), curve.derivative(1.0), rtol=1e-12)


def test_tilting_a_knot_rolls_the_glider_there(app, pointer, spline_mode):
    mode = spline_mode
    press(app, "g")  # the glider
    drag(app, pointer, shown(mode).spline.knots[4], (0.0, 0.0))  # a click selects knot 5
    level = mode.riders.orientation()
    press(app, ".")
    press(app, ".")
    assert (
        shown(mode).spline.tilts[4] == pytest.approx(2 * TILT_STEP)
        and "tilt 30 deg" in mode.status_lines()[-1]
    )
    tilted = mode.riders.orientation()
    # When the rider passes knot 5, its up axis is rolled by the tilt about its forward axis.
    s = float(shown(mode).spline.tilt_keys()[4, 0])
    times = np.linspace(0.0, mode.motion.duration, 4001)
    t = times[np.argmin(np.abs(mode.motion.distance(times) - s))]
    before, after = (mode.motion.frame(t, orientation) for orientation in (level, tilted))
    np.testing.assert_allclose(after[:, 1], before[:, 1], atol=1e-12)  # the same forward
    roll = math.atan2(
        np.dot(np.cross(before[:, 2], after[:, 2]), before[:, 1]), np.dot(before[:, 2], after[:, 2])
    )
    assert roll == pytest.approx(2 * TILT_STEP, abs=1e-3)


def test_ctrl_snaps_a_dragged_knot_to_the_grid(app, pointer, spline_mode):
    mode = spline_mode
    pointer.control = True
    drag(app, pointer, shown(mode).spline.knots[3], (0.06, 0.05))
    knot = shown(mode).spline.knots[3]
    np.testing.assert_array_equal(knot, np.round(knot / SNAP) * SNAP)
    assert not np.array_equal(knot, presets.TRAJECTORIES[4].points[3])


def test_the_hud_shows_the_dragged_knots_coordinates(app, pointer, spline_mode):
    mode = spline_mode
    pointer.at = to_film(app, shown(mode).spline.knots[2])
    press(app, "mouse1")
    pointer.at = (pointer.at[0] + 0.05, pointer.at[1])
    step(app)
    x, y, z = shown(mode).spline.knots[2]
    assert mode.status_lines()[-1].startswith(f"dragging knot 3: x {x:.2f}  y {y:.2f}  z {z:.2f}")
    press(app, "mouse1-up")
    assert not mode.status_lines()[-1].startswith("dragging")


@pytest.mark.parametrize("key", ["1", "2", "6", "7"])
def test_p_makes_any_preset_an_editable_spline_of_the_same_curve(app, pointer, key):
    mode = app.mode
    press(app, key)
    before = mode.motion.trajectory
    along = before.evaluate(before.arc_length.parameter(np.linspace(0.0, 1.0, 2000)))
    size = float(np.ptp(along, axis=0).max())
    press(app, "p")
    assert shown(mode).knots and "is now a spline of knots" in app.messages.current
    after = mode.motion.trajectory.evaluate(np.linspace(0.0, 1.0, 40001))
    fitted = isinstance(before, FunctionCurve)
    assert ("fitted to within 1/1000" in app.messages.current) == fitted
    # Exact conversions: within the sag of the 40001-point polyline measured against.
    assert farthest(along, after) <= (1e-3 * size if fitted else 1e-6 * size)
    press(app, "p")
    assert "already" in app.messages.current


def test_knot_keys_on_a_curve_without_knots_say_what_to_do(app, pointer):
    for key in ("t", "c", ".", "a"):
        press(app, key)
        assert "P makes it an editable spline" in app.messages.current


def test_a_made_spline_is_saved_and_loaded_back_exactly(app, pointer, presets_file, spline_mode):
    from scene.curves.user_presets import PresetsFile

    click_on_curve(app, pointer, between_knots(spline_mode, 3))
    press(app, ".")
    press(app, "s")
    made = shown(spline_mode)
    trajectories, _ = PresetsFile(presets_file).load(presets.TRAJECTORIES, presets.VELOCITIES)
    loaded = trajectories[4]  # what the next start shows as trajectory 5
    assert loaded.knots and loaded.name == made.name and loaded.spline == made.spline
    assert math.isclose(loaded.spline.tilts[made.spline.tilts.nonzero()[0][0]], TILT_STEP)


def test_an_undo_that_takes_a_knot_out_or_puts_one_back_drops_the_selection(app, pointer, spline_mode):
    mode = spline_mode
    click_on_curve(app, pointer, between_knots(mode, 6))  # inserted and selected: knot 8 of 10
    press(app, "control-z")
    assert mode.model.selected_knot is None and "knot 8" not in mode.status_lines()[-1]
    press(app, "control-y")
    assert mode.model.selected_knot is None
    drag(app, pointer, shown(mode).spline.knots[2], (0.0, 0.0))  # a click selects knot 3
    press(app, "t")
    press(app, "control-z")  # the same knots: the selection stays, its mode shown back
    assert mode.model.selected_knot == 2 and "knot 3: auto" in mode.status_lines()[-1]


def test_the_handles_are_drawn_on_the_knot_a_just_added(app, pointer, spline_mode, monkeypatch):
    """They stayed on the knot selected before until the next T or click."""
    mode, drawn = spline_mode, []
    record = mode.drawing.show_handles
    monkeypatch.setattr(
        mode.drawing, "show_handles", lambda knot, tips: drawn.append(knot) or record(knot, tips)
    )
    click_on_curve(app, pointer, between_knots(mode, 1))  # a knot inserted and selected
    before = mode.model.selected_knot
    pointer.at = (0.5, -0.3)
    press(app, "a")
    knots = shown(mode).spline.knots
    assert mode.model.selected_knot not in (None, before)
    np.testing.assert_array_equal(drawn[-1], knots[mode.model.selected_knot])
    assert str(mode.model.selected_knot + 1) in "\n".join(mode.status_lines())  # the knot the HUD names


def test_a_handle_end_under_the_status_panel_is_drawn_over_it(app, pointer, spline_mode):
    """A handle's end in the HUD's corner was dimmed under its dark panel, hard to see and grab."""
    from panda3d.core import PNMImage

    from scene.curves.curve_drawing import HANDLE_COLOUR
    from scene.curves.curve_edits import MoveTangent
    from scene.ui.pointer import on_plane, view_direction

    mode = spline_mode
    drag(app, pointer, shown(mode).spline.knots[0], (0.0, 0.0))  # a click selects the first knot
    step(app, 20)  # the status lines written, their panel fitted
    low, high = app.hud.backdrop.get_tight_bounds(app.render2d)
    under = ((low.x + high.x) / 2, (low.z + high.z) / 2)  # film coordinates, mid-panel
    knot = shown(mode).spline.knots[0]
    tip = on_plane(app, under, knot, view_direction(app))
    assert mode.apply(MoveTangent(0, "out", tuple(tip - knot))) is not None
    step(app)
    np.testing.assert_allclose(to_film(app, mode.model.handle_tips()[1]), under, atol=1e-5)
    image = PNMImage()
    assert app.win.get_screenshot(image)
    x = round((under[0] + 1) / 2 * (image.get_x_size() - 1))
    y = round((1 - under[1]) / 2 * (image.get_y_size() - 1))
    seen = np.array([[image.get_xel(x + dx, y + dy) for dx in (-1, 0, 1)] for dy in (-1, 0, 1)])
    assert np.abs(seen - HANDLE_COLOUR[:3]).max() < 0.03  # its own colour, not dimmed by the panel


def test_the_handles_layer_goes_with_the_mode(app, pointer, spline_mode):
    """Drawn over the panels, outside the mode's 3D root: it is hidden and shown with the mode."""
    mode = spline_mode
    drag(app, pointer, shown(mode).spline.knots[2], (0.0, 0.0))
    assert not mode.drawing.handle_tips.path.is_hidden() and not mode.drawing.overlay.is_hidden()
    press(app, "tab")
    assert app.mode is not mode and mode.drawing.overlay.is_hidden()
    for _ in range(3):
        press(app, "tab")
    assert app.mode is mode and not mode.drawing.overlay.is_hidden()
