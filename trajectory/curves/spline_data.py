"""A spline as plain data (what JSON holds) and back: its knots, tangents, modes, tilts and
whether it is closed; data from a file is checked, and refused with the reason."""

from trajectory._numerics.checks import real_array
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
    missing = [key for key in ("knots", "tangents", "modes", "tilts", "closed") if key not in data]
    if missing:
        raise ValueError(f"a spline file needs {missing[0]!r}")
    # Numbers as numbers: text such as "0.5" is refused (real_array), not read as one.
    knots = real_array(data["knots"], "a spline file's knots", "numbers")
    tangents = real_array(data["tangents"], "a spline file's tangents", "numbers")
    tilts = real_array(data["tilts"], "a spline file's tilts", "numbers")
    try:
        modes = [TangentMode(mode) for mode in data["modes"]]
    except (TypeError, ValueError) as error:
        raise ValueError(f"a spline file's modes must be tangent modes: {error}") from None
    closed = data["closed"]
    if not isinstance(closed, bool):
        raise ValueError(f"'closed' must be true or false, got {closed!r}")
    return Spline.from_state(knots, tangents, modes, tilts, closed)
