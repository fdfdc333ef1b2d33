"""Dragging the curves mode's control points with the mouse: picking the one under the pointer,
and turning each mouse move into a new position for it.

The editor knows the pointer and the camera; each move is an edit (``curve_edits``) made through
``apply``, which the model checks (refusing an invalid one) and the views draw.
"""

import dataclasses

import numpy as np

from scene.curves import curve_edits as edits
from scene.ui.pointer import on_plane, pixel_gap, to_film, view_direction

PICK_PIXELS = 14.0
"""How near (in pixels) the mouse must be to grab a control point."""
SNAP = 1.0
"""With Control held, a dragged point's coordinates snap to multiples of this: the ground grid's
lines and the middles of its squares (the grid is ``curve_drawing.GRID_SPACING`` = 2 apart)."""
HELD = "Held at the last place that works"
"""What a drag past a limit says before why: the point or handle stays where the edit last
worked (the last place it was drawn, and what S saves), not where the mouse is."""


@dataclasses.dataclass(frozen=True)
class HandleDrag:
    """A velocity control point or key (``index``) held in the plot: where it was, (t, s), and
    the mouse's film position when it was grabbed."""

    index: int
    start: tuple
    start_mouse: tuple


@dataclasses.dataclass(frozen=True)
class PointDrag:
    """A trajectory control point held in 3D: which one, where it was, the camera's view direction
    (the plane it moves in is square to it), whether it moves in depth, and the mouse's film y
    when it was grabbed (and its whole film position)."""

    index: int
    start: np.ndarray
    normal: np.ndarray
    in_depth: bool
    start_y: float
    start_mouse: tuple


class CurveEditor:
    """The drag state of the curves mode.

    Args:
        app: The application (pointer, camera, orbit).
        plot: The ``VelocityPlot`` (it picks its own handles and maps the mouse to (t, s)).
        drawing: The ``CurveDrawing`` (it marks the grabbed point).
        model: The ``CurvesModel`` (the edit that moves a grabbed point, and its words).
        apply: Makes an edit and draws it (the mode's ``apply``): None when refused.
    """

    def __init__(self, app, plot, drawing, model, apply):
        self.app, self.plot, self.drawing = app, plot, drawing
        self.model, self.apply = model, apply
        self.grabbed = None
        self._followed = None
        """The inputs (``_inputs``) the grabbed point was last put where they say: a frame with the
        same inputs moves nothing, so a mouse held still (or a press) costs what an idle frame
        costs."""

    def grab(self, points, handles, shifted=False):
        """Grab the control point under the mouse; whether one was grabbed.

        Args:
            points: The trajectory's control points (n, 3), or None when they cannot be edited.
            handles: The velocity curve's control points or keys ((t, s) pairs), or None when
                they cannot be edited.
            shifted: Shift is held: move a 3D point nearer or farther instead of across the screen.
        """
        handle = self.plot.pick(handles)
        mouse = self.app.pointer.position()
        if handle is not None:
            self.grabbed = HandleDrag(handle, tuple(handles[handle]), mouse)
            self._followed = self._inputs(mouse)
            return True
        index = None if points is None else self._pick(points)
        if index is None:
            return False
        self.hold(index, points[index], shifted)
        return True

    def hold(self, index, point, shifted=False):
        """Hold trajectory point ``index``, now at ``point`` (3,), as if grabbed where the mouse is."""
        mouse = self.app.pointer.position()
        normal = view_direction(self.app)
        self.grabbed = PointDrag(index, np.array(point, dtype=float), normal, shifted, mouse[1], mouse)
        self._followed = self._inputs(mouse)  # grabbed where it is: nothing to move until the mouse does
        self.drawing.show_grabbed(point)

    def held_point(self):
        """The index of the trajectory point held, or None."""
        return self.grabbed.index if isinstance(self.grabbed, PointDrag) else None

    def held_handle(self):
        """The index of the velocity handle held, or None."""
        return self.grabbed.index if isinstance(self.grabbed, HandleDrag) else None

    def follow(self):
        """Move the grabbed point to where the mouse now is (nothing when none is grabbed); where
        it was grabbed, exactly: a press that does not move moves nothing (the screen's float32
        round trip would)."""
        mouse = self.app.pointer.position()
        drag = self.grabbed
        if drag is None or mouse is None:
            return
        inputs = self._inputs(mouse)
        if inputs == self._followed:
            return  # held still: where it already is
        self._followed = inputs
        if isinstance(drag, HandleDrag):
            unit = drag.start if mouse == drag.start_mouse else self.plot.mouse_to_unit()
            if unit is not None:
                self.apply(edits.MoveHandle(drag.index, tuple(map(float, unit))), refused=HELD)
            return
        if mouse == drag.start_mouse:
            target = drag.start
        elif drag.in_depth or self.app.pointer.shift_down():
            target = drag.start + drag.normal * (mouse[1] - drag.start_y) * self.app.orbit.distance
        else:
            target = on_plane(self.app, mouse, drag.start, drag.normal)
        if target is not None and self.app.pointer.control_down():
            target = np.round(target / SNAP) * SNAP
        if target is None:
            return
        if self.apply(self.model.point_edit(drag.index, target), refused=HELD) is not None:
            self.drawing.show_grabbed(target)

    def release(self):
        """Let go of the grabbed point, after following the mouse one last time (the release may
        come in the same frame as the last move); whether anything was held."""
        held = self.grabbed is not None
        if held:
            self.follow()
            self.grabbed = None
            self.drawing.show_grabbed(None)
        return held

    def status(self):
        """The HUD's line about the trajectory point being dragged, where it is (None when none
        is)."""
        index, model = self.held_point(), self.model
        if index is None:
            return None
        x, y, z = (_hundredths(value) for value in model.grabbable()[index])
        spline = model.spline
        if spline is None:
            what = f"point {index + 1}"
        elif index < len(spline.knots):
            what = f"knot {index + 1}"
        else:
            what = f"knot {model.selected_knot + 1}'s {('in', 'out')[index - len(spline.knots)]} handle"
        return f"dragging {what}: x {x}  y {y}  z {z}  (Ctrl: snap to the grid)"

    def _inputs(self, mouse):
        """Everything a drag's target depends on: the mouse, Shift and Control, and the camera."""
        camera = self.app.cam.get_mat(self.app.render)
        pointer = self.app.pointer
        return (mouse, pointer.shift_down(), pointer.control_down(), tuple(map(tuple, camera)))

    def _pick(self, points):
        """The index of the point in ``points`` (n, 3) nearest the mouse on screen, within
        ``PICK_PIXELS``, or None."""
        mouse = self.app.pointer.position()
        if mouse is None:
            return None
        best, best_gap = None, PICK_PIXELS
        for index, point in enumerate(points):
            screen = to_film(self.app, point)
            if screen is not None and (gap := pixel_gap(self.app, screen, mouse)) < best_gap:
                best, best_gap = index, gap
        return best


def _hundredths(value):
    """``value`` to two decimals, never "-0.00" (a snapped -1e-17, or a point just left of 0)."""
    text = f"{value:.2f}"
    return "0.00" if text == "-0.00" else text
