"""The curves mode's export: the trajectory shown, written where a game can read it, beside the
presets file: an egg file (a NURBS curve that Panda3D's ``Mopath`` and ``load_curves`` read), a
JSON spline (knots, tangents and their modes, tilts) that ``trajectory.spline_from_data`` reads
back, and what is built along it (a track, a road, a pipe) as an .obj that Blender and every
engine read and a .bam that Panda3D loads."""

import json
import re

from scene.kit import atomic_file
from scene.kit.curve_files import save_curve, spline_of
from trajectory import NurbsCurve
from trajectory.curves import spline_data

FOLDER = "exports"
"""Where exports go, beside the presets file."""


def export(model, beside, messages, track=None):
    """Write the trajectory ``model`` (a ``CurvesModel``) shows as ``<name>.egg`` and
    ``<name>.json`` in ``FOLDER`` in the folder ``beside``, and what ``track`` (a
    ``TrackDrawing``) has built along it as ``<name>-<what>.obj`` and ``.bam`` (``-track``,
    ``-road``, ``-pipe``, ...); each file atomically (the old one or the new, never half); say to
    ``messages`` where (or why not)."""
    preset, curve = model.trajectory, model.curve
    name = re.sub(r"[^A-Za-z0-9_-]+", "-", preset.name).strip("-") or "curve"
    folder = beside / FOLDER
    spline, fitted = (preset.spline, False) if preset.knots else spline_of(curve)
    egg, data = folder / f"{name}.egg", folder / f"{name}.json"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        save_curve(egg, curve if isinstance(curve, NurbsCurve) else spline, name=name)
        atomic_file.write(data, json.dumps(spline_data(spline, preset.name), indent=1).encode())
        built = None if track is None else track.export(folder, name)
    except OSError as error:
        messages.say(f"Could not export to {folder}: {error.strerror or error}", warning=True)
        return
    how = " (fitted: within 1/1000 of its size)" if fitted else ""
    also = "" if built is None else f", its {built[0]} as {built[1].name} and {built[2].name}"
    messages.say(f"Exported {preset.name}{how} to {egg} and {data.name}{also}")
