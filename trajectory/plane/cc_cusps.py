"""Fraichard and Scheuer's continuous-curvature paths that change gear, for ``cc_reeds_shepp``: a
chain of turns, every one on its full-lock circle (``SteeringUnit.on_circle``), each in a gear
of its own, consecutive turns meeting or joined by a line (in a gear of its own), the unit
stopping to change gear wherever two parts' gears differ. The chains (c: a change of gear):

- turn, line, turn in any gears (TcST, TScT, TcScT, TST backing);
- three turns in any gears, the middle circle where it meets both others (TcTcT, TcTT, TTcT, TTT);
- TcTST and TSTcT: the middle circle 2 y from the end circle it meets (y as below), round it at
  their choice and on a grid of angles;
- TTcTT and TcTTcT: two middle circles, the first round the start's circle at their symmetric
  choices and on a grid, the second where it meets the first and the goal's;
- TcTSTcT: two middle circles 2 y from the end circles, at their symmetric choices.

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
from trajectory.plane.steering_turns import steering_paths, steering_unit
from trajectory.plane.turn_paths import TurnPaths, steering_rows

_SIGNS = (1.0, -1.0)
_WIDTH = 13
"""Segments a chain has at most: four turns of three and a line."""
_PARTS = 5
"""Parts (turns and lines) a chain has at most: four turns and a line."""
_BATCH = 2**16
"""Candidates (chains at points) evaluated at once, at most (and one request more)."""
_ROUND = 48
"""Angles tried round a circle where a middle circle may lie anywhere on it."""


def cusp_paths(starts, goals, radii, sharpness):
    """The shortest of the chains above from each start pose to each goal pose (n, 3), turning
    no tighter than ``radii`` (n,), one ``sharpness``: ``TurnPaths`` with ``gears``, words such
    as "L|SR" ("|" where the unit changes gear), lengths inf where none exists."""
    n = len(starts)
    seen = (goals[:, 0] - starts[:, 0] + 1j * (goals[:, 1] - starts[:, 1])) * np.exp(-1j * starts[:, 2])
    headings = wrapped(goals[:, 2] - starts[:, 2])
    best, shapes = np.full(n, np.inf), []
    shape = np.full(n, -1)  # each path's chain, an index into shapes (-1: none)
    values, sharpnesses = np.zeros((n, _PARTS)), np.ones((n, _PARTS))
    for radius in np.unique(radii).tolist():
        rows = np.flatnonzero(radii == radius)
        chains = _Chains(seen[rows], headings[rows], steering_unit(1.0 / radius, sharpness))
        for kinds, gears, sides, these, their_sharpness, lengths in chains.all():
            better = np.flatnonzero(lengths < best[rows])
            if better.size:
                at = rows[better]
                best[at], shape[at] = lengths[better], len(shapes)
                values[at, : len(kinds)] = these[better]
                sharpnesses[at, : len(kinds)] = their_sharpness[better]
                shapes.append((kinds, gears, sides))
    return _assembled(starts, goals, radii, sharpness, shapes, shape, values, sharpnesses)


class _Chains:
    """The chains to ``points`` (k,) arriving facing ``headings`` (k,) for one ``unit``."""

    def __init__(self, points, headings, unit):
        self.points, self.headings, self.unit = points, headings, unit

    def start_centre(self, gear, side):
        return gear * self.unit.x + 1j * side * self.unit.y

    def end_centre(self, gear, side, rows=slice(None)):
        """The last turn's full-lock centre for the points ``rows`` (all by default)."""
        return self.points[rows] + np.exp(1j * self.headings[rows]) * (
            -gear * self.unit.x + 1j * side * self.unit.y
        )

    def meeting(self, gear_a, side_a, gear_b, side_b):
        """From one turn's centre to the next's where they meet, facing 0 (``v``, as above)."""
        return (gear_a + gear_b) * self.unit.x + 1j * (side_b - side_a) * self.unit.y

    def all(self):
        """Every chain, the best of each for some point: (kinds, each part's gear, each part's
        side (a line's 0), values (k, parts): a turn's deflection or a line's length,
        sharpnesses (k, parts), lengths (k,), inf for the points it is not the best for). The
        chains of one pattern (turns, and where lines join them) are evaluated together, up to
        ``_BATCH`` candidates at once (numpy's cost per call, not per chain)."""
        requests = [
            *self.turn_line_turn(),
            *self.three_turns(),
            *self.one_middle_and_a_line(),
            *self.four_turns(),
            *self.two_middles_and_a_line(),
        ]
        patterns = {}
        for request in requests:
            gears, _, links = request[:3]
            pattern = (len(gears), tuple(link is None for link in links))
            patterns.setdefault(pattern, []).append(request)
        for group in patterns.values():
            batch, size = [], 0
            for request in group:
                batch.append(request)
                size += self.points.size if request[4] is None else request[4].size
                if size >= _BATCH:
                    yield from self.evaluated(batch)
                    batch, size = [], 0
            if batch:
                yield from self.evaluated(batch)

    def turn_line_turn(self):
        for g1, gl, g2 in itertools.product(_SIGNS, repeat=3):
            for p1, p2 in itertools.product(_SIGNS, repeat=2):
                yield (g1, g2), (p1, p2), [gl], [], None

    def three_turns(self):
        for gears in itertools.product(_SIGNS, repeat=3):
            for sides in itertools.product(_SIGNS, repeat=3):
                first, last = self.start_centre(gears[0], sides[0]), self.end_centre(gears[2], sides[2])
                a = abs(self.meeting(gears[0], sides[0], gears[1], sides[1]))
                b = abs(self.meeting(gears[1], sides[1], gears[2], sides[2]))
                if a == 0.0 or b == 0.0:
                    continue  # one circle: the turns would meet anywhere on it
                for middle in _meeting_points(first, last, a, b):
                    yield gears, sides, [None, None], [middle], None

    def one_middle_and_a_line(self):
        """TcTST (the middle circle round the start's) and TSTcT (round the goal's)."""
        two_y, count = 2.0 * self.unit.y, self.points.size
        for g, p1, p2 in itertools.product(_SIGNS, repeat=3):
            for before in (True, False):  # the change of gear before the line, or after it
                if before:
                    gears, sides, links = (g, -g, -g), (p1, -p1, p2), [None, -g]
                    centre, other = self.start_centre(g, p1), self.end_centre(-g, p2)
                else:
                    gears, sides, links = (g, g, -g), (p1, -p2, p2), [g, None]
                    centre, other = self.end_centre(-g, p2), self.start_centre(g, p1)
                centre, other = np.broadcast_to(centre, (count,)), np.broadcast_to(other, (count,))
                angles = _ring_angles(centre, other, two_y)
                rows = np.repeat(np.arange(self.points.size), angles.shape[1])
                middle = np.repeat(centre, angles.shape[1]) + two_y * np.exp(1j * angles.ravel())
                yield gears, sides, links, [middle], rows

    def four_turns(self):
        """TTcTT and TcTTcT: gears (g, g, -g, -g) or (g, -g, -g, g), the sides alternating."""
        for g, p in itertools.product(_SIGNS, repeat=2):
            for gears in ((g, g, -g, -g), (g, -g, -g, g)):
                sides = (p, -p, p, -p)
                first, last = self.start_centre(gears[0], sides[0]), self.end_centre(gears[3], sides[3])
                a, b, c = (
                    abs(self.meeting(gears[k], sides[k], gears[k + 1], sides[k + 1])) for k in range(3)
                )
                angles = _symmetric_angles(first, last, a, b)
                rows = np.repeat(np.arange(self.points.size), angles.shape[1])
                second = np.repeat(first, angles.shape[1]) if np.ndim(first) else np.full(rows.size, first)
                second = second + a * np.exp(1j * angles.ravel())
                for third in _meeting_points(second, last[rows], b, c):
                    yield gears, sides, [None] * 3, [second, third], rows

    def two_middles_and_a_line(self):
        """TcTSTcT: gears (g, -g, -g, g), each middle circle 2 y from its end circle, at their
        symmetric choices."""
        two_y = 2.0 * self.unit.y
        for g, p1, p2 in itertools.product(_SIGNS, repeat=3):
            gears, sides = (g, -g, -g, g), (p1, -p1, -p2, p2)
            first, last = self.start_centre(g, p1), self.end_centre(g, p2)
            gap = last - first
            distance = np.abs(gap)
            toward = gap / np.where(distance > 0.0, distance, 1.0)
            with np.errstate(invalid="ignore", divide="ignore"):
                drop = two_y * two_y / distance
                ahead = np.sqrt(two_y * two_y - drop * drop)
            for shift in (two_y + 0.0j, ahead + 1j * drop, ahead - 1j * drop):
                second, third = first + toward * shift, last - toward * shift
                yield gears, sides, [None, -g, None], [second, third], None

    def evaluated(self, requests):
        """The chains ``requests``, each (gears, sides, links, middles, rows): turns (``gears``,
        ``sides``) joined by ``links`` (None: they meet; a gear: a line driven in it) through the
        ``middles``' centres (each (m,), for the points ``rows`` (m,); None: all of them), all
        with their lines in the same places; once per root of the lines, each that is the best
        of these for some point, with its shortest there (``all``)."""
        count = self.points.size
        sizes = [count if request[4] is None else request[4].size for request in requests]
        rows = np.concatenate(
            [np.arange(count) if request[4] is None else request[4] for request in requests]
        )
        request_of = np.repeat(np.arange(len(requests)), sizes)

        def each(values):  # one value per request, to each of its candidates
            return np.asarray(values, dtype=float)[request_of]

        first = requests[0]
        gears = [each([request[0][k] for request in requests]) for k in range(len(first[0]))]
        sides = [each([request[1][k] for request in requests]) for k in range(len(first[0]))]
        links = [
            None if link is None else each([request[2][k] for request in requests])
            for k, link in enumerate(first[2])
        ]
        middles = [
            np.concatenate(
                [np.broadcast_to(request[3][j], (size,)) for request, size in zip(requests, sizes)]
            )
            for j in range(len(first[3]))
        ]
        centres = [
            self.start_centre(gears[0], sides[0]),
            *middles,
            self.end_centre(gears[-1], sides[-1], rows),
        ]
        lines = [k for k, link in enumerate(links) if link is not None]
        for roots in itertools.product(_SIGNS, repeat=len(lines)):
            facing, lengths_of_lines = [], []
            for k, link in enumerate(links):
                gap = centres[k + 1] - centres[k]
                if link is None:
                    v = self.meeting(gears[k], sides[k], gears[k + 1], sides[k + 1])
                    scale = np.abs(gap) + np.abs(v)
                    fits = np.abs(np.abs(gap) - np.abs(v)) <= 1e-9 * scale
                    facing.append(np.where(fits, np.angle(gap) - np.angle(v), np.nan))
                    continue
                across = (sides[k + 1] - sides[k]) * self.unit.y
                with np.errstate(invalid="ignore"):
                    along = roots[lines.index(k)] * np.sqrt(np.abs(gap) ** 2 - across * across)
                line = (along - (gears[k] + gears[k + 1]) * self.unit.x) / link
                facing.append(np.where(line >= 0.0, np.angle(gap) - np.arctan2(across, along), np.nan))
                lengths_of_lines.append(np.maximum(line, 0.0))
            headings = [np.zeros(rows.size), *facing, self.headings[rows]]
            turned = (
                np.stack(
                    [sides[k] * gears[k] * (headings[k + 1] - headings[k]) for k in range(len(gears))], axis=1
                )
                % TWO_PI
            )
            deflections, sharpnesses, lengths = _turns(turned, self.unit)
            total = lengths.sum(axis=1) + sum(lengths_of_lines, np.zeros(rows.size))
            values, part_sharpness, lines_left = [], [], iter(lengths_of_lines)
            for k in range(len(gears)):
                values.append(deflections[:, k])
                part_sharpness.append(sharpnesses[:, k])
                if k < len(links) and links[k] is not None:
                    values.append(next(lines_left))
                    part_sharpness.append(sharpnesses[:, k])
            values, part_sharpness = np.stack(values, axis=1), np.stack(part_sharpness, axis=1)
            # Each point's best request; each request that is best somewhere, there.
            best = np.full((len(requests), count), np.inf)
            np.minimum.at(best, (request_of, rows), np.where(np.isfinite(total), total, np.inf))
            winner = np.argmin(best, axis=0)
            total = np.where(winner[rows] == request_of, total, np.inf)
            for index in np.unique(winner[np.isfinite(best.min(axis=0))]).tolist():
                these = np.flatnonzero(request_of == index)
                yield (
                    *_shape(*requests[index][:3]),
                    *_shortest_per_point(
                        rows[these], count, values[these], part_sharpness[these], total[these]
                    ),
                )


