"""Benchmark of the trajectory core: speed and accuracy, ours beside the seed's and Panda3D's.

Run: ``python tests/benchmarks/bench_motion.py`` (add ``--quick`` for a shorter run). The curves here are
not used by the tests. References are independent: arc lengths come from mpmath's tanh-sinh
quadrature at 30 digits, split at the near-cusp and at the joints of composite curves.
"""

import argparse
import bisect
import math
import statistics
import sys
import time
from pathlib import Path

import mpmath
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.benchmarks.timing import best_of, sized
from trajectory import CubicBezier, Motion, PiecewiseBezier, VelocityCurve
from trajectory.playback import KeyframeSampler

mpmath.mp.dps = 30

CURVES = {
    "S-bend": [[0, 0, 0], [3, 4, 1], [-1, 4, -1], [2, 0, 2]],
    "near-cusp": [[0, 0, 0], [4, 3, 0], [0, 3, 0], [4, 0.002, 0]],
    "spline (8 points)": [
        [0, 0, 0],
        [2, 1, 1],
        [4, 0, 2],
        [5, 3, 1],
        [3, 5, 0],
        [0, 4, -1],
        [-1, 2, 0],
        [1, 1, 1],
    ],
}
VELOCITIES = {
    "ease in-out": (
        VelocityCurve.ease_in_out,
        lambda t: np.where(t < 0.5, 2 * t * t, -2 * t * t + 4 * t - 1),
    ),
    "sine ease": (lambda: VelocityCurve.sine_ease(0.3, 0.7), None),
}
DURATION = 4.0
CALLS = sized(20000, 10)
"""Scalar calls per timing."""
PLOT_SAMPLES = 400
"""Even times at which the scene's velocity plot measures the speed error (its ``SAMPLES``)."""


def make_curve(name):
    points = np.array(CURVES[name], dtype=float)
    return PiecewiseBezier.catmull_rom(points) if len(points) > 4 else CubicBezier(points)


# ----- independent references (mpmath) -------------------------------------------------------


def mp_speed(curve):
    """|Q'(u)| in mpmath from the Bernstein form of the curve's segments."""
    segments = [[[mpmath.mpf(float(c)) for c in p] for p in seg] for seg in curve.control_points]
    m = len(segments)

    def speed(u):
        k = min(int(u * m), m - 1)
        w = u * m - k
        p = segments[k]
        d = [
            m
            * (
                3 * (1 - w) ** 2 * (p[1][i] - p[0][i])
                + 6 * w * (1 - w) * (p[2][i] - p[1][i])
                + 3 * w * w * (p[3][i] - p[2][i])
            )
            for i in range(3)
        ]
        return mpmath.sqrt(d[0] ** 2 + d[1] ** 2 + d[2] ** 2)

    return speed


def mp_arc(curve, speed, a, b):
    """Arc length between parameters a < b, split at joints and at the slowest point."""
    fine = np.linspace(0, 1, 200001)
    slowest = float(fine[np.argmin(curve.speed(fine))])
    splits = sorted({a, b, slowest, *curve.breakpoints})
    points = [mpmath.mpf(x) for x in splits if a <= x <= b]
    return mpmath.quad(speed, points)


def sine_ease_reference(k1, k2):
    f = k1 * 2 / math.pi + k2 - k1 + (1 - k2) * 2 / math.pi

    def s(t):
        t = np.asarray(t, dtype=float)
        up = k1 * 2 / math.pi * (np.sin(t / k1 * math.pi / 2 - math.pi / 2) + 1)
        mid = k1 * 2 / math.pi + t - k1
        down = k1 * 2 / math.pi + k2 - k1 + (1 - k2) * 2 / math.pi * np.sin((t - k2) / (1 - k2) * math.pi / 2)
        return np.where(t < k1, up, np.where(t <= k2, mid, down)) / f

    return s


VELOCITIES["sine ease"] = (VELOCITIES["sine ease"][0], sine_ease_reference(0.3, 0.7))


