"""The turning mode: units with a turning radius (a tank, a car, a person, a truck) sent across the
ground by mouse, on the seed's arc + line path to a point, or on a Dubins path when a drag sets
the arrival heading (Reeds-Shepp for a unit allowed to back up); around buildings, which the mouse
paints, and around each other's final positions when the direct path is blocked. A new order
mid-way re-plans from the unit's pose at that moment."""

import math

import numpy as np

from scene.turning.ground_painting import REFUSAL_WORDS, GroundPainter
from scene.turning.obstacle_drawing import ObstacleDrawing
from scene.turning.order_drag import OrderDrag
from scene.turning.plan_drawing import PlanDrawing
from scene.turning.turning_game import BOARD_HALF_SIZE, GRID_SPACING, TurningGame
from scene.turning.unit_models import UnitModels
from scene.turning.units import KINDS, PLANNER_WORDS, Planner
from scene.ui.bindings import ORBIT_ON_RIGHT_DRAG, bind, numbered
from scene.ui.geometry import axes, ground_grid
from scene.ui.mode import Drag
from scene.ui.pointer import on_ground

GRID_COLOUR = (0.22, 0.24, 0.29, 1.0)
FRAME_YAW_PITCH = (0.0, 55.0)
FRAME_FRACTION = 0.5
"""Framing aims at this fraction of the board: it then fills the window (the corners may be cut)."""
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
    """The mode: the view and the controls of a ``TurningGame`` (``game``); ``app`` is the
    ``SceneApp``."""

    name = "turning"
    title = "Turning"
    right_drag = Drag.ORBIT
    mouse_help = MOUSE_HELP

    def __init__(self, app):
        self.app = app
        self.game = TurningGame()
        self.paused = False
        self.selected = 0  # an index into the units, or None for all of them
        self._demonstrated = False
        self.root = app.render.attach_new_node("turning mode")
        ground_grid(self.root, BOARD_HALF_SIZE, GRID_SPACING, 0.0, GRID_COLOUR)
        axes(self.root, 3.0, 0.0)
        self.obstacles = ObstacleDrawing(self.root)
        self.obstacles.update(self.game.ground.squares())
        self.obstacles.set_search_visible(False)
        self.painting, self.showing_search = False, False
        self._ground_dirty = False  # painted since the units last looked at their ways
        self.painter = GroundPainter(self.game.ground, self.game.standing_discs, self._ground_changed)
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
                self.game.send(index, (x, y), heading)
            self._show_game()

    def exit(self):
        """Hide the board."""
        self.release()
        self.root.hide()

    def update(self, dt):
        """Advance scene time by ``dt`` seconds, place the units, follow an order being dragged
        or a stroke being painted."""
        if not self.paused:
            self.game.advance(dt)
        self._place_units()
        if self.painter.active:
            point = on_ground(self.app, self.app.pointer.position())
            if point is not None:
                self.painter.paint(point[:2])
        if self._ground_dirty:  # at once, not when the stroke ends: no unit drives through a fresh wall
            self._ground_dirty = False
            self.game.replan_blocked()
            self._show_game()
        self.order_drag.follow()

    def status_lines(self):
        """The HUD's lines for this mode."""
        game = self.game
        who = "all units" if self.selected is None else f"{self.selected + 1} {KINDS[self.selected].name}"
        backing = [unit.kind.name for unit in game.units if unit.reversing] or ["none"]
        if self.painting:
            order_help = [
                "Painting (O to stop): click or drag on free cells to block them, blocked ones to free"
            ]
        else:
            order_help = [
                f"Click: path to a point by {PLANNER_WORDS[game.planner]} (P)",
                "Drag: arrive along the drag (Dubins; Reeds-Shepp when backing up)",
            ]
        plan = (
            "" if game.last_plan is None else f"   last plan: {game.last_plan[0]}, {game.last_plan[1]:.1f} ms"
        )
        steering = "ease into turns (clothoids)" if game.steering else "snap to full lock (arcs)"
        return [
            f"Selected: {who}",
            *order_help,
            *(unit.describe(game.now) for unit in game.units),
            f"Steering (S): units {steering}",
            f"Backing up (B): {', '.join(backing)}{plan}",
            f"t {game.now:6.2f} s{'  (paused)' if self.paused else ''}",
        ]

    def set_scale(self, scale):
        """No panel of its own to size."""

    def covers_pointer(self):
        """No panel of its own: the mouse is never over one."""
        return False

    # Bound to keys.

    def select(self, index):
        """Select unit ``index``, or all units for None; rings on the ground show which."""
        self.selected = index
        self.unit_models.select(index)

    def toggle_planner(self):
        """Switch the path to a point between the seed's and the truly shortest."""
        planners = list(Planner)
        self.game.planner = planners[(planners.index(self.game.planner) + 1) % len(planners)]
        self.app.messages.say(f"Clicks now plan {PLANNER_WORDS[self.game.planner]}")

    def toggle_reversing(self):
        """Allow or forbid backing up for the selected unit (or all)."""
        units = self.game.units
        chosen = units if self.selected is None else [units[self.selected]]
        allow = not all(unit.reversing for unit in chosen)
        for unit in chosen:
            unit.reversing = allow
        names = ", ".join(unit.kind.name for unit in chosen)
        self.app.messages.say(f"{names}: {'may back up' if allow else 'forwards only'} from the next order")

    def toggle_steering(self):
        """Units steer (their curvature eases in and out at their kinds' sharpness) or snap
        straight to full lock, from their next order: the two side by side."""
        self.game.steering = not self.game.steering
        self.app.messages.say(
            "Units steer: each eases into and out of its turns from the next order"
            if self.game.steering
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
        self.game.restart()
        self.obstacles.clear_searches()
        self._show_game()
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
        chosen = list(range(len(self.game.units))) if self.selected is None else [self.selected]
        self.game.order(chosen, destination, heading)
        self._show_game()

    # The view of the game.

    def _show_game(self):
        """Redraw the ways and searches of the units whose orders changed, and say what the
        units of the order told."""
        game = self.game
        for index in game.take_changed():
            unit, drawing = game.units[index], self.drawings[index]
            if unit.path is None:
                drawing.hide()
            else:
                arriving = game.goals[index] is not None and game.goals[index][1] is not None
                drawing.show(unit.path, unit.rest, unit.kind.radius, dubins=arriving)
            if game.searches[index] is not None:
                self.obstacles.show_search(index, game.searches[index], unit.kind.colour)
        told = game.take_told()
        if told is not None:
            self.app.messages.say(told[0], warning=told[1])

    def _place_units(self):
        self.unit_models.place(unit.pose(self.game.now) for unit in self.game.units)

    def _ground_changed(self):
        self.obstacles.update(self.game.ground.squares())
        self._ground_dirty = True
