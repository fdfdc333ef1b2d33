"""Waypoint paths in the ground plane: straight lines from point to point, optionally with the
corners rounded by arcs of a turning radius, and the same path shifted sideways (a lane).

A path is read by distance along it: ``point_at`` and ``heading_at`` take one distance or an array
of them and are exact (a line or an arc is evaluated, nothing is sampled).

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

from trajectory._checks import finite_number, positive_finite, real_array, real_values
from trajectory.angles import wrapped
from trajectory.turn_paths import Arc, Line

_STRAIGHT = 1e-12
"""Corners turning less than this (radians) are straight on: no arc."""


class WaypointPath:
    """A path through ``points`` (shape (n, 2), n >= 2) joined by straight lines.

    Consecutive duplicate points are dropped. ``rounded`` and ``offset`` give new paths.

    Raises:
        ValueError: For points that are not finite (n, 2) numbers, or fewer than two distinct ones.
    """

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
        self.waypoints = points
        self._set_segments(
            starts=points[:-1],
            angles=np.arctan2(steps[:, 1], steps[:, 0]),
            lengths=np.hypot(steps[:, 0], steps[:, 1]),
            centres=np.zeros_like(points[:-1]),
            radii=np.ones(len(steps)),
            start_angles=np.zeros(len(steps)),
            turns=np.zeros(len(steps)),
            steps=steps,
        )

    @property
    def length(self):
        """The total length."""
        return float(self._ends[-1])

    @property
    def segment_count(self):
        return self._lengths.size

    @property
    def segments(self):
        """The path as ``Line`` and ``Arc`` segments, the turning-units issue's data structure
        (so ``TurnPath(path.segments, "")`` reads the same path)."""
        parts = []
        for k in range(self.segment_count):
            if self._turns[k] == 0.0:
                parts.append(
                    Line(tuple(self._starts[k].tolist()), float(self._angles[k]), float(self._lengths[k]))
                )
            else:
                sweep = math.copysign(float(self._sweeps[k]), self._turns[k])
                arc = Arc(
                    tuple(self._centres[k].tolist()),
                    float(self._radii[k]),
                    float(self._start_angles[k]),
                    sweep,
                )
                parts.append(arc)
        return tuple(parts)

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
        k, local = self._locate(distance)
        fraction = local / np.maximum(self._lengths[k], 1e-300)
        points = self._starts[k] + fraction[..., None] * self._steps[k]
        heading = self._angles[k]
        if self._has_arcs:
            swept = self._turns[k] * local / self._radii[k]
            on_arc = self._centres[k] + self._radii[k][..., None] * _unit(self._start_angles[k] + swept)
            points = np.where((self._turns[k] != 0.0)[..., None], on_arc, points)
            heading = heading + swept
        return points, wrapped(heading)

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
        if self._has_arcs:
            raise ValueError("this path is already rounded")
        points, steps = self.waypoints, np.diff(self.waypoints, axis=0)
        angles = np.arctan2(steps[:, 1], steps[:, 0])
        turn_angles = (np.diff(angles) + math.pi) % (2.0 * math.pi) - math.pi  # at each inner corner
        if np.any(np.abs(turn_angles) > math.pi - 1e-9):
            raise ValueError("a path that doubles back on itself cannot be rounded")
        cut = radius * np.tan(np.abs(turn_angles) / 2.0)  # from each corner to its arc's tangent points
        room = self._lengths - np.concatenate([[0.0], cut]) - np.concatenate([cut, [0.0]])
        if np.any(room < -1e-9 * self.length):
            k = int(np.argmin(room))
            raise ValueError(
                f"turning radius {radius:g} is too large: segment {k} is {self._lengths[k]:g} long but its "
                f"corners' arcs need {self._lengths[k] - room[k]:g}"
            )
        if lane_half_width is not None:
            deviation = radius * (1.0 - np.cos(turn_angles / 2.0))
            if np.any(deviation > lane_half_width):
                raise ValueError(
                    f"turning radius {radius:g} leaves the lane: an arc strays {deviation.max():g} from the "
                    f"path, the lane allows {lane_half_width:g}"
                )
        segments = []
        for k in range(len(steps)):
            start = points[k] + (cut[k - 1] if k > 0 else 0.0) * _unit(angles[k])
            segments.append((start, angles[k], max(room[k], 0.0), None))
            if k < len(turn_angles) and abs(turn_angles[k]) > _STRAIGHT:
                turn = math.copysign(1.0, turn_angles[k])
                tangent = points[k + 1] - cut[k] * _unit(angles[k])
                centre = tangent + radius * _unit(angles[k] + turn * math.pi / 2.0)
                arc = (centre, angles[k] - turn * math.pi / 2.0, turn, abs(turn_angles[k]))
                segments.append((tangent, angles[k], radius * abs(turn_angles[k]), arc))
        return self._with_segments(segments, radius)

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
        if not self._has_arcs:
            normals = np.column_stack([-self._steps[:, 1], self._steps[:, 0]]) / self._lengths[:, None]
            mitres = normals[:-1] + normals[1:]
            scale = 1.0 + np.sum(normals[:-1] * normals[1:], axis=1)
            if np.any(scale < 1e-9):
                raise ValueError("a path that doubles back on itself cannot be offset")
            inner = self.waypoints[1:-1] + lateral * mitres / scale[:, None]
            ends = [self.waypoints[0] + lateral * normals[0], self.waypoints[-1] + lateral * normals[-1]]
            points = np.vstack([ends[0], inner, ends[1]])
            backwards = np.sum(np.diff(points, axis=0) * self._steps, axis=1) <= 0.0
            if np.any(backwards):
                k = int(np.argmax(backwards))
                raise ValueError(
                    f"offset {lateral:g} is too large for segment {k} ({self._lengths[k]:g} long): "
                    "the lane would run backwards there"
                )
            return WaypointPath(points)
        radii = self._radii - self._turns * lateral
        if np.any((self._turns != 0.0) & (radii <= 0.0)):
            raise ValueError(f"offset {lateral:g} is larger than the turning radius on the inner side")
        shifted = object.__new__(WaypointPath)
        shifted.waypoints = self.waypoints
        shifted._set_segments(
            starts=self._starts + lateral * _unit(self._angles + math.pi / 2.0),
            angles=self._angles,
            lengths=np.where(self._turns != 0.0, radii * self._sweeps, self._lengths),
            centres=self._centres,
            radii=np.where(self._turns != 0.0, radii, 1.0),
            start_angles=self._start_angles,
            turns=self._turns,
        )
        return shifted

    # Internals: one row per segment, lines and arcs alike.

    def _with_segments(self, segments, radius):
        rounded = object.__new__(WaypointPath)
        rounded.waypoints = self.waypoints
        arcs = [arc for _, _, _, arc in segments]
        rounded._set_segments(
            starts=np.array([start for start, _, _, _ in segments]),
            angles=np.array([angle for _, angle, _, _ in segments]),
            lengths=np.array([length for _, _, length, _ in segments]),
            centres=np.array([arc[0] if arc else (0.0, 0.0) for arc in arcs]),
            radii=np.array([radius if arc else 1.0 for arc in arcs]),
            start_angles=np.array([arc[1] if arc else 0.0 for arc in arcs]),
            turns=np.array([arc[2] if arc else 0.0 for arc in arcs]),
        )
        return rounded

    def _set_segments(self, starts, angles, lengths, centres, radii, start_angles, turns, steps=None):
        """One row per segment. ``steps`` (end - start of each line) make lines exact at their
        ends; by default they come from the angles and lengths."""
        self._starts, self._angles, self._lengths = starts, angles, lengths
        self._centres, self._radii, self._start_angles, self._turns = centres, radii, start_angles, turns
        self._directions = _unit(angles)
        self._steps = self._directions * lengths[:, None] if steps is None else steps
        self._sweeps = np.where(turns != 0.0, lengths / radii, 0.0)
        self._ends = np.cumsum(lengths)
        self._begins = self._ends - lengths
        self._has_arcs = bool(np.any(turns != 0.0))

    def _locate(self, distance):
        """Segment index and distance into it for each distance (clamped to the path)."""
        d = real_values(distance, "distance")
        d = min(max(d, 0.0), self.length) if isinstance(d, float) else np.clip(d, 0.0, self.length)
        k = np.minimum(np.searchsorted(self._ends, d, side="right"), self._lengths.size - 1)
        return k, d - self._begins[k]


def _unit(angle):
    """(cos, sin) of ``angle``: shape (2,) or (n, 2)."""
    angle = np.asarray(angle, dtype=float)
    return np.stack([np.cos(angle), np.sin(angle)], axis=-1)
