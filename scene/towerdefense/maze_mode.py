"""The maze map: an open field where the player builds the maze. Towers go on any free cell; the
enemies' way is the one the towers leave, shown for a tower under the mouse before it is built;
a tower that would close the last way is refused, saying so. M switches between the 40 x 30
maze and the 100 x 100 field of a crowd, W calls a swarm (10,000 enemies on the big one), A
turns the enemies' avoidance of each other and the towers on or off (on, on the maze). The
game is ``maze_game``; this module draws it and turns clicks and keys into moves.
``main.py --replay PATH`` plays a saved game's moves again, to the same checksum."""

import datetime
import math
from pathlib import Path

import numpy as np
from panda3d.core import CardMaker, NodePath

from scene.kit.refusal import Refusal
from scene.towerdefense.board_mode import BASE_COLOUR, ROUTE_COLOUR, SPAWN_COLOUR, BoardMode, draw_ground
from scene.towerdefense.game_pace import GamePace
from scene.towerdefense.maze_game import ENEMY_HEALTH, ENEMY_SPEED, TICK, MazeGame
from scene.towerdefense.maze_maps import MAPS
from scene.ui.assets import load_model
from scene.ui.bindings import ORBIT_ON_RIGHT_DRAG, bind
from scene.ui.crowd_nodes import CrowdNodes
from scene.ui.geometry import LineStrip, PointSet, tiles
from scene.ui.pointer import on_ground

MODEL_SCALE = 1.0 / 40.0
"""The tower and enemy models are made for cells 40 units wide; here a cell is 1."""
MAX_TICKS_PER_FRAME = 8
"""The most game ticks one frame runs: a crowd too big for the game speed slows the game down
instead of the frames (the ticks are the same either way, so the game is too)."""
CLOSED_COLOUR = (1.0, 0.35, 0.3, 1.0)
SHOT_COLOUR = (1.0, 0.85, 0.3, 1.0)
ROUTE_POINTS, MAX_SHOTS = 400, 96
BAR_SIZE, BAR_HEIGHT = (0.55, 0.12), 0.8
"""An enemy's health bar: a card this wide and deep, lying this far over the ground."""
MAX_ENEMIES = 20_000
"""The most enemies drawn (one instanced draw call where the driver allows it)."""
LIFT = 0.02
MAP_WORDS = {"maze": "the maze, 40 x 30", "crowd": "the crowd's field, 100 x 100"}
REFUSAL_WORDS = {
    Refusal.OFF_BOARD: "that is off the field",
    Refusal.TAKEN: "there is a tower there already",
    Refusal.ENDS: "the spawns and the base stay open",
    Refusal.CLOSES_THE_WAY: "it would close the last way through",
}
AVOIDANCE_WORDS = {
    True: "Enemies avoid each other and the towers (ORCA): no two overlap",
    False: "Enemies push each other apart (no avoidance)",
}
MOUSE_HELP = (
    ("left click", "on a free cell: build a tower; on a tower: take it down"),
    ("mouse over a cell", "the enemies' way if a tower stood there"),
    *ORBIT_ON_RIGHT_DRAG,
)


