"""Undo and redo in the curves mode, as a person does them: drags with the mouse, then Ctrl+Z and
Ctrl+Shift+Z (or Ctrl+Y); offscreen, on a fixed 60 Hz clock."""

import numpy as np
import pytest

from scene.curves import presets, run_timing
from scene.ui.history import Histories
from scene.ui.pointer import to_film
from tests.scene.helpers import drag_in_plot, plot_to_film, press, step


def drag_point(app, pointer, index, offset=(0.03, -0.02), frames=3):
    """Press on trajectory control point ``index``, move the mouse ``frames`` times by
    ``offset`` (film units), let go: one drag."""
    pointer.at = to_film(app, app.mode.model.grabbable()[index])
    press(app, "mouse1")
    for _ in range(frames):
        pointer.at = (pointer.at[0] + offset[0], pointer.at[1] + offset[1])
        step(app)
    press(app, "mouse1-up")


def test_a_drag_is_one_step_undone_and_redone_exactly(app, pointer):
    mode = app.mode
    original = mode.model.trajectories[0]
    drag_point(app, pointer, 1, frames=5)
    dragged = mode.model.trajectories[0]
    assert dragged != original
    press(app, "control-z")
    assert mode.model.trajectories[0] == original  # bit for bit: the preset's very tuples
    assert (
        np.array_equal(mode.model.grabbable(), original.points)
        and "Undone: moving a control point" in app.messages.current
    )
    np.testing.assert_array_equal(mode.motion.trajectory.evaluate(0.5), original.curve().evaluate(0.5))
    press(app, "shift-control-z")
    assert mode.model.trajectories[0] == dragged and "Redone" in app.messages.current
    press(app, "control-z")
    press(app, "control-y")
    assert mode.model.trajectories[0] == dragged
    press(app, "control-y")
    assert "Nothing to redo" in app.messages.current


def test_many_edits_of_two_presets_undone_return_both_exactly_and_keep_apart(app, pointer):
    """Edits of a trajectory and of a velocity curve, then another trajectory's: undoing on the
    first trajectory undoes its own edits and the velocity's, newest first, back to the presets
    as they were; the other trajectory's edit is still there."""
    mode = app.mode
    press(app, "shift-6")  # CSS ease: its handles can be dragged
    start = (mode.model.trajectories[0], mode.model.velocities[5])
    for k in range(6):
        drag_point(app, pointer, k % 3 + 1, offset=(0.01 * (-1) ** k, 0.01))
        handle = np.array(mode.model.velocities[5].controls[0])
        drag_in_plot(app, pointer, handle, handle + (0.02, 0.03 * (-1) ** k))
    press(app, "2")
    other = mode.model.trajectories[1]
    drag_point(app, pointer, 2)
    edited_other = mode.model.trajectories[1]
    assert edited_other != other
    press(app, "1")
    for _ in range(12):
        press(app, "control-z")
    assert (mode.model.trajectories[0], mode.model.velocities[5]) == start
    press(app, "control-z")
    assert "Nothing to undo" in app.messages.current
    assert mode.model.trajectories[1] == edited_other  # its own history, untouched
    press(app, "2")
    press(app, "control-z")
    assert mode.model.trajectories[1] == other


def test_undos_within_one_frame_rebuild_the_motion_once_the_frame_after(app, pointer, monkeypatch):
    """Ctrl+Z held down (or pressed faster than the frames come): each undo puts a preset back at
    once, drawn once, by the next frame, for all of them; back to a preset shown before, nothing is
    built again."""
    mode = app.mode
    original = mode.model.trajectories[0]
    for k in range(5):
        drag_point(app, pointer, k % 3 + 1)
    redraws, motions = [], []
    real_redraw, real_motion = mode.redraw, run_timing.Motion
    monkeypatch.setattr(mode, "redraw", lambda change: redraws.append(change) or real_redraw(change))
    monkeypatch.setattr(run_timing, "Motion", lambda *a, **k: motions.append(1) or real_motion(*a, **k))
    for _ in range(5):
        app.messenger.send("control-z")
    assert mode.model.trajectories[0] == original and not redraws and not motions
    step(app)
    assert len(redraws) == 1 and not motions  # the original's motion was built before: kept
    np.testing.assert_array_equal(mode.motion.trajectory.evaluate(0.3), original.curve().evaluate(0.3))
    np.testing.assert_allclose(
        mode.sphere.get_pos(), mode.sampler.position(mode.run.time), atol=1e-5
    )  # float32


