"""Rotations as matrices and unit quaternions (w, x, y, z), and the frame arithmetic the
orientation modes share: vectors components first, (3, n), and the double reflection that carries
an up axis along a curve.

>>> quaternions(np.eye(3)).tolist()
[1.0, 0.0, 0.0, 0.0]
"""

import math

import numpy as np

from trajectory._numerics.vectors import dot, length

SHORT_CHORD = 1e-8
"""A step's chord shorter than this fraction of its points' distance from the origin, or of 1
(the size ``transport`` scales a curve to, whose points round as its coordinates do), has lost
its direction to rounding: the sum of the tangents stands for it."""
_TINY = 2.0 / np.finfo(float).max
"""Below this, 2 / a square overflows: a vector that short (1e-154 for a unit one) is rounding,
and reflects nothing."""


def quaternions(matrices):
    """Unit quaternions (w, x, y, z) with w >= 0 of rotation ``matrices``: ``(4,)`` for
    ``(3, 3)``, ``(n, 4)`` for ``(n, 3, 3)``."""
    m = np.asarray(matrices, dtype=float)
    q = quaternions_of_columns(*np.moveaxis(m.reshape(-1, 3, 3), 0, -1).transpose(1, 0, 2))
    return q[0] if m.ndim == 2 else q


def quaternions_of_columns(right, forward, up):
    """``quaternions`` of the frames whose columns are ``right``, ``forward``, ``up`` (each
    (3, n)): ``(n, 4)``. Shepperd's method: each is computed from a component at least 1/4 (w
    where the rotation is under about 140 degrees, else the largest of x, y, z), so none loses
    digits."""
    (m00, m10, m20), (m01, m11, m21), (m02, m12, m22) = right, forward, up
    trace = m00 + m11 + m22
    q = np.empty((4, trace.size))
    q[0], q[1], q[2], q[3] = 1.0 + trace, m21 - m12, m02 - m20, m10 - m01
    other = np.flatnonzero(trace < -0.5)  # there w < 1/(2 sqrt 2)
    if other.size:
        axis = np.stack([m00.take(other), m11.take(other), m22.take(other)]).argmax(axis=0)
        rows = [np.take(c, other) for c in (m00, m01, m02, m10, m11, m12, m20, m21, m22)]
        a00, a01, a02, a10, a11, a12, a20, a21, a22 = rows
        t = trace[other]
        choices = np.array(
            [
                [a21 - a12, 1.0 + 2.0 * a00 - t, a01 + a10, a02 + a20],
                [a02 - a20, a01 + a10, 1.0 + 2.0 * a11 - t, a12 + a21],
                [a10 - a01, a02 + a20, a12 + a21, 1.0 + 2.0 * a22 - t],
            ]
        )  # (3 axes, 4, k)
        q[:, other] = choices[axis, :, np.arange(other.size)].T
    q /= np.sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3])
    q *= np.where(q[0] < 0.0, -1.0, 1.0)
    return q.T


def quaternion_scalar(right, forward, up):
    """``quaternions`` for one frame given as its three columns of 3 floats: (w, x, y, z)."""
    (m00, m10, m20), (m01, m11, m21), (m02, m12, m22) = right, forward, up
    trace = m00 + m11 + m22
    if trace >= m00 and trace >= m11 and trace >= m22:
        w, x, y, z = 1.0 + trace, m21 - m12, m02 - m20, m10 - m01
    elif m00 >= m11 and m00 >= m22:
        w, x, y, z = m21 - m12, 1.0 + 2.0 * m00 - trace, m01 + m10, m02 + m20
    elif m11 >= m22:
        w, x, y, z = m02 - m20, m01 + m10, 1.0 + 2.0 * m11 - trace, m12 + m21
    else:
        w, x, y, z = m10 - m01, m02 + m20, m12 + m21, 1.0 + 2.0 * m22 - trace
    scale = math.copysign(1.0 / math.sqrt(w * w + x * x + y * y + z * z), w)
    return w * scale, x * scale, y * scale, z * scale


