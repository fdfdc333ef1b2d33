"""Waypoint paths in the ground plane: straight lines from point to point, optionally with the
corners rounded by arcs of a turning radius, and the same path shifted sideways (a lane).

A path is a ``SegmentTable`` read by distance along it: ``point_at`` and ``heading_at`` take one
distance or an array of them and are exact (a line or an arc is evaluated, nothing is sampled).

>>> path = WaypointPath([(0, 0), (3, 0), (3, 4)])
>>> path.length
7.0
>>> path.point_at(5.0).tolist()
[3.0, 2.0]
>>> round(path.rounded(1.0).length, 6)  # a quarter circle of radius 1 instead of the corner
6.570796
"""

import math

import numpy as np

from trajectory._numerics.angles import wrapped
from trajectory._numerics.checks import finite_number, positive_finite, real_array, real_values
from trajectory.plane.segments import STRAIGHT, SegmentTable

_STRAIGHT_ON = 1e-12
"""Corners turning less than this (radians) are straight on: no arc."""

SEED_PATH_CELLS = ((0, 1), (16, 1), (16, 4), (6, 4), (6, 7), (16, 7), (16, 10), (19, 10))
"""The seed's path on its 20 x 12 board (``ObstacleMap()``'s cells). The seed gives [[0, 1],
[COLS - 4, 1], [COLS - 4, 4], [6, 4], [6, 7], ...] and leaves the rest out; it is completed here
in the same zigzag, ending at the right edge."""


