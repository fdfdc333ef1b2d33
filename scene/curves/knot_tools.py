"""The curves mode's spline editor tools: a trajectory of knots (a ``trajectory.Spline``) edited as
the engines' editors do. A click on the curve inserts a knot there (the shape kept), A adds one
past the nearer end where the mouse points, Delete takes the selected knot out; the selected
knot's tangent handles are drawn and dragged, T cycles its tangent mode (Shift+T makes every knot
natural, or auto again), C closes or opens the loop, comma and period tilt it. P makes any preset
such a spline, N starts a new one (``new_curve``). Each tool asks for its edits (an ``Asked``)
that the mode applies; each is one step of the undo history, and a refused one says why and
changes nothing."""

import math

import numpy as np

from scene.curves import curve_edits as edits
from scene.curves.curve_drawing import CURVE_SAMPLES
from scene.curves.curve_editor import PICK_PIXELS
from scene.curves.curves_model import NO_KNOTS
from scene.kit.curve_files import spline_of
from scene.ui.pointer import at_height_of, pixel_gap, to_film
from trajectory import Spline
from trajectory.curves import TangentMode

MODE_WORDS = {
    TangentMode.AUTO: "auto (Catmull-Rom)",
    TangentMode.LINEAR: "linear",
    TangentMode.MIRRORED: "mirrored",
    TangentMode.ALIGNED: "aligned",
    TangentMode.BROKEN: "broken",
    TangentMode.NATURAL: "natural (curvature continuous)",
}
TILT_STEP = math.radians(15.0)


class KnotTools:
    """The spline edits of ``model`` (a ``CurvesModel``), each asked for as an ``Asked`` (None:
    nothing to ask, said why); ``app`` gives the pointer and the messages, ``editor`` (the
    ``CurveEditor``) holds a knot inserted under the mouse."""

    def __init__(self, app, model, editor):
        self.app, self.model, self.editor = app, model, editor

    def status(self):
        """The HUD's line for the spline (None when the trajectory is not one)."""
        spline, selected = self.model.spline, self.model.selected_knot
        if spline is None:
            return None
        shape = "a closed loop" if spline.closed else "open"
        line = f"{len(spline.knots)} knots, {shape} (C)"
        if selected is not None:
            mode, tilt = MODE_WORDS[spline.modes[selected]], math.degrees(spline.tilts[selected])
            line += f"; knot {selected + 1}: {mode} (T), tilt {tilt:.0f} deg (, .)"
        return line

    def insert_under_mouse(self):
        """A knot where the mouse is on the curve (within ``PICK_PIXELS``), held to be dragged
        on; None where the curve is not under the mouse."""
        app, model = self.app, self.model
        mouse = app.pointer.position()
        curve = model.curve
        u = curve.arc_length.parameter(np.linspace(0.0, 1.0, CURVE_SAMPLES))
        best, best_gap = None, PICK_PIXELS
        for at, point in zip(u.tolist(), curve.evaluate(u)):
            film = to_film(app, point)
            if film is not None and (gap := pixel_gap(app, film, mouse)) < best_gap:
                best, best_gap = at, gap
        if best is None or not 0.0 < best < 1.0:
            return None
        return edits.Asked((edits.InsertKnot(best), edits.Grab(self.editor.hold())))

    def add_past_end(self):
        """A knot past the end nearer the mouse on screen, where the mouse points at that end's
        height (or square to the view, when the ground is seen edge on)."""
        app, spline = self.app, self.model.spline
        if not self._ready(selected=False):
            return None
        mouse = app.pointer.position()
        if mouse is None:
            app.messages.say("Point the mouse where the new knot should go", warning=True)
            return None
        ends = spline.knots[[0, -1]]
        gaps = [pixel_gap(app, film, mouse) if (film := to_film(app, end)) else math.inf for end in ends]
        at_start = gaps[0] < gaps[1]
        point = at_height_of(app, mouse, ends[0 if at_start else 1])
        if point is None:
            app.messages.say("The mouse points at no place in front of the camera", warning=True)
            return None
        return edits.Asked((edits.AddKnot(tuple(map(float, point)), at_start=at_start),))

    def delete(self):
        """Take the selected knot out."""
        if not self._ready():
            return None
        knot = self.model.selected_knot
        return edits.Asked((edits.DeleteKnot(knot),), f"Deleted knot {knot + 1}")

    def cycle_mode(self):
        """The selected knot's next tangent mode."""
        if not self._ready():
            return None
        knot, modes = self.model.selected_knot, list(TangentMode)
        after = modes[(modes.index(self.model.spline.modes[knot]) + 1) % len(modes)]
        return edits.Asked((edits.SetTangentMode(knot, after),), f"Knot {knot + 1}: {MODE_WORDS[after]}")

    def toggle_natural(self):
        """Every knot natural (the curve C² throughout: no jump in curvature, nor in the forces a
        rider feels), or, when they all are, every knot auto again: to compare the two."""
        if not self._ready(selected=False):
            return None
        natural = all(mode is TangentMode.NATURAL for mode in self.model.spline.modes)
        mode = TangentMode.AUTO if natural else TangentMode.NATURAL
        return edits.Asked((edits.SetAllTangentModes(mode),), f"Every knot {MODE_WORDS[mode]}")

    def toggle_closed(self):
        """Close the loop (the last knot joined to the first) or open it."""
        if not self._ready(selected=False):
            return None
        edit = edits.SetClosed(not self.model.spline.closed)
        return edits.Asked((edit,), edit.words[0].upper() + edit.words[1:])

    def tilt(self, step):
        """Tilt the selected knot ``step`` times ``TILT_STEP`` more (counter-clockwise about the
        direction of travel)."""
        if not self._ready():
            return None
        knot = self.model.selected_knot
        return edits.Asked((edits.SetTilt(knot, float(self.model.spline.tilts[knot]) + step * TILT_STEP),))

    def make_spline(self):
        """The trajectory shown, as an editable spline of knots: a spline preset through the same
        points (auto knots: the same curve), a Bezier exactly, a function or a rational NURBS
        fitted (to 1/1000 of its size, as the message says)."""
        model = self.model
        preset = model.trajectory
        if preset.knots:
            self.app.messages.say("This curve is a spline of knots already: click on it to add one")
            return None
        if preset.kind == "spline":
            spline, fitted = Spline(preset.points), False
        else:
            spline, fitted = spline_of(model.curve)
        how = f", fitted to within 1/1000 of its size by {len(spline.knots)} knots" if fitted else ""
        said = f"{preset.name} is now a spline of knots{how}: click on it to insert one, A adds one"
        return edits.Asked((edits.MakeSpline(spline),), said)

    def _ready(self, selected=True):
        """Whether the trajectory is a spline of knots (and one is ``selected``), else say so."""
        messages = self.app.messages
        if self.model.spline is None:
            messages.say(NO_KNOTS, warning=True)
            return False
        if selected and self.model.selected_knot is None:
            messages.say("Select a knot first: click it", warning=True)
            return False
        return True
