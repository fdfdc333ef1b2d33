"""Our own models, in ``models/`` at the top of the project, and the font every text is drawn in
(DejaVu Sans Condensed, beside them, with its licence: Panda3D's own draws "+" as a small star)."""

from pathlib import Path

from panda3d.core import DynamicTextFont, Filename, TextNode

_INSTALLED = Path(__file__).resolve().parents[1] / "models"
MODELS = _INSTALLED if _INSTALLED.is_dir() else Path(__file__).resolve().parents[2] / "models"
"""``scene/models`` where the wheel put it, else the checkout's top-level ``models/``."""


class MissingModelError(OSError):
    """One of our models is missing or cannot be read."""


def model_file(name):
    """The path of ``models/<name>.egg``; ``MissingModelError`` naming it when it is missing."""
    path = MODELS / f"{name}.egg"
    if not path.is_file():
        raise MissingModelError(_unloadable(path, "is missing"))
    return path


def load_model(showbase, name):
    """A fresh copy of ``models/<name>.egg`` (not yet in the scene graph); ``MissingModelError``
    naming the file when it is missing or not an egg Panda3D reads."""
    path = model_file(name)
    try:
        return showbase.loader.load_model(Filename.from_os_specific(str(path)))
    except OSError:
        raise MissingModelError(_unloadable(path, "cannot be read as an egg file")) from None


FONT = "DejaVuSansCondensed.ttf"
LINE_HEIGHT = 0.9875
"""Panda3D's own font's, which the layouts were made for (DejaVu's is 1.16)."""


def use_our_font():
    """Make ``models/DejaVuSansCondensed.ttf`` the font of every text; ``MissingModelError`` when
    it is missing or not a font."""
    path = MODELS / FONT
    if not path.is_file():
        raise MissingModelError(f"the font models/{FONT} is missing")
    font = DynamicTextFont(Filename.from_os_specific(str(path)))
    if not font.is_valid():
        raise MissingModelError(f"the font models/{FONT} cannot be read as a font")
    font.set_line_height(LINE_HEIGHT)
    TextNode.set_default_font(font)


def _unloadable(path, problem):
    return f"the model models/{path.name} {problem} (the scripts models/make_*.py write our models again)"