def accuracy(motion, curve, intended, samples):
    """(length error, distance error, speed ripple) of ``motion`` against mpmath."""
    speed = mp_speed(curve)
    true_length = mp_arc(curve, speed, 0.0, 1.0)
    length_error = abs(float((mpmath.mpf(motion.length) - true_length) / true_length))
    times = np.linspace(0, DURATION, samples + 2)[1:-1]
    u = motion.parameter(times)
    s_intended = intended(times / DURATION)
    distance_error = max(
        abs(float(mp_arc(curve, speed, 0.0, float(ui)) / true_length) - float(si))
        for ui, si in zip(u, s_intended)
    )
    h = 1e-4 * DURATION
    mean_speed = float(true_length) / DURATION
    ripple = 0.0
    for t in times:
        lo, hi = float(motion.parameter(t - h)), float(motion.parameter(t + h))
        travelled = mp_arc(curve, speed, lo, hi) if hi > lo else -mp_arc(curve, speed, hi, lo)
        meant = (intended((t + h) / DURATION) - intended((t - h) / DURATION)) * true_length
        ripple = max(ripple, abs(float(travelled - meant)) / (2 * h) / mean_speed)
    return length_error, distance_error, ripple


# ----- the seed's algorithm, ported line by line to plain Python -----------------------------


class SeedLoop:
    """The seed's update(): tables at init, per query two binary searches and Q(u_k)."""

    def __init__(self, points, size=1000):
        self.p = [tuple(map(float, p)) for p in points]
        self.u = [i / size for i in range(size + 1)]
        self.times = list(self.u)  # T(u) = u
        self.dist = [2 * u * u if u < 0.5 else -2 * u * u + 4 * u - 1 for u in self.u]
        arc, previous = [0.0], self.q(0.0)
        for u in self.u[1:]:
            point = self.q(u)
            arc.append(arc[-1] + math.dist(point, previous))
            previous = point
        self.arc = [a / arc[-1] for a in arc]

    def q(self, u):
        v = 1 - u
        b = (v * v * v, 3 * u * v * v, 3 * u * u * v, u * u * u)
        return tuple(sum(b[i] * self.p[i][k] for i in range(4)) for k in range(3))

    @staticmethod
    def search(table, value, values):
        i = min(max(bisect.bisect_right(table, value) - 1, 0), len(table) - 2)
        w = (value - table[i]) / (table[i + 1] - table[i])
        return values[i] + w * (values[i + 1] - values[i])

    def position(self, t):
        s = self.search(self.times, t, self.dist)
        return self.q(self.search(self.arc, s, self.u))


# ----- measurements ----------------------------------------------------------------------------


