import pytest
from panda3d.core import load_prc_file_data

load_prc_file_data(
    "scene tests",
    "load-display p3tinydisplay\naudio-library-name null\nprint-pipe-types false\n"
    "notify-level-x11display fatal\nwin-size 640 360",
)

FRAME_RATE = 60


@pytest.fixture
def app():
    from scene.app import CurvesApp

    app = CurvesApp(window_type="offscreen", frame_rate=FRAME_RATE)
    yield app
    app.destroy()


def step(app, frames):
    """Run ``frames`` frames of the task manager."""
    for _ in range(frames):
        app.task_mgr.step()
