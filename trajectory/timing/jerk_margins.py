"""How close a jerk-limited drive's hardest stop comes to the cap it keeps under
(``jerk_limited``): its margin at each of the cap's nodes and pieces ahead, and at the valleys
it would ease into, each relative (to the length, or to the cap's largest v²), and the element
where it is least.
"""

import math

import numpy as np

from trajectory.timing.jerk_stops import Stop

SAFE = 1e-12
"""Margin (relative to the length, or to the cap's largest v²) under the cap that counts as on it."""
NODE, PIECE, EASE = 0, 1, 2
"""What a stop may touch: a node of the cap, a piece of it, or a valley node eased into (the
speed there reached with no acceleration left)."""


class Margins:
    """The margins under ``cap`` over ``length`` of stops at ``jerk`` braking at most ``brake``.
    ``refused``: the valleys not to ease into (easing in would cross the cap), and ``floors``:
    valleys' speeds lowered so that easing in keeps under the cap; both set by the drive."""

    def __init__(self, cap, length, jerk, brake):
        self.cap, self.length, self.jerk, self.brake = cap, length, jerk, brake
        self.slopes = cap.slopes
        # Valleys: where the cap stops falling (and its end), to be eased into rather than
        # braked through at full brake.
        falling, rising = self.slopes[:-1] < 0.0, self.slopes[1:] >= 0.0
        self.valleys = np.append(np.flatnonzero(falling & rising) + 1, cap.s.size - 1)
        self.refused = set()
        self.floors = {}
        self.w_scale = max(float(cap.w.max()), 1e-300)

    def least(self, state):
        """The least margin of ``state``'s stop under the cap, and the element ((kind, index))
        where it is least; (-inf, None) when there is no stop."""
        stop = self.stop(state)
        if stop is None:
            return -math.inf, None
        s = state[0]
        cap_s = self.cap.s
        first = min(int(np.searchsorted(cap_s, s)), cap_s.size - 1)
        last = min(int(np.searchsorted(cap_s, s + stop.length, side="right")), cap_s.size - 1)
        best, element = math.inf, None
        node_margins = self._node_margins(stop, s, first, last + 1)
        if node_margins.size:
            i = int(np.argmin(node_margins))
            best, element = float(node_margins[i]), (NODE, first + i)
        start = max(first - 1, 0)
        piece_margins = self._piece_margins(stop, s, start, min(last, self.slopes.size - 1) + 1, within=True)
        if piece_margins.size:
            i = int(np.argmin(piece_margins))
            if piece_margins[i] < best:
                best, element = float(piece_margins[i]), (PIECE, start + i)
        lo, hi = np.searchsorted(self.valleys, [first, last + 1])
        for index in self.valleys[lo:hi].tolist():
            if index in self.refused:
                continue
            margin = self._ease_margin(state, index)
            if margin < best:
                best, element = margin, (EASE, index)
        return best, element

    def of(self, state, element):
        """``element``'s margin alone (a piece's line taken beyond its ends), -inf with no stop."""
        stop = self.stop(state)
        if stop is None:
            return -math.inf
        kind, index = element
        if kind == EASE:
            return self._ease_margin(state, index)
        if kind == NODE:
            return float(self._node_margins(stop, state[0], index, index + 1)[0])
        return float(self._piece_margins(stop, state[0], index, index + 1, within=False)[0])

    def beyond(self, state, element):
        """For a piece whose line ``state``'s stop touches beyond its ends, the node at that end;
        else None."""
        kind, index = element
        if kind != PIECE:
            return None
        stop = self.stop(state)
        distance, _, _ = stop.at_accelerations(self.slopes[index : index + 1])
        at = state[0] + float(distance[0])
        if at < self.cap.s[index]:
            return index
        return index + 1 if at > self.cap.s[index + 1] else None

    def stop(self, state):
        """The hardest stop from ``state`` (``jerk_stops.Stop``), None if there is none."""
        return Stop.of(state[1], state[2], self.jerk, self.brake)

    def floor(self, index):
        """The speed a drive eases into at valley ``index``: the cap's there, or lower where
        the drive set one (``floors``)."""
        return self.floors.get(index, math.sqrt(max(float(self.cap.w[index]), 0.0)))

    def ease(self, state, index):
        """The stop from ``state`` to the floor of valley ``index`` (from above), with no
        acceleration left there: the stop to rest in a frame moving at that speed."""
        return Stop.of(state[1] - self.floor(index), state[2], self.jerk, self.brake)

    def _ease_margin(self, state, index):
        """How much sooner than node ``index`` (relative) the stop that eases into its floor gets
        there; the drive's v² under the floor's (relative) while it is slower."""
        w = self.floor(index) ** 2
        if state[1] * state[1] < w:
            return (w - state[1] * state[1]) / self.w_scale
        ease = self.ease(state, index)
        if ease is None:
            return -math.inf
        distance = ease.length + math.sqrt(max(w, 0.0)) * ease.duration
        return (float(self.cap.s[index]) - state[0] - distance) / self.length

    def _node_margins(self, stop, s, first, end):
        """Margins at the cap's nodes first to end - 1: the stop's v² under the cap's (relative)
        where it still rises, else how much sooner than the node (relative) it slows to the
        node's speed; inf where the node is above the stop's peak."""
        ahead = self.cap.s[first:end] - s
        w = self.cap.w[first:end]
        margins = np.full(ahead.size, math.inf)
        if ahead.size == 0:
            return margins
        rising = ahead < stop.peak_distance
        if ahead[0] < stop.peak_distance:
            speeds, _ = stop.rising_speeds(ahead[rising])
            margins[rising] = (w[rising] - speeds * speeds) / self.w_scale
        peak = stop.peak_speed**2
        falling = ~rising & (w < peak)
        margins[~rising & ~falling] = (w[~rising & ~falling] - peak) / self.w_scale  # above the stop
        if falling.any():
            distances, _ = stop.distances_to_speeds(np.sqrt(np.maximum(w[falling], 0.0)))
            margins[falling] = (ahead[falling] - distances) / self.length
        return margins

    def _piece_margins(self, stop, s, first, end, within):
        """Margins of the cap's pieces first to end - 1 (relative, in v²) where the stop's
        acceleration equals their slope while it still falls (where it could touch a line from
        below), or the nearest end of that fall; only where that point lies on the piece if
        ``within`` (else the line taken beyond it: continuous as the drive goes on)."""
        slopes = self.slopes[first:end]
        distances, w, _ = stop.at_accelerations(np.clip(slopes, stop.low, stop.a))
        at = s + distances
        start = self.cap.s[first:end]
        margins = (self.cap.w[first:end] + 2.0 * slopes * (at - start) - w) / self.w_scale
        if within:
            margins[(at < start) | (at > self.cap.s[first + 1 : end + 1])] = math.inf
        return margins
