"""An order given by mouse on the ground: a press on a point, then either a click (no heading) or
a drag that sets the heading to arrive with, previewed by an arrow while the button is held."""

import math

from scene.turning.plan_drawing import LIFT, arrow_points
from scene.ui.geometry import LineStrip
from scene.ui.pointer import on_ground, pixel_gap

DRAG_PIXELS = 12.0
"""How far (in pixels) the mouse must move after the press for a drag (arrival heading) rather
than a click."""
PREVIEW_COLOUR = (1.0, 1.0, 1.0, 1.0)


class OrderDrag:
    """The order being given in ``app``'s window; its preview arrow lies under ``parent``."""

    def __init__(self, app, parent):
        self.app = app
        self.pressed = None  # (press point (3,), press position in film coordinates) while held
        self.preview = LineStrip(parent, 5, PREVIEW_COLOUR, 2.0, "arrival heading preview")
        self.preview.show(False)

    def press(self):
        """Start an order where the pointer is; whether it points at the ground."""
        position = self.app.pointer.position()
        point = on_ground(self.app, position)
        if point is not None:
            self.pressed = (point, position)
        return point is not None

    def follow(self):
        """Show the arrow of the heading the drag sets, while one is held."""
        if self.pressed is not None:
            heading = self.heading()
            self.preview.show(heading is not None)
            if heading is not None:
                self.preview.update(arrow_points(*self.pressed[0][:2], heading, LIFT * 2))

    def finish(self):
        """End the order: (point (x, y), heading or None), or None when none was held."""
        if self.pressed is None:
            return None
        point, heading = self.pressed[0][:2], self.heading()
        self.pressed = None
        self.preview.show(False)
        return point, heading

    def heading(self):
        """The arrival heading the drag sets (radians), or None for a click."""
        press_point, press_position = self.pressed
        position = self.app.pointer.position()
        if position is None or pixel_gap(self.app, position, press_position) < DRAG_PIXELS:
            return None
        now_point = on_ground(self.app, position)
        if now_point is None:
            return None
        dx, dy = (now_point - press_point)[:2]
        return math.atan2(dy, dx)
