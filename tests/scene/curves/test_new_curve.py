"""A curve started from nothing as a person does it, offscreen on a fixed 60 Hz clock: N, a click
where the first knot goes, one where the second goes, then A past the ends and C to close."""

import numpy as np

from scene.curves.curve_editor import SNAP
from scene.curves.curve_edits import Select
from scene.curves.new_curve import HEIGHT
from scene.ui.pointer import to_film
from tests.scene.helpers import press

FIRST, SECOND = np.array([-4.0, 0.0, HEIGHT]), np.array([4.0, 1.0, HEIGHT])


def shown(mode):
    return mode.model.trajectories[mode.model.trajectory_index]


def click(app, pointer, point):
    pointer.at = to_film(app, point)
    press(app, "mouse1")
    press(app, "mouse1-up")


def start_curve(app, pointer, first=FIRST, second=SECOND):
    press(app, "n")
    click(app, pointer, first)
    click(app, pointer, second)


def test_n_then_two_clicks_make_a_curve_of_those_two_knots(app, pointer):
    mode = app.mode
    count = len(mode.model.trajectories)
    press(app, "n")
    assert "click where knot 1 goes" in mode.status_lines()[-1]
    click(app, pointer, FIRST)
    assert len(mode.model.trajectories) == count and "click where knot 2 goes" in mode.status_lines()[-1]
    assert not mode.drawing.grabbed_marker.path.is_hidden()  # the first knot marked where it goes
    click(app, pointer, SECOND)
    assert len(mode.model.trajectories) == count + 1 and mode.model.trajectory_index == count
    assert shown(mode).name == "my curve 1" and shown(mode).knots
    assert mode.status_lines()[0].endswith("my curve 1 (new)")
    np.testing.assert_allclose(shown(mode).spline.knots, [FIRST, SECOND], atol=1e-4)
    assert mode.model.selected_knot == 1 and not mode.edits.new.placing
    assert not any("click where" in line for line in mode.status_lines())
    np.testing.assert_allclose(mode.motion.trajectory.evaluate(1.0), SECOND, atol=1e-4)  # shown, ridden
    start_curve(app, pointer)
    assert shown(mode).name == "my curve 2"


def test_a_curve_is_drawn_knot_by_knot_past_the_nearer_end_and_closed(app, pointer):
    mode = app.mode
    start_curve(app, pointer)
    for k in range(1, 4):
        target = SECOND + (2.0 * k, 1.5 * k, 0.0)  # on the end's height
        pointer.at = to_film(app, target)
        press(app, "a")
        knots = shown(mode).spline.knots
        assert len(knots) == 2 + k
        np.testing.assert_allclose(knots[-1], target, atol=1e-4)
    pointer.at = to_film(app, FIRST - (3.0, 0.0, 0.0))  # nearer the start
    press(app, "a")
    np.testing.assert_allclose(shown(mode).spline.knots[0], FIRST - (3.0, 0.0, 0.0), atol=1e-4)
    assert mode.model.selected_knot == 0
    press(app, "c")
    assert mode.motion.trajectory.closed  # a closed track, drawn knot by knot


def test_ctrl_snaps_the_placed_knots_to_the_grid(app, pointer):
    mode = app.mode
    pointer.control = True
    start_curve(app, pointer, FIRST + (0.3, 0.2, 0.0), SECOND + (-0.2, 0.4, 0.0))
    np.testing.assert_array_equal(shown(mode).spline.knots, [FIRST, SECOND])
    assert SNAP == 1.0 and HEIGHT % SNAP == 0.0  # the snapped height is the placing height


def test_n_again_or_choosing_a_trajectory_leaves_the_curve_unmade(app, pointer):
    mode = app.mode
    count = len(mode.model.trajectories)
    press(app, "n")
    click(app, pointer, FIRST)
    press(app, "n")
    assert not mode.edits.new.placing and "No new curve" in app.messages.current
    click(app, pointer, SECOND)  # an ordinary click again: nothing made
    press(app, "n")
    click(app, pointer, FIRST)
    press(app, "3")
    assert not mode.edits.new.placing and mode.model.trajectory_index == 2
    assert len(mode.model.trajectories) == count


def test_the_second_knot_on_the_first_is_refused_and_placing_goes_on(app, pointer):
    mode = app.mode
    count = len(mode.model.trajectories)
    press(app, "n")
    click(app, pointer, FIRST)
    click(app, pointer, FIRST)
    assert "Refused: two neighbouring knots would be in one place" in app.messages.current
    assert len(mode.model.trajectories) == count and mode.edits.new.placing
    click(app, pointer, SECOND)
    assert len(mode.model.trajectories) == count + 1


def test_deleting_down_to_two_knots_then_refusing_says_why(app, pointer):
    mode = app.mode
    start_curve(app, pointer)
    press(app, "delete")
    assert "Refused: a spline keeps two knots at least" in app.messages.current
    assert len(shown(mode).spline.knots) == 2
    mode.apply(Select())
    press(app, "delete")
    assert "Select a knot (click it)" in app.messages.current


def test_curves_past_the_ninth_are_reached_with_0_and_an_empty_number_says_so(app, pointer):
    mode = app.mode
    press(app, "9")  # seven presets: nothing there
    assert "No curve 9: there are 7" in app.messages.current and mode.model.trajectory_index == 0
    for k in range(4):  # curves 8 to 11
        start_curve(app, pointer, FIRST + (0, 2.0 * k, 0), SECOND + (0, 2.0 * k, 0))
    assert len(mode.model.trajectories) == 11
    press(app, "1")
    seen = [mode.model.trajectory_index]
    for _ in range(11):
        press(app, "0")
        seen.append(mode.model.trajectory_index)
    assert seen == [*range(11), 0]  # every one, past the ninth, and round again
    assert "Curve 1 of 11" in app.messages.current


def test_a_new_curve_saved_and_opened_again_is_no_longer_new(app, pointer, presets_file):
    from scene.app import SceneApp

    mode = app.mode
    start_curve(app, pointer)
    assert mode.status_lines()[0].endswith("my curve 1 (new)")
    press(app, "s")
    assert mode.status_lines()[0].endswith("my curve 1")  # saved as it is
    pointer.at = (0.5, -0.3)
    press(app, "a")  # a knot more: unsaved again
    assert mode.status_lines()[0].endswith("(new)")
    press(app, "s")
    app.destroy()  # the app quits, and a new one starts on the same presets file
    again = SceneApp("curves", presets_file, window_type="offscreen", frame_rate=60)
    try:
        again.mode.ask(again.mode.settings.choose_trajectory, len(again.mode.model.trajectories) - 1)
        assert again.mode.status_lines()[0] == f"Trajectory {len(again.mode.model.trajectories)}: my curve 1"
    finally:
        again.destroy()
