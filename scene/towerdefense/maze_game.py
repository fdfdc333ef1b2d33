"""The maze map of the tower-defense mode, without any drawing: an open field where the player
builds the maze. Enemies walk a flow field from the spawns on the left to the base on the right,
re-routed the moment a tower goes up (one built on an enemy sends it to the nearest free cell,
``FieldWalkers``' rule); a tower that would close the last way, or stand on a spawn or the base,
is refused; towers fire shots of finite speed that lead their target.

Enemies avoid each other and the towers (``AVOIDANCE``: ORCA, as RVO2, with the crowds' right-hand
rule, and no two overlapping after any tick but where towers are built on a queue packed
tighter than it then fits) where the game says so: from the start on the maze,
and toggled by an input; without it they push each other apart (the flow-field crowd's push).

Everything happens in fixed ticks (``TICK``) counted by a ``GameClock``, and the only randomness
is a seeded generator: the same inputs (towers placed and removed, swarms called, avoidance
toggled, each at its tick) give the same game at any frame rate, and ``checksum`` says so in one
word. ``Replay`` holds the inputs.
"""

import dataclasses
import hashlib
import json

import numpy as np

from scene.kit import atomic_file, user_files
from scene.kit.refusal import Refusal
from scene.towerdefense.maze_maps import MAPS
from scene.towerdefense.shots import Shot, ShotsInFlight
from trajectory import Avoidance, FieldWalkers, FlowField, GameClock, ObstacleMap, lead, pairs_within

TICK = 1.0 / 60.0
ENEMY_SPEED, ENEMY_HEALTH, ENEMY_SPACING = 2.0, 3.0, 0.45
AVOIDANCE = Avoidance(
    radius=ENEMY_SPACING / 2.0,
    neighbour_distance=2.0,
    max_neighbours=8,
    time_horizon=1.5,
    obstacle_time_horizon=0.5,
)
"""How enemies avoid, in cells: discs as wide as the spacing they otherwise keep, looking 1.5 s
ahead for each other (3 cells at their speed) and half a second for the towers."""
TOWER_RANGE, TOWER_RELOAD = 5.0, 0.6
SHOT_SPEED, SHOT_DAMAGE, HIT_RADIUS = 9.0, 1.0, 0.45
MAX_TICKS_PER_ADVANCE = 10_000
MAX_REPLAY_BYTES = 16_000_000
"""Larger replay files are refused unread (an hour's game of a move a second takes about 80 kB)."""
_LARGEST_SEED = 2**63 - 1
_LARGEST_TICK = 2**53


@dataclasses.dataclass
class Replay:
    """The inputs of a game and what it was played on: each input (tick, "place" or "remove",
    col, row) or (tick, "swarm") or (tick, "avoid": avoidance toggled), the seed, the map's name
    (a key of ``MAPS``), and whether the enemies avoided each other from the start (None: as
    the map does; a file from before avoidance: no)."""

    seed: int = 0
    inputs: list = dataclasses.field(default_factory=list)
    map_name: str = "maze"
    avoidance: bool = None

    def save(self, path):
        """Write the replay to ``path`` atomically (the old file or the new one, never half)."""
        atomic_file.write(path, self._content())

    def save_new(self, folder, stem):
        """Write the replay atomically to a new file of ``folder`` named from ``stem`` (never over
        another replay); returns its path."""
        return atomic_file.write_new(folder, stem, ".json", self._content())

    def _content(self):
        content = {"seed": self.seed, "map": self.map_name, "avoidance": self.avoidance}
        return json.dumps({**content, "inputs": self.inputs}).encode("utf-8")

    @classmethod
    def load(cls, path):
        """A replay from ``path``; a ValueError naming what is wrong with the file."""
        try:
            data = user_files.parsed_json(user_files.read_bytes(path, MAX_REPLAY_BYTES))
            if not isinstance(data, dict) or not isinstance(data.get("inputs"), list):
                raise ValueError("it must be an object with a list of inputs")
            inputs = [_input(entry) for entry in data["inputs"]]
            seed = _whole(data.get("seed"), "its seed", _LARGEST_SEED)
            map_name = data.get("map", "maze")
            avoidance = data.get("avoidance", False)
            if avoidance is not None and not isinstance(avoidance, bool):
                shown = json.dumps(avoidance)[:40]
                raise ValueError(f"its avoidance must be true, false or null, got {shown}")
        except FileNotFoundError:
            raise ValueError(f"{path} is not a replay: there is no such file") from None
        except ValueError as error:
            raise ValueError(f"{path} is not a replay: {error}") from None
        if map_name not in MAPS:
            raise ValueError(f"{path} is not a replay: there is no map {map_name!r} (only {', '.join(MAPS)})")
        return cls(seed, inputs, map_name, avoidance)


