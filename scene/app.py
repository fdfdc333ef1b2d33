"""The curves scene: a sphere travelling along a 3D curve at the pace of a velocity curve."""

from pathlib import Path

import numpy as np
from direct.gui.OnscreenText import OnscreenText
from direct.showbase.ShowBase import ShowBase
from panda3d.core import AmbientLight, ClockObject, DirectionalLight, Filename, TextNode

from scene import drawing, presets
from trajectory import KeyframeSampler, Motion

MODELS = Path(__file__).resolve().parent.parent / "models"

DURATION = 6.0
"""Seconds for one run along the curve."""
KEYFRAME_INTERVAL = 0.1
"""Seconds between exact positions; the frames between interpolate linearly."""
HOLD_AT_END = 1.0
"""Seconds the sphere rests at the end before the run starts again."""
SPHERE_RADIUS = 0.45
BACKGROUND = (0.11, 0.12, 0.15, 1.0)
CURVE_COLOUR = (0.95, 0.75, 0.25, 1.0)
POLYGON_COLOUR = (0.5, 0.55, 0.65, 1.0)
SPHERE_COLOUR = (0.3, 0.6, 1.0, 1.0)
CAMERA_DIRECTION = np.array([0.55, -1.0, 0.6])
"""From the curve's centre towards the camera."""
CAMERA_MARGIN = 1.5
"""Camera distance as a multiple of the curve's bounding radius."""


class CurvesApp(ShowBase):
    """The window: the curve, its control polygon, and the sphere placed by keyframes.

    Args:
        window_type: ``None`` for a normal window, ``"offscreen"`` to render without a display.
        frame_rate: If given, the clock runs in scene time at this many frames per second,
            whatever the wall clock says (for tests, screenshots and recordings).
    """

    def __init__(self, window_type=None, frame_rate=None):
        super().__init__(windowType=window_type)
        if frame_rate is not None:
            self.clock.set_mode(ClockObject.M_non_real_time)
            self.clock.set_frame_rate(frame_rate)
        self.disable_mouse()
        self.set_background_color(*BACKGROUND)
        self.motion = Motion(presets.S_BEND, presets.EASE_IN_OUT, DURATION)
        self.sampler = KeyframeSampler(self.motion, KEYFRAME_INTERVAL)
        self.elapsed = 0.0
        self._draw_curve()
        self.sphere = self._load_sphere()
        self._light_scene()
        self._place_camera()
        OnscreenText(
            text="Cubic Bezier, ease in-out    R: restart    Esc: quit",
            pos=(0.05, -0.08),
            scale=0.05,
            align=TextNode.A_left,
            fg=(1, 1, 1, 0.85),
            parent=self.a2dTopLeft,
            mayChange=False,
        )
        self.accept("r", self.restart_run)
        self.accept("escape", self.userExit)
        self.task_mgr.add(self.update, "update")

    def restart_run(self):
        """Put the sphere back at the start of the run."""
        self.elapsed = 0.0
        self.sphere.set_pos(*self.sampler.position(0.0))

    def update(self, task):
        """Advance the run by the frame's time and place the sphere from the keyframes."""
        self.elapsed += self.clock.dt
        if self.elapsed > self.motion.duration + HOLD_AT_END:
            self.elapsed = 0.0
        self.sphere.set_pos(*self.sampler.position(min(self.elapsed, self.motion.duration)))
        return task.cont

    def _draw_curve(self):
        curve = self.motion.trajectory
        drawing.curve_path(curve, CURVE_COLOUR, thickness=3.0).reparent_to(self.render)
        polygon = drawing.control_polygon(curve, POLYGON_COLOUR, thickness=1.0)
        polygon.reparent_to(self.render)
        polygon.set_light_off()

    def _load_sphere(self):
        sphere = self.loader.load_model(Filename.from_os_specific(str(MODELS / "sphere.egg")))
        sphere.reparent_to(self.render)
        sphere.set_scale(SPHERE_RADIUS)
        sphere.set_color(*SPHERE_COLOUR)
        sphere.set_pos(*self.sampler.position(0.0))
        return sphere

    def _light_scene(self):
        ambient = self.render.attach_new_node(AmbientLight("ambient"))
        ambient.node().set_color((0.25, 0.25, 0.3, 1.0))
        sun = self.render.attach_new_node(DirectionalLight("sun"))
        sun.node().set_color((0.9, 0.88, 0.8, 1.0))
        sun.set_hpr(30, -50, 0)
        self.sphere.set_light(ambient)
        self.sphere.set_light(sun)

    def _place_camera(self):
        points = self.motion.trajectory.evaluate(np.linspace(0.0, 1.0, 200))
        centre = (points.min(axis=0) + points.max(axis=0)) / 2.0
        radius = np.linalg.norm(points - centre, axis=1).max()
        direction = CAMERA_DIRECTION / np.linalg.norm(CAMERA_DIRECTION)
        lens_half_angle = np.radians(min(self.camLens.get_fov()) / 2.0)
        distance = CAMERA_MARGIN * radius / np.sin(lens_half_angle)
        self.camera.set_pos(*(centre + distance * direction))
        self.camera.look_at(*centre)
