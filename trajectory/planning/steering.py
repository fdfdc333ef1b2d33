"""A planned path of arcs and lines made one a unit that steers can drive: its curvature
continuous, changing at most at the unit's sharpness, still clear of the obstacles.

Between poses of the arcs-and-lines path, continuous-curvature Dubins paths in its gear
(``cc_reeds_shepp.steered_legs``): the whole way between gear changes where that is clear, else
halves, cut where the unit goes straight. As the sharpness grows, each tends to the arcs path's
own stretch.
"""

import dataclasses
import itertools

import numpy as np

from trajectory.plane.cc_reeds_shepp import steered_legs
from trajectory.plane.fitted_words import fitted_word
from trajectory.plane.turn_paths import TurnPaths, path_from_turns, steering_rows

_LETTERS = {1.0: "L", 0.0: "S", -1.0: "R"}
_DEPTH = 6
_LONGER, _EASING = 1.25, 4.0
"""A stretch may take a quarter longer than the arcs' and four clothoids' lengths (curvature /
sharpness each) more: no further (a loop where the arcs turn a little is no way to follow them)."""
"""How many times a stretch that touches an obstacle is halved before the plan gives up."""


def steered(path, sharpness, obstacles, footprint):
    """The continuous-curvature path along ``path`` (a ``TurnPath`` of arcs and lines, from its
    start to its end pose) for a unit of ``sharpness``, clear of ``obstacles`` for a disc of
    ``footprint``; None if some stretch still touches an obstacle after ``_DEPTH`` halvings.

    Each stretch between gear changes is first tried whole (the most room to steer): the arcs'
    own word refitted, or a continuous-curvature Dubins path, the shorter that is clear and not
    far longer than the arcs (``_LONGER``, ``_EASING``). A stretch that has none is cut in two,
    at the middle of the line nearest its middle (a unit there goes straight anyway), or at its
    middle where it has none, and each half tried so."""
    table = path.table
    lines = np.flatnonzero((table.turns == 0.0) & (table.lengths > 0.0))
    middles = table.begins[lines] + table.lengths[lines] / 2.0
    cusps = table.begins[np.flatnonzero(table.gears[1:] != table.gears[:-1]) + 1]
    stretches = np.concatenate([[0.0], cusps, [path.length]])
    legs = []
    for a, b in itertools.pairwise(stretches):
        found = _steer(path, a, b, sharpness, obstacles, footprint, middles, _DEPTH)
        if found is None:
            return None
        legs.extend(found)
    return _joined(path, legs, sharpness)


def _steer(path, a, b, sharpness, obstacles, footprint, middles, depth):
    """The legs (one-path ``TurnPaths``) from ``path``'s pose at distance ``a`` to that at
    ``b`` (one gear), clear; None if halving ``depth`` more times does not clear them."""
    longest = (b - a) * _LONGER + _EASING * (1.0 / path.radius) / sharpness
    clear = [
        leg
        for leg in (_fitted_leg(path, a, b, sharpness), _leg(path, a, b, sharpness))
        if leg is not None
        and leg.lengths[0] <= longest
        and not obstacles.path_hits(leg.path(0).segments, footprint)
    ]
    if clear:
        return [min(clear, key=lambda leg: leg.lengths[0])]
    if depth == 0:
        return None
    inside = middles[(middles > a) & (middles < b)]
    cut = inside[np.argmin(np.abs(inside - (a + b) / 2.0))] if inside.size else (a + b) / 2.0
    first = _steer(path, a, cut, sharpness, obstacles, footprint, middles, depth - 1)
    second = (
        None if first is None else _steer(path, cut, b, sharpness, obstacles, footprint, middles, depth - 1)
    )
    return None if second is None else first + second


def _leg(path, a, b, sharpness):
    """The continuous-curvature Dubins path, in the gear ``path`` drives between distances ``a``
    and ``b``, from its pose at ``a`` to its pose at ``b`` (a one-path ``TurnPaths``)."""
    poses = path.pose(np.array([a, b]))
    if b >= path.length and path.end is not None:
        poses[1] = path.end
    gear = path.table.gears[path.table.locate(np.array([(a + b) / 2.0]))[0]]
    return steered_legs(poses[:1], poses[1:], np.array([path.radius]), sharpness, gear)


def _fitted_leg(path, a, b, sharpness):
    """``path``'s own arcs and lines between distances ``a`` and ``b``, each arc a turn that
    steers, refitted to end at the same pose (``fitted_word``): a one-path ``TurnPaths``, or
    None where the fit fails."""
    table = path.table
    lows, highs = np.maximum(table.begins, a), np.minimum(table.begins + table.lengths, b)
    inside = np.flatnonzero(highs > lows)
    pieces = [(float(table.turns[k]), float(table.gears[k]), float(highs[k] - lows[k])) for k in inside]
    poses = path.pose(np.array([a, b]))
    if b >= path.length and path.end is not None:
        poses[1] = path.end
    rows = fitted_word(tuple(poses[0]), tuple(poses[1]), pieces, path.radius, sharpness)
    if rows is None:
        return None
    turns, lengths, radii, rates, gears = (np.array([column]) for column in rows)
    word = "".join(_LETTERS[turn] for turn, _, _ in pieces)
    return TurnPaths(
        poses[:1],
        np.array([path.radius]),
        turns,
        lengths,
        np.array([word]),
        ends=poses[1:],
        gears=gears,
        segment_radii=radii,
        curvature_rates=rates,
        sharpness=sharpness,
    )


def _joined(path, legs, sharpness):
    """The legs (one-path ``TurnPaths``) as one ``TurnPath``: their segments end to end, their
    words joined (with a "|" where the gear changes)."""
    turns, lengths, radii, rates, gears, words = [], [], [], [], [], []
    for k, leg in enumerate(legs):
        count = steering_rows(str(leg.words[0]))
        for column, values in zip((turns, lengths, radii, rates, gears), _columns(leg)):
            column.extend(values[0, :count].tolist())
        if words and leg.gears[0, 0] != legs[k - 1].gears[0, 0]:
            words.append("|")
        words.append(str(leg.words[0]))
    joined = path_from_turns(
        path.start,
        path.radius,
        turns,
        lengths,
        "".join(words),
        end=path.end,
        gears=gears if -1.0 in gears else None,
    )
    return dataclasses.replace(
        joined, sharpness=float(sharpness), segment_radii=tuple(radii), curvature_rates=tuple(rates)
    )


def _columns(legs):
    return legs.turns, legs.segment_lengths, legs.segment_radii, legs.curvature_rates, legs.gears
