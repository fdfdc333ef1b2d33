"""A word of arcs and lines (a planned path, or a stretch of one; Reeds and Shepp's words, many
at once) driven by a unit that steers: each arc a turn that eases in and out (``clothoids``),
the word's parts (turns' deflections, lines' lengths) solved for again so that it still ends at
the same pose: (Gauss-)Newton steps from the arcs' own parts, so the path stays near the arcs'
and tends to it as the sharpness grows."""

import cmath
import math

import numpy as np

from trajectory._numerics.angles import wrapped
from trajectory.plane.clothoids import turn_parts
from trajectory.plane.steering_turns import ONE_BY_ONE, steering_unit
from trajectory.plane.turn_paths import TurnPaths

_ROUNDS = 30
_HALVINGS = 20
_BATCH_ROUNDS, _BATCH_HALVINGS = 20, 12
"""Many words at once stop sooner: the few that have not mended by then are given up."""
_FITTED_ROWS = 15
"""Rows of a Reeds-Shepp word of five pieces, each a turn."""
FIT = 1e-12
"""How near (in the path's scale, and radians) a fitted word must end to its goal."""


def fitted_word(start, goal, pieces, radius, sharpness, groups=None):
    """The rows (turns, lengths, radii, rates, gears) of ``pieces`` (turn, gear, length) from
    pose ``start``, each turn steering, refitted to end at pose ``goal``; None where the fit
    fails. ``groups``: lists of piece indices that change together (the others are kept);
    None: every piece on its own."""
    values = np.array([d / radius if t else d for t, _, d in pieces])  # deflections, line lengths
    groups = [[k] for k in range(len(pieces))] if groups is None else groups
    scale = math.hypot(goal[0] - start[0], goal[1] - start[1]) + radius
    unit, shape = steering_unit(1.0 / radius, sharpness), [(t, g) for t, g, _ in pieces]

    def parts_for(xs):
        """The parts of each of ``xs`` (m, free parts): (m, pieces)."""
        parts = np.tile(values, (len(xs), 1))
        for column, tied in enumerate(groups):
            parts[:, tied] = xs[:, column : column + 1]
        return parts

    def misses(xs):
        """The miss of each of ``xs`` (m, free parts): (m, 3)."""
        poses = np.tile(np.asarray([start, goal], dtype=float), (len(xs), 1, 1))
        return _misses(poses[:, 0], poses[:, 1], scale, shape, parts_for(xs), unit)

    x = values[[tied[0] for tied in groups]]
    error = misses(x[None])[0]
    for _ in range(_ROUNDS):
        if np.abs(error).max() <= FIT:
            break
        step = 1e-7 * (1.0 + np.abs(x))
        jacobian = ((misses(x + np.diag(step)) - error) / step[:, None]).T  # each part nudged, at once
        move = np.linalg.lstsq(jacobian, -error, rcond=None)[0]  # the smallest that mends the miss
        for _ in range(_HALVINGS):
            trial = np.maximum(x + move, 0.0)
            trial_error = misses(trial[None])[0]
            if np.abs(trial_error).max() < np.abs(error).max():
                break
            move = move / 2.0
        else:
            return None
        x, error = trial, trial_error
    if np.abs(error).max() > FIT:
        return None
    return pieces_rows(pieces, parts_for(x[None])[0].tolist(), radius, sharpness)


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


def fitted_reeds_shepp(reeds_shepp, sharpness):
    """Each path's Reeds-Shepp word with each arc a turn that steers, three parts free (the
    word's two equal turns kept equal, its quarter turns kept quarter turns) and solved for again
    by Newton's method from Reeds and Shepp's own, all the paths of one word shape at once:
    ``TurnPaths`` of ``_FITTED_ROWS`` rows, infinitely long where the fit failed."""
    n = len(reeds_shepp)
    parts = np.zeros((n, 5))
    shapes = {}
    for k in range(n):  # the paths by word shape: pieces' turns and gears, and which parts move
        path = reeds_shepp.path(k)
        pieces = list(zip(path.turns, path.gears or (1.0,) * len(path.turns), path.segment_lengths))
        values = [d / path.radius if t else d for t, _, d in pieces]
        groups = _free_parts(pieces, values)
        parts[k, : len(values)] = values
        if groups is not None:
            shape = (tuple((t, g) for t, g, _ in pieces), tuple(tuple(tied) for _, tied in groups))
            shapes.setdefault(shape, []).append(k)
    word_parts = np.full((n, 5), np.nan)
    for (pieces, groups), rows in shapes.items():
        rows = np.array(rows)
        word_parts[rows, : len(pieces)] = _newton(
            reeds_shepp, rows, pieces, groups, parts[rows, : len(pieces)], sharpness
        )
    return _rows_of_words(reeds_shepp, word_parts, sharpness)


