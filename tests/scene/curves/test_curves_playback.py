"""The curves mode's live playback as a user drives it: changes that go on without a restart or a
jump, the rate, direction and loop keys, events that flash and are counted; and a MotionInterval
agreeing with the run's playhead."""

import math

import numpy as np
import pytest
from panda3d.core import NodePath

from scene import MotionInterval
from scene.curves.curve_edits import FIXED_EVENTS as FIXED
from scene.curves.event_markers import FLASH_SECONDS
from tests.scene.helpers import FRAME_RATE, move_point, press, step


def place(mode):
    """Where the run has the rider, exactly (the sphere itself follows the keyframes)."""
    return mode.motion.position(mode.run.time)


@pytest.mark.parametrize("change", ["arrow_up", "arrow_down", "shift-1", "shift-6", "m"])
def test_keys_change_the_run_without_a_restart_or_a_jump(app, change):
    mode = app.mode
    step(app, 100)
    before, distance = place(mode), mode.motion.distance(mode.run.time)
    press(app, change)  # the key, then one frame
    assert mode.run.time > 0.5  # no restart
    step_back = mode.motion.distance(mode.run.time) - distance
    assert 0.0 <= step_back <= 0.05  # one frame on from where it was
    assert np.linalg.norm(place(mode) - before) < 0.5


def test_a_drag_step_keeps_the_rider_in_place(app):
    mode = app.mode
    step(app, 90)
    s = mode.motion.distance(mode.run.time)
    move_point(mode, 1, (-2.0, 6.5, 4.5))
    assert mode.motion.distance(mode.run.time) == pytest.approx(s, abs=1e-12)
    assert mode.run.time > 1.0


def test_rate_direction_and_loop_keys(app):
    mode = app.mode
    step(app, 60)
    t = mode.run.time
    app.messenger.send("]")
    step(app, 30)
    assert mode.run.time == pytest.approx(t + 2 * 30 / FRAME_RATE, abs=1e-9)
    app.messenger.send("[")
    app.messenger.send("[")
    t = mode.run.time
    step(app, 30)
    assert mode.run.time == pytest.approx(t + 0.5 * 30 / FRAME_RATE, abs=1e-9)
    app.messenger.send("\\")
    t = mode.run.time
    step(app, 30)
    assert mode.run.time == pytest.approx(t - 0.5 * 30 / FRAME_RATE, abs=1e-9)
    assert mode.run.status() == "x-0.5 loops"
    press(app, "l")
    assert mode.model.playback.loop == "once" and mode.run.time == pytest.approx(
        t - 0.5 * 31 / FRAME_RATE, abs=1e-9
    )
    press(app, "l")
    assert mode.model.playback.loop == "pingpong"
    press(app, "l")
    assert mode.model.playback.loop == "loop"


def test_events_flash_when_passed_and_are_counted(app):
    mode = app.mode
    assert mode.model.events == FIXED
    to_first = float(mode.motion.time_at_distance(FIXED[0]))
    step(app, int(to_first * FRAME_RATE) + 1)
    assert mode.events.passed == 1 and mode.events.flashing == [0]
    step(app, int(FLASH_SECONDS * FRAME_RATE) + 2)
    assert mode.events.flashing == []
    press(app, "e")  # an event here: the rider is on it, so it fires when the run comes round
    assert len(mode.model.events) == len(FIXED) + 1
    passed = mode.events.passed
    step(app, int(mode.model.timing.duration * FRAME_RATE) + 5)
    assert mode.events.passed == passed + len(FIXED) + 1
    app.hud.set_lines(mode.status_lines())
    assert f"events passed {mode.events.passed} (E)" in app.hud.text.getText()


def test_an_event_placed_is_an_edit_undone_and_redone_as_any(app):
    """E places an event in the model (it used to live in the markers, copied into the run's
    playhead, and no undo took it back): Ctrl+Z takes it away from the model, the markers and the
    run; Ctrl+Y brings it back."""
    mode = app.mode
    step(app, 40)
    press(app, "e")
    placed = mode.model.events
    assert len(placed) == len(FIXED) + 1 and (placed[-1], len(FIXED)) in mode.run.playhead.events
    press(app, "control-z")
    assert mode.model.events == FIXED and len(mode.run.playhead.events) == len(FIXED)
    assert "adding an event" in app.messages.current.lower()
    press(app, "control-y")
    assert mode.model.events == placed and len(mode.run.playhead.events) == len(FIXED) + 1


def test_the_events_keep_to_the_most_and_refuse_a_place_off_the_curve():
    """The oldest of the user's goes past ``MOST_EVENTS``; an event off [0, 1] is refused, the
    events kept."""
    from scene.curves import curve_edits as edits
    from scene.curves.curves_model import CurvesModel
    from scene.curves.presets import TRAJECTORIES, VELOCITIES
    from scene.kit.refusal import Refused

    model = CurvesModel(list(TRAJECTORIES), list(VELOCITIES), 6.0, 0.1)
    for k in range(edits.MOST_EVENTS + 2):
        assert model.apply(edits.AddEvent(k / 100)) == edits.Change.EVENTS
    user = model.events[len(FIXED) :]
    assert model.events[: len(FIXED)] == FIXED and len(model.events) == edits.MOST_EVENTS
    assert user == tuple(k / 100 for k in range(len(FIXED) + 2, edits.MOST_EVENTS + 2))
    with pytest.raises(Refused, match="in \\[0, 1\\]"):
        model.apply(edits.AddEvent(1.5))
    assert model.events[len(FIXED) :] == user


def test_a_motion_interval_agrees_with_the_run(app):
    mode = app.mode
    step(app, 77)
    node = NodePath("twin")
    MotionInterval(node, mode.motion, orientation=None).setT(mode.run.time)
    assert np.abs(np.array(node.get_pos()) - place(mode)).max() <= 1e-5


def test_a_run_played_once_says_it_ended_and_space_plays_it_again(app):
    """A run that played "once" and ended said nothing, and Space left it where it was."""
    press(app, "l")  # loop -> once
    assert app.mode.model.playback.loop == "once"
    step(app, math.ceil(app.mode.motion.duration * 60) + 10)
    assert app.mode.run.ended
    assert "R or Space plays it again" in app.messages.current
    step(app, 20)
    assert "ended" in app.hud.text.getText()
    press(app, "space")
    assert not app.mode.run.ended and app.mode.run.time < 0.1
    step(app, 30)
    assert app.mode.run.time > 0.3  # playing again
