"""The curves mode's spline editor: a trajectory of knots (a ``trajectory.Spline``) edited as the
engines' editors do. A click on the curve inserts a knot there (the shape kept), A adds one past
the nearer end where the mouse points, Delete takes the selected knot out; the selected knot's
tangent handles are drawn and dragged, T cycles its tangent mode, C closes or opens the loop,
comma and period tilt it. P makes any preset such a spline, N starts a new one (``new_curve``).
Each edit is one step of the undo history; a refused one says why and changes nothing."""

import math

import numpy as np

from scene.curves.curve_drawing import CURVE_SAMPLES
from scene.curves.curve_editor import PICK_PIXELS
from scene.curves.new_curve import NewCurve
from scene.kit.curve_files import spline_of
from scene.ui.bindings import KeyBinding, bind, pair
from scene.ui.pointer import at_height_of, pixel_gap, to_film
from trajectory import Spline
from trajectory.curves import TangentMode

MODE_WORDS = {
    TangentMode.AUTO: "auto (Catmull-Rom)",
    TangentMode.LINEAR: "linear",
    TangentMode.MIRRORED: "mirrored",
    TangentMode.ALIGNED: "aligned",
    TangentMode.BROKEN: "broken",
}
TILT_STEP = math.radians(15.0)


class KnotEdits:
    """The spline edits of ``mode`` (a ``CurvesMode``), recorded by ``edits`` (its ``PresetEdits``)."""

    def __init__(self, mode, edits):
        self.mode, self.edits = mode, edits
        self.selected = None
        """The knot last grabbed, inserted or added (its index): what Delete, T, C, tilts act on."""
        self.new = NewCurve(mode, self)
        """A curve being started from nothing (N)."""

    # What is shown and grabbed.

    @property
    def spline(self):
        """The spline of the trajectory shown, or None when it is not a knots preset."""
        preset = self.mode.trajectories[self.mode.trajectory_index]
        return preset.spline if preset.knots else None

    def grabbable(self):
        """The points a press grabs, (k, 3) or (k + 2, 3): the knots, then the selected knot's in
        and out handle tips."""
        if self.selected is None:
            return self.spline.knots
        return np.concatenate((self.spline.knots, self._tips()))

    def show(self):
        """Draw the knots and the selected knot's handles (a selection past the knots is dropped)."""
        spline, drawing = self.spline, self.mode.drawing
        if self.selected is not None and self.selected >= len(spline.knots):
            self.selected = None
        drawing.show_control_points(spline.knots, polygon=False)
        if self.selected is None:
            drawing.show_handles(None, None)
        else:
            drawing.show_handles(spline.knots[self.selected], self._tips())

    def _tips(self):
        """The selected knot's in and out handle tips, (2, 3)."""
        return self.spline.knots[self.selected] + self.spline.tangents[self.selected]

    def tilt_keys(self):
        """The rider's tilt keys (s, angle) from the knots' tilts, () when none is tilted."""
        spline = self.spline
        if spline is None or not np.any(spline.tilts):
            return ()
        return tuple(map(tuple, spline.tilt_keys().tolist()))

    def status(self):
        """The HUD's line for the spline (None when the trajectory is not one)."""
        spline = self.spline
        if spline is None:
            return None
        shape = "a closed loop" if spline.closed else "open"
        line = f"{len(spline.knots)} knots, {shape} (C)"
        if self.selected is not None:
            mode, tilt = MODE_WORDS[spline.modes[self.selected]], math.degrees(spline.tilts[self.selected])
            line += f"; knot {self.selected + 1}: {mode} (T), tilt {tilt:.0f} deg (, .)"
        return line

    # Edits.

    def apply(self, change, what=None, live=False):
        """Edit a copy of the spline shown by ``change(spline)`` and show it, recorded as one
        step ``what`` (words; None inside a drag, which is recorded when it ends). Refused, with
        the reason, when the spline or the motion refuses it. Returns what ``change`` returned,
        or None when refused."""
        mode = self.mode
        preset = mode.trajectories[mode.trajectory_index]
        before = self.edits.shown()
        spline = preset.spline.copy()
        try:
            result = change(spline)
            edited = preset.with_spline(spline)
            trajectory = edited.curve()
            if mode.velocities[mode.velocity_index].drive:  # the car's motion too (kept for rebuild)
                mode.drive.motion(trajectory, mode.method)
        except ValueError as error:
            self.edits.refuse(error)
            return None
        mode.trajectories[mode.trajectory_index] = edited
        mode.rebuild(trajectory=trajectory, live=live)
        if what is not None:
            self.edits.record(before, what)
        return True if result is None else result

    def drag(self, index, position, live=False):
        """Grabbed point ``index`` (of ``grabbable``) to ``position`` (3,): a knot, or a handle
        tip of the selected knot (its mode deciding the other handle)."""
        count = len(self.spline.knots)
        if index < count:
            return self.apply(lambda spline: spline.move(index, position), live=live) is not None
        side = ("in", "out")[index - count]
        knot = self.selected
        vector = np.asarray(position) - self.spline.knots[knot]
        return self.apply(lambda spline: spline.move_tangent(knot, side, vector), live=live) is not None

    def insert_under_mouse(self):
        """A knot where the mouse is on the curve (within ``PICK_PIXELS``), held to be dragged
        on; whether one was inserted."""
        mode = self.mode
        mouse = mode.app.pointer.position()
        curve = mode.motion.trajectory
        u = curve.arc_length.parameter(np.linspace(0.0, 1.0, CURVE_SAMPLES))
        best, best_gap = None, PICK_PIXELS
        for at, point in zip(u.tolist(), curve.evaluate(u)):
            film = to_film(mode.app, point)
            if film is not None and (gap := pixel_gap(mode.app, film, mouse)) < best_gap:
                best, best_gap = at, gap
        if best is None or not 0.0 < best < 1.0:
            return False
        index = self.apply(lambda spline: spline.insert(best), "inserting a knot")
        if index is None:
            return False
        self.select(index)
        mode.editor.hold(index, self.spline.knots[index])
        self.edits.begin()
        return True

    def add_past_end(self):
        """A knot past the end nearer the mouse on screen, where the mouse points at that end's
        height (or square to the view, when the ground is seen edge on)."""
        mode, spline = self.mode, self.spline
        if not self._ready(selected=False):
            return
        mouse = mode.app.pointer.position()
        if mouse is None:
            mode.app.messages.say("Point the mouse where the new knot should go", warning=True)
            return
        ends = spline.knots[[0, -1]]
        gaps = [
            pixel_gap(mode.app, film, mouse) if (film := to_film(mode.app, end)) else math.inf for end in ends
        ]
        at_start = gaps[0] < gaps[1]
        end = ends[0 if at_start else 1]
        point = at_height_of(mode.app, mouse, end)
        if point is None:
            mode.app.messages.say("The mouse points at no place in front of the camera", warning=True)
            return
        index = self.apply(lambda edited: edited.add(point, at_start=at_start), "adding a knot")
        if index is not None:
            self.select(index)

    def delete(self):
        """Take the selected knot out."""
        if self._ready():
            knot = self.selected
            if self.apply(lambda spline: spline.remove(knot), "deleting a knot") is not None:
                self.selected = None
                self.show()
                self.mode.app.messages.say(f"Deleted knot {knot + 1}")

    def cycle_mode(self):
        """The selected knot's next tangent mode."""
        if self._ready():
            knot, modes = self.selected, list(TangentMode)
            after = modes[(modes.index(self.spline.modes[knot]) + 1) % len(modes)]
            if self.apply(
                lambda spline: spline.set_mode(knot, after), f"making knot {knot + 1} {after.value}"
            ):
                self.mode.app.messages.say(f"Knot {knot + 1}: {MODE_WORDS[after]}")

    def toggle_closed(self):
        """Close the loop (the last knot joined to the first) or open it."""
        if not self._ready(selected=False):
            return
        closing = not self.spline.closed

        def change(spline):
            spline.closed = closing

        what = "closing the loop" if closing else "opening the loop"
        if self.apply(change, what):
            self.mode.app.messages.say(what[0].upper() + what[1:])

    def tilt(self, step):
        """Tilt the selected knot ``step`` times ``TILT_STEP`` more (counter-clockwise about the
        direction of travel)."""
        if self._ready():
            knot = self.selected
            angle = float(self.spline.tilts[knot]) + step * TILT_STEP
            self.apply(lambda spline: spline.set_tilt(knot, angle), f"tilting knot {knot + 1}")

    def make_spline(self):
        """The trajectory shown, as an editable spline of knots: a spline preset through the same
        points (auto knots: the same curve), a Bezier exactly, a function or a rational NURBS
        fitted (to 1/1000 of its size, as the message says)."""
        mode = self.mode
        preset = mode.trajectories[mode.trajectory_index]
        if preset.knots:
            mode.app.messages.say("This curve is a spline of knots already: click on it to add one")
            return
        if preset.kind == "spline":
            spline, fitted = Spline(preset.points), False
        else:
            spline, fitted = spline_of(mode.motion.trajectory)
        before = self.edits.shown()
        mode.trajectories[mode.trajectory_index] = preset.with_spline(spline)
        self.selected = None
        mode.rebuild()
        self.edits.record(before, "making an editable spline")
        how = f", fitted to within 1/1000 of its size by {len(spline.knots)} knots" if fitted else ""
        mode.app.messages.say(
            f"{preset.name} is now a spline of knots{how}: click on it to insert one, A adds one"
        )

    def select(self, index):
        """Select knot ``index`` (None: none), the velocity key no longer, and draw its handles."""
        self.selected = index
        if index is not None:
            self.edits.selected_key = None
        if self.spline is not None:
            self.show()

    def _ready(self, selected=True):
        """Whether the trajectory is a spline of knots (and one is ``selected``), else say so."""
        messages = self.mode.app.messages
        if self.spline is None:
            messages.say("This trajectory has no knots: P makes it an editable spline", warning=True)
            return False
        if selected and self.selected is None:
            messages.say("Select a knot first: click it", warning=True)
            return False
        return True

    def bindings(self):
        """The spline editor's keys."""
        return (
            bind("A", "a knot past the nearer end, where the mouse points", self.add_past_end),
            KeyBinding(
                "T / C",
                "the selected knot's tangent mode / close or open the loop",
                (("t", self.cycle_mode, ()), ("c", self.toggle_closed, ())),
            ),
            pair(", / .", "tilt the selected knot", self.tilt, (",", -1), (".", 1)),
            KeyBinding(
                "P / N",
                "make it a spline of knots / a new curve: click its first two knots",
                (("p", self.make_spline, ()), ("n", self.new.toggle, ())),
            ),
        )
