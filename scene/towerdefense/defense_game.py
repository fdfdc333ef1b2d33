"""The tower-defense game, without any drawing: waves of enemies follow the seed's path to the
base, towers shoot the enemy furthest along with shots of finite speed that lead it: exactly
along its lane where it follows the path (``trajectory.lead_on_path``), by its velocity where it
steers. Numpy and the trajectory library only.

Enemies give way to each other (``AVOIDANCE``, on by default): on lanes they slow behind the ones
in front, as vehicles do, steering they steer round each other, and no two overlap; without it
they pass through each other (steering ones push apart).

Everything happens in fixed ticks of game time (``TICK``), so the same seed and the same game
time give the same game at any frame rate and any game speed.
"""

import dataclasses
import enum
import itertools
import math

import numpy as np

from scene.kit.refusal import Refusal
from scene.towerdefense.shots import Shot, ShotsInFlight
from trajectory import (
    Avoidance,
    Followers,
    GameClock,
    ObstacleMap,
    SteeringFollowers,
    WaypointPath,
    lead,
    lead_on_path,
)
from trajectory.crowds import SEED_PATH_CELLS

TICK = 1.0 / 120.0
"""Seconds of game time per tick."""
MAX_TICKS_PER_ADVANCE = 100_000
"""The most ticks one ``advance`` runs; the scene caps a frame's time far below it."""
SPAWN_INTERVAL = 2.0
"""Seconds of game time between enemies of a wave (the seed's 2 s)."""
WAVE_BREAK = 4.0
"""Seconds of game time between the last enemy of a wave and the first of the next."""
LIVES = 20
LANE_HALF_WIDTH = 20.0
"""Half the width of the path's lane: half a cell."""
LANES = (-10.0, -5.0, 0.0, 5.0, 10.0)
"""Sideways offsets of the lanes enemies spread over on the waypoint and rounded paths."""
TURNING_RADIUS = 16.0
"""The enemies' turning radius on the rounded path."""
SHOT_SPEED, HIT_RADIUS = 400.0, 12.0
"""Units per second of a shot (an enemy walks 60 to 120), and how near its aim it hits."""
AVOIDANCE = Avoidance(radius=8.0, neighbour_distance=80.0, max_neighbours=8, time_horizon=1.0)
"""How enemies give way: discs of a fifth of a cell, looking a second ahead."""


class Method(enum.Enum):
    """How enemies follow the path (the mode puts these into words)."""

    WAYPOINTS = "waypoints"
    STEERING = "steering"
    ROUNDED = "rounded"


ENEMY_DATA = ("health", "full_health", "slowed_until")
"""What the game keeps per enemy, in step with the population's own arrays."""
MAX_TOWERS = 12


@dataclasses.dataclass(frozen=True)
class TowerKind:
    """What a tower does: ``damage`` per shot, or a slow (speed ``multiplier`` for ``slow_for``
    seconds); ``range`` in units, one shot every ``reload`` seconds."""

    name: str
    range: float
    reload: float
    damage: float = 0.0
    multiplier: float = 1.0
    slow_for: float = 0.0


CANNON = TowerKind("cannon", range=110.0, reload=0.7, damage=1.0)
FROST = TowerKind("frost", range=90.0, reload=0.4, multiplier=0.4, slow_for=1.5)
START_TOWERS = (((4, 2), CANNON), ((11, 5), FROST), ((14, 3), CANNON), ((9, 8), CANNON))
"""Towers on the board at the start: (col, row) of a free cell, and the kind."""


@dataclasses.dataclass
class Tower:
    cell: tuple
    position: np.ndarray
    kind: TowerKind
    ready_at: float = 0.0
    aim: float = 0.0
    """Heading (radians) of the last shot."""
    target: np.ndarray = None
    """Where the last shot was aimed."""


