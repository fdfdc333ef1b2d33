"""The curves mode's "roll under gravity" preset: a coaster's train rolling along the trajectory
(``Motion.rolling``, z up, the scene's units as metres): it leaves at the chain lift's speed,
which the user changes by Up / Down, is pulled up its first climb at it, and rolls freely after."""

import numpy as np

from scene.curves.made_motion import stepped, timed_by
from trajectory import Motion

LIFT_SPEEDS = (1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0)
"""The lift's speeds Up / Down step through, in units per second: a chain lift's, up to the
brisk 4 at which the coaster's ride stays within a rider's limits."""
_SAMPLES = 1025
"""Points along the curve at which its first crest is looked for."""


class Roll:
    """The train: the lift's ``speed``, at which it also leaves (units per second)."""

    def __init__(self):
        self.speed = 2.5

    def next_speed(self, step):
        """The next higher (step 1) or lower (step -1) speed of ``LIFT_SPEEDS``."""
        return stepped(LIFT_SPEEDS, self.speed, step)

    def motion(self, trajectory, method):
        """The train's motion along ``trajectory``, timed by ``method``."""
        lifts = first_climb(trajectory, self.speed)
        return timed_by(Motion.rolling(trajectory, self.speed, lifts=lifts), method)

    def status(self):
        """The HUD's line about the train."""
        return (
            f"train: leaves and climbs its first hill at {self.speed:g} units/s (Up/Down), "
            "then rolls freely under gravity (g 9.81)"
        )


def first_climb(curve, speed):
    """A chain lift at ``speed`` up ``curve``'s first climb, from its start to its first crest
    (found among ``_SAMPLES`` points): ((0, arc length, speed),), or () where the curve starts
    level or going down."""
    s = np.linspace(0.0, 1.0, _SAMPLES)
    heights = curve.evaluate(curve.arc_length.parameter(s))[:, 2]
    falls = np.flatnonzero(np.diff(heights) <= 0.0)
    crest = falls[0] if len(falls) else len(s) - 1
    return ((0.0, float(s[crest] * curve.length), speed),) if crest > 0 else ()
