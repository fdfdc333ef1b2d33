"""A mouse held still over a grabbed point costs what an idle frame costs: nothing redrawn, no track
sweep, no plot drawn (each was done every frame the mouse rested, 29.5 ms a frame against 9.2)."""

import numpy as np
import pytest

from scene.ui.pointer import to_film
from tests.scene.helpers import plot_to_film, press, step


@pytest.fixture
def counted(app, monkeypatch):
    """How many times the mode redrew what an edit changed, swept a track and drew its plot."""
    mode, calls = app.mode, {"redraw": 0, "track": 0, "plot": 0}

    def counting(owner, name, key):
        original = getattr(owner, name)

        def wrapper(*args, **kwargs):
            calls[key] += 1
            return original(*args, **kwargs)

        monkeypatch.setattr(owner, name, wrapper)

    from scene.curves import track_drawing

    counting(mode, "redraw", "redraw")
    counting(track_drawing, "sweep", "track")  # a track built: a sweep (the line look has none)
    counting(mode.plot, "show", "plot")
    return calls


def still_then_moved(app, pointer, counted):
    """Ten frames with the mouse still, then one with it moved: the counts of each."""
    counted.update(redraw=0, track=0, plot=0)
    step(app, 10)
    still = dict(counted)
    pointer.at = (pointer.at[0] + 0.02, pointer.at[1] - 0.01)
    step(app)
    return still, {key: counted[key] - still[key] for key in counted}


def test_a_held_control_point_does_nothing_while_the_mouse_rests(app, pointer, counted):
    mode = app.mode
    press(app, "w")  # a tube along the curve: a track to sweep
    pointer.at = to_film(app, mode.model.grabbable()[1])
    press(app, "mouse1")
    pointer.at = (pointer.at[0] + 0.03, pointer.at[1])
    step(app)  # moved once: the drag is under way
    still, moved = still_then_moved(app, pointer, counted)
    assert still == {"redraw": 0, "track": 0, "plot": 0}
    assert moved == {"redraw": 1, "track": 1, "plot": 1}  # and a move still follows at once
    press(app, "mouse1-up")


def test_a_held_velocity_handle_does_nothing_while_the_mouse_rests(app, pointer, counted):
    mode = app.mode
    press(app, "shift-6")  # CSS ease, editable
    start = np.array(mode.model.velocities[5].controls[0])
    pointer.at = plot_to_film(app, start)
    press(app, "mouse1")
    pointer.at = plot_to_film(app, start + (0.05, 0.05))
    step(app)
    still, moved = still_then_moved(app, pointer, counted)
    assert still == {"redraw": 0, "track": 0, "plot": 0}
    assert moved["redraw"] == 1
    press(app, "mouse1-up")


def test_turning_the_camera_while_holding_a_point_moves_it(app, pointer, counted):
    """The camera is one of a drag's inputs: orbiting with the keys while holding moves the point."""
    mode = app.mode
    pointer.at = to_film(app, mode.model.grabbable()[1])
    press(app, "mouse1")
    pointer.at = (pointer.at[0] + 0.03, pointer.at[1])
    step(app)
    counted.update(redraw=0)
    app.camera.set_h(app.camera, 5.0)
    step(app)
    assert counted["redraw"] == 1
    press(app, "mouse1-up")


def test_a_velocity_edit_moves_no_rail_and_a_release_sweeps_the_track_once(app, pointer, counted):
    mode = app.mode
    press(app, "w")  # a tube along the curve
    press(app, "shift-6")
    start = np.array(mode.model.velocities[5].controls[0])
    counted.update(track=0)
    pointer.at = plot_to_film(app, start)
    press(app, "mouse1")
    for step_size in (0.02, 0.04, 0.06):
        pointer.at = plot_to_film(app, start + step_size)
        step(app)
    press(app, "mouse1-up")
    assert counted["track"] == 0 and counted["redraw"] >= 3
    pointer.at = to_film(app, mode.model.grabbable()[1])
    press(app, "mouse1")
    pointer.at = (pointer.at[0] + 0.03, pointer.at[1])
    step(app)
    counted.update(track=0)
    press(app, "mouse1-up")  # the coarse track of the drag made fine, once
    assert counted["track"] == 1
