"""How the curves mode's run is timed: a velocity curve over the run's duration, or a motion made
from the curve itself (the car's fastest drive, the train's roll under gravity); our exact tables
or the seed's chord tables; the time between keyframes. The settings edits that change them, and
what the motion of the presets shown is built from."""

import functools

from scene.curves import curve_edits as edits
from scene.curves.curve_edits import Change, positive
from scene.curves.drive import Drive
from scene.curves.roll import Roll
from scene.kit.refusal import Refused
from trajectory import Motion

METHODS = ("exact", "chord")
"""Our exact tables, or the seed's chord tables."""


class RunTiming:
    """The run's ``duration`` (seconds, a velocity curve's), ``interval`` (seconds between exact
    keyframe positions), ``method`` (one of ``METHODS``), the car (``drive``) and the train
    (``roll``)."""

    def __init__(self, duration, interval):
        self.duration, self.interval, self.method = float(duration), float(interval), METHODS[0]
        self.drive = Drive()
        self.roll = Roll()

    def set(self, edit):
        """Make the settings edit ``edit``: the ``Change``, or None for an edit of anything else.

        Raises:
            Refused: On a value that is not valid; nothing is changed.
        """
        match edit:
            case edits.SetDuration(seconds):
                self.duration = positive(seconds, "a run's duration")
            case edits.SetTopSpeed(speed):
                self.drive.v_max = positive(speed, "the car's top speed")
            case edits.SetJerk(jerk):
                self.drive.jerk = None if jerk is None else positive(jerk, "the car's jerk limit")
            case edits.SetLiftSpeed(speed):
                self.roll.speed = positive(speed, "the lift's speed")
            case edits.SetMethod(method):
                if method not in METHODS:
                    raise Refused(f"the method is one of {', '.join(METHODS)}, not {method!r}")
                self.method = method
            case edits.SetInterval(seconds):
                self.interval = positive(seconds, "the time between keyframes")
                return Change.KEYFRAMES
            case _:
                return None
        return Change.TIMING

    def motion_recipe(self, curve, preset, velocity):
        """How the motion along ``curve`` (a built trajectory) of velocity ``preset`` (with its
        built ``velocity`` curve, None for a drive or a roll) is made: (the key it is kept
        under, besides the sources; the sources; the function that builds it)."""
        if preset.drive:
            settings = (self.method, tuple(self.drive.limits.items()))
            build = functools.partial(self.drive.motion, curve, self.method)
        elif preset.rolling:
            settings = ("rolling", self.method, self.roll.speed)
            build = functools.partial(self.roll.motion, curve, self.method)
        else:
            settings = (self.duration, self.method)
            build = functools.partial(Motion, curve, velocity, self.duration, method=self.method)
        return ("motion", id(curve), id(velocity), *settings), (curve, velocity), build
