"""Flow fields on a 100 x 100 grid (issue 29's targets), median ms:

- a field built: <= 5 ms; one tower placed and the field brought up to date: <= 1 ms;
  ``would_block`` for one cell: <= 1 ms;
- directions for 10,000 walkers (the field's part of a game tick), and a whole tick of 10,000
  ``FieldWalkers`` (their ways, their pushes apart, the walls): <= 5 ms; measured again with
  freed memory kept, as the scene keeps it (``scene.kit.freed_memory``).

Three grids: a serpentine maze (walls every 4 rows, a gap at alternate ends: the longest way),
random towers (30 % of the cells: ways that bend at every few cells) and an open field (the
crowd's map before a tower is built).

    python tests/benchmarks/bench_flow.py
"""

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from scene.kit.freed_memory import keep_freed_memory
from tests.benchmarks.timing import median_ms, sized
from trajectory import FieldWalkers, FlowField

SIZE = sized(100, 12)


def serpentine(size):
    blocked = np.zeros((size, size), dtype=bool)
    for k, row in enumerate(range(3, size - 1, 4)):
        blocked[row, :] = True
        blocked[row, (size - 2) if k % 2 == 0 else 1] = False
    return blocked


def towers(size, seed=0):
    blocked = np.random.default_rng(seed).random((size, size)) < 0.3
    blocked[0, :] = blocked[-1, :] = False
    return blocked


def measure(name, blocked, repeat, rng):
    """The figures of one grid."""
    goals, spawns = [(SIZE // 2, SIZE - 1)], np.array([[SIZE // 2, 0]])
    print(f"== {SIZE} x {SIZE}, {name} (median of {repeat}) ==")
    built = median_ms(lambda: FlowField(blocked, goals), repeat)
    print(f"  build:                 {built:7.2f} ms   target <= 5")
    field = FlowField(blocked, goals)
    free = np.argwhere(~blocked & np.isfinite(field.distances) & (field.distances > 0))
    picks = iter(free[rng.integers(0, len(free), 2 * repeat)][:, ::-1].tolist())

    def place_and_lift():
        cell = [next(picks)]
        field.block(cell)
        field.free(cell)

    both = median_ms(place_and_lift, repeat)
    print(f"  a tower up, then down: {both:7.2f} ms   target <= 1 (each)")
    asked = median_ms(lambda: field.would_block([next(picks)], spawns), repeat)
    print(f"  would_block, one cell: {asked:7.2f} ms   target <= 1")
    points = rng.uniform(0, SIZE, (sized(10000, 50), 2))
    field.directions(points[:1])  # the cells' own directions, once per field
    walked = median_ms(lambda: field.directions(points), repeat)
    print(f"  directions, {len(points)} walkers: {walked:7.2f} ms")
    walkers = sized(10000, 50)
    ticked = tick_ms(field, walkers, repeat, rng)
    print(f"  a tick of {walkers} walkers (way, push, walls): {ticked:7.2f} ms   target <= 5")


def tick_ms(field, walkers, repeat, rng):
    """A tick of ``walkers`` FieldWalkers spread over ``field``'s reachable cells, median ms."""
    crowd = FieldWalkers(field, spacing=0.5)
    starts = np.argwhere(~field.blocked & np.isfinite(field.distances))[:, ::-1] + 0.5
    crowd.spawn(starts[rng.integers(0, len(starts), walkers)], speed=2.0)
    for _ in range(sized(30, 1)):  # a second of walking first: a crowd, not a grid of points
        crowd.step(1 / 30)
    return median_ms(lambda: crowd.step(1 / 30), repeat)


def main():
    repeat = sized(15, 1)
    rng = np.random.default_rng(1)
    grids = (
        ("serpentine maze", serpentine(SIZE)),
        ("random towers (30 %)", towers(SIZE)),
        ("open field", np.zeros((SIZE, SIZE), dtype=bool)),
    )
    for name, blocked in grids:
        measure(name, blocked, repeat, rng)
    if keep_freed_memory():  # from here on, for the whole process
        print("== the same ticks with freed memory kept (scene.kit.freed_memory, as main.py keeps it) ==")
        for name, blocked in grids:
            field = FlowField(blocked, [(SIZE // 2, SIZE - 1)])
            ticked = tick_ms(field, sized(10000, 50), repeat, np.random.default_rng(1))
            print(f"  {name + ':':22s} {ticked:7.2f} ms   target <= 5")


if __name__ == "__main__":
    main()
