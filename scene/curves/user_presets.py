"""The user's presets file: edited curves saved as JSON and loaded at start.

A saved preset replaces the built-in preset of the same name; others are added after the built-ins.
The file is never lost:

* a file that cannot be read or is not valid is reported in one message and left untouched; the
  built-in presets are used, and saving then writes beside it instead of over it (so does saving
  when the file was changed by someone else since it was read);
* every preset is checked in full when the file is loaded (its curve is built), so nothing in it
  can fail later;
* saving is atomic (a temporary file, fsynced, renamed over the old one, the directory fsynced),
  follows a symbolic link to the real file, keeps the file's permissions, and removes temporary
  files left behind by a killed save.
"""

import dataclasses
import datetime
import json
import os
from pathlib import Path

from scene.curves.presets import TrajectoryPreset, VelocityPreset
from scene.kit import atomic_file
from trajectory import spline_data, spline_from_data

FORMAT = "curves-in-motion presets"
VERSION = 1
MAX_FILE_BYTES = 1_000_000
"""Larger files are refused unread (100 presets of each kind take about 30 kB)."""
MAX_PRESETS = 100
"""Of each kind; the number keys reach the first nine."""
MAX_NAME_LENGTH = 40


def default_path():
    """``$XDG_CONFIG_HOME/curves-in-motion/presets.json`` (``~/.config`` by default)."""
    config = os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config"
    return Path(config) / "curves-in-motion" / "presets.json"


@dataclasses.dataclass(frozen=True)
class Saved:
    """What ``PresetsFile.save`` did: ``count`` presets written to ``path``; ``beside`` is why
    that is not the presets file itself (None when it is)."""

    count: int
    path: Path
    beside: str = None


class PresetsFile:
    """One presets file: what was read from it, and where saving may write.

    Args:
        path: The presets file (it need not exist).
    """

    def __init__(self, path):
        self.path = Path(path)
        self.problem = None
        """Why the file was not loaded at start (one line), or None."""
        self._read = None
        """The bytes loaded at start (None: there was no file)."""
        self._beside = None

    def load(self, trajectories, velocities):
        """The preset lists with the file's presets applied.

        Returns:
            ``(trajectories, velocities)``: new lists; the built-in ones when the file is refused
            (``problem`` then says why).
        """
        atomic_file.remove_stale_temporaries(self.path)
        try:
            content = _read(self.path)
            if content is None:
                return list(trajectories), list(velocities)
            saved_trajectories, saved_velocities = _parse(content)
        except ValueError as error:
            self.problem = (
                f"presets file {self.path} was not loaded ({error}); "
                "the built-in presets are used and the file is left as it is"
            )
            return list(trajectories), list(velocities)
        self._read = content
        return _merged(trajectories, saved_trajectories), _merged(velocities, saved_velocities)

    def save(self, trajectories, velocities, builtin_trajectories, builtin_velocities):
        """Write every editable preset that differs from the built-ins, atomically.

        Into the presets file when it holds what was loaded from it (or does not exist), else into
        a new file beside it, which later saves reuse.

        Returns:
            A ``Saved``.

        Raises:
            OSError: If the file cannot be written (nothing is lost then either).
        """
        edited_trajectories = [p for p in trajectories if p.editable and p not in builtin_trajectories]
        edited_velocities = [p for p in velocities if p.editable and p not in builtin_velocities]
        data = {
            "format": FORMAT,
            "version": VERSION,
            "trajectories": [_trajectory_entry(p) for p in edited_trajectories],
            "velocities": [
                {"name": p.name, ("keys" if p.keys else "controls"): [list(c) for c in p.handles]}
                for p in edited_velocities
            ],
        }
        content = json.dumps(data, indent=2).encode("utf-8")
        count = len(edited_trajectories) + len(edited_velocities)
        reason = self._unsafe_to_overwrite()
        if reason is None:
            atomic_file.write(self.path, content)
            self._read = content
            return Saved(count, self.path)
        if self._beside is None:
            stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
            self._beside = self.path.with_name(f"{self.path.stem}.saved-{stamp}{self.path.suffix}")
        atomic_file.write(self._beside, content)
        return Saved(count, self._beside, reason)

    def _unsafe_to_overwrite(self):
        """Why the presets file must not be replaced (a short phrase), or None."""
        if self.problem is not None:
            return "it could not be read at start"
        try:
            current = self.path.read_bytes()
        except FileNotFoundError:
            return None
        except OSError:
            return "it cannot be read now"
        if current != self._read:
            return "it was changed since it was read"
        return None


