"""The curves mode: a sphere travelling along a trajectory at the pace of a velocity curve.

The trajectory is drawn in 3D with its control polygon and draggable control points; the velocity
curve is plotted in 2D with its own draggable control points. The mode is a model
(``CurvesModel``: the presets, how they are shown, their history), tools that make edits of it
(the mouse's ``CurveEditor`` and ``EditTools``, the keys) and views that draw it (the curve, the
track, the plot, the riders, the markers, the HUD), each redrawn when an edit's ``Change`` says
that what it draws changed, and only then. The sphere is placed by a keyframe sampler from the
per-frame ``update``.
"""

import numpy as np

from scene.curves import curve_edits as edits
from scene.curves import curves_keys, presets, user_presets
from scene.curves.curve_drawing import CurveDrawing
from scene.curves.curve_editor import HELD, CurveEditor
from scene.curves.curve_edits import Change
from scene.curves.curves_model import CurvesModel
from scene.curves.curves_status import hud_lines
from scene.curves.edit_tools import EditTools
from scene.curves.event_markers import EventMarkers
from scene.curves.horizon import Horizon
from scene.curves.looks import Look
from scene.curves.rider_settings import RiderSettings
from scene.curves.riders import Riders
from scene.curves.run import DEFAULT_DURATION, Run
from scene.curves.setting_tools import KEYFRAME_INTERVALS, SettingTools, interval_words
from scene.curves.track_drawing import TrackDrawing, surface_drop
from scene.curves.velocity_plot import VelocityPlot
from scene.kit.refusal import Refused
from scene.ui.mode import Drag
from trajectory.playback import KeyframeSampler

DEFAULT_INTERVAL = 2
DEFAULT_VELOCITY = 1
"""The seed's ease in-out."""
EVERYTHING = Change.SHAPE | Change.TIMING | Change.LOOK | Change.SELECTION | Change.KEYFRAMES