def _miss(start, goal, scale, pieces, parts, unit):
    """``_misses`` of one word in plain floats: [x, y, heading] off ``goal``."""
    point, heading = complex(start[0], start[1]), start[2]
    for (turn, gear), part in zip(pieces, parts):
        facing = cmath.exp(1j * heading)
        if turn == 0.0:
            point += gear * part * facing
            continue
        side = turn * gear
        point += gear * facing * unit.end(part, side)
        heading += side * part
    return [(point.real - goal[0]) / scale, (point.imag - goal[1]) / scale, wrapped(heading - goal[2])]


def _word_ends(starts, pieces, parts, unit):
    """Where words of ``pieces`` (steering, gear) with ``parts`` (n, k: deflections, line lengths)
    driven from ``starts`` (n, 3) end: (x + iy (n,), heading (n,)). Backing through a turn, the
    unit turned round drives a turn of the other side forwards."""
    point = starts[:, 0] + 1j * starts[:, 1]
    heading = starts[:, 2].copy()
    for (turn, gear), part in zip(pieces, parts.T):
        facing = np.exp(1j * heading)
        if turn == 0.0:
            point = point + gear * part * facing
            continue
        side = turn * gear
        point = point + gear * facing * unit.end(part, side)
        heading = heading + side * part
    return point, heading


def _misses(starts, goals, scales, pieces, parts, unit):
    """How far words of ``pieces`` (steering, gear) with ``parts`` (m, k) driven from ``starts``
    (m, 3) end from ``goals`` (m, 3): (m, 3), the position over ``scales`` (one, or (m,)) and
    the heading (radians). Up to ``ONE_BY_ONE`` words one by one in plain floats (``_miss``): a
    word's handful of pieces is fewer than numpy's overhead pays for."""
    if len(parts) <= ONE_BY_ONE:
        scales = np.broadcast_to(scales, len(parts))
        rows = zip(starts.tolist(), goals.tolist(), scales.tolist(), parts.tolist())
        return np.array([_miss(*row[:3], pieces, row[3], unit) for row in rows]).reshape(-1, 3)
    point, heading = _word_ends(starts, pieces, parts, unit)
    return np.column_stack(
        [
            (point.real - goals[:, 0]) / scales,
            (point.imag - goals[:, 1]) / scales,
            wrapped(heading - goals[:, 2]),
        ]
    )


