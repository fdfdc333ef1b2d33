"""The curves mode's "drive it" preset: the fastest motion a car makes along the trajectory
(``Motion.fastest``), with a top speed the user changes by Up / Down and a jerk limit by J."""

from scene.curves.made_motion import stepped, timed_by
from scene.curves.presets import DRIVE_LIMITS
from trajectory import Motion

TOP_SPEEDS = (2.0, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0, 12.0, 16.0)
"""The top speeds Up / Down step through, in board units per second."""
JERKS = (None, 2.0, 4.0, 8.0, 16.0, 32.0)
"""The jerk limits J cycles through, in board units per second³ (None: none, the acceleration
jumps): the one list the key help, the README and the scene's guide say (``JERK_WORDS``)."""
JERK_WORDS = ", ".join("none" if jerk is None else f"{jerk:g}" for jerk in JERKS) + " units/s³"
"""``JERKS`` in words: "none, 2, 4, 8, 16, 32 units/s³"."""


class Drive:
    """The car: ``DRIVE_LIMITS`` with the chosen top speed ``v_max`` and ``jerk`` limit."""

    def __init__(self):
        self.v_max, self.jerk = DRIVE_LIMITS["v_max"], DRIVE_LIMITS["jerk"]

    @property
    def limits(self):
        """The keyword arguments of ``Motion.fastest`` for this car."""
        return {**DRIVE_LIMITS, "v_max": self.v_max, "jerk": self.jerk}

    def next_jerk(self):
        """The next of ``JERKS``, round to the first after the last."""
        index = JERKS.index(self.jerk) if self.jerk in JERKS else 0
        return JERKS[(index + 1) % len(JERKS)]

    def next_top_speed(self, step):
        """The next higher (step 1) or lower (step -1) top speed of ``TOP_SPEEDS``."""
        return stepped(TOP_SPEEDS, self.v_max, step)

    def motion(self, trajectory, method):
        """The fastest motion along ``trajectory``, timed by ``method``."""
        return timed_by(Motion.fastest(trajectory, **self.limits), method)

    def status(self):
        """The HUD's line about the car."""
        limits = self.limits
        jerk = "no jerk limit" if self.jerk is None else f"jerk {self.jerk:g} units/s³"
        return (
            f"car: top speed {limits['v_max']:g} units/s (Up/Down), cornering {limits['a_lat']:g}, "
            f"accel {limits['accel']:g}, brake {limits['brake']:g} units/s², {jerk} (J)"
        )
