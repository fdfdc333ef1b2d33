"""Paths in the ground plane as one table of arcs, lines and clothoids (the pose along one
segment and a turning circle's centre: ``segment_poses``; the views of its rows:
``segment_views``).

A segment starts at a point with a heading and turns left (``LEFT`` = 1), not at all (``STRAIGHT`` = 0)
or right (``RIGHT`` = -1) on a circle of its radius, for its length, driven forwards (gear
``FORWARD`` = 1) or in reverse (``REVERSE`` = -1: the unit backs along it, facing its heading, and a
left turn then swings its heading clockwise); a clothoid's curvature starts at turn / radius
and changes by its row's sharpness per unit of distance.

Angles are in radians, counter-clockwise from +x; headings come out in [-pi, pi).

>>> table = SegmentTable.chain((0.0, 0.0, 0.0), [LEFT, STRAIGHT], [math.pi / 2, 2.0], radius=1.0)
>>> table.pose(table.length).round(12).tolist()  # a quarter turn left, then 2 straight up
[1.0, 3.0, 1.570796326795]
"""

import bisect
import functools
import math

import numpy as np

from trajectory._numerics.angles import wrapped
from trajectory._numerics.checks import real_values
from trajectory.plane.segment_poses import advance, circle_centre
from trajectory.plane.segment_views import Arc, Clothoid, Line

LEFT, STRAIGHT, RIGHT = 1, 0, -1
"""How a segment turns: counter-clockwise, not at all, clockwise."""
FORWARD, REVERSE = 1, -1
"""How a segment is driven: the unit moving the way it faces, or backing."""


