"""A Panda3D node written as a model file a game loads again: ``.bam`` (Panda3D's own) or
``.egg`` (its text format, which ``egg2*`` tools and Blender's importers read).

>>> write_model(bend_model("models/pipe.egg", curve, fit="repeat"), "pipeline.bam")  # doctest: +SKIP
"""

import os

from panda3d.core import Filename, NodePath
from panda3d.egg import save_egg_file

FORMATS = (".bam", ".egg")


def write_model(model, path):
    """Write ``model`` (a ``NodePath``) and all under it to ``path`` (``.bam`` or ``.egg``).

    Raises:
        ValueError: On a model that is no NodePath, or a path ending otherwise.
        OSError: When the file cannot be written.
    """
    if not isinstance(model, NodePath) or model.is_empty():
        raise ValueError(f"model must be a NodePath, got {model!r}")
    name = os.fspath(path)
    suffix = os.path.splitext(name)[1].lower()
    if suffix not in FORMATS:
        raise ValueError(f"a model file must end in one of {FORMATS}, got {name!r}")
    target = Filename.from_os_specific(os.path.abspath(name))
    written = model.write_bam_file(target) if suffix == ".bam" else save_egg_file(target, model.node())
    if not written:
        raise OSError(f"could not write the model to {name}")
