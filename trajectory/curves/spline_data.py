"""A spline as plain data (what JSON holds) and back: its knots, tangents, modes, tilts and
whether it is closed; data from a file is checked, and refused with the reason."""

import numpy as np

from trajectory.curves.knot_tangents import TangentMode
from trajectory.curves.spline import Spline

FORMAT = "curves-in-motion spline"
VERSION = 1


def spline_data(spline, name=""):
    """``spline`` as a dict of lists, numbers and words (JSON's kinds)."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "name": name,
        "closed": spline.closed,
        "knots": spline.knots.tolist(),
        "tangents": spline.tangents.tolist(),
        "modes": [mode.value for mode in spline.modes],
        "tilts": spline.tilts.tolist(),
    }


def spline_from_data(data):
    """The spline of ``spline_data``'s dict (as read from a file).

    Raises:
        ValueError: Naming what is missing or wrong: the format, the knots, tangents, modes or
            tilts (one of each per knot), or an edit the spline refuses.
    """
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"not a spline file: its format must be {FORMAT!r}")
    if data.get("version") != VERSION:
        raise ValueError(f"spline files of version {VERSION} are read, this one says {data.get('version')!r}")
    try:
        knots = np.array(data["knots"], dtype=float)
        tangents = np.array(data["tangents"], dtype=float)
        modes = [TangentMode(mode) for mode in data["modes"]]
        tilts = np.array(data["tilts"], dtype=float)
        closed = data["closed"]
    except KeyError as missing:
        raise ValueError(f"a spline file needs {missing.args[0]!r}") from None
    except (TypeError, ValueError, OverflowError) as error:
        raise ValueError(
            f"a spline file's knots, tangents, modes and tilts must be numbers and modes: {error}"
        ) from None
    if not isinstance(closed, bool):
        raise ValueError(f"'closed' must be true or false, got {closed!r}")
    return Spline.from_state(knots, tangents, modes, tilts, closed)
