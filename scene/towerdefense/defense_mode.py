"""The tower-defense mode: the seed's board and path, waves of enemies following it by one of three
methods, towers shooting the enemy furthest along. The game itself is ``defense_game``; this
module draws it and turns keys and clicks into orders."""

import math

import numpy as np
from panda3d.core import CardMaker, TextNode

from scene.kit.refusal import Refusal
from scene.towerdefense.board_mode import BASE_COLOUR, ROUTE_COLOUR, SPAWN_COLOUR, BoardMode, draw_ground
from scene.towerdefense.defense_game import CANNON, FROST, MAX_TOWERS, DefenseGame, Method
from scene.towerdefense.game_pace import GamePace
from scene.ui.assets import load_model
from scene.ui.bindings import ORBIT_ON_RIGHT_DRAG, bind
from scene.ui.geometry import LineStrip, blob_shadow, circle_points, segments, tiles
from scene.ui.pointer import on_ground

SCALE = 1.0 / 20.0
"""World units per game unit: a 40-unit cell is 2 world units wide."""
LIFT = 0.3
"""Game units above the ground for lines drawn on it."""
PATH_COLOUR = (0.55, 0.47, 0.33, 1.0)
SHOT_COLOURS = {CANNON.name: (1.0, 0.85, 0.3, 1.0), FROST.name: (0.5, 0.85, 1.0, 1.0)}
FROST_TINT = (0.55, 0.8, 1.4, 1.0)
"""A frost tower's tint (multiplied into its colours)."""
SLOWED_COLOUR = (0.55, 0.9, 1.0, 1.0)
"""A slowed enemy is ice blue all over (its own colours replaced, lit as before)."""
WAVE_BANNER_SECONDS = 2.0
RANGE_SECONDS = 3.0
"""How long (seconds of frame time) a new tower's range shows, as a ring on the ground."""
ENEMY_SHADOW_RADIUS = 14.0
"""Game units: a soft shadow on the path under each enemy."""
ROUTE_SAMPLES = 400
SHOT_STREAK = 0.04
"""Seconds of a shot's flight its streak shows."""
HEALTH_BAR_SIZE, HEALTH_BAR_HEIGHT = (18.0, 2.5), 20.0
HEALTH_COLOUR, HEALTH_LOST_COLOUR = (0.35, 0.9, 0.35, 1.0), (0.75, 0.15, 0.12, 1.0)
METHOD_WORDS = {Method.WAYPOINTS: "waypoints", Method.STEERING: "steering", Method.ROUNDED: "rounded corners"}
GIVING_WAY_WORDS = {
    True: "Enemies give way to each other: slowing behind, never overlapping",
    False: "Enemies pass through each other (no giving way)",
}
REFUSAL_WORDS = {
    Refusal.OFF_BOARD: "that is off the board",
    Refusal.ON_PATH: "towers cannot stand on the path",
    Refusal.TAKEN: "there is a tower there already",
    Refusal.FULL: f"the board holds at most {MAX_TOWERS} towers",
}
MOUSE_HELP = (
    ("left click", "on a free cell: build a cannon tower; on a tower: take it down"),
    ("shift + left click", "on a free cell: build a frost tower (slows)"),
    *ORBIT_ON_RIGHT_DRAG,
)


