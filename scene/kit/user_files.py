"""Reading a file a user names (a presets file, a curve, a replay): a regular file only, never
more than a limit, and JSON parsed without a traceback. A FIFO or a device such as /dev/zero is
refused before it is opened (reading one would hang, or fill the memory)."""

import json
import stat
from pathlib import Path


def checked(path, limit):
    """``path``, once its file is found to be a regular one of at most ``limit`` bytes (for a
    file another reader opens, such as Panda3D's loader).

    Raises:
        FileNotFoundError: If there is nothing at ``path``.
        ValueError: One phrase saying why the file is not to be read: not a regular file, larger
            than ``limit``, or unreadable.
    """
    path = Path(path)
    try:
        found = path.stat()
    except FileNotFoundError:
        raise
    except OSError as error:
        raise ValueError(f"{path} cannot be read ({error.strerror or type(error).__name__})") from None
    if not stat.S_ISREG(found.st_mode):
        raise ValueError(f"{path} is not a regular file (it is {_kind(found.st_mode)})")
    if found.st_size > limit:
        raise ValueError(f"{path} is larger than the {limit:,} bytes read of such a file")
    return path


def read_bytes(path, limit):
    """The bytes of the regular file at ``path``, at most ``limit`` of them (see ``checked``;
    read up to the limit whatever the size said, as a file may grow meanwhile)."""
    path = checked(path, limit)
    try:
        with open(path, "rb") as file:
            content = file.read(limit + 1)
    except OSError as error:
        raise ValueError(f"{path} cannot be read ({error.strerror or type(error).__name__})") from None
    if len(content) > limit:
        raise ValueError(f"{path} is larger than the {limit:,} bytes read of such a file")
    return content


def parsed_json(content):
    """JSON text (bytes) as Python values, or a ValueError saying in one phrase why it is not."""
    try:
        return json.loads(content.decode("utf-8"))
    except UnicodeDecodeError:
        raise ValueError("it is not UTF-8 text") from None
    except json.JSONDecodeError as error:
        raise ValueError(f"not valid JSON: {error}") from None
    except RecursionError:
        raise ValueError("it is nested too deeply") from None
    except ValueError as error:  # such as an integer of more than 4300 digits
        raise ValueError(str(error).split(";")[0]) from None


def _kind(mode):
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a plain file"
