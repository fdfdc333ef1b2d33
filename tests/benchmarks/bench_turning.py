"""Benchmark of the turning-radius paths: one plan in Python, batches, and OMPL beside them.

Run: ``python tests/benchmarks/bench_turning.py``. Targets: one plan <= 30 us; a batch of 100,000
Dubins plans >= 1 million per second; lengths equal to OMPL's ``DubinsStateSpace`` within 1e-9;
units that steer (continuous curvature): a batch <= 3 us a path, beside the arcs' batch, same run.
"""

import sys
from pathlib import Path

import numpy as np
from ompl import base as ompl_base

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from scene.turning.units import KINDS
from tests.benchmarks.timing import best_of, sized
from trajectory import ObstacleMap, plan_path
from trajectory.plane import (
    dubins_path,
    dubins_paths,
    plan_turn,
    plan_turns,
    reeds_shepp_paths,
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

    steering(rng)

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


def steering(rng):
    """Units that steer beside the arcs, one run: batches of Dubins and Reeds-Shepp paths from
    poses in a 40 x 40 square (the turning mode's board) for the mode's kinds, and one plan
    round a wall."""
    many = sized(20_000, 4)
    starts = np.column_stack([rng.uniform(-20, 20, (many, 2)), rng.uniform(-np.pi, np.pi, many)])
    goals = np.column_stack([rng.uniform(-20, 20, (many, 2)), rng.uniform(-np.pi, np.pi, many)])
    arcs = best_of(lambda: dubins_paths(starts, goals[:, :2], 3.0, headings=goals[:, 2]), repeat=3)
    print(f"{'dubins_paths, arcs, radius 3':44}{arcs / many * 1e6:7.2f} us a path")
    for kind in KINDS:
        seconds = best_of(
            lambda kind=kind: dubins_paths(
                starts, goals[:, :2], kind.radius, headings=goals[:, 2], sharpness=kind.sharpness
            ),
            repeat=3,
        )
        label = f"dubins_paths, steering like the {kind.name}"
        print(f"{label:44}{seconds / many * 1e6:7.2f} us a path (target <= 3)")
    sharp = best_of(
        lambda: dubins_paths(starts, goals[:, :2], 3.0, headings=goals[:, 2], sharpness=1e4), repeat=3
    )
    print(f"{'dubins_paths, steering, sharpness 1e4':44}{sharp / many * 1e6:7.2f} us a path (target <= 3)")
    few = sized(300, 4)
    kind = KINDS[3]  # the truck, which may back up
    seconds = best_of(
        lambda: reeds_shepp_paths(
            starts[:few], goals[:few, :2], kind.radius, headings=goals[:few, 2], sharpness=kind.sharpness
        ),
        repeat=1,
    )
    arcs = best_of(
        lambda: reeds_shepp_paths(starts[:few], goals[:few, :2], kind.radius, headings=goals[:few, 2])
    )
    print(
        f"{'reeds_shepp_paths, arcs / steering (truck)':44}"
        f"{arcs / few * 1e6:7.1f} / {seconds / few * 1e6:.0f} us a path"
    )
    walls = ObstacleMap(20, 12, 1.0)
    walls.block([(10, row) for row in range(8)])
    for sharpness in (None, 0.5):
        seconds = best_of(
            lambda sharpness=sharpness: plan_path(
                (3, 2, 0), (17, 3), 2.0, obstacles=walls, footprint=0.4, sharpness=sharpness
            ),
            repeat=3,
        )
        print(f"{'plan_path round a wall, sharpness ' + str(sharpness):44}{seconds * 1e3:7.1f} ms")


if __name__ == "__main__":
    main()
