"""What a rider sees beyond the track: a sky and a ground that reaches it, fading into the sky
with distance, so that riding a curve shows where one is (and an open curve's end shows the
land ahead, not a blank). Shown while riding; the camera's near plane comes close then, so that
the track under the seat is drawn, and its view widens."""

import numpy as np
from panda3d.core import Fog

from scene.kit.mesh_nodes import mesh_node
from trajectory import Mesh

SKY = (0.58, 0.72, 0.88, 1.0)
GROUND_COLOUR = (0.3, 0.36, 0.27, 1.0)
GROUND_RADIUS, GROUND_SIDES = 3000.0, 72
GROUND_DEPTH = 0.02
"""The ground lies this far under the grid (z = 0), whose lines stay on it."""
FOG_DENSITY = 0.006
"""The ground fades into the sky: a third of the way at about 70 units."""
RIDING_NEAR = 0.05
"""The camera's near plane while riding (length units): the seat is about a unit over the track."""
RIDING_FOV = 80.0
"""The camera's horizontal field of view while riding (degrees): wide, as a rider's eyes are, so
that a bend ahead stays in view."""


def _disc(radius, sides):
    """A flat disc facing up, as a ``Mesh``: a fan round its centre."""
    angles = np.linspace(0.0, 2.0 * np.pi, sides, endpoint=False)
    rim = np.column_stack([np.cos(angles), np.sin(angles), np.zeros(sides)]) * radius
    positions = np.vstack([[0.0, 0.0, 0.0], rim])
    normals = np.tile([0.0, 0.0, 1.0], (sides + 1, 1))
    around = np.arange(sides)
    triangles = np.column_stack([np.zeros(sides, dtype=np.int64), around + 1, (around + 1) % sides + 1])
    return Mesh(positions, normals, positions[:, :2].copy(), triangles)


class Horizon:
    """The sky and ground of ``app`` (a ShowBase) under ``root``."""

    def __init__(self, app, root):
        self.app = app
        self.ground = root.attach_new_node(mesh_node(_disc(GROUND_RADIUS, GROUND_SIDES), "ground"))
        self.ground.set_z(-GROUND_DEPTH)
        self.ground.set_color(*GROUND_COLOUR)
        fog = Fog("horizon")
        fog.set_color(*SKY[:3])
        fog.set_exp_density(FOG_DENSITY)
        self.ground.set_fog(fog)
        self.ground.hide()
        self._kept = None
        """The background colour, near plane and field of view to go back to when the ride ends."""

    @property
    def shown(self):
        return self._kept is not None

    def show(self, riding):
        """The sky and the ground while ``riding``; the orbit view's background otherwise."""
        lens = self.app.camLens
        if riding and self._kept is None:
            self._kept = (self.app.get_background_color(), lens.get_near(), lens.get_min_fov())
            self.app.set_background_color(*SKY)
            lens.set_near(RIDING_NEAR)
            lens.set_min_fov(RIDING_FOV * min(lens.get_fov()) / max(lens.get_fov()))
            self.ground.show()
        elif not riding and self._kept is not None:
            background, near, fov = self._kept
            self.app.set_background_color(background)
            lens.set_near(near)
            lens.set_min_fov(fov)
            self.ground.hide()
            self._kept = None
