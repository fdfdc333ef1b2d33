"""Write ``coaster.egg``: a closed roller-coaster track as a NURBS curve, the kind of curve
Blender exports and Panda3D's ``Mopath`` reads: a clamped cubic B-spline (Panda3D clamps a
curve's end knots on loading) that ends where it starts, its first and last legs in one line, so
that it closes with a continuous tangent; with a climb, a drop and turns.

Run ``python models/make_coaster.py`` to regenerate it; the scene loads the .egg file.
"""

import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from anywhere

from scene.kit.curve_files import save_curve
from trajectory import NurbsCurve

HEIGHTS = (1.0, 1.35, 3.1, 5.55, 4.5, 1.7, 1.0, 2.05, 3.45, 2.4, 1.35, 1.0)
"""The track's height at each of its control points, going round: a 4.55-unit first drop, the
most a train leaving at up to 4 units/s can take round these turns (unbanked) within a ride's
limits: at most 6 g up, 1.5 g down and 1.8 g to the side (tests/scene/curves/test_riders.py)."""
SIZE = (9.0, 10.0)
"""The ring's half-widths along x and y (its turns' radii), in units (metres)."""
DEGREE = 3


def coaster_points():
    """The control points (x, y, z) of the open loop, once round (before repeating)."""
    count = len(HEIGHTS)
    return [
        (
            SIZE[0] * math.cos(2 * math.pi * k / count),
            SIZE[1] * math.sin(2 * math.pi * k / count) + 1.5 * math.sin(4 * math.pi * k / count),
            z,
        )
        for k, z in enumerate(HEIGHTS)
    ]


def coaster_curve():
    """The track as a ``trajectory.NurbsCurve``: clamped uniform knots, all weights 1."""
    ring = coaster_points()
    seam = ring[0]
    leg = [0.3 * (b - a) for a, b in zip(ring[-1], ring[1])]  # along the ring's way at the seam
    points = [
        seam,
        tuple(s + d for s, d in zip(seam, leg)),
        *ring[1:],
        tuple(s - d for s, d in zip(seam, leg)),
        seam,
    ]
    spans = len(points) - DEGREE
    knots = [0] * DEGREE + list(range(spans + 1)) + [spans] * DEGREE
    return NurbsCurve(points, knots=knots, degree=DEGREE, name="coaster")


if __name__ == "__main__":
    target = Path(__file__).with_name("coaster.egg")
    save_curve(target, coaster_curve(), name="coaster")
    print(f"wrote {target}")
