"""Reading a file a user names (a presets file, a curve, a replay): a regular file only, never
more than a limit, and JSON parsed without a traceback. A FIFO or a device such as /dev/zero is
refused before it is opened (reading one would hang, or fill the memory)."""

import json
import stat
from pathlib import Path


def read_bytes(path, limit):
    """The bytes of the regular file at ``path``, at most ``limit`` of them.

    Raises:
        FileNotFoundError: If there is nothing at ``path``.
        ValueError: One phrase saying why the file is not read: not a regular file, larger than
            ``limit``, or unreadable.
    """
    path = Path(path)
    try:
        kind = path.stat().st_mode
        if not stat.S_ISREG(kind):
            raise ValueError(f"{path} is not a regular file (it is {_kind(kind)})")
        with open(path, "rb") as file:
            content = file.read(limit + 1)
    except FileNotFoundError:
        raise
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
