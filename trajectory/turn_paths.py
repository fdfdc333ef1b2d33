"""Paths of arcs and lines in the ground plane, for units with a turning radius (the seed's data
structure): one path as segments, many paths at once as arrays.

Angles are in radians, counter-clockwise from +x; headings come out in [-pi, pi).
"""

import dataclasses
import math

import numpy as np

from trajectory._checks import positive_finite, real_array, real_values
from trajectory.angles import wrapped


@dataclasses.dataclass(frozen=True)
class Arc:
    """Part of a circle: ``centre`` (x, y), ``radius``, the angle of the start point seen from the
    centre, and the signed ``sweep`` (positive: a left, counter-clockwise turn; its sign holds the
    direction even for a zero sweep, -0.0 being a right turn)."""

    centre: tuple
    radius: float
    start_angle: float
    sweep: float

    @property
    def length(self):
        return self.radius * abs(self.sweep)


@dataclasses.dataclass(frozen=True)
class Line:
    """A straight segment from ``start`` (x, y) in direction ``angle``."""

    start: tuple
    angle: float
    length: float


@dataclasses.dataclass(frozen=True)
class TurnPath:
    """At most four arcs and lines, end to end.

    Attributes:
        segments: The segments in order.
        word: Which kind of path: "LS"/"RS" (turn then go straight), "LR"/"RL" (turn one way, then
            the other), or a Dubins word such as "LSR".
        case: For a path to a point, where the point lay: "outside both turning circles",
            "inside the left turning circle" or "inside the right turning circle".
        start, end: The poses (x, y, heading) the path starts and ends at exactly, when known
            (the start pose given, a Dubins goal): ``pose`` returns them there, not the
            segments' rounding of them.
    """

    segments: tuple
    word: str
    case: str = ""
    start: tuple = None
    end: tuple = None

    @property
    def length(self):
        """The total length."""
        return float(sum(segment.length for segment in self.segments))

    def pose(self, distance):
        """(x, y, heading) at ``distance`` along the path: shape (3,) for a scalar, (n, 3) for (n,).

        Distances below 0 give the start pose, past the end the end pose.

        Raises:
            ValueError: If a distance is NaN or not a real number.
        """
        d = real_values(distance, "distance")
        if isinstance(d, float):
            return np.array(self._scalar_pose(d))
        length = self.length
        flat = np.clip(d.ravel(), 0.0, length)
        poses = np.empty((flat.size, 3))
        left = flat.copy()
        before = 0.0
        for number, segment in enumerate(self.segments):
            last = number == len(self.segments) - 1
            inside = (left >= before) & ((left < before + segment.length) | last)
            poses[inside] = _segment_pose(segment, left[inside] - before)
            left[inside] = -np.inf  # taken
            before += segment.length
        if self.start is not None:
            poses[flat <= 0.0] = self.start
        if self.end is not None:
            poses[flat >= length] = self.end
        return poses.reshape(d.shape + (3,))

    def pose_at_time(self, time, speed):
        """(x, y, heading) after ``time`` seconds at ``speed`` length units per second."""
        speed = positive_finite(speed, "speed")
        return self.pose(real_values(time, "time") * speed)

    def _scalar_pose(self, distance):
        """``pose`` of one distance in plain floats: the per-frame path."""
        length = self.length
        if distance <= 0.0 and self.start is not None:
            return self.start
        if distance >= length and self.end is not None:
            return self.end
        before = 0.0
        distance = min(max(distance, 0.0), length)
        for segment in self.segments[:-1]:
            if distance < before + segment.length:
                break
            before += segment.length
        else:
            segment = self.segments[-1]
        local = distance - before
        if isinstance(segment, Line):
            angle = segment.angle
            return (
                segment.start[0] + local * math.cos(angle),
                segment.start[1] + local * math.sin(angle),
                wrapped(angle),
            )
        turn = math.copysign(1.0, segment.sweep)
        theta = segment.start_angle + turn * local / segment.radius
        return (
            segment.centre[0] + segment.radius * math.cos(theta),
            segment.centre[1] + segment.radius * math.sin(theta),
            wrapped(theta + turn * math.pi / 2.0),
        )


