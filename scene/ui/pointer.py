"""The mouse pointer, and where it points in the 3D scene.

Positions are film coordinates: x and y in [-1, 1] across the window, y up. Everything that reads
the mouse goes through ``SceneApp.pointer``, so that a test can put a pointer of its own there.
"""

import numpy as np
from panda3d.core import KeyboardButton, Point2, Point3


class Pointer:
    """The real mouse of ``showbase``'s window."""

    def __init__(self, showbase):
        self.base = showbase

    def position(self):
        """(x, y) in film coordinates, or None when the mouse is outside the window (or there is
        no mouse, offscreen)."""
        watcher = self.base.mouseWatcherNode
        if watcher is None or not watcher.has_mouse():
            return None
        mouse = watcher.get_mouse()
        return (mouse.x, mouse.y)

    def shift_down(self):
        """Whether a Shift key is held."""
        return self._down(KeyboardButton.shift())

    def control_down(self):
        """Whether a Control key is held."""
        return self._down(KeyboardButton.control())

    def _down(self, button):
        watcher = self.base.mouseWatcherNode
        return watcher is not None and watcher.is_button_down(button)


def on_plane(showbase, position, anchor, normal):
    """Where the ray from the camera through film ``position`` meets the plane through ``anchor``
    (3,) facing ``normal`` (3,); None if it misses (parallel, or behind the camera)."""
    near, far = Point3(), Point3()
    if position is None or not showbase.camLens.extrude(Point2(*position), near, far):
        return None
    render, camera = showbase.render, showbase.cam
    start = np.array(render.get_relative_point(camera, near))
    direction = np.array(render.get_relative_point(camera, far)) - start
    along = direction @ normal
    if abs(along) < 1e-9:
        return None
    distance = (np.asarray(anchor) - start) @ normal / along
    return start + direction * distance if distance >= 0.0 else None


def view_direction(showbase):
    """The camera's forward axis in the scene's coordinates, shape (3,)."""
    return np.array(showbase.render.get_relative_vector(showbase.camera, (0, 1, 0)))


def on_ground(showbase, position, height=0.0):
    """Where film ``position`` points on the ground plane z = ``height``, shape (3,), or None."""
    return on_plane(showbase, position, (0.0, 0.0, height), np.array([0.0, 0.0, 1.0]))


FAR_AWAY = 1e3
"""A point the mouse names further than this from its anchor is taken as the ground seen edge on."""


def at_height_of(showbase, position, anchor):
    """Where film ``position`` points at ``anchor``'s (3,) height, shape (3,); on the plane through
    ``anchor`` square to the view instead when the ground is seen edge on (the point would be
    ``FAR_AWAY`` or behind the camera); None if the mouse points at nothing in front of it."""
    point = on_ground(showbase, position, anchor[2])
    if point is None or np.linalg.norm(point - anchor) > FAR_AWAY:
        point = on_plane(showbase, position, anchor, view_direction(showbase))
    return point


def to_film(showbase, point):
    """Film coordinates (x, y) of the 3D ``point``, or None when it is behind the camera."""
    screen = Point2()
    if not showbase.camLens.project(showbase.cam.get_relative_point(showbase.render, Point3(*point)), screen):
        return None
    return (screen.x, screen.y)


def pixel_gap(showbase, a, b):
    """Distance in pixels between film positions ``a`` and ``b``."""
    size = np.array([showbase.win.get_x_size(), showbase.win.get_y_size()]) / 2.0
    return float(np.linalg.norm((np.array(a) - np.array(b)) * size))
