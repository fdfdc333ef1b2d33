"""The clock of a run that repeats: it goes from 0 to the run's duration, rests at the end, and
starts again; paused, it stands still."""

import dataclasses

import numpy as np

DURATIONS = (1.0, 2.0, 3.0, 4.0, 6.0, 8.0, 12.0, 20.0, 30.0)
"""Seconds for one run, chosen with the up and down arrows."""
DEFAULT_DURATION = 6.0
HOLD_AT_END = 1.0
"""Seconds the rider rests at the end before the run starts again."""


@dataclasses.dataclass
class RunClock:
    """Seconds into a repeating run.

    Attributes:
        duration: Seconds from the start of the run to its end.
        hold: Seconds spent resting at the end before the run starts again.
        elapsed: Seconds since the run started (up to ``duration + hold``).
        paused: Whether ``tick`` stands still.
    """

    duration: float
    hold: float
    elapsed: float = 0.0
    paused: bool = False

    @property
    def time(self):
        """Seconds into the run, held at ``duration`` while resting at the end."""
        return min(self.elapsed, self.duration)

    @property
    def fraction(self):
        """``time`` as a fraction of the run, in [0, 1]."""
        return self.time / self.duration

    def tick(self, dt):
        """Go on by ``dt`` seconds (unless paused), starting again after the rest at the end."""
        if not self.paused:
            self.elapsed += dt
            if self.elapsed > self.duration + self.hold:
                self.elapsed = 0.0

    def restart(self):
        """Back to the start of the run."""
        self.elapsed = 0.0

    def step_duration(self, step):
        """The next longer (step 1) or shorter (step -1) of ``DURATIONS``."""
        index = np.searchsorted(DURATIONS, self.duration) + step
        self.duration = DURATIONS[int(np.clip(index, 0, len(DURATIONS) - 1))]

    def toggle_pause(self):
        """Pause, or go on."""
        self.paused = not self.paused