def _shape(gears, sides, links):
    """A chain's kinds ("T" a turn, "S" a line), each part's gear and side (a line's 0)."""
    kinds, part_gears, part_sides = "", [], []
    for k, (gear, side) in enumerate(zip(gears, sides)):
        kinds += "T"
        part_gears.append(gear)
        part_sides.append(side)
        if k < len(links) and links[k] is not None:
            kinds += "S"
            part_gears.append(links[k])
            part_sides.append(0.0)
    return kinds, tuple(part_gears), tuple(part_sides)


def _shortest_per_point(rows, count, values, sharpnesses, lengths):
    """Of candidates for the points ``rows``, each point's shortest: values, sharpnesses and
    lengths (``count``,), lengths inf where a point has none."""
    best = np.full(count, np.inf)
    np.minimum.at(best, rows, np.where(np.isfinite(lengths), lengths, np.inf))
    chosen_values = np.zeros((count, values.shape[1]))
    chosen_sharpness = np.ones((count, values.shape[1]))
    winners = np.flatnonzero(np.isfinite(lengths) & (lengths == best[rows]))
    chosen_values[rows[winners]], chosen_sharpness[rows[winners]] = values[winners], sharpnesses[winners]
    return chosen_values, chosen_sharpness, best


def _ring_angles(centre, other, radius):
    """Where round ``centre`` (k,) a middle circle ``radius`` from it is tried, towards the
    circle ``other`` (k,) it joins by a line (k, q): Fraichard and Scheuer's choices (straight
    at it, and where the line to it leaves as their internal tangent), and ``_ROUND`` more."""
    gap = other - centre
    distance = np.abs(gap)
    toward = np.angle(gap)
    with np.errstate(invalid="ignore", divide="ignore"):
        drop = radius * radius / distance
        tilt = np.arctan2(drop, np.sqrt(radius * radius - drop * drop))
    grid = np.linspace(0.0, TWO_PI, _ROUND, endpoint=False)
    return np.column_stack([toward, toward + tilt, toward - tilt, toward[:, None] + grid[None, :]])


