import traceback

import pytest
from panda3d.core import load_prc_file_data

from tests.scene.helpers import FRAME_RATE, PlacedPointer, step

load_prc_file_data(
    "scene tests",
    "load-display p3tinydisplay\naudio-library-name null\nprint-pipe-types false\n"
    "notify-level-x11display fatal\nnotify-level-device fatal\nwin-size 800 450",
)


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "guard_catches: the test makes a handler fail on purpose (the app's guard catches it)"
    )


@pytest.fixture(autouse=True)
def no_error_is_swallowed(request, caplog):
    """A handler's error fails the test that caused it: the app's guard keeps a user's session
    going (and logs the error in full), which would otherwise hide it from the tests."""
    yield
    if request.node.get_closest_marker("guard_catches") is None:
        caught = [
            "".join(traceback.format_exception(*record.exc_info))
            for phase in ("setup", "call")
            for record in caplog.get_records(phase)
            if record.name == "scene.app" and record.exc_info is not None
        ]
        assert not caught, "the app's guard caught an error:\n" + "\n".join(caught)


@pytest.fixture
def presets_file(tmp_path):
    return tmp_path / "config" / "presets.json"


@pytest.fixture
def app(presets_file):
    from scene.app import SceneApp

    app = SceneApp("curves", presets_file, window_type="offscreen", frame_rate=FRAME_RATE)
    yield app
    stop_intervals(app)
    app.destroy()


def stop_intervals(app):
    """Pause every interval a test left playing: Panda3D's task manager outlives the app, and an
    interval playing on would go on moving nodes and sending its events in the tests after."""
    from direct.interval.IntervalGlobal import ivalMgr

    for interval in ivalMgr.getIntervalsMatching("*"):
        interval.pause()
    for task in app.task_mgr.getTasksMatching("*-play"):
        if hasattr(task, "interval"):
            task.interval.pause()


@pytest.fixture
def pointer(app):
    placed = PlacedPointer()
    app.pointer = placed
    return placed


@pytest.fixture
def turning(app):
    """The app switched to the turning mode, as a person switches (Tab from the curves mode)."""
    app.messenger.send("tab")
    step(app)
    assert app.mode.name == "turning"
    return app.mode
