"""What a mode of the scene is: the interface the app calls, and the list of modes, both written
down once. Panda3D-free, so that ``main.py --help`` stays fast.

A mode is one object (curves, turning units, tower defense) that the app enters, updates every
frame and leaves; it owns its key bindings and answers the left mouse button.
"""

import dataclasses
import enum
import importlib
import typing


class Drag(enum.Enum):
    """What a drag of the mouse does to the camera."""

    ORBIT = "orbit"
    PAN = "pan"


@typing.runtime_checkable
class Mode(typing.Protocol):
    """The interface of a mode.

    Attributes:
        name: Its name on the command line (``--mode``).
        title: Its name on screen.
        right_drag: What a right drag does to the camera (a ``Drag``).
        mouse_help: ``(gesture, what it does)`` lines for the help overlay.
        bindings: Its key bindings (``scene.ui.bindings.KeyBinding``), registered while it is on.

    Its class is made as ``cls(app, **options)``: the options of its ``ModeEntry`` (what the
    command line gave it), never attributes of the app.
    """

    name: str
    title: str
    right_drag: Drag
    mouse_help: tuple
    bindings: tuple

    def enter(self) -> None:
        """Show the mode's scene (the app registers its bindings)."""

    def exit(self) -> None:
        """Hide it again."""

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds (at most the app's frame cap) and redraw."""

    def status_lines(self) -> list:
        """The HUD's lines."""

    def grab(self, shifted: bool) -> bool:
        """The left button went down (``shifted``: with Shift held): whether the mode takes it
        (else the camera orbits)."""

    def release(self) -> None:
        """The mouse button came up."""

    def set_scale(self, scale: float) -> None:
        """Size what it draws in the window's corners (its panel) for the text ``scale``."""

    def covers_pointer(self) -> bool:
        """Whether the mouse is over a panel of its own, where a press never moves the camera."""


@dataclasses.dataclass(frozen=True)
class ModeEntry:
    """One mode: its name, and where its class lives (imported only when the app is built)."""

    name: str
    module: str
    cls: str

    def load(self):
        """The mode's class."""
        return getattr(importlib.import_module(self.module), self.cls)

    def build(self, app, options):
        """The mode for ``app``, made with its ``options`` (a dict of its class's keywords)."""
        return self.load()(app, **options)


MODES = (
    ModeEntry("curves", "scene.curves.curves_mode", "CurvesMode"),
    ModeEntry("turning", "scene.turning.turning_mode", "TurningMode"),
    ModeEntry("towerdefense", "scene.towerdefense.defense_mode", "DefenseMode"),
    ModeEntry("maze", "scene.towerdefense.maze_mode", "MazeMode"),
)
"""Every mode, in the order Tab goes through them."""
MODE_NAMES = tuple(entry.name for entry in MODES)
