"""Fraichard and Scheuer's continuous-curvature paths that change gear, for ``cc_reeds_shepp``:
every turn on its full-lock circle (``SteeringUnit.on_circle``), each part (turn or line) in a
gear of its own, the unit stopping to change gear where two parts' gears differ. Two shapes:

- turn, line, turn (TST in any gears: TcST, TScT, TcScT, and TST forwards or back);
- three turns, the middle one's circle placed where it meets both others (TcTcT, TcTT, TTcT and
  TTT in any gears).

A turn driven in gear g (1 forwards, -1 backing) whose full-lock centre lies on side p (1 left of
the unit's heading, -1 right) leaves a pose q facing theta from the centre q + e^(i theta)
(g x + i p y) and ends at one from the centre q + e^(i theta) (-g x + i p y), x + iy the
full-lock centre (backing is driving the unit turned round, the centre's side kept). So from the
end of a turn (gear g_a, side p_a, circle c_a) along a line driven in gear g_l, L long (0 where
the turns meet), to the start of the next (g_b, p_b, c_b), facing theta:

    c_b - c_a = e^(i theta) (g_l L + (g_a + g_b) x + i (p_b - p_a) y).

In the frame of the start: the start at 0 facing +x, points as complex numbers x + iy.
"""

import itertools

import numpy as np

from trajectory._numerics.angles import TWO_PI, wrapped
from trajectory.plane.steering_turns import SteeringUnit, steering_paths
from trajectory.plane.turn_paths import TurnPaths, steering_rows

_SIGNS = (1.0, -1.0)
_WIDTH = 9
"""Segments a path of three parts has at most: three per turn."""


def cusp_paths(starts, goals, radii, sharpness):
    """The shortest of the paths above from each start pose to each goal pose (n, 3), turning
    no tighter than ``radii`` (n,), one ``sharpness``: ``TurnPaths`` with ``gears``, words such
    as "L|SR" ("|" where the unit changes gear), lengths inf where none exists."""
    n = len(starts)
    seen = (goals[:, 0] - starts[:, 0] + 1j * (goals[:, 1] - starts[:, 1])) * np.exp(-1j * starts[:, 2])
    headings = wrapped(goals[:, 2] - starts[:, 2])
    best = np.full(n, np.inf)
    chosen = [None] * n
    for radius in np.unique(radii).tolist():
        rows = np.flatnonzero(radii == radius)
        unit = SteeringUnit(1.0 / radius, sharpness)
        for kinds, gears, sides, values, sharpnesses, lengths in _candidates(
            seen[rows], headings[rows], unit
        ):
            for k in np.flatnonzero(lengths < best[rows]).tolist():
                best[rows[k]] = lengths[k]
                chosen[rows[k]] = (kinds, gears, sides, values[k], sharpnesses[k])
    return _assembled(starts, goals, radii, sharpness, chosen)


def _candidates(points, headings, unit):
    """Every shape in every gear and side: (kinds "TST" or "TTT", gears (3,), sides (3,; a
    line's 0), values (k, 3): a turn's deflection or a line's length, sharpnesses (k, 3),
    lengths (k,) inf where none), k = len(points)."""
    x, y = unit.x, unit.y

    def start_centre(g, p):
        return g * x + 1j * p * y

    def end_centre(g, p):
        return points + np.exp(1j * headings) * (-g * x + 1j * p * y)

    for g1, gl, g2 in itertools.product(_SIGNS, repeat=3):
        for p1, p2 in itertools.product(_SIGNS, repeat=2):
            gap = end_centre(g2, p2) - start_centre(g1, p1)
            across = (p2 - p1) * y
            with np.errstate(invalid="ignore"):
                reach = np.sqrt(np.abs(gap) ** 2 - across * across)
            for root in _SIGNS:
                along = root * reach
                line = (along - (g1 + g2) * x) / gl
                facing = np.angle(gap) - np.arctan2(across, along)
                turned = np.stack([p1 * g1 * facing, p2 * g2 * (headings - facing)], axis=1) % TWO_PI
                deflections, sharpnesses, lengths = _turns(turned, unit)
                total = np.where(line >= 0.0, lengths.sum(axis=1) + line, np.inf)
                values = np.column_stack([deflections[:, 0], line, deflections[:, 1]])
                turn_sharpness = np.column_stack([sharpnesses[:, 0], sharpnesses[:, 0], sharpnesses[:, 1]])
                yield "TST", (g1, gl, g2), (p1, 0.0, p2), values, turn_sharpness, total
    for g1, gm, g2 in itertools.product(_SIGNS, repeat=3):
        for p1, pm, p2 in itertools.product(_SIGNS, repeat=3):
            first = start_centre(g1, p1)
            gap = end_centre(g2, p2) - first
            meet_a = (g1 + gm) * x + 1j * (pm - p1) * y  # from the first centre to the middle's
            meet_b = (gm + g2) * x + 1j * (p2 - pm) * y  # from the middle centre to the last's
            if abs(meet_a) == 0.0 or abs(meet_b) == 0.0:
                continue  # one circle: the turns would meet anywhere on it
            for middle in _meeting_points(first, gap, abs(meet_a), abs(meet_b)):
                facing_a = np.angle(middle - first) - np.angle(meet_a)
                facing_b = np.angle(first + gap - middle) - np.angle(meet_b)
                turned = (
                    np.stack(
                        [
                            p1 * g1 * facing_a,
                            pm * gm * (facing_b - facing_a),
                            p2 * g2 * (headings - facing_b),
                        ],
                        axis=1,
                    )
                    % TWO_PI
                )
                deflections, sharpnesses, lengths = _turns(turned, unit)
                yield "TTT", (g1, gm, g2), (p1, pm, p2), deflections, sharpnesses, lengths.sum(axis=1)


