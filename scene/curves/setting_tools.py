"""The curves mode's setting tools: the keys that choose the curves shown (1-9, 0, Shift+1-9,
D), the run's length or the car's top speed, the keyframe interval, the method and the look.
Each asks for an edit (``curve_edits``, an ``Asked``) that the mode applies; the model checks it
and the views draw it."""

import numpy as np

from scene.curves import curve_edits as edits
from scene.curves.looks import look_words, next_look
from scene.curves.run import DURATIONS

KEYFRAME_INTERVALS = (1 / 60, 3 / 60, 6 / 60, 10 / 60, 15 / 60, 20 / 60, 30 / 60)
"""Seconds between exact positions: whole frames at 60 Hz, as the seed allows."""


def interval_words(seconds):
    """A keyframe interval in both units, e.g. "100 ms (6 frames)"."""
    frames = round(seconds * 60)
    return f"{round(seconds * 1000)} ms ({frames} frame{'s' * (frames != 1)})"


class SettingTools:
    """The settings of ``model`` (a ``CurvesModel``), each asked for as an ``Asked`` (None:
    nothing to ask, said why); ``app`` gives the messages, ``new`` (the ``NewCurve``) is put away
    when another curve is chosen; ``bent_model`` is the user's model the model look bends (or
    None: our pipe)."""

    def __init__(self, app, model, new, bent_model=None):
        self.app, self.model, self.new = app, model, new
        self.bent_model = bent_model

    def choose_trajectory(self, index):
        """Show trajectory preset ``index`` and restart (one that does not exist is said)."""
        model = self.model
        if index >= len(model.trajectories):
            self.app.messages.say(
                f"No curve {index + 1}: there are {len(model.trajectories)} (0 goes through them all, "
                "N makes a new one)",
                warning=True,
            )
            return None
        self.app.messages.clear_refusal()
        self.new.cancel()
        return edits.Asked((edits.ChooseTrajectory(index),))

    def next_trajectory(self):
        """Show the next trajectory preset, round to the first after the last."""
        trajectories = self.model.trajectories
        index = (self.model.trajectory_index + 1) % len(trajectories)
        said = f"Curve {index + 1} of {len(trajectories)}: {trajectories[index].name}"
        return edits.Asked(self.choose_trajectory(index).edits, said)

    def choose_velocity(self, index):
        """Use velocity preset ``index``, going on from where the rider is."""
        if index >= len(self.model.velocities):
            return None
        self.app.messages.clear_refusal()
        return edits.Asked((edits.ChooseVelocity(index),))

    def change_duration(self, step):
        """The next longer (step 1) or shorter (step -1) run, going on from where the rider is;
        while driving, the next higher or lower top speed, while rolling the lift's next speed (the
        duration follows from either)."""
        model = self.model
        if model.driving:
            return edits.Asked((edits.SetTopSpeed(model.timing.drive.next_top_speed(step)),))
        if model.rolling:
            return edits.Asked((edits.SetLiftSpeed(model.timing.roll.next_speed(step)),))
        index = int(np.clip(np.searchsorted(DURATIONS, model.timing.duration) + step, 0, len(DURATIONS) - 1))
        return edits.Asked((edits.SetDuration(DURATIONS[index]),))

    def cycle_jerk(self):
        """The car's next jerk limit (``drive.JERKS``), said on screen."""
        jerk = self.model.timing.drive.next_jerk()
        words = "none: its acceleration jumps" if jerk is None else f"{jerk:g} units/s³"
        driving = "" if self.model.driving else " (D: drive it)"
        return edits.Asked((edits.SetJerk(jerk),), f"The car's jerk limit: {words}{driving}")

    def change_interval(self, step):
        """Keyframes further apart (step 1) or closer (step -1)."""
        index = int(np.searchsorted(KEYFRAME_INTERVALS, self.model.timing.interval - 1e-9))
        index = int(np.clip(index + step, 0, len(KEYFRAME_INTERVALS) - 1))
        return edits.Asked((edits.SetInterval(KEYFRAME_INTERVALS[index]),))

    def toggle_method(self):
        """Switch between the exact tables and the seed's chord tables."""
        return edits.Asked((edits.SetMethod("chord" if self.model.timing.method == "exact" else "exact"),))

    def cycle_look(self):
        """Build the trajectory as the next look: line, tube, ribbon, track, road, pipe (said
        first: what the build may say, such as a pipe that cannot follow the curve, comes after)."""
        look = next_look(self.model.look)
        self.app.messages.say(f"The curve built as {look_words(look, self.bent_model)} (W: the next)")
        return edits.Asked((edits.SetLook(look),))
