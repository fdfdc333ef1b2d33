"""Continuous-curvature paths for a unit that steers and may back up, stopping to change gear
with its wheels straight: the shortest of

- Reeds and Shepp's word with each arc a turn that steers, its parts solved for again (Newton's
  method from theirs, all the paths of one word shape at once): it tends to Reeds and Shepp's as
  the sharpness grows;
- their gear changes kept, each stretch between two a continuous-curvature Dubins path (driven
  forwards, or planned for the unit turned round and backed);
- one such path the whole way forwards, or the whole way back.
"""

import math

import numpy as np

from trajectory._numerics.angles import wrapped
from trajectory.plane.dubins import dubins_paths
from trajectory.plane.fitted_words import FIT, pieces_rows
from trajectory.plane.steering_turns import SteeringUnit
from trajectory.plane.turn_paths import TurnPaths, steering_rows

_LEGS = 3
"""Stretches between gear changes: Reeds and Shepp's words change gear at most twice."""
_FITTED_ROWS = 15
"""Rows of a Reeds-Shepp word of five pieces, each a turn."""
_NEWTON_ROUNDS, _HALVINGS = 20, 12


def cc_reeds_shepp_paths(reeds_shepp, sharpness):
    """``TurnPaths`` for units that steer at ``sharpness`` and may back up, from the start poses
    to the goal poses of ``reeds_shepp`` (their Reeds-Shepp paths, ``TurnPaths`` with ``ends``;
    checked by the caller); words such as "LSR|RSL", a "|" where the unit changes gear."""
    starts, goals, radii = reeds_shepp.starts, reeds_shepp.ends, reeds_shepp.radii
    n = len(starts)
    lengths = reeds_shepp.segment_lengths
    letters = np.array([len(word) for word in reeds_shepp.words.tolist()])
    real = np.arange(lengths.shape[1])[None, :] < letters[:, None]
    gears = np.where(real, reeds_shepp.gears, 0.0)
    changes = real[:, 1:] & (gears[:, 1:] != gears[:, :-1])
    ends = np.cumsum(lengths, axis=1)
    # Each path's stretches: where they begin and end along it (at most _LEGS), and their gears.
    cuts = np.full((n, _LEGS + 1), np.nan)
    cuts[:, 0] = 0.0
    leg_gears = np.zeros((n, _LEGS))
    leg_gears[:, 0] = gears[:, 0]
    count = np.ones(n, dtype=int)
    for k in range(changes.shape[1]):
        at = np.flatnonzero(changes[:, k])
        cuts[at, count[at]] = ends[at, k]
        leg_gears[at, count[at]] = gears[at, k + 1]
        count[at] += 1
    cuts[np.arange(n), count] = reeds_shepp.lengths
    legs = [_legs(reeds_shepp, cuts, leg_gears, k, sharpness) for k in range(_LEGS)]
    candidates = [_joined(starts, goals, radii, sharpness, legs, count), _fitted(reeds_shepp, sharpness)]
    for gear in (1.0, -1.0):  # the whole way forwards, or back
        candidates.append(_one_gear(starts, goals, radii, sharpness, gear))
    totals = np.stack([c.lengths for c in candidates])
    best = np.argmin(totals, axis=0)
    return _pick(candidates, best)


def _legs(reeds_shepp, cuts, leg_gears, k, sharpness):
    """Stretch ``k`` of every path (where it has one): (rows, continuous-curvature paths)."""
    rows = np.flatnonzero(np.isfinite(cuts[:, k + 1]))
    if not rows.size:
        return rows, None
    poses = reeds_shepp.pose(np.where(np.isfinite(cuts[:, k]), cuts[:, k], 0.0))[rows]
    later = reeds_shepp.pose(np.where(np.isfinite(cuts[:, k + 1]), cuts[:, k + 1], 0.0))[rows]
    return rows, steered_legs(poses, later, reeds_shepp.radii[rows], sharpness, leg_gears[rows, k])


def steered_legs(starts, goals, radii, sharpness, gears):
    """Continuous-curvature Dubins paths between poses, each driven forwards (gear 1) or backed
    (-1: planned for the unit turned round, its turns then steering the other way)."""
    turned = np.array([0.0, 0.0, np.pi]) * (gears < 0.0)[:, None]
    paths = dubins_paths(
        starts + turned, goals[:, :2], radii, headings=goals[:, 2] + turned[:, 2], sharpness=sharpness
    )
    return TurnPaths(
        starts,
        radii,
        paths.turns * gears[:, None],
        paths.segment_lengths,
        paths.words,
        ends=goals,
        gears=np.repeat(gears[:, None], paths.turns.shape[1], axis=1),
        segment_radii=paths.segment_radii,
        curvature_rates=paths.curvature_rates,
        sharpness=sharpness,
    )


def _one_gear(starts, goals, radii, sharpness, gear):
    """A continuous-curvature Dubins path the whole way, in one gear, as ``_LEGS``-stretch rows."""
    path = steered_legs(starts, goals, radii, sharpness, np.full(len(starts), gear))
    rows = _rows_of(path)
    return _packed(starts, goals, radii, sharpness, path.words, [rows], [np.ones(len(starts), dtype=bool)])