class MazeMode(BoardMode):
    """The mode; ``app`` is the ``SceneApp``. Replays are saved in ``replays`` (a folder); a
    ``replay`` given (a ``maze_game.Replay``) is played; ``map_name`` is the map it opens on (a
    key of ``MAPS``; the replay's own where one is given)."""

    name = "maze"
    title = "Tower-defense maze"
    mouse_help = MOUSE_HELP

    def __init__(self, app, replays, replay=None, map_name=None):
        self.app = app
        self.replays = Path(replays)
        self.replaying = replay
        self.map = MAPS[replay.map_name if replay else map_name or "maze"]
        self.pace = GamePace()
        self.root = app.render.attach_new_node("maze mode")
        self.board = None
        self.hovered, self.hover_refusal = None, None
        self._route_stale = False
        """Whether the way drawn is of a field the towers have changed since."""
        self.restart()
        self.bindings = (
            *self.pace.bindings,
            bind("R", "restart the game (a replay from its start)", self.restart),
            bind("M", "next map (" + ", ".join(MAP_WORDS.values()) + ")", self.next_map),
            bind(
                "W",
                "call a swarm of enemies (1,000 on the maze, 10,000 on the crowd's field)",
                self.call_swarm,
            ),
            bind("A", "enemies avoid each other and the towers (ORCA), or push apart", self.toggle_avoidance),
            bind("S", "save the game's moves as a replay (main.py --replay PATH plays it)", self.save_replay),
            bind("F", "frame the field", self.frame),
        )
        self.root.hide()

    # The mode's life.

    def update(self, dt):
        """Advance the game by ``dt`` seconds times the game speed, follow the mouse, draw."""
        if not self.pace.paused:
            self.game.advance(min(dt * self.pace.speed, MAX_TICKS_PER_FRAME * TICK))
        if self.tower_nodes.keys() != self.game.towers.keys():  # a replay's moves
            self._sync_towers()
            self._route_stale = True
        self._follow_mouse()
        self._draw_enemies()
        self._draw_shots()

    def status_lines(self):
        game, shots = self.game, self.game.shots
        state = "  (paused)" if self.pace.paused else ""
        coming = f"   a swarm: {game.swarming:,} to come" if game.swarming else "   W: a swarm"
        lines = [
            f"{MAP_WORDS[self.map.name]} (M: next map){coming}",
            f"enemies {len(game.enemies):,}   killed {game.killed:,}   reached the base {game.leaked:,}",
            f"Shots that lead: {shots.hits} hits, {shots.misses} misses   towers {len(game.towers)}",
            f"{self.pace.words()}   t {game.time:6.1f} s{state}",
            f"tick {game.ticks}   checksum {game.checksum()[:16]}"
            + ("   (a replay)" if self.replaying else ""),
            f"{AVOIDANCE_WORDS[game.avoiding]} (A)",
        ]
        if self.hover_refusal is not None:
            lines.append(f"here: no tower, {REFUSAL_WORDS[self.hover_refusal]}")
        elif self.hovered in game.towers:
            lines.append("here: a tower (click to take it down)")
        elif self.hovered is not None:
            lines.append("here: a tower leaves the way drawn (click to build)")
        return lines

    # Keys.

    def restart(self):
        """A new game on the map (a replay plays its moves from the start again)."""
        self.game = MazeGame(replay=self.replaying, maze_map=self.map)
        self._build_board()
        self.hovered = None
        self._sync_towers()
        self._show_route(self.game.field.route(self.map.middle_spawn), ROUTE_COLOUR)

    def next_map(self):
        """A new game on the next of ``MAPS`` (a replay stays on its own)."""
        if self.replaying:
            self.app.messages.say("A replay plays on its own map: R restarts it", warning=True)
            return
        names = list(MAPS)
        self.map = MAPS[names[(names.index(self.map.name) + 1) % len(names)]]
        self.restart()
        self.frame()

    def call_swarm(self):
        if self.replaying:
            self.app.messages.say("A replay plays its own moves: R restarts it", warning=True)
            return
        self.game.swarm()
        self.app.messages.say(f"A swarm of {self.map.swarm:,} enemies is on its way")

    def toggle_avoidance(self):
        if self.replaying:
            self.app.messages.say("A replay plays its own moves: R restarts it", warning=True)
            return
        self.game.toggle_avoidance()
        self.app.messages.say(AVOIDANCE_WORDS[self.game.avoiding])

    def save_replay(self):
        """Write the moves made so far beside the presets file, and say where."""
        folder = self.replays
        stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
        stem = f"maze-{self.map.name}-{stamp}-tick{self.game.ticks}"
        try:
            path = self.game.recorded.save_new(folder, stem)
        except OSError as error:
            self.app.messages.say(f"Could not save the replay: {error.strerror or error}", warning=True)
            return
        self.app.messages.say(f"Saved the replay to {path}")

    def frame(self):
        """Aim the camera at the whole field."""
        self.app.orbit.yaw, self.app.orbit.pitch = 0.0, 62.0
        half = np.array([self.map.cols / 2, self.map.rows / 2, 0.0])
        corners = np.array([-half, half]) * 0.6
        self.app.orbit.frame(corners)

    # The mouse.

    def grab(self, shifted=False):
        """A click on a tower takes it down; on a free cell builds one (or says why not); off the
        field the camera orbits."""
        cell = self._cell_under_mouse()
        if cell is None:
            return False
        if self.replaying:
            self.app.messages.say("A replay plays its own moves: R restarts it", warning=True)
            return True
        if not self.game.remove(cell):
            refusal = self.game.place(cell)
            if refusal is not None:
                self.app.messages.say(f"No tower: {REFUSAL_WORDS[refusal]}", warning=True, refusal=True)
        self._sync_towers()
        self._route_stale = True  # the way is shown again for the field as it now is
        return True

    def _cell_under_mouse(self):
        point = on_ground(self.app, self.app.pointer.position())
        if point is None:
            return None
        local = self.board.get_relative_point(self.app.render, tuple(point))
        col, row = math.floor(local.x), math.floor(local.y)
        return (col, row) if 0 <= col < self.map.cols and 0 <= row < self.map.rows else None

    def _follow_mouse(self):
        """The way the enemies would take with a tower under the mouse (when the cell changes)."""
        cell = self._cell_under_mouse()
        if cell == self.hovered and not self._route_stale:
            return
        self._route_stale = False
        self.hovered = cell
        self.hover_refusal = None if cell is None or cell in self.game.towers else self.game.refusal(cell)
        if cell is None or cell in self.game.towers or self.hover_refusal is not None:
            colour = CLOSED_COLOUR if self.hover_refusal is Refusal.CLOSES_THE_WAY else ROUTE_COLOUR
            self._show_route(self.game.field.route(self.map.middle_spawn), colour)
        else:
            self._show_route(self.game.preview(cell), ROUTE_COLOUR)

    # Drawing.

    def _build_board(self):
        """The map's field drawn afresh, with its way, shots and crowds (none of the last game's)."""
        if self.board is not None:
            self.board.remove_node()
        cols, rows = self.map.cols, self.map.rows
        self.board = self.root.attach_new_node("field")
        self.board.set_pos(-cols / 2.0, -rows / 2.0, 0.0)
        draw_ground(self.board, cols, rows, 1, LIFT)
        ends = ((self.map.spawns, SPAWN_COLOUR, "spawns"), (self.map.base, BASE_COLOUR, "base"))
        for cells, colour, name in ends:
            tiles(self.board, [(c, r, c + 1, r + 1) for c, r in cells], colour, 0.005, name)
        self.route = LineStrip(self.board, ROUTE_POINTS, ROUTE_COLOUR, 3.0, "route")
        self.shot_points = PointSet(self.board, MAX_SHOTS, SHOT_COLOUR, 6.0, "shots")
        model = load_model(self.app, "crowd_enemy")  # a dart of four corners: 10,000 are drawn
        self.enemies = CrowdNodes(self.app, self.board, model, MAX_ENEMIES, MODEL_SCALE)
        self.health_bars = CrowdNodes(self.app, self.board, _bar(), MAX_ENEMIES)
        self.tower_nodes = {}

    def _show_route(self, route, colour):
        """Draw the polyline ``route`` (m, 2) as ``ROUTE_POINTS`` points even along it."""
        steps = np.hypot(*np.diff(route, axis=0).T) if len(route) > 1 else np.zeros(0)
        along = np.concatenate([[0.0], np.cumsum(steps)])
        even = np.linspace(0.0, along[-1], ROUTE_POINTS)
        points = np.column_stack([np.interp(even, along, route[:, 0]), np.interp(even, along, route[:, 1])])
        self.route.update(np.column_stack([points, np.full(ROUTE_POINTS, 4 * LIFT)]))
        self.route.path.set_color_scale(*colour)

    def _draw_enemies(self):
        positions, ways = self.game.enemies.positions, self.game.enemies.velocities.copy()
        # Each faces the way it last moved; one standing (just spawned, or pressed in a queue)
        # the way the field sends it.
        standing = np.hypot(ways[:, 0], ways[:, 1]) < 0.2 * ENEMY_SPEED
        if standing.any():
            ways[standing] = self.game.field.directions(positions[standing])
        headings = np.arctan2(ways[:, 1], ways[:, 0])
        self.enemies.update(np.column_stack([positions, np.zeros(len(positions))]), headings)
        # A bar over each enemy that has been hit, lying across the field's rows, from green to red.
        hit = np.flatnonzero(self.game.enemies.health < ENEMY_HEALTH)
        left = np.clip(self.game.enemies.health[hit] / ENEMY_HEALTH, 0.0, 1.0)
        colours = np.column_stack(
            [1.0 - left, 0.35 + 0.65 * left, np.full_like(left, 0.25), np.ones_like(left)]
        )
        above = np.column_stack([positions[hit], np.full(len(hit), BAR_HEIGHT)])
        self.health_bars.update(above, np.full(len(hit), np.pi / 2), colours)

    def _draw_shots(self):
        game = self.game
        flying = game.shots.flying[:MAX_SHOTS]
        self.shot_points.show(bool(flying))
        if not flying:
            return
        points = np.empty((MAX_SHOTS, 3))
        for number, shot in enumerate(flying):
            points[number] = (*shot.at(game.time), 0.5)
        points[len(flying) :] = points[0]  # the unused dots on a used one
        self.shot_points.update(points)

    def _sync_towers(self):
        """One tower model per tower of the game."""
        for cell in list(self.tower_nodes):
            if cell not in self.game.towers:
                self.tower_nodes.pop(cell).remove_node()
        for cell in self.game.towers:
            if cell not in self.tower_nodes:
                node = load_model(self.app, "tower")
                node.reparent_to(self.board)
                node.set_scale(MODEL_SCALE)
                node.set_pos(cell[0] + 0.5, cell[1] + 0.5, 0.0)
                self.tower_nodes[cell] = node


def _bar():
    """A health bar's card, flat over its place (the field is seen from above)."""
    card = CardMaker("health bar")
    card.set_frame(-BAR_SIZE[0] / 2, BAR_SIZE[0] / 2, -BAR_SIZE[1] / 2, BAR_SIZE[1] / 2)
    holder = NodePath("health bar")
    bar = holder.attach_new_node(card.generate())
    bar.set_p(-90)  # from the x-z plane into the x-y plane, facing up
    holder.flatten_strong()
    holder.set_two_sided(True)
    holder.set_light_off()
    return holder
