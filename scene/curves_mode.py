"""The curves mode: a sphere travelling along a trajectory at the pace of a velocity curve.

The trajectory is drawn in 3D with its control polygon and draggable control points; the velocity
curve is plotted in 2D with its own draggable control points. Every change rebuilds the motion at
once, and the sphere is placed by a keyframe sampler from the per-frame ``update``.
"""

import dataclasses

import numpy as np

from scene import presets, user_presets
from scene.assets import load_model
from scene.bindings import bind, numbered, pair
from scene.geometry import LineStrip, PointSet, axes, ground_grid
from scene.mode import Drag
from scene.pointer import on_plane, pixel_gap, to_film
from scene.velocity_plot import METHOD_WORDS, VelocityPlot
from trajectory import KeyframeSampler, Motion

DURATIONS = (1.0, 2.0, 3.0, 4.0, 6.0, 8.0, 12.0, 20.0, 30.0)
"""Seconds for one run, chosen with the up and down arrows."""
DEFAULT_DURATION = 6.0
KEYFRAME_INTERVALS = (
    (1 / 60, "1 frame"),
    (0.05, "50 ms"),
    (0.1, "100 ms"),
    (10 / 60, "10 frames"),
    (0.25, "250 ms"),
    (20 / 60, "20 frames"),
    (0.5, "500 ms"),
)
"""Seconds between exact positions and their labels (frames at 60 Hz, as the seed allows)."""
DEFAULT_INTERVAL = 2
HOLD_AT_END = 1.0
"""Seconds the sphere rests at the end before the run starts again."""
DEFAULT_VELOCITY = 1
"""The seed's ease in-out."""
CURVE_SAMPLES = 600
SPHERE_RADIUS = 0.45
PICK_PIXELS = 14.0
"""How near (in pixels) the mouse must be to grab a control point."""
GRID_HALF_SIZE, GRID_SPACING = 16.0, 2.0
MOUSE_HELP = (
    ("left drag", "orbit the camera; on a control point, move it"),
    ("shift + left drag", "on a control point, move it nearer or farther"),
    ("right or middle drag", "pan (or ctrl + left drag)"),
    ("wheel", "zoom"),
)
CURVE_COLOUR = (0.95, 0.75, 0.25, 1.0)
POLYGON_COLOUR = (0.5, 0.55, 0.65, 1.0)
POINT_COLOUR = (0.3, 1.0, 0.6, 1.0)
GRABBED_COLOUR = (1.0, 1.0, 1.0, 1.0)
TICK_COLOUR = (1.0, 0.5, 0.35, 1.0)
GRID_COLOUR = (0.22, 0.24, 0.29, 1.0)
SPHERE_COLOUR = (0.3, 0.6, 1.0, 1.0)


@dataclasses.dataclass(frozen=True)
class HandleDrag:
    """A velocity control point (``index`` 0 or 1) held in the plot."""

    index: int


@dataclasses.dataclass(frozen=True)
class PointDrag:
    """A trajectory control point held in 3D: which one, where it was, the camera's view direction
    (the plane it moves in is square to it), whether it moves in depth, and the mouse's film y
    when it was grabbed."""

    index: int
    start: np.ndarray
    normal: np.ndarray
    in_depth: bool
    start_y: float