class DefenseGame:
    """One game on the seed's board.

    Args:
        method: How enemies follow the path, a ``Method``.
        seed: Seed of everything random (lanes, spawn spread).
        avoiding: Whether enemies give way to each other (``AVOIDANCE``).
    """

    def __init__(self, method=Method.WAYPOINTS, seed=0, avoiding=True):
        self.grid = ObstacleMap()
        self.path_cells = np.array(SEED_PATH_CELLS)
        self.path = WaypointPath(self.grid.cell_centre(self.path_cells))
        self.rounded_path = self.path.rounded(TURNING_RADIUS, lane_half_width=LANE_HALF_WIDTH)
        self.lane_cells = _cells_along(self.path_cells)
        self.seed = seed
        self.avoiding = bool(avoiding)
        self.restart(method)

    def restart(self, method=None):
        """A new game (with the given method, or the current one)."""
        self.method = _checked(method or self.method)
        self.clock = GameClock(TICK)
        self.time, self.ticks = 0.0, 0
        self.lives, self.killed = LIVES, 0
        self.wave, self.to_spawn, self.next_spawn, self.spawned = 0, 0, 0.0, 0
        self.enemies = self._population(self.method)
        self.towers = [self._tower(cell, kind) for cell, kind in START_TOWERS]
        self.shots = ShotsInFlight(HIT_RADIUS)

    @property
    def over(self):
        return self.lives <= 0

    def set_method(self, method):
        """Follow the path by ``method`` from now on; enemies keep their progress, health and
        slows."""
        self._carry_over(_checked(method), self.avoiding)

    def toggle_avoidance(self):
        """Enemies give way to each other from now on, or stop; they keep where they are."""
        self._carry_over(self.method, not self.avoiding)

    def _carry_over(self, method, avoiding):
        """Enemies following by ``method``, giving way or not, from now on: the ones on the
        board keep their progress (those queued before the start, at it), health and slows."""
        old = self.enemies
        self.method, self.avoiding = method, avoiding
        self.enemies = self._population(method)
        data = {name: getattr(old, name) for name in ENEMY_DATA}
        progress = np.clip(old.progress, 0.0, 1.0)
        renamed = dict(
            zip(
                old.ids.tolist(),
                self.enemies.spawn(len(old), old.speeds, progress=progress, **data).tolist(),
            )
        )
        self.enemies.multipliers[:] = old.multipliers
        for shot in self.shots.flying:  # shots in flight keep their targets under the new numbers
            shot.target = renamed.get(shot.target, -1)

    def advance(self, seconds):
        """Run the ticks that ``seconds`` more of game time complete (nothing once the game is over).

        Raises:
            ValueError: If ``seconds`` is not a finite number >= 0, or would complete more than
                ``MAX_TICKS_PER_ADVANCE`` ticks.
        """
        if self.over:
            return
        for _ in range(self.clock.advance(seconds, max_ticks=MAX_TICKS_PER_ADVANCE)):
            if self.over:
                break
            self._tick()

    def place_tower(self, point, kind=CANNON):
        """Put a tower on the free cell holding ``point`` (x, y); returns a ``Refusal`` when refused."""
        cell = tuple(self.grid.cells(point).tolist())
        if not self.grid.contains(cell):
            return Refusal.OFF_BOARD
        if cell in self.lane_cells:
            return Refusal.ON_PATH
        if any(tower.cell == cell for tower in self.towers):
            return Refusal.TAKEN
        if len(self.towers) >= MAX_TOWERS:
            return Refusal.FULL
        self.towers.append(self._tower(cell, kind))
        return None

    def remove_tower(self, point):
        """Take down the tower on the cell holding ``point``; whether there was one."""
        cell = tuple(self.grid.cells(point).tolist())
        kept = [tower for tower in self.towers if tower.cell != cell]
        removed = len(kept) < len(self.towers)
        self.towers = kept
        return removed

    # One tick of game time.

    def _tick(self):
        self.ticks += 1
        self.time = self.ticks * TICK
        self._spawn_due()
        enemies = self.enemies
        enemies.multipliers[:] = np.where(enemies.slowed_until > self.time, enemies.multipliers, 1.0)
        enemies.step(TICK)
        for tower in self.towers:
            self._fire(tower)
        self._land()
        dead = enemies.health <= 0.0
        self.killed += int(dead.sum())
        self.lives -= int((enemies.reached & ~dead).sum())
        enemies.remove(dead | enemies.reached)

    def _spawn_due(self):
        if self.to_spawn == 0 and len(self.enemies) == 0 and self.time >= self.next_spawn:
            self.wave += 1
            self.to_spawn = self.wave_size
        if self.to_spawn and self.time >= self.next_spawn - 1e-9:
            health = self._wave_health()
            self.enemies.spawn(1, self._wave_speed(), health=health, full_health=health)
            self.to_spawn -= 1
            self.spawned += 1
            self.next_spawn = self.time + (SPAWN_INTERVAL if self.to_spawn else WAVE_BREAK)

    @property
    def wave_size(self):
        """How many enemies the current wave brings."""
        return 4 + 2 * self.wave

    def _wave_speed(self):
        return 60.0 + 6.0 * min(self.wave, 10)

    def _wave_health(self):
        """Cannon hits an enemy of this wave takes: the start towers hold the first waves, not
        the later ones without more towers."""
        return 3.0 + 2.0 * self.wave

    def _fire(self, tower):
        """A ready tower fires at the enemy furthest along in its range (a cannon at one the
        shots on their way will not kill already), where it will be when the shot lands."""
        enemies, kind = self.enemies, tower.kind
        if self.time < tower.ready_at or len(enemies) == 0:
            return
        offsets = enemies.positions - tower.position
        in_range = np.hypot(offsets[:, 0], offsets[:, 1]) <= kind.range
        left = enemies.health - kind.damage * self.shots.aimed_at(enemies.ids)
        target = enemies.furthest(in_range & (left > 0.0))
        if target is None:
            return
        if isinstance(enemies, Followers):  # on a known lane: solved along it
            lane = enemies.lane_paths[enemies.lanes[target]]
            speed = enemies.speeds[target] * max(enemies.multipliers[target], enemies.speed_floor)
            found = lead_on_path(lane, enemies.distance[target], speed, tower.position, SHOT_SPEED)
        else:
            found = lead(enemies.positions[target], enemies.velocities[target], tower.position, SHOT_SPEED)
        if found is None:
            return
        t, aim = found
        self.shots.fire(Shot(tower.position, aim, self.time, self.time + t, int(enemies.ids[target]), kind))
        tower.ready_at = self.time + kind.reload
        tower.target = aim
        tower.aim = math.atan2(*(aim - tower.position)[::-1])

    def _land(self):
        """The shots due: a cannon's hit takes its damage, a frost's slows."""
        enemies = self.enemies
        for index, shot in self.shots.land(self.time, enemies.ids, enemies.positions):
            kind = shot.kind
            enemies.health[index] -= kind.damage
            if kind.slow_for:
                enemies.multipliers[index] = kind.multiplier
                enemies.slowed_until[index] = self.time + kind.slow_for

    def _population(self, method):
        avoidance = AVOIDANCE if self.avoiding else None
        if method is Method.STEERING:
            return SteeringFollowers(
                self.path, tick=TICK, seed=self.seed, data=ENEMY_DATA, avoidance=avoidance
            )
        path = self.rounded_path if method is Method.ROUNDED else self.path
        return Followers(path, lanes=LANES, seed=self.seed, data=ENEMY_DATA, avoidance=avoidance, tick=TICK)

    def _tower(self, cell, kind):
        return Tower(tuple(cell), self.grid.cell_centre(*cell), kind)


def _checked(method):
    if not isinstance(method, Method):
        raise ValueError(f"method must be a Method ({', '.join(m.name for m in Method)}), got {method!r}")
    return method


def _cells_along(corners):
    """Every cell the path passes through, from its corner cells (straight runs between them)."""
    cells = set()
    for (c0, r0), (c1, r1) in itertools.pairwise(corners):
        steps = max(abs(c1 - c0), abs(r1 - r0))
        for k in range(steps + 1):
            cells.add((int(c0 + (c1 - c0) * k // steps), int(r0 + (r1 - r0) * k // steps)))
    return cells
