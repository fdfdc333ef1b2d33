"""The curves mode's edit tools: a press grabs a control point or a velocity handle (a drag is
one step of the undo history), inserts a knot, or adds a velocity key; keys undo and redo, delete
the selected knot or key, save the edited presets and export the trajectory. The tools make
edits (``curve_edits``) through ``apply``; the model checks them and the views draw them."""

import numpy as np

from scene.curves import curve_edits as edits
from scene.curves import curve_export, presets
from scene.curves.knot_tools import KnotTools
from scene.curves.new_curve import NewCurve
from scene.ui.bindings import KeyBinding, bind


class EditTools:
    """The edits of ``model`` (a ``CurvesModel``).

    Args:
        app: The application (pointer, messages).
        model: The ``CurvesModel`` edited.
        editor: The ``CurveEditor`` (what the mouse holds).
        plot: The ``VelocityPlot`` (whether the mouse is over it, and where).
        drawing: The ``CurveDrawing`` (the new curve's first knot is marked on it).
        apply: Makes an edit and draws what it changed (the mode's ``apply``).
        changed: Draws a ``Change`` made without ``apply`` at the next frame (undo, redo).
        presets_file: The ``user_presets.PresetsFile`` that S saves to.
    """

    def __init__(self, app, model, editor, plot, drawing, apply, changed, presets_file, track):
        self.app, self.model, self.editor, self.plot = app, model, editor, plot
        self.apply, self.changed, self.presets_file = apply, changed, presets_file
        self.track = track
        """The ``TrackDrawing``, whose build an export writes beside the curve."""
        self.knots = KnotTools(app, model, editor, apply)
        self.new = NewCurve(app, model, drawing, apply)
        """A curve being started from nothing (N)."""

    def press(self, shifted):
        """A press: grab the control point or velocity handle under the mouse (a drag begins), or
        insert a knot where the mouse is on a spline of knots, or in the distance panel off every
        key add a key there, held to be dragged on; whether anything was grabbed (``shifted``: a
        3D point moves nearer or farther)."""
        model, editor, plot = self.model, self.editor, self.plot
        if self.new.placing and not plot.covers_pointer():
            self.new.place()
            return True
        drag = editor.grab(model.grabbable(), model.velocity.handles, shifted)
        if drag is not None:
            return self.apply(edits.Grab(drag)) is not None
        if model.spline is not None and not plot.covers_pointer():
            return self.knots.insert_under_mouse()
        unit = plot.mouse_to_unit() if plot.covers_pointer() else None
        if unit is None or not np.all((unit > 0.0) & (unit < 1.0)) or not model.velocity.keys:
            return False
        if self.apply(edits.AddKey(tuple(map(float, unit)))) is None:
            return False
        drag = editor.grab(None, model.velocity.handles)
        if drag is not None:
            self.apply(edits.Grab(drag))
        return True

    def undo(self):
        """Put back the presets shown as they were before their newest edit."""
        self._restore(self.model.undo(), "Undone", "Nothing to undo")

    def redo(self):
        """Make again the newest edit undone of the presets shown."""
        self._restore(self.model.redo(), "Redone", "Nothing to redo")

    def _restore(self, found, done, nothing):
        if found is None:
            self.app.messages.say(nothing)
            return
        change, words = found
        self.changed(change)  # drawn at the next frame: once for any number of undos
        self.app.messages.say(f"{done}: {words}")

    def delete(self):
        """Take out what was selected last: a knot of the trajectory or a velocity key."""
        model = self.model
        if model.selected_knot is not None and model.spline is not None:
            self.knots.delete()
        elif model.velocity.keys and model.selected_key is not None:
            self.apply(edits.DeleteKey(model.selected_key))
        else:
            self.app.messages.say(
                "Select a knot (click it) or a velocity key (click one in the distance panel) first",
                warning=True,
            )

    def save(self):
        """Write the edited presets to the presets file (or beside it, when it must be kept)."""
        model, messages, path = self.model, self.app.messages, self.presets_file.path
        try:
            saved = self.presets_file.save(
                model.trajectories, model.velocities, model.unedited, presets.VELOCITIES
            )
        except OSError as error:
            messages.say(f"Could not save the presets to {path}: {error.strerror or error}", warning=True)
            return
        except ValueError as error:
            messages.say(f"Could not save the presets: {error}", warning=True)
            return
        model.mark_saved()
        curves = f"{saved.count} edited curve{'s' * (saved.count != 1)}"
        if saved.beside is None and saved.count == 0:
            messages.say(f"Saved to {saved.path}: no curve differs from the built-in ones")
        elif saved.beside is None:
            messages.say(f"Saved {curves} to {saved.path}")
        else:
            messages.say(
                f"Saved {curves} to {saved.path}: {path.name} is kept as it is ({saved.beside})", warning=True
            )

    def export(self):
        """Write the trajectory shown where a game reads it, beside the presets file."""
        curve_export.export(self.model, self.presets_file.path.parent, self.app.messages, self.track)

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
                "export the trajectory (an egg file, a JSON spline) and its track (.obj, .bam)",
                self.export,
                event="control-e",
            ),
            *self.knots.bindings(),
            KeyBinding(
                "P / N",
                "make it a spline of knots / a new curve: click its first two knots",
                (("p", self.knots.make_spline, ()), ("n", self.new.toggle, ())),
            ),
        )
