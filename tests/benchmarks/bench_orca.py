"""Reciprocal collision avoidance (issue 59): one step of n agents in a dense square block
walking to its mirror image, ours (``trajectory.crowds.Agents``) beside RVO2's own (pyrvo's
``do_step``, C++, one agent at a time) on the same agents in the same process, and how ours
grows with n (target: at most RVO2's time at 10,000; log-log slope <= 1.1 from 1,000 to
100,000). And what avoidance costs a crowd that uses it: a tick of the maze's thousand
enemies (``FieldWalkers`` with the maze's ``Avoidance``) crowding a two-cell gap in a wall of
towers, against the same crowd pushing apart.

    python tests/benchmarks/bench_orca.py
"""

import math
import sys
from pathlib import Path

import numpy as np
import pyrvo

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from scene.towerdefense.maze_game import AVOIDANCE, ENEMY_SPACING
from tests.benchmarks.timing import best_of, sized
from tests.trajectory.crowds.test_orca import CIRCLE as SETTINGS
from trajectory import FieldWalkers, FlowField
from trajectory.crowds import Agents
from trajectory.crowds.orca_obstacles import cell_outlines
from trajectory.planning import ObstacleMap

STEP = 0.25


def block(count):
    """``count`` agents on a square grid 4 apart, and preferred velocities to its mirror image."""
    side = math.ceil(math.sqrt(count))
    cells = np.stack(np.meshgrid(np.arange(side), np.arange(side)), axis=-1).reshape(-1, 2)[:count]
    positions = (cells - (side - 1) / 2.0) * 4.0
    wanted = -positions - positions
    wanted /= np.maximum(np.hypot(*wanted.T), 1e-9)[:, None] / 2.0
    return positions, wanted


def towers(count):
    """A map round the block with a tower every 24 units inside it (blocked 2 x 2 cells of 4)."""
    side = math.ceil(math.sqrt(count)) * 4.0 + 40.0
    cells = int(side // 4.0)
    blocked = np.zeros((cells, cells), dtype=bool)
    blocked[3:-3:6, 3:-3:6] = True
    return ObstacleMap(cells, cells, 4.0, blocked=blocked, origin=(-side / 2.0, -side / 2.0))


def ours(count, obstacles=()):
    positions, wanted = block(count)
    positions = positions + 2.0  # off the towers' cell corners
    agents = Agents(positions, obstacles=obstacles, **SETTINGS)
    agents.step(STEP, wanted)  # under way: velocities of their own
    return best_of(lambda: agents.new_velocities(STEP, wanted), repeat=sized(3, 1))


def rvo2(count, obstacles=()):
    positions, wanted = block(count)
    positions = positions + 2.0
    simulator = pyrvo.RVOSimulator()
    simulator.set_time_step(STEP)
    simulator.set_agent_defaults(15.0, 10, 10.0, 10.0, 1.5, 2.0)
    for polygon in obstacles:
        simulator.add_obstacle([tuple(vertex) for vertex in polygon.tolist()])
    simulator.process_obstacles()
    for (x, y), (u, v) in zip(positions.tolist(), wanted.tolist()):
        agent = simulator.add_agent((x, y))
        simulator.set_agent_pref_velocity(agent, (u, v))
    simulator.do_step()
    return best_of(simulator.do_step, repeat=sized(3, 1))


def crowding_a_gap(avoidance):
    """One tick (1/60 s) of the maze's crowd: 1,000 walkers spawned two a tick at the left of
    40 x 30 cells, a wall of towers across column 8 with a gap in rows 14 and 15, 500 ticks on."""
    grid = ObstacleMap(40, 30, 1.0)
    grid.blocked[:, 8] = True
    grid.blocked[14:16, 8] = False
    field = FlowField(grid, [(39, row) for row in range(12, 18)])
    walkers = FieldWalkers(
        field, spawns=[(0, row) for row in range(12, 18)], spacing=ENEMY_SPACING, avoidance=avoidance
    )
    for _ in range(sized(500, 30)):
        walkers.spawn(2, 2.0)
        walkers.step(1.0 / 60.0)
    return best_of(lambda: walkers.step(1.0 / 60.0), repeat=sized(5, 1)), len(walkers)


def main():
    print("== One ORCA step, ours against RVO2's (pyrvo), a square block to its mirror ==")
    counts = sized([1_000, 10_000, 100_000], [20, 40])
    times = []
    for count in counts:
        mine = ours(count)
        times.append(mine)
        theirs = rvo2(count) if count <= sized(10_000, 40) else math.nan
        print(
            f"  {count:7,d} agents: ours {mine * 1e3:9.2f} ms, RVO2 {theirs * 1e3:9.2f} ms, "
            f"ours/RVO2 {mine / theirs:6.2f}"
        )
    slope = np.polyfit(np.log(counts), np.log(times), 1)[0]
    print(f"  growth (log-log slope from {counts[0]:,} to {counts[-1]:,}; target <= 1.1): {slope:.2f}")
    count = sized(10_000, 40)
    grid = towers(count)
    outlines = cell_outlines(grid)
    edges = sum(map(len, outlines))
    mine, theirs = ours(count, grid), rvo2(count, outlines)
    print(
        f"  {count:,} agents among {int(grid.blocked.sum())} towers' cells ({edges} edges): ours "
        f"{mine * 1e3:.2f} ms, RVO2 {theirs * 1e3:.2f} ms, ours/RVO2 {mine / theirs:.2f}"
    )
    print("== A tick of the maze's crowd at a gap in a wall of towers ==")
    for words, avoidance in (("avoiding (ORCA, no overlaps)", AVOIDANCE), ("pushing apart", None)):
        tick, count = crowding_a_gap(avoidance)
        print(f"  {count:,} walkers {words}: {tick * 1e3:.2f} ms")


if __name__ == "__main__":
    main()
