"""A mouse orbit camera: drag to orbit around a target, wheel to zoom, pan, frame the scene."""

import math

import numpy as np

from scene.ui.mode import Drag

ORBIT_DEGREES_PER_UNIT = 180.0
"""Degrees of yaw or pitch per unit of mouse travel (the window is 2 units wide)."""
PITCH_LIMITS = (-5.0, 85.0)
DISTANCE_LIMITS = (2.0, 250.0)
ZOOM_STEP = 1.15
FRAME_MARGIN = 1.35
"""Camera distance when framing, as a multiple of what just fits the bounding sphere."""


class OrbitCamera:
    """Places ``showbase.camera`` on a sphere around ``target``, looking at it.

    Angles in degrees: ``yaw`` turns around the vertical axis, ``pitch`` is the height above the
    ground plane, clamped to ``PITCH_LIMITS``; ``distance`` is clamped to ``DISTANCE_LIMITS``.
    """

    def __init__(self, showbase, yaw=25.0, pitch=30.0, distance=30.0):
        self.base = showbase
        self.target = np.zeros(3)
        self.yaw, self.pitch, self.distance = yaw, pitch, distance
        self._drag = None
        self.covered_right = 0.0
        self.apply()

    def state(self):
        """Where the camera is: (target, yaw, pitch, distance), to ``restore`` later."""
        return self.target.copy(), self.yaw, self.pitch, self.distance

    def restore(self, state):
        """Go back to a ``state``."""
        target, self.yaw, self.pitch, self.distance = state
        self.target = np.array(target, dtype=float)
        self._drag = None
        self.apply()

    def keep_clear_of(self, width):
        """Centre the view in the part of the window left of a panel ``width`` aspect2d units wide
        on the right edge (call again when the window changes shape)."""
        self.covered_right = width
        aspect = self.base.get_aspect_ratio()
        film_width = self.base.camLens.get_film_size()[0]
        self.base.camLens.set_film_offset(film_width / 2.0 * width / (2.0 * aspect), 0.0)

    def begin(self, kind):
        """Start a drag (a ``Drag``) from the current mouse position."""
        mouse = self.base.pointer.position()
        if mouse is not None:
            self._drag = (kind, mouse, self.yaw, self.pitch, self.target.copy())

    def end(self):
        """Finish any drag."""
        self._drag = None

    def zoom(self, factor):
        """Move closer (factor < 1) or farther (factor > 1)."""
        self.distance = float(np.clip(self.distance * factor, *DISTANCE_LIMITS))
        self.apply()

    def frame(self, points):
        """Aim at the centre of ``points`` (shape ``(n, 3)``) from far enough to see them all."""
        low, high = points.min(axis=0), points.max(axis=0)
        self.target = (low + high) / 2.0
        radius = max(float(np.linalg.norm(points - self.target, axis=1).max()), 1.0)
        half_angle = math.radians(min(self.base.camLens.get_fov()) / 2.0)
        self.distance = float(np.clip(FRAME_MARGIN * radius / math.sin(half_angle), *DISTANCE_LIMITS))
        self.apply()

    def update(self):
        """Follow the mouse while a drag is under way (call once a frame)."""
        if self._drag is None:
            return
        mouse = self.base.pointer.position()
        if mouse is None:
            return
        kind, start, yaw, pitch, target = self._drag
        dx, dy = mouse[0] - start[0], mouse[1] - start[1]
        if kind is Drag.ORBIT:
            self.yaw = yaw - dx * ORBIT_DEGREES_PER_UNIT
            self.pitch = float(np.clip(pitch - dy * ORBIT_DEGREES_PER_UNIT / 2.0, *PITCH_LIMITS))
        else:
            # The film spans the field of view on each axis: the scene at the target's depth moves
            # with the mouse.
            right, up = self._screen_axes()
            across, down = (
                self.distance * math.tan(math.radians(fov) / 2.0) for fov in self.base.camLens.get_fov()
            )
            self.target = target - (dx * across * right + dy * down * up)
        self.apply()

    def apply(self):
        """Put the camera where yaw, pitch, distance and target say."""
        yaw, pitch = math.radians(self.yaw), math.radians(self.pitch)
        offset = self.distance * np.array(
            [math.sin(yaw) * math.cos(pitch), -math.cos(yaw) * math.cos(pitch), math.sin(pitch)]
        )
        self.base.camera.set_pos(*(self.target + offset))
        self.base.camera.look_at(*self.target)

    def _screen_axes(self):
        yaw = math.radians(self.yaw)
        right = np.array([math.cos(yaw), math.sin(yaw), 0.0])
        forward = self.target - np.array(self.base.camera.get_pos())
        forward /= np.linalg.norm(forward)
        return right, np.cross(right, forward)