class CurvesMode:
    """The mode; ``app`` is the ``SceneApp`` (a ShowBase with camera control, HUD and messages).

    Args:
        app: The application (its ``presets_path`` is the user's presets file, see
            ``user_presets``).
    """

    name = "curves"
    title = "Curves"
    right_drag = Drag.PAN
    mouse_help = curves_keys.MOUSE_HELP

    def __init__(self, app, presets_path, opened=None, bent_model=None):
        self.app = app
        self.bent_model = bent_model
        """A model file of the user's the model look bends along the curve (``--bend``), or None."""
        self.presets_file = user_presets.PresetsFile(presets_path)
        trajectories, velocities = self.presets_file.load(presets.TRAJECTORIES, presets.VELOCITIES)
        self.startup_problem = self.presets_file.problem
        self.model = CurvesModel(
            trajectories,
            velocities,
            DEFAULT_DURATION,
            KEYFRAME_INTERVALS[DEFAULT_INTERVAL],
            unedited=presets.TRAJECTORIES,
            builtin_velocities=presets.VELOCITIES,
            coaster=presets.COASTER_INDEX,
            velocity_index=DEFAULT_VELOCITY,
        )
        if opened is not None:  # a curve from a file (main.py --open), shown first
            name, spline = opened
            title = user_presets.fitting_name(f"opened: {name}", {p.name for p in trajectories})
            opened = presets.TrajectoryPreset(title, "knots", spline=spline)
            self.model.unedited += (opened,)
            self.model.apply(edits.AddTrajectory(opened))
        self.run = self.sampler = None
        self._pending = Change.NONE
        """What changed (an undo, a redo) and is drawn at the next frame, once for any number."""
        self.drawing = CurveDrawing(app)
        self.root, self.sphere = self.drawing.root, self.drawing.sphere
        self.riders = Riders(
            app,
            self.root,
            self.sphere,
            Horizon(app, self.root),
            self.drawing.curve_line.path,
            lambda: self.model.look is not Look.LINE,
        )
        self.track = TrackDrawing(self.root, lambda text: app.messages.say(text, warning=True), bent_model)
        self.events = EventMarkers(self.root)
        self.plot = VelocityPlot(app)
        self.editor = CurveEditor(app, self.plot, self.model)
        self.edits = EditTools(
            app, self.model, self.editor, self.plot, self.drawing, self.presets_file, self.track
        )
        self.settings = SettingTools(app, self.model, self.edits.new, bent_model)
        self.redraw(EVERYTHING | Change.CHOICE)  # makes the run
        self.bindings = curves_keys.bindings(self)
        self.root.hide()
        self.drawing.overlay.hide()
        self.plot.root.hide()

    # The mode's life: entered, updated every frame, left.

    def enter(self):
        """Show the mode's scene and plot."""
        self.root.show()
        self.drawing.overlay.show()
        self.plot.root.show()
        self.app.orbit.keep_clear_of(self.plot.covered_width)
        self.frame()
        if self.startup_problem:
            self.app.messages.say(self.startup_problem, warning=True)

    def exit(self):
        """Hide the mode's scene and plot; the camera orbits again."""
        self.release()
        if self.model.rider_settings.riding:  # the camera orbits again
            self.change_riders(RiderSettings.ride_toggled)
        self.root.hide()
        self.drawing.overlay.hide()
        self.plot.root.hide()
        self.app.orbit.keep_clear_of(0.0)

    def update(self, dt):
        """Advance the run by ``dt`` seconds, follow a drag, place the riders and the markers."""
        self._follow_the_mouse()
        self.settle()
        playing = not self.run.ended
        self.events.passed_by(self.run.tick(dt), dt)
        if playing and self.run.ended:
            self.app.messages.say("The run ended (it plays once, L): R or Space plays it again.")
        t, fraction, motion = self.run.time, self.run.fraction, self.run.motion
        self.riders.place(motion, t, self.sampler.position(t))
        self.drawing.place_handles()
        self.plot.set_now(fraction, motion.distance(t), motion.velocity.rate_at_time(fraction))

    def status_lines(self):
        """The HUD's lines for this mode."""
        self.settle()
        return hud_lines(
            self.model,
            self.run,
            self.riders,
            self.events,
            interval_words(self.model.timing.interval),
            (self.edits.knots.status(), self.edits.new.status(), self.editor.status()),
            self.track,
        )

    # Edits: made by the tools, drawn by the views.

    def apply(self, edit, refused="Refused"):
        """Make ``edit`` (a ``curve_edits`` value) and draw what it changed; a refused one is said
        (nothing changes), after ``refused`` (a drag's: where the handle or point is held).
        Returns the ``Change``, or None when refused."""
        try:
            change = self.model.apply(edit)
        except Refused as refusal:
            self.app.messages.say(f"{refused}: {refusal}", warning=True, refusal=True)
            return None
        self.redraw(change | self._pending)
        self._pending = Change.NONE
        return change

    def ask(self, tool, *args):
        """Make what ``tool(*args)`` (a tool's method) asks for: an ``Asked``'s edits in turn,
        the first refused said and the rest not made, then its words; None asks for nothing.
        Returns whether all of it was made."""
        asked = tool(*args)
        if asked is None:
            return False
        for edit in asked.edits:
            if self.apply(edit) is None:
                return False
        if asked.said:
            self.app.messages.say(asked.said)
        return True

    def undo(self):
        """Put back the presets shown as they were before their newest edit (a drag let go
        first, and drawn so)."""
        self._let_go()
        self._restore(self.model.undo(), "Undone", "Nothing to undo")

    def redo(self):
        """Make again the newest edit undone of the presets shown (a drag let go first)."""
        self._let_go()
        self._restore(self.model.redo(), "Redone", "Nothing to redo")

    def _let_go(self):
        """Let go of a drag still held (drawn at once); nothing else is drawn: undos between two
        frames are drawn once, at the next."""
        if self.model.drag is not None:
            self.apply(edits.LetGo())

    def _restore(self, found, done, nothing):
        """An undo's or redo's ``Change`` drawn at the next frame (``settle``), once for any
        number of them, and said."""
        if found is None:
            self.app.messages.say(nothing)
            return
        change, words = found
        self._pending |= change
        self.app.messages.say(f"{done}: {words}")

    def settle(self):
        """Draw what changed since the last drawing (undos and redos)."""
        if self._pending:
            pending, self._pending = self._pending, Change.NONE
            self.redraw(pending)

    @property
    def motion(self):
        """The ``Motion`` of the presets shown."""
        return self.model.motion

    def redraw(self, change):
        """Redraw what ``change`` (a ``Change``) says changed: the run and keyframes for a new
        motion, the curve and its track for a new shape or look, the points for a new shape or
        selection, the plot for a new motion (coarser while a point is held)."""
        model = self.model
        held, motion = model.drag is not None, model.motion
        if change & (Change.SHAPE | Change.TIMING):
            if self.run is None:
                self.run = Run(motion, _playhead_events(model.events), model.playback)
            else:
                self.run.switch(motion)  # no restart: on from the same arc-length fraction
        if change & Change.EVENTS:
            self.run.set_events(_playhead_events(model.events))
        if change & Change.PLAYBACK:
            self.run.follow(model.playback)
        if change & Change.RIDERS:
            self.riders.follow(model.rider_settings)
            self.show_frames()
        if change & (Change.SHAPE | Change.EVENTS):
            self.events.show(model.curve, model.events)
        if change & Change.SHAPE:
            self.riders.tilt = model.tilt_keys()
        if change & (Change.SHAPE | Change.LOOK):
            self._show_look(live=held)
        if change & (Change.SHAPE | Change.SELECTION):
            self._show_points()
        if change & (Change.SHAPE | Change.TIMING | Change.KEYFRAMES):
            self.sampler = KeyframeSampler(motion, model.timing.interval)
            self.drawing.show_keyframes(motion.position(self.sampler.keyframe_times))
            self.show_frames()
        if change & (Change.SHAPE | Change.TIMING):
            # While dragging, only the seed's error (the one worth seeing) is measured every frame.
            self._show_plot(measure=not held or model.timing.method == "chord")
        if change & Change.HELD or (held and change & Change.SHAPE):
            self._show_held()
        if change & Change.HELD and not held:  # let go: the track fine and the plot measured
            self.track.show(model.curve, model.look)
            self._show_plot()
        if change & Change.CHOICE and change & Change.SHAPE:  # another trajectory: from its start
            self.frame()
            self.restart()

    # Bound to keys.

    def restart(self):
        """Back to the start of the run, playing forwards."""
        self.model.apply(edits.SetPlayback(self.model.playback.from_the_start()))
        self.settle()
        self.run.restart(self.model.playback)
        self.riders.place(self.run.motion, 0.0, self.sampler.position(0.0))

    def change_riders(self, change):
        """What rides the curve, or how, as ``change`` (a ``RiderSettings`` method, such as
        ``next_mode``, with its arguments) makes it from the model's."""
        self.apply(edits.SetRiders(change(self.model.rider_settings)))

    def toggle_pause(self):
        """Pause or go on; a run that has ended plays again from the start."""
        if self.run.ended:
            self.restart()
            return
        self.apply(edits.SetPlayback(self.model.playback.toggled()))

    def change_rate(self, factor):
        """Play at ``factor`` times the rate (within ``run.RATE_LIMITS``), from where it is."""
        self.apply(edits.SetPlayback(self.model.playback.faster(factor)))

    def reverse(self):
        """Go back the way it came, from where it is."""
        self.apply(edits.SetPlayback(self.model.playback.reversed()))

    def cycle_loop(self):
        """Play once, loop or ping-pong, from where the run is."""
        self.apply(edits.SetPlayback(self.model.playback.next_loop()))

    def add_event(self):
        """An event where the rider is now (undone by Ctrl+Z as any edit)."""
        self.apply(edits.AddEvent(float(self.motion.distance(self.run.time))))

    def show_frames(self):
        """What the rider's frame shows: its axes at the keyframes and the forces it feels."""
        motion = self.motion
        self.riders.show_frames(motion, self.sampler.keyframe_times)
        self.plot.forces.show(motion, self.riders.orientation())

    def frame(self):
        """Aim the camera at the whole curve."""
        self.app.orbit.frame(self.model.curve.evaluate(np.linspace(0.0, 1.0, 200)))

    # Dragging control points.

    def grab(self, shifted=False):
        """Grab the control point under the mouse (3D, or in the plot); whether one was grabbed.

        Args:
            shifted: Shift is held: move a 3D point nearer or farther instead of across the screen.
        """
        self.settle()
        return self.ask(self.edits.press, shifted)

    def set_scale(self, scale):
        """Draw the plot ``scale`` times its size (small windows), the 3D view kept beside it."""
        self.plot.set_scale(scale)
        if not self.root.is_hidden():
            self.app.orbit.keep_clear_of(self.plot.covered_width)

    def covers_pointer(self):
        """Whether the mouse is over the plot, whose area a press never orbits the camera from."""
        return self.plot.covers_pointer()

    def release(self):
        """Let go of what is held, after following the mouse one last time (the release may come
        in the same frame as the last move)."""
        if self.model.drag is not None:
            self._follow_the_mouse()
            self._let_go()

    def _follow_the_mouse(self):
        """Move what is held to where the mouse now is (a refused move says why; what is held
        stays where it last worked)."""
        edit = self.editor.follow()
        if edit is not None:
            self.apply(edit, refused=HELD)

    # Drawing.

    def _show_look(self, live=False):
        """The curve built as its look (coarse while ``live``), its line on the look's surface,
        shown unless riding on a track."""
        look, curve = self.model.look, self.model.curve
        self.drawing.show_curve(curve, surface_drop(look))
        self.riders.show_line()
        self.track.show(curve, look, live)

    def _show_held(self):
        """The held trajectory point marked where it is (nothing marked between drags)."""
        drag = self.model.drag
        held = isinstance(drag, edits.PointDrag)
        self.drawing.show_grabbed(self.model.grabbable()[drag.index] if held else None)

    def _show_points(self):
        """The control points; a spline's knots and the selected knot's handles."""
        model = self.model
        spline = model.spline
        if spline is None:
            self.drawing.show_control_points(model.grabbable())
            self.drawing.show_handles(None, None)
            return
        self.drawing.show_control_points(spline.knots, polygon=False)
        if model.selected_knot is None:
            self.drawing.show_handles(None, None)
        else:
            self.drawing.show_handles(spline.knots[model.selected_knot], model.handle_tips())

    def _show_plot(self, measure=True):
        """The plot of the motion, with the velocity curve's handles (a cubic's joined)."""
        velocity = self.model.velocity
        self.plot.show(self.motion, velocity.handles, measure, polygon=bool(velocity.controls))


def _playhead_events(fractions):
    """The events (arc-length fractions) as (s, name) pairs for a ``Playhead``: each named by its
    index."""
    return [(s, index) for index, s in enumerate(fractions)]
