"""A profile swept along a curve's frames: a triangle mesh (positions, normals, texture
coordinates, triangles) of the surface the profile's polylines trace as its frame moves along.

The surface is exactly P(s, w) = C(s) + R(s) p(w): the curve's point C and frame R (right and up
columns) at arc-length fraction s, and the profile's point p, linear along each of its sides.
Stations (rings of the mesh) are placed where the curve bends or the frame rolls: an interval is
split until, at its quarter points, every profile vertex's path is within ``MARGIN`` of the
tolerance of the chord between the interval's rings, less a quarter of any quad's bending (the
distance of its fourth corner from the plane of the other three: the ruled surface between its
sides is within a quarter of it from the quad's two triangles). So no point of the true surface
is further than the tolerance from the mesh, to the accuracy of that sampling (the margin is for
a peak between the samples; the tests check the bound against a dense sweep). The bound is for
a profile that stays within the curve's radius of curvature: a tube wider than a bend folds
over itself there, and its surface is no longer one a mesh of rings can follow.
"""

import dataclasses

import numpy as np

from trajectory._numerics.checks import flag, positive_finite
from trajectory.meshes.mesh import Mesh
from trajectory.meshes.placing import Placer
from trajectory.meshes.profile import Profile

INITIAL_STATIONS = 16
"""Stations spread evenly in arc length before any is added (the curve's breakpoints and tilt
keys are stations too)."""
_QUARTERS = np.array([0.25, 0.5, 0.75])
MARGIN = 0.75
"""An interval is kept when its sampled error is at most this share of the tolerance: room for
the error's peak between the quarter points where it is sampled."""
_MAX_ROUNDS = 40
_MIN_WIDTH = 1e-12


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


def sweep(path, profile, tolerance=1e-3, mode="minimal", caps=False, **options):
    """``profile`` (a ``Profile``) swept along ``path``: a ``Sweep``.

    Args:
        path: A ``Curve``, or a ``Motion`` (its trajectory; banking takes its speeds).
        profile: The cross-section.
        tolerance: The largest distance (length units) of the true swept surface from the mesh.
        mode: An orientation mode (``"minimal"``, ``"up"``, ``"yaw"``) or an ``Orientation``.
        caps: Close an open curve's ends with the profile's closed polylines.
        options: ``closed``, ``tilt``, ``bank``, ``max_bank``, as for ``Orientation``. A curve that
            closes is swept closed (the minimal frame's twist spread over it), its last ring the
            first one exactly.

    Raises:
        ValueError: On a path that is no curve or motion, a profile that is no ``Profile``, a
            tolerance that is not positive, banking without a motion, or caps on a closed loop.
    """
    place = Placer(path, mode, options)
    if not isinstance(profile, Profile):
        raise ValueError(f"profile must be a Profile, got {type(profile).__name__}")
    tolerance = positive_finite(tolerance, "tolerance")
    curve, closed, orientation = place.curve, place.closed, place.orientation
    if flag(caps, "caps") and closed:
        raise ValueError("caps close an open curve's ends, and this curve is a closed loop")
    stations = _stations(place, profile, tolerance, _initial(curve, orientation))
    points, right, up, forward = place.frames(stations)
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
    positions, normals, uvs, triangles = (np.concatenate(column) for column in zip(*parts))
    return Sweep(positions, normals, uvs, triangles, stations, ring)


def _rings(points, right, up, vertices):
    """``points`` (N, 3) + ``right`` x + ``up`` y for each profile (x, y) of ``vertices`` (r, 2):
    ``(N, r, 3)``."""
    return (
        points[:, None, :]
        + right[:, None, :] * vertices[None, :, 0, None]
        + up[:, None, :] * vertices[None, :, 1, None]
    )


def _initial(curve, orientation):
    """The first stations: evenly spread, and the curve's breakpoints and tilt keys."""
    breaks = curve.arc_length.at(np.asarray(curve.breakpoints, dtype=float)) / curve.length
    tilts = [key[0] for key in orientation.tilt]
    even = np.linspace(0.0, 1.0, INITIAL_STATIONS + 1)
    stations = np.unique(np.clip(np.concatenate([even, breaks, tilts]), 0.0, 1.0))
    stations = stations[np.concatenate([[True], np.diff(stations) > _MIN_WIDTH])]  # one of near twins
    stations[-1] = 1.0
    return stations


def _stations(place, profile, tolerance, stations):
    """Arc-length fractions from ``stations`` refined until every interval keeps the mesh within
    ``tolerance`` of the surface (see the module's bound)."""
    vertices, edges = profile.vertices, profile.edges
    at = dict(zip(stations.tolist(), _rings(*place.frames(stations)[:3], vertices)))
    pending = np.column_stack([stations[:-1], stations[1:]])
    for _ in range(_MAX_ROUNDS):
        if not len(pending):
            break
        a, b = pending[:, 0], pending[:, 1]
        inner = a[:, None] + (b - a)[:, None] * _QUARTERS  # (p, 3)
        rings = _rings(*place.frames(inner.ravel())[:3], vertices).reshape(len(a), len(_QUARTERS), -1, 3)
        start = np.stack([at[value] for value in a.tolist()])  # (p, r, 3)
        end = np.stack([at[value] for value in b.tolist()])
        error = _bowing(start, end, rings) + _bending(start, end, edges) / 4.0
        split = (error > MARGIN * tolerance) & (b - a > _MIN_WIDTH)
        if not split.any():
            break
        middle = (a[split] + b[split]) / 2.0
        for value, ring in zip(middle.tolist(), _rings(*place.frames(middle)[:3], vertices)):
            at[value] = ring
        pending = np.concatenate([np.column_stack([a[split], middle]), np.column_stack([middle, b[split]])])
    return np.array(sorted(at))


def _bowing(start, end, inner):
    """How far each vertex path strays from the chord between an interval's rings: the largest
    distance of its ``inner`` points (p, q, r, 3) from the line through its ``start`` and ``end``
    (p, r, 3) points, per interval (p,)."""
    chord = end - start
    unit = chord / np.maximum(np.sqrt((chord**2).sum(axis=2)), 1e-300)[..., None]
    offset = inner - start[:, None]
    across = offset - (offset * unit[:, None]).sum(axis=3)[..., None] * unit[:, None]
    return np.sqrt((across**2).sum(axis=3)).max(axis=(1, 2))


def _bending(start, end, edges):
    """How far each quad between an interval's rings is from flat, per interval (p,): the
    distance of its fourth corner from the plane of the other three. The ruled surface between
    its sides is within a quarter of it from the quad's two triangles."""
    if not len(edges):
        return np.zeros(len(start))
    a0, b0, a1, b1 = start[:, edges[:, 0]], start[:, edges[:, 1]], end[:, edges[:, 0]], end[:, edges[:, 1]]
    normal = np.cross(a1 - a0, b0 - a0)
    size = np.maximum(np.sqrt((normal**2).sum(axis=2)), 1e-300)
    return np.abs(((b1 - a0) * normal).sum(axis=2) / size).max(axis=1)


def _strips(count, ring, edges):
    """The triangles between consecutive rings of ``ring`` vertices: two per profile side and
    interval, counter-clockwise seen from the normals' side."""
    base = (np.arange(count - 1) * ring)[:, None]
    a0, b0 = base + edges[:, 0], base + edges[:, 1]
    a1, b1 = a0 + ring, b0 + ring
    return np.stack([np.stack([a0, a1, b0], -1), np.stack([b0, a1, b1], -1)], axis=2).reshape(-1, 3)


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
