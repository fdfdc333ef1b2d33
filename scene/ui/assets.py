"""Our own models, in ``models/`` at the top of the project."""

from pathlib import Path

from panda3d.core import Filename

MODELS = Path(__file__).resolve().parents[2] / "models"


class MissingModelError(OSError):
    """One of our models is missing or cannot be read."""


def load_model(showbase, name):
    """A fresh copy of ``models/<name>.egg`` (not yet in the scene graph); ``MissingModelError``
    naming the file when it is missing or not an egg Panda3D reads."""
    path = MODELS / f"{name}.egg"
    if not path.is_file():
        raise MissingModelError(_unloadable(path, "is missing"))
    try:
        return showbase.loader.load_model(Filename.from_os_specific(str(path)))
    except OSError:
        raise MissingModelError(_unloadable(path, "cannot be read as an egg file")) from None


def _unloadable(path, problem):
    return f"the model models/{path.name} {problem} (the scripts models/make_*.py write our models again)"
