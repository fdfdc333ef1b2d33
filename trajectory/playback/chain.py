"""Motions played one after another as one: times add up, each part keeps its own curve and
velocity curve, and the arc-length fraction runs over the whole length.

>>> from trajectory import CubicBezier, Motion, VelocityCurve
>>> first = CubicBezier([[0, 0, 0], [1, 0, 0], [2, 0, 0], [3, 0, 0]])
>>> second = CubicBezier([[3, 0, 0], [3, 1, 0], [3, 2, 0], [3, 3, 0]])
>>> steady = VelocityCurve.constant()
>>> chain = MotionChain([Motion(first, steady, 1.0), Motion(second, steady, 2.0)])
>>> chain.duration, round(chain.length, 12), chain.position(2.0).round(12).tolist(), chain.distance(1.0)
(3.0, 6.0, [3.0, 1.5, 0.0], 0.5)
"""

import numpy as np

from trajectory._numerics.checks import real_values
from trajectory.playback.motion import Motion


class MotionChain:
    """``motions`` one after another (a list of ``Motion``; at least one).

    It answers what a ``Motion`` does for playing it (``duration``, ``length``, ``distance``,
    ``position``, ``speed``, ``time_at_distance``, ``frame``, ``quaternion``, ``pose``), so a
    ``Playhead`` plays it as it plays one motion; an event at arc-length fraction s of the chain
    lies s x ``length`` along the whole. The join is as continuous as the curves make it: where
    one ends and the next begins at the same point, the position does not jump.

    Raises:
        ValueError: If the list is empty or holds something that is not a Motion.
    """

    def __repr__(self):
        return (
            f"MotionChain({len(self.parts)} motions, duration {self.duration:g} s, length {self.length:.6g})"
        )

    def __init__(self, motions):
        if not hasattr(motions, "__iter__"):
            raise ValueError(f"a chain needs a list of Motions, got {type(motions).__name__}")
        motions = list(motions)
        if not motions:
            raise ValueError("a chain needs at least one motion")
        for part in motions:
            if not isinstance(part, Motion):
                raise ValueError(f"a chain's parts must be Motions, got {type(part).__name__}")
        self.parts = motions
        durations = np.array([part.duration for part in motions])
        lengths = np.array([part.length for part in motions])
        self._time_ends, self._length_ends = np.cumsum(durations), np.cumsum(lengths)
        self._time_starts, self._length_starts = self._time_ends - durations, self._length_ends - lengths
        self.duration, self.length = float(self._time_ends[-1]), float(self._length_ends[-1])

    def distance(self, t):
        """The fraction of the whole length travelled at time t (scalar or (n,))."""

        def along(k, part, local):
            return (self._length_starts[k] + part.distance(local) * part.length) / self.length

        result = self._each(t, along)
        return float(result) if np.ndim(result) == 0 else result

    def position(self, t):
        return self._each(t, lambda k, part, local: part.position(local))

    def speed(self, t):
        return self._each(t, lambda k, part, local: part.speed(local))

    def frame(self, t, mode="minimal", **options):
        return self._each(t, lambda k, part, local: part.frame(local, mode, **options))

    def quaternion(self, t, mode="minimal", **options):
        return self._each(t, lambda k, part, local: part.quaternion(local, mode, **options))

    def pose(self, t, mode="minimal", **options):
        return self.position(t), self.quaternion(t, mode, **options)

    def time_at_distance(self, s):
        """The first time at which the fraction ``s`` of the whole length is reached (scalar or
        (n,)); at a join, the end of the earlier part."""
        s = np.clip(real_values(s, "distance"), 0.0, 1.0)
        along = np.atleast_1d(s * self.length)
        k = np.clip(np.searchsorted(self._length_ends, along, "left"), 0, len(self.parts) - 1)
        times = np.empty(along.shape)
        for index in np.unique(k).tolist():
            mask = k == index
            part = self.parts[index]
            local = np.clip((along[mask] - self._length_starts[index]) / part.length, 0.0, 1.0)
            times[mask] = self._time_starts[index] + part.time_at_distance(local)
        return float(times[0]) if np.ndim(s) == 0 else times

    def _each(self, t, answer):
        """``answer(k, part, local times)`` for each part's share of the times t."""
        t = real_values(t, "time")
        if isinstance(t, float):
            clamped = min(max(t, 0.0), self.duration)
            k = min(int(np.searchsorted(self._time_ends, clamped, "left")), len(self.parts) - 1)
            return answer(k, self.parts[k], clamped - float(self._time_starts[k]))
        clamped = np.clip(t, 0.0, self.duration)
        k = np.clip(np.searchsorted(self._time_ends, clamped, "left"), 0, len(self.parts) - 1)
        result = None
        for index in np.unique(k).tolist():
            mask = k == index
            values = np.asarray(answer(index, self.parts[index], clamped[mask] - self._time_starts[index]))
            if result is None:
                result = np.empty(clamped.shape + values.shape[1:])
            result[mask] = values
        return result if result is not None else np.empty(clamped.shape)
