"""A thousand enemies on a waypoint path, as a tower-defense game moves them: exactly along the
path at any frame rate, slowed by a frost tower, removed when they reach the end.

    python examples/thousand_followers.py
"""

import numpy as np

from trajectory import Followers, WaypointPath

path = WaypointPath([(0, 0), (400, 0), (400, 300), (0, 300), (0, 600)])
enemies = Followers(path, lanes=(-8, 0, 8), seed=1)
rng = np.random.default_rng(1)
for wave in range(10):  # ten waves of a hundred, a second apart
    enemies.spawn(100, speed=rng.uniform(60.0, 90.0, 100))
    for _ in range(60):
        enemies.step(1 / 60)

frost = np.hypot(*(enemies.positions - (400, 150)).T) < 100  # a frost tower's reach
enemies.multipliers[frost] = 0.5  # half speed while in it
leader = enemies.furthest()
print(f"{len(enemies.distance)} on the path, the leader {enemies.distance[leader]:.1f} units along")

reached = 0
for _ in range(60 * 30):  # half a minute more
    enemies.step(1 / 60)
    reached += len(enemies.remove_reached())
print(f"{reached} reached the end, {len(enemies.distance)} still on the path")