class SegmentTable:
    """Segments end to end, one row each.

    Args:
        turns: ``LEFT``, ``STRAIGHT`` or ``RIGHT`` per segment, shape (m,).
        starts: Where each segment starts, (m, 2).
        headings: The heading at each start, (m,).
        radii: Each segment's turning radius (positive; a line's is not used), (m,).
        lengths: Each segment's length (>= 0), (m,).
        directions: The unit vectors of the headings where they are known exactly (see
            ``advance``), (m, 2); by default from the headings.
        gears: ``FORWARD`` or ``REVERSE`` per segment, (m,); all forwards by default.
        end: Where the path ends, (2,), when known exactly (a last waypoint); ``pose`` returns it
            at the end.
        sharpness: How fast each segment's curvature changes per unit of distance (a clothoid's;
            0 for arcs and lines), (m,); a clothoid's curvature at its start is turn / radius
            (turn 0: it starts straight). All 0 by default.

    Attributes:
        begins: The distance along the path where each segment begins, (m,).
        length: The whole length.
    """

    def __repr__(self):
        return f"SegmentTable({len(self.lengths)} segments, length {float(self.lengths.sum()):.6g})"

    def __init__(
        self, turns, starts, headings, radii, lengths, directions=None, end=None, gears=None, sharpness=None
    ):
        self.turns = np.asarray(turns, dtype=float).reshape(-1)
        self.starts = np.asarray(starts, dtype=float).reshape(-1, 2)
        self.headings = wrapped(np.asarray(headings, dtype=float).reshape(-1))
        self.radii = np.asarray(radii, dtype=float).reshape(-1)
        self.lengths = np.asarray(lengths, dtype=float).reshape(-1)
        if directions is None:
            directions = np.column_stack([np.cos(self.headings), np.sin(self.headings)])
        self.directions = np.asarray(directions, dtype=float).reshape(-1, 2)
        self.end = None if end is None else np.asarray(end, dtype=float).reshape(2)
        count = self.turns.size
        self.gears = np.ones(count) if gears is None else np.asarray(gears, dtype=float).reshape(-1)
        self.sharpness = (
            np.zeros(count) if sharpness is None else np.asarray(sharpness, dtype=float).reshape(-1)
        )
        columns = (
            self.starts,
            self.headings,
            self.radii,
            self.lengths,
            self.directions,
            self.gears,
            self.sharpness,
        )
        if count == 0 or any(a.shape[0] != count for a in columns):
            raise ValueError("a segment table needs at least one segment, and one of each column per segment")
        ends = np.cumsum(self.lengths)
        self.begins = ends - self.lengths
        self.length = float(ends[-1])

    @classmethod
    def chain(cls, start, turns, lengths, radius, gears=None, sharpness=None):
        """Segments driven one after the other from pose ``start`` (x, y, heading): each turns as
        ``turns`` says for its length in ``lengths``, on circles of ``radius`` (one, or one per
        segment), in its gear (``gears``, all forwards by default), its curvature changing by its
        ``sharpness`` (clothoids; None: arcs and lines only). Built from plain floats: a plan of a
        few segments is made in a few microseconds."""
        x, y, heading = (float(v) for v in start)
        turns, lengths = [float(t) for t in turns], [float(d) for d in lengths]
        count = len(turns)
        radii = [float(radius)] * count if np.ndim(radius) == 0 else [float(r) for r in radius]
        gears = [1.0] * count if gears is None else [float(g) for g in gears]
        changes = [0.0] * count if sharpness is None else [float(c) for c in sharpness]
        starts, headings, directions, begins, before = [], [], [], [], 0.0
        for turn, length, gear, radius_k, change in zip(turns, lengths, gears, radii, changes):
            heading = wrapped(heading)
            starts.append((x, y))
            headings.append(heading)
            directions.append((math.cos(heading), math.sin(heading)))
            begins.append(before)
            before += length
            x, y, heading = advance(x, y, heading, turn, gear * length, radius_k, None, change)
        table = object.__new__(cls)
        table.gears, table.sharpness = np.array(gears), np.array(changes)
        table.turns, table.starts, table.headings = np.array(turns), np.array(starts), np.array(headings)
        table.radii, table.lengths = np.array(radii), np.array(lengths)
        table.directions, table.end = np.array(directions), None
        table.begins, table.length = np.array(begins), before
        return table

    @property
    def count(self):
        """The number of segments."""
        return self.turns.size

    def pose(self, distance):
        """(x, y, heading) at ``distance`` along the path: shape (3,) for a scalar, shape + (3,)
        for an array; clamped to [0, length], exactly the first start at 0.

        Raises:
            ValueError: If a distance is NaN or not a real number.
        """
        distance = real_values(distance, "distance")
        if isinstance(distance, float):
            return np.array(self.scalar_pose(distance))
        shape, distance = distance.shape, distance.ravel()
        rows, local = self.locate(distance)
        poses = np.empty((distance.size, 3))
        if self.has_arcs:
            x, y, heading = self._advance(rows, local)
            poses[:, 0], poses[:, 1], poses[:, 2] = x, y, wrapped(heading)
        else:  # lines only (a waypoint path): no turn to take into account
            poses[:, :2] = self.starts[rows] + (self.gears[rows] * local)[:, None] * self.directions[rows]
            poses[:, 2] = self.headings[rows]
        if self.end is not None:
            poses[distance >= self.length, :2] = self.end
        return poses.reshape(shape + (3,))

    def curvature(self, distance):
        """The curvature (1 / length; positive: steering left) at ``distance`` along the path: a
        float for a float, an array shaped like an array (clamped to [0, length]).

        Raises:
            ValueError: If a distance is NaN or not a real number.
        """
        distance = real_values(distance, "distance")
        rows, local = self.locate(np.atleast_1d(distance))
        curvature = self.turns[rows] / self.radii[rows] + self.sharpness[rows] * self.gears[rows] * local
        return float(curvature[0]) if isinstance(distance, float) else curvature.reshape(np.shape(distance))

    def scalar_pose(self, distance):
        """``pose`` of one Python float, as a tuple of floats: the per-frame path."""
        begins, starts, headings, turns, radii, directions, end, gears, sharpness = self._python
        distance = min(max(distance, 0.0), self.length)
        k = max(bisect.bisect_right(begins, distance) - 1, 0)
        x, y, heading = advance(
            starts[k][0],
            starts[k][1],
            headings[k],
            turns[k],
            gears[k] * (distance - begins[k]),
            radii[k],
            directions[k],
            sharpness[k],
        )
        if end is not None and distance >= self.length:
            x, y = end
        return x, y, wrapped(heading)

    def _advance(self, rows, local):
        """``advance`` along the segments ``rows`` (an array) by ``local``."""
        return advance(
            self.starts[rows, 0],
            self.starts[rows, 1],
            self.headings[rows],
            self.turns[rows],
            self.gears[rows] * local,
            self.radii[rows],
            (self.directions[rows, 0], self.directions[rows, 1]),
            self.sharpness[rows],
        )

    def locate(self, distance):
        """The row of each distance (an array, clamped to the path) and the distance into it."""
        distance = np.clip(distance, 0.0, self.length)
        rows = np.clip(np.searchsorted(self.begins, distance, side="right") - 1, 0, self.count - 1)
        return rows, distance - self.begins[rows]

    def ends(self):
        """Where each segment ends: (x, y, heading) per row, (m, 3) (the next row's start, to
        rounding)."""
        x, y, heading = self._advance(np.arange(self.count), self.lengths)
        ends = np.stack([x, y, wrapped(heading)], axis=-1)
        if self.end is not None:
            ends[-1, :2] = self.end
        return ends

    def centres(self):
        """The centre of each arc's circle, (m, 2) (NaN for lines and clothoids)."""
        x, y = circle_centre(self.starts[:, 0], self.starts[:, 1], self.headings, self.turns, self.radii)
        return np.where(
            ((self.turns != 0.0) & (self.sharpness == 0.0))[:, None], np.column_stack([x, y]), np.nan
        )

    @functools.cached_property
    def has_arcs(self):
        """Whether any segment turns (an arc or a clothoid)."""
        return bool(np.any(self.turns != STRAIGHT) or np.any(self.sharpness))

    @functools.cached_property
    def complex_starts(self):
        """The segments' starts as complex numbers x + iy, (m,)."""
        return self.starts[:, 0] + 1j * self.starts[:, 1]

    @functools.cached_property
    def complex_directions(self):
        """The unit vectors of the headings as complex numbers, (m,)."""
        return self.directions[:, 0] + 1j * self.directions[:, 1]

    def offset(self, lateral):
        """The same segments shifted ``lateral`` to the left (right when negative): starts move
        sideways, arcs stay concentric (their radii change, and with them their lengths).

        Raises:
            ValueError: If an arc on the inner side would vanish (radius <= |lateral|), or the
                path has clothoids (a clothoid's offset is not a clothoid).
        """
        if np.any(self.sharpness):
            raise ValueError("a path with clothoids cannot be offset into segments of the same kinds")
        radii = self.radii - self.turns * lateral
        arcs = self.turns != 0.0
        if np.any(arcs & (radii <= 0.0)):
            raise ValueError(f"offset {lateral:g} is larger than the turning radius on the inner side")
        normals = np.column_stack([-self.directions[:, 1], self.directions[:, 0]])
        lengths = np.where(arcs, self.lengths * np.where(arcs, radii, 1.0) / self.radii, self.lengths)
        end = None
        if self.end is not None:
            last = self.ends()[-1, 2]
            end = self.end + lateral * np.array([-math.sin(last), math.cos(last)])
        return SegmentTable(
            self.turns,
            self.starts + lateral * normals,
            self.headings,
            np.where(arcs, radii, self.radii),
            lengths,
            self.directions,
            end,
            self.gears,
        )

    def views(self):
        """The segments as ``Arc``, ``Clothoid`` and ``Line`` objects (for reading and drawing):
        the ground they cover, in the direction they are driven (a line backed along points behind
        the unit)."""
        parts = []
        centres = self.centres()
        for k in range(self.count):
            turn, heading, radius = float(self.turns[k]), float(self.headings[k]), float(self.radii[k])
            gear = float(self.gears[k])
            if self.sharpness[k] != 0.0:
                start = tuple(self.starts[k].tolist())
                parts.append(
                    Clothoid(
                        start, heading, turn / radius, float(self.sharpness[k]), float(self.lengths[k]), gear
                    )
                )
            elif turn == 0.0:
                angle = heading if gear > 0 else wrapped(heading + math.pi)
                parts.append(Line(tuple(self.starts[k].tolist()), angle, float(self.lengths[k])))
            else:
                start_angle = heading - turn * math.pi / 2.0
                sweep = math.copysign(float(self.lengths[k]) / radius, turn * gear)
                parts.append(Arc(tuple(centres[k].tolist()), radius, start_angle, sweep))
        return tuple(parts)

    @functools.cached_property
    def _python(self):
        """The columns as Python lists, for the scalar path."""
        return (
            self.begins.tolist(),
            self.starts.tolist(),
            self.headings.tolist(),
            self.turns.tolist(),
            self.radii.tolist(),
            self.directions.tolist(),
            None if self.end is None else self.end.tolist(),
            self.gears.tolist(),
            self.sharpness.tolist(),
        )
