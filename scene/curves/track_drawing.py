"""What the trajectory is built as under the rider: the line alone, a tube, a ribbon, a coaster's
track (two rails swept along the rotation-minimising frame, ties at an even spacing, posts down
to the ground), a road (a flat ribbon with edge lines) or a pipe (``models/pipe.egg``, a flanged
section, or the user's own model: ``main.py --bend``, bent end to end along the curve by
``scene.kit.bent_models``). Meshes come from
``trajectory.sweep`` and ``trajectory.along``, one ``GeomNode`` each, lit like the rest; they
are rewritten in place with the curve (coarser while a point is dragged, to keep the frame: the
drag's first frame chooses the rings and places the ties and posts, the next ones build at the
same arc-length fractions of each of the curve's segments as it changes, the segments the drag
left as they were taken as built: ``SegmentPlaces``), and hidden when the look has no such
part."""

import numpy as np
from panda3d.core import NodePath

from scene.curves.looks import Look, built_noun, model_words
from scene.kit import atomic_file
from scene.kit.bent_models import ModelBender
from scene.kit.mesh_nodes import mesh_node, update_mesh_node
from scene.kit.model_files import write_model
from scene.ui.assets import model_file
from trajectory.meshes import Mesh, Profile, SegmentPlaces, Sweep, along, along_stations, sweep


def surface_drop(look):
    """How far under the curve (along its "up" frames) the surface of ``look`` lies, where its
    centre line is drawn: a ribbon's or a road's; 0 for the others."""
    return RIDE_DROP - SURFACE_LIFT if look in (Look.RIBBON, Look.ROAD) else 0.0


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
POSTS_EVERY, POST_WIDTH = 7, 0.09
"""A post under every seventh tie (4.2 units apart)."""
ROAD_WIDTH, EDGE_WIDTH = 3.0, 0.12
TWO_SIDED = ("ribbon", "road", "edges")
"""The flat parts, seen from under as from over."""
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
    """The track under ``root``: a node for each part ever built (tube, ribbon, rails, ties,
    posts, road, edges), rewritten in place, shown while the look has it."""

    def __init__(self, root, say, bent_model=None):
        self.root = root.attach_new_node("track")
        self.say = say
        """Shows a message on screen (why the pipe cannot follow a curve)."""
        self.bent_model = bent_model
        """The model file the model look bends (the user's own), or None for our pipe."""
        self.pipe = None
        """The bent model's ``ModelBender``, made the first time the look is the model's."""
        self.cannot_follow = None
        """Why the model look's model cannot follow the curve built (it is hidden), or None."""
        self.meshes = {}
        """The swept and placed parts as last built, by name."""
        self.parts = {}
        """Each part's node by its name, made the first time a look has it."""
        self.built = 0
        """How many times a look was built (each part swept or placed along the curve)."""
        self._shown = None  # (path, look, live) of what is built: the same again builds nothing
        self._places = {}  # where each part was built while dragging, held within the segments

    def show(self, path, look, live=False):
        """Build ``look`` along ``path`` (a ``Curve`` or a ``Motion``) in place of what was built
        (nothing to do for the same path object and look, unless a coarse one built while
        dragging is now wanted fine: a velocity edit moves no rail)."""
        shown = self._shown
        if shown is not None and shown[0] is path and shown[1] is look and (live or not shown[2]):
            return
        held = self._places if live and shown is not None and shown[1] is look and shown[2] else {}
        self._shown = (path, look, live)
        meshes = _meshes(path, look, LIVE_TOLERANCE if live else TOLERANCE, held)
        self.meshes = meshes
        self._places = (held or _places(path, meshes)) if live else {}
        if look is not Look.LINE:
            self.built += 1
        for name, part in self.parts.items():
            if name not in meshes:
                part.hide()
        for name, mesh in meshes.items():
            self._put(name, mesh)
        self._show_pipe(path, look is Look.PIPE, live)

    def export(self, folder, stem):
        """Write what is built as ``<stem>-<noun>.obj`` (its parts in their colours, joined) and
        ``.bam`` (its nodes, as drawn) in ``folder``, the noun the look's (``built_noun``):
        (the noun, the two paths), or None when only the line is built. Each file is written
        atomically. Raises OSError when a file cannot be written."""
        meshes = [_coloured(mesh, COLOURS[name]) for name, mesh in self.meshes.items()]
        if self.pipe is not None and not self.pipe.root.is_hidden():
            meshes += self.pipe.meshes
        if not meshes:
            return None
        noun = built_noun(self._shown[1], self.bent_model)
        obj, bam = folder / f"{stem}-{noun}.obj", folder / f"{stem}-{noun}.bam"
        atomic_file.write_with(obj, Mesh.joined(*meshes).write_obj)
        shown = NodePath("track")
        for part in (*self.parts.values(), *([self.pipe.root] if self.pipe is not None else [])):
            if not part.is_hidden():
                part.copy_to(shown)
        atomic_file.write_with(bam, lambda temporary: write_model(shown, temporary))
        return noun, obj, bam

    def _show_pipe(self, path, shown, live):
        """The pipe's sections bent end to end along ``path``, if ``shown`` (coarse while
        ``live``); hidden, with a message, where they would fold round a bend too tight."""
        self.cannot_follow = None
        if not shown:
            if self.pipe is not None:
                self.pipe.root.hide()
            return
        if self.pipe is None:
            self.pipe = ModelBender(self.bent_model or model_file("pipe"))
            self.pipe.root.reparent_to(self.root)
        try:
            self.pipe.bent(path, fit="repeat", tolerance=LIVE_TOLERANCE if live else TOLERANCE)
        except ValueError as error:
            self.pipe.root.hide()
            self.cannot_follow = str(error)
            if not live:
                model = model_words(self.bent_model)
                self.say(f"{model[:1].upper()}{model[1:]} cannot follow this curve: {error}")
            return
        self.pipe.root.show()

    def _put(self, name, mesh):
        """Part ``name`` drawing ``mesh``: its node rewritten, or made the first time."""
        part = self.parts.get(name)
        if part is None:
            part = self.root.attach_new_node(mesh_node(mesh, name, dynamic=True))
            part.set_color(*COLOURS[name])
            part.set_two_sided(name in TWO_SIDED)
            self.parts[name] = part
        else:
            update_mesh_node(part.node(), mesh)
        part.show()