def _read(path):
    """The file's bytes (None if there is no file), or a ValueError saying why they cannot be read."""
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise ValueError(f"it is {size:,} bytes; at most {MAX_FILE_BYTES:,} are read")
        return path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as error:
        raise ValueError(error.strerror or type(error).__name__) from None


def _parse(content):
    """The presets in a file's bytes, each checked in full; a ValueError says what is wrong."""
    try:
        data = json.loads(content.decode("utf-8"))
    except UnicodeDecodeError:
        raise ValueError("it is not UTF-8 text") from None
    except json.JSONDecodeError as error:
        raise ValueError(f"not valid JSON: {error}") from None
    except RecursionError:
        raise ValueError("it is nested too deeply") from None
    except ValueError as error:  # such as an integer of more than 4300 digits
        raise ValueError(str(error)) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"not a {FORMAT} file")
    version = data.get("version")
    if type(version) is not int or version != VERSION:
        raise ValueError(f"version {_short(version)} is not {VERSION}")
    return (
        _entries(data, "trajectories", _trajectory),
        _entries(data, "velocities", _velocity),
    )


def _entries(data, key, parse):
    entries = data.get(key, [])
    if not isinstance(entries, list):
        raise ValueError(f'"{key}" must be a list')
    if len(entries) > MAX_PRESETS:
        raise ValueError(f"it holds {len(entries):,} {key}; at most {MAX_PRESETS} are read")
    presets = [parse(entry) for entry in entries]
    names = set()
    for preset in presets:
        if preset.name in names:
            raise ValueError(f"two {key} are named {preset.name!r}")
        names.add(preset.name)
    return presets


def _trajectory_entry(preset):
    if preset.knots:
        return {"name": preset.name, "kind": "knots", "spline": spline_data(preset.spline, preset.name)}
    return {"name": preset.name, "kind": preset.kind, "points": [list(q) for q in preset.points]}


def _trajectory(entry):
    name = _name(entry, "trajectory")
    kind = entry.get("kind")
    if kind not in ("bezier", "spline", "knots"):
        raise ValueError(
            f"trajectory {name!r}: kind must be 'bezier', 'spline' or 'knots', got {_short(kind)}"
        )
    try:
        if kind == "knots":
            preset = TrajectoryPreset(name, kind, spline=spline_from_data(entry.get("spline")))
        else:
            preset = TrajectoryPreset(name, kind).with_points(entry.get("points"))
        preset.curve()
    except (ValueError, TypeError, OverflowError) as error:
        raise ValueError(
            f"trajectory {name!r}: {_reason(error, 'points must be (x, y, z) numbers')}"
        ) from None
    return preset


def _velocity(entry):
    name = _name(entry, "velocity")
    keyed = "keys" in entry
    try:
        preset = VelocityPreset(name)
        preset = preset.with_keys(entry["keys"]) if keyed else preset.with_controls(entry.get("controls"))
        preset.curve()
    except (ValueError, TypeError, OverflowError) as error:
        fallback = "keys must be (t, s) pairs" if keyed else "controls must be two (t, s) pairs"
        raise ValueError(f"velocity {name!r}: {_reason(error, fallback)}") from None
    return preset


def _name(entry, kind):
    if not isinstance(entry, dict):
        raise ValueError(f"each {kind} must be an object with a name, got {_short(entry)}")
    name = entry.get("name")
    if not isinstance(name, str) or not name.strip() or not name.isprintable():
        raise ValueError(f"a {kind} name must be a non-empty line of text, got {_short(name)}")
    if len(name) > MAX_NAME_LENGTH:
        raise ValueError(f"a {kind} name must be at most {MAX_NAME_LENGTH} characters, got {_short(name)}")
    return name


def _reason(error, fallback):
    """A ValueError's own message; the fallback for errors that only say what Python choked on."""
    if isinstance(error, OverflowError):
        return "a number is too large"
    return str(error) if isinstance(error, ValueError) and str(error) else fallback


def _short(value):
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _merged(builtins, saved):
    """``builtins`` with each saved preset in place of the built-in of its name, or appended."""
    merged = list(builtins)
    where = {preset.name: index for index, preset in enumerate(merged)}
    for preset in saved:
        if preset.name in where:
            merged[where[preset.name]] = preset
        else:
            where[preset.name] = len(merged)
            merged.append(preset)
    return merged
