"""The hardest stop a jerk-limited vehicle can make from speed v and acceleration a: its jerk at
-J until the acceleration reaches -brake (or a lower peak), held there, then at +J so that the
speed and the acceleration reach 0 together. Every other way of slowing is above it in the
(distance, speed) plane, so a state is safe (``jerk_limited``) when its stop stays under the cap.

Distances are from where the stop starts; speeds in length units per second. Plain floats
throughout: a drive asks about a few points at a time, fewer than numpy's overhead pays for.
"""

import math

_NEWTON_STEPS = 6
"""Newton steps from the chord guess that invert the stop's rising part to rounding: it is
shorter than a / J, where the speed changes by at most a² / 2J."""


class Stop:
    """The stop from speed ``v`` (>= 0) and acceleration ``a`` under ``jerk`` and ``brake``
    (math.inf for none), or ``None`` from ``Stop.of`` when none exists: braking so hard
    (a < 0, a² > 2 J v) that the speed would reach 0 before the acceleration could.

    Attributes:
        phases: ((seconds, jerk), ...): the three phases, each possibly of no time.
        low: The least acceleration (-brake or the peak of a shorter stop).
        peak_speed, peak_distance: Where the speed is highest (the start unless a > 0).
        length: The distance to standstill.
    """

    __slots__ = (
        "a",
        "jerk",
        "length",
        "low",
        "peak_distance",
        "peak_speed",
        "peak_time",
        "phases",
        "speeds",
        "starts",
        "v",
    )

    @classmethod
    def of(cls, v, a, jerk, brake):
        """The stop from (v, a), or None if there is none."""
        if a < 0.0 and a * a > 2.0 * jerk * v * (1.0 + 1e-12):
            return None
        return cls(v, a, jerk, brake)

    def __init__(self, v, a, jerk, brake):
        self.v, self.a, self.jerk = v, a, jerk
        # sqrt((a² + 2 J v) / 2), written so that a speed near the smallest float keeps a low < 0
        self.low = max(
            -math.hypot(a, math.sqrt(2.0 * jerk) * math.sqrt(max(v, 0.0))) / math.sqrt(2.0), -brake
        )
        self.low = min(self.low, a)
        down, up = (a - self.low) / jerk, -self.low / jerk
        v1 = v + (a * a - self.low * self.low) / (2.0 * jerk)
        v2 = self.low * self.low / (2.0 * jerk)
        hold = (v1 - v2) / -self.low if self.low < 0.0 and v1 > v2 else 0.0
        self.phases = ((down, -jerk), (hold, 0.0), (up, jerk))
        self.speeds = (v, v1, v2, 0.0)  # at the phases' starts, and at the end
        s1 = down * (v + down * (a / 2.0 - jerk * down / 6.0))
        s2 = s1 + hold * (v1 + self.low * hold / 2.0)
        self.starts = (0.0, s1, s2)
        self.length = s2 + up * (v2 + up * (self.low / 2.0 + jerk * up / 6.0))
        self.peak_time = max(a, 0.0) / jerk
        self.peak_speed = v + max(a, 0.0) ** 2 / (2.0 * jerk)
        self.peak_distance = self._rising_distance(self.peak_time)

    @property
    def duration(self):
        """Seconds to standstill."""
        return sum(seconds for seconds, _ in self.phases)

    def _rising_distance(self, t):
        """Distance at time t (array or scalar) within the first phase."""
        return t * (self.v + t * (self.a / 2.0 - self.jerk * t / 6.0))

    def distance_to_speed(self, speed):
        """The distance and time at which the falling stop passes ``speed`` (below the peak
        speed, >= 0): the later root of v + a t - J t²/2 in the first phase (no cancellation when
        a < 0), the hold's line, or the earlier root in the release."""
        _, v1, v2, _ = self.speeds
        if speed >= v1:
            v, a, jerk = self.v, self.a, self.jerk
            drop = v - speed
            root = math.sqrt(max(a * a + 2.0 * jerk * drop, 0.0))
            t = (a + root) / jerk if a >= 0.0 else 2.0 * drop / (root - a)
            return self._rising_distance(t), t
        if speed >= v2:
            t = (v1 - speed) / -self.low
            return self.starts[1] + t * (v1 + self.low * t / 2.0), self.phases[0][0] + t
        low, jerk = self.low, self.jerk
        left = v2 - speed
        t = 2.0 * left / (math.sqrt(max(low * low - 2.0 * jerk * left, 0.0)) - low)
        distance = self.starts[2] + t * (v2 + t * (low / 2.0 + jerk * t / 6.0))
        return distance, self.phases[0][0] + self.phases[1][0] + t

    def rising_speed(self, distance):
        """The speed at ``distance`` (no farther than the peak), and the time: Newton's method
        on the first phase's distance."""
        t = min(distance / max(self.v, 1e-300), self.peak_time)
        for _ in range(_NEWTON_STEPS):
            speed = self.v + t * (self.a - self.jerk * t / 2.0)
            miss = self._rising_distance(t) - distance
            if abs(miss) <= 1e-15 * abs(distance):
                break
            t = min(max(t - miss / max(speed, 1e-300), 0.0), self.peak_time)
        return self.v + t * (self.a - self.jerk * t / 2.0), t

    def at_acceleration(self, acceleration):
        """Distance, squared speed and time where the first phase passes ``acceleration``
        (within [low, a])."""
        t = (self.a - acceleration) / self.jerk
        speed = self.v + t * (self.a - self.jerk * t / 2.0)
        return self._rising_distance(t), speed * speed, t

    def cut(self, seconds):
        """The phases ((seconds, jerk), ...) of the stop's first ``seconds``."""
        kept, left = [], seconds
        for duration, jerk in self.phases:
            if left <= 0.0:
                break
            if duration > 0.0:
                kept.append((min(duration, left), jerk))
                left -= duration
        return kept
