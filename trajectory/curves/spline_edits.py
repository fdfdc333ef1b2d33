"""What inserting and removing a knot do to a spline's state (knots (k, 3), tangents (k, 2, 3),
modes, tilts (k,)), given its segments' control points (m, 4, 3): the arithmetic behind
``Spline.insert`` and ``Spline.remove``, on plain arrays."""

import numpy as np

from trajectory.curves import knot_tangents
from trajectory.curves.knot_tangents import IN, OUT, TangentMode


def split(controls, knots, tangents, modes, tilts, segment, t):
    """The state with a knot at parameter t in (0, 1) of ``segment``, the shape unchanged (de
    Casteljau's construction), and the new knot's index. The new knot is ``ALIGNED`` (``LINEAR``
    on a straight segment between linear knots); neighbours whose mode would move their handle
    become aligned or broken (``kept_as``); its tilt is between theirs."""
    before, after = knot_tangents.split(controls[segment], t)
    a, b = segment, (segment + 1) % len(knots)
    straight = modes[a] is modes[b] is TangentMode.LINEAR
    modes, tangents = list(modes), tangents.copy()
    tangents[a, OUT], tangents[b, IN] = before[1] - before[0], after[2] - after[3]
    for index, leading in ((a, OUT), (b, IN)):
        if not straight:
            modes[index] = knot_tangents.kept_as(modes[index])
            tangents[index] = knot_tangents.kept_pair(tangents[index], modes[index], leading)
    # The new knot's handles as multiples of one vector, so that they are aligned to rounding
    # even beside a knot (differences of the rounded split point would not be, for t near 0 or 1).
    across = after[1] - before[2]
    new = np.array([-t * across, (1.0 - t) * across])
    at = segment + 1
    modes.insert(at, TangentMode.LINEAR if straight else TangentMode.ALIGNED)
    tilt = (1.0 - t) * tilts[a] + t * tilts[b]
    state = (
        np.insert(knots, at, before[3], axis=0),
        np.insert(tangents, at, new, axis=0),
        modes,
        np.insert(tilts, at, tilt),
    )
    return state, at


def removed(controls, knots, tangents, modes, tilts, closed, index):
    """The state without knot ``index``: its two segments become the one cubic nearest to them
    (``merged``; mirrored neighbours become aligned), or an open end's knot goes with its
    segment (the new end's auto handle kept as an aligned one)."""
    tangents, modes = tangents.copy(), list(modes)
    if closed or 0 < index < len(knots) - 1:
        a, b = (index - 1) % len(knots), (index + 1) % len(knots)
        if np.array_equal(knots[a], knots[b]):
            raise ValueError(f"without knot {index}, its two neighbours would be in one place")
        joined = knot_tangents.merged(controls[a], controls[index])
        tangents[a, OUT], tangents[b, IN] = joined[1] - joined[0], joined[2] - joined[3]
        for neighbour, leading in ((a, OUT), (b, IN)):
            if modes[neighbour] is TangentMode.MIRRORED:
                modes[neighbour] = TangentMode.ALIGNED
            tangents[neighbour] = knot_tangents.kept_pair(tangents[neighbour], modes[neighbour], leading)
    else:  # the new end keeps its handle (an auto one would follow a reflected neighbour)
        end, leading = (1, OUT) if index == 0 else (index - 1, IN)
        if modes[end] is TangentMode.AUTO:
            modes[end] = TangentMode.ALIGNED
        tangents[end] = knot_tangents.kept_pair(tangents[end], modes[end], leading)
    del modes[index]
    return np.delete(knots, index, axis=0), np.delete(tangents, index, axis=0), modes, np.delete(tilts, index)
