"""What the trajectory is built as under the rider: the line alone, a tube, a ribbon, a coaster's
track (two rails swept along the rotation-minimising frame, ties at an even spacing, posts down
to the ground) or a road (a flat ribbon with edge lines). Meshes come from ``trajectory.sweep``
and ``trajectory.along``, one ``GeomNode`` each, lit like the rest; they are built again with
the curve (coarser while a point is dragged, to keep the frame)."""

import enum

import numpy as np

from scene.kit.mesh_nodes import mesh_node
from trajectory import Mesh, Profile, along, sweep


class Look(enum.Enum):
    LINE = "line"
    TUBE = "tube"
    RIBBON = "ribbon"
    RAILS = "rails"
    ROAD = "road"


def surface_drop(look):
    """How far under the curve (along its "up" frames) the surface of ``look`` lies, where its
    centre line is drawn: a ribbon's or a road's; 0 for the others."""
    return RIDE_DROP - SURFACE_LIFT if look in (Look.RIBBON, Look.ROAD) else 0.0


LOOK_WORDS = {
    Look.LINE: "the line",
    Look.TUBE: "a tube",
    Look.RIBBON: "a ribbon",
    Look.RAILS: "a coaster track",
    Look.ROAD: "a road",
}
TOLERANCE = 1e-3
"""How close (length units) a track's mesh keeps to its true surface."""
LIVE_TOLERANCE = 5e-3
"""The same while a point is dragged: fewer rings, built within the frame."""
RIDE_DROP = 0.5
"""How far under the curve the rider stands on a track: the sphere's radius, about."""
SURFACE_LIFT = 0.01
"""The centre line drawn this far over a ribbon's or a road's surface (on it, it would flicker)."""
GAUGE, RAIL_RADIUS = 1.0, 0.05
TIE_SPACING, TIE_SIZE = 0.6, (1.3, 0.12, 0.07)
"""Ties every 0.6 units, 1.3 across, 0.12 along the track, 0.07 deep."""
POST_SPACING, POST_WIDTH = 4.0, 0.09
ROAD_WIDTH, EDGE_WIDTH = 3.0, 0.12
COLOURS = {
    "tube": (0.95, 0.78, 0.35, 1.0),
    "ribbon": (0.35, 0.6, 0.95, 1.0),
    "rails": (0.78, 0.8, 0.84, 1.0),
    "ties": (0.5, 0.34, 0.22, 1.0),
    "posts": (0.55, 0.56, 0.6, 1.0),
    "road": (0.27, 0.28, 0.3, 1.0),
    "edges": (0.92, 0.9, 0.84, 1.0),
}


_TIE = Mesh.box(*TIE_SIZE)
_POST = Mesh.box(POST_WIDTH, POST_WIDTH, 1.0).placed([[0.0, 0.0, 0.5]], [np.eye(3)])
"""A post one unit tall standing on z = 0, stretched to each post's height."""
_RAILS = Profile.joined(
    Profile.circle(RAIL_RADIUS, 8, centre=(-GAUGE / 2, -RIDE_DROP)),
    Profile.circle(RAIL_RADIUS, 8, centre=(GAUGE / 2, -RIDE_DROP)),
)
_PROFILES = {
    "tube": Profile.circle(0.15, 12),
    "ribbon": Profile.ribbon(1.0, -RIDE_DROP),
    "rails": _RAILS,
    "road": Profile.ribbon(ROAD_WIDTH, -RIDE_DROP),
    "edges": Profile.joined(  # lines painted just above the road, along its edges
        *(
            Profile.ribbon(EDGE_WIDTH, -RIDE_DROP + 0.005, side * (ROAD_WIDTH / 2 - EDGE_WIDTH))
            for side in (-1, 1)
        )
    ),
}


class TrackDrawing:
    """The track under ``root``; ``chosen`` keeps the look the user picked for each trajectory."""

    def __init__(self, root):
        self.root = root.attach_new_node("track")
        self.chosen = {}
        self._parts = []
        self._shown = None  # (path, look, live) of what is built: the same again builds nothing

    def look(self, trajectory_index, driving, coaster):
        """The look of trajectory ``trajectory_index``: the one chosen (W), else a road while
        ``driving``, a track on the ``coaster``, the line on any other."""
        if trajectory_index in self.chosen:
            return self.chosen[trajectory_index]
        return Look.ROAD if driving else Look.RAILS if coaster else Look.LINE

    def choose_next(self, trajectory_index, look):
        """Choose the look after ``look`` for trajectory ``trajectory_index``; the new one."""
        looks = list(Look)
        self.chosen[trajectory_index] = looks[(looks.index(look) + 1) % len(looks)]
        return self.chosen[trajectory_index]

    def show(self, path, look, live=False):
        """Build ``look`` along ``path`` (a ``Curve`` or a ``Motion``), replacing what was built
        (nothing to do for the same path object and look, unless a coarse one built while
        dragging is now wanted fine: a velocity edit moves no rail)."""
        shown = self._shown
        if shown is not None and shown[0] is path and shown[1] is look and (live or not shown[2]):
            return
        self._shown = (path, look, live)
        for part in self._parts:
            part.remove_node()
        self._parts = []
        tolerance = LIVE_TOLERANCE if live else TOLERANCE
        if look is Look.TUBE:
            self._add("tube", sweep(path, _PROFILES["tube"], tolerance, mode="minimal"))
        elif look is Look.RIBBON:
            self._add("ribbon", sweep(path, _PROFILES["ribbon"], tolerance, mode="up"), two_sided=True)
        elif look is Look.ROAD:
            self._add("road", sweep(path, _PROFILES["road"], tolerance, mode="up"), two_sided=True)
            self._add("edges", sweep(path, _PROFILES["edges"], tolerance, mode="up"), two_sided=True)
        elif look is Look.RAILS:
            self._add("rails", sweep(path, _PROFILES["rails"], tolerance))
            positions, frames = along(
                path, spacing=TIE_SPACING, offset=(0.0, -RIDE_DROP - RAIL_RADIUS - TIE_SIZE[2] / 2)
            )
            self._add("ties", _TIE.placed(positions, frames))
            if (posts := _posts(path)) is not None:
                self._add("posts", posts)

    def _add(self, name, mesh, two_sided=False):
        part = self.root.attach_new_node(mesh_node(mesh, name))
        part.set_color(*COLOURS[name])
        part.set_two_sided(two_sided)
        self._parts.append(part)


def _posts(path):
    """Posts from the ground (z = 0) up to the ties every ``POST_SPACING``, where the track is
    above the ground: one ``Mesh``, or None where it never is."""
    positions, _ = along(path, spacing=POST_SPACING, offset=(0.0, -RIDE_DROP - RAIL_RADIUS - TIE_SIZE[2]))
    heights = positions[:, 2]
    standing = heights > 0.05
    if not standing.any():
        return None
    feet = positions[standing] * (1.0, 1.0, 0.0)
    stretch = np.zeros((int(standing.sum()), 3, 3))
    stretch[:, 0, 0] = stretch[:, 1, 1] = 1.0
    stretch[:, 2, 2] = heights[standing]
    return _POST.placed(feet, stretch)
