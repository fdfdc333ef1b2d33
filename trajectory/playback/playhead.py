"""Playing one object live: a ``Playhead``, the one-object form of ``playheads.Playheads`` with
a per-frame path in plain Python (see ``playheads`` for what a step does).

>>> from trajectory import CubicBezier, Motion, VelocityCurve
>>> line = CubicBezier([[0, 0, 0], [1, 0, 0], [2, 0, 0], [3, 0, 0]])
>>> head = Playhead(Motion(line, VelocityCurve.constant(), 2.0), loop="loop", events=[(0.5, "half")])
>>> [(c.event, c.after) for c in head.advance(2.5)]  # half at 1 s, the end at 2 s, then round again
[('half', 1.0), (<Marker.END: 'end'>, 2.0)]
>>> head.time, round(float(head.position[0]), 12)
(0.5, 0.75)
"""

import math

from trajectory._numerics.checks import finite_number
from trajectory.playback.playheads import Playheads, checked_step


class Playhead:
    """One object playing a motion: ``Playheads`` of one, with a per-frame path in plain Python
    for the steps that cross nothing.

    Args:
        motion: The ``Motion`` it plays.
        loop: What happens at the end, as for ``Playheads``.
        events: Marks along the motion, as for ``Playheads``.
    """

    def __repr__(self):
        state = "finished" if self.finished else f"rate {self.rate:g}"
        return f"Playhead(t {self.time:.6g} of {self.motion.duration:g} s, {self.loop!r}, {state})"

    def __init__(self, motion, loop="once", events=()):
        self._heads = Playheads(motion, 1, loop, events)
        self._skipped = 0.0
        self._refresh()

    motion = property(lambda self: self._heads.motion)
    loop = property(lambda self: self._heads.loop)
    events = property(lambda self: self._heads.events)

    @property
    def time(self):
        return self._time

    @property
    def rate(self):
        """The playback rate: 1 as the velocity curve says, 0 paused, negative backwards."""
        return float(self._heads._rates[0])

    @property
    def finished(self):
        return bool(self._heads.finished[0])

    @property
    def distance(self):
        """The arc-length fraction reached."""
        return float(self.motion.distance(self._time))

    @property
    def position(self):
        """The point reached, (3,)."""
        return self.motion.position(self._time)

    @property
    def speed(self):
        """The object's speed now, length units per second (the motion's, times the rate; 0 once
        finished)."""
        if self.finished:
            return 0.0
        return float(self.motion.speed(self._time)) * abs(self.rate)

    @property
    def skipped_cycles(self):
        """The whole cycles the last ``advance`` skipped without listing their crossings (see
        ``playheads.LISTED_CYCLES``)."""
        return self._skipped

    def advance(self, dt):
        """Move on by ``dt`` seconds of real time; the ``Crossing``s of the step, in order."""
        if type(dt) is not float or not 0.0 <= dt < math.inf:
            dt = checked_step(dt)
        step = self._rate * dt
        if self._low < self._time + step < self._high:  # nothing to cross: the per-frame path
            self._time += step
            self._heads._times[0] = self._time
            self._skipped = 0.0
            return []
        crossings = self._heads.crossings(self._heads.advance(dt))
        self._refresh()
        self._skipped = float(self._heads.skipped_cycles[0])
        return crossings

    def set_rate(self, rate):
        """Play at ``rate`` from now on (0 pauses, negative goes back); the object stays put (a
        finished playhead whose new rate leads back into the motion plays its last pass again)."""
        self._heads.set_rates(finite_number(rate, "rate must be a finite number"))
        self._refresh()

    def reverse(self):
        """Go back the way it came, from where it is (a finished playhead plays its last pass
        again, backwards)."""
        self._heads.reverse()
        self._refresh()

    def seek(self, time=None, distance=None):
        """Jump to a time (seconds) or an arc-length fraction (no events fire)."""
        if (time is None) == (distance is None):
            raise ValueError("seek needs a time or a distance, not both")
        self._heads.seek(time, distance)
        self._refresh()

    def switch(self, motion, keep="distance"):
        """Go on along ``motion`` from the same arc-length fraction (``keep="distance"``), the same
        fraction of the duration (``"time"``), or the point of the new curve nearest to where
        the object is (``"nearest"``)."""
        if keep == "nearest":
            if not hasattr(motion, "trajectory"):
                raise ValueError("keep='nearest' needs a Motion (one curve), not a chain")
            u = motion.trajectory.nearest_parameter(self.position)
            self._heads.switch(motion)
            self._heads.seek(float(motion.time_at_parameter(u)))
        else:
            self._heads.switch(motion, keep)
        self._refresh()

    def _refresh(self):
        """The time and rate, and the open interval of times a step can reach without crossing
        an event or an end (the per-frame path's bounds; empty when nothing moves)."""
        heads = self._heads
        self._time, self._rate = float(heads._times[0]), float(heads._rates[0])
        if heads.finished[0] or self._rate == 0.0:
            self._low = self._high = self._time
        else:
            self._low, self._high = float(heads._low[0]), float(heads._high[0])