def _symmetric_angles(first, last, a, b):
    """Where round ``first`` (one, or (k,)) a middle circle ``a`` from it is tried for a chain of
    four turns to ``last`` (k,): the symmetric places (the second middle as far from ``last``,
    ``b`` from the first middle), and ``_ROUND`` more (k, q)."""
    gap = last - first
    distance = np.abs(gap)
    toward = np.angle(gap)
    columns = [toward[:, None] + np.linspace(0.0, TWO_PI, _ROUND, endpoint=False)[None, :]]
    # Mirrored about the line between the middles' (b apart along it), or turned half round
    # about the middle of first and last (the first middle b / 2 from it).
    halfway = (a * a + distance * distance / 4.0 - b * b / 4.0) / np.maximum(distance, 1e-300)
    for ahead in ((distance + b) / 2.0, (distance - b) / 2.0, halfway):
        with np.errstate(invalid="ignore"):
            tilt = np.arctan2(np.sqrt(a * a - ahead * ahead), ahead)
        columns += [(toward + tilt)[:, None], (toward - tilt)[:, None]]
    return np.concatenate(columns, axis=1)


def _meeting_points(first, last, a, b):
    """The two places (k,) each ``a`` from ``first`` and ``b`` from ``last`` (k,): NaN where the
    circles do not meet."""
    gap = last - first
    distance = np.abs(gap)
    with np.errstate(invalid="ignore", divide="ignore"):
        along = (a * a - b * b + distance * distance) / (2.0 * distance)
        height = np.sqrt(a * a - along * along)
        toward = gap / distance
    return [first + toward * (along + 1j * side * height) for side in _SIGNS]


