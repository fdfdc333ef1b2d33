"""The curves mode's edit tools: a press grabs a control point or a velocity handle (a drag is
one step of the undo history), inserts a knot, or adds a velocity key; Delete takes out the
selected knot or key; S saves the edited presets and Ctrl+E exports the trajectory. The tools
ask for edits (``curve_edits``, an ``Asked``) that the mode applies; the model checks them and
the views draw them."""

import numpy as np

from scene.curves import curve_edits as edits
from scene.curves import curve_export, presets
from scene.curves.knot_tools import KnotTools
from scene.curves.new_curve import NewCurve


class EditTools:
    """The edits of ``model`` (a ``CurvesModel``).

    Args:
        app: The application (pointer, messages).
        model: The ``CurvesModel`` edited.
        editor: The ``CurveEditor`` (what the mouse grabs).
        plot: The ``VelocityPlot`` (whether the mouse is over it, and where).
        drawing: The ``CurveDrawing`` (the new curve's first knot is marked on it).
        presets_file: The ``user_presets.PresetsFile`` that S saves to.
        track: The ``TrackDrawing``, whose build an export writes beside the curve.
    """

    def __init__(self, app, model, editor, plot, drawing, presets_file, track):
        self.app, self.model, self.editor, self.plot = app, model, editor, plot
        self.presets_file, self.track = presets_file, track
        self.knots = KnotTools(app, model, editor)
        self.new = NewCurve(app, model, drawing)
        """A curve being started from nothing (N)."""

    def press(self, shifted):
        """A press: grab the control point or velocity handle under the mouse (a drag begins), or
        insert a knot where the mouse is on a spline of knots, or in the distance panel off every
        key add a key there, held to be dragged on; the ``Asked`` (None: the press is not taken;
        ``shifted``: a 3D point moves nearer or farther)."""
        model, editor, plot = self.model, self.editor, self.plot
        if self.new.placing and not plot.covers_pointer():
            return self.new.place()
        drag = editor.grab(model.grabbable(), model.velocity.handles, shifted)
        if drag is not None:
            return edits.Asked((edits.Grab(drag),))
        if model.spline is not None and not plot.covers_pointer():
            return self.knots.insert_under_mouse()
        unit = plot.mouse_to_unit() if plot.covers_pointer() else None
        if unit is None or not np.all((unit > 0.0) & (unit < 1.0)) or not model.velocity.keys:
            return None
        return edits.Asked((edits.AddKey(tuple(map(float, unit))), edits.Grab(editor.hold_new_key())))

    def delete(self):
        """Take out what was selected last: a knot of the trajectory or a velocity key."""
        model = self.model
        if model.selected_knot is not None and model.spline is not None:
            return self.knots.delete()
        if model.velocity.keys and model.selected_key is not None:
            return edits.Asked((edits.DeleteKey(model.selected_key),))
        self.app.messages.say(
            "Select a knot (click it) or a velocity key (click one in the distance panel) first",
            warning=True,
        )
        return None

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
