"""The curves mode's keys: choosing curves, the run, the riders, the edits (see each part for
its own). A key of a tool goes through the mode's ``ask``: the tool asks for edits, the mode
makes them."""

import functools

from scene.curves import presets
from scene.curves.drive import JERK_WORDS
from scene.curves.rider_settings import RiderSettings
from scene.ui.bindings import KeyBinding, bind, numbered, pair

MOUSE_HELP = (
    ("left drag", "orbit the camera; on a control point, move it"),
    ("click in the distance panel", "a velocity key there (keyed curves)"),
    ("click on a spline of knots", "a knot there; on one, select it (Ctrl while dragging: snap)"),
    ("shift + left drag", "on a control point, move it nearer or farther"),
    ("right or middle drag", "pan (or ctrl + left drag)"),
    ("wheel", "zoom"),
)


def bindings(mode):
    """The key table of ``mode`` (a ``CurvesMode``)."""
    settings, ask = mode.settings, mode.ask
    return (
        numbered(
            "1-9",
            "choose the trajectory (new curves too: N)",
            functools.partial(ask, settings.choose_trajectory),
            9,
        ),
        bind("0", "the next trajectory, all of them (past the ninth too)", ask, settings.next_trajectory),
        numbered(
            f"Shift+1-{min(len(mode.model.velocities), 9)}",
            "choose the velocity curve",
            functools.partial(ask, settings.choose_velocity),
            len(mode.model.velocities),
            prefix="shift-",
        ),
        bind("R", "restart the run", mode.restart),
        bind(
            "D",
            "drive it: the fastest a car can go along the curve",
            ask,
            settings.choose_velocity,
            presets.DRIVE_INDEX,
        ),
        pair(
            "Up / Down",
            "longer or shorter run (driving: the car's top speed; rolling: the lift's speed)",
            functools.partial(ask, settings.change_duration),
            ("arrow_up", 1),
            ("arrow_down", -1),
        ),
        bind("J", f"the car's jerk limit: {JERK_WORDS}", ask, settings.cycle_jerk),
        pair(
            "Right / Left",
            "keyframes further apart or closer",
            functools.partial(ask, settings.change_interval),
            ("arrow_right", 1),
            ("arrow_left", -1),
        ),
        bind("Space", "pause or go on (an ended run: play it again)", mode.toggle_pause, event="space"),
        pair("[ / ]", "play at half or twice the rate", mode.change_rate, ("[", 0.5), ("]", 2.0)),
        bind("\\", "play backwards, or forwards again", mode.reverse, event="\\"),
        bind("L", "play once, loop or ping-pong", mode.cycle_loop),
        bind("E", "an event here (it flashes when passed; Ctrl+Z takes it back)", mode.add_event),
        bind("M", "our exact method or the seed's tables", ask, settings.toggle_method),
        bind("O", "the next way of facing along the curve", mode.change_riders, RiderSettings.next_mode),
        bind("G", "the sphere or a glider", mode.change_riders, RiderSettings.other_rider),
        pair(
            "K / Shift+K",
            "a car more or fewer in the train",
            mode.change_riders,
            ("k", functools.partial(RiderSettings.more_cars, step=1)),
            ("shift-k", functools.partial(RiderSettings.more_cars, step=-1)),
        ),
        bind("V", "ride on the rider, or orbit again", mode.change_riders, RiderSettings.ride_toggled),
        bind("X", "show the frames at the keyframes", mode.change_riders, RiderSettings.frames_toggled),
        bind("F", "frame the curve", mode.frame),
        bind(
            "W",
            "build the curve as the line, a tube, a ribbon, a track, a road or a pipe",
            ask,
            settings.cycle_look,
        ),
        *_edit_bindings(mode),
    )


def _edit_bindings(mode):
    """The keys of the edits: undo, redo, delete, saving, exporting, and the spline editor's."""
    tools, knots, ask = mode.edits, mode.edits.knots, mode.ask
    return (
        bind("Ctrl+Z", "undo the last edit of the curves shown", mode.undo, event="control-z"),
        KeyBinding(
            "Ctrl+Shift+Z, Ctrl+Y",
            "redo it",
            (("shift-control-z", mode.redo, ()), ("control-y", mode.redo, ())),
        ),
        bind("Delete", "delete the selected knot or velocity key", ask, tools.delete),
        bind("S", "save edited curves to the presets file", tools.save),
        bind(
            "Ctrl+E",
            "export the trajectory (an egg file, a JSON spline) and its track (.obj, .bam)",
            tools.export,
            event="control-e",
        ),
        bind("A", "a knot past the nearer end, where the mouse points", ask, knots.add_past_end),
        KeyBinding(
            "T / C",
            "the selected knot's tangent mode / close or open the loop",
            (("t", ask, (knots.cycle_mode,)), ("c", ask, (knots.toggle_closed,))),
        ),
        bind(
            "Shift+T",
            "every knot natural (curvature continuous) or every knot auto",
            ask,
            knots.toggle_natural,
            event="shift-t",
        ),
        pair(", / .", "tilt the selected knot", functools.partial(ask, knots.tilt), (",", -1), (".", 1)),
        KeyBinding(
            "P / N",
            "make it a spline of knots / a new curve: click its first two knots",
            (("p", ask, (knots.make_spline,)), ("n", tools.new.toggle, ())),
        ),
    )