def _joined(starts, goals, radii, sharpness, legs, count):
    """The stretches of each path end to end, words joined by "|"."""
    n = len(starts)
    words = np.full(n, "", dtype=object)
    parts, present = [], []
    for k, (rows, path) in enumerate(legs):
        here = np.zeros(n, dtype=bool)
        here[rows] = True
        full = {name: np.zeros((n, 9)) for name in ("turns", "lengths", "radii", "rates", "gears")}
        full["radii"][:] = radii[:, None]
        if path is not None:
            for name, value in zip(full, _rows_of(path)):
                full[name][rows] = value
            words[rows] = words[rows] + ("|" if k > 0 else "") + path.words.astype(object)
        parts.append(tuple(full.values()))
        present.append(here)
    return _packed(starts, goals, radii, sharpness, words.astype(str), parts, present)


def _rows_of(path):
    """A batch's rows: turns, lengths, radii, curvature rates, gears, each (n, 9)."""
    return path.turns, path.segment_lengths, path.segment_radii, path.curvature_rates, path.gears


def _packed(starts, goals, radii, sharpness, words, parts, present):
    """``TurnPaths`` of stretches laid end to end: each stretch's rows (turns, lengths, radii,
    rates, gears per (n, 9)) where ``present``, the rows that are not padding moved to the front
    so that a path's rows are the first of its row count (``TurnPaths.path``)."""
    columns = [np.concatenate([p[i] for p in parts], axis=1) for i in range(5)]
    keep = np.concatenate(
        [
            np.repeat(here[:, None], 9, axis=1) & _real_rows(leg_words)
            for here, leg_words in zip(present, _leg_words(words, len(parts)))
        ],
        axis=1,
    )
    order = np.argsort(~keep, axis=1, kind="stable")
    turns, lengths, segment_radii, rates, gears = (np.take_along_axis(c, order, axis=1) for c in columns)
    lengths = np.where(np.take_along_axis(keep, order, axis=1), lengths, 0.0)
    return TurnPaths(
        starts,
        radii,
        turns,
        lengths,
        words,
        ends=goals,
        gears=gears,
        segment_radii=segment_radii,
        curvature_rates=rates,
        sharpness=sharpness,
    )


def _leg_words(words, legs):
    """Each path's word per stretch (the parts of its word between "|"), ``legs`` lists."""
    split = [word.split("|") for word in words.tolist()]
    return [[pieces[k] if k < len(pieces) else "" for pieces in split] for k in range(legs)]


def _real_rows(words):
    """Which of a stretch's 9 rows its word uses (n, 9): three per turn, one per line."""
    counts = np.array([steering_rows(word) for word in words], dtype=int)
    return np.arange(9)[None, :] < counts[:, None]


def _pick(candidates, best):
    """Each path from the candidate ``best`` names for it."""
    chosen = candidates[0]
    fields = ("turns", "segment_lengths", "segment_radii", "curvature_rates", "gears")
    width = max(c.turns.shape[1] for c in candidates)
    merged = {}
    for name in fields:
        fill = 1.0 if name == "segment_radii" else 0.0  # a radius of no use, but not 0
        stack = np.stack([_widened(getattr(c, name), width, fill) for c in candidates])
        merged[name] = stack[best, np.arange(best.size)]
    words = np.stack([c.words.astype(object) for c in candidates])[best, np.arange(best.size)].astype(str)
    return TurnPaths(
        chosen.starts,
        chosen.radii,
        merged["turns"],
        merged["segment_lengths"],
        words,
        ends=chosen.ends,
        gears=merged["gears"],
        segment_radii=merged["segment_radii"],
        curvature_rates=merged["curvature_rates"],
        sharpness=chosen.sharpness,
    )


def _widened(array, width, fill):
    """``array`` (n, k) padded with rows of ``fill`` to (n, width)."""
    pad = width - array.shape[1]
    return np.pad(array, ((0, 0), (0, pad)), constant_values=fill) if pad else array


def _fitted(reeds_shepp, sharpness):
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


def _newton(reeds_shepp, rows, pieces, groups, values, sharpness):
    """Parts (len(rows), k; lines in radii) of words of ``pieces`` refitted to end at the goal
    poses, ``groups`` of parts moving together from ``values``; NaN where the fit failed."""
    radius = reeds_shepp.radii[rows]
    starts, goals = reeds_shepp.starts[rows], reeds_shepp.ends[rows]
    fitted = np.full(values.shape, np.nan)
    lines = np.array([turn == 0.0 for turn, _ in pieces])
    for size in np.unique(radius).tolist():
        these = np.flatnonzero(radius == size)
        unit = SteeringUnit(1.0 / size, sharpness)
        scale = np.hypot(*(goals[these, :2] - starts[these, :2]).T) + size

        def parts_of(x, rows, size=size):
            parts = values[rows].copy()
            for column, tied in enumerate(groups):
                parts[:, list(tied)] = x[:, column : column + 1]
            parts[:, lines] *= size  # lines in ground units
            return parts

        def miss(x, rows, unit=unit, scale=scale, these=these):
            """The miss of the paths ``rows`` (of ``these``) with free parts ``x``."""
            point, heading = _word_ends(starts[rows], pieces, parts_of(x, rows), unit)
            goal, size = goals[rows], scale[np.searchsorted(these, rows)]
            return np.column_stack(
                [
                    (point.real - goal[:, 0]) / size,
                    (point.imag - goal[:, 1]) / size,
                    wrapped(heading - goal[:, 2]),
                ]
            )

        x = np.column_stack([values[these][:, tied[0]] for tied in groups])
        error = miss(x, these)
        for _ in range(_NEWTON_ROUNDS):
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
            for _ in range(_HALVINGS):  # halve each step until its miss shrinks
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
