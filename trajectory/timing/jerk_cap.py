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
_STEEP = 1e-9
"""Where the jerk-free motion changes its speed at once (no braking or acceleration limit), the
cap does it over this share of the length: a piece that steep, not a line over the stretch."""


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
        corners = [stretch[:4] for stretch in stretches if stretch[4] == Binding.CORNERING]
        chords = iter(_chords(profile, corners))
        # Only without a limit does the jerk-free motion change its speed at once; elsewhere two
        # stretches' v² differ where they meet by a lowered chord's rounding: the lower is kept.
        drop = _STEEP * profile.length if profile.limits.brake is None else 0.0
        rise = _STEEP * profile.length if profile.limits.accel is None else 0.0
        s, w, bindings = [], [], []
        for a, b, w_a, w_b, binding in stretches:
            if binding == Binding.CORNERING:
                nodes, values = next(chords)
            else:
                nodes, values = np.array([a, b]), np.array([w_a, w_b])
            pieces = np.full(nodes.size - 1, int(binding))
            if s:  # a stretch starts where the last one ended: at once from the one v² to the other
                s[-1], w[-1], bindings[-1] = _dropped(s[-1], w[-1], bindings[-1], values[0], drop)
                nodes, values, pieces = _risen(nodes, values, pieces, w[-1][-1], rise)
            s.append(nodes)
            w.append(values)
            bindings.append(pieces)
        s[-1], w[-1], bindings[-1] = _dropped(s[-1], w[-1], bindings[-1], v_end * v_end, drop)
        s = np.concatenate([s[0]] + [nodes[1:] for nodes in s[1:]])
        w = np.concatenate([w[0]] + [values[1:] for values in w[1:]])
        bindings = np.concatenate(bindings)
        # Stretches of no width (a node twice, to rounding): one node, at the lower v².
        repeated = np.flatnonzero(np.diff(s) <= _SAME * s[-1])
        w[repeated + 1] = np.minimum(w[repeated], w[repeated + 1])
        return cls(np.delete(s, repeated), np.delete(w, repeated), np.delete(bindings, repeated))

    def at(self, s):
        """The cap's v² at arc lengths ``s`` (array)."""
        return np.interp(s, self.s, self.w)


def _dropped(nodes, values, pieces, lower, step):
    """A stretch's ``nodes``, ``values`` and ``pieces`` (bindings) ending at ``lower`` v² where
    that is lower than its own end: there the speed drops at once, so its end value is kept a
    ``step`` before (or half the stretch's last piece, if shorter) and a braking piece added;
    with no ``step``, its end is lowered."""
    if values[-1] <= lower:
        return nodes, values, pieces
    if step == 0.0:
        return nodes, np.append(values[:-1], lower), pieces
    before = nodes[-1] - min(step, (nodes[-1] - nodes[-2]) / 2.0)
    return (
        np.insert(nodes, -1, before),
        np.append(values, lower),
        np.append(pieces, int(Binding.BRAKING)),
    )


def _risen(nodes, values, pieces, lower, step):
    """A stretch's ``nodes``, ``values`` and ``pieces`` starting at ``lower`` v² where that is
    lower than its own start (the last stretch ended there): the speed rises at once, over a
    ``step`` (or half the stretch's first piece), an accelerating piece; with no ``step``, its
    start is lowered."""
    if values[0] <= lower:
        return nodes, values, pieces
    if step == 0.0:
        return nodes, np.insert(values[1:], 0, lower), pieces
    after = nodes[0] + min(step, (nodes[1] - nodes[0]) / 2.0)
    return (
        np.insert(nodes, 1, after),
        np.insert(values, 0, lower),
        np.insert(pieces, 0, int(Binding.ACCELERATING)),
    )


def _chords(profile, spans):
    """For each of ``spans`` ((a, b, v² at a, v² at b): arc lengths and the profile's v² there),
    nodes (k,) from a to b and v² there: chords of v² = a_lat / κ, split until each strays from
    it by at most CHORD_SAG, each lowered by its stray. All spans' chords are measured together,
    a round at a time."""
    if not spans:
        return []
    nodes = [np.linspace(a, b, _FIRST_CHORDS + 1) for a, b, _, _ in spans]
    ends = np.array([[w_a, w_b] for _, _, w_a, w_b in spans])
    for round_ in range(_MAX_ROUNDS + 1):
        flat = np.concatenate(nodes)
        lasts = np.cumsum([n.size for n in nodes]) - 1
        limit, stray = _measured(profile, flat, np.append(0, lasts[:-1] + 1), lasts, ends)
        stray[lasts[:-1]] = 0.0  # from one span to the next: no chord
        allowed = CHORD_SAG * np.minimum(limit[:-1], limit[1:])
        parts = np.ceil(_SPLIT_MARGIN * np.sqrt(np.abs(stray) / allowed))
        parts = np.clip(np.nan_to_num(parts, nan=1.0, posinf=_MAX_SPLIT), 1, _MAX_SPLIT).astype(int)
        if (parts == 1).all() or round_ == _MAX_ROUNDS:
            break
        starts = np.repeat(flat[:-1], parts)
        steps = np.repeat(np.diff(flat) / parts, parts)
        k = np.arange(parts.sum()) - np.repeat(np.cumsum(parts) - parts, parts)
        split = np.append(starts + steps * k, flat[-1])
        nodes = np.split(split, np.searchsorted(split, [span[0] for span in spans[1:]]))
    above = _LOWERED * np.maximum(stray, 0.0)
    lowering = np.maximum(np.append(above, 0.0), np.insert(above, 0, 0.0))
    values = np.split(limit - lowering, np.cumsum([n.size for n in nodes])[:-1])
    return list(zip(nodes, values))


def _measured(profile, nodes, firsts, lasts, ends):
    """v² = a_lat / κ at ``nodes`` (k,), the spans' ends (indices ``firsts`` and ``lasts``)
    taken from ``ends`` (spans, 2), and how far each chord between them rises above it at its
    samples, at most (negative where it stays under), (k - 1,): one call of the curve. A span
    ends where κ may jump (a joint): the curve there is read from the span's own side."""
    inside = nodes[:-1, None] + np.diff(nodes)[:, None] * _SAMPLES
    values = profile.limit(np.concatenate((nodes, inside.ravel())))
    limit, curve = values[: nodes.size], values[nodes.size :].reshape(inside.shape)
    limit[firsts], limit[lasts] = ends[:, 0], ends[:, 1]
    chord = limit[:-1, None] + np.diff(limit)[:, None] * _SAMPLES
    return limit, (chord - curve).max(axis=1)
