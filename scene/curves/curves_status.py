"""What the curves mode's HUD says: which curves (and whether edited), where the run is in time,
distance and parameter, the speed and events, the keyframes and method, the riders (and while
riding, what they feel), and what the tools are doing."""

from scene.curves.looks import look_words, model_words
from scene.curves.preset_origins import Edited
from scene.curves.velocity_plot import METHOD_WORDS

EDITED_WORDS = {Edited.AS_IT_CAME: "", Edited.EDITED: " (edited)", Edited.NEW: " (new)"}


def hud_lines(model, run, riders, events, interval, tool_lines, track):
    """The curves mode's HUD lines from ``model`` (a ``CurvesModel``), the ``run``, the
    ``riders``, the ``events`` markers, the keyframe ``interval`` (words), the tools' lines
    (None for a tool with nothing to say) and the ``track`` built (a ``TrackDrawing``: the
    user's model, and whether it could follow the curve)."""
    t, motion = run.time, run.motion
    trajectory_edited, velocity_edited = (EDITED_WORDS[edited] for edited in model.edited())
    return [
        f"Trajectory {model.trajectory_index + 1}: {model.trajectory.name}{trajectory_edited}",
        f"Velocity {velocity_key(model)}: {model.velocity.name}{velocity_edited}",
        f"t {t:5.2f} / {motion.duration:.4g} s  {run.status()}",
        f"s {float(motion.distance(t)):.4f}   u {float(motion.parameter(t)):.4f}",
        f"speed {float(motion.speed(t)):.2f} units/s   events passed {events.passed} (E)",
        f"keyframes every {interval}, method: {METHOD_WORDS[model.timing.method]} (M)",
        riders.settings.words(),
        *([felt_words(motion.g_forces(t, riders.orientation()))] if riders.riding else []),
        built_words(model.look, track),
        *([model.timing.drive.status()] if model.driving else []),
        *([model.timing.roll.status()] if model.rolling else []),
        *(line for line in tool_lines if line),
    ]


def built_words(look, track):
    """The HUD's line for what the curve is built as (``look``), and, where the model look's
    model cannot follow the curve (``track.cannot_follow``), that it is hidden."""
    words = f"the curve built as {look_words(look, track.bent_model)} (W)"
    if track.cannot_follow is None:
        return words
    return f"{words}: hidden, {model_words(track.bent_model)} cannot follow this curve"


def felt_words(felt):
    """The HUD's line for the g-forces (right, forward, up) a rider feels."""
    right, forward, up = (round(float(value), 2) + 0.0 for value in felt)  # + 0.0: never "-0.00"
    return f"felt: {up:+.2f} g up, {right:+.2f} g right, {forward:+.2f} g forward"


def velocity_key(model):
    """The key that chooses the velocity preset shown: D for the drive (past Shift+9), else its
    Shift+number."""
    return "D" if model.driving else f"Shift+{model.velocity_index + 1}"