class DefenseMode(BoardMode):
    """The mode; ``app`` is the ``SceneApp``."""

    name = "towerdefense"
    title = "Tower defense"
    mouse_help = MOUSE_HELP

    def __init__(self, app):
        self.app = app
        self.game = DefenseGame()
        self.pace = GamePace()
        self.root = app.render.attach_new_node("tower-defense mode")
        self.board = self.root.attach_new_node("board")
        self.board.set_scale(SCALE)
        width, height = self.game.grid.size
        self.board.set_pos(-width * SCALE / 2.0, -height * SCALE / 2.0, 0.0)
        self._draw_board()
        self.route = LineStrip(self.board, ROUTE_SAMPLES, ROUTE_COLOUR, 2.0, "route")
        self._enemy_model = load_model(self.app, "enemy")
        self.enemy_nodes, self.health_bars = [], []
        self._tinted, self._shown_health = np.zeros(0, dtype=bool), np.zeros(0)
        self.tower_nodes = []
        self.shots = [LineStrip(self.board, 2, (1, 1, 1, 1), 2.5, "shot") for _ in range(MAX_TOWERS)]
        self._range_ring, self._range_until = None, 0.0  # a new tower's range, shown a while
        self.bindings = (
            bind(
                "M",
                "next way of following the path (" + ", ".join(METHOD_WORDS.values()) + ")",
                self.next_method,
            ),
            bind("A", "enemies give way to each other, or pass through", self.toggle_avoidance),
            *self.pace.bindings,
            bind("R", "restart the game", self.restart),
            bind("F", "frame the board", self.frame),
        )
        self._show_method()
        self._sync_towers()
        self.root.hide()

    # The mode's life.

    def update(self, dt):
        """Advance the game by ``dt`` seconds times the game speed, and draw it; a banner when a
        wave starts, and when the game is over."""
        if not self.pace.paused and not self.game.over:
            wave = self.game.wave
            self.game.advance(dt * self.pace.speed)
            if self.game.over:
                self.app.banner.show(
                    "Game over", f"The base fell in wave {self.game.wave}.   R restarts", warning=True
                )
            elif self.game.wave != wave:
                self.app.banner.show(
                    f"Wave {self.game.wave}", f"{self.game.wave_size} enemies", WAVE_BANNER_SECONDS
                )
        self._draw_enemies()
        self._draw_towers()
        if self._range_ring is not None and self.app.clock.get_frame_time() > self._range_until:
            self._range_ring.remove_node()
            self._range_ring = None

    def status_lines(self):
        """The HUD's lines for this mode."""
        game = self.game
        state = "  GAME OVER: R restarts" if game.over else ("  (paused)" if self.pace.paused else "")
        return [
            f"Wave {game.wave}   lives {game.lives}   enemies {len(game.enemies)}   killed {game.killed}",
            (
                f"Method: {METHOD_WORDS[game.method]} (M)   shots that lead: {game.shots.hits} hits, "
                f"{game.shots.misses} misses"
            ),
            f"{self.pace.words()}   t {game.time:6.1f} s{state}",
            f"Towers {len(game.towers)}/{MAX_TOWERS}: click a free cell (Shift: frost), a tower to remove it",
            f"{GIVING_WAY_WORDS[game.avoiding]} (A)",
        ]

    # Bound to keys.

    def toggle_avoidance(self):
        """Enemies give way to each other from now on, or stop; they carry on from where they are."""
        self.game.toggle_avoidance()
        self.app.messages.say(GIVING_WAY_WORDS[self.game.avoiding])

    def next_method(self):
        """Follow the path the next way; the enemies on the board carry on from where they are."""
        methods = list(Method)
        self.game.set_method(methods[(methods.index(self.game.method) + 1) % len(methods)])
        self._show_method()
        self.app.messages.say(f"Enemies now follow the path by {METHOD_WORDS[self.game.method]}")

    def restart(self):
        """A new game, same method."""
        self.game.restart()
        self.app.banner.hide()
        self._sync_towers()

    def frame(self):
        """Aim the camera at the whole board."""
        width, height = self.game.grid.size
        corners = np.array([[-width, -height, 0], [width, height, 0]], dtype=float) * SCALE / 2.0
        self.app.orbit.yaw, self.app.orbit.pitch = 0.0, 60.0
        self.app.orbit.frame(corners * 0.55)

    # Clicks build towers.

    def grab(self, shifted=False):
        """A left click on the board builds a tower there (``shifted``: a frost tower), or takes
        down the tower clicked; whether the click was taken."""
        point = on_ground(self.app, self.app.pointer.position())
        if point is None:
            return False
        local = self.board.get_relative_point(self.app.render, tuple(point))
        if self.game.remove_tower((local.x, local.y)):
            self._sync_towers()
            return True
        refusal = self.game.place_tower((local.x, local.y), FROST if shifted else CANNON)
        if refusal is Refusal.OFF_BOARD:
            return False  # a drag off the board orbits, as in the other modes
        if refusal is not None:
            self.app.messages.say(f"No tower: {REFUSAL_WORDS[refusal]}", warning=True)
        else:
            self._show_range(self.game.towers[-1])
        self._sync_towers()
        return True

    def _show_range(self, tower):
        """A ring on the ground, as far as ``tower`` shoots, for ``RANGE_SECONDS``."""
        if self._range_ring is not None:
            self._range_ring.remove_node()
        ring = circle_points(tower.position, tower.kind.range, LIFT + 0.2)
        self._range_ring = segments(
            self.board, np.stack([ring[:-1], ring[1:]], axis=1), SHOT_COLOURS[tower.kind.name], 2.0, "range"
        )
        self._range_until = self.app.clock.get_frame_time() + RANGE_SECONDS

    # Drawing.

    def _draw_board(self):
        grid, game = self.game.grid, self.game
        size = grid.cell_size
        width, height = grid.size
        draw_ground(self.board, width, height, size, LIFT)
        lane = np.array(sorted(game.lane_cells), dtype=float) * size
        tiles(self.board, np.column_stack([lane, lane + size]), PATH_COLOUR, 0.1, "path cells")
        for cell, colour, label in (
            (game.path_cells[0], SPAWN_COLOUR, "spawn"),
            (game.path_cells[-1], BASE_COLOUR, "base"),
        ):
            corner = np.array(cell, dtype=float) * size
            tiles(self.board, [(*corner, *(corner + size))], colour, 0.2, label)
            text = TextNode(label)
            text.set_text(label)
            text.set_align(TextNode.A_center)
            node = self.board.attach_new_node(text)
            node.set_pos(corner[0] + size / 2, corner[1] + size / 2, 30.0)
            node.set_scale(16.0)
            node.set_billboard_point_eye()
            node.set_light_off()

    def _show_method(self):
        game = self.game
        path = game.rounded_path if game.method is Method.ROUNDED else game.path
        points = path.point_at(np.linspace(0.0, path.length, ROUTE_SAMPLES))
        self.route.update(np.column_stack([points, np.full(ROUTE_SAMPLES, LIFT * 2)]))

    def _draw_enemies(self):
        enemies = self.game.enemies
        count = len(enemies)
        while len(self.enemy_nodes) < count:
            node = self.board.attach_new_node("enemy")
            self._enemy_model.instance_to(node)
            shadow = blob_shadow(node, ENEMY_SHADOW_RADIUS)
            shadow.set_z(LIFT)
            shadow.set_color_off(2)  # a slow colours the enemy ice blue, not its shadow
            self.enemy_nodes.append(node)
            self.health_bars.append(_health_bar(node))
        slowed = enemies.multipliers < 1.0
        health = np.clip(enemies.health / np.maximum(enemies.full_health, 1e-9), 0.0, 1.0)
        positions, headings = enemies.positions.tolist(), np.degrees(enemies.headings).tolist()
        for number, (node, bar) in enumerate(zip(self.enemy_nodes, self.health_bars)):
            if number >= count:
                node.hide()
                continue
            node.show()
            (x, y), heading = positions[number], headings[number]
            node.set_pos_hpr(x, y, 0.0, heading, 0.0, 0.0)
            if number >= len(self._tinted) or slowed[number] != self._tinted[number]:
                node.set_color(SLOWED_COLOUR, 1) if slowed[number] else node.clear_color()
            if number >= len(self._shown_health) or health[number] != self._shown_health[number]:
                bar.set_sx(max(health[number], 1e-3))
        self._tinted, self._shown_health = slowed, health

    def _draw_towers(self):
        time = self.game.time
        flying = {tuple(shot.start): shot for shot in self.game.shots.flying}  # by tower: its latest
        for (_, turret), tower, streak in zip(self.tower_nodes, self.game.towers, self.shots):
            turret.set_h(math.degrees(tower.aim))
            shot = flying.get(tuple(tower.position))
            streak.show(shot is not None and not self.game.over)
            if shot is not None:  # a short streak, from the turret down to where it was aimed
                streak.update([_in_flight(shot, time - SHOT_STREAK), _in_flight(shot, time)])
        for shot in self.shots[len(self.game.towers) :]:
            shot.show(False)

    def _sync_towers(self):
        """One base and turret per tower of the game (after building, or a restart)."""
        for base, _ in self.tower_nodes:
            base.remove_node()
        self.tower_nodes = []
        for tower, shot in zip(self.game.towers, self.shots):
            base = self.board.attach_new_node("tower")
            load_model(self.app, "tower").reparent_to(base)
            base.set_pos(*tower.position, 0.0)
            turret = load_model(self.app, "turret")
            turret.reparent_to(base)
            turret.set_z(22.0)
            if tower.kind is FROST:
                base.set_color_scale(FROST_TINT)
            self.tower_nodes.append((base, turret))
            shot.path.set_color_scale(SHOT_COLOURS[tower.kind.name])


def _in_flight(shot, time):
    """Where ``shot`` is at game ``time`` (x, y, z): falling from the turret to an enemy's height."""
    return (*shot.at(time), 22.0 - 16.0 * shot.done(time))


def _health_bar(enemy):
    """A bar over ``enemy`` facing the camera: green for the health left (scale its x), on red.
    Returns the green part."""
    holder = enemy.attach_new_node("health")
    holder.set_pos(0.0, 0.0, HEALTH_BAR_HEIGHT)
    holder.set_billboard_point_eye()
    holder.set_light_off()
    holder.set_color_scale_off(1)  # a slow tints the enemy, not its bar
    parts = []
    for colour, depth in ((HEALTH_LOST_COLOUR, 0.0), (HEALTH_COLOUR, -0.2)):
        card = CardMaker("health bar")
        card.set_frame(0.0, HEALTH_BAR_SIZE[0], 0.0, HEALTH_BAR_SIZE[1])
        card.set_color(*colour)
        part = holder.attach_new_node(card.generate())
        part.set_pos(-HEALTH_BAR_SIZE[0] / 2.0, depth, 0.0)
        parts.append(part)
    return parts[1]
