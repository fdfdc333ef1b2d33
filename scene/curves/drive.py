"""The curves mode's "drive it" preset: the fastest motion a car makes along the trajectory
(``Motion.fastest``), with a top speed the user changes by Up / Down."""

from scene.curves.made_motion import stepped, timed_by
from scene.curves.presets import DRIVE_LIMITS
from trajectory import Motion

TOP_SPEEDS = (2.0, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0, 12.0, 16.0)
"""The top speeds Up / Down step through, in board units per second."""


class Drive:
    """The car: ``DRIVE_LIMITS`` with the chosen top speed ``v_max``."""

    def __init__(self):
        self.v_max = DRIVE_LIMITS["v_max"]

    @property
    def limits(self):
        """The keyword arguments of ``Motion.fastest`` for this car."""
        return {**DRIVE_LIMITS, "v_max": self.v_max}

    def next_top_speed(self, step):
        """The next higher (step 1) or lower (step -1) top speed of ``TOP_SPEEDS``."""
        return stepped(TOP_SPEEDS, self.v_max, step)

    def motion(self, trajectory, method):
        """The fastest motion along ``trajectory``, timed by ``method``."""
        return timed_by(Motion.fastest(trajectory, **self.limits), method)

    def status(self):
        """The HUD's line about the car."""
        limits = self.limits
        return (
            f"car: top speed {limits['v_max']:g} units/s (Up/Down), cornering {limits['a_lat']:g}, "
            f"accel {limits['accel']:g}, brake {limits['brake']:g} units/s/s"
        )
