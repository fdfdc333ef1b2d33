"""Where a mesh built along a curve gets its rings (stations): an interval of arc length is
split until, at its quarter points, every cross-section point's path is within ``MARGIN`` of the
tolerance of the chord between the interval's ends (checked at the corners of the cross
section's bounding box, which bound every point inside it), less a quarter of any face's
bending (about its widest span across times the frame's roll over the interval: the ruled
surface between a quad's sides is within a quarter of its fourth corner's distance from the
plane of the other three), less, for a bent model, a quarter of its faces' lean along the axis
and of its edges' run across where they bound the surface, times the frame's turn with the curve
(``Bound``). Then the stations are spread again so that
every interval's error is about the same (``fewest_stations``): about the fewest even stations
on a curve of constant curvature, fewer where it varies. Used by ``sweep`` (a profile's rings)
and ``bend`` (a model's cuts).
"""

import itertools
import math

import numpy as np

_QUARTERS = np.array([0.25, 0.5, 0.75])
"""Where an interval's error is sampled (shares of its width)."""
_MIDDLE = np.array([0.5])
"""Where the survey samples it: a short arc strays from its chord most about its middle."""
_SURVEY = 4.0
"""How much coarser than the tolerance the first, surveying refinement of ``fewest_stations`` goes
(its error falls as the square of the width: intervals twice as wide)."""
MARGIN = 0.9
"""An interval is kept when its sampled error is at most this share of the tolerance: room for
the error's peak between the quarter points where it is sampled."""
AIM = 0.97
"""Where ``fewest_stations`` spreads the stations: each interval's error at this share of
``MARGIN`` times the tolerance. The survey measures the error's density to within 1e-3 at fine
tolerances and an interval just past the margin is halved: aimed at the margin itself, 15-40 %
of the intervals were (at 1e-5 to 1e-10 on a loop and an S-bend), for 3 % more this way."""
_MAX_ROUNDS = 40
MIN_WIDTH = 1e-12
"""The narrowest interval (arc-length fraction) that is split."""
INITIAL_STATIONS = 16
"""Stations spread evenly before any is added (beside the fixed ones: the ends, a curve's
breakpoints, tilt keys, a bent model's copies' ends)."""
MAX_STATIONS = 2**21
"""The most rings a mesh gets: a tolerance that needs more is refused (it would fill memory)."""


def starting(fixed):
    """The first stations (``INITIAL_STATIONS`` evenly spread, and the fixed ones) and the fixed
    ones, each ``distinct``: what ``fewest_stations`` starts from."""
    fixed = distinct(fixed)
    return distinct(np.concatenate([np.linspace(0.0, 1.0, INITIAL_STATIONS + 1), fixed])), fixed


def distinct(stations):
    """``stations`` sorted within [0, 1] (clipped), one of near twins, ending at 1 exactly."""
    stations = np.unique(np.clip(stations, 0.0, 1.0))
    stations = stations[np.concatenate([[True], np.diff(stations) > MIN_WIDTH])]
    stations[-1] = 1.0
    return stations


class FramesMemo:
    """``frames_at`` (arc-length fractions (n,) -> (n, 3, 3)) with every answer kept: asked
    again at a fraction it has seen (the ends and quarter points of intervals being joined), it
    looks it up."""

    def __init__(self, frames_at):
        self.frames_at = frames_at
        self.known = np.empty(0)
        self.frames = np.empty((0, 3, 3))

    def __call__(self, s):
        s = np.asarray(s, dtype=float)
        at = np.minimum(np.searchsorted(self.known, s), max(len(self.known) - 1, 0))
        seen = (self.known[at] == s) if len(self.known) else np.zeros(len(s), dtype=bool)
        result = np.empty((len(s), 3, 3))
        result[seen] = self.frames[at[seen]]
        fresh, where = np.unique(s[~seen], return_inverse=True)
        if len(fresh):
            made = self.frames_at(fresh)
            result[~seen] = made[where.ravel()]
            known = np.concatenate([self.known, fresh])
            order = np.argsort(known, kind="stable")
            self.known, self.frames = known[order], np.concatenate([self.frames, made])[order]
        return result


