"""A profile swept along a curve's frames: a triangle mesh (positions, normals, texture
coordinates, triangles) of the surface the profile's polylines trace as its frame moves along.

The surface is exactly P(s, w) = C(s) + R(s) p(w): the curve's point C and frame R (right and up
columns) at arc-length fraction s, and the profile's point p, linear along each of its sides.
Stations (rings of the mesh) are placed where the curve bends or the frame rolls (``stations``:
an error bound, sampled). The bound is for a profile that stays within the curve's radius of
curvature: a tube wider than a bend folds over itself there, and its surface is no longer one a
mesh of rings can follow.
"""

import dataclasses
import functools

import numpy as np

from trajectory._numerics.checks import _shown, flag, positive_finite, real_array
from trajectory.meshes.mesh import Mesh
from trajectory.meshes.placing import Placer
from trajectory.meshes.profile import Profile
from trajectory.meshes.segment_places import SegmentPlaces
from trajectory.meshes.stations import Bound, FramesMemo, box_corners, fewest_stations, starting

MAX_VERTICES = 2**25
"""The most vertices (rings x the profile's) a sweep makes, about 6 GB at the sweep's peak (it
holds about 180 bytes a vertex): more is refused before anything is allocated."""


@dataclasses.dataclass(frozen=True)
class Sweep(Mesh):
    """A ``Mesh`` swept along a curve: u around the profile (0 to 1 over each polyline), v the
    arc length from the start in length units (a texture repeats evenly); the normals are the
    profile's, turned by the frame.

    Attributes:
        stations: ``(N,)`` the arc-length fractions of the mesh's rings.
        ring: The number of vertices in each ring (a cap's come after the rings).
    """

    stations: np.ndarray
    ring: int

    def __repr__(self):
        return f"Sweep({len(self.stations)} rings of {self.ring} vertices, {len(self.triangles)} triangles)"


def sweep(path, profile, tolerance=1e-3, mode="minimal", caps=False, stations=None, **options):
    """``profile`` (a ``Profile``) swept along ``path``: a ``Sweep``.

    Args:
        path: A ``Curve``, or a ``Motion`` (its trajectory; banking takes its speeds).
        profile: The cross-section.
        tolerance: The largest distance (length units) of the true swept surface from the mesh.
        mode: An orientation mode (``"minimal"``, ``"up"``, ``"yaw"``) or an ``Orientation``.
        caps: Close an open curve's ends with the profile's closed polylines.
        stations: The rings' arc-length fractions (n,), ascending from 0 to 1, to sweep at in
            place of those the tolerance needs: a preview (an earlier sweep's ``stations`` on the
            curve edited since), made without choosing or checking anything. Or the rings as
            ``SegmentPlaces`` (from 0 to 1), held within the curve's segments: a preview that
            computes only the segments changed since it last swept them.
        options: ``closed``, ``tilt``, ``bank``, ``max_bank``, as for ``Orientation``. A curve that
            closes is swept closed (the minimal frame's twist spread over it), its last ring the
            first one exactly.

    Raises:
        ValueError: On a path that is no curve or motion, a profile that is no ``Profile``, a
            tolerance that is not positive, banking without a motion, caps on a closed loop, or
            stations that do not rise from 0 to 1.
    """
    place = Placer(path, mode, options)
    if not isinstance(profile, Profile):
        raise ValueError(f"profile must be a Profile, got {type(profile).__name__}")
    tolerance = positive_finite(tolerance, "tolerance")
    curve, closed, orientation = place.curve, place.closed, place.orientation
    if flag(caps, "caps") and closed:
        raise ValueError("caps close an open curve's ends, and this curve is a closed loop")
    if stations is None:
        initial, fixed = _initial(curve, orientation)
        bound = Bound(FramesMemo(lambda s: _frames(place, s)), *_reach(profile))
        at = stations = fewest_stations(bound, tolerance, initial, fixed)
    elif isinstance(stations, SegmentPlaces):
        at, stations = stations, _given(stations.stations(curve), rising=False)
    else:
        at = stations = _given(stations)
    if len(stations) * len(profile.vertices) > MAX_VERTICES:
        raise ValueError(
            f"{len(stations):,} rings of {len(profile.vertices):,} vertices would make more than "
            f"{MAX_VERTICES:,} vertices: ask for a coarser tolerance or a profile of fewer points"
        )
    points, right, up, forward = place.frames(at)
    positions = _rings(points, right, up, profile.vertices)
    normals = _rings(np.zeros_like(points), right, up, profile.normals)
    if closed:  # the seam: the last ring is the first, exactly
        positions[-1], normals[-1] = positions[0], normals[0]
    count, ring = len(stations), len(profile.vertices)
    uvs = np.empty((count, ring, 2))
    uvs[:, :, 0] = profile.across
    uvs[:, :, 1] = (stations * curve.length)[:, None]
    parts = [
        (
            positions.reshape(-1, 3),
            normals.reshape(-1, 3),
            uvs.reshape(-1, 2),
            _strips(count, ring, profile.edges),
        )
    ]
    if caps:
        parts += _caps(points, right, up, forward, profile, count * ring)
    if len(parts) > 1:
        parts = [tuple(np.concatenate(column) for column in zip(*parts))]
    return Sweep(*parts[0], stations, ring)


