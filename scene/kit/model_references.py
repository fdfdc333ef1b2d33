"""Every file Panda3D would open for a user's model, found and checked before it opens any: the
model's own file (its name with the extensions the loader adds, on the model path as the loader
looks), its content inflated where it is compressed (within the size limit after inflating), and
the files it names: an egg's references (``<File>``, read in turn) and textures, a bam's stored
file names. Each must be a regular file within the limit, or the model is refused in one phrase
(a FIFO or a device would block the loader for ever; a bomb would fill the memory).
"""

import os
import re
import stat
import zlib
from pathlib import Path

from panda3d.core import ConfigVariableSearchPath, Filename, StringStream, get_model_path
from panda3d.egg import EggData, EggExternalReference, EggGroupNode, EggTexture

from scene.kit import user_files

MODEL_SUFFIXES = (".egg", ".bam", ".egg.pz", ".bam.pz")
"""What the loader tries after a name with no extension, in this order."""
MAX_REFERENCE_DEPTH = 16
"""How deep eggs may name eggs that name eggs: deeper (or round in a loop) is refused."""
_CHUNK = 1 << 20
_BAM_STRING = re.compile(rb"[\x20-\x7e]{2,}")
"""A run of printable bytes: where a bam's stored strings (a 16-bit length, then the bytes) lie."""


def model_file(name):
    """The file the loader would open for the model ``name``: the name itself where a file has
    it, else the first of the name with each of ``MODEL_SUFFIXES`` (where it has none) in the
    working folder, then along the model path.

    Raises:
        FileNotFoundError: When there is none.
    """
    given = Path(name)
    names = (
        [given] if given.suffix or given.exists() else [Path(f"{name}{suffix}") for suffix in MODEL_SUFFIXES]
    )
    folders = [Path.cwd()] + ([] if given.is_absolute() else _search_path(get_model_path().get_value()))
    for candidate in names:
        for folder in folders:
            path = folder / candidate
            if os.path.lexists(path):
                return path
    raise FileNotFoundError(name)


def checked_content(path, limit):
    """The bytes of the model file ``path``, inflated where its name ends in ``.pz``, refused
    (a ValueError) where they are more than ``limit``, compressed or inflated, or the file is
    not a regular one (``user_files.checked``)."""
    content = user_files.read_bytes(path, limit)
    if not Path(path).name.lower().endswith(".pz"):
        return content
    inflater, parts, size = zlib.decompressobj(zlib.MAX_WBITS | 32), [], 0
    try:
        pending = content
        while pending and not inflater.eof:
            part = inflater.decompress(pending, _CHUNK)
            size += len(part)
            if size > limit:
                raise ValueError(f"{path} inflates to more than the {limit:,} bytes read of such a file")
            parts.append(part)
            pending = inflater.unconsumed_tail
    except zlib.error as error:
        raise ValueError(f"{path} is not a compressed file Panda3D reads ({error})") from None
    return b"".join(parts)


def checked_egg(path, content, limit):
    """The egg file ``path`` of ``content`` as an ``EggData`` (None where Panda3D cannot parse
    it) whose every reference and texture is checked: the eggs it names read in (each checked
    first, as this one), the other files it names and its textures and their alpha files
    checked and named by their full path, so that the loader opens these and no other.

    Raises:
        ValueError: On a file it names that is no regular file or larger than ``limit``, eggs
            that name each other round in a loop or deeper than ``MAX_REFERENCE_DEPTH``, or an
            egg that Panda3D cannot parse.
    """
    egg = _parsed_egg(path, content)
    if egg is None:
        return None
    _check_references(egg, Path(path), limit, [Path(path).resolve()])
    if not egg.load_externals():
        raise ValueError(f"{Path(path).name}: an egg it names could not be read")
    folders = _texture_folders(path)
    for texture in _nodes(egg, EggTexture):
        found = _checked_name(texture.get_filename(), folders, limit)
        if not found.empty():
            texture.set_filename(found)
            texture.set_fullpath(found)
        if texture.has_alpha_filename():
            found = _checked_name(texture.get_alpha_filename(), folders, limit)
            if not found.empty():
                texture.set_alpha_filename(found)
                texture.set_alpha_fullpath(found)
    return egg


