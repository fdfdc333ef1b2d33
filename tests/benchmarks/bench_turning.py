"""Benchmark of the turning-radius paths: one plan in Python, batches, and OMPL beside them.

Run: ``python tests/benchmarks/bench_turning.py``. Targets: one plan <= 30 us; a batch of 100,000
Dubins plans >= 1 million per second; lengths equal to OMPL's ``DubinsStateSpace`` within 1e-9.
"""

import sys
from pathlib import Path

import numpy as np
from ompl import base as ompl_base

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.benchmarks.timing import best_of, sized
from trajectory.plane import (
    dubins_path,
    dubins_paths,
    plan_turn,
    plan_turns,
    shortest_path_to_point,
    shortest_paths_to_points,
)


def ompl_lengths(starts, goals, radius, space_type=ompl_base.DubinsStateSpace):
    """OMPL's distance (Dubins by default) for each pair, one call each (its Python bindings)."""
    space = space_type(radius)
    a, b = space.allocState(), space.allocState()
    lengths = []
    for (x0, y0, h0), (x1, y1, h1) in zip(starts, goals):
        a.setX(x0)
        a.setY(y0)
        a.setYaw(h0)
        b.setX(x1)
        b.setY(y1)
        b.setYaw(h1)
        lengths.append(space.distance(a, b))
    return lengths


def main():
    rng = np.random.default_rng(0)
    count = sized(2000)
    starts, goals = rng.uniform(-50, 50, (count, 3)), rng.uniform(-50, 50, (count, 3))
    pairs = list(zip(starts.tolist(), goals.tolist()))
    turn = best_of(lambda: [plan_turn((*s[:2], s[2]), g[:2], 2.0) for s, g in pairs]) / count
    shortest = best_of(lambda: [shortest_path_to_point((*s[:2], s[2]), g[:2], 2.0) for s, g in pairs]) / count
    dubins = best_of(lambda: [dubins_path(s, g[:2], 2.0, heading=g[2]) for s, g in pairs]) / count
    print(f"{'plan_turn, one plan':40}{turn * 1e6:7.1f} us (target <= 30 us)")
    print(f"{'shortest_path_to_point, one plan':40}{shortest * 1e6:7.1f} us (target <= 30 us)")
    print(f"{'dubins_path, one plan':40}{dubins * 1e6:7.1f} us (target <= 30 us)")

    many = sized(100_000, 8)
    starts, goals = rng.uniform(-50, 50, (many, 3)), rng.uniform(-50, 50, (many, 3))
    for name, plan in (
        ("dubins_paths", lambda: dubins_paths(starts, goals[:, :2], 2.0, headings=goals[:, 2])),
        ("plan_turns", lambda: plan_turns(np.column_stack([starts[:, :2], starts[:, 2]]), goals[:, :2], 2.0)),
        (
            "shortest_paths_to_points",
            lambda: shortest_paths_to_points(
                np.column_stack([starts[:, :2], starts[:, 2]]), goals[:, :2], 2.0
            ),
        ),
    ):
        seconds = best_of(plan)
        print(
            f"{name + ', 100,000 plans':37}{many / seconds / 1e6:7.2f} M plans/s "
            f"({seconds * 1e3:.1f} ms; target >= 1)"
        )

    theirs_time = best_of(lambda: ompl_lengths(starts[:count].tolist(), goals[:count].tolist(), 2.0)) / count
    print(f"{'OMPL DubinsStateSpace.distance':40}{theirs_time * 1e6:7.1f} us (length only, no path)")

    radii = rng.uniform(0.2, 4.0, many)
    near = starts[:, :2] + radii[:, None] * rng.uniform(-2, 2, (many, 2))
    goals[: many // 2, :2] = near[: many // 2]  # half of them near, where RLR and LRL win
    ours = dubins_paths(starts, goals[:, :2], radii, headings=goals[:, 2]).lengths
    compared = sized(20_000)
    theirs = np.concatenate(
        [
            ompl_lengths(s[None], g[None], r)
            for s, g, r in zip(starts[:compared], goals[:compared], radii[:compared])
        ]
    )
    gap = np.abs(ours[:compared] - theirs)
    print(f"{'lengths against OMPL, 20,000 cases':40}max |difference| {gap.max():.1e} (target <= 1e-9)")


if __name__ == "__main__":
    main()
