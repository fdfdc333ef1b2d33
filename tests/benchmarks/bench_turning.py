"""Benchmark of the turning-radius paths: one plan in Python, batches, and OMPL beside them.

Run: ``python tests/benchmarks/bench_turning.py``. Targets: one plan <= 30 us; a batch of 100,000
Dubins plans >= 1 million per second; lengths equal to OMPL's ``DubinsStateSpace`` within 1e-9;
units that steer (continuous curvature): beside the arcs, same run (``steering``).
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
    reeds_shepp_path,
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
    poses in a 40 x 40 square (the turning mode's board) for the mode's kinds, the issue's
    problems (radius 1, sharpness 0.1, 1 and 10, poses in a 20 x 20 square), one path a call, a
    batch's fixed cost, and one plan round a wall. Targets: a Dubins batch at most 5x the arcs'
    a path, a Reeds-Shepp batch at most 8x; one path a call <= 0.5 ms; a batch's fixed cost
    < 1 ms; the plan within 2x the arcs'."""
    many = sized(20_000, 4)
    starts = np.column_stack([rng.uniform(-20, 20, (many, 2)), rng.uniform(-np.pi, np.pi, many)])
    goals = np.column_stack([rng.uniform(-20, 20, (many, 2)), rng.uniform(-np.pi, np.pi, many)])

    def batch(radius, sharpness, size=many, paths=dubins_paths, repeat=3):
        return (
            best_of(
                lambda: paths(
                    starts[:size], goals[:size, :2], radius, headings=goals[:size, 2], sharpness=sharpness
                ),
                repeat=repeat,
            )
            / size
        )

    arcs = batch(3.0, None)
    print(f"{'dubins_paths, arcs, radius 3':44}{arcs * 1e6:7.2f} us a path")
    for kind in KINDS:
        seconds = batch(kind.radius, kind.sharpness)
        print(
            f"{'dubins_paths, steering like the ' + kind.name:44}{seconds * 1e6:7.2f} us a path "
            f"({seconds / arcs:.1f}x the arcs; target <= 5x)"
        )
    seconds = batch(3.0, 1e4)
    print(
        f"{'dubins_paths, steering, sharpness 1e4':44}{seconds * 1e6:7.2f} us a path ({seconds / arcs:.1f}x)"
    )
    starts[:, :2] /= 2.0  # the problems: poses in [-10, 10]
    goals[:, :2] /= 2.0
    unit_arcs = batch(1.0, None)
    for sharpness in (0.1, 1.0, 10.0):
        seconds = batch(1.0, sharpness, size=sized(2000, 4) if sharpness < 1.0 else many)
        print(
            f"{'dubins_paths, radius 1, sharpness ' + str(sharpness):44}{seconds * 1e6:7.2f} us a path "
            f"({seconds / unit_arcs:.1f}x the arcs' {unit_arcs * 1e6:.2f} us; target <= 5x)"
        )
    few = sized(300, 4)
    kind = KINDS[3]  # the truck, which may back up
    rs_arcs = batch(kind.radius, None, size=few, paths=reeds_shepp_paths)
    seconds = batch(kind.radius, kind.sharpness, size=few, paths=reeds_shepp_paths, repeat=1)
    print(
        f"{'reeds_shepp_paths, arcs / steering (truck)':44}{rs_arcs * 1e6:7.1f} / {seconds * 1e6:.0f} us "
        f"a path ({seconds / rs_arcs:.0f}x; target <= 8x)"
    )
    calls = [(tuple(s), tuple(g[:2]), g[2]) for s, g in zip(starts[: sized(30, 2)].tolist(), goals.tolist())]
    to_point = [
        best_of(
            lambda s=s, g=g: shortest_path_to_point(s, g, KINDS[0].radius, sharpness=KINDS[0].sharpness),
            repeat=2,
        )
        for s, g, _ in calls
    ]
    print(
        f"{'shortest_path_to_point, one a call, the tank':44}{np.median(to_point) * 1e3:7.2f} ms "
        f"median, {max(to_point) * 1e3:.2f} ms at most (target <= 0.5 ms)"
    )
    for kind, plan in ((KINDS[0], dubins_path), (KINDS[1], dubins_path), (KINDS[3], reeds_shepp_path)):
        seconds = [
            best_of(
                lambda s=s, g=g, h=h, plan=plan, kind=kind: plan(
                    s, g, kind.radius, heading=h, sharpness=kind.sharpness
                ),
                repeat=2,
            )
            for s, g, h in calls[: len(calls) if plan is dubins_path else sized(10, 2)]
        ]
        print(
            f"{plan.__name__ + ', one path a call, the ' + kind.name:44}{np.median(seconds) * 1e3:7.2f} ms "
            f"median, {max(seconds) * 1e3:.2f} ms at most (target <= 0.5 ms)"
        )
    fixed = best_of(
        lambda: dubins_paths(starts[:1], goals[:1, :2], 3.0, headings=goals[:1, 2], sharpness=0.5)
    )
    print(f"{'dubins_paths, a batch of one (its fixed cost)':44}{fixed * 1e3:7.2f} ms (target < 1 ms)")
    walls = ObstacleMap(20, 12, 1.0)
    walls.block([(10, row) for row in range(8)])
    plans = {}
    for sharpness in (None, 0.5):
        plans[sharpness] = best_of(
            lambda sharpness=sharpness: plan_path(
                (3, 2, 0), (17, 3), 2.0, obstacles=walls, footprint=0.4, sharpness=sharpness
            ),
            repeat=5,
        )
        print(f"{'plan_path round a wall, sharpness ' + str(sharpness):44}{plans[sharpness] * 1e3:7.1f} ms")
    print(f"{'  steering / arcs':44}{plans[0.5] / plans[None]:7.2f}x (target <= 2x)")


if __name__ == "__main__":
    main()
