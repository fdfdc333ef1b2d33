"""Keyframe sampling: exact positions every ``interval`` seconds, linear interpolation between.

This is the seed's update(): at each keyframe the motion's tables give the exact position; the
frames in between blend the keyframes on either side. The interval may be given in seconds,
milliseconds or frames (at a nominal frame rate).
"""

import math

import numpy as np

from trajectory._numerics.checks import positive_finite, real_values
from trajectory.playback.motion import Motion

MAX_KEYFRAMES = 1_000_000
"""The most keyframes a run may have: a shorter interval is refused (a table of 1e12 keyframes
would not fit in memory, and no eye sees more than one a frame)."""


class KeyframeSampler:
    """Positions of ``motion`` with exact keyframes every ``interval`` seconds.

    Keyframes fall at 0, interval, 2 interval, ... and at the motion's end. A scalar query caches
    the two keyframes around it, so consecutive frames compute exact positions only when a new
    keyframe interval is entered.

    Args:
        motion: A ``Motion``.
        interval: Seconds between keyframes, a positive finite number.

    Raises:
        ValueError: If the motion is not a ``Motion``, or the interval is not a positive finite
            number, or makes more than ``MAX_KEYFRAMES`` keyframes.
    """

    def __repr__(self):
        return f"KeyframeSampler(every {self.interval:g} s of a {self.motion.duration:g} s motion)"

    def __init__(self, motion, interval):
        if not isinstance(motion, Motion):
            raise ValueError(f"motion must be a Motion, got {type(motion).__name__}")
        self.motion = motion
        self.interval = positive_finite(interval, "keyframe interval")
        if motion.duration / self.interval > MAX_KEYFRAMES:
            raise ValueError(
                f"a keyframe interval of {self.interval:g} s makes more than {MAX_KEYFRAMES:,} keyframes "
                f"in a {motion.duration:g} s run; use {motion.duration / MAX_KEYFRAMES:g} s or more"
            )
        self._cached_key = None
        self._cached_ends = None

    @classmethod
    def every_milliseconds(cls, motion, milliseconds):
        """A keyframe every ``milliseconds`` ms."""
        return cls(motion, positive_finite(milliseconds, "keyframe interval") / 1000.0)

    @classmethod
    def every_frames(cls, motion, frames, frame_rate=60.0):
        """A keyframe every ``frames`` frames at ``frame_rate`` frames per second."""
        if isinstance(frames, bool) or not isinstance(frames, (int, np.integer)) or frames <= 0:
            raise ValueError(f"keyframe interval must be a positive whole number of frames, got {frames!r}")
        return cls(motion, frames / positive_finite(frame_rate, "frame rate"))

    @property
    def keyframe_times(self):
        """The times of all keyframes, shape ``(k,)``, the last one at the motion's end."""
        count = math.ceil(self.motion.duration / self.interval)
        return np.minimum(np.arange(count + 1) * self.interval, self.motion.duration)

    def position(self, t):
        """The interpolated position at time t: ``(3,)`` for a scalar, ``(n, 3)`` for ``(n,)``.

        Raises:
            ValueError: If t holds NaN or anything but real numbers.
        """
        t = real_values(t, "time")
        if isinstance(t, float):
            return self._position_scalar(t)
        t = np.clip(t, 0.0, self.motion.duration)
        start, end = self._bounds(t)
        weight = np.divide(t - start, end - start, out=np.zeros_like(t), where=end > start)
        first, second = self.motion.position(start), self.motion.position(end)
        return first + weight[..., None] * (second - first)

    def _position_scalar(self, t):
        t = min(max(t, 0.0), self.motion.duration)
        start, end = self._bounds(t)
        if self._cached_key != start:
            self._cached_key = start
            self._cached_ends = (self.motion.position(start), self.motion.position(end))
        first, second = self._cached_ends
        weight = (t - start) / (end - start) if end > start else 0.0
        return first + weight * (second - first)

    def _bounds(self, t):
        """The keyframe times on either side of t (scalars or arrays)."""
        key = np.floor(t / self.interval)
        start = np.minimum(key * self.interval, self.motion.duration)
        end = np.minimum(start + self.interval, self.motion.duration)
        if isinstance(t, float):
            return float(start), float(end)
        return start, end
