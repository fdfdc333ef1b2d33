"""Shots that lead: where a projectile of finite speed, fired now from a tower, meets a target
that keeps moving. On a known path (a ``WaypointPath`` walked at a steady speed) the meeting is
solved along the path itself: on a line exactly (a quadratic), on an arc by bracketing the first
root; a target whose way is only predicted (a velocity, as a flow field gives) is led in a
straight line.

>>> from trajectory import WaypointPath
>>> path = WaypointPath([(0, 0), (10, 0)])
>>> t, point = lead_on_path(path, 0.0, 1.0, (5.0, 5.0), 2.0)
>>> round(t, 9), point.round(9).tolist()  # the shot flies 2 t, the target is at t
(2.742918852, [2.742918852, 0.0])
"""

import math

import numpy as np

from trajectory._numerics.checks import finite_number, positive_finite, real_array
from trajectory.plane.segments import STRAIGHT

_ARC_PIECES = 64
"""An arc's stretch of time is searched for the first meeting in this many pieces."""
_BISECTIONS = 80


def lead(position, velocity, shooter, projectile_speed):
    """When and where a shot from ``shooter`` (2,) at ``projectile_speed`` meets a target at
    ``position`` (2,) moving at ``velocity`` (2,) in a straight line: ``(t, point)``, the first
    meeting, or None if the shot can never catch it.

    Raises:
        ValueError: On points that are not finite (2,) numbers, or a speed that is not positive.
    """
    position, velocity = _point(position, "position"), _point(velocity, "velocity")
    shooter = _point(shooter, "shooter")
    speed = positive_finite(projectile_speed, "projectile_speed")
    t = _first_meeting(position - shooter, velocity, speed, 0.0, math.inf)
    return None if t is None else (t, position + velocity * t)


def lead_on_path(path, distance, speed, shooter, projectile_speed):
    """When and where a shot from ``shooter`` (2,) at ``projectile_speed`` meets a target
    ``distance`` along ``path`` (a ``WaypointPath``) walking on at ``speed``: ``(t, point)``, the
    first meeting (it stops at the path's end, so a shot always meets it in the end).

    Raises:
        ValueError: On a distance or speed that is not a finite number (the speed >= 0), a
            shooter that is not a finite (2,) point, or a projectile speed that is not positive.
    """
    distance = finite_number(distance, "distance must be a finite number")
    speed = finite_number(speed, "speed must be a finite number")
    if speed < 0.0:
        raise ValueError(f"speed must be at least 0, got {speed!r}")
    shooter = _point(shooter, "shooter")
    shot = positive_finite(projectile_speed, "projectile_speed")
    if speed <= 1e-12 * shot:  # still, to 1e-12 of where the shot meets it
        speed = 0.0
    table = path.table
    distance = min(max(distance, 0.0), table.length)
    first = int(np.searchsorted(table.begins, distance, side="right")) - 1
    for index in range(max(first, 0), table.count):
        begin = max(table.begins[index], distance)
        end = table.begins[index] + table.lengths[index]
        if speed == 0.0:
            break
        if end <= begin:
            continue
        window = ((begin - distance) / speed, (end - distance) / speed)
        if table.turns[index] == STRAIGHT:
            moving = table.directions[index] * speed
            offset = path.point_at(begin) - shooter - moving * window[0]
            t = _first_meeting(offset, moving, shot, *window)
        else:
            t = _first_on_arc(path, distance, speed, shooter, shot, window)
        if t is not None:
            return t, path.point_at(distance + speed * t)
    # Not met on the way: standing at the end (or still), it is met when the shot gets there.
    stop = path.point_at(distance if speed == 0.0 else table.length)
    return float(np.hypot(*(stop - shooter))) / shot, stop


def _point(value, name):
    array = real_array(value, name, "a finite (x, y) point")
    if array.shape != (2,) or not np.all(np.isfinite(array)):
        raise ValueError(f"{name} must be a finite (x, y) point, got {value!r}")
    return array


def _first_meeting(offset, velocity, shot, start, stop):
    """The least t in [start, stop] with |offset + velocity t| = shot t (a quadratic in t), or
    None: where a shot fired at time 0 from the origin meets a target there then."""
    a = float(velocity @ velocity) - shot * shot
    b = 2.0 * float(offset @ velocity)
    c = float(offset @ offset)
    if abs(a) <= 1e-12 * shot * shot:  # as fast as the shot: the quadratic is a line
        roots = [-c / b] if b else [start] if c == 0.0 else []  # c = b = 0: met all along
    else:
        disc = b * b - 4.0 * a * c
        if disc < 0.0:
            return None
        root = math.sqrt(disc)
        q = -0.5 * (b + math.copysign(root, b))  # the stable pair of roots
        roots = [q / a, c / q] if q else [0.0]
    good = sorted(
        t
        for t in roots
        if math.isfinite(t) and start - 1e-12 * max(1.0, abs(start)) <= t <= stop and t >= 0.0
    )
    return max(good[0], start) if good else None


def _first_on_arc(path, distance, speed, shooter, shot, window):
    """The first t in ``window`` at which the shot meets the target on an arc of the path: the
    first piece where |P(t) - shooter| - shot t changes sign, then bisection."""

    def gap(t):
        return float(np.hypot(*(path.point_at(distance + speed * t) - shooter))) - shot * t

    times = np.linspace(window[0], window[1], _ARC_PIECES + 1)
    gaps = [gap(t) for t in times.tolist()]
    for k in range(_ARC_PIECES):
        if gaps[k] == 0.0:
            return float(times[k])
        if gaps[k] > 0.0 >= gaps[k + 1]:
            low, high = float(times[k]), float(times[k + 1])
            for _ in range(_BISECTIONS):
                middle = (low + high) / 2.0
                if middle in (low, high):
                    break
                low, high = (middle, high) if gap(middle) > 0.0 else (low, middle)
            return high
    return None
