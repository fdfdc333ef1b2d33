"""Continuous-curvature paths for a unit that steers and may back up, stopping to change gear
with its wheels straight: the shortest of

- Reeds and Shepp's word with each arc a turn that steers, its parts solved for again (Newton's
  method from theirs, all the paths of one word shape at once): it tends to Reeds and Shepp's as
  the sharpness grows;
- their gear changes kept, each stretch between two a continuous-curvature Dubins path (driven
  forwards, or planned for the unit turned round and backed);
- one such path the whole way forwards, or the whole way back.
"""

import dataclasses

import numpy as np

from trajectory.plane.cc_cusps import cusp_paths
from trajectory.plane.dubins import dubins_paths
from trajectory.plane.fitted_words import fitted_reeds_shepp
from trajectory.plane.turn_paths import TurnPaths, steering_rows

_LEGS = 3
"""Stretches between gear changes: Reeds and Shepp's words change gear at most twice."""


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
    # Every stretch, and the whole way forwards and back, as one batch of Dubins paths.
    stretches = [_stretch(reeds_shepp, cuts, leg_gears, k) for k in range(_LEGS)]
    stretches += [(np.arange(n), starts, goals, np.full(n, gear)) for gear in (1.0, -1.0)]
    rows = np.concatenate([rows for rows, *_ in stretches])
    steered = steered_legs(
        *(np.concatenate([stretch[k] for stretch in stretches]) for k in (1, 2)),
        radii[rows],
        sharpness,
        np.concatenate([stretch[3] for stretch in stretches]),
    )
    at = np.cumsum([0] + [stretch[0].size for stretch in stretches])
    paths = [_taken(steered, slice(at[k], at[k + 1])) for k in range(len(stretches))]
    legs = [(stretch[0], path) for stretch, path in zip(stretches[:_LEGS], paths)]
    candidates = [
        _joined(starts, goals, radii, sharpness, legs, count),
        fitted_reeds_shepp(reeds_shepp, sharpness),
        *(_one_gear(starts, goals, radii, sharpness, path) for path in paths[_LEGS:]),  # forwards, back
        cusp_paths(starts, goals, radii, sharpness),
    ]
    totals = np.stack([c.lengths for c in candidates])
    best = np.argmin(totals, axis=0)
    return _pick(candidates, best)


def _stretch(reeds_shepp, cuts, leg_gears, k):
    """Stretch ``k`` of every path (where it has one): (rows, its start and end poses, gears)."""
    rows = np.flatnonzero(np.isfinite(cuts[:, k + 1]))
    poses = reeds_shepp.pose(np.where(np.isfinite(cuts[:, k]), cuts[:, k], 0.0))[rows]
    later = reeds_shepp.pose(np.where(np.isfinite(cuts[:, k + 1]), cuts[:, k + 1], 0.0))[rows]
    return rows, poses, later, leg_gears[rows, k]


def _taken(paths, rows):
    """The ``TurnPaths`` of ``paths``' ``rows`` (a slice or indices)."""
    return dataclasses.replace(
        paths,
        **{
            field.name: getattr(paths, field.name)[rows]
            for field in dataclasses.fields(paths)
            if isinstance(getattr(paths, field.name), np.ndarray)
        },
    )


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


def _one_gear(starts, goals, radii, sharpness, path):
    """A continuous-curvature Dubins ``path`` the whole way, in one gear, as ``_LEGS``-stretch
    rows."""
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
