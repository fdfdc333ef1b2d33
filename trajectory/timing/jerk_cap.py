"""The cap a jerk-limited drive keeps under: the jerk-free fastest motion's v² along the curve
(``SpeedProfile``), made piecewise linear in arc length.

No motion under the limits is faster anywhere than the jerk-free one, so a drive under this cap
is never faster than it either. Its accelerating, cruising and braking stretches are lines in
v² already (a constant acceleration); a cornering stretch, v² = a_lat / κ, is replaced by chords,
each lowered by the most it strays above the curve (measured between its ends), so that the cap
stays under the lateral limit.
"""

import dataclasses

import numpy as np

from trajectory.timing.speed_limits import Binding

CHORD_SAG = 1e-3
"""The most a chord may stray from v² = a_lat / κ, relative to v² there (the time a drive loses
to the chords is about half of it)."""
_SAMPLES = np.linspace(0.0, 1.0, 7)[1:-1]
"""Where inside a chord it is compared with the curve."""
_LOWERED = 1.5
"""How much more than the largest stray measured a chord is lowered (the stray peaks between
samples)."""
_FIRST_CHORDS = 8
_SPLIT_MARGIN = 1.2
"""A chord's stray grows as its width squared: one straying e needs sqrt(e / CHORD_SAG) parts,
asked for with a margin."""
_MAX_SPLIT = 64
_MAX_ROUNDS = 8
_SAME = 1e-12
"""Nodes closer than this (relative to the length) are one."""


@dataclasses.dataclass(frozen=True)
class Cap:
    """v² ≤ ``w`` at the arc lengths ``s`` (both (m,)), linear between; each piece's binding,
    ``bindings`` (m - 1,), and its acceleration, ``slopes`` (m - 1,): half of v²'s slope."""

    s: np.ndarray
    w: np.ndarray
    bindings: np.ndarray

    @property
    def slopes(self):
        return np.diff(self.w) / (2.0 * np.diff(self.s))

    @classmethod
    def of(cls, profile, v_end):
        """The cap of a ``SpeedProfile`` that ends at ``v_end`` (also without a braking limit,
        where the jerk-free motion drops its speed at once)."""
        stretches = profile.stretches()
        corners = [(a, b) for a, b, _, _, binding in stretches if binding == Binding.CORNERING]
        chords = iter(_chords(profile, corners))
        s, w, bindings = [], [], []
        for a, b, w_a, w_b, binding in stretches:
            if binding == Binding.CORNERING:
                nodes, values = next(chords)
            else:
                nodes, values = np.array([a, b]), np.array([w_a, w_b])
            bindings.append(np.full(nodes.size - 1, int(binding)))
            if s:  # a stretch starts where the last one ended: the lower value there
                w[-1][-1] = min(w[-1][-1], values[0])
                nodes, values = nodes[1:], values[1:]
            s.append(nodes)
            w.append(values)
        w[-1][-1] = min(w[-1][-1], v_end * v_end)
        s, w, bindings = np.concatenate(s), np.concatenate(w), np.concatenate(bindings)
        # Stretches of no width (a node twice, to rounding): one node, at the lower v².
        repeated = np.flatnonzero(np.diff(s) <= _SAME * s[-1])
        w[repeated + 1] = np.minimum(w[repeated], w[repeated + 1])
        return cls(np.delete(s, repeated), np.delete(w, repeated), np.delete(bindings, repeated))

    def at(self, s):
        """The cap's v² at arc lengths ``s`` (array)."""
        return np.interp(s, self.s, self.w)


def _chords(profile, spans):
    """For each of ``spans`` ((a, b) arc lengths), nodes (k,) from a to b and v² there: chords
    of v² = a_lat / κ, split until each strays from it by at most CHORD_SAG, each lowered by
    its stray. All spans' chords are measured together, a round at a time."""
    if not spans:
        return []
    nodes = [np.linspace(a, b, _FIRST_CHORDS + 1) for a, b in spans]
    for round_ in range(_MAX_ROUNDS + 1):
        flat = np.concatenate(nodes)
        limit, stray = _measured(profile, flat)
        stray[np.cumsum([n.size for n in nodes])[:-1] - 1] = 0.0  # from one span to the next: no chord
        allowed = CHORD_SAG * np.minimum(limit[:-1], limit[1:])
        parts = np.ceil(_SPLIT_MARGIN * np.sqrt(np.abs(stray) / allowed))
        parts = np.clip(np.nan_to_num(parts, nan=1.0, posinf=_MAX_SPLIT), 1, _MAX_SPLIT).astype(int)
        if (parts == 1).all() or round_ == _MAX_ROUNDS:
            break
        starts = np.repeat(flat[:-1], parts)
        steps = np.repeat(np.diff(flat) / parts, parts)
        k = np.arange(parts.sum()) - np.repeat(np.cumsum(parts) - parts, parts)
        split = np.append(starts + steps * k, flat[-1])
        nodes = np.split(split, np.searchsorted(split, [a for a, _ in spans[1:]]))
    above = _LOWERED * np.maximum(stray, 0.0)
    lowering = np.maximum(np.append(above, 0.0), np.insert(above, 0, 0.0))
    values = np.split(limit - lowering, np.cumsum([n.size for n in nodes])[:-1])
    return list(zip(nodes, values))


def _measured(profile, nodes):
    """v² = a_lat / κ at ``nodes`` (k,), and how far each chord between them rises above it at
    its samples, at most (negative where it stays under), (k - 1,): one call of the curve."""
    inside = nodes[:-1, None] + np.diff(nodes)[:, None] * _SAMPLES
    values = profile.limit(np.concatenate((nodes, inside.ravel())))
    limit, curve = values[: nodes.size], values[nodes.size :].reshape(inside.shape)
    chord = limit[:-1, None] + np.diff(limit)[:, None] * _SAMPLES
    return limit, (chord - curve).max(axis=1)
