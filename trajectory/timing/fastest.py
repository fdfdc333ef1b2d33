"""The fastest motion along a trajectory under speed, lateral, acceleration and braking limits,
timed exactly: its velocity curve for ``Motion.fastest``.

``SpeedProfile`` finds the stretches (where each limit binds); each is timed in closed form or to
the tables' accuracy:

- accelerating or braking: v² linear in s, so a constant dv/dt and s(t) a quadratic;
- cruising at v_max: s(t) linear;
- cornering at v = sqrt(a_lat / κ): t(s) is the integral of 1 / v, fitted and inverted the way the
  arc-length table is (``inverse_fit``), each piece relative to its start (no digits lost to
  where it is when its speed is taken).
"""

import dataclasses

import numpy as np

from trajectory._numerics import inverse_fit
from trajectory.timing import jerk_limited
from trajectory.timing.speed_limits import Binding
from trajectory.timing.speed_profile import SpeedProfile
from trajectory.timing.velocity import DISTANCE_TOLERANCE, UNRESOLVED, VelocityCurve, identity

_STEEPEST = 1e300
"""Curvature beyond which a bend counts as this sharp: a cusp's infinite one still integrates."""
_MIN_CORNER_PIECE = 1e-10
"""Fitted cornering pieces no wider than this (in arc-length fraction) are accepted as they are."""
_RELATIVE_BELOW = 1e-3
_MAX_WEIGHT = 100.0
"""A cornering piece narrower than _RELATIVE_BELOW (in arc-length fraction) has its distance error
count _RELATIVE_BELOW / width times (at most _MAX_WEIGHT): a piece's speed is about as exact as its
distance relative to its width, so pieces in a sharp bend's flank keep their speed to the limits'
1e-9 too (at the near-cusp, without: 2e-7). The cap keeps a needle-sharp bend from asking for
more than the arc-length table's own 1e-14 can give."""


@dataclasses.dataclass(frozen=True)
class Stretch:
    """Where one limit starts to bind in a fastest motion: at ``time`` (seconds) and the
    arc-length fraction ``distance``, ``binding`` (a ``Binding``) holds the speed."""

    time: float
    distance: float
    binding: Binding


class FastestVelocityCurve(VelocityCurve):
    """The velocity curve of a fastest motion: T(u) = u and S its exact timing table, with the
    ``stretches`` (a tuple of ``Stretch``) and the ``limits`` (a ``SpeedLimits``)."""

    def __init__(self, table, stretches, limits):
        self._take(table, identity, "fastest", timing=table)  # s(t): the stretches' pieces themselves
        self.stretches, self.limits = stretches, limits


def fastest_velocity(curve, limits, v_start, v_end):
    """The fastest motion's ``FastestVelocityCurve`` and duration (seconds) along ``curve``
    (jerk-limited if ``limits.jerk`` is set: see ``jerk_limited``).

    Raises:
        ValueError: If v_start or v_end is above the limits at its end, or cannot be braked from
            or reached.
    """
    if limits.jerk is not None:
        return _jerk_limited(curve, limits, v_start, v_end)
    length = curve.length
    pieces = []  # (seconds, coefficients of the arc-length fraction in local time, start, Binding)
    spans = []
    profile = SpeedProfile(curve, limits, v_start, v_end)
    for a, b, w_a, w_b, binding in profile.stretches():
        if binding == Binding.CORNERING:
            spans.append((a, b))
            pieces.append(len(spans) - 1)  # a place for the fitted pieces
        elif binding == Binding.CRUISING:
            pieces.append(
                ((b - a) / limits.v_max, [(a + b) / 2.0 / length, (b - a) / 2.0 / length], a, binding)
            )
        else:
            pieces.append(_line_piece(a, b, w_a, w_b, length) + (binding,))
    fitted = _cornering(curve, limits, spans, curve.arc_length.table.breaks)
    pieces = [piece for entry in pieces for piece in (fitted[entry] if isinstance(entry, int) else [entry])]
    widths = np.array([piece[0] for piece in pieces])
    coeffs = np.zeros((len(pieces), inverse_fit.DEGREE + 1))
    for row, piece in enumerate(pieces):
        coeffs[row, : len(piece[1])] = piece[1]
    table = inverse_fit.normalised_table(widths, coeffs, variable="time")
    stretches = []
    for start, (_, _, distance, binding) in zip(np.cumsum(widths) - widths, pieces):
        if not stretches or stretches[-1].binding != binding:
            stretches.append(Stretch(float(start), float(distance / length), binding))
    return FastestVelocityCurve(table, tuple(stretches), limits), float(widths.sum())


