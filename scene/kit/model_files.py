"""Panda3D model files: a node written as one a game loads again (``.bam``, Panda3D's own, or
``.egg``, its text format, which ``egg2*`` tools and Blender's importers read), and one a user
names read (a regular file only, what Panda3D says about it kept for our own message).

>>> write_model(bend_model("models/pipe.egg", curve, fit="repeat"), "pipeline.bam")  # doctest: +SKIP
"""

import contextlib
import os
from pathlib import Path

from panda3d.core import Filename, Loader, LoaderOptions, NodePath, Notify, StringStream
from panda3d.egg import load_egg_data, save_egg_file

from scene.kit import model_references, user_files

FORMATS = (".bam", ".egg")
MAX_MODEL_BYTES = 256_000_000
"""Larger model files a user names are refused unread."""


def read_model(path, limit=MAX_MODEL_BYTES):
    """The model file at ``path`` (a user's: an egg or a bam, compressed or not; it and every
    file it names checked to be a regular file of at most ``limit`` bytes, inflated, before
    Panda3D opens any, ``model_references``; not cached), and what Panda3D said while loading
    it: ``(NodePath, [lines])``.

    Raises:
        FileNotFoundError: If there is nothing at ``path``.
        ValueError: If it or a file it names is no regular file or is larger than ``limit``, its
            name is not UTF-8 text, or it is not a model Panda3D reads (what Panda3D said, in
            the message).
    """
    name = user_files.checked(path, limit).name
    try:
        os.fsencode(Path(path).resolve()).decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError(
            f"{os.fsencode(path).decode('utf-8', 'backslashreplace')}: Panda3D reads files whose names "
            "are UTF-8 text only: rename it"
        ) from None
    if not name.lower().endswith(model_references.MODEL_SUFFIXES):
        raise ValueError(f"{name} is not a Panda3D model file (.egg or .bam, or either .pz)")
    content = model_references.checked_content(path, limit)
    with panda_errors() as errors:
        try:
            if name.lower().endswith((".egg", ".egg.pz")):
                egg = model_references.checked_egg(path, content, limit)
                node = None if egg is None else load_egg_data(egg)
            else:
                model_references.check_bam_names(path, content, limit)
                node = Loader.get_global_ptr().load_sync(
                    Filename.from_os_specific(str(Path(path).resolve())),
                    LoaderOptions(LoaderOptions.LF_no_cache),
                )
        except AssertionError:  # Panda3D's own checks, such as a curve's order of 1 to 4
            node = None
    if node is None:
        raise ValueError(f"{name} could not be read as a Panda3D model{first_error(errors)}")
    return NodePath(node), errors


@contextlib.contextmanager
def panda_errors():
    """Panda3D's messages while the block runs, as a list of lines (filled when it ends), kept
    from the terminal: a refused file is said in our error, not in a line of its own."""
    notify = Notify.ptr()
    previous, stream, lines = notify.get_ostream_ptr(), StringStream(), []
    notify.set_ostream_ptr(stream, False)
    try:
        yield lines
    finally:
        notify.set_ostream_ptr(previous, False)
        text = stream.get_data().decode(errors="replace")
        lines.extend(line for line in text.splitlines() if "error" in line or "Assertion" in line)


def first_error(errors):
    """What Panda3D said, as the end of a sentence (" (Panda3D: ...)"), or nothing: a failed
    assertion first (the cause: an <Order> of 5 is then reported as order 0)."""
    if not errors:
        return ""
    said = next((line for line in errors if "Assertion" in line), errors[0])
    if "order >= 1 && order <= 4" in said:
        return " (Panda3D reads a curve's <Order> of 1 to 4 only)"
    said = said.split("): ", 1)[-1] if said.startswith(":") else said.removeprefix("Assertion failed: ")
    return f" (Panda3D: {said.split(' at line ')[0]})"


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