def check_bam_names(path, content, limit):
    """Refuse (a ValueError) the bam file ``path`` of ``content`` where a file name stored in it
    (a texture's, most often) is that of something other than a regular file within ``limit``:
    every stored string that names one, relative to the file's folder, the working folder or the
    model path."""
    folders = _texture_folders(path)
    seen = set()
    for run in _BAM_STRING.finditer(content):
        start = run.start()
        if start < 2:
            continue
        length = int.from_bytes(content[start - 2 : start], "little")
        if not 2 <= length <= run.end() - start:
            continue
        name = content[start : start + length].decode("ascii")
        if name not in seen:
            seen.add(name)
            _checked_name(Filename(name), folders, limit)


def _parsed_egg(path, content):
    """The egg file ``path`` of ``content`` as an ``EggData``, or None where Panda3D cannot
    parse it (it says why)."""
    egg = EggData()
    egg.set_egg_filename(Filename.from_os_specific(str(Path(path).resolve())))
    return egg if egg.read(StringStream(content)) else None


def _check_references(egg, path, limit, chain):
    """Check the files ``egg`` (read from ``path``) names with ``<File>``: each a regular file
    within ``limit``; an egg read and its own references checked in turn (``chain``: the eggs
    that led here, resolved)."""
    folders = [path.parent, Path.cwd()] + _search_path(get_model_path().get_value())
    for reference in _nodes(egg, EggExternalReference):
        found = _checked_name(reference.get_filename(), folders, limit)
        if found.empty():
            continue
        reference.set_filename(found)
        reference.set_fullpath(found)
        target = Path(found.to_os_specific())
        if not target.name.lower().endswith((".egg", ".egg.pz")):
            continue
        resolved = target.resolve()
        if resolved in chain or len(chain) >= MAX_REFERENCE_DEPTH:
            raise ValueError(
                f"{path.name} names {target.name}, which names eggs round in a loop or more than "
                f"{MAX_REFERENCE_DEPTH} deep"
            )
        inner = _parsed_egg(target, checked_content(target, limit))
        if inner is None:
            raise ValueError(f"{path.name} names {target.name}, which could not be read as an egg file")
        _check_references(inner, target, limit, [*chain, resolved])


def _checked_name(filename, folders, limit):
    """``filename`` (a Panda3D ``Filename`` a model names) as the full path of the file it names
    in the first of ``folders`` that has it (itself where it is absolute), that file checked;
    an empty ``Filename`` where there is none (the loader finds none either, and says so)."""
    name = filename.to_os_specific()
    if not name:
        return Filename()
    candidates = [Path(name)] if os.path.isabs(name) else [folder / name for folder in folders]
    for candidate in candidates:
        try:
            found = os.stat(candidate)
        except (OSError, ValueError):
            continue
        if stat.S_ISDIR(found.st_mode):
            continue  # a folder is never opened as a file
        user_files.checked(candidate, limit)
        return Filename.from_os_specific(str(Path(candidate).resolve()))
    return Filename()


def _texture_folders(path):
    """Where a texture the model file ``path`` names is looked for, in order: beside it, the
    working folder, the model path, the texture path."""
    return [Path(path).parent, Path.cwd()] + _search_path(
        get_model_path().get_value(), ConfigVariableSearchPath("texture-path").get_value()
    )


def _nodes(group, kind):
    """The nodes of ``kind`` under the egg group ``group``, depth first."""
    for child in group.get_children():
        if isinstance(child, kind):
            yield child
        if isinstance(child, EggGroupNode):
            yield from _nodes(child, kind)


def _search_path(*paths):
    """The folders of Panda3D search paths (``DSearchPath``s), in order."""
    return [
        Path(path.get_directory(i).to_os_specific())
        for path in paths
        for i in range(path.get_num_directories())
    ]