def _jerk_limited(curve, limits, v_start, v_end):
    """``fastest_velocity`` with a jerk limit: its phases' cubics make the table as they are;
    the jerk-free drive where its ramps are too short to resolve."""
    phases = jerk_limited.jerk_limited_phases(curve, limits, v_start, v_end)
    if phases is None:
        velocity, duration = fastest_velocity(curve, dataclasses.replace(limits, jerk=None), v_start, v_end)
        velocity.limits = limits
        return velocity, duration
    widths, coeffs, starts, distances = jerk_limited.phase_table(phases, v_start, curve.length)
    table = inverse_fit.normalised_table(widths, coeffs, variable="time")
    stretches = []
    for start, distance, (_, _, binding) in zip(starts.tolist(), distances.tolist(), phases):
        if not stretches or stretches[-1].binding != binding:
            stretches.append(Stretch(start, distance, binding))
    return FastestVelocityCurve(table, tuple(stretches), limits), float(widths.sum())


def _line_piece(a, b, w_a, w_b, length):
    """(seconds, coefficients, start) of s(t) along a line in w from (a, w_a) to (b, w_b): a
    constant dv/dt, so s is a quadratic in t, here in the local coordinate z in [-1, 1]."""
    v_a, v_b = np.sqrt(max(w_a, 0.0)), np.sqrt(max(w_b, 0.0))
    dt = 2.0 * (b - a) / (v_a + v_b)
    quarter = (v_b - v_a) * dt / 8.0  # (dv/dt) dt² / 8
    half = v_a * dt / 2.0
    return dt, [(a + half + quarter) / length, (half + 2.0 * quarter) / length, quarter / length], a


def _cornering(curve, limits, spans, nodes):
    """The pieces of the cornering stretches ``spans`` ((start, end) in arc length), a list per
    span: t(s), the integral of 1 / v at v = sqrt(a_lat / κ), inverted to s(t) in one fit with
    the spans laid end to end (``joined``), each piece shifted back to its own place. The
    ``nodes`` inside the spans (arc-length fractions: the arc-length table's breaks, at the joints
    and crowded where the curve nearly stops, where a bend is sharpest) start the fit's pieces."""
    if not spans:
        return []
    length = curve.length
    starts, ends = (np.array(column) / length for column in zip(*spans))
    joined = np.concatenate(([0.0], np.cumsum(ends - starts)))
    shifts = starts - joined[:-1]
    inside = [nodes[(nodes > a) & (nodes < b)] - shift for a, b, shift in zip(starts, ends, shifts)]
    breaks = np.unique(np.concatenate([joined, *inside]))
    scale, slowest = length / np.sqrt(limits.a_lat), length / limits.v_max

    def rate(points):  # dt / d(fraction) on rows of joined points, each row within one span
        shift = shifts[np.searchsorted(joined, points.mean(axis=1), side="right") - 1]
        fractions = np.clip(points + shift[:, None], 0.0, 1.0)
        kappa = curve.curvature(curve.arc_length.parameter(fractions.ravel()))
        # Never faster than v_max: a span may run through a stretch of cruising too narrow to
        # resolve (round an inflection, where a_lat / κ is unbounded).
        return np.maximum(scale * np.sqrt(np.minimum(kappa, _STEEPEST)), slowest).reshape(points.shape)

    def sample(lo, hi):  # y from the piece's start, so that narrow pieces keep their digits
        dx, rates, quadrature_error = inverse_fit.integral_samples(rate, lo, hi)
        offsets = inverse_fit.sample_parameters(lo, hi) - lo[:, None]
        weight = _weight(hi - lo)
        weights = np.repeat(weight[:, None], dx.shape[1], axis=1)
        return dx, offsets, weights, weight * quadrature_error / rates.min(axis=1)

    fit = inverse_fit.fit_inverse(
        sample, breaks, tolerance=DISTANCE_TOLERANCE, initial_pieces=breaks.size, min_width=_MIN_CORNER_PIECE
    )
    if fit.worst:
        worst_piece = np.searchsorted(fit.u_starts, fit.worst_at)
        worst_width = np.append(fit.u_starts, joined[-1])[worst_piece + 1] - fit.worst_at
        # In distance (where a needle-sharp bend may fail the weight), or as the time it takes at
        # the speed there, relative to the mean pace: where the speed spikes (round an
        # inflection, with a top speed far above the bends'), a distance error is a far smaller
        # error in time.
        pace = min(1.0, float(rate(np.array([[fit.worst_at]]))[0, 0]) * joined[-1] / fit.widths.sum())
        if fit.worst / _weight(worst_width) * pace > UNRESOLVED:
            at = fit.worst_at + shifts[np.searchsorted(joined, fit.worst_at, side="right") - 1]
            raise ValueError(f"the trajectory bends too sharply near s = {at:.3g} to time its cornering")
    span = np.searchsorted(joined, fit.u_starts, side="right") - 1
    coeffs = fit.coeffs.copy()
    coeffs[:, 0] += fit.u_starts + shifts[span]
    pieces = [[] for _ in spans]
    places = (fit.u_starts + shifts[span]) * length
    for j, dt, row, start in zip(span.tolist(), fit.widths.tolist(), coeffs, places.tolist()):
        pieces[j].append((dt, row, start, Binding.CORNERING))
    return pieces


def _weight(widths):
    """How much a distance error counts on cornering pieces ``widths`` wide (see _RELATIVE_BELOW)."""
    return np.minimum(np.maximum(1.0, _RELATIVE_BELOW / widths), _MAX_WEIGHT)
