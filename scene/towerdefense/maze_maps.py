"""The fields of the maze mode: their size, where the enemies come from and go to, how many."""

import dataclasses


@dataclasses.dataclass(frozen=True)
class MazeMap:
    """An open field of ``cols`` x ``rows`` cells: spawns on ``opening`` cells of the left column,
    the base on as many of the right one (both centred), an enemy every ``spawn_every`` seconds of
    game time, and a swarm of ``swarm`` more, ``swarm_per_tick`` a tick, when the player calls one;
    whether its enemies avoid each other from the start (``avoidance``)."""

    name: str
    cols: int
    rows: int
    opening: int
    spawn_every: float
    swarm: int
    swarm_per_tick: int
    avoidance: bool

    @property
    def spawns(self):
        """The spawn cells, (col, row) from the lowest row up."""
        low = (self.rows - self.opening) // 2
        return tuple((0, row) for row in range(low, low + self.opening))

    @property
    def base(self):
        return tuple((self.cols - 1, row) for _, row in self.spawns)

    @property
    def middle_spawn(self):
        """The centre (x, y) of the middle spawn cell: where the way shown to the player starts."""
        col, row = self.spawns[self.opening // 2]
        return (col + 0.5, row + 0.5)


MAPS = {
    "maze": MazeMap("maze", 40, 30, 6, 0.5, swarm=1_000, swarm_per_tick=2, avoidance=True),
    "crowd": MazeMap("crowd", 100, 100, 40, 0.25, swarm=10_000, swarm_per_tick=6, avoidance=False),
}
"""The fields to build on, by name (``--map``): a maze of 40 x 30 cells and a crowd's of 100 x 100
(where ten thousand avoiding enemies would take a tenth of a second a tick: avoidance is off
until the player turns it on)."""