def reference_ups(tangents):
    """For unit ``tangents`` (3, n), a unit vector normal to each (3, n): world +Z made normal to
    it, or world +X where the tangent is within about 25 degrees of vertical. Not continuous: a
    reference to measure twists against."""
    steep = np.abs(tangents[2]) >= 0.9
    axis = np.zeros_like(tangents)
    axis[0], axis[2] = steep, ~steep
    up = axis - dot(axis, tangents) * tangents
    return up / length(up)


def up_towards_z(tangent, up, right):
    """The angle a of the up axis cos(a) ``up`` + sin(a) ``right`` (normal to ``tangent``) nearest
    world +Z; 0 if the tangent is vertical (every such axis is as near)."""
    if math.hypot(tangent[0], tangent[1]) <= 1e-9:
        return 0.0
    return math.atan2(right[2], up[2])


def reflected_scalar(point, tangent, up, next_point, next_tangent):
    """``reflected`` for one step, on 3 floats each: the per-frame path."""
    (px, py, pz), (tx, ty, tz), (ux, uy, uz) = point, tangent, up
    (qx, qy, qz), (nx, ny, nz) = next_point, next_tangent
    cx, cy, cz = qx - px, qy - py, qz - pz
    c1 = cx * cx + cy * cy + cz * cz
    if c1 <= SHORT_CHORD**2 * (px * px + py * py + pz * pz + qx * qx + qy * qy + qz * qz + 1.0):
        cx, cy, cz = tx + nx, ty + ny, tz + nz
        c1 = cx * cx + cy * cy + cz * cz
    if c1 > _TINY:
        along_up = 2.0 * (cx * ux + cy * uy + cz * uz) / c1
        along_tangent = 2.0 * (cx * tx + cy * ty + cz * tz) / c1
        ux, uy, uz = ux - along_up * cx, uy - along_up * cy, uz - along_up * cz
        tx, ty, tz = tx - along_tangent * cx, ty - along_tangent * cy, tz - along_tangent * cz
    mx, my, mz = nx - tx, ny - ty, nz - tz
    c2 = mx * mx + my * my + mz * mz
    if c2 > _TINY:
        along = 2.0 * (mx * ux + my * uy + mz * uz) / c2
        ux, uy, uz = ux - along * mx, uy - along * my, uz - along * mz
    return [ux, uy, uz]


def reflected(points, tangents, ups, next_points, next_tangents):
    """The up axes (3, n) carried from ``points`` with unit ``tangents`` to ``next_points`` with
    ``next_tangents`` (all (3, n)) by double reflection: in the plane halfway between the points,
    then in the one that takes the reflected tangent to the next. Exact on circular arcs, and
    4th order. A chord too short for its direction to survive rounding (under ``SHORT_CHORD``
    of the points' size, or of 1: the points are a curve scaled to about 1 across) is taken
    along the sum of the tangents, which it equals to 2nd order."""
    chord = next_points - points
    c1 = dot(chord, chord)
    short = c1 <= SHORT_CHORD**2 * (dot(points, points) + dot(next_points, next_points) + 1.0)
    if short.any():
        chord[:, short] = tangents[:, short] + next_tangents[:, short]
        c1[short] = dot(chord[:, short], chord[:, short])
    k1 = _twice_inverse(c1)
    up = ups - (k1 * dot(chord, ups)) * chord
    chord *= k1 * dot(chord, tangents)
    mirror = next_tangents - tangents
    mirror += chord
    up -= (_twice_inverse(dot(mirror, mirror)) * dot(mirror, up)) * mirror
    return up


def _twice_inverse(squares):
    """2 / ``squares``, 0 where a square is 0 or under ``_TINY`` (a reflection in no plane
    leaves a vector alone)."""
    return np.divide(2.0, squares, out=np.zeros_like(squares), where=squares > _TINY)
