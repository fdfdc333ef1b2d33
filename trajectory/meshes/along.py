"""Objects placed along a curve at an exact arc-length spacing: ties under rails, posts beside a
road, lamps. Each gets a position (offset in its frame) and the frame itself."""

import math

import numpy as np

from trajectory._numerics.checks import finite_number, positive_finite, whole_number
from trajectory.meshes.placing import Placer

MAX_PLACES = 10**7
"""The most places ``along`` gives: a spacing that makes more is refused (it would fill memory)."""


def along(path, spacing=None, count=None, offset=(0.0, 0.0), mode="minimal", start=0.0, **options):
    """Places along ``path`` every ``spacing`` length units from ``start`` (or ``count`` of them,
    evenly: from end to end on an open curve, round a closed loop without doubling its seam):
    ``(k, 3)`` positions, offset by ``offset`` = (right, up) in each frame, and ``(k, 3, 3)``
    frames (columns right, forward, up).

    Args:
        path: A ``Curve`` or a ``Motion`` (banking takes its speeds).
        spacing: Length units between consecutive places; or give ``count``.
        count: The number of places, at least 1 (2 on an open curve).
        offset: (right, up) in length units, in each place's frame.
        mode, options: The orientation, as for ``sweep``.
        start: The arc length (length units) of the first place, with ``spacing``.

    Raises:
        ValueError: Unless exactly one of spacing and count is given, valid; on a bad offset.
    """
    place = Placer(path, mode, options)
    closed, length = place.closed, place.curve.length
    if (spacing is None) == (count is None):
        raise ValueError("give either spacing (length units) or count, not both")
    if spacing is not None:
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
        s = np.minimum(distances / length, 1.0)
    else:
        count = whole_number(count, "count", 1 if closed else 2, MAX_PLACES)
        s = np.arange(count) / (count if closed else count - 1)
    right_up = [
        finite_number(value, "offset must be (right, up) in length units") for value in np.ravel(offset)
    ]
    if len(right_up) != 2:
        raise ValueError(f"offset must be (right, up) in length units, got {offset!r}")
    points, right, up, forward = place.frames(s)
    positions = points + right * right_up[0] + up * right_up[1]
    return positions, np.stack([right, forward, up], axis=2)
