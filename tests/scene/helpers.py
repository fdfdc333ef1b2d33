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
    """A mouse pointer the test puts where it wants, in film coordinates (see ``scene.pointer``)."""

    def __init__(self):
        self.at = None

    def position(self):
        return self.at

    def shift_down(self):
        return False
