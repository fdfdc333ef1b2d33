"""Writing a file so that a crash or a kill at any moment leaves either the old file or the new
one, never half of one: a temporary file, fsynced, renamed over the old one, the directory
fsynced; through a symbolic link to the real file, its permissions kept, and the temporary
files of killed writes removed."""

import contextlib
import itertools
import os
import re
from pathlib import Path

_TEMPORARY = re.compile(r"\.(?P<name>.+)\.(?P<pid>\d+)\.tmp(\.[^.]*)?")


def write(path, content):
    """Replace the file ``path`` points to (through any symbolic link) by ``content`` (bytes),
    keeping its permissions; the directory is fsynced after the rename so that the rename
    survives a crash."""

    def put(temporary):
        with open(temporary, "wb") as file:
            file.write(content)

    write_with(path, put)


def write_with(path, writer):
    """``write``, for a file another writer makes: ``writer(temporary)`` writes the whole file
    at ``temporary`` (a ``Path`` beside the target, ending as it does, so that a writer that
    goes by the suffix writes the same kind), which is then fsynced and renamed over the target.
    Whatever ``writer`` raises leaves the old file as it was."""
    target = Path(os.path.realpath(path))
    target.parent.mkdir(parents=True, exist_ok=True)
    remove_stale_temporaries(target)
    temporary = target.with_name(f".{target.name}.{os.getpid()}.tmp{target.suffix}")
    try:
        writer(temporary)
        with open(temporary, "rb+") as file:
            os.fsync(file.fileno())
        with contextlib.suppress(FileNotFoundError):
            os.chmod(temporary, target.stat().st_mode & 0o7777)
        os.replace(temporary, target)
    finally:
        temporary.unlink(missing_ok=True)
    directory = os.open(target.parent, os.O_RDONLY)
    try:
        os.fsync(directory)
    finally:
        os.close(directory)


def write_new(folder, stem, suffix, content):
    """Write ``content`` atomically to a file of ``folder`` that did not exist: ``stem`` +
    ``suffix``, or ``stem-2`` + ``suffix``, ``stem-3``, ... (the name taken with O_EXCL, so that
    two processes saving at once never write to one file). Returns its path."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    for number in itertools.count(1):
        path = folder / f"{stem}{'' if number == 1 else f'-{number}'}{suffix}"
        try:
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644))
        except FileExistsError:
            continue
        try:
            write(path, content)
        except BaseException:
            path.unlink(missing_ok=True)
            raise
        return path


def remove_stale_temporaries(path):
    """Delete the temporary files of saves to ``path`` whose process is gone (killed mid-save)."""
    with contextlib.suppress(OSError):
        for candidate in path.parent.glob(f".{path.name}.*.tmp*"):
            match = _TEMPORARY.fullmatch(candidate.name)
            if match and match["name"] == path.name and not _alive(int(match["pid"])):
                candidate.unlink(missing_ok=True)


def _alive(pid):
    if pid == os.getpid():
        return False  # our own saves remove their file before returning
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OverflowError:
        return False  # no process has such a number
    except PermissionError:
        return True  # someone else's process: leave its file
    return True