def _segment_pose(segment, local):
    if isinstance(segment, Line):
        x = segment.start[0] + local * math.cos(segment.angle)
        y = segment.start[1] + local * math.sin(segment.angle)
        return np.stack([x, y, np.full_like(local, wrapped(segment.angle))], axis=-1)
    turn = math.copysign(1.0, segment.sweep)  # a zero sweep keeps its sign: -0.0 turns right
    theta = segment.start_angle + turn * local / segment.radius
    x = segment.centre[0] + segment.radius * np.cos(theta)
    y = segment.centre[1] + segment.radius * np.sin(theta)
    return np.stack([x, y, wrapped(theta + turn * math.pi / 2.0)], axis=-1)


def segment_end(segment):
    """The (x, y) where ``segment`` ends, in plain floats."""
    if isinstance(segment, Line):
        return (
            segment.start[0] + segment.length * math.cos(segment.angle),
            segment.start[1] + segment.length * math.sin(segment.angle),
        )
    angle = segment.start_angle + segment.sweep
    return (
        segment.centre[0] + segment.radius * math.cos(angle),
        segment.centre[1] + segment.radius * math.sin(angle),
    )


def path_from_turns(start, radius, turns, parts, word, case="", end=None):
    """A ``TurnPath`` from pose ``start``: per segment a turn (1 left, 0 straight, -1 right) and a
    length ``parts``; ``end`` is the pose it ends at exactly, when known."""
    x, y, heading = start
    segments = []
    for turn, part in zip(turns, parts):
        if turn == 0:
            segment = Line((x, y), heading, part)
        else:
            side = heading + turn * math.pi / 2.0
            centre = (x + radius * math.cos(side), y + radius * math.sin(side))
            segment = Arc(centre, radius, side + math.pi, math.copysign(part / radius, turn))
            heading += segment.sweep
        x, y = segment_end(segment)
        segments.append(segment)
    start = (float(start[0]), float(start[1]), wrapped(float(start[2])))
    end = None if end is None else (float(end[0]), float(end[1]), wrapped(float(end[2])))
    return TurnPath(tuple(segments), word, case, start, end)


@dataclasses.dataclass(frozen=True)
class TurnPaths:
    """Many paths at once, one per unit, as arrays: from each start pose, segments that turn left
    (1), go straight (0) or turn right (-1) for a length.

    Attributes:
        starts: Start poses (x, y, heading), shape (n, 3).
        radii: Turning radii, shape (n,).
        turns: Each segment's turn, shape (n, k).
        parts: Each segment's length, shape (n, k).
        words: Each path's word ("LS", "RLR", ...), shape (n,).
        cases: For paths to points, where each point lay (see ``TurnPath.case``), shape (n,).
        ends: The poses the paths end at exactly, when known (Dubins goals), shape (n, 3).
    """

    starts: np.ndarray
    radii: np.ndarray
    turns: np.ndarray
    parts: np.ndarray
    words: np.ndarray
    cases: np.ndarray = None
    ends: np.ndarray = None

    def __len__(self):
        return self.radii.size

    @property
    def lengths(self):
        """Each path's length, shape (n,)."""
        return self.parts.sum(axis=1)

    def pose(self, distances):
        """(x, y, heading) of each unit at its own distance along its path, shape (n, 3).

        Distances (one, or one per unit) are clamped to [0, length].

        Raises:
            ValueError: If a distance is NaN or not a real number.
        """
        lengths = self.lengths
        wanted = np.clip(np.broadcast_to(real_values(distances, "distances"), self.radii.shape), 0.0, lengths)
        left = wanted
        x, y, heading = (self.starts[:, k].copy() for k in range(3))
        for k in range(self.parts.shape[1]):
            step = np.minimum(left, self.parts[:, k])
            left = left - step
            x, y, heading = _advance(x, y, heading, self.turns[:, k], step, self.radii)
        poses = np.stack([x, y, wrapped(heading)], axis=1)
        if self.ends is not None:
            at_end = wanted >= lengths
            poses[at_end] = self.ends[at_end]
        return poses

    def pose_at_time(self, times, speeds):
        """(x, y, heading) of each unit after its time (s) at its speed (units/s), shape (n, 3)."""
        speeds = np.asarray(speeds, dtype=float)
        if not np.all(np.isfinite(speeds) & (speeds > 0.0)):
            raise ValueError("speed must be a positive finite number for every unit")
        return self.pose(np.asarray(times, dtype=float) * speeds)

    def path(self, index):
        """Unit ``index``'s path as a ``TurnPath`` of arcs and lines."""
        case = "" if self.cases is None else str(self.cases[index])
        return path_from_turns(
            self.starts[index].tolist(),
            float(self.radii[index]),
            self.turns[index].tolist(),
            self.parts[index].tolist(),
            str(self.words[index]),
            case,
            None if self.ends is None else self.ends[index].tolist(),
        )


