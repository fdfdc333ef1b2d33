"""Line drawings of trajectory objects: sampling lives in trajectory/, LineSegs here."""

import numpy as np
from panda3d.core import LineSegs, NodePath

CURVE_SAMPLES = 400
"""Points per drawn curve: more than enough for a smooth line at any zoom the scene allows."""


def polyline(points, colour, thickness, name):
    """A ``NodePath`` holding one line strip through ``points`` (shape ``(n, 3)``)."""
    segments = LineSegs(name)
    segments.set_color(*colour)
    segments.set_thickness(thickness)
    first, *rest = np.asarray(points, dtype=float).tolist()
    segments.move_to(*first)
    for point in rest:
        segments.draw_to(*point)
    return NodePath(segments.create())


def curve_path(curve, colour, thickness=3.0):
    """The curve Q(u), sampled evenly in arc length so that its tight bends stay smooth."""
    u = curve.arc_length.parameter(np.linspace(0.0, 1.0, CURVE_SAMPLES))
    return polyline(curve.evaluate(u), colour, thickness, "curve")


def control_polygon(curve, colour, thickness=1.0):
    """The control polygon of a Bezier curve (all its segments)."""
    points = curve.control_points.reshape(-1, 3)
    return polyline(points, colour, thickness, "control polygon")
