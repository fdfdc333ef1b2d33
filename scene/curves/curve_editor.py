"""Dragging the curves mode's control points with the mouse: picking the one under the pointer,
and turning each mouse move into a new position for it.

The editor knows the pointer and the camera. A press makes the drag (a ``curve_edits.PointDrag``
or ``HandleDrag``, held by the model through ``Grab``), and each mouse move the edit
(``curve_edits``) that follows it; the mode applies them, the model checks them (refusing an
invalid one) and the views draw them.
"""

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


class CurveEditor:
    """The mouse's side of a drag in the curves mode.

    Args:
        app: The application (pointer, camera, orbit).
        plot: The ``VelocityPlot`` (it picks its own handles and maps the mouse to (t, s)).
        model: The ``CurvesModel`` (what is held, the edit that moves a grabbed point, its words).
    """

    def __init__(self, app, plot, model):
        self.app, self.plot, self.model = app, plot, model
        self._followed = None
        """The inputs (``_inputs``) the held point was last put where they say: a frame with the
        same inputs moves nothing, so a mouse held still (or a press) costs what an idle frame
        costs."""

    def grab(self, points, handles, shifted=False):
        """The drag of the control point under the mouse, or None.

        Args:
            points: The trajectory's control points (n, 3), or None when they cannot be edited.
            handles: The velocity curve's control points or keys ((t, s) pairs), or None when
                they cannot be edited.
            shifted: Shift is held: move a 3D point nearer or farther instead of across the screen.
        """
        handle = self.plot.pick(handles)
        mouse = self.app.pointer.position()
        if handle is not None:
            self._followed = self._inputs(mouse)
            return edits.HandleDrag(handle, tuple(handles[handle]), mouse)
        index = None if points is None else self._pick(points)
        return None if index is None else self.hold(index, points[index], shifted)

    def hold(self, index=None, point=None, shifted=False):
        """The drag of trajectory point ``index``, now at ``point`` (3,), as if grabbed where the
        mouse is (None and None: the knot just selected)."""
        mouse = self.app.pointer.position()
        normal = view_direction(self.app)
        self._followed = self._inputs(mouse)  # grabbed where it is: nothing to move until the mouse does
        start = None if point is None else np.array(point, dtype=float)
        return edits.PointDrag(index, start, normal, shifted, mouse[1], mouse)

    def hold_new_key(self):
        """The drag of the velocity key just selected (added where the mouse is)."""
        mouse = self.app.pointer.position()
        self._followed = self._inputs(mouse)
        return edits.HandleDrag(None, None, mouse)

    def follow(self):
        """The edit that moves the held point to where the mouse now is (None when nothing is
        held, or nothing moved); where it was grabbed, exactly: a press that does not move moves
        nothing (the screen's float32 round trip would)."""
        mouse = self.app.pointer.position()
        drag = self.model.drag
        if drag is None or mouse is None:
            return None
        inputs = self._inputs(mouse)
        if inputs == self._followed:
            return None  # held still: where it already is
        self._followed = inputs
        if isinstance(drag, edits.HandleDrag):
            unit = drag.start if mouse == drag.start_mouse else self.plot.mouse_to_unit()
            return None if unit is None else edits.MoveHandle(drag.index, tuple(map(float, unit)))
        if mouse == drag.start_mouse:
            target = drag.start
        elif drag.in_depth or self.app.pointer.shift_down():
            target = drag.start + drag.normal * (mouse[1] - drag.start_y) * self.app.orbit.distance
        else:
            target = on_plane(self.app, mouse, drag.start, drag.normal)
        if target is None:
            return None
        if self.app.pointer.control_down():
            target = np.round(target / SNAP) * SNAP
        return self.model.point_edit(drag.index, target)

    def status(self):
        """The HUD's line about the trajectory point being dragged, where it is (None when none
        is)."""
        model = self.model
        if not isinstance(model.drag, edits.PointDrag):
            return None
        index = model.drag.index
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