def _coloured(mesh, colour):
    """``mesh`` with every vertex coloured ``colour`` (RGBA)."""
    colours = np.tile(colour, (len(mesh.positions), 1))
    return Mesh(mesh.positions, mesh.normals, mesh.uvs, mesh.triangles, colours=colours)


def _meshes(path, look, tolerance, places):
    """The meshes of ``look`` along ``path`` (a ``Curve``), by part name, swept within
    ``tolerance`` and placed at their spacing, or at the ``SegmentPlaces`` given for a part
    (by name)."""

    def swept(name, mode="minimal"):
        return sweep(path, _PROFILES[name], tolerance, mode=mode, stations=places.get(name))

    if look is Look.TUBE:
        return {"tube": swept("tube")}
    if look is Look.RIBBON:
        return {"ribbon": swept("ribbon", "up")}
    if look is Look.ROAD:
        return {name: swept(name, "up") for name in ("road", "edges")}
    if look is Look.RAILS:
        where = {"stations": places["ties"]} if "ties" in places else {"spacing": TIE_SPACING}
        positions, frames = along(path, offset=(0.0, -RIDE_DROP - RAIL_RADIUS - TIE_SIZE[2] / 2), **where)
        meshes = {"rails": swept("rails"), "ties": _TIE.placed(positions, frames)}
        if (posts := _posts(positions[::POSTS_EVERY], frames[::POSTS_EVERY])) is not None:
            meshes["posts"] = posts
        return meshes
    return {}


def _places(path, meshes):
    """Where each of ``meshes`` (by name) was built along ``path``, held within its segments:
    the rings of a swept part, the ties' spacing (the posts stand under ties)."""
    places = {name: mesh.stations for name, mesh in meshes.items() if isinstance(mesh, Sweep)}
    if "ties" in meshes:
        places["ties"] = along_stations(path, TIE_SPACING)
    return {name: SegmentPlaces.of(path, stations) for name, stations in places.items()}


def _posts(ties, frames):
    """Posts from the ground (z = 0) up to the ties at ``ties`` (k, 3) in ``frames`` (k, 3, 3),
    where the track is above the ground: one ``Mesh``, or None where it never is."""
    positions = ties - frames[:, :, 2] * (TIE_SIZE[2] / 2)  # under each tie's middle
    heights = positions[:, 2]
    standing = heights > 0.05
    if not standing.any():
        return None
    feet = positions[standing] * (1.0, 1.0, 0.0)
    stretch = np.zeros((int(standing.sum()), 3, 3))
    stretch[:, 0, 0] = stretch[:, 1, 1] = 1.0
    stretch[:, 2, 2] = heights[standing]
    return _POST.placed(feet, stretch)