def _newton(reeds_shepp, rows, pieces, groups, values, sharpness):
    """Parts (len(rows), k; lines in radii) of words of ``pieces`` refitted to end at the goal
    poses, ``groups`` of parts moving together from ``values``; NaN where the fit failed."""
    radius = reeds_shepp.radii[rows]
    starts, goals = reeds_shepp.starts[rows], reeds_shepp.ends[rows]
    fitted = np.full(values.shape, np.nan)
    lines = np.array([turn == 0.0 for turn, _ in pieces])
    for size in np.unique(radius).tolist():
        these = np.flatnonzero(radius == size)
        unit = steering_unit(1.0 / size, sharpness)
        scale = np.hypot(*(goals[these, :2] - starts[these, :2]).T) + size

        def parts_of(x, rows, size=size):
            parts = values[rows].copy()
            for column, tied in enumerate(groups):
                parts[:, list(tied)] = x[:, column : column + 1]
            parts[:, lines] *= size  # lines in ground units
            return parts

        def miss(x, rows, unit=unit, scale=scale, these=these):
            """The miss of the paths ``rows`` (of ``these``) with free parts ``x``."""
            size = scale[np.searchsorted(these, rows)]
            return _misses(starts[rows], goals[rows], size, pieces, parts_of(x, rows), unit)

        x = np.column_stack([values[these][:, tied[0]] for tied in groups])
        error = miss(x, these)
        for _ in range(_BATCH_ROUNDS):
            going = np.flatnonzero(np.abs(error).max(axis=1) > FIT)  # only these are worked on
            if not going.size:
                break
            rows, at = these[going], x[going]
            now = error[going]
            step = 1e-7 * (1.0 + np.abs(at))
            jacobian = np.stack(
                [(miss(at + step * np.eye(3)[k], rows) - now) / step[:, k : k + 1] for k in range(3)], axis=2
            )
            with np.errstate(invalid="ignore"):
                singular = ~(np.abs(np.linalg.det(jacobian)) > 1e-300)
            jacobian[singular] = np.eye(3)
            move = np.linalg.solve(jacobian, -now[:, :, None])[:, :, 0]
            move[singular] = 0.0
            worst = np.abs(now).max(axis=1)
            trying = np.flatnonzero(move.any(axis=1))
            for _ in range(_BATCH_HALVINGS):  # halve each step until its miss shrinks
                if not trying.size:
                    break
                trial = np.maximum(at[trying] + move[trying], 0.0)
                trial_error = miss(trial, rows[trying])
                better = np.abs(trial_error).max(axis=1) < worst[trying]
                won = going[trying[better]]
                x[won], error[won] = trial[better], trial_error[better]
                move[trying] /= 2.0
                trying = trying[~better]
            else:
                error[going[trying]] = np.inf  # no step mends it: given up
        done = np.abs(error).max(axis=1) <= FIT
        parts = parts_of(x, these)
        parts[:, lines] /= size
        fitted[these[done]] = parts[done]
    return fitted


def _rows_of_words(reeds_shepp, word_parts, sharpness):
    """``TurnPaths`` of each path's Reeds-Shepp word with the refitted ``word_parts`` (n, 5,
    lines in radii; NaN: no fit, an infinitely long path)."""
    n = len(reeds_shepp)
    columns = {name: np.zeros((n, _FITTED_ROWS)) for name in ("turns", "lengths", "radii", "rates", "gears")}
    columns["radii"][:] = reeds_shepp.radii[:, None]
    columns["lengths"][:, 0] = np.inf
    for k in np.flatnonzero(np.isfinite(word_parts[:, 0])).tolist():
        path = reeds_shepp.path(k)
        pieces = list(zip(path.turns, path.gears or (1.0,) * len(path.turns), path.segment_lengths))
        parts = [p * (path.radius if t == 0.0 else 1.0) for (t, _, _), p in zip(pieces, word_parts[k])]
        rows = pieces_rows(pieces, parts, path.radius, sharpness)
        count = len(rows[0])
        for name, values in zip(columns, rows):
            columns[name][k, :count] = values
    return TurnPaths(
        reeds_shepp.starts,
        reeds_shepp.radii,
        columns["turns"],
        columns["lengths"],
        reeds_shepp.words,
        ends=reeds_shepp.ends,
        gears=columns["gears"],
        segment_radii=columns["radii"],
        curvature_rates=columns["rates"],
        sharpness=sharpness,
    )


def _free_parts(pieces, values):
    """Which parts Newton's method moves: three lists of piece indices that move together (a
    word's two equal turns), the rest kept (its quarter turns); None where there are not three."""
    turns = [k for k, (t, _, _) in enumerate(pieces) if t]
    groups = [[k] for k in range(len(pieces))]
    if len(pieces) == 4:
        middle = [k for k in (1, 2) if k in turns]
        if len(middle) == 2 and abs(values[1] - values[2]) <= 1e-9:
            groups = [[0], [1, 2], [3]]
        else:
            groups = [[k] for k in range(4) if not (k in turns and abs(values[k] - math.pi / 2.0) <= 1e-9)]
    elif len(pieces) == 5:
        groups = [[k] for k in range(5) if not (k in turns and abs(values[k] - math.pi / 2.0) <= 1e-9)]
    return list(enumerate(groups)) if len(groups) == 3 else None