def _input(entry):
    """One input as a replay holds it, or a ValueError saying what it is not."""
    if isinstance(entry, list) and len(entry) in (2, 4):
        tick, what, *cell = entry
        if what in ("swarm", "avoid") and not cell:
            return [_whole(tick, "a tick", _LARGEST_TICK), what]
        if what in ("place", "remove") and cell:
            return [_whole(tick, "a tick", _LARGEST_TICK), what, *(_whole(c, "a cell", 10**6) for c in cell)]
    shown = json.dumps(entry)[:60]
    raise ValueError(
        f"the input {shown} is neither [tick, place or remove, col, row] nor [tick, swarm or avoid]"
    )


def _whole(value, what, largest):
    """``value`` if it is a whole number from 0 to ``largest`` (JSON's: not 3.7, "3" or true)."""
    if type(value) is not int or not 0 <= value <= largest:
        raise ValueError(f"{what} must be a whole number from 0 to {largest:,}, got {json.dumps(value)[:40]}")
    return value


class MazeGame:
    """One game on the open field ``maze_map`` (a ``MazeMap``, by default ``MAPS["maze"]``);
    ``replay`` (a ``Replay``) feeds its inputs at their ticks and names the map itself."""

    def __init__(self, seed=0, replay=None, maze_map=None):
        self.replay = replay or Replay(seed, map_name=(maze_map or MAPS["maze"]).name)
        self.map = MAPS[self.replay.map_name]
        avoiding = self.map.avoidance if self.replay.avoidance is None else self.replay.avoidance
        self.recorded = Replay(self.replay.seed, map_name=self.map.name, avoidance=avoiding)
        self.clock = GameClock(TICK)
        self.field = FlowField(ObstacleMap(self.map.cols, self.map.rows, 1.0), self.map.base)
        """The field, and the one record of which cells are blocked (a tower on each)."""
        self.enemies = FieldWalkers(
            self.field,
            spawns=self.map.spawns,
            spacing=ENEMY_SPACING,
            seed=self.replay.seed,
            data="health",
            avoidance=AVOIDANCE if avoiding else None,
        )
        """Each enemy: where it is, its health, its id (shots know their target by it)."""
        self.towers = {}
        """(col, row) -> the game time its next shot is ready."""
        self.shots = ShotsInFlight(HIT_RADIUS)
        self.leaked = self.killed = 0
        self.swarming = 0
        """Enemies of called swarms still to come."""
        self.refused_inputs = 0
        """A replay's moves that could not be made (a hand-made file's tower on the base, say)."""
        self._next_spawn = 0.0
        self._pending = sorted(self.replay.inputs, key=lambda entry: entry[0])  # same tick: as made
        self.ticks = 0
        """Ticks run so far (the clock counts those an advance completes before they run)."""

    @property
    def time(self):
        """Game time (seconds) at the end of the ticks run so far."""
        return self.ticks * self.clock.tick

    # The player's moves.

    def place(self, cell):
        """Build a tower on ``cell`` (col, row) now: None, or the ``Refusal`` that stopped it."""
        refusal = self.refusal(cell)
        if refusal is None:
            self._apply(["place", *cell])
            self.recorded.inputs.append([self.ticks, "place", *map(int, cell)])
        return refusal

    def remove(self, cell):
        """Take the tower on ``cell`` down; whether there was one."""
        if tuple(cell) not in self.towers:
            return False
        self._apply(["remove", *cell])
        self.recorded.inputs.append([self.ticks, "remove", *map(int, cell)])
        return True

    def swarm(self):
        """Call a swarm: the map's ``swarm`` enemies more, coming from the next tick on."""
        self._apply(["swarm"])
        self.recorded.inputs.append([self.ticks, "swarm"])

    def toggle_avoidance(self):
        """Enemies avoid each other and the towers from the next tick on, or stop avoiding."""
        self._apply(["avoid"])
        self.recorded.inputs.append([self.ticks, "avoid"])

    @property
    def avoiding(self):
        """Whether the enemies avoid each other (ORCA), rather than push each other apart."""
        return self.enemies.avoidance is not None

    def refusal(self, cell):
        """Why a tower could not go on ``cell`` now (a ``Refusal``), or None."""
        col, row = map(int, cell)
        if not (0 <= col < self.map.cols and 0 <= row < self.map.rows):
            return Refusal.OFF_BOARD
        if self.field.is_blocked((col, row)):
            return Refusal.TAKEN
        if (col, row) in self.map.spawns or (col, row) in self.map.base:
            return Refusal.ENDS
        if self.field.would_block([(col, row)], self.map.spawns):
            return Refusal.CLOSES_THE_WAY
        return None

    def preview(self, cell):
        """The way an enemy from the middle spawn would walk if a tower stood on ``cell``: (m, 2)."""
        trial = self.field.copy()
        trial.block(cell)
        return trial.route(self.map.middle_spawn)

    # Time.

    def advance(self, seconds):
        """Run the ticks ``seconds`` more of game time complete."""
        for _ in range(self.clock.advance(seconds, max_ticks=MAX_TICKS_PER_ADVANCE)):
            self._tick()

    def _tick(self):
        tick = self.ticks  # the tick now running: inputs made after ``tick`` ticks come first
        while self._pending and self._pending[0][0] <= tick:
            self._replayed(self._pending.pop(0)[1:])
        now = tick * self.clock.tick
        coming = min(self.swarming, self.map.swarm_per_tick)
        self.swarming -= coming
        if now >= self._next_spawn:
            coming += 1
            self._next_spawn += self.map.spawn_every
        if coming:
            self._spawn(coming)
        self.enemies.step(self.clock.tick)
        self.leaked += len(self.enemies.remove_reached())
        self._fire(now)
        self._land(now + self.clock.tick)
        self.ticks += 1

    def _spawn(self, count):
        """``count`` enemies on spawn cells chosen at random, at random places inside them."""
        self.enemies.spawn(count, ENEMY_SPEED, health=ENEMY_HEALTH)

    def _fire(self, now):
        """Each ready tower fires at the nearest enemy in range that the shots in flight will not
        kill already, where it will be when the shot lands (going on as it last moved: the
        field's way, the crowd's push, the walls)."""
        ready = [cell for cell, at in sorted(self.towers.items()) if at <= now]
        enemies = self.enemies
        if not ready or not len(enemies):
            return
        positions, velocities = enemies.positions, enemies.velocities
        doomed = enemies.health - SHOT_DAMAGE * self.shots.aimed_at(enemies.ids)
        centres = np.array(ready) + 0.5
        tower, enemy = pairs_within(positions, centres, TOWER_RANGE)
        gaps = np.hypot(*(positions[enemy] - centres[tower]).T)
        bounds = np.searchsorted(tower, np.arange(len(ready) + 1))
        for k, cell in enumerate(ready):
            near = enemy[bounds[k] : bounds[k + 1]]
            if not len(near):
                continue
            choice = np.where(doomed[near] > 0.0, gaps[bounds[k] : bounds[k + 1]], np.inf)
            best = int(np.argmin(choice))
            if choice[best] == np.inf:
                continue
            target = near[best]
            found = lead(positions[target], velocities[target], centres[k], SHOT_SPEED)
            if found is None:
                continue
            t, aim = found
            self.shots.fire(Shot(centres[k], aim, now, now + t, int(enemies.ids[target])))
            doomed[target] -= SHOT_DAMAGE
            self.towers[cell] = now + TOWER_RELOAD

    def _land(self, until):
        """The shots that land by ``until``: each hit takes ``SHOT_DAMAGE``; the dead go."""
        enemies = self.enemies
        for index, _ in self.shots.land(until, enemies.ids, enemies.positions):
            enemies.health[index] -= SHOT_DAMAGE
        self.killed += len(enemies.remove(enemies.health <= 0.0))

    def _replayed(self, what):
        """A replay's move, made where the game allows it (a recorded game's always are)."""
        kind, *cell = what
        allowed = (
            kind in ("swarm", "avoid")
            or (kind == "place" and self.refusal(cell) is None)
            or (kind == "remove" and tuple(cell) in self.towers)
        )
        if allowed:
            self._apply(what)
            self.recorded.inputs.append([self.ticks, *what])  # a replay saved now keeps it
        else:
            self.refused_inputs += 1

    def _apply(self, what):
        kind, *cell = what
        if kind == "swarm":
            self.swarming += self.map.swarm
            return
        if kind == "avoid":
            self.enemies.avoidance = None if self.avoiding else AVOIDANCE
            return
        cell = tuple(map(int, cell))
        if kind == "place":
            self.towers[cell] = self.time
            self.field.block(cell)
        else:
            del self.towers[cell]
            self.field.free(cell)

    # Agreement.

    def checksum(self):
        """One word for the game's whole state: the tick, the enemies' positions and health,
        the towers, the shots, the counts, the swarm still to come and the generator's state
        (sha256, hexadecimal)."""
        digest = hashlib.sha256()
        digest.update(np.int64(self.ticks).tobytes())
        digest.update(np.ascontiguousarray(self.enemies.positions).tobytes())
        digest.update(np.ascontiguousarray(self.enemies.health).tobytes())
        digest.update(json.dumps(sorted((list(cell), ready) for cell, ready in self.towers.items())).encode())
        for shot in self.shots.flying:
            digest.update(
                np.concatenate([shot.start, shot.aim, [shot.fired, shot.lands, shot.target]]).tobytes()
            )
        digest.update(np.ascontiguousarray(self.enemies.ids).tobytes())
        digest.update(np.ascontiguousarray(self.enemies.velocities).tobytes())
        digest.update(bytes([self.avoiding]))
        shots = self.shots
        counts = [
            shots.hits,
            shots.misses,
            shots.wasted,
            self.leaked,
            self.killed,
            self.swarming,
        ]
        digest.update(json.dumps(counts).encode())
        digest.update(json.dumps(self.enemies.rng.bit_generator.state, sort_keys=True).encode())
        return digest.hexdigest()
