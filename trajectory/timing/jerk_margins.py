"""How close a jerk-limited drive's hardest stop comes to the cap it keeps under
(``jerk_limited``): its margin at each of the cap's nodes and pieces ahead, and at the valleys
it would ease into, each relative (to the length, or to the cap's largest v²), and the element
where it is least.
"""

import bisect
import math

import numpy as np

from trajectory.timing.jerk_stops import Stop

SAFE = 1e-12
"""Margin (relative to the length, or to the cap's largest v²) under the cap that counts as on it."""
_REMEMBERED = 256
NODE, PIECE, EASE = 0, 1, 2
"""What a stop may touch: a node of the cap, a piece of it, or a valley node eased into (the
speed there reached with no acceleration left)."""


class Margins:
    """The margins under ``cap`` over ``length`` of stops at ``jerk`` braking at most ``brake``.
    ``refused``: the valleys not to ease into (easing in would cross the cap), and ``floors``:
    valleys' speeds lowered so that easing in keeps under the cap; both set by the drive."""

    def __init__(self, cap, length, jerk, brake):
        self.cap, self.length, self.jerk, self.brake = cap, length, jerk, brake
        slopes = cap.slopes
        # Valleys: where the cap stops falling (and its end), to be eased into rather than
        # braked through at full brake.
        falling, rising = slopes[:-1] < 0.0, slopes[1:] >= 0.0
        self._valleys = (np.flatnonzero(falling & rising) + 1).tolist() + [cap.s.size - 1]
        self.refused = set()
        self.floors = {}
        self.w_scale = max(float(cap.w.max()), 1e-300)
        # Plain floats: a stop reaches a few nodes, fewer than numpy's overhead pays for.
        self._s, self._w, self._slopes = cap.s.tolist(), cap.w.tolist(), slopes.tolist()
        self._stops = {}

    def least(self, state):
        """The least margin of ``state``'s stop under the cap, and the element ((kind, index))
        where it is least; (-inf, None) when there is no stop."""
        stop = self.stop(state)
        if stop is None:
            return -math.inf, None
        s, count = state[0], len(self._s)
        first = min(bisect.bisect_left(self._s, s), count - 1)
        last = min(bisect.bisect_right(self._s, s + stop.length), count - 1)
        start, end = max(first - 1, 0), min(last, count - 2) + 1
        nodes = [self._node_margin(stop, s, i) for i in range(first, last + 1)]
        pieces = [self._piece_margin(stop, s, i, within=True) for i in range(start, end)]
        i = min(range(len(nodes)), key=nodes.__getitem__)  # the first least, as argmin
        best, element = nodes[i], (NODE, first + i)
        if pieces:
            i = min(range(len(pieces)), key=pieces.__getitem__)
            if pieces[i] < best:
                best, element = pieces[i], (PIECE, start + i)
        for index in self._valleys[
            bisect.bisect_left(self._valleys, first) : bisect.bisect_left(self._valleys, last + 1)
        ]:
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
            return self._node_margin(stop, state[0], index)
        return self._piece_margin(stop, state[0], index)

    def beyond(self, state, element):
        """For a piece whose line ``state``'s stop touches beyond its ends, the node at that end;
        else None."""
        kind, index = element
        if kind != PIECE:
            return None
        stop = self.stop(state)
        distance, _, _ = stop.at_acceleration(self._slopes[index])
        at = state[0] + distance
        if at < self.cap.s[index]:
            return index
        return index + 1 if at > self.cap.s[index + 1] else None

    def stop(self, state):
        """The hardest stop from ``state`` (``jerk_stops.Stop``), None if there is none; the
        last _REMEMBERED states' stops are kept (a search asks for a state's again and again)."""
        if state not in self._stops:
            if len(self._stops) >= _REMEMBERED:
                self._stops.clear()
            self._stops[state] = Stop.of(state[1], state[2], self.jerk, self.brake)
        return self._stops[state]

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

    def _node_margin(self, stop, s, index):
        """The margin at node ``index`` of ``stop`` from ``s``: the stop's v² under the cap's
        (relative) where it still rises, else how much sooner than the node (relative) it slows
        to the node's speed; where the node is above the stop's peak, how far above."""
        ahead, w = self._s[index] - s, self._w[index]
        if ahead < stop.peak_distance:
            speed, _ = stop.rising_speed(ahead)
            return (w - speed * speed) / self.w_scale
        peak = stop.peak_speed**2
        if w < peak:
            distance, _ = stop.distance_to_speed(math.sqrt(max(w, 0.0)))
            return (ahead - distance) / self.length
        return (w - peak) / self.w_scale

    def _piece_margin(self, stop, s, index, within=False):
        """The margin of piece ``index`` (relative, in v²) where ``stop`` from ``s`` has the
        piece's slope as its acceleration while it still falls (where it could touch the line
        from below), or the nearest end of that fall; inf if that point is off the piece and
        ``within`` (else the line taken beyond it: continuous as the drive goes on)."""
        slope, start = self._slopes[index], self._s[index]
        distance, w, _ = stop.at_acceleration(min(max(slope, stop.low), stop.a))
        at = s + distance
        if within and (at < start or at > self._s[index + 1]):
            return math.inf
        return (self._w[index] + 2.0 * slope * (at - start) - w) / self.w_scale