def _meeting_points(first, gap, a, b):
    """The two places (k,) each a from ``first`` and b from ``first`` + ``gap`` (k,): NaN where
    the circles do not meet."""
    distance = np.abs(gap)
    with np.errstate(invalid="ignore", divide="ignore"):
        along = (a * a - b * b + distance * distance) / (2.0 * distance)
        height = np.sqrt(a * a - along * along)
        toward = gap / distance
    return [first + toward * (along + 1j * side * height) for side in _SIGNS]


def _turns(turned, unit):
    """``SteeringUnit.on_circle`` of ``turned`` (k, m; NaN where no path), except that a turn
    that does not turn goes round at full lock (its line could be in another gear than a line
    beside it): (deflections, sharpnesses, lengths), lengths inf where NaN."""
    missing = ~np.isfinite(turned)
    deflections, sharpnesses, lengths = unit.on_circle(np.where(missing, 1.0, turned))
    straight = deflections == 0.0
    deflections[straight] = unit.full_lock(turned[straight])
    lengths[straight] = unit.length(deflections[straight])
    return deflections, sharpnesses, np.where(missing, np.inf, lengths)


def _assembled(starts, goals, radii, sharpness, chosen):
    """``TurnPaths`` of the ``chosen`` paths (None: no path, length inf), each stretch in one
    gear a path of its own (backing: planned for the unit turned round), end to end."""
    n = len(starts)
    names = ("turns", "lengths", "radii", "rates", "gears")
    columns = {name: np.zeros((n, _WIDTH)) for name in names}
    columns["radii"][:] = radii[:, None]
    columns["gears"][:] = 1.0
    columns["lengths"][:, 0] = np.inf
    words = np.full(n, "", dtype=object)
    for row, path in enumerate(chosen):
        if path is None:
            continue
        kinds, gears, sides, values, sharpnesses = path
        columns["lengths"][row, 0] = 0.0
        letters = [
            "S" if kind == "S" else "LR"[side * gear < 0.0] for kind, side, gear in zip(kinds, sides, gears)
        ]
        pose, at, pieces = starts[row], 0, []
        for gear, parts in itertools.groupby(range(3), key=lambda k: gears[k]):
            parts = list(parts)
            word = "".join(letters[k] for k in parts)
            leg = steering_paths(
                pose[None],
                None,
                np.array([word]),
                values[None, parts],
                radii[row : row + 1],
                sharpness,
                np.array([gear]),
                sharpnesses[None, parts],
            )
            count = steering_rows(word)  # its rows first, then padding
            leg_rows = (leg.turns, leg.segment_lengths, leg.segment_radii, leg.curvature_rates, leg.gears)
            for name, value in zip(names, leg_rows):
                columns[name][row, at : at + count] = value[0, :count]
            at += count
            pieces.append(word)
            pose = leg.path(0).table.ends()[-1]
        words[row] = "|".join(pieces)
    return TurnPaths(
        starts,
        radii,
        columns["turns"],
        columns["lengths"],
        words.astype(str),
        ends=goals,
        gears=columns["gears"],
        segment_radii=columns["radii"],
        curvature_rates=columns["rates"],
        sharpness=sharpness,
    )
