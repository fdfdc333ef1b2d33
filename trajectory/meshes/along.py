"""Objects placed along a curve at an exact arc-length spacing: ties under rails, posts beside a
road, lamps. Each gets a position (offset in its frame) and the frame itself."""

import math

import numpy as np

from trajectory._numerics.checks import finite_number, positive_finite, real_array, whole_number
from trajectory.meshes.placing import Placer
from trajectory.meshes.segment_places import SegmentPlaces

MAX_PLACES = 10**7
"""The most places ``along`` gives: a spacing that makes more is refused (it would fill memory)."""


def along(
    path, spacing=None, count=None, offset=(0.0, 0.0), mode="minimal", start=0.0, stations=None, **options
):
    """Places along ``path`` every ``spacing`` length units from ``start`` (or ``count`` of them,
    evenly: from end to end on an open curve, round a closed loop without doubling its seam; or
    at ``stations``): ``(k, 3)`` positions, offset by ``offset`` = (right, up) in each frame,
    and ``(k, 3, 3)`` frames (columns right, forward, up).

    Args:
        path: A ``Curve`` or a ``Motion`` (banking takes its speeds).
        spacing: Length units between consecutive places; or give ``count`` or ``stations``.
        count: The number of places, at least 1 (2 on an open curve).
        offset: (right, up) in length units, in each place's frame.
        mode, options: The orientation, as for ``sweep``.
        start: The arc length (length units) of the first place, with ``spacing``.
        stations: The places' arc-length fractions (k,) in [0, 1] (``along_stations`` of an
            earlier curve, say), or ``SegmentPlaces``: a preview, held within the segments of
            a curve being edited.

    Raises:
        ValueError: Unless exactly one of spacing, count and stations is given, valid; on a bad
            offset.
    """
    place = Placer(path, mode, options)
    if stations is None:
        stations = _stations(place, spacing, count, start)
    elif spacing is not None or count is not None:
        raise ValueError("give one of spacing (length units), count and stations, not two")
    elif not isinstance(stations, SegmentPlaces):
        stations = real_array(stations, "stations", "arc-length fractions")
        if stations.ndim != 1 or ((stations < 0.0) | (stations > 1.0)).any():
            raise ValueError("stations must be arc-length fractions (k,) in [0, 1]")
    right_up = [
        finite_number(value, "offset must be (right, up) in length units") for value in np.ravel(offset)
    ]
    if len(right_up) != 2:
        raise ValueError(f"offset must be (right, up) in length units, got {offset!r}")
    points, right, up, forward = place.frames(stations)
    positions = points + right * right_up[0] + up * right_up[1]
    return positions, np.stack([right, forward, up], axis=2)


def along_stations(path, spacing=None, count=None, start=0.0):
    """The arc-length fractions (k,) of the places ``along`` makes with ``spacing`` (and
    ``start``) or ``count`` on ``path``.

    Raises:
        ValueError: Unless exactly one of spacing and count is given, valid.
    """
    return _stations(Placer(path, "minimal", {}), spacing, count, start)


def _stations(place, spacing, count, start):
    """``along_stations`` on a ``Placer``'s path."""
    closed, length = place.closed, place.curve.length
    if (spacing is None) == (count is None):
        raise ValueError("give either spacing (length units) or count, not both")
    if count is not None:
        count = whole_number(count, "count", 1 if closed else 2, MAX_PLACES)
        return np.arange(count) / (count if closed else count - 1)
    spacing = positive_finite(spacing, "spacing")
    first = finite_number(start, "start must be an arc length in length units")
    if not 0.0 <= first <= length:
        raise ValueError(f"start must be within the curve's length {length:g}, got {first!r}")
    steps = math.floor((length - first) / spacing * (1.0 + 1e-12))
    if steps >= MAX_PLACES:
        raise ValueError(
            f"a spacing of {spacing:g} would make more than {MAX_PLACES} places on a length of {length:g}"
        )
    distances = first + spacing * np.arange(steps + 1)
    if closed and len(distances) > 1 and distances[-1] >= first + length * (1.0 - 1e-12):
        distances = distances[:-1]  # the seam once
    return np.minimum(distances / length, 1.0)