class Bound:
    """How far a mesh built along a curve strays from its true surface over intervals of
    stations, each measured from the frames at its ends and at points inside it: the bowing of the cross
    section's paths from their chords, plus a quarter of the widest face across times the frame's
    roll, plus (for a bent model) a quarter of its ``tipping`` reaches across and up (what the
    frame's tip moves off the flat triangles: faces that lean along the axis, edges that bound
    the surface across it) times the frame's right and up axes' tip along the curve.

    Args:
        frames_at: Arc-length fractions (n,) -> the point, right and up axis at each, ``(n, 3, 3)``.
        corners: ``(4, 3)`` the cross section's bounding-box corners as weights of (point, right, up).
        widest: The widest span across of any face (length units).
        tipping: (interval widths (arc-length fractions (p,)), the least stretch along over
            each (p,), the sine of the frame's roll over each (p,)) -> the most the frame's tip
            over such an interval, per unit, moves the surface off its flat triangles, across
            and up (p, 2), in length units (``bend``'s ``_Tipping``); None where nothing does (a
            sweep's run from ring to ring).
    """

    def __init__(self, frames_at, corners, widest, tipping=None):
        self.frames_at, self.corners, self.widest, self.tipping = frames_at, corners, widest, tipping

    def errors(self, a, b, ends=None, samples=_QUARTERS):
        """The bound (p,) over each interval from ``a`` to ``b`` (p,), sampled at ``samples``
        (shares of its width), from the frames at its ``ends`` (p, 2, 3, 3) if known."""
        if ends is None:
            ends = self.frames_at(np.column_stack([a, b]).ravel()).reshape(len(a), 2, 3, 3)
        inner = self.frames_at((a[:, None] + (b - a)[:, None] * samples).ravel()).reshape(len(a), -1, 3, 3)
        roll = _roll(ends)
        error = _bowing(ends, inner, self.corners, samples) + self.widest * roll / 4.0
        if self.tipping is not None:
            tipped, stretch = _turn(ends, self.corners)
            error += (self.tipping(b - a, stretch, roll) * tipped).sum(axis=1) / 4.0
        return error


def refined_stations(bound, tolerance, stations, samples=_QUARTERS):
    """Arc-length fractions from ``stations`` (ascending) refined until every interval keeps the
    mesh within ``tolerance`` (length units) of the true surface by ``bound`` (a ``Bound``,
    sampled at ``samples``).

    Raises:
        ValueError: When the tolerance needs more than ``MAX_STATIONS`` rings.
    """
    pending = np.column_stack([stations[:-1], stations[1:]])
    ends = bound.frames_at(pending.ravel()).reshape(len(pending), 2, 3, 3)
    kept = [stations]
    for _ in range(_MAX_ROUNDS):
        if not len(pending):
            break
        a, b = pending[:, 0], pending[:, 1]
        error = bound.errors(a, b, ends, samples)
        split = (error > MARGIN * tolerance) & (b - a > MIN_WIDTH)
        if not split.any():
            break
        middle = (a[split] + b[split]) / 2.0
        kept.append(middle)
        # The error falls as the square of an interval's width: what the rest will need, roughly.
        made = sum(map(len, kept))
        needed = made + np.ceil(np.sqrt(error[split] / (MARGIN * tolerance))).sum()
        if made > MAX_STATIONS or needed > 4 * MAX_STATIONS:
            _refuse_beyond(max(made, needed), tolerance)
        halfway = bound.frames_at(middle)
        before, after = ends[split].copy(), ends[split].copy()
        before[:, 1], after[:, 0] = halfway, halfway
        pending = np.concatenate([np.column_stack([a[split], middle]), np.column_stack([middle, b[split]])])
        ends = np.concatenate([before, after])
    return np.sort(np.concatenate(kept))


def stations_needed(bound, tolerance, stations):
    """About how many stations ``fewest_stations`` makes from ``stations`` for ``tolerance``,
    from the error of their intervals alone (as a path's bowing, it falls as the square of an
    interval's width; at most a third under on the loops and S-bends measured, more where the roll
    dominates): a size to refuse before anything is refined."""
    errors = bound.errors(stations[:-1], stations[1:], samples=_MIDDLE)
    return len(stations) + float(np.sqrt(errors / (AIM * MARGIN * tolerance)).sum())


def about(count):
    """A count as a message gives it: 1,234,567 up to a trillion, 1.2e+15 past it."""
    return f"{count:,.0f}" if count < 1e12 else f"{count:.1e}"


def _refuse_beyond(needed, tolerance):
    """A ValueError where ``needed`` stations are more than ``MAX_STATIONS``."""
    if needed > MAX_STATIONS:
        raise ValueError(
            f"a tolerance of {tolerance:g} needs about {about(needed)} rings here, more than "
            f"{MAX_STATIONS:,}: ask for a coarser one"
        )