def speed_section(quick):
    print("\n== Speed (one core; best of several runs) ==")
    points = CURVES["S-bend"]
    motion = Motion(CubicBezier(points), VelocityCurve.ease_in_out(), DURATION)
    times = np.linspace(0, DURATION, sized(10**6, 100))
    motion.position(times)
    batch = best_of(lambda: motion.position(times), 3 if quick else 7)
    print(
        f"Motion.position, 10^6 sorted times     {1e6 / batch / 1e6:8.1f} M positions/s "
        f"({batch * 1e3:.1f} ms)"
    )
    shuffled = np.random.default_rng(0).permutation(times)
    unsorted = best_of(lambda: motion.position(shuffled), 3)
    print(f"Motion.position, 10^6 shuffled times   {1e6 / unsorted / 1e6:8.1f} M positions/s")
    n_scalar = sized(20000 if quick else 100000, 10)
    scalar = best_of(lambda: [motion.position(1.2345) for _ in range(n_scalar)], 3) / n_scalar
    print(f"Motion.position, one scalar query      {scalar * 1e6:8.2f} us")

    seed = SeedLoop(points)
    few = np.linspace(0, 1, sized(20000, 10)).tolist()
    seed_time = best_of(lambda: [seed.position(t) for t in few], 3) / len(few)
    print(
        f"seed's loop in plain Python            {1 / seed_time / 1e6:8.3f} M positions/s "
        f"({seed_time * 1e6:.2f} us each)"
    )

    try:
        from panda3d.core import LPoint3f, NurbsCurve
    except ImportError:
        print("Panda3D find_length + get_point        (panda3d not installed)")
        panda_time = None
    else:
        nurbs = NurbsCurve()
        nurbs.set_order(4)
        for p in points:
            nurbs.append_cv(*p)
        for i, knot in enumerate([0, 0, 0, 0, 1, 1, 1, 1]):
            nurbs.set_knot(i, knot)
        nurbs.recompute()
        length = nurbs.calc_length()
        distances = (motion.distance(np.linspace(0, DURATION, sized(5000, 10))) * length).tolist()
        out = LPoint3f()

        def panda():
            for d in distances:
                nurbs.get_point(nurbs.find_length(0.0, d), out)

        panda_time = best_of(panda, 3) / len(distances)
        print(
            f"Panda3D find_length + get_point        {1 / panda_time / 1e6:8.3f} M positions/s "
            f"({panda_time * 1e6:.2f} us each)"
        )
        true = CubicBezier(points).length
        print(f"  (Panda3D's float32 length is off by {abs(length - true) / true:.1e} relative)")
    per_position = batch / 1e6
    print(f"batch speed-up: {seed_time / per_position:,.0f}x the seed's loop", end="")
    print(f", {panda_time / per_position:,.0f}x Panda3D" if panda_time else "")

    print("\nBuilding a Motion, median of 50 (ms): from scratch (new curve, new velocity curve) and")
    print("after dragging a control point (new curve, the velocity curve's table reused):")
    for name in CURVES:
        for velocity_name, (make_velocity, _) in VELOCITIES.items():
            kept = make_velocity()
            Motion(make_curve(name), kept, DURATION)
            scratch, drag = [], []
            for _ in range(sized(50, 1)):
                start = time.perf_counter()
                Motion(make_curve(name), make_velocity(), DURATION)
                middle = time.perf_counter()
                m = Motion(make_curve(name), kept, DURATION)
                drag.append(time.perf_counter() - middle)
                scratch.append(middle - start)
            pieces = m.trajectory.arc_length.table.pieces
            print(
                f"  {name:18s} {velocity_name:12s} scratch {statistics.median(scratch) * 1e3:5.2f}"
                f"   drag {statistics.median(drag) * 1e3:5.2f}   ({pieces} pieces)"
            )

    sampler = KeyframeSampler(motion, 0.1)
    frames = [i / 60 for i in range(240)]
    per_frame = best_of(lambda: [sampler.position(t) for t in frames], 5) / len(frames)
    print(f"\nKeyframeSampler.position per frame (60 Hz, keyframes every 0.1 s): {per_frame * 1e6:.2f} us")


def accuracy_section(quick):
    samples = sized(40 if quick else 150, 4)
    print(f"\n== Accuracy against mpmath ({samples} times per motion) ==")
    print("targets: length <= 1e-13, distance <= 1e-12, speed ripple <= 1e-9 (ours)")
    print("(the last column is Motion.speed_errors, what the scene's plot shows, for comparison)")
    print(
        f"{'curve':18s} {'velocity':12s} {'method':6s} {'length err':>11s} {'distance err':>13s} "
        f"{'speed ripple':>13s} {'plot shows':>11s}"
    )
    for name in CURVES:
        for velocity_name, (make_velocity, intended) in VELOCITIES.items():
            for method in ("exact", "chord"):
                curve = make_curve(name)
                motion = Motion(curve, make_velocity(), DURATION, method=method)
                length_error, distance_error, ripple = accuracy(motion, curve, intended, samples)
                fractions = np.linspace(0.0, 1.0, PLOT_SAMPLES)
                shown = float(np.abs(motion.speed_errors(fractions)[1:-1]).max())
                print(
                    f"{name:18s} {velocity_name:12s} {method:6s} {length_error:11.1e} "
                    f"{distance_error:13.1e} {ripple:13.1e} {shown:11.1e}"
                )