class CurvesMode:
    """The mode; ``app`` is the ``SceneApp`` (a ShowBase with camera control, HUD and messages).

    Args:
        app: The application (its ``presets_path`` is the user's presets file, see
            ``user_presets``).
    """

    name = "curves"
    title = "Curves"
    right_drag = Drag.PAN
    mouse_help = MOUSE_HELP

    def __init__(self, app):
        self.app = app
        self.presets_file = user_presets.PresetsFile(app.presets_path)
        self.trajectories, self.velocities = self.presets_file.load(presets.TRAJECTORIES, presets.VELOCITIES)
        self.startup_problem = self.presets_file.problem
        self.trajectory_index, self.velocity_index = 0, DEFAULT_VELOCITY
        self.duration = DEFAULT_DURATION
        self.interval_index = DEFAULT_INTERVAL
        self.method = "exact"
        self.elapsed = 0.0
        self.paused = False
        self.motion = self.sampler = None
        self._built_from = (None, None)
        self._grabbed = None
        self._rate_errors = np.zeros(1)
        self.root = app.render.attach_new_node("curves mode")
        ground_grid(self.root, GRID_HALF_SIZE, GRID_SPACING, 0.0, GRID_COLOUR)
        axes(self.root, 3.0, 0.0)
        self.curve_line = LineStrip(self.root, CURVE_SAMPLES, CURVE_COLOUR, 3.0, "trajectory")
        self.sphere = self._load_sphere()
        self.polygon = self.points = self.ticks = None
        self.grabbed_marker = PointSet(self.root, 1, GRABBED_COLOUR, 14.0, "grabbed point")
        self.grabbed_marker.show(False)
        self.plot = VelocityPlot(app)
        self.bindings = (
            numbered(
                f"1-{min(len(self.trajectories), 9)}",
                "choose the trajectory",
                self.choose_trajectory,
                len(self.trajectories),
            ),
            numbered(
                f"Shift+1-{min(len(self.velocities), 9)}",
                "choose the velocity curve",
                self.choose_velocity,
                len(self.velocities),
                prefix="shift-",
            ),
            bind("R", "restart the run", self.restart),
            bind("Space", "pause or go on", self.toggle_pause, event="space"),
            pair(
                "Up / Down",
                "longer or shorter run",
                self.change_duration,
                ("arrow_up", 1),
                ("arrow_down", -1),
            ),
            pair(
                "Right / Left",
                "keyframes further apart or closer",
                self.change_interval,
                ("arrow_right", 1),
                ("arrow_left", -1),
            ),
            bind("M", "our exact method or the seed's tables", self.toggle_method),
            bind("F", "frame the curve", self.frame),
            bind("S", "save edited curves to the presets file", self.save),
        )
        self._show_trajectory_points()
        self._rebuild(frame=True)
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
        """Hide the mode's scene and plot."""
        self.release()
        self.root.hide()
        self.plot.root.hide()
        self.app.orbit.keep_clear_of(0.0)

    def update(self, dt):
        """Advance the run by ``dt`` seconds, follow a drag, place the sphere and the markers."""
        if self._grabbed is not None:
            self._follow_drag()
        if not self.paused:
            self.elapsed += dt
            if self.elapsed > self.duration + HOLD_AT_END:
                self.elapsed = 0.0
        t = min(self.elapsed, self.duration)
        self.sphere.set_pos(*self.sampler.position(t))
        fraction = t / self.duration
        rate_error = self._rate_errors[
            min(int(fraction * (len(self._rate_errors) - 1)), len(self._rate_errors) - 1)
        ]
        self.plot.set_now(
            fraction, self.motion.distance(t), self.motion.velocity.rate_at_time(fraction), rate_error
        )

    def status_lines(self):
        """The HUD's lines for this mode."""
        t = min(self.elapsed, self.duration)
        trajectory = self.trajectories[self.trajectory_index]
        velocity = self.velocities[self.velocity_index]
        trajectory_edited = _edited(trajectory, presets.TRAJECTORIES)
        velocity_edited = _edited(velocity, presets.VELOCITIES)
        return [
            f"Trajectory {self.trajectory_index + 1}: {trajectory.name}{trajectory_edited}",
            f"Velocity Shift+{self.velocity_index + 1}: {velocity.name}{velocity_edited}",
            f"t {t:5.2f} / {self.duration:g} s{'  (paused)' if self.paused else ''}",
            f"s {float(self.motion.distance(t)):.4f}   u {float(self.motion.parameter(t)):.4f}",
            f"speed {float(self.motion.speed(t)):.2f} units/s",
            f"keyframes every {KEYFRAME_INTERVALS[self.interval_index][1]}",
            f"method: {METHOD_WORDS[self.method]} (M)",
        ]

    # Bound to keys.

    def choose_trajectory(self, index):
        """Show trajectory preset ``index`` and restart."""
        if index < len(self.trajectories):
            self.trajectory_index = index
            self._show_trajectory_points()
            self._rebuild(frame=True)
            self.restart()

    def choose_velocity(self, index):
        """Use velocity preset ``index`` and restart."""
        if index < len(self.velocities):
            self.velocity_index = index
            self._rebuild()
            self.restart()

    def restart(self):
        """Back to the start of the run."""
        self.elapsed = 0.0
        self.sphere.set_pos(*self.sampler.position(0.0))

    def toggle_pause(self):
        """Pause the run, or go on."""
        self.paused = not self.paused

    def change_duration(self, step):
        """The next longer (step 1) or shorter (step -1) duration; the run restarts."""
        index = int(np.clip(np.searchsorted(DURATIONS, self.duration) + step, 0, len(DURATIONS) - 1))
        self.duration = DURATIONS[index]
        self._rebuild()
        self.restart()

    def change_interval(self, step):
        """Keyframes further apart (step 1) or closer (step -1)."""
        self.interval_index = int(np.clip(self.interval_index + step, 0, len(KEYFRAME_INTERVALS) - 1))
        self._rebuild()

    def toggle_method(self):
        """Switch between the exact tables and the seed's chord tables."""
        self.method = "chord" if self.method == "exact" else "exact"
        self._rebuild()

    def frame(self):
        """Aim the camera at the whole curve."""
        self.app.orbit.frame(self.motion.trajectory.evaluate(np.linspace(0.0, 1.0, 200)))

    def save(self):
        """Write the edited presets to the presets file (or beside it, when it must be kept)."""
        path = self.presets_file.path
        try:
            saved = self.presets_file.save(
                self.trajectories, self.velocities, presets.TRAJECTORIES, presets.VELOCITIES
            )
        except OSError as error:
            self.app.messages.say(
                f"Could not save the presets to {path}: {error.strerror or error}", warning=True
            )
            return
        curves = f"{saved.count} edited curve{'s' * (saved.count != 1)}"
        if saved.beside is None:
            self.app.messages.say(f"Saved {curves} to {saved.path}")
        else:
            self.app.messages.say(
                f"Saved {curves} to {saved.path}: {path.name} is kept as it is ({saved.beside})", warning=True
            )

    # Dragging control points.

    def grab(self, shifted=False):
        """Grab the control point under the mouse (3D, or in the plot); whether one was grabbed.

        Args:
            shifted: Shift is held: move a 3D point nearer or farther instead of across the screen.
        """
        handle = self.plot.pick(self._controls())
        if handle is not None:
            self._grabbed = HandleDrag(handle)
            return True
        index = self._pick_point()
        if index is None:
            return False
        point = np.array(self._points()[index])
        camera = self.app.camera
        normal = np.array(self.app.render.get_relative_vector(camera, (0, 1, 0)))
        self._grabbed = PointDrag(index, point, normal, shifted, self.app.pointer.position()[1])
        self.grabbed_marker.update([point])
        self.grabbed_marker.show()
        return True

    def release(self):
        """Let go of any grabbed point (and measure what the drag left)."""
        if self._grabbed is not None:
            self._follow_drag()  # the release may come in the same frame as the last move
            self._grabbed = None
            self.plot.show(self.motion, self._controls())
            self._rate_errors = self.plot.rate_errors
        self.grabbed_marker.show(False)

    def _follow_drag(self):
        mouse = self.app.pointer.position()
        if mouse is None:
            return
        drag = self._grabbed
        if isinstance(drag, HandleDrag):
            self.move_handle(drag.index, self.plot.mouse_to_unit(), live=True)
            return
        if drag.in_depth or self.app.pointer.shift_down():
            target = drag.start + drag.normal * (mouse[1] - drag.start_y) * self.app.orbit.distance
        else:
            target = on_plane(self.app, mouse, drag.start, drag.normal)
        if target is not None:
            self.move_point(drag.index, target, live=True)

    def move_point(self, index, position, live=False):
        """Move trajectory control point ``index`` to ``position`` (3,); refuse what is invalid.

        ``live`` marks a step of a drag: the plot then skips measuring the exact method's speed.
        """
        preset = self.trajectories[self.trajectory_index]
        points = np.array(self._points())
        points[index] = position
        try:
            trajectory = preset.curve(points)
        except ValueError as error:
            self.app.messages.say(f"Refused: {error}", warning=True)
            return False
        self.trajectories[self.trajectory_index] = preset.with_points(points)
        self._rebuild(trajectory=trajectory, live=live)
        self.grabbed_marker.update([position])
        return True

    def move_handle(self, index, unit, live=False):
        """Move velocity control point ``index`` to ``unit`` (t, s); refuse what is invalid.

        ``live`` marks a step of a drag, as for ``move_point``.
        """
        if unit is None:
            return
        preset = self.velocities[self.velocity_index]
        controls = [list(c) for c in preset.controls]
        controls[index] = [float(unit[0]), float(unit[1])]
        try:
            velocity = preset.curve(controls)
        except ValueError as error:
            self.app.messages.say(f"Refused: {error}", warning=True)
            return
        self.velocities[self.velocity_index] = preset.with_controls(controls)
        self._rebuild(velocity=velocity, live=live)

    def _pick_point(self):
        mouse = self.app.pointer.position()
        if not self.trajectories[self.trajectory_index].editable or mouse is None:
            return None
        best, best_gap = None, PICK_PIXELS
        for index, point in enumerate(self._points()):
            screen = to_film(self.app, point)
            if screen is not None and (gap := pixel_gap(self.app, screen, mouse)) < best_gap:
                best, best_gap = index, gap
        return best

    # Building and drawing.

    def _points(self):
        return self.trajectories[self.trajectory_index].points

    def _controls(self):
        preset = self.velocities[self.velocity_index]
        return preset.controls if preset.editable else None

    def _rebuild(self, frame=False, trajectory=None, velocity=None, live=False):
        """Build the motion from the current presets (or the curves given, already built from them)
        and redraw everything that depends on it; ``live`` while a drag goes on."""
        trajectory_preset = self.trajectories[self.trajectory_index]
        velocity_preset = self.velocities[self.velocity_index]
        # A curve whose preset has not changed keeps its tables: a drag rebuilds only one curve.
        if trajectory is None:
            kept = self.motion is not None and self._built_from[0] is trajectory_preset
            trajectory = self.motion.trajectory if kept else trajectory_preset.curve()
        if velocity is None:
            kept = self.motion is not None and self._built_from[1] is velocity_preset
            velocity = self.motion.velocity if kept else velocity_preset.curve()
        self._built_from = (trajectory_preset, velocity_preset)
        self.motion = Motion(trajectory, velocity, self.duration, method=self.method)
        self.sampler = KeyframeSampler(self.motion, KEYFRAME_INTERVALS[self.interval_index][0])
        u = trajectory.arc_length.parameter(np.linspace(0.0, 1.0, CURVE_SAMPLES))
        self.curve_line.update(trajectory.evaluate(u))
        if self.polygon is not None:
            points = np.array(self._points()) if self._points() else np.zeros((0, 3))
            if len(points):
                self.polygon.update(points)
                self.points.update(points)
        times = self.sampler.keyframe_times
        if self.ticks is None or self.ticks.count != len(times):
            if self.ticks is not None:
                self.ticks.path.remove_node()
            self.ticks = PointSet(self.root, len(times), TICK_COLOUR, 5.0, "keyframes")
        self.ticks.update(self.motion.position(times))
        # While dragging, only the seed's error (the one worth seeing) is measured every frame.
        self.plot.show(self.motion, self._controls(), measure=not live or self.method == "chord")
        self._rate_errors = self.plot.rate_errors
        if frame:
            self.frame()

    def _show_trajectory_points(self):
        """(Re)create the control polygon and point markers for the current trajectory."""
        for geometry in (self.polygon, self.points):
            if geometry is not None:
                geometry.path.remove_node()
        self.polygon = self.points = None
        points = self._points()
        if points:
            self.polygon = LineStrip(self.root, len(points), POLYGON_COLOUR, 1.0, "control polygon")
            self.points = PointSet(self.root, len(points), POINT_COLOUR, 9.0, "control points")
            # Handles stay visible and grabbable: drawn last, over the ticks and the sphere.
            self.points.path.set_bin("fixed", 10)
            self.points.path.set_depth_test(False)
            self.polygon.update(np.array(points))
            self.points.update(np.array(points))

    def _load_sphere(self):
        sphere = load_model(self.app, "sphere")
        sphere.reparent_to(self.root)
        sphere.set_scale(SPHERE_RADIUS)
        sphere.set_color(*SPHERE_COLOUR)
        return sphere


def _edited(preset, builtins):
    """ " (edited)" for a preset that differs from every built-in one, else ""."""
    return "" if preset in builtins else " (edited)"
