"""The turning mode: units with a turning radius (a tank, a car, a person) sent across the ground
by mouse, on the seed's arc + line path to a point, or on a Dubins path when a drag sets the
arrival heading. A new order mid-way re-plans from the unit's pose at that moment."""

import math

import numpy as np

from scene.assets import load_model
from scene.bindings import ORBIT_ON_RIGHT_DRAG, bind, numbered
from scene.geometry import LineStrip, axes, blob_shadow, ground_grid
from scene.mode import Drag
from scene.plan_drawing import CIRCLE_SAMPLES, LIFT, PlanDrawing, arrow_points, circle_points
from scene.pointer import on_ground, pixel_gap
from scene.units import KINDS, PLANNER_WORDS, Planner, Unit

BOARD_HALF_SIZE, GRID_SPACING = 24.0, 2.0
GRID_COLOUR = (0.22, 0.24, 0.29, 1.0)
FRAME_YAW_PITCH = (0.0, 55.0)
FRAME_FRACTION = 0.5
"""Framing aims at this fraction of the board: it then fills the window (the corners may be cut)."""
DRAG_PIXELS = 12.0
"""How far (in pixels) the mouse must move after the press for a drag (arrival heading) rather
than a click."""
PREVIEW_COLOUR = (1.0, 1.0, 1.0, 1.0)
SIDE_BY_SIDE = 3.5
"""Ground units between the goals of units sent together to one point: side by side, across the
way they come (or across the arrival heading), not stacked."""
DEMONSTRATION = ((10.0, -10.0, None), (9.0, 7.0, math.pi / 2.0), (-2.0, 12.0, None))
"""Where each unit goes when the mode first opens ((x, y, arrival heading or None) per kind), so
that something moves at once: the seed's arc + line for the tank and the person, a Dubins path
for the car."""
MOUSE_HELP = (
    ("left click", "send the selected unit (or all) to the point"),
    ("left drag", "send it to the press point, arriving along the drag (Dubins path)"),
    *ORBIT_ON_RIGHT_DRAG,
)


