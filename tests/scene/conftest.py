import pytest
from panda3d.core import load_prc_file_data

load_prc_file_data(
    "scene tests",
    "load-display p3tinydisplay\naudio-library-name null\nprint-pipe-types false\n"
    "notify-level-x11display fatal\nnotify-level-device fatal\nwin-size 800 450",
)

FRAME_RATE = 60


@pytest.fixture
def presets_file(tmp_path):
    return tmp_path / "config" / "presets.json"


@pytest.fixture
def app(presets_file):
    from scene.app import SceneApp

    app = SceneApp("curves", presets_file, window_type="offscreen", frame_rate=FRAME_RATE)
    yield app
    app.destroy()


def step(app, frames=1):
    """Run ``frames`` frames of the task manager."""
    for _ in range(frames):
        app.task_mgr.step()


def press(app, key):
    """Send the event of ``key`` as the keyboard would, then run a frame."""
    app.messenger.send(key)
    step(app)


class PlacedPointer:
    """A mouse pointer the test puts where it wants, in film coordinates (see ``scene.pointer``)."""

    def __init__(self):
        self.at = None

    def position(self):
        return self.at

    def shift_down(self):
        return False


@pytest.fixture
def pointer(app):
    placed = PlacedPointer()
    app.pointer = placed
    return placed