def test_a_press_that_moves_nothing_is_no_step(app, pointer):
    mode = app.mode
    drag_point(app, pointer, 1, offset=(0.0, 0.0), frames=2)
    press(app, "control-z")
    assert "Nothing to undo" in app.messages.current
    assert mode.model.trajectories[0] == presets.TRAJECTORIES[0]


@pytest.mark.parametrize("count", [3, 250])
def test_the_history_keeps_its_limit_and_redo_ends_at_a_new_edit(count):
    history = Histories(limit=200)
    for k in range(count):
        history.record("a", k, k + 1, "add one")
    undone = [history.undo(["a"]) for _ in range(count)]
    kept = min(count, 200)
    assert [found[1] for found in undone[:kept]] == list(range(count - 1, count - 1 - kept, -1))
    assert all(found is None for found in undone[kept:])
    assert history.redo(["a"])[1] == count - kept + 1
    history.record("a", 0, 42, "jump")
    assert history.redo(["a"]) is None


def click_in_plot(app, pointer, unit):
    pointer.at = plot_to_film(app, unit)
    press(app, "mouse1")
    press(app, "mouse1-up")


def test_a_click_in_the_distance_panel_adds_a_key_delete_takes_it_out_and_both_undo(app, pointer):
    mode = app.mode
    press(app, "shift-8")  # keys: slow through the middle, (0.25, 0.4) and (0.75, 0.6)
    original = mode.model.velocities[7]
    click_in_plot(app, pointer, (0.5, 0.5))
    keys = mode.model.velocities[7].keys
    assert len(keys) == 3 and keys[0] == original.keys[0] and keys[2] == original.keys[1]
    np.testing.assert_allclose(keys[1], (0.5, 0.5), atol=1e-5)  # the screen's float32
    assert mode.motion.velocity.distance_at_time(keys[1][0]) == pytest.approx(keys[1][1], abs=1e-12)
    press(app, "delete")
    assert mode.model.velocities[7] == original
    press(app, "control-z")  # the delete undone: the added key back
    assert mode.model.velocities[7].keys == keys and "Undone: deleting a velocity key" in app.messages.current
    press(app, "control-z")
    assert mode.model.velocities[7] == original and "adding a velocity key" in app.messages.current


def test_a_key_that_would_send_the_object_back_is_refused_and_nothing_changes(app, pointer):
    mode = app.mode
    press(app, "shift-8")
    original = mode.model.velocities[7]
    click_in_plot(app, pointer, (0.5, 0.9))  # above the next key's s = 0.6: the object would go back
    assert mode.model.velocities[7] == original and "Refused" in app.messages.current
    press(app, "delete")  # nothing selected
    assert mode.model.velocities[7] == original and "or a velocity key" in app.messages.current
    press(app, "control-z")
    assert "Nothing to undo" in app.messages.current


def test_the_last_key_stays(app, pointer):
    mode = app.mode
    press(app, "shift-8")
    drag_in_plot(
        app, pointer, mode.model.velocities[7].keys[0], mode.model.velocities[7].keys[0]
    )  # select it
    press(app, "delete")
    assert len(mode.model.velocities[7].keys) == 1
    drag_in_plot(app, pointer, mode.model.velocities[7].keys[0], mode.model.velocities[7].keys[0])
    press(app, "delete")
    assert len(mode.model.velocities[7].keys) == 1 and "keeps one key at least" in app.messages.current
