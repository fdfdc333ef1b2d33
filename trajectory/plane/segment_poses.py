"""The pose along one segment of a path in the ground plane, an arc, a line or a clothoid, and the
centre of a turning circle: the one place where these are computed (``segments`` has the whole
table).

After a distance d along an arc or a line the unit has moved along the chord from its start,
2 r sin(d / 2r) long (d on a line), in the direction half-way through the turn: one formula for
arcs and lines, exact where it starts, and with no difference of nearly equal numbers for a short
arc. A clothoid is placed from its point of zero curvature (``clothoids``)."""

import cmath
import math

import numpy as np

from trajectory.plane.clothoids import clothoid_offset


def advance(x, y, heading, turn, distance, radius, direction=None, sharpness=None):
    """The pose (x, y, heading) after ``distance`` along a segment that starts at (x, y) facing
    ``heading`` with curvature ``turn / radius`` (a line: turn 0; its radius is not used but must
    not be 0), changing by ``sharpness`` per unit of distance (a clothoid; 0 or None for arcs and
    lines); floats or arrays alike.

    ``direction`` is the unit vector (cos heading, sin heading) where it is known exactly (a line
    between waypoints: its step over its length): an axis-aligned line then stays on its axis."""
    if sharpness is not None and (sharpness != 0.0 if type(sharpness) is float else np.any(sharpness)):
        return _along_clothoids(x, y, heading, turn, distance, radius, direction, sharpness)
    half = turn * distance / (2.0 * radius)
    maths = math if isinstance(half, float) else np
    if direction is None:
        direction = (maths.cos(heading), maths.sin(heading))
    ux, uy = direction
    if maths is math:
        if turn == 0:
            return x + distance * ux, y + distance * uy, heading
        chord = 2.0 * radius * math.sin(distance / (2.0 * radius))
    else:
        chord = np.where(turn == 0, distance, 2.0 * radius * np.sin(distance / (2.0 * radius)))
    cos_half, sin_half = maths.cos(half), maths.sin(half)  # the chord points half-way through the turn
    return (
        x + chord * (ux * cos_half - uy * sin_half),
        y + chord * (uy * cos_half + ux * sin_half),
        heading + 2.0 * half,
    )


def _along_clothoids(x, y, heading, turn, distance, radius, direction, sharpness):
    """``advance`` where some segments are clothoids: each is measured from its point of zero
    curvature (``clothoid_offset``), a distance -curvature / sharpness from its start (at one of
    its ends on a turn's clothoids, so that nothing cancels)."""
    if type(sharpness) is float:
        curvature = turn / radius
        zero = -curvature / sharpness
        facing = cmath.exp(1j * (heading + curvature * zero / 2.0))
        point = complex(x, y) + facing * (
            clothoid_offset(zero, sharpness) + clothoid_offset(distance - zero, sharpness)
        )
        return point.real, point.imag, heading + distance * (curvature + sharpness * distance / 2.0)
    columns = np.broadcast_arrays(x, y, heading, turn, distance, radius, sharpness)
    x, y, after = (np.array(v, dtype=float) for v in advance(*columns[:6], direction))
    rows = columns[6] != 0.0
    x0, y0, heading, turn, distance, radius, sharpness = (column[rows] for column in columns)
    curvature = turn / radius
    zero = -curvature / sharpness
    facing = np.exp(1j * (heading + curvature * zero / 2.0))
    point = (
        x0
        + 1j * y0
        + facing * (clothoid_offset(zero, sharpness) + clothoid_offset(distance - zero, sharpness))
    )
    x[rows], y[rows] = point.real, point.imag
    after[rows] = heading + distance * (curvature + sharpness * distance / 2.0)
    return x, y, after


def circle_centre(x, y, heading, turn, radius):
    """The centre of the circle a unit at (x, y) facing ``heading`` turns on, turning ``turn``
    (``LEFT`` or ``RIGHT``) with ``radius``: floats or arrays alike."""
    if isinstance(heading, float):
        return x - turn * radius * math.sin(heading), y + turn * radius * math.cos(heading)
    return x - turn * radius * np.sin(heading), y + turn * radius * np.cos(heading)
