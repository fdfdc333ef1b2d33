"""A 2D cross-section to sweep along a curve: one or more polylines in the frame's right/up plane
(x to the right of travel, y up), each open or closed, with a normal at every vertex.

A vertex where the polyline turns by more than the crease angle is a hard edge: it is written
twice, once with each edge's normal (a rectangle's corners), else once with the mean of the two
(a circle's sides shade smooth). Normals lie to the right of the polyline's direction: outward
for a closed polyline that runs counter-clockwise, up for a road drawn from right to left.
"""

import math

import numpy as np

from trajectory._numerics.checks import flag, positive_finite, real_array, whole_number

MAX_SIDES = 65536
MAX_EAR_CLIPPED = 2048
"""The most points of a closed polyline that is not convex that a cap is made for (clipping
ears takes their square's steps: 2048 points, about 0.4 s)."""
LARGEST = 1e150
"""The farthest a profile point may lie from the curve: its squares and sums stay finite."""
CREASE = math.radians(30.0)
"""A profile vertex where the polyline turns by more than this is a hard edge."""


class Profile:
    """A cross-section: polylines of (x, y) points, x to the right of travel and y up.

    Args:
        points: ``(k, 2)`` points, k >= 2 (3 for a closed one), no two neighbours equal.
        closed: Whether the last point joins the first.
        crease: The turn (radians) beyond which a vertex is a hard edge.

    Attributes:
        vertices: ``(r, 2)`` the ring of points each station of a sweep gets (creases and a closed
            polyline's seam written twice).
        normals: ``(r, 2)`` unit normals there.
        across: ``(r,)`` the texture coordinate u around the profile: the distance along its
            polyline, 0 to 1 over each polyline.
        edges: ``(e, 2)`` pairs of ring indices, each a strip of quads along a sweep.
        loops: The polylines as given: a list of ``(points (k, 2), closed)``.

    Raises:
        ValueError: Naming what is wrong with the points.

    >>> square = Profile.rectangle(2.0, 2.0)
    >>> len(square.vertices), len(square.edges)  # four sides, each corner written twice
    (8, 4)
    """

    def __repr__(self):
        closed = sum(1 for _, is_closed in self.loops if is_closed)
        return (
            f"Profile({len(self.loops)} polylines ({closed} closed), ring of {len(self.vertices)} vertices)"
        )

    def __init__(self, points, closed=False, crease=CREASE):
        self.loops = []
        self.vertices, self.normals = np.empty((0, 2)), np.empty((0, 2))
        self.across, self.edges = np.empty(0), np.empty((0, 2), dtype=np.int64)
        self._add(points, flag(closed, "closed"), positive_finite(crease, "crease"))

    @classmethod
    def circle(cls, radius, sides=12, centre=(0.0, 0.0)):
        """A closed circle (a tube) of ``sides`` sides around ``centre``, smooth."""
        radius = positive_finite(radius, "radius")
        sides = whole_number(sides, "sides", 3, MAX_SIDES)
        angles = np.linspace(0.0, 2.0 * math.pi, sides, endpoint=False)
        points = np.column_stack([np.cos(angles), np.sin(angles)]) * radius + np.asarray(centre, float)
        return cls(points, closed=True, crease=math.pi)

    @classmethod
    def rectangle(cls, width, height, centre=(0.0, 0.0)):
        """A closed box section ``width`` across and ``height`` high around ``centre``, hard edged."""
        w = positive_finite(width, "width") / 2.0
        h = positive_finite(height, "height") / 2.0
        corners = np.array([[w, -h], [w, h], [-w, h], [-w, -h]]) + np.asarray(centre, float)
        return cls(corners, closed=True)

    @classmethod
    def ribbon(cls, width, height=0.0, centre=0.0):
        """A flat strip ``width`` across at ``height``, ``centre`` to the right of the curve, its
        normal up (a road; a line painted on it)."""
        w = positive_finite(width, "width") / 2.0
        return cls([[centre + w, height], [centre - w, height]])

    @classmethod
    def rails(cls, gauge, radius, sides=8):
        """Two tubes of ``radius`` whose centres are ``gauge`` apart, either side of the curve."""
        gauge = positive_finite(gauge, "gauge")
        if gauge <= 2.0 * positive_finite(radius, "radius"):
            raise ValueError(f"rails {gauge!r} apart would overlap at radius {radius!r}")
        return cls.joined(
            cls.circle(radius, sides, (-gauge / 2.0, 0.0)), cls.circle(radius, sides, (gauge / 2.0, 0.0))
        )

    @classmethod
    def joined(cls, *profiles):
        """One profile of all the polylines of ``profiles`` (a road and its kerbs, two rails)."""
        if not profiles or not all(isinstance(p, Profile) for p in profiles):
            raise ValueError("joined needs one or more Profiles")
        joined = cls.__new__(cls)
        joined.loops = []
        joined.vertices, joined.normals = np.empty((0, 2)), np.empty((0, 2))
        joined.across, joined.edges = np.empty(0), np.empty((0, 2), dtype=np.int64)
        for profile in profiles:
            offset = len(joined.vertices)
            joined.loops += profile.loops
            joined.vertices = np.concatenate([joined.vertices, profile.vertices])
            joined.normals = np.concatenate([joined.normals, profile.normals])
            joined.across = np.concatenate([joined.across, profile.across])
            joined.edges = np.concatenate([joined.edges, profile.edges + offset])
        return joined

    def cap_triangles(self):
        """Triangles ``(c, 3)`` of indices into the points of the closed polylines stacked in
        order (``np.concatenate`` of their points), counter-clockwise in (x, y): what closes an
        open sweep's ends. A convex polyline is a fan (any number of points, in linear time);
        another is clipped ear by ear, up to ``MAX_EAR_CLIPPED`` points.

        Raises:
            ValueError: For a polyline that is not convex and has more than ``MAX_EAR_CLIPPED``
                points.
        """
        triangles, offset = [], 0
        for points, closed in self.loops:
            if closed:
                triangles.append(offset + _cap(points))
            offset += len(points)
        return np.concatenate(triangles).astype(np.int64) if triangles else np.empty((0, 3), dtype=np.int64)

    def _add(self, points, closed, crease):
        """Append one polyline's ring of vertices, normals, texture u and edges."""
        points = real_array(points, "profile points", "numbers shaped (k, 2)")
        if points.ndim != 2 or points.shape[1] != 2:
            raise ValueError(f"profile points must be shaped (k, 2), got shape {points.shape}")
        least = 3 if closed else 2
        if len(points) < least:
            raise ValueError(f"a {'closed' if closed else 'open'} profile needs {least} points at least")
        if not np.all(np.abs(points) <= LARGEST):  # NaN fails too
            raise ValueError(f"profile points must be finite numbers within {LARGEST:g} of the curve")
        if closed and _signed_area(points) < 0.0:
            points = points[::-1]  # counter-clockwise, so that the normals point out
        following = np.roll(points, -1, axis=0) if closed else points[1:]
        sides = following - points[: len(following)]
        lengths = np.hypot(sides[:, 0], sides[:, 1])
        if np.any(lengths <= 1e-12 * np.abs(points).max()):
            raise ValueError("two neighbouring profile points are in one place")
        side_normals = np.column_stack([sides[:, 1], -sides[:, 0]]) / lengths[:, None]
        run = np.concatenate([[0.0], np.cumsum(lengths)]) / lengths.sum()
        ring, normals, across, entering, leaving = [], [], [], [], []
        count = len(points)
        for i in range(count):
            before = side_normals[i - 1] if closed or i > 0 else side_normals[i]
            after = side_normals[i] if closed or i < count - 1 else side_normals[i - 1]
            hard = math.acos(min(1.0, max(-1.0, float(before @ after)))) > crease
            mean = (before + after) / np.hypot(*(before + after)) if not hard else None
            seam = closed and i == 0  # its entering copy is the ring's last entry, u = 1
            if hard and not seam:
                entering.append(len(ring))
                ring.append(points[i]), normals.append(before), across.append(run[i])
            elif not seam:
                entering.append(len(ring))
            else:
                entering.append(None)
            leaving.append(len(ring))
            ring.append(points[i]), normals.append(after if hard else mean), across.append(run[i])
            if seam:
                seam_normal = before if hard else mean
        if closed:
            entering[0] = len(ring)
            ring.append(points[0]), normals.append(seam_normal), across.append(1.0)
        offset = len(self.vertices)
        edges = [(leaving[i], entering[(i + 1) % count]) for i in range(len(sides))]
        self.loops.append((points, closed))
        self.vertices = np.concatenate([self.vertices, np.array(ring)])
        self.normals = np.concatenate([self.normals, np.array(normals)])
        self.across = np.concatenate([self.across, np.array(across)])
        self.edges = np.concatenate([self.edges, np.array(edges, dtype=np.int64) + offset])