def _advance(x, y, heading, turn, step, radius):
    """Poses after moving ``step`` along a segment that turns ``turn`` (1 left, 0 straight, -1 right)."""
    straight = turn == 0.0
    safe_turn = np.where(straight, 1.0, turn)
    delta = safe_turn * step / radius
    chord_x = np.where(
        straight, step * np.cos(heading), radius / safe_turn * (np.sin(heading + delta) - np.sin(heading))
    )
    chord_y = np.where(
        straight, step * np.sin(heading), radius / safe_turn * (np.cos(heading) - np.cos(heading + delta))
    )
    return x + chord_x, y + chord_y, np.where(straight, heading, heading + delta)


def point(value, name):
    """``value`` as two finite floats (x, y), or a ValueError naming ``name``."""
    x, y = _finite_row(value, name, "two finite numbers (x, y)", 2)
    return x, y


def angle(value, name):
    """``value`` as a finite float reduced to [-pi, pi), or a ValueError naming ``name``."""
    if type(value) is float and math.isfinite(value):  # the common case, first
        return wrapped(value)
    (number,) = _finite_row([value], name, "a finite angle in radians", 1)
    return wrapped(number)


def pose(value, name):
    """``value`` as three finite floats (x, y, heading as given), or a ValueError naming ``name``."""
    return _finite_row(value, name, "three finite numbers (x, y, heading)", 3)


_FLOAT = {float}


def _finite_row(value, name, what, size):
    """``value`` as a list of ``size`` finite floats: a tuple or list of Python floats on a fast
    path, anything else through numpy (so that text, None and complex numbers are refused alike)."""
    plain = type(value) in (tuple, list) and len(value) == size and set(map(type, value)) == _FLOAT
    if plain and math.isfinite(sum(value)):  # a NaN or an infinity (or a sum that overflows): the long way
        return list(value)
    array = real_array(value, name, what)
    if array.shape != (size,) or not np.all(np.isfinite(array)):
        raise ValueError(f"{name} must be {what}, got {value!r}")
    return array.tolist()


def rows(value, name, columns):
    """``value`` as a finite float array shaped (n, columns), or a ValueError naming ``name``."""
    array = real_array(value, name, f"numbers shaped (n, {columns})")
    if array.ndim != 2 or array.shape[1] != columns or not np.all(np.isfinite(array)):
        raise ValueError(f"{name} must be finite numbers shaped (n, {columns}), got shape {array.shape}")
    return array


def radii_for(radius, count):
    """One radius or one per unit as an array shaped (count,), or a ValueError."""
    try:
        radii = np.broadcast_to(real_array(radius, "radius", "positive numbers"), (count,)).copy()
    except ValueError:
        raise ValueError(f"radius must be one number or one per unit ({count}), got {radius!r}") from None
    if not np.all(np.isfinite(radii) & (radii > 0.0)):
        raise ValueError("radius must be a positive finite number for every unit")
    return radii
