"""The curves mode's run: a ``trajectory.Playhead`` on the current motion, played as the model's
``Playback`` says (paused, the rate and direction, the loop mode), with the events."""

import dataclasses

from trajectory import Playhead

DURATIONS = (1.0, 2.0, 3.0, 4.0, 6.0, 8.0, 12.0, 20.0, 30.0)
"""Seconds for one run, chosen with the up and down arrows."""
DEFAULT_DURATION = 6.0
LOOPS = ("loop", "once", "pingpong")
"""What L cycles through (the first is where a run starts)."""
LOOP_WORDS = {"loop": "loops", "once": "once", "pingpong": "ping-pong"}
RATE_LIMITS = (1 / 16, 16.0)


@dataclasses.dataclass(frozen=True)
class Playback:
    """How the run plays, a value the curves model keeps: ``rate`` (the rate when playing;
    negative: backwards), ``loop`` (one of ``LOOPS``), ``paused``. Each key makes the next one."""

    rate: float = 1.0
    loop: str = LOOPS[0]
    paused: bool = False

    def faster(self, factor):
        """The rate multiplied by ``factor``, kept within ``RATE_LIMITS``, its direction kept."""
        size = min(max(abs(self.rate) * factor, RATE_LIMITS[0]), RATE_LIMITS[1])
        return dataclasses.replace(self, rate=size if self.rate > 0 else -size)

    def reversed(self):
        """Going back the way it came."""
        return dataclasses.replace(self, rate=-self.rate)

    def next_loop(self):
        """The next of ``LOOPS``."""
        return dataclasses.replace(self, loop=LOOPS[(LOOPS.index(self.loop) + 1) % len(LOOPS)])

    def toggled(self):
        """Paused, or playing again."""
        return dataclasses.replace(self, paused=not self.paused)

    def from_the_start(self):
        """Playing, forwards: how a run restarts."""
        return dataclasses.replace(self, rate=abs(self.rate), paused=False)


class Run:
    """The run of ``motion`` (a ``trajectory.Motion``) with ``events`` ((s, name) pairs), played
    as ``playback`` (a ``Playback``) says; ``follow`` a new one."""

    def __init__(self, motion, events=(), playback=Playback()):
        self.playback = playback
        self.playhead = Playhead(motion, playback.loop, events)
        self.playhead.set_rate(0.0 if playback.paused else playback.rate)

    @property
    def motion(self):
        return self.playhead.motion

    @property
    def duration(self):
        return self.motion.duration

    @property
    def time(self):
        """Seconds into the run."""
        return self.playhead.time

    @property
    def fraction(self):
        """``time`` as a fraction of the run, in [0, 1]."""
        return self.time / self.duration

    @property
    def ended(self):
        """Whether a run played once has reached its end (or, backwards, its start) and stopped."""
        return self.playhead.finished

    def status(self):
        """The HUD's words for the run's playback."""
        playback = self.playback
        state = "  (ended: R or Space plays again)" if self.ended else "  (paused)" if playback.paused else ""
        return f"x{playback.rate:g} {LOOP_WORDS[playback.loop]}{state}"

    def tick(self, dt):
        """Go on by ``dt`` seconds; the ``trajectory.Crossing``s on the way."""
        return self.playhead.advance(dt)

    def restart(self, playback):
        """Back to the start, played as ``playback`` says."""
        self.playback = playback
        self._remake(self.motion, time=0.0)

    def follow(self, playback):
        """Play as ``playback`` says from where the run is: a new loop mode, paused or playing
        again, the other way (back the way it came: in ping-pong, whichever way that is), or
        faster or slower."""
        before, self.playback = self.playback, playback
        if playback == before:
            return
        if playback.loop != before.loop:
            self._remake(self.motion, time=self.time)
        elif (playback.rate < 0.0) != (before.rate < 0.0):
            self.playhead.reverse()
        elif playback.paused != before.paused or not playback.paused:
            self.playhead.set_rate(0.0 if playback.paused else playback.rate)

    def switch(self, motion):
        """Go on along ``motion`` (a new duration, velocity curve or edited curve) from the same
        arc-length fraction: no jump but what the new curve itself makes."""
        self.playhead.switch(motion, keep="distance")

    def set_events(self, events):
        """Play with ``events`` ((s, name) pairs) from now on."""
        self._remake(self.motion, time=self.time, events=events)

    def _remake(self, motion, time, events=None):
        """A new playhead (for a new loop mode or events) at ``time``, with the run's rate."""
        events = self.playhead.events if events is None else events
        self.playhead = Playhead(motion, self.playback.loop, events)
        self.playhead.seek(time=time)
        self.playhead.set_rate(0.0 if self.playback.paused else self.playback.rate)
