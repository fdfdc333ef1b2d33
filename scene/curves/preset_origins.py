"""How a preset shown differs from what it came as: as it came (built in, opened from a file,
or saved as it is), edited (a built-in one changed), or new (a curve started with N, until it is
saved). Codes; ``curves_status`` has the words."""

import enum


class Edited(enum.Enum):
    """How a preset shown differs from what it came as."""

    AS_IT_CAME = enum.auto()
    EDITED = enum.auto()
    NEW = enum.auto()
    """A curve of a name none has (started with N), until saved as it is."""


def origin(preset, builtins, saved=()):
    """EDITED for an editable preset that differs from the built-in one of its name, NEW for one
    of a name none has (a curve started with N) until it is ``saved`` as it is, else AS_IT_CAME
    (a curve opened from a file is no edit)."""
    if preset in builtins or not preset.editable:
        return Edited.AS_IT_CAME
    if any(builtin.name == preset.name for builtin in builtins):
        return Edited.EDITED
    return Edited.AS_IT_CAME if preset in saved else Edited.NEW
