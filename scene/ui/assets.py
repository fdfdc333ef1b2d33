"""Our own models, in ``models/`` at the top of the project."""

from pathlib import Path

from panda3d.core import Filename

MODELS = Path(__file__).resolve().parents[2] / "models"


def load_model(showbase, name):
    """A fresh copy of ``models/<name>.egg`` (not yet in the scene graph)."""
    return showbase.loader.load_model(Filename.from_os_specific(str(MODELS / f"{name}.egg")))
