"""The curves mode's run: a ``trajectory.Playhead`` on the current motion, with what the keys
change: pause, the playback rate and direction, the loop mode, the run's duration, the events."""

from scene.ui.bindings import bind, pair
from trajectory import Playhead

DURATIONS = (1.0, 2.0, 3.0, 4.0, 6.0, 8.0, 12.0, 20.0, 30.0)
"""Seconds for one run, chosen with the up and down arrows."""
DEFAULT_DURATION = 6.0
LOOPS = ("loop", "once", "pingpong")
"""What L cycles through (the first is where a run starts)."""
LOOP_WORDS = {"loop": "loops", "once": "once", "pingpong": "ping-pong"}
RATE_LIMITS = (1 / 16, 16.0)


class Run:
    """The run of ``motion`` (a ``trajectory.Motion``) with ``events`` ((s, name) pairs).

    Attributes:
        paused: Whether ``tick`` stands still.
        rate: The playback rate to play at when not paused (negative: backwards).
        loop: One of ``LOOPS``.
    """

    def __init__(self, motion, events=()):
        self.paused = False
        self.rate = 1.0
        self.loop = LOOPS[0]
        self.playhead = Playhead(motion, self.loop, events)

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
        state = "  (ended: R or Space plays again)" if self.ended else "  (paused)" if self.paused else ""
        return f"x{self.rate:g} {LOOP_WORDS[self.loop]}{state}"

    def bindings(self):
        """The keys that change the playback, from where the run is."""
        return (
            bind("Space", "pause or go on (an ended run: play it again)", self.toggle_pause, event="space"),
            pair("[ / ]", "play at half or twice the rate", self.change_rate, ("[", 0.5), ("]", 2.0)),
            bind("\\", "play backwards, or forwards again", self.reverse, event="\\"),
            bind("L", "play once, loop or ping-pong", self.cycle_loop),
        )

    def tick(self, dt):
        """Go on by ``dt`` seconds; the ``trajectory.Crossing``s on the way."""
        return self.playhead.advance(dt)

    def restart(self):
        """Back to the start, going forward, playing."""
        self.paused = False
        self.rate = abs(self.rate)
        self._remake(self.motion, time=0.0)

    def toggle_pause(self):
        """Pause or go on; a run that has ended plays again from the start."""
        if self.ended:
            self.restart()
            return
        self.paused = not self.paused
        self.playhead.set_rate(0.0 if self.paused else self.rate)

    def change_rate(self, factor):
        """Multiply the playback rate by ``factor`` (within ``RATE_LIMITS``), from where it is."""
        size = min(max(abs(self.rate) * factor, RATE_LIMITS[0]), RATE_LIMITS[1])
        self.rate = size if self.rate > 0 else -size
        if not self.paused:
            self.playhead.set_rate(self.rate)

    def reverse(self):
        """Go back the way it came, from where it is."""
        self.rate = -self.rate
        self.playhead.reverse()

    def cycle_loop(self):
        """The next of ``LOOPS``, from where the run is."""
        self.loop = LOOPS[(LOOPS.index(self.loop) + 1) % len(LOOPS)]
        self._remake(self.motion, time=self.time)

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
        self.playhead = Playhead(motion, self.loop, events)
        self.playhead.seek(time=time)
        self.playhead.set_rate(0.0 if self.paused else self.rate)
