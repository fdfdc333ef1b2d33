"""The turning mode: units with a turning radius (a tank, a car, a person, a truck) sent across the
ground by mouse, on the seed's arc + line path to a point, or on a Dubins path when a drag sets
the arrival heading (Reeds-Shepp for a unit allowed to back up); around buildings, which the mouse
paints, and around each other's final positions when the direct path is blocked. A new order
mid-way re-plans from the unit's pose at that moment."""

import math

import numpy as np

from scene.turning.ground import Ground
from scene.turning.ground_painting import REFUSAL_WORDS, GroundPainter
from scene.turning.obstacle_drawing import ObstacleDrawing
from scene.turning.order_drag import OrderDrag
from scene.turning.plan_drawing import PlanDrawing
from scene.turning.unit_models import UnitModels
from scene.turning.unit_orders import UnitOrders
from scene.turning.units import KINDS, PLANNER_WORDS, Planner, Unit, side_by_side
from scene.ui.bindings import ORBIT_ON_RIGHT_DRAG, bind, numbered
from scene.ui.geometry import axes, ground_grid
from scene.ui.mode import Drag
from scene.ui.pointer import on_ground

BOARD_HALF_SIZE, GRID_SPACING = 24.0, 2.0
GRID_COLOUR = (0.22, 0.24, 0.29, 1.0)
FRAME_YAW_PITCH = (0.0, 55.0)
FRAME_FRACTION = 0.5
"""Framing aims at this fraction of the board: it then fills the window (the corners may be cut)."""
SIDE_BY_SIDE_GAP = 1.0
"""Ground units between the footprints of units sent together to one point: side by side,
across the way they come (or across the arrival heading), not stacked."""
DEMONSTRATION = (
    (10.0, -10.0, None),
    (9.0, 7.0, math.pi / 2.0),
    (-2.0, 12.0, None),
    (18.0, -20.5, math.pi / 2.0),
)
"""Where each unit goes when the mode first opens ((x, y, arrival heading or None) per kind), so
that something moves at once: the seed's arc + line for the tank and the person, a Dubins path
for the car, and the truck backing into the loading bay (it must arrive facing out)."""
MOUSE_HELP = (
    ("left click", "send the selected unit (or all) there; painting (O): block or free a cell"),
    (
        "left drag",
        "send it to the press point, arriving along the drag (Dubins); painting: cells under it",
    ),
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
        self.steering = True  # units ease into their turns (their kinds' sharpness)
        self.root = app.render.attach_new_node("turning mode")
        ground_grid(self.root, BOARD_HALF_SIZE, GRID_SPACING, 0.0, GRID_COLOUR)
        axes(self.root, 3.0, 0.0)
        self.ground = Ground(BOARD_HALF_SIZE, GRID_SPACING)
        self.obstacles = ObstacleDrawing(self.root)
        self.obstacles.update(self.ground.squares())
        self.obstacles.set_search_visible(False)
        self.painting, self.showing_search, self.last_plan = False, False, None
        self._ground_dirty = False  # painted since the units last looked at their ways
        self.painter = GroundPainter(self.ground, self._standing_discs, self._ground_changed)
        self.goals = [None] * len(KINDS)  # per unit: (goal, heading) of its last order
        self.orders = UnitOrders(self)
        self.units = [Unit(kind) for kind in KINDS]
        self.unit_models = UnitModels(app, self.root, KINDS)
        self.models, self.rings = self.unit_models.models, self.unit_models.rings
        self.drawings = [PlanDrawing(self.root, kind.colour) for kind in KINDS]
        self.order_drag = OrderDrag(app, self.root)
        self.bindings = (
            numbered(
                f"1-{len(KINDS)}",
                "select a unit (" + ", ".join(k.name for k in KINDS) + ")",
                self.select,
                len(KINDS),
            ),
            bind("A", "select all units", self.select, None),
            bind("B", "backing up allowed for the selected unit(s), or not", self.toggle_reversing),
            bind(
                "S",
                "units steer (ease into turns along clothoids) or snap to full lock",
                self.toggle_steering,
            ),
            bind(
                "O",
                "paint buildings: a click or drag blocks free cells, frees blocked ones",
                self.toggle_painting,
            ),
            bind("V", "show or hide the searches (the poses each expanded)", self.toggle_search),
            bind("P", "path to a point: the seed's arc + line, or the truly shortest", self.toggle_planner),
            bind("C", "show or hide the turning circles and the exit point Q", self.toggle_construction),
            bind("R", "units back to their start", self.restart),
            bind("Space", "pause or go on", self.toggle_pause, event="space"),
            bind("F", "frame the board", self.frame),
        )
        self.select(self.selected)
        self.unit_models.place(unit.pose(self.now) for unit in self.units)
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
                self.orders.send(index, (x, y), heading)
            self.orders.say_told()

    def exit(self):
        """Hide the board."""
        self.release()
        self.root.hide()

    def update(self, dt):
        """Advance scene time by ``dt`` seconds, place the units, follow an order being dragged
        or a stroke being painted."""
        if not self.paused:
            self.now += dt
        self.unit_models.place(unit.pose(self.now) for unit in self.units)
        if self.painter.active:
            point = on_ground(self.app, self.app.pointer.position())
            if point is not None:
                self.painter.paint(point[:2])
        if self._ground_dirty:  # at once, not when the stroke ends: no unit drives through a fresh wall
            self._ground_dirty = False
            self.orders.replan_blocked()
        self.order_drag.follow()

    def status_lines(self):
        """The HUD's lines for this mode."""
        who = "all units" if self.selected is None else f"{self.selected + 1} {KINDS[self.selected].name}"
        backing = [unit.kind.name for unit in self.units if unit.reversing] or ["none"]
        if self.painting:
            order_help = [
                "Painting (O to stop): click or drag on free cells to block them, blocked ones to free"
            ]
        else:
            order_help = [
                f"Click: path to a point by {PLANNER_WORDS[self.planner]} (P)",
                "Drag: arrive along the drag (Dubins; Reeds-Shepp when backing up)",
            ]
        plan = (
            "" if self.last_plan is None else f"   last plan: {self.last_plan[0]}, {self.last_plan[1]:.1f} ms"
        )
        steering = "ease into turns (clothoids)" if self.steering else "snap to full lock (arcs)"
        return [
            f"Selected: {who}",
            *order_help,
            *(unit.describe(self.now) for unit in self.units),
            f"Steering (S): units {steering}",
            f"Backing up (B): {', '.join(backing)}{plan}",
            f"t {self.now:6.2f} s{'  (paused)' if self.paused else ''}",
        ]

    # Bound to keys.

    def select(self, index):
        """Select unit ``index``, or all units for None; rings on the ground show which."""
        self.selected = index
        self.unit_models.select(index)

    def toggle_planner(self):
        """Switch the path to a point between the seed's and the truly shortest."""
        planners = list(Planner)
        self.planner = planners[(planners.index(self.planner) + 1) % len(planners)]
        self.app.messages.say(f"Clicks now plan {PLANNER_WORDS[self.planner]}")

    def toggle_reversing(self):
        """Allow or forbid backing up for the selected unit (or all)."""
        chosen = self.units if self.selected is None else [self.units[self.selected]]
        allow = not all(unit.reversing for unit in chosen)
        for unit in chosen:
            unit.reversing = allow
        names = ", ".join(unit.kind.name for unit in chosen)
        self.app.messages.say(f"{names}: {'may back up' if allow else 'forwards only'} from the next order")

    def toggle_steering(self):
        """Units steer (their curvature eases in and out at their kinds' sharpness) or snap
        straight to full lock, from their next order: the two side by side."""
        self.steering = not self.steering
        self.app.messages.say(
            "Units steer: each eases into and out of its turns from the next order"
            if self.steering
            else "Units snap to full lock from the next order (arcs and lines)"
        )

    def toggle_painting(self):
        """Clicks paint buildings, or send units again."""
        self.painting = not self.painting
        self.release()
        self.app.messages.say(
            "Painting: click or drag to block or free cells" if self.painting else "Clicks send units again"
        )

    def toggle_search(self):
        """Show or hide the poses each unit's last search expanded."""
        self.showing_search = not self.showing_search
        self.obstacles.set_search_visible(self.showing_search)

    def toggle_construction(self):
        """Show or hide the construction: circles, joints, Q."""
        for drawing in self.drawings:
            drawing.set_construction(not drawing.show_construction)

    def restart(self):
        """Every unit back to its start, standing; plans cleared."""
        for unit, drawing in zip(self.units, self.drawings):
            unit.reset()
            drawing.hide()
        self.obstacles.clear_searches()
        self.goals = [None] * len(KINDS)
        self.unit_models.place(unit.pose(self.now) for unit in self.units)

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
        """A left press on the ground starts an order, or a stroke when painting (Shift makes no
        difference); whether the press was taken."""
        if not self.painting:
            return self.order_drag.press()
        point = on_ground(self.app, self.app.pointer.position())
        if point is None:
            return False
        refusal = self.painter.start(point[:2])
        if refusal is not None:
            self.app.messages.say(REFUSAL_WORDS[refusal], warning=True)
        return True

    def release(self):
        """Finish the order under way (a click plans to the press point; a drag arrives along it),
        or the stroke (units whose way it blocked plan again)."""
        if self.painter.active:
            self.painter.finish()
            return
        finished = self.order_drag.finish()
        if finished is not None:
            self.order(*finished)

    def order(self, destination, heading=None):
        """Send the selected units to ``destination`` (x, y), arriving at ``heading`` if given;
        a point off the board is refused with a message."""
        if np.max(np.abs(destination)) > BOARD_HALF_SIZE:
            self.app.messages.say("That point is off the board: click on the grid", warning=True)
            return
        chosen = list(range(len(self.units))) if self.selected is None else [self.selected]
        here = np.array([self.units[i].pose(self.now)[:2] for i in chosen])
        footprints = [KINDS[i].footprint for i in chosen]
        goals = side_by_side(
            here, np.asarray(destination, dtype=float), heading, footprints, SIDE_BY_SIDE_GAP
        )
        for index, goal in zip(chosen, np.clip(goals, -BOARD_HALF_SIZE, BOARD_HALF_SIZE)):
            self.orders.send(index, goal, heading)
        self.orders.say_told()

    def _standing_discs(self):
        """Where the units stand now and will stand: discs (x, y, footprint) to keep free."""
        discs = [unit.standing_disc() for unit in self.units]
        return discs + [(*unit.pose(self.now)[:2], unit.kind.footprint) for unit in self.units]

    def _ground_changed(self):
        self.obstacles.update(self.ground.squares())
        self._ground_dirty = True