def _rings(points, right, up, vertices):
    """``points`` (N, 3) + ``right`` x + ``up`` y for each profile (x, y) of ``vertices`` (r, 2):
    ``(N, r, 3)``, one product of (1, x, y) with each station's (point, right, up)."""
    weights = np.column_stack([np.ones(len(vertices)), vertices])
    return np.matmul(weights[None], np.stack([points, right, up], axis=1))


def _given(stations, rising=True):
    """``stations`` as a float array, checked: at least two, from exactly 0 to 1, ``rising``
    (or, held within segments that may have shrunk to nothing, never falling)."""
    given = real_array(stations, "stations", "arc-length fractions")
    if given.ndim == 1 and len(given) >= 2 and given[0] == 0.0 and given[-1] == 1.0:
        steps = np.diff(given)
        if ((steps > 0.0) if rising else (steps >= 0.0)).all():
            return given
    raise ValueError(f"stations must rise from 0 to 1, at least two of them; got {_shown(given)}")


def _initial(curve, orientation):
    """``starting`` stations with the fixed ones: the ends, the curve's breakpoints and the tilt
    keys."""
    breaks = curve.arc_length.at(np.asarray(curve.breakpoints, dtype=float)) / curve.length
    tilts = [key[0] for key in orientation.tilt]
    return starting(np.concatenate([[0.0, 1.0], breaks, tilts]))


def _reach(profile):
    """The profile's bounding box as weights of (point, right, up) for its four corners, (4, 3),
    and its longest side (length units): what bounds every profile point's path and every quad."""
    sides = profile.vertices[profile.edges[:, 1]] - profile.vertices[profile.edges[:, 0]]
    longest = float(np.sqrt((sides**2).sum(axis=1)).max()) if len(sides) else 0.0
    return box_corners(profile.vertices.min(axis=0), profile.vertices.max(axis=0)), longest


def _frames(place, s):
    """The point, right and up axis at each of ``s`` (n,), stacked: ``(n, 3, 3)``, rows first."""
    points, right, up, _ = place.frames(s)
    return np.stack([points, right, up], axis=1)


def _strips(count, ring, edges):
    """The triangles between consecutive rings of ``ring`` vertices: two per profile side
    (``edges``, (e, 2)) and interval, counter-clockwise seen from the normals' side. Read-only,
    and kept for the next sweep of as many rings of the same profile (a drag's)."""
    return _kept_strips(count, ring, np.asarray(edges, dtype=np.int64).tobytes())


@functools.lru_cache(maxsize=2)
def _kept_strips(count, ring, edges):
    """``_strips`` by the edges' bytes (what a cache can hold as a key)."""
    edges = np.frombuffer(edges, dtype=np.int64).reshape(-1, 2)
    base = (np.arange(count - 1) * ring)[:, None]
    a0, b0 = base + edges[:, 0], base + edges[:, 1]
    index = np.int32 if count * ring < 2**31 else np.int64  # half the memory, what GPUs take
    triangles = np.empty((count - 1, len(edges), 2, 3), dtype=index)
    triangles[:, :, 0, 0] = a0
    triangles[:, :, 0, 1] = triangles[:, :, 1, 1] = a0 + ring
    triangles[:, :, 0, 2] = triangles[:, :, 1, 0] = b0
    triangles[:, :, 1, 2] = b0 + ring
    triangles = triangles.reshape(-1, 3)
    triangles.flags.writeable = False
    return triangles


def _caps(points, right, up, forward, profile, offset):
    """The two end caps of an open sweep: the profile's closed polylines at the first and last
    station, facing back and forward."""
    loops = [loop for loop, closed in profile.loops if closed]
    if not loops:
        return []
    flat = np.concatenate(loops)
    triangles = profile.cap_triangles()
    parts = []
    for index, facing, order in ((0, -1.0, triangles), (-1, 1.0, triangles[:, ::-1])):
        positions = _rings(points[[index]], right[[index]], up[[index]], flat)[0]
        normals = np.repeat(forward[[index]] * facing, len(flat), axis=0)
        parts.append((positions, normals, flat.copy(), order + offset))
        offset += len(flat)
    return parts
