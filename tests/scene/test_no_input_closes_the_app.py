"""No input may close the app: an error in a key's handler, a click's or a frame's is said on
screen and logged in full, and the scene goes on."""

import logging

import pytest

from tests.scene.helpers import press, step


@pytest.mark.guard_catches
def test_an_error_in_a_handler_is_said_and_the_scene_goes_on(app, caplog):
    def broken():
        raise RuntimeError("a deliberate fault")

    app.accept("f12", app.guarded(broken))
    with caplog.at_level(logging.ERROR):
        press(app, "f12")
    assert "a deliberate fault" in app.messages.current and "goes on" in app.messages.current
    assert "a deliberate fault" in caplog.text and "Traceback" in caplog.text
    before = app.mode.run.time
    step(app, 10)
    assert app.mode.run.time > before  # still playing


@pytest.mark.guard_catches
def test_an_error_in_a_frame_is_said_and_the_next_frame_runs(app, caplog, monkeypatch):
    calls = []

    def update(dt):
        calls.append(dt)
        if len(calls) == 1:
            raise ValueError("a frame that fails once")

    monkeypatch.setattr(app.mode, "update", update)
    with caplog.at_level(logging.ERROR):
        step(app, 3)
    assert len(calls) == 3 and "a frame that fails once" in caplog.text
