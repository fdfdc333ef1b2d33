"""A word of arcs and lines (a planned path, or a stretch of one) driven by a unit that steers:
each arc a turn that eases in and out (``clothoids``), the word's parts (turns' deflections,
lines' lengths) solved for again so that it still ends at the same pose: Gauss-Newton steps
from the arcs' own parts, each the smallest that mends the miss, so the path stays near the
arcs' and tends to it as the sharpness grows."""

import math

import numpy as np

from trajectory.plane.clothoids import turn_parts
from trajectory.plane.segments import SegmentTable

_ROUNDS = 30
_HALVINGS = 20
FIT = 1e-12
"""How near (in the path's scale, and radians) a fitted word must end to its goal."""


def fitted_word(start, goal, pieces, radius, sharpness, groups=None):
    """The rows (turns, lengths, radii, rates, gears) of ``pieces`` (turn, gear, length) from
    pose ``start``, each turn steering, refitted to end at pose ``goal``; None where the fit
    fails. ``groups``: lists of piece indices that change together (the others are kept);
    None: every piece on its own."""
    values = [d / radius if t else d for t, _, d in pieces]  # deflections, line lengths
    groups = [[k] for k in range(len(pieces))] if groups is None else groups
    scale = math.hypot(goal[0] - start[0], goal[1] - start[1]) + radius

    def rows_for(x):
        parts = list(values)
        for value, tied in zip(x, groups):
            for k in tied:
                parts[k] = value
        return pieces_rows(pieces, parts, radius, sharpness)

    def miss(x):
        turns, lengths, radii, rates, gears = rows_for(x)
        end = SegmentTable.chain(start, turns, lengths, radii, gears, rates).ends()[-1]
        return np.array(
            [
                (end[0] - goal[0]) / scale,
                (end[1] - goal[1]) / scale,
                math.remainder(end[2] - goal[2], 2.0 * math.pi),
            ]
        )

    x = np.array([values[tied[0]] for tied in groups])
    error = miss(x)
    for _ in range(_ROUNDS):
        if np.abs(error).max() <= FIT:
            return rows_for(x)
        step = 1e-7 * (1.0 + np.abs(x))
        jacobian = np.column_stack(
            [(miss(x + step[k] * np.eye(x.size)[k]) - error) / step[k] for k in range(x.size)]
        )
        move = np.linalg.lstsq(jacobian, -error, rcond=None)[0]  # the smallest that mends the miss
        for _ in range(_HALVINGS):
            trial = np.maximum(x + move, 0.0)
            trial_error = miss(trial)
            if np.abs(trial_error).max() < np.abs(error).max():
                break
            move = move / 2.0
        else:
            return None
        x, error = trial, trial_error
    return rows_for(x) if np.abs(error).max() <= FIT else None


def pieces_rows(pieces, parts, radius, sharpness):
    """The rows of pieces (turn, gear, _) with ``parts`` (deflections, line lengths): per turn a
    clothoid up, an arc, a clothoid down, steered ``turn`` whichever way the unit drives."""
    turns, lengths, radii, rates, gears = [], [], [], [], []
    for (turn, gear, _), part in zip(pieces, parts):
        if not turn:
            for column, value in zip((turns, lengths, radii, rates, gears), (0.0, part, radius, 0.0, gear)):
                column.append(value)
            continue
        clothoid, arc, peak = turn_parts(part, 1.0 / radius, sharpness)
        peaked = 1.0 / peak if peak > 0.0 else radius
        on = turn if peak > 0.0 else 0.0
        turns += [0.0, on, on]
        lengths += [clothoid, arc, clothoid]
        radii += [radius, peaked, peaked]
        rates += [gear * turn * sharpness, 0.0, -gear * turn * sharpness]
        gears += [gear] * 3
    return turns, lengths, radii, rates, gears


def _chain_columns(rows):
    """``SegmentTable.chain``'s arguments after the start, from rows."""
    turns, lengths, radii, rates, gears = rows
    return turns, lengths, radii, gears, rates
