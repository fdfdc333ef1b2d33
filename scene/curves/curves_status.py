"""What the curves mode's HUD says: which curves (and whether edited), where the run is in time,
distance and parameter, the speed and events, the keyframes and method, the riders."""

from scene.curves import presets
from scene.curves.track_drawing import LOOK_WORDS
from scene.curves.velocity_plot import METHOD_WORDS


def hud_lines(mode, interval):
    """The curves mode's HUD lines: the curves, where the run is, the keyframes (``interval``,
    words), the method, the riders."""
    t = mode.run.time
    trajectory = mode.trajectories[mode.trajectory_index]
    velocity = mode.velocities[mode.velocity_index]
    trajectory_edited = _edited(trajectory, mode.unedited, mode.saved)
    velocity_edited = _edited(velocity, presets.VELOCITIES)
    return [
        f"Trajectory {mode.trajectory_index + 1}: {trajectory.name}{trajectory_edited}",
        f"Velocity Shift+{mode.velocity_index + 1}: {velocity.name}{velocity_edited}",
        f"t {t:5.2f} / {mode.motion.duration:.4g} s  {mode.run.status()}",
        f"s {float(mode.motion.distance(t)):.4f}   u {float(mode.motion.parameter(t)):.4f}",
        f"speed {float(mode.motion.speed(t)):.2f} units/s   events passed {mode.events.passed} (E)",
        f"keyframes every {interval}, method: {METHOD_WORDS[mode.method]} (M)",
        mode.riders.status(),
        f"the curve built as {LOOK_WORDS[mode.look()]} (W)",
        *([mode.drive.status()] if velocity.drive else []),
        *([knots] if (knots := mode.edits.knots.status()) else []),
        *([placing] if (placing := mode.edits.knots.new.status()) else []),
        *([held] if (held := _held(mode)) else []),
    ]


def _held(mode):
    """Where the trajectory point being dragged is (None when none is): its coordinates."""
    index = mode.editor.held_point()
    if index is None:
        return None
    x, y, z = mode.points()[index]
    trajectory = mode.trajectories[mode.trajectory_index]
    if not trajectory.knots:
        what = f"point {index + 1}"
    elif index < len(trajectory.spline.knots):
        what = f"knot {index + 1}"
    else:
        side = ("in", "out")[index - len(trajectory.spline.knots)]
        what = f"knot {mode.edits.knots.selected + 1}'s {side} handle"
    x, y, z = (_hundredths(value) for value in (x, y, z))
    return f"dragging {what}: x {x}  y {y}  z {z}  (Ctrl: snap to the grid)"


def _hundredths(value):
    """``value`` to two decimals, never "-0.00" (a snapped -1e-17, or a point just left of 0)."""
    text = f"{value:.2f}"
    return "0.00" if text == "-0.00" else text


def _edited(preset, builtins, saved=()):
    """ " (edited)" for an editable preset that differs from the built-in one of its name, " (new)"
    for one of a name none has (a curve started with N) until it is ``saved`` as it is, else ""
    (a curve opened from a file is no edit)."""
    if preset in builtins or not preset.editable:
        return ""
    if any(builtin.name == preset.name for builtin in builtins):
        return " (edited)"
    return "" if preset in saved else " (new)"