CSS_CURVES = {
    "CSS ease": (0.25, 0.1, 0.25, 1.0),
    "CSS ease-in-out": (0.42, 0.0, 0.58, 1.0),
    "CSS ease-in": (0.42, 0.0, 1.0, 1.0),
    "CSS ease-out": (0.0, 0.0, 0.58, 1.0),
    "(0.5, 1, 0.5, 1)": (0.5, 1.0, 0.5, 1.0),
    "(1, 0, 0, 1) cube root": (1.0, 0.0, 0.0, 1.0),
    "(1-1e-8, .2, 1e-8, .9)": (1 - 1e-8, 0.2, 1e-8, 0.9),
    "(0, 1, 1, 0) square roots": (0.0, 1.0, 1.0, 0.0),
}


def css_section(quick):
    """The CSS cubic-bezier timing s(t) against mpmath (50 digits), its exact ends, build and speed."""
    from tests.reference import css_distance_at_time

    samples = sized(60 if quick else 300, 12)
    print(f"\n== CSS cubic-bezier timing s(t) against mpmath at 50 digits ({samples} times each) ==")
    print("error: max |s - exact|; beyond: max of it less what 4 ulps of t change s by (target <= 1e-12)")
    rng = np.random.default_rng(1)
    times = np.sort(
        np.concatenate(
            [rng.random(samples - 8), [0.5, 0.5 - 1e-7, 0.5 + 1e-7, 1e-9, 1e-12, 1 - 1e-9, 0.0, 1.0]]
        )
    )
    print(f"{'curve':26s} {'error':>9s} {'beyond':>9s} {'build ms':>9s} {'M s(t)/s':>9s} {'scalar us':>9s}")
    for name, controls in CSS_CURVES.items():
        velocity = VelocityCurve.cubic_bezier(*controls)
        build = best_of(lambda c=controls: VelocityCurve.cubic_bezier(*c).timing, 5)
        ours = velocity.distance_at_time(times)
        error = beyond = 0.0
        for t, s in zip(times.tolist(), ours.tolist()):
            exact = css_distance_at_time(*controls, t)
            step = 4 * math.ulp(t)
            spread = max(abs(float(css_distance_at_time(*controls, t + k * step) - exact)) for k in (-1, 1))
            miss = abs(s - float(exact))
            error, beyond = max(error, miss), max(beyond, miss - spread)
        many = np.linspace(0, 1, sized(10**6, 10))
        bulk = best_of(lambda v=velocity, t=many: v.distance_at_time(t), 3)
        one = best_of(lambda v=velocity: [v.distance_at_time(0.3) for _ in range(CALLS)], 3) / CALLS
        print(
            f"{name:26s} {error:9.1e} {max(beyond, 0.0):9.1e} {build * 1e3:9.2f} {1 / bulk:9.1f} "
            f"{one * 1e6:9.2f}"
        )
    count, off = sized(535, 5), 0
    for x1, y1, x2, y2 in zip(
        rng.random(count), rng.uniform(-0.3, 1.3, count), rng.random(count), rng.uniform(-0.3, 1.3, count)
    ):
        try:
            velocity = VelocityCurve.cubic_bezier(x1, y1, x2, y2)
        except ValueError:
            continue
        off += velocity.distance_at_time(0.0) != 0.0 or velocity.distance_at_time(1.0) != 1.0
    print(f"random CSS curves whose s(0) or s(1) is not exactly 0 or 1: {off}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repeats and samples")
    parser.add_argument("--smoke", action="store_true", help="tiny sizes: only that it runs")
    args = parser.parse_args()
    speed_section(args.quick)
    css_section(args.quick)
    accuracy_section(args.quick)


if __name__ == "__main__":
    main()
