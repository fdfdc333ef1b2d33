"""Benchmark of path following for the tower-defense mode: 10,000 followers per step, ours beside
PandAI's ``pathFollow`` (shipped in the panda3d wheel) stepping the same number of characters.

Run: ``python tests/benchmarks/bench_followers.py``. Targets: 10,000 waypoint followers stepped in
<= 2 ms; 10,000 steering followers with separation in <= 10 ms.
"""

import os
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.benchmarks.timing import best_of, sized
from trajectory import Followers, ObstacleMap, SteeringFollowers, WaypointPath
from trajectory.crowds import SEED_PATH_CELLS

COUNT = sized(10_000, 20)
SPEED = 120.0  # the seed's 2 px per frame at 60 Hz


def serpentine(cols, rows):
    """A level that winds across a cols x rows board, one row in two: long enough that 10,000
    enemies stand about as far apart as in a game (one every 8 units of path)."""
    cells = []
    for number, row in enumerate(range(1, rows, 2)):
        ends = (0, cols - 1) if number % 2 == 0 else (cols - 1, 0)
        cells += [(ends[0], row), (ends[1], row)]
    return WaypointPath(ObstacleMap(cols, rows, 40.0).cell_centre(np.array(cells)))


def ours():
    rng = np.random.default_rng(0)
    seed_path = WaypointPath(ObstacleMap().cell_centre(np.array(SEED_PATH_CELLS)))
    print(f"== Ours, {COUNT:,} followers, one step ==")
    for label, lanes in (("waypoints, one lane", (0.0,)), ("waypoints, five lanes", (-12, -6, 0, 6, 12))):
        followers = Followers(seed_path, lanes=lanes)
        followers.spawn(COUNT, rng.uniform(60, 180, COUNT))
        followers.step(3.0)
        step = best_of(lambda f=followers: f.step(1 / 60), inner=10)
        print(f"  {label:52s} {step * 1e3:6.2f} ms (target <= 2)")
    rounded = Followers(seed_path.rounded(15.0, lane_half_width=20.0))
    rounded.spawn(COUNT, rng.uniform(60, 180, COUNT))
    rounded.step(3.0)
    step = best_of(lambda: rounded.step(1 / 60), inner=10)
    print(f"  {'rounded corners, one lane':52s} {step * 1e3:6.2f} ms (target <= 2)")
    for label, path in (
        ("steering + separation, one every 8 units of path", serpentine(100, 40)),
        ("steering + separation, one every 1.6 units of path", serpentine(40, 20)),
        ("steering + separation, packed on the seed's level", seed_path),
    ):
        steering = SteeringFollowers(path, spread=8.0)
        steering.spawn(COUNT, SPEED, progress=np.sort(rng.uniform(0.0, 1.0, COUNT)))  # all along the path
        steering.step(steering.tick)
        tick = best_of(lambda s=steering: s.step(s.tick), repeat=3, inner=5)  # one tick of game time
        print(f"  {label:52s} {tick * 1e3:6.2f} ms per 1/120 s tick (target <= 10)")


_ALIVE = []
"""PandAI worlds and characters, kept until exit: PandAI asserts when one is destroyed early."""


def pandai(count):
    """PandAI's pathFollow: ``count`` characters on the seed's path; milliseconds per update."""
    from panda3d.ai import AICharacter, AIWorld
    from panda3d.core import NodePath, Vec3

    render = NodePath("render")
    world = AIWorld(render)
    corners = ObstacleMap().cell_centre(np.array(SEED_PATH_CELLS))
    keep = []  # the characters, alive as long as the world
    for number in range(count):
        node = render.attach_new_node(f"enemy {number}")
        node.set_pos(*corners[0], 0)
        character = AICharacter(f"enemy {number}", node, 100.0, 0.05, SPEED)
        world.add_ai_char(character)
        behaviours = character.get_ai_behaviors()
        behaviours.path_follow(1.0)
        for x, y in corners:
            behaviours.add_to_path(Vec3(x, y, 0))
        behaviours.start_follow()
        keep.append((node, character))
    _ALIVE.append((world, keep))
    return best_of(world.update, repeat=3, inner=3)


def main():
    ours()
    print("== PandAI pathFollow, one AIWorld.update ==")
    for count in (sized(1_000, 10), COUNT):
        print(f"  {count:6,d} characters {pandai(count) * 1e3:8.2f} ms")
    sys.stdout.flush()
    os._exit(0)  # PandAI asserts when its characters outlive the world at exit; nothing to clean


if __name__ == "__main__":
    main()
