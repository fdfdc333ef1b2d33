"""The curves mode: a sphere travelling along a trajectory at the pace of a velocity curve.

The trajectory is drawn in 3D with its control polygon and draggable control points; the velocity
curve is plotted in 2D with its own draggable control points. Every change rebuilds the motion at
once, and the sphere is placed by a keyframe sampler from the per-frame ``update``.
"""

import numpy as np

from scene.curves import curves_keys, presets, user_presets
from scene.curves.curve_drawing import CurveDrawing
from scene.curves.curve_editor import CurveEditor
from scene.curves.curves_status import hud_lines
from scene.curves.drive import Drive
from scene.curves.event_markers import EventMarkers
from scene.curves.horizon import Horizon
from scene.curves.preset_edits import PresetEdits
from scene.curves.riders import Riders
from scene.curves.run import DEFAULT_DURATION, DURATIONS, Run
from scene.curves.track_drawing import LOOK_WORDS, Look, TrackDrawing, surface_drop
from scene.curves.velocity_plot import VelocityPlot
from scene.ui.mode import Drag
from trajectory import Motion
from trajectory.playback import KeyframeSampler

KEYFRAME_INTERVALS = (1 / 60, 3 / 60, 6 / 60, 10 / 60, 15 / 60, 20 / 60, 30 / 60)
"""Seconds between exact positions: whole frames at 60 Hz, as the seed allows."""


def interval_words(seconds):
    """A keyframe interval in both units, e.g. "100 ms (6 frames)"."""
    frames = round(seconds * 60)
    return f"{round(seconds * 1000)} ms ({frames} frame{'s' * (frames != 1)})"


