"""The curves mode's edits of its presets: a control point or a velocity key moved (refused,
with the reason, when the curve it makes is invalid: nothing is lost), each drag one step that
can be undone and redone, keys of a keyed velocity curve added and deleted, and the edited
presets saved to the presets file."""

import logging

import numpy as np

from scene.curves import curve_export, presets
from scene.curves.knot_edits import KnotEdits
from scene.curves.presets import TimeOutOfPlace
from scene.ui.bindings import KeyBinding, bind
from scene.ui.history import Histories

log = logging.getLogger(__name__)


class PresetEdits:
    """Edits of ``mode``'s (a ``CurvesMode``) current presets."""

    def __init__(self, mode):
        self.mode = mode
        self.history = Histories()
        self._before = None
        self.selected_key = None
        """The velocity key last grabbed or added (its index), what Delete takes out."""
        self.knots = KnotEdits(mode, self)

    # Undo and redo, a drag at a time.

    def press(self, shifted):
        """A press: grab the control point or velocity handle under the mouse (a drag begins), or
        in the distance panel off every key add a key there, held to be dragged on; whether
        anything was grabbed (``shifted``: a 3D point moves nearer or farther)."""
        mode, editor = self.mode, self.mode.editor
        trajectory = mode.trajectories[mode.trajectory_index]
        if self.knots.new.placing and not mode.plot.covers_pointer():
            self.knots.new.place()
            return True
        if editor.grab(mode.points() if trajectory.editable else None, mode.handles(), shifted):
            self.begin()
            if (key := editor.held_handle()) is not None:
                self.knots.select(None)  # the knot's handles hidden
                self.selected_key = key
            elif trajectory.knots and editor.held_point() < len(trajectory.spline.knots):
                self.knots.select(editor.held_point())
            elif trajectory.knots:  # a handle tip of the selected knot
                self.knots.show()
            return True
        if trajectory.knots and not mode.plot.covers_pointer():
            return self.knots.insert_under_mouse()
        unit = mode.plot.mouse_to_unit() if mode.plot.covers_pointer() else None
        if unit is None or not np.all((unit > 0.0) & (unit < 1.0)) or not self.add_key(unit):
            return False
        editor.grab(None, mode.handles())
        self.begin()
        return True

    def release(self):
        """Let go of what is held, the drag one step; whether anything was held."""
        if not self.mode.editor.release():
            return False
        self.end()
        return True

    def begin(self):
        """A drag starts: the presets on screen as they are, to record what it changes."""
        self._before = self.shown()

    def end(self):
        """A drag ends: what it changed, one step each preset (a trajectory's, a velocity's)."""
        if self._before is None:
            return
        for key, before in self._before.items():
            what = "moving a control point" if key[0] == "trajectory" else "moving a velocity handle"
            self.record({key: before}, what)
        self._before = None

    def undo(self):
        """Put back the presets on screen as they were before their newest edit."""
        self._restore(self.history.undo(list(self.shown())), "Undone", "Nothing to undo")

    def redo(self):
        """Make again the newest edit undone of the presets on screen."""
        self._restore(self.history.redo(list(self.shown())), "Redone", "Nothing to redo")

    # Velocity keys added and deleted.

    def add_key(self, unit):
        """A key of the keyed velocity curve shown at ``unit`` (t, s), among the others by its
        time; refused, saying why, where it would send the object back. Whether one was added."""
        mode = self.mode
        preset = mode.velocities[mode.velocity_index]
        if not preset.keys:
            return False
        t, s = (float(value) for value in unit)
        keys = sorted([*map(tuple, preset.keys), (t, s)])
        before = self.shown()
        if not self.move_keys(keys):
            return False
        self.selected_key, self.knots.selected = keys.index((t, s)), None
        self.record(before, "adding a velocity key")
        return True

    def delete(self):
        """Take out what was selected last: a knot of the trajectory or a velocity key."""
        if self.knots.selected is not None and self.knots.spline is not None:
            self.knots.delete()
        else:
            self.delete_key()

    def delete_key(self):
        """Take the selected velocity key out (one stays at least)."""
        mode = self.mode
        preset = mode.velocities[mode.velocity_index]
        index = self.selected_key
        if not preset.keys or index is None or index >= len(preset.keys):
            mode.app.messages.say(
                "Select a knot (click it) or a velocity key (click one in the distance panel) first",
                warning=True,
            )
            return
        if len(preset.keys) == 1:
            mode.app.messages.say("Refused: a keyed velocity curve keeps one key at least", warning=True)
            return
        before = self.shown()
        if self.move_keys([key for k, key in enumerate(preset.keys) if k != index]):
            self.selected_key = None
            self.record(before, "deleting a velocity key")

    def move_keys(self, keys):
        """The keyed velocity curve shown with ``keys`` instead; refused as a move is."""
        mode = self.mode
        preset = mode.velocities[mode.velocity_index]
        try:
            velocity = preset.curve(keys)
        except ValueError as error:
            self.refuse(error)
            return False
        mode.velocities[mode.velocity_index] = preset.with_keys(keys)
        mode.rebuild(velocity=velocity)
        return True

    def record(self, before, what):
        """Each preset of ``before`` (key -> the preset then) as one step, to how it is now."""
        now = self.shown()
        for key, old in before.items():
            self.history.record(key, old, now[key], what)

    def shown(self):
        mode = self.mode
        return {
            ("trajectory", mode.trajectory_index): mode.trajectories[mode.trajectory_index],
            ("velocity", mode.velocity_index): mode.velocities[mode.velocity_index],
        }

    def _restore(self, found, done, nothing):
        mode = self.mode
        if found is None:
            mode.app.messages.say(nothing)
            return
        (kind, index), state, what = found
        presets_of_kind = mode.trajectories if kind == "trajectory" else mode.velocities
        if kind == "trajectory" and _knot_count(presets_of_kind[index]) != _knot_count(state):
            self.knots.selected = None  # its index may name another knot now
        presets_of_kind[index] = state
        mode.app.messages.say(f"{done}: {what}")  # the motion is rebuilt when next needed (settle)

    def bindings(self):
        """The keys of the edits: undo, redo, a key deleted, saving, exporting."""
        return (
            bind("Ctrl+Z", "undo the last edit of the curves shown", self.undo, event="control-z"),
            KeyBinding(
                "Ctrl+Shift+Z, Ctrl+Y",
                "redo it",
                (("shift-control-z", self.redo, ()), ("control-y", self.redo, ())),
            ),
            bind("Delete", "delete the selected knot or velocity key", self.delete),
            bind("S", "save edited curves to the presets file", self.save),
            bind(
                "Ctrl+E",
                "export the trajectory as an egg file and a JSON spline",
                curve_export.export,
                self.mode,
                event="control-e",
            ),
            *self.knots.bindings(),
        )

    def save(self):
        """Write the edited presets to the presets file (or beside it, when it must be kept)."""
        mode = self.mode
        path = mode.presets_file.path
        try:
            saved = mode.presets_file.save(
                mode.trajectories, mode.velocities, mode.unedited, presets.VELOCITIES
            )
        except OSError as error:
            mode.app.messages.say(
                f"Could not save the presets to {path}: {error.strerror or error}", warning=True
            )
            return
        except ValueError as error:
            mode.app.messages.say(f"Could not save the presets: {error}", warning=True)
            return
        mode.saved = tuple(mode.trajectories)
        curves = f"{saved.count} edited curve{'s' * (saved.count != 1)}"
        if saved.beside is None:
            mode.app.messages.say(f"Saved {curves} to {saved.path}")
        else:
            mode.app.messages.say(
                f"Saved {curves} to {saved.path}: {path.name} is kept as it is ({saved.beside})", warning=True
            )

    def move_point(self, index, position, live=False):
        """Move trajectory control point ``index`` to ``position`` (3,); refuse what is invalid.

        ``live`` marks a step of a drag: the plot then skips measuring the exact method's speed.
        """
        mode = self.mode
        preset = mode.trajectories[mode.trajectory_index]
        if preset.knots:
            moved = self.knots.drag(index, position, live)
            mode.drawing.show_grabbed(position)
            return moved
        points = np.array(mode.points())
        points[index] = position
        try:
            trajectory = preset.curve(points)
            if mode.velocities[mode.velocity_index].drive:  # the car's motion too (kept for rebuild)
                mode.drive.motion(trajectory, mode.method)
        except ValueError as error:
            self.refuse(error)
            return False
        mode.trajectories[mode.trajectory_index] = preset.with_points(points)
        mode.rebuild(trajectory=trajectory, live=live)
        mode.drawing.show_grabbed(position)
        return True

    def move_handle(self, index, unit, live=False):
        """Move velocity control point or key ``index`` to ``unit`` (t, s); refuse what is
        invalid, saying why.

        ``live`` marks a step of a drag, as for ``move_point``.
        """
        mode = self.mode
        preset = mode.velocities[mode.velocity_index]
        if preset.handles is None:  # nothing to move on a fixed velocity curve
            return
        handles = [list(c) for c in preset.handles]
        handles[index] = [float(unit[0]), float(unit[1])]
        try:
            velocity = preset.curve(handles)
        except ValueError as error:
            self.refuse(error)
            return
        mode.velocities[mode.velocity_index] = preset.with_handles(handles)
        mode.rebuild(velocity=velocity, live=live)

    def refuse(self, error):
        """Say why an edit was refused, in the user's words; the library's own reason (if the
        words replace one) goes to the log."""
        mode = self.mode
        if error.__cause__ is not None:
            log.info("edit refused: %s", error.__cause__)
        words = error.words(mode.motion.duration) if isinstance(error, TimeOutOfPlace) else str(error)
        mode.app.messages.say(f"Refused: {words}", warning=True, refusal=True)


def _knot_count(preset):
    """The number of knots of a trajectory preset, None when it is not a spline of knots."""
    return len(preset.spline.knots) if preset.knots else None