def _signed_area(points):
    """The signed area of the closed polygon ``points`` (k, 2): positive counter-clockwise."""
    x, y = points[:, 0], points[:, 1]
    return float(np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1))) / 2.0


def _cap(points):
    """The triangles (k - 2, 3) that fill the simple counter-clockwise polygon ``points`` (k, 2)."""
    sides = np.roll(points, -1, axis=0) - points
    turns = np.arctan2(
        sides[:, 0] * np.roll(sides[:, 1], -1) - sides[:, 1] * np.roll(sides[:, 0], -1),
        (sides * np.roll(sides, -1, axis=0)).sum(axis=1),
    )
    if np.all(turns >= 0.0) and abs(turns.sum() - 2.0 * math.pi) < 1e-6:  # convex, once round
        middle = np.arange(1, len(points) - 1)
        return np.column_stack((np.zeros_like(middle), middle, middle + 1))
    if len(points) > MAX_EAR_CLIPPED:
        raise ValueError(
            f"caps close a profile that is not convex of at most {MAX_EAR_CLIPPED} points, "
            f"this one has {len(points)}: sweep it without caps, or with fewer points"
        )
    return np.array(_ears(points), dtype=np.int64).reshape(-1, 3)


def _ears(points):
    """Ear clipping of the simple counter-clockwise polygon ``points`` (k, 2): k - 2 triangles of
    vertex indices, each counter-clockwise."""
    left = list(range(len(points)))
    triangles, start = [], 0
    while len(left) > 3:
        remaining = points[left]
        for step in range(len(left)):
            k = (start + step) % len(left)
            a, b, c = left[k - 1], left[k], left[(k + 1) % len(left)]
            if _cross(points[a], points[b], points[c]) <= 0.0:
                continue  # a reflex (or straight) corner is no ear
            inside = _inside_all(remaining, points[a], points[b], points[c])
            inside[[k - 1, k, (k + 1) % len(left)]] = False
            if inside.any():
                continue
            triangles.append((a, b, c))
            del left[k]
            start = k - 1  # the next ear is most likely beside this one
            break
        else:  # rounding left no clean ear (a degenerate polygon): a fan closes the rest
            triangles += [(left[0], left[i], left[i + 1]) for i in range(1, len(left) - 1)]
            return triangles
    triangles.append(tuple(left))
    return triangles


def _inside_all(p, a, b, c):
    """Whether each of the points ``p`` (n, 2) lies in the triangle a, b, c (or on its sides)."""

    def side(u, v):
        return (v[0] - u[0]) * (p[:, 1] - u[1]) - (v[1] - u[1]) * (p[:, 0] - u[0]) >= 0.0

    return side(a, b) & side(b, c) & side(c, a)


def _cross(a, b, c):
    return float((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]))
