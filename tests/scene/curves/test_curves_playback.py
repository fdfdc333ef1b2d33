"""The curves mode's live playback as a user drives it: changes that go on without a restart or a
jump, the rate, direction and loop keys, events that flash and are counted; and a MotionInterval
agreeing with the run's playhead."""

import math

import numpy as np
import pytest
from panda3d.core import NodePath

from scene import MotionInterval
from scene.curves.event_markers import FIXED, FLASH_SECONDS
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
    assert mode.run.loop == "once" and mode.run.time == pytest.approx(t - 0.5 * 31 / FRAME_RATE, abs=1e-9)
    press(app, "l")
    assert mode.run.loop == "pingpong"
    press(app, "l")
    assert mode.run.loop == "loop"


def test_events_flash_when_passed_and_are_counted(app):
    mode = app.mode
    assert mode.events.fractions == list(FIXED)
    to_first = float(mode.motion.time_at_distance(FIXED[0]))
    step(app, int(to_first * FRAME_RATE) + 1)
    assert mode.events.passed == 1 and mode.events.flashing == [0]
    step(app, int(FLASH_SECONDS * FRAME_RATE) + 2)
    assert mode.events.flashing == []
    press(app, "e")  # an event here: the rider is on it, so it fires when the run comes round
    assert len(mode.events.fractions) == len(FIXED) + 1
    passed = mode.events.passed
    step(app, int(mode.model.timing.duration * FRAME_RATE) + 5)
    assert mode.events.passed == passed + len(FIXED) + 1
    app.hud.set_lines(mode.status_lines())
    assert f"events passed {mode.events.passed} (E)" in app.hud.text.getText()


def test_a_motion_interval_agrees_with_the_run(app):
    mode = app.mode
    step(app, 77)
    node = NodePath("twin")
    MotionInterval(node, mode.motion, orientation=None).setT(mode.run.time)
    assert np.abs(np.array(node.get_pos()) - place(mode)).max() <= 1e-5


def test_a_run_played_once_says_it_ended_and_space_plays_it_again(app):
    """A run that played "once" and ended said nothing, and Space left it where it was."""
    press(app, "l")  # loop -> once
    assert app.mode.run.loop == "once"
    step(app, math.ceil(app.mode.motion.duration * 60) + 10)
    assert app.mode.run.ended
    assert "R or Space plays it again" in app.messages.current
    step(app, 20)
    assert "ended" in app.hud.text.getText()
    press(app, "space")
    assert not app.mode.run.ended and app.mode.run.time < 0.1
    step(app, 30)
    assert app.mode.run.time > 0.3  # playing again