DEFAULT_INTERVAL = 2
DEFAULT_VELOCITY = 1
"""The seed's ease in-out."""


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

    def __init__(self, app):
        self.app = app
        self.presets_file = user_presets.PresetsFile(app.presets_path)
        self.trajectories, self.velocities = self.presets_file.load(presets.TRAJECTORIES, presets.VELOCITIES)
        self.startup_problem = self.presets_file.problem
        self.unedited = tuple(presets.TRAJECTORIES)
        """The trajectories as they come (built in, or opened from a file): not saved unless edited."""
        self.saved = tuple(self.trajectories)
        """The trajectories as the presets file holds them (loaded, or last saved with S)."""
        self.edits = PresetEdits(self)
        self.trajectory_index, self.velocity_index = 0, DEFAULT_VELOCITY
        if app.opened is not None:  # a curve from a file (main.py --open), shown first
            name, spline = app.opened
            title = user_presets.fitting_name(f"opened: {name}", {p.name for p in self.trajectories})
            opened = presets.TrajectoryPreset(title, "knots", spline=spline)
            self.trajectories.append(opened)
            self.unedited = (*self.unedited, opened)
            self.trajectory_index = len(self.trajectories) - 1
        self.interval_index = DEFAULT_INTERVAL
        self.method = "exact"
        self.duration = DEFAULT_DURATION
        self.drive = Drive()
        self.run = None
        self._motion = self.sampler = None
        self._built_from = (None, None)
        self._curve = None
        self.drawing = CurveDrawing(app)
        self.root, self.sphere = self.drawing.root, self.drawing.sphere
        self.riders = Riders(
            app,
            self.root,
            self.sphere,
            Horizon(app, self.root),
            self.drawing.curve_line.path,
            lambda: self.look() is not Look.LINE,
        )
        self.track = TrackDrawing(self.root)
        self.events = EventMarkers(self.root)
        self.plot = VelocityPlot(app)
        self.editor = CurveEditor(
            app,
            self.plot,
            self.drawing,
            lambda index, position: self.edits.move_point(index, position, live=True),
            lambda index, unit: self.edits.move_handle(index, unit, live=True),
        )
        self.rebuild(frame=True)  # makes the run
        self.bindings = curves_keys.bindings(self)
        self.restart()
        self.root.hide()
        self.plot.root.hide()

    # The mode's life: entered, updated every frame, left.

    def enter(self):
        """Show the mode's scene and plot."""
        self.root.show()
        self.plot.root.show()
        self.app.orbit.keep_clear_of(self.plot.covered_width)
        self.frame()
        if self.startup_problem:
            self.app.messages.say(self.startup_problem, warning=True)

    def exit(self):
        """Hide the mode's scene and plot; the camera orbits again."""
        self.release()
        if self.riders.riding:
            self.riders.toggle_ride()
        self.root.hide()
        self.plot.root.hide()
        self.app.orbit.keep_clear_of(0.0)

    def update(self, dt):
        """Advance the run by ``dt`` seconds, follow a drag, place the riders and the markers."""
        self.settle()
        self.editor.follow()
        playing = not self.run.ended
        self.events.passed_by(self.run.tick(dt), dt)
        if playing and self.run.ended:
            self.app.messages.say("The run ended (it plays once, L): R or Space plays it again.")
        t, fraction = self.run.time, self.run.fraction
        self.riders.place(self.motion, t, self.sampler.position(t))
        self.plot.set_now(fraction, self.motion.distance(t), self.motion.velocity.rate_at_time(fraction))

    def status_lines(self):
        """The HUD's lines for this mode."""
        return hud_lines(self, interval_words(KEYFRAME_INTERVALS[self.interval_index]))

    # Bound to keys.

    def choose_trajectory(self, index):
        """Show trajectory preset ``index`` and restart (one that does not exist is said)."""
        if index >= len(self.trajectories):
            self.app.messages.say(
                f"No curve {index + 1}: there are {len(self.trajectories)} (0 goes through them all, "
                "N makes a new one)",
                warning=True,
            )
            return
        self.app.messages.clear_refusal()
        self.trajectory_index = index
        self.edits.knots.selected = None
        self.edits.knots.new.cancel()
        self.rebuild(frame=True)
        self.restart()

    def next_trajectory(self):
        """Show the next trajectory preset, round to the first after the last."""
        self.choose_trajectory((self.trajectory_index + 1) % len(self.trajectories))
        preset = self.trajectories[self.trajectory_index]
        self.app.messages.say(f"Curve {self.trajectory_index + 1} of {len(self.trajectories)}: {preset.name}")

    def choose_velocity(self, index):
        """Use velocity preset ``index``, going on from where the rider is."""
        if index < len(self.velocities):
            self.app.messages.clear_refusal()
            self.velocity_index = index
            self.rebuild()

    def restart(self):
        """Back to the start of the run."""
        self.run.restart()
        self.riders.place(self.motion, 0.0, self.sampler.position(0.0))

    def add_event(self):
        """An event where the rider is now."""
        self.events.add(self.motion.distance(self.run.time))
        self.run.set_events(self.events.events())
        self.events.show(self.motion.trajectory)

    def change_duration(self, step):
        """The next longer (step 1) or shorter (step -1) run, going on from where the rider is;
        while driving, the next higher or lower top speed (the duration follows from it)."""
        if self.velocities[self.velocity_index].drive:
            self.drive.change_top_speed(step)
        else:
            index = int(np.clip(np.searchsorted(DURATIONS, self.duration) + step, 0, len(DURATIONS) - 1))
            self.duration = DURATIONS[index]
        self.rebuild()

    def change_interval(self, step):
        """Keyframes further apart (step 1) or closer (step -1)."""
        self.interval_index = int(np.clip(self.interval_index + step, 0, len(KEYFRAME_INTERVALS) - 1))
        self.rebuild()

    def toggle_method(self):
        """Switch between the exact tables and the seed's chord tables."""
        self.method = "chord" if self.method == "exact" else "exact"
        self.rebuild()

    def look(self):
        """What the trajectory shown is built as (a ``track_drawing.Look``)."""
        driving = self.velocities[self.velocity_index].drive
        return self.track.look(self.trajectory_index, driving, self.trajectory_index == presets.COASTER_INDEX)

    def cycle_look(self):
        """Build the trajectory as the next look: line, tube, ribbon, track, road."""
        look = self.track.choose_next(self.trajectory_index, self.look())
        self._show_look()
        self.app.messages.say(f"The curve built as {LOOK_WORDS[look]} (W: the next)")

    def show_frames(self):
        self.riders.show_frames(self.motion, self.sampler.keyframe_times)

    def frame(self):
        """Aim the camera at the whole curve."""
        self.app.orbit.frame(self.motion.trajectory.evaluate(np.linspace(0.0, 1.0, 200)))

    # Dragging control points.

    def grab(self, shifted=False):
        """Grab the control point under the mouse (3D, or in the plot); whether one was grabbed.

        Args:
            shifted: Shift is held: move a 3D point nearer or farther instead of across the screen.
        """
        return self.edits.press(shifted)

    def set_scale(self, scale):
        """Draw the plot ``scale`` times its size (small windows), the 3D view kept beside it."""
        self.plot.set_scale(scale)
        if not self.root.is_hidden():
            self.app.orbit.keep_clear_of(self.plot.covered_width)

    def covers_pointer(self):
        """Whether the mouse is over the plot, whose area a press never orbits the camera from."""
        return self.plot.covers_pointer()

    def release(self):
        """Let go of any grabbed point (and measure and build what the drag left)."""
        if self.edits.release():
            self._show_plot()
            self.track.show(self._curve, self.look())

    # Building and drawing.

    def points(self):
        """The trajectory's points a press grabs: its control points, or a spline's knots and
        the selected knot's handle tips."""
        preset = self.trajectories[self.trajectory_index]
        return self.edits.knots.grabbable() if preset.knots else preset.points

    def _show_look(self, live=False):
        """The curve built as its look (coarse while ``live``), its line on the look's surface,
        shown unless riding on a track."""
        look = self.look()
        self.drawing.show_curve(self._curve, surface_drop(look))
        self.riders.show_line()
        self.track.show(self._curve, look, live)

    def _show_points(self):
        if self.trajectories[self.trajectory_index].knots:
            self.edits.knots.show()
        else:
            self.drawing.show_control_points(self.points())
            self.drawing.show_handles(None, None)

    def handles(self):
        return self.velocities[self.velocity_index].handles

    def _show_plot(self, measure=True):
        """The plot of the motion, with the velocity curve's handles (a cubic's joined)."""
        self.plot.show(
            self.motion, self.handles(), measure, polygon=bool(self.velocities[self.velocity_index].controls)
        )

    @property
    def motion(self):
        """The ``Motion`` of the presets shown (built first, if an undo or redo changed them)."""
        self.settle()
        return self._motion

    def settle(self):
        """Rebuild if the presets shown are not the ones the motion was built from: an undo or
        redo only puts a preset back, and the next frame (or whatever needs the motion first)
        rebuilds, once for any number of them."""
        built_trajectory, built_velocity = self._built_from
        if (
            built_trajectory is not self.trajectories[self.trajectory_index]
            or built_velocity is not self.velocities[self.velocity_index]
        ):
            self.rebuild()

    def rebuild(self, frame=False, trajectory=None, velocity=None, live=False):
        """Build the motion from the current presets (or the curves given, already built from them)
        and redraw everything that depends on it; ``live`` while a drag goes on."""
        trajectory_preset = self.trajectories[self.trajectory_index]
        velocity_preset = self.velocities[self.velocity_index]
        # A curve whose preset has not changed keeps its tables: a drag rebuilds only one curve.
        if trajectory is None:
            kept = self._motion is not None and self._built_from[0] is trajectory_preset
            trajectory = self._curve if kept else trajectory_preset.curve()
        if velocity_preset.drive:  # the car's fastest motion: its own velocity curve and duration
            self._motion = self.drive.motion(trajectory, self.method)
        else:
            if velocity is None:
                kept = self._motion is not None and self._built_from[1] is velocity_preset
                velocity = self._motion.velocity if kept else velocity_preset.curve()
            self._motion = Motion(trajectory, velocity, self.duration, method=self.method)
        self._built_from = (trajectory_preset, velocity_preset)
        self._curve = trajectory  # the curve built (the track is built along this object)
        if self.run is None:
            self.run = Run(self._motion, self.events.events())
        else:
            self.run.switch(self._motion)  # no restart: on from the same arc-length fraction
        self.sampler = KeyframeSampler(self._motion, KEYFRAME_INTERVALS[self.interval_index])
        self._show_look(live)
        self.events.show(trajectory)
        self._show_points()
        self.drawing.show_keyframes(self._motion.position(self.sampler.keyframe_times))
        self.riders.tilt = self.edits.knots.tilt_keys()
        self.show_frames()
        # While dragging, only the seed's error (the one worth seeing) is measured every frame.
        self._show_plot(measure=not live or self.method == "chord")
        if frame:
            self.frame()
