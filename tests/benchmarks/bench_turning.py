"""Benchmark of the turning-radius paths: one plan in Python, and a batch of Dubins plans.

Run: ``python tests/benchmarks/bench_turning.py``. Targets: one plan <= 30 us; a batch of 100,000
Dubins plans >= 1 million per second.
"""

import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from trajectory.turning import dubins_path, dubins_paths, plan_turn


def best_of(function, repeat=5):
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        best = min(best, time.perf_counter() - start)
    return best


def main():
    rng = np.random.default_rng(0)
    count = 2000
    starts, goals = rng.uniform(-50, 50, (count, 3)), rng.uniform(-50, 50, (count, 3))
    pairs = list(zip(starts.tolist(), goals.tolist()))
    turn = best_of(lambda: [plan_turn(s[:2], s[2], g[:2], 2.0) for s, g in pairs]) / count
    dubins = best_of(lambda: [dubins_path(s, g, 2.0) for s, g in pairs]) / count
    print(f"plan_turn, one plan                  {turn * 1e6:7.1f} us (target <= 30 us)")
    print(f"dubins_path, one plan                {dubins * 1e6:7.1f} us (target <= 30 us)")
    many = 100_000
    starts, goals = rng.uniform(-50, 50, (many, 3)), rng.uniform(-50, 50, (many, 3))
    batch = best_of(lambda: dubins_paths(starts, goals, 2.0))
    print(
        f"dubins_paths, 100,000 plans          {many / batch / 1e6:7.2f} M plans/s ({batch * 1e3:.1f} ms; target >= 1)"
    )


if __name__ == "__main__":
    main()