def fewest_stations(bound, tolerance, stations, fixed, refuse=None):
    """Stations spread so that each interval's error by ``bound`` is about the same:
    ``stations`` refined (``refined_stations``), each interval's error measured, the density
    of stations the error asks for (it falls as the square of an interval's width)
    equidistributed between the ``fixed`` stations (0, 1, a curve's breakpoints, ...), and any
    interval that still strays past the ``tolerance`` halved. On a curve of constant curvature
    this is about the fewest even stations the bound allows; where the curvature varies, fewer.

    ``refuse`` (the stations ``stations_needed`` estimates -> None) raises where they are too
    many, before anything is refined: more than ``MAX_STATIONS`` by default.

    Raises:
        ValueError: When the tolerance needs more than ``MAX_STATIONS`` rings (or ``refuse``
            says).
    """
    needed = stations_needed(bound, tolerance, stations)
    if refuse is not None:
        refuse(needed)
    _refuse_beyond(needed, tolerance)
    # Intervals twice as wide as the tolerance allows still measure the density it asks for.
    refined = refined_stations(bound, _SURVEY * tolerance, stations, _MIDDLE)
    errors = bound.errors(refined[:-1], refined[1:], samples=_MIDDLE)
    per_interval = np.sqrt(errors / (AIM * MARGIN * tolerance))  # stations each interval would need
    cumulative = np.concatenate([[0.0], np.cumsum(per_interval)])
    placed = [np.asarray(fixed, dtype=float)]
    levels = np.interp(fixed, refined, cumulative)
    for low, high in itertools.pairwise(levels):
        count = max(1, math.ceil(high - low - 1e-9))
        placed.append(np.interp(low + (high - low) * np.arange(1, count) / count, cumulative, refined))
    spread = np.unique(np.concatenate(placed))
    spread = spread[np.concatenate([[True], np.diff(spread) > MIN_WIDTH])]
    spread[-1] = 1.0
    return refined_stations(bound, tolerance, spread)


def box_corners(low, high):
    """The corners of the box from ``low`` to ``high`` (right, up), as weights of (point,
    right, up): ``(4, 3)``."""
    return np.array([[1.0, x, y] for x in (low[0], high[0]) for y in (low[1], high[1])])


def _bowing(ends, inner, corners, samples):
    """How far any cross-section point's path strays from the chord between an interval's ends,
    per interval (p,): at the ``inner`` points (p, q, 3, 3) at ``samples`` (q,), from where the
    chord between the ``ends`` (p, 2, 3, 3) is at the same fraction. It is linear in the point's
    place in the cross section, so its largest length is at a corner of its bounding box."""
    chords = ends[:, None, 0] + (ends[:, None, 1] - ends[:, None, 0]) * samples[None, :, None, None]
    strayed = np.einsum("cr,pqrx->pqcx", corners, inner - chords)
    return np.sqrt((strayed**2).sum(axis=3)).max(axis=(1, 2))


def _turn(ends, corners):
    """How far the frame turns with the curve from each interval's start to its end (p, 2): its
    right and up axes' tip along the chord, and the least
    stretch along of the cross section's corners there (p,): their chords over the axis's, on
    the inside of a bend under 1."""
    chords = np.einsum("cr,prx->pcx", corners, ends[:, 1] - ends[:, 0])
    lengths = np.sqrt((chords**2).sum(axis=2))
    axis = ends[:, 1, 0] - ends[:, 0, 0]
    along = np.maximum(np.sqrt((axis**2).sum(axis=1)), 1e-300)
    tipped = ((ends[:, 1, 1:] - ends[:, 0, 1:]) * (axis / along[:, None])[:, None]).sum(axis=2)
    return np.abs(tipped), np.maximum(lengths.min(axis=1) / along, 1e-3)


def _roll(ends):
    """The sine of the frame's roll about the direction of travel from each interval's start to
    its end (p,): what bends a quad out of flat (its fourth corner leaves the plane of the other
    three by about its side times this). Bending with the curve keeps a quad flat to first order."""
    right_a, up_a, right_b, up_b = ends[:, 0, 1], ends[:, 0, 2], ends[:, 1, 1], ends[:, 1, 2]
    return np.abs((up_a * right_b).sum(axis=1) - (right_a * up_b).sum(axis=1)) / 2.0