class TurningMode:
    """The mode; ``app`` is the ``SceneApp``."""

    name = "turning"
    title = "Turning"
    right_drag = Drag.ORBIT
    mouse_help = MOUSE_HELP

    def __init__(self, app):
        self.app = app
        self.now = 0.0
        self.paused = False
        self.selected = 0  # an index into units, or None for all of them
        self._demonstrated = False
        self.planner = Planner.SEED
        self._order = None  # (press point (3,), press position in film coordinates) while held
        self.root = app.render.attach_new_node("turning mode")
        ground_grid(self.root, BOARD_HALF_SIZE, GRID_SPACING, 0.0, GRID_COLOUR)
        axes(self.root, 3.0, 0.0)
        self.units = [Unit(kind) for kind in KINDS]
        self.models = [self._load_model(kind.name) for kind in KINDS]
        self.rings = [self._selection_ring(model, kind) for model, kind in zip(self.models, KINDS)]
        self.drawings = [PlanDrawing(self.root, kind.colour) for kind in KINDS]
        self.preview = LineStrip(self.root, 5, PREVIEW_COLOUR, 2.0, "arrival heading preview")
        self.preview.show(False)
        self.bindings = (
            numbered(
                f"1-{len(KINDS)}",
                "select a unit (" + ", ".join(k.name for k in KINDS) + ")",
                self.select,
                len(KINDS),
            ),
            bind("A", "select all units", self.select, None),
            bind("P", "path to a point: the seed's arc + line, or the truly shortest", self.toggle_planner),
            bind("C", "show or hide the turning circles and the exit point Q", self.toggle_construction),
            bind("R", "units back to their start", self.restart),
            bind("Space", "pause or go on", self.toggle_pause, event="space"),
            bind("F", "frame the board", self.frame),
        )
        self.select(self.selected)
        self._place_units()
        self.root.hide()

    # The mode's life: entered, updated every frame, left.

    def enter(self):
        """Show the board and its units; the first time, send them off on a demonstration."""
        self.root.show()
        self.app.orbit.keep_clear_of(0.0)
        self.frame()
        if not self._demonstrated:
            self._demonstrated = True
            for index, (x, y, heading) in enumerate(DEMONSTRATION):
                self._send(index, (x, y), heading)

    def exit(self):
        """Hide the board."""
        self.release()
        self.root.hide()

    def update(self, dt):
        """Advance scene time by ``dt`` seconds, place the units, follow an order being dragged."""
        if not self.paused:
            self.now += dt
        self._place_units()
        if self._order is not None:
            self._show_preview()

    def status_lines(self):
        """The HUD's lines for this mode."""
        who = "all units" if self.selected is None else f"{self.selected + 1} {KINDS[self.selected].name}"
        return [
            f"Selected: {who}",
            f"Click: path to a point by {PLANNER_WORDS[self.planner]} (P)",
            "Drag: arrive along the drag (Dubins)",
            *(unit.describe(self.now) for unit in self.units),
            f"t {self.now:6.2f} s{'  (paused)' if self.paused else ''}",
        ]

    # Bound to keys.

    def select(self, index):
        """Select unit ``index``, or all units for None; rings on the ground show which."""
        self.selected = index
        for number, ring in enumerate(self.rings):
            ring.show(index is None or number == index)

    def toggle_planner(self):
        """Switch the path to a point between the seed's and the truly shortest."""
        planners = list(Planner)
        self.planner = planners[(planners.index(self.planner) + 1) % len(planners)]
        self.app.messages.say(f"Clicks now plan {PLANNER_WORDS[self.planner]}")

    def toggle_construction(self):
        """Show or hide the construction: circles, joints, Q."""
        for drawing in self.drawings:
            drawing.set_construction(not drawing.show_construction)

    def restart(self):
        """Every unit back to its start, standing; plans cleared."""
        for unit, drawing in zip(self.units, self.drawings):
            unit.reset()
            drawing.hide()
        self._place_units()

    def toggle_pause(self):
        """Pause the units, or let them go on."""
        self.paused = not self.paused

    def frame(self):
        """Aim the camera at the whole board."""
        corners = BOARD_HALF_SIZE * np.array([[-1, -1, 0], [1, 1, 0], [-1, 1, 0], [1, -1, 0]], dtype=float)
        self.app.orbit.yaw, self.app.orbit.pitch = FRAME_YAW_PITCH
        self.app.orbit.frame(corners * FRAME_FRACTION)

    # Orders by mouse.

    def grab(self, shifted=False):
        """A left press on the ground starts an order (Shift makes no difference); whether the
        press was taken."""
        position = self.app.pointer.position()
        point = on_ground(self.app, position)
        if point is None:
            return False
        self._order = (point, position)
        return True

    def release(self):
        """Finish the order under way: a click plans to the press point; a drag arrives along it."""
        if self._order is None:
            return
        point, _ = self._order
        heading = self._drag_heading()
        self._order = None
        self.preview.show(False)
        self.order(point[:2], heading)

    def order(self, destination, heading=None):
        """Send the selected units to ``destination`` (x, y), arriving at ``heading`` if given;
        a point off the board is refused with a message."""
        if np.max(np.abs(destination)) > BOARD_HALF_SIZE:
            self.app.messages.say("That point is off the board: click on the grid", warning=True)
            return
        chosen = list(range(len(self.units))) if self.selected is None else [self.selected]
        for index, goal in zip(
            chosen, self._side_by_side(chosen, np.asarray(destination, dtype=float), heading)
        ):
            self._send(index, goal, heading)

    def _send(self, index, goal, heading):
        unit = self.units[index]
        path = unit.send(self.now, tuple(map(float, goal)), self.planner, heading)
        self.drawings[index].show(path, unit.rest, unit.kind.radius, dubins=heading is not None)

    def _side_by_side(self, chosen, destination, heading):
        """Goals for the units ``chosen``, sent together to ``destination``: SIDE_BY_SIDE apart on
        a line through it, square to the arrival heading (or to the way they come), in the order
        they stand along that line, kept on the board."""
        if len(chosen) == 1:
            return [destination]
        here = np.array([self.units[i].pose(self.now)[:2] for i in chosen])
        if heading is None:
            way = destination - here.mean(axis=0)
            heading = math.atan2(way[1], way[0]) if np.hypot(*way) > 1e-9 else 0.0
        across = np.array([-math.sin(heading), math.cos(heading)])
        order = np.argsort(np.argsort(here @ across))  # no crossing over: left stays left
        offsets = (order - (len(chosen) - 1) / 2.0) * SIDE_BY_SIDE
        goals = destination + offsets[:, None] * across
        return list(np.clip(goals, -BOARD_HALF_SIZE, BOARD_HALF_SIZE))

    def _drag_heading(self):
        """The arrival heading the drag sets (radians), or None for a click."""
        press_point, press_position = self._order
        position = self.app.pointer.position()
        if position is None or pixel_gap(self.app, position, press_position) < DRAG_PIXELS:
            return None
        now_point = on_ground(self.app, position)
        if now_point is None:
            return None
        dx, dy = (now_point - press_point)[:2]
        return math.atan2(dy, dx)

    def _show_preview(self):
        heading = self._drag_heading()
        self.preview.show(heading is not None)
        if heading is not None:
            self.preview.update(arrow_points(*self._order[0][:2], heading, LIFT * 2))

    # Units.

    def _place_units(self):
        for unit, model in zip(self.units, self.models):
            x, y, heading = unit.pose(self.now)
            model.set_pos(x, y, 0.0)
            model.set_h(math.degrees(heading))

    def _selection_ring(self, model, kind):
        """A ring on the ground around ``model``, moving with it, in the colour of its paths."""
        low, high = model.get_tight_bounds()
        radius = 0.6 * max(high.x - low.x, high.y - low.y) + 0.2
        ring = LineStrip(model, CIRCLE_SAMPLES, kind.colour, 2.0, "selection ring")
        ring.update(circle_points((0.0, 0.0), radius, LIFT))
        return ring

    def _load_model(self, name):
        model = load_model(self.app, name)
        model.reparent_to(self.root)
        low, high = model.get_tight_bounds()
        shadow = blob_shadow(model, 0.75 * max(high.x - low.x, high.y - low.y), darkness=0.45)
        shadow.set_z(0.01)  # under the unit, moving with it
        return model
