"""The user's presets file: edited curves saved as JSON and loaded at start.

A saved preset replaces the built-in preset of the same name; others are added after the built-ins.
The file is never lost:

* a file that cannot be read or is not valid is reported in one message and left untouched; the
  built-in presets are used, and saving then writes beside it instead of over it (so does saving
  when the file was changed by someone else since it was read);
* every preset is checked in full when the file is loaded (its curve is built), so nothing in it
  can fail later; a bad entry (or a second of one name, or one past ``MAX_PRESETS``) is skipped,
  the good ones load, one message says which were skipped and why, and the file as it was is
  copied beside it first (``presets.skipped-<its hash>.json``), so a save loses nothing;
* saving is atomic (a temporary file, fsynced, renamed over the old one, the directory fsynced),
  follows a symbolic link to the real file, keeps the file's permissions, and removes temporary
  files left behind by a killed save.
"""

import dataclasses
import datetime
import hashlib
import json
import os
from pathlib import Path

from scene.curves.presets import TrajectoryPreset, VelocityPreset
from scene.kit import atomic_file, curve_files, user_files
from trajectory.curves import spline_data, spline_from_data

FORMAT = "curves-in-motion presets"
VERSION = 1
MAX_FILE_BYTES = 4_000_000
"""Larger files are refused unread, and a save that would be larger is refused (100 presets of
each kind take about 30 kB; a spline of 5,000 knots about 1 MB)."""
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
        """Why the file, or some of its presets, were not loaded at start (one line), or None."""
        self.backup = None
        """Where the file as it was is kept when some of its presets were skipped, or None."""
        self._refused = False
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
            saved_trajectories, saved_velocities, skipped = _parse(content)
        except ValueError as error:
            self.problem = (
                f"presets file {self.path} was not loaded ({error}); "
                "the built-in presets are used and the file is left as it is"
            )
            self._refused = True
            return list(trajectories), list(velocities)
        self._read = content
        if skipped:
            self._keep_a_copy(content, skipped)
        return _merged(trajectories, saved_trajectories), _merged(velocities, saved_velocities)

    def _keep_a_copy(self, content, skipped):
        """Copy the file beside it before a save can drop its skipped presets, and say so."""
        digest = hashlib.sha256(content).hexdigest()[:8]
        backup = self.path.with_name(f"{self.path.stem}.skipped-{digest}{self.path.suffix}")
        try:
            if not (backup.is_file() and backup.read_bytes() == content):
                atomic_file.write(backup, content)
            self.backup = backup
            kept = f"the file as it was is kept as {backup.name}"
        except OSError as error:
            self._refused = True  # nowhere to keep it: saves go beside the file instead
            kept = f"the file is left as it is ({error.strerror or type(error).__name__} writing a copy)"
        reasons = "; ".join(skipped[:3]) + (f"; and {len(skipped) - 3} more" if len(skipped) > 3 else "")
        count = f"{len(skipped)} preset{'s' if len(skipped) > 1 else ''}"
        self.problem = f"presets file {self.path}: {count} skipped ({reasons}); {kept}"

    def save(self, trajectories, velocities, builtin_trajectories, builtin_velocities):
        """Write every editable preset that differs from the built-ins, atomically.

        Into the presets file when it holds what was loaded from it (or does not exist), else into
        a new file beside it, which later saves reuse.

        Returns:
            A ``Saved``.

        Raises:
            OSError: If the file cannot be written (nothing is lost then either).
            ValueError: If the presets would make a file larger than ``MAX_FILE_BYTES`` (which
                the next start would refuse): nothing is written.
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
        content = json.dumps(data, separators=(",", ":")).encode("utf-8")
        if len(content) > MAX_FILE_BYTES:
            raise ValueError(
                f"they would take {len(content):,} bytes, and a presets file is read up to "
                f"{MAX_FILE_BYTES:,}: delete knots or curves"
            )
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
        if self._refused:
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
        return user_files.read_bytes(path, MAX_FILE_BYTES)
    except FileNotFoundError:
        return None


def _parse(content):
    """The presets in a file's bytes, each checked in full: ``(trajectories, velocities,
    skipped)``, ``skipped`` saying why each entry left out was; a ValueError says why the file
    as a whole cannot be read."""
    data = user_files.parsed_json(content)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"not a {FORMAT} file")
    version = data.get("version")
    if type(version) is not int or version != VERSION:
        raise ValueError(f"version {_short(version)} is not {VERSION}")
    skipped = []
    trajectories = _entries(data, "trajectories", _trajectory, skipped)
    velocities = _entries(data, "velocities", _velocity, skipped)
    return trajectories, velocities, skipped


def _entries(data, key, parse, skipped):
    """The good presets of the list ``data[key]``, a reason added to ``skipped`` for each other
    entry: one that does not parse, a second of one name, one past the first ``MAX_PRESETS``."""
    entries = data.get(key, [])
    if not isinstance(entries, list):
        raise ValueError(f'"{key}" must be a list')
    presets, names = [], set()
    for number, entry in enumerate(entries):
        if len(presets) == MAX_PRESETS:
            skipped.extend([f"{key} past the first {MAX_PRESETS}"] * (len(entries) - number))
            break
        try:
            preset = parse(entry)
        except ValueError as error:
            skipped.append(str(error))
            continue
        if preset.name in names:
            skipped.append(f"a second of the {key} named {preset.name!r}")
            continue
        names.add(preset.name)
        presets.append(preset)
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
            spline = curve_files.knots_checked(spline_from_data(entry.get("spline")))
            preset = TrajectoryPreset(name, kind, spline=spline)
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


def fitting_name(name, taken):
    """``name`` made one the presets file takes and none of ``taken`` has: control characters
    (tabs, new lines) as spaces, at most ``MAX_NAME_LENGTH`` characters, " (2)", " (3)", ...
    after it where it is taken."""
    words = "".join(c if c.isprintable() else " " for c in str(name)).split()
    plain = " ".join(words) or "curve"
    candidate, number = plain[:MAX_NAME_LENGTH], 1
    while candidate in taken:
        number += 1
        suffix = f" ({number})"
        candidate = plain[: MAX_NAME_LENGTH - len(suffix)] + suffix
    return candidate


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
