"""A curve started from nothing: N, then a click where its first knot goes and one where the
second goes (on the ground's level at ``HEIGHT``, Ctrl snapping to the grid); the new trajectory
"my curve k" is then a spline of those two knots, shown and selected to draw on knot by knot.
N again, or choosing a trajectory, leaves it unmade."""

import numpy as np

from scene.curves import curve_edits as edits
from scene.curves.curve_editor import SNAP
from scene.curves.presets import TrajectoryPreset
from scene.ui.pointer import at_height_of
from trajectory import Spline

HEIGHT = 1.0
"""The height the new curve's knots are placed at (the presets' own flying height)."""


class NewCurve:
    """The placing of a new curve's first two knots: ``app`` gives the pointer and the messages,
    ``model`` (a ``CurvesModel``) the names taken, ``drawing`` (a ``CurveDrawing``) marks the
    first knot; the second asks for the curve (an ``Asked``), which the mode makes."""

    def __init__(self, app, model, drawing):
        self.app, self.model, self.drawing = app, model, drawing
        self.placed = None
        """The knots placed so far, a list of (3,) arrays; None when no curve is being started."""
        self._made = 0

    @property
    def placing(self):
        """Whether a new curve's knots are being placed (a click places the next)."""
        return self.placed is not None

    def toggle(self):
        """Start placing a new curve's knots, or stop (N)."""
        if self.placing:
            self.cancel()
            self.app.messages.say("No new curve")
            return
        self.placed = []
        self.app.messages.say(
            "New curve: click where its first knot goes (Ctrl snaps to the grid); N again cancels"
        )

    def cancel(self):
        """Stop placing, the knots placed forgotten."""
        self.placed = None
        self.drawing.show_grabbed(None)

    def place(self):
        """The next knot where the mouse points (a press while placing): the ``Asked`` for the
        curve with the second, nothing to make before it (the press is taken either way)."""
        app, messages = self.app, self.app.messages
        point = at_height_of(app, app.pointer.position(), np.array([0.0, 0.0, HEIGHT]))
        if point is None:
            messages.say("The mouse points at no place in front of the camera", warning=True)
            return edits.Asked()
        if app.pointer.control_down():
            point = np.round(point / SNAP) * SNAP
        if not self.placed:
            self.placed = [point]
            self.drawing.show_grabbed(point)
            messages.say("New curve: click where its second knot goes")
            return edits.Asked()
        try:
            spline = Spline([self.placed[0], point])
        except ValueError as error:
            messages.say(f"Refused: {error}", warning=True, refusal=True)
            return edits.Asked()
        return self._make(spline)

    def status(self):
        """The HUD's line while placing (None otherwise)."""
        if not self.placing:
            return None
        return f"new curve: click where knot {len(self.placed) + 1} goes (N: cancel)"

    def _make(self, spline):
        self.cancel()
        names = {preset.name for preset in self.model.trajectories}
        while (name := f"my curve {self._made + 1}") in names:
            self._made += 1
        self._made += 1
        self.app.messages.clear_refusal()
        return edits.Asked(
            (edits.AddTrajectory(TrajectoryPreset(name, "knots", spline=spline)), edits.Select(knot=1)),
            f"{name}: A adds a knot where the mouse points, past the nearer end; C closes the loop",
        )
