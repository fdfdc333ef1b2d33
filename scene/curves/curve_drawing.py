"""The curves mode's 3D drawing: the ground, the trajectory, its control polygon and points, the
keyframe ticks, the grabbed-point marker and the sphere (placed by ``riders.Riders``); and the
selected knot's tangent handles, drawn where they are seen but over the HUD's panels (``overlay``),
so that a handle's end is never hidden under them. It draws what it is given; the mode decides
what that is."""

import numpy as np

from scene.ui.assets import load_model
from scene.ui.geometry import LineStrip, PointSet, axes, ground_grid
from scene.ui.pointer import to_film
from trajectory.orientation import frames_along

CURVE_SAMPLES = 600
"""Points of the drawn trajectory, even in arc length."""
SPHERE_RADIUS = 0.45
GRID_HALF_SIZE, GRID_SPACING = 16.0, 2.0
CURVE_COLOUR = (0.95, 0.75, 0.25, 1.0)
POLYGON_COLOUR = (0.5, 0.55, 0.65, 1.0)
POINT_COLOUR = (0.3, 1.0, 0.6, 1.0)
GRABBED_COLOUR = (1.0, 1.0, 1.0, 1.0)
HANDLE_COLOUR = (0.35, 0.8, 1.0, 1.0)
TICK_COLOUR = (1.0, 0.5, 0.35, 1.0)
OVERLAY_BIN = ("gui-popup", 40)
"""The handles' 2D layer: drawn after the status lines and the plot, before the help box (50)."""
GRID_COLOUR = (0.22, 0.24, 0.29, 1.0)
SPHERE_COLOUR = (0.3, 0.6, 1.0, 1.0)


class CurveDrawing:
    """Everything the curves mode shows in 3D, under one node (``root``)."""

    def __init__(self, app):
        self.app = app
        self.root = app.render.attach_new_node("curves mode")
        ground_grid(self.root, GRID_HALF_SIZE, GRID_SPACING, 0.0, GRID_COLOUR)
        axes(self.root, 3.0, 0.0)
        self.curve_line = LineStrip(self.root, CURVE_SAMPLES, CURVE_COLOUR, 3.0, "trajectory")
        self.sphere = load_model(app, "sphere")
        self.sphere.reparent_to(self.root)
        self.sphere.set_scale(SPHERE_RADIUS)
        self.sphere.set_color(*SPHERE_COLOUR)
        self.polygon = self.points = self.ticks = None
        self.grabbed_marker = PointSet(self.root, 1, GRABBED_COLOUR, 14.0, "grabbed point")
        self.grabbed_marker.show(False)
        self.overlay = app.render2d.attach_new_node("curves mode's handles")
        """Film coordinates (x, 0, y), drawn over the panels; shown and hidden with ``root``."""
        self.overlay.set_bin(*OVERLAY_BIN)
        self.overlay.set_depth_test(False)
        self.handle_lines = LineStrip(self.overlay, 3, HANDLE_COLOUR, 2.0, "tangent handles")
        self.handle_tips = PointSet(self.overlay, 2, HANDLE_COLOUR, 9.0, "handle tips")
        self._handles = None  # (knot, tips) in 3D, or None
        self._placed = None  # the film positions the handles were last drawn at
        self.show_handles(None, None)

    def show_curve(self, trajectory, drop=0.0):
        """Draw ``trajectory`` (a ``Curve``) through points spread evenly along its length,
        ``drop`` under it along its "up" frames (onto a road's surface)."""
        u = trajectory.arc_length.parameter(np.linspace(0.0, 1.0, CURVE_SAMPLES))
        points = trajectory.evaluate(u)
        if drop:
            points = points - drop * frames_along(trajectory, u, mode="up")[:, :, 2]
        self.curve_line.update(points)

    def show_control_points(self, points, polygon=True):
        """The point markers for ``points`` (n, 3) (none for ()), joined by the control polygon
        unless ``polygon`` is False (a spline's knots); remade only when their number changes."""
        if (
            self.points is not None
            and self.points.count == len(points)
            and (self.polygon is not None) == polygon
        ):
            self.points.update(np.array(points))
            if polygon:
                self.polygon.update(np.array(points))
            return
        for geometry in (self.polygon, self.points):
            if geometry is not None:
                geometry.path.remove_node()
        self.polygon = self.points = None
        if not len(points):
            return
        if polygon:
            self.polygon = LineStrip(self.root, len(points), POLYGON_COLOUR, 1.0, "control polygon")
            self.polygon.update(np.array(points))
        self.points = _on_top(PointSet(self.root, len(points), POINT_COLOUR, 9.0, "control points"))
        self.points.update(np.array(points))

    def show_handles(self, knot, tips):
        """The selected knot's handles: lines from ``knot`` (3,) to its in and out ``tips``
        (2, 3), with a dot at each; none for None."""
        self._handles = None if knot is None else np.array([tips[0], knot, tips[1]], dtype=float)
        self._placed = None
        self.place_handles()

    def place_handles(self):
        """Draw the handles where the camera now sees them (call each frame: the camera moves);
        hidden when there are none or a point of them is behind the camera."""
        film = None
        if self._handles is not None:
            film = [to_film(self.app, point) for point in self._handles]
            film = None if None in film else np.array([(x, 0.0, y) for x, y in film])
        if film is None or self._placed is None or not np.array_equal(film, self._placed):
            self._placed = film
            self.handle_lines.show(film is not None)
            self.handle_tips.show(film is not None)
            if film is not None:
                self.handle_lines.update(film)
                self.handle_tips.update(film[[0, 2]])

    def show_keyframes(self, positions):
        """Ticks at the keyframe ``positions`` (k, 3)."""
        if self.ticks is None or self.ticks.count != len(positions):
            if self.ticks is not None:
                self.ticks.path.remove_node()
            self.ticks = PointSet(self.root, len(positions), TICK_COLOUR, 5.0, "keyframes")
        self.ticks.update(positions)

    def show_grabbed(self, point):
        """Mark the grabbed control point at ``point`` (3,), or nothing for None."""
        self.grabbed_marker.show(point is not None)
        if point is not None:
            self.grabbed_marker.update([point])


def _on_top(geometry):
    """``geometry`` drawn last, over the ticks and the sphere, so that what can be grabbed stays
    visible and grabbable."""
    geometry.path.set_bin("fixed", 10)
    geometry.path.set_depth_test(False)
    return geometry