def _turns(turned, unit):
    """``SteeringUnit.on_circle`` of ``turned`` (k, m; NaN where no path) with no turn a line
    (its line could be in another gear than a line beside it): (deflections, sharpnesses,
    lengths), lengths inf where NaN."""
    missing = ~np.isfinite(turned)
    deflections, sharpnesses, lengths = unit.on_circle(np.where(missing, 1.0, turned), lines=False)
    return deflections, sharpnesses, np.where(missing, np.inf, lengths)


def _assembled(starts, goals, radii, sharpness, shapes, shape, values, sharpnesses):
    """``TurnPaths`` of each path's chain (``shapes[shape]``, -1: no path, length inf) with its
    ``values`` and ``sharpnesses`` (n, parts), each stretch in one gear a path of its own
    (backing: planned for the unit turned round), end to end; the paths of one chain at once."""
    n = len(starts)
    names = ("turns", "lengths", "radii", "rates", "gears")
    columns = {name: np.zeros((n, _WIDTH)) for name in names}
    columns["radii"][:] = radii[:, None]
    columns["gears"][:] = 1.0
    columns["lengths"][shape < 0, 0] = np.inf
    words = np.full(n, "", dtype=object)
    for index in np.unique(shape[shape >= 0]).tolist():
        kinds, gears, sides = shapes[index]
        rows = np.flatnonzero(shape == index)
        letters = [
            "S" if kind == "S" else "LR"[side * gear < 0.0] for kind, side, gear in zip(kinds, sides, gears)
        ]
        poses, at, pieces = starts[rows], 0, []
        for gear, parts in itertools.groupby(range(len(kinds)), key=lambda k: gears[k]):
            parts = list(parts)
            word = "".join(letters[k] for k in parts)
            leg = steering_paths(
                poses,
                None,
                np.full(rows.size, word),
                values[np.ix_(rows, parts)],
                radii[rows],
                sharpness,
                np.full(rows.size, gear),
                sharpnesses[np.ix_(rows, parts)],
            )
            count = steering_rows(word)  # its rows first, then padding
            leg_rows = (leg.turns, leg.segment_lengths, leg.segment_radii, leg.curvature_rates, leg.gears)
            for name, value in zip(names, leg_rows):
                columns[name][rows, at : at + count] = value[:, :count]
            at += count
            pieces.append(word)
            poses = leg.pose(leg.lengths)
        words[rows] = "|".join(pieces)
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
