"""The user's presets file: edited curves saved as JSON and loaded at start.

A saved preset replaces the built-in preset of the same name; others are added after the built-ins.
A file that cannot be read or is not valid is reported in one message and left untouched, and the
built-in presets are used.
"""

import json
import os
from pathlib import Path

from scene.presets import TrajectoryPreset, VelocityPreset

FORMAT = "curves-in-motion presets"
VERSION = 1


def default_path():
    """``$XDG_CONFIG_HOME/curves-in-motion/presets.json`` (``~/.config`` by default)."""
    config = os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config"
    return Path(config) / "curves-in-motion" / "presets.json"


def load(path, trajectories, velocities):
    """The preset lists with the file's presets applied, and a message if the file was refused.

    Returns:
        ``(trajectories, velocities, message)``: new lists, and ``None`` or one line saying what
        is wrong with the file (the built-in lists are returned then).
    """
    path = Path(path)
    if not path.exists():
        return list(trajectories), list(velocities), None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        saved_trajectories, saved_velocities = _parse(data)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, ValueError, TypeError, KeyError) as error:
        reason = str(error) or type(error).__name__
        return (
            list(trajectories),
            list(velocities),
            (
                f"presets file {path} was not loaded ({reason}); the built-in presets are used and the file is left as it is"
            ),
        )
    return _merged(trajectories, saved_trajectories), _merged(velocities, saved_velocities), None


def save(path, trajectories, velocities, builtin_trajectories, builtin_velocities):
    """Write every editable preset that differs from the built-ins, atomically.

    Returns:
        The number of presets written.
    """
    path = Path(path)
    edited_trajectories = [p for p in trajectories if p.editable and p not in builtin_trajectories]
    edited_velocities = [p for p in velocities if p.editable and p not in builtin_velocities]
    data = {
        "format": FORMAT,
        "version": VERSION,
        "trajectories": [
            {"name": p.name, "kind": p.kind, "points": [list(q) for q in p.points]}
            for p in edited_trajectories
        ],
        "velocities": [
            {"name": p.name, "controls": [list(c) for c in p.controls]} for p in edited_velocities
        ],
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(temporary, "w", encoding="utf-8") as file:
            json.dump(data, file, indent=2)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)
    return len(edited_trajectories) + len(edited_velocities)


def _parse(data):
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"not a {FORMAT} file")
    if data.get("version") != VERSION:
        raise ValueError(f"version {data.get('version')!r} is not {VERSION}")
    trajectories = [_trajectory(entry) for entry in data.get("trajectories", [])]
    velocities = [_velocity(entry) for entry in data.get("velocities", [])]
    return trajectories, velocities


def _trajectory(entry):
    name, kind = _name(entry), entry["kind"]
    if kind not in ("bezier", "spline"):
        raise ValueError(f"trajectory {name!r}: kind must be 'bezier' or 'spline', got {kind!r}")
    preset = TrajectoryPreset(name, kind).with_points(entry["points"])
    try:
        preset.curve()
    except ValueError as error:
        raise ValueError(f"trajectory {name!r}: {error}") from None
    return preset


def _velocity(entry):
    name = _name(entry)
    controls = entry["controls"]
    if len(controls) != 2 or any(len(c) != 2 for c in controls):
        raise ValueError(f"velocity {name!r}: controls must be two (t, s) pairs")
    preset = VelocityPreset(name).with_controls(controls)
    try:
        preset.curve()
    except ValueError as error:
        raise ValueError(f"velocity {name!r}: {error}") from None
    return preset


def _name(entry):
    name = entry["name"]
    if not isinstance(name, str) or not name:
        raise ValueError(f"a preset name must be a non-empty string, got {name!r}")
    return name


def _merged(builtins, saved):
    merged = list(builtins)
    names = [p.name for p in merged]
    for preset in saved:
        if preset.name in names:
            merged[names.index(preset.name)] = preset
        else:
            merged.append(preset)
            names.append(preset.name)
    return merged
