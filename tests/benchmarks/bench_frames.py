"""Benchmark of orientation frames: Motion.quaternion in bulk and per frame, and beside Panda3D's
Mopath (which drives the curve's parameter and faces its tangent with lookAt) on the loop preset:
time per pose, and how far the facing turns between consecutive samples (a jump shows as a large
angle).

Also the minimal frame's table of a 100-knot spline, built with nothing kept and after one knot
moved (its four segments refined, the others kept): a part of the curves editor's drag frame.

Run: ``python tests/benchmarks/bench_frames.py``. Targets: >= 5 M quaternions/s on 10^6 sorted
times; <= 10 us for one scalar call.
"""

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from scene.curves.presets import TRAJECTORIES, VELOCITIES
from tests.benchmarks.timing import best_of, sized
from trajectory import Motion, Spline, VelocityCurve
from trajectory.orientation import transport

DURATION = 6.0
SAMPLES = sized(10_000, 10)


def largest_turn(quaternions):
    """The largest angle (degrees) between consecutive rotations (n, 4) (w, x, y, z)."""
    dots = np.abs(np.sum(quaternions[1:] * quaternions[:-1], axis=1))
    return float(np.degrees(2 * np.arccos(np.clip(dots, -1.0, 1.0))).max())


def ours():
    print("== Motion.quaternion (loop preset, ease in-out, 6 s) ==")
    motion = Motion(TRAJECTORIES[1].curve(), VELOCITIES[1].curve(), DURATION)
    times = np.linspace(0.0, DURATION, sized(1_000_000, 10))
    for mode in ("minimal", "yaw", "up"):
        bulk = best_of(lambda m=mode: motion.quaternion(times, m), repeat=3)
        scalar = best_of(lambda m=mode: motion.quaternion(1.234, m), repeat=5, inner=20_000)
        print(
            f"  {mode:8s} 10^6 sorted times: {1.0 / bulk:5.1f} M/s (target >= 5)   "
            f"one call: {scalar * 1e6:5.2f} us (target <= 10)"
        )
    banked = best_of(lambda: motion.quaternion(times, "up", bank=True), repeat=3)
    print(f"  up, banked 10^6 sorted times: {1.0 / banked:5.1f} M/s")


def mopath_beside_ours():
    """Mopath on the loop preset as Panda3D's NURBS curve (one cubic Bezier is a NURBS with
    clamped knots), sampled at SAMPLES even times; ours on the same curve at even speed."""
    from direct.directutil.Mopath import Mopath
    from panda3d.core import LVecBase4, NodePath
    from panda3d.core import NurbsCurve as PandaNurbs

    points = np.array(TRAJECTORIES[1].points, dtype=float)
    curve = PandaNurbs()
    curve.set_order(4)
    for point in points:
        curve.append_cv(LVecBase4(*point, 1.0))
    for index, knot in enumerate([0, 0, 0, 0, 1, 1, 1, 1]):
        curve.set_knot(index, knot)
    curve.recompute()
    mopath = Mopath(objectToLoad=NodePath(curve))
    mopath.fFaceForward = 1
    node = NodePath("rider")
    times = np.linspace(0.0, mopath.getMaxT(), SAMPLES)

    def run_mopath():
        rotations = np.empty((SAMPLES, 4))
        for row, t in enumerate(times.tolist()):
            mopath.goTo(node, t)
            q = node.get_quat()
            rotations[row] = (q.get_r(), q.get_i(), q.get_j(), q.get_k())
        return rotations

    motion = Motion(TRAJECTORIES[1].curve(), VelocityCurve.constant(), DURATION)
    our_times = np.linspace(0.0, DURATION, SAMPLES)
    per_pose = best_of(run_mopath, repeat=3) / SAMPLES
    per_ours = best_of(lambda: [motion.pose(t, "up") for t in our_times.tolist()], repeat=3) / SAMPLES
    # The facing at the same points of the curve: Mopath's time is the curve's parameter.
    times[:] = motion.parameter(our_times) * mopath.getMaxT()
    theirs = run_mopath()
    print("== Beside Panda3D's Mopath (loop preset, 10^4 samples) ==")
    print(
        f"  time per pose: Mopath (goTo on a node) {per_pose * 1e6:6.1f} us, "
        f"ours (Motion.pose) {per_ours * 1e6:6.1f} us"
    )
    ours_up, ours_minimal = motion.quaternion(our_times, "up"), motion.quaternion(our_times)
    print(
        "  largest turn between consecutive samples, even in arc length: "
        f"Mopath {largest_turn(theirs):6.3f} deg, ours up {largest_turn(ours_up):6.3f} deg, "
        f"ours minimal {largest_turn(ours_minimal):6.3f} deg"
    )
    gap = np.degrees(2 * np.arccos(np.clip(np.abs(np.sum(theirs * ours_up, axis=1)), 0, 1))).max()
    print(f"  Mopath's lookAt against our up mode at the same points: at most {gap:.4f} deg apart (float32)")
    steps = np.linalg.norm(
        np.diff(
            np.array([mopath_point(mopath, t) for t in np.linspace(0, mopath.getMaxT(), SAMPLES)]), axis=0
        ),
        axis=1,
    )
    print(
        f"  Mopath's speed along the loop varies {steps.max() / steps.min():5.1f}x "
        "(it steps the parameter); ours is the velocity curve's"
    )


def spline_table():
    print("== The minimal frame's table of a 100-knot spline ==")
    knots = np.cumsum(np.random.default_rng(5).uniform(-1.0, 1.0, (sized(100, 8), 3)), axis=0)
    spline = Spline(knots)
    middle = len(knots) // 2
    edited = []  # the curves of a knot moved further each time, made before the clock runs
    for step in range(sized(30, 2)):
        copy = spline.copy()
        copy.move(middle, knots[middle] + (0.0, 0.001 * (step + 1), 0.0))
        edited.append(copy.geometry)
    transport.Transport(spline.geometry)  # its segments kept, as after the scene drew it

    def fresh():
        transport._stepped.clear()
        transport.Transport(spline.geometry)

    moved = iter(edited)
    cold = best_of(fresh, repeat=sized(5, 1))
    warm = best_of(lambda: transport.Transport(next(moved)), repeat=len(edited))
    print(f"  built with nothing kept {cold * 1e3:6.2f} ms;  after a knot moved {warm * 1e3:6.2f} ms")


def mopath_point(mopath, t):
    from panda3d.core import LPoint3f

    point = LPoint3f()
    mopath.xyzNurbsCurve.getPoint(t, point)
    return tuple(point)


if __name__ == "__main__":
    ours()
    spline_table()
    mopath_beside_ours()
