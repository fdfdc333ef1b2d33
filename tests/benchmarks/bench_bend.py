"""Models bent along a curve (issue 45's targets), median ms of repeated bends:

- a 10,000-vertex model along a 30-unit curve to 1 mm: <= 20 ms. The model is a tube of 100
  sides and 100 rings, 30 long, stretched along a 30-unit S-bend (its rings 0.3 apart: cut where
  the bend needs more), and the same as a fence of 20 copies of a 500-vertex piece repeated;
- the curves mode's pipe look rebuilt for one drag step (5 mm, with its Geoms) on the S-bend and
  the coaster, and when let go (1 mm): within a frame at 30 fps (33 ms).

    python tests/benchmarks/bench_bend.py
"""

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from scene import ModelBender, load_curves
from scene.curves.presets import TRAJECTORIES
from scene.curves.track_drawing import LIVE_TOLERANCE, TOLERANCE
from tests.benchmarks.timing import median_ms, sized
from trajectory import CubicBezier, Mesh, Profile, bend, sweep

ROOT = Path(__file__).resolve().parents[2]
S_BEND = CubicBezier([[0, 0, 0], [10, 12, 2], [20, -12, 2], [30, 0, 0]])


def tube(sides, rings, length, radius=0.3):
    """A tube along +y in its own space, ``sides`` x ``rings`` vertices (no caps)."""
    straight = CubicBezier([[0, 0, 0], [0, length / 3, 0], [0, 2 * length / 3, 0], [0, length, 0]])
    made = sweep(straight, Profile.circle(radius, sides), stations=np.linspace(0, 1, rings))
    return Mesh(made.positions, made.normals, made.uvs, made.triangles)


def main():
    repeat = sized(15, 1)
    curve = S_BEND.length
    print(f"== A 10,000-vertex model bent along a {curve:.1f}-unit S-bend, 1 mm ==")
    for name, model, fit in (
        ("one tube stretched (100 x 100)", tube(sized(100, 6), sized(100, 4), 30.0), "stretch"),
        ("20 pieces repeated (25 x 20 each)", tube(sized(25, 6), sized(20, 4), 1.5), "repeat"),
    ):
        bent = bend(model, S_BEND, fit=fit)
        took = median_ms(lambda model=model, fit=fit: bend(model, S_BEND, fit=fit), repeat)
        copies = round(S_BEND.length / 1.5) if fit == "repeat" else 1
        print(
            f"  {name}: {copies * len(model.positions):6d} vertices in, {len(bent.positions):6d} out,"
            f" {took:5.1f} ms   target <= 20 ms"
        )
    print("== The curves mode's pipe look (models/pipe.egg repeated, with its Geoms) ==")
    bender = ModelBender(ROOT / "models" / "pipe.egg")
    s_bend = TRAJECTORIES[0].curve()
    (coaster,) = load_curves(ROOT / "models" / "coaster.egg")
    for name, path in (("the S-bend", s_bend), ("the coaster", coaster)):
        for moment, tolerance in (("a drag step", LIVE_TOLERANCE), ("let go", TOLERANCE)):
            took = median_ms(
                lambda path=path, tolerance=tolerance: bender.bent(path, fit="repeat", tolerance=tolerance),
                repeat,
            )
            print(f"  {name}, {moment} ({tolerance * 1e3:g} mm): {took:5.1f} ms   target <= 33 ms")


if __name__ == "__main__":
    main()