class WaypointPath:
    """A path through ``points`` (shape (n, 2), n >= 2) joined by straight lines.

    Consecutive duplicate points are dropped. ``rounded`` and ``offset`` give new paths.

    Attributes:
        waypoints: The points, (n, 2) (of the lines the path was made from, for a rounded path).
        table: The segments (lines, and arcs once rounded), a ``SegmentTable``.

    Raises:
        ValueError: For points that are not finite (n, 2) numbers, or fewer than two distinct ones.
    """

    def __repr__(self):
        return f"WaypointPath({len(self.waypoints)} waypoints, length {self.length:.6g})"

    def __init__(self, points):
        points = real_array(points, "points", "numbers shaped (n, 2)").copy()
        if points.size == 0:
            raise ValueError("a path needs at least two points, got none")
        if points.ndim != 2 or points.shape[1] != 2:
            raise ValueError(f"points must be shaped (n, 2), got shape {points.shape}")
        if not np.all(np.isfinite(points)):
            raise ValueError("points must be finite")
        keep = np.concatenate([[True], np.any(np.diff(points, axis=0) != 0.0, axis=1)])
        points = points[keep]
        if len(points) < 2:
            raise ValueError("a path needs at least two distinct points")
        steps = np.diff(points, axis=0)
        lengths = np.hypot(steps[:, 0], steps[:, 1])
        self.waypoints = points
        self.table = SegmentTable(
            turns=np.zeros(len(steps)),
            starts=points[:-1],
            headings=np.arctan2(steps[:, 1], steps[:, 0]),
            radii=np.ones(len(steps)),
            lengths=lengths,
            directions=steps / lengths[:, None],  # exact for a line along an axis
            end=points[-1],
        )

    @classmethod
    def _of(cls, waypoints, table):
        path = object.__new__(cls)
        path.waypoints, path.table = waypoints, table
        return path

    @property
    def length(self):
        """The total length."""
        return self.table.length

    @property
    def segment_count(self):
        return self.table.count

    @property
    def segments(self):
        """The path as ``Line`` and ``Arc`` segments (views of its table)."""
        return self.table.views()

    @property
    def is_rounded(self):
        """Whether the path has arcs."""
        return bool(np.any(self.table.turns != STRAIGHT))

    def point_at(self, distance):
        """(x, y) at ``distance`` along the path: shape (2,) for one, (n, 2) for (n,); clamped to
        [0, length]."""
        return self.pose_at(distance)[0]

    def heading_at(self, distance):
        """The direction of travel (radians in [-pi, pi), counter-clockwise from +x) at ``distance``."""
        return self.pose_at(distance)[1]

    def pose_at(self, distance):
        """``(point_at(distance), heading_at(distance))``, finding the segments once.

        Raises:
            ValueError: If a distance is NaN or not a real number.
        """
        distance = real_values(distance, "distance")
        poses = self.table.pose(distance)
        if isinstance(distance, float):
            return poses[:2], float(poses[2])
        return poses[:, :2], poses[:, 2]

    def rounded(self, radius, lane_half_width=None):
        """This path with each corner cut by an arc of ``radius`` tangent to both its lines.

        Args:
            radius: The turning radius.
            lane_half_width: If given, no arc may leave a lane this wide on each side of the
                straight path (the arc's middle is the farthest, r (1 - cos(turn / 2)) away).

        Raises:
            ValueError: If the radius is not positive finite, if two corners' arcs would overlap
                (the radius is too large for the segment between them), or if an arc leaves the
                lane.
        """
        radius = positive_finite(radius, "radius")
        if self.is_rounded:
            raise ValueError("this path is already rounded")
        points, lengths = self.waypoints, self.table.lengths
        angles = self.table.headings
        turn_angles = wrapped(np.diff(angles))  # at each inner corner
        if np.any(np.abs(turn_angles) > math.pi - 1e-9):
            raise ValueError("a path that doubles back on itself cannot be rounded")
        cut = radius * np.tan(np.abs(turn_angles) / 2.0)  # from each corner to its arc's tangent points
        room = lengths - np.concatenate([[0.0], cut]) - np.concatenate([cut, [0.0]])
        if np.any(room < -1e-9 * self.length):
            k = int(np.argmin(room))
            raise ValueError(
                f"turning radius {radius:g} is too large: segment {k} is {lengths[k]:g} long but its "
                f"corners' arcs need {lengths[k] - room[k]:g}"
            )
        if lane_half_width is not None:
            deviation = radius * (1.0 - np.cos(turn_angles / 2.0))
            if np.any(deviation > lane_half_width):
                raise ValueError(
                    f"turning radius {radius:g} leaves the lane: an arc strays {deviation.max():g} from the "
                    f"path, the lane allows {lane_half_width:g}"
                )
        rows = []  # (turn, start, heading, length, direction)
        for k in range(len(lengths)):
            direction = self.table.directions[k]
            start = points[k] + (cut[k - 1] if k > 0 else 0.0) * direction
            rows.append((0.0, start, angles[k], max(room[k], 0.0), direction))
            if k < len(turn_angles) and abs(turn_angles[k]) > _STRAIGHT_ON:
                tangent = points[k + 1] - cut[k] * direction
                turn = math.copysign(1.0, turn_angles[k])
                rows.append((turn, tangent, angles[k], radius * abs(turn_angles[k]), direction))
        turns, starts, headings, row_lengths, directions = zip(*rows)
        table = SegmentTable(
            turns,
            np.array(starts),
            headings,
            np.full(len(rows), radius),
            row_lengths,
            np.array(directions),
            points[-1],
        )
        return WaypointPath._of(self.waypoints, table)

    def offset(self, lateral):
        """The path shifted ``lateral`` units to the left of the direction of travel (right when
        negative): lines move sideways, arcs stay concentric, and sharp corners are mitred (a corner
        turning by an angle a moves lateral / cos(a / 2) from the corner, far for hairpins).

        Raises:
            ValueError: If an arc on the inner side would vanish (radius <= |lateral|), a sharp
                corner doubles back, or a segment is too short for the offset on its inner side
                (its mitred ends would cross, and the lane run backwards there).
        """
        lateral = finite_number(lateral, "lateral offset must be a finite number")
        if self.is_rounded:
            return WaypointPath._of(self.waypoints, self.table.offset(lateral))
        steps = np.diff(self.waypoints, axis=0)
        lengths = self.table.lengths
        normals = np.column_stack([-steps[:, 1], steps[:, 0]]) / lengths[:, None]
        mitres = normals[:-1] + normals[1:]
        scale = 1.0 + np.sum(normals[:-1] * normals[1:], axis=1)
        if np.any(scale < 1e-9):
            raise ValueError("a path that doubles back on itself cannot be offset")
        inner = self.waypoints[1:-1] + lateral * mitres / scale[:, None]
        ends = [self.waypoints[0] + lateral * normals[0], self.waypoints[-1] + lateral * normals[-1]]
        points = np.vstack([ends[0], inner, ends[1]])
        backwards = np.sum(np.diff(points, axis=0) * steps, axis=1) <= 0.0
        if np.any(backwards):
            k = int(np.argmax(backwards))
            raise ValueError(
                f"offset {lateral:g} is too large for segment {k} ({lengths[k]:g} long): "
                "the lane would run backwards there"
            )
        return WaypointPath(points)
