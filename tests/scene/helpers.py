"""Helpers the scene tests share: frames, key presses and a pointer the test places."""

FRAME_RATE = 60


def step(app, frames=1):
    """Run ``frames`` frames of the task manager."""
    for _ in range(frames):
        app.task_mgr.step()


def press(app, key):
    """Send the event of ``key`` as the keyboard would, then run a frame."""
    app.messenger.send(key)
    step(app)


class PlacedPointer:
    """A mouse pointer the test puts where it wants, in film coordinates (see ``scene.ui.pointer``)."""

    def __init__(self):
        self.at = None
        self.control = False
        """Whether the test holds Control."""

    def position(self):
        return self.at

    def shift_down(self):
        return False

    def control_down(self):
        return self.control


def plot_to_film(app, unit):
    """Where the plot's distance-panel point ``unit`` (t, s) is on screen, in film coordinates."""
    from panda3d.core import Point3

    from scene.curves.velocity_plot import DISTANCE_HEIGHT, WIDTH

    plot = app.mode.plot
    local = Point3(unit[0] * WIDTH, 0, plot._distance_base + unit[1] * DISTANCE_HEIGHT)
    film = app.render2d.get_relative_point(plot.root, local)
    return film.x, film.z


def drag_in_plot(app, pointer, start, end):
    """Press the left button on the plot's distance-panel point ``start`` (t, s), move to ``end``,
    release: a drag as a person makes it."""
    pointer.at = plot_to_film(app, start)
    press(app, "mouse1")
    pointer.at = plot_to_film(app, end)
    step(app)
    press(app, "mouse1-up")


def assert_documented(bindings, mouse_help=()):
    """Every key of ``bindings`` has its row in docs/scene.md (``| keys |``), and every gesture of
    ``mouse_help`` is named there."""
    from pathlib import Path

    docs = (Path(__file__).resolve().parents[2] / "docs" / "scene.md").read_text()
    for binding in bindings:
        assert f"| {binding.keys} |" in docs
    for what, _ in mouse_help:
        assert what in docs


def move_point(mode, index, position):
    """Move the curves mode's grabbable point ``index`` to ``position`` (3,) as a drag's step
    does; whether the edit was made (a refused one is said)."""
    return mode.apply(mode.model.point_edit(index, position)) is not None


def move_handle(mode, index, unit):
    """Move the curves mode's velocity handle ``index`` to ``unit`` (t, s) as a drag's step does;
    whether the edit was made."""
    from scene.curves.curve_edits import MoveHandle

    return mode.apply(MoveHandle(index, tuple(map(float, unit)))) is not None
