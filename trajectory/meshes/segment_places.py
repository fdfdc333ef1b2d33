"""Places held within a curve's Bezier segments: each at the same arc-length fraction of its
segment however the curve is edited, so that a mesh rebuilt as a knot is dragged (a preview)
computes the points and frames of the segments the drag changed alone (four of a hundred) and
takes the rest as they were, each segment's rolled into place as a whole (the minimal frame
along a segment is the one carried from its start, turned by the angle the segments before it
give its start).

>>> from trajectory import Spline
>>> from trajectory.meshes import SegmentPlaces
>>> places = SegmentPlaces.of(Spline([[0, 0, 0], [4, 0, 0], [4, 4, 0]]), [0.0, 0.25, 0.75, 1.0])
>>> places.segments.tolist(), places.fractions.round(9).tolist()
([0, 0, 1, 1], [0.0, 0.5, 0.5, 1.0])
"""

import collections
import dataclasses
import itertools
import weakref

import numpy as np

from trajectory._numerics.checks import real_array
from trajectory.curves.bezier import PiecewiseBezier
from trajectory.orientation.frames import closing_twist, rolled_axes
from trajectory.orientation.transport import transport_of

KEPT = 4096
"""Segments' points and frames kept (by their control points, orientation mode and places) for
the next edit."""

_kept = collections.OrderedDict()
"""Each segment's points and unrolled frames at its places, (k, 4, 3), the most recent last."""


@dataclasses.dataclass(frozen=True, eq=False)
class SegmentPlaces:
    """Places along a curve, each in one of its Bezier segments (a curve of another kind is one
    segment): ``sweep``'s ``stations`` and ``along``'s, held within the segments as the curve
    is edited.

    Attributes:
        segments: ``(n,)`` each place's segment, ascending.
        fractions: ``(n,)`` its arc-length fraction within its segment, in [0, 1], ascending
            within each segment.
        count: How many segments the curve has.
    """

    segments: np.ndarray
    fractions: np.ndarray
    count: int

    @classmethod
    def of(cls, curve, s):
        """The places at arc-length fractions ``s`` (n,) of ``curve`` (a ``Curve``), ascending
        in [0, 1].

        Raises:
            ValueError: On fractions that are not numbers in [0, 1], ascending.
        """
        s = real_array(s, "s", "arc-length fractions")
        if s.ndim != 1 or ((s < 0.0) | (s > 1.0)).any() or (np.diff(s) < 0.0).any():
            raise ValueError("places are arc-length fractions (n,), ascending in [0, 1]")
        bounds = _segment_bounds(curve)
        count = len(bounds) - 1
        scaled = curve.arc_length.parameter(s) * count
        segments = np.clip(np.floor(scaled).astype(int), 0, count - 1)
        widths = bounds[segments + 1] - bounds[segments]
        covered = s * bounds[-1] - bounds[segments]
        fractions = np.clip(np.divide(covered, widths, out=np.zeros_like(s), where=widths > 0.0), 0.0, 1.0)
        return cls(segments, fractions, count)

    def __len__(self):
        return len(self.segments)

    def __repr__(self):
        return f"SegmentPlaces({len(self)} places in {self.count} segments)"

    def stations(self, curve):
        """The places' arc-length fractions (n,) of ``curve`` (the ends exactly 0 and 1).

        Raises:
            ValueError: If the curve has another number of segments.
        """
        return self._stations(self._bounds(curve))

    def frames(self, place):
        """The points, right, up and forward axes (each ``(n, 3)``) at the places along a
        ``Placer``'s path: a segment met before (by its control points, with the same places,
        in the same mode) is taken as it was, rolled as it is now; the rest are computed.
        A tilt or a bank (rolls not made segment by segment) computes them all.

        Raises:
            ValueError: If the path's curve has another number of segments.
        """
        curve, orientation = place.curve, place.orientation
        bounds = self._bounds(curve)
        stations = self._stations(bounds)
        geometry = curve.geometry
        if orientation.tilt or orientation.bank or not isinstance(geometry, PiecewiseBezier) or not len(self):
            return place.frames(stations)
        rolls = np.zeros(len(self))
        if orientation.mode == "minimal":
            rolls += transport_of(curve).segment_angles[self.segments]
        if orientation.closes_on(curve):
            rolls += closing_twist(curve, orientation.mode) * stations
        ranges = np.searchsorted(self.segments, np.arange(self.count + 1))
        keys = {  # the segments with places
            index: (geometry.control_points[index].tobytes(), orientation.mode, self.fractions[a:b].tobytes())
            for index, (a, b) in enumerate(itertools.pairwise(ranges))
            if b > a
        }
        missing = [index for index, key in keys.items() if key not in _kept]
        if missing:
            at = np.concatenate([np.arange(ranges[index], ranges[index + 1]) for index in missing])
            points, right, up, forward = place.frames(stations[at])
            made = np.stack([points, *_rolled(right, up, -rolls[at]), forward], axis=1)
            sizes = [ranges[index + 1] - ranges[index] for index in missing]
            for index, part in zip(missing, np.split(made, np.cumsum(sizes)[:-1])):
                _kept[keys[index]] = part
        for key in keys.values():
            _kept.move_to_end(key)
        while len(_kept) > max(KEPT, len(keys)):
            _kept.popitem(last=False)
        kept = np.concatenate([_kept[key] for key in keys.values()])
        right, up = _rolled(kept[:, 1], kept[:, 2], rolls)
        return kept[:, 0], right, up, kept[:, 3]

    def _bounds(self, curve):
        """The arc length (count + 1,) from the curve's start to each of its segments' ends.

        Raises:
            ValueError: If the curve has another number of segments.
        """
        bounds = _segment_bounds(curve)
        if len(bounds) - 1 != self.count:
            raise ValueError(
                f"these places are in {self.count} segments, and the curve has {len(bounds) - 1}"
            )
        return bounds

    def _stations(self, bounds):
        """The places' arc-length fractions where the segments end at ``bounds``."""
        starts, ends = bounds[self.segments], bounds[self.segments + 1]
        stations = np.clip((starts + self.fractions * (ends - starts)) / bounds[-1], 0.0, 1.0)
        stations[(self.segments == self.count - 1) & (self.fractions == 1.0)] = 1.0
        return stations


def _segment_bounds(curve):
    """The arc length (m + 1,) from ``curve``'s start to each end of its m Bezier segments (of
    the curve itself, a curve of another kind), kept with its arc-length table."""
    table = curve.arc_length
    bounds = _BOUNDS.get(table)
    if bounds is None:
        geometry = curve.geometry
        count = len(geometry.control_points) if isinstance(geometry, PiecewiseBezier) else 1
        bounds = _BOUNDS[table] = table.at(np.arange(count + 1) / count)
        bounds[0] = 0.0
    return bounds


_BOUNDS = weakref.WeakKeyDictionary()
"""``_segment_bounds`` by the curve's arc-length table, while it lives."""


def _rolled(right, up, angles):
    """``rolled_axes`` for axes (n, 3)."""
    right, up = rolled_axes(right.T, up.T, angles)
    return right.T, up.T
