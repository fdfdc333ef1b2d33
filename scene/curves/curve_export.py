"""The curves mode's export: the trajectory shown, written where a game can read it, beside the
presets file: an egg file (a NURBS curve that Panda3D's ``Mopath`` and ``load_curves`` read) and
a JSON spline (knots, tangents and their modes, tilts) that ``trajectory.spline_from_data``
reads back."""

import json
import re

from scene.kit.curve_files import save_curve, spline_of
from trajectory import NurbsCurve
from trajectory.curves import spline_data

FOLDER = "exports"
"""Where exports go, beside the presets file."""


def export(mode):
    """Write the trajectory ``mode`` (a ``CurvesMode``) shows as ``<name>.egg`` and
    ``<name>.json`` in ``FOLDER``, and say where (or why not)."""
    preset = mode.trajectories[mode.trajectory_index]
    curve = mode.motion.trajectory
    name = re.sub(r"[^A-Za-z0-9_-]+", "-", preset.name).strip("-") or "curve"
    folder = mode.presets_file.path.parent / FOLDER
    spline, fitted = (preset.spline, False) if preset.knots else spline_of(curve)
    egg, data = folder / f"{name}.egg", folder / f"{name}.json"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        save_curve(egg, curve if isinstance(curve, NurbsCurve) else spline, name=name)
        data.write_text(json.dumps(spline_data(spline, preset.name), indent=1))
    except OSError as error:
        mode.app.messages.say(f"Could not export to {folder}: {error.strerror or error}", warning=True)
        return
    how = " (fitted: within 1/1000 of its size)" if fitted else ""
    mode.app.messages.say(f"Exported {preset.name}{how} to {egg} and {data.name}")
