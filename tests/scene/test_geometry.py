"""Geometry rewritten from numpy arrays keeps bounds that hold its vertices: the camera culls by
them, so stale bounds hide a dragged point or a handle whenever its first place is out of view."""

import numpy as np
import pytest
from panda3d.core import BoundingVolume, Point3

from scene.ui.geometry import LineStrip, PointSet
from tests.scene.helpers import step


@pytest.mark.parametrize("kind", [LineStrip, PointSet])
def test_rewritten_vertices_are_inside_the_bounds_the_camera_culls_by(app, kind):
    geometry = kind(app.render, 3, (1.0, 1.0, 1.0, 1.0))
    try:
        step(app)  # drawn once at the origin: bounds computed there
        for points in ([[100.0, 0.0, 0.0], [100.0, 5.0, 0.0], [98.0, 2.0, 3.0]], [[-40.0, 7.0, 1.0]] * 3):
            geometry.update(np.array(points))
            step(app)
            bounds = geometry.path.get_bounds()
            for point in points:
                assert bounds.contains(Point3(*point)) & BoundingVolume.IF_all
    finally:
        geometry.path.remove_node()
