"""Benchmark of Motion.fastest: how long it takes to build on each of the scene's preset curves
(target <= 20 ms, aim 5 ms: it is rebuilt while a point is dragged), jerk-limited and not; the
jerk-limited build on the README's road beside the jerk-free one (target <= 3x); a straight
line's jerk-limited drive (``jerk_line.line_phases``, target <= 50 us) beside Ruckig's; and how
fast its queries run beside an ordinary Motion's.

Run: ``python tests/benchmarks/bench_fastest.py`` (the coaster preset needs Panda3D to load).
"""

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from scene.curves.presets import DRIVE_LIMITS, TRAJECTORIES
from tests.benchmarks.timing import best_of, sized
from trajectory import CubicBezier, Motion, VelocityCurve
from trajectory.timing.jerk_line import line_phases
from trajectory.timing.speed_limits import SpeedLimits

LIMIT_SETS = {
    "car (jerk 8)": DRIVE_LIMITS,
    "no jerk limit": {**DRIVE_LIMITS, "jerk": None},
    "no accel/brake": {**DRIVE_LIMITS, "accel": None, "brake": None, "jerk": None},
}
ROAD = CubicBezier([[-60, -20, 0], [-20, 70, 0], [20, -70, 0], [60, 20, 0]])  # examples/fastest_car.py
ROAD_CAR = {"v_max": 30.0, "a_lat": 8.0, "accel": 4.0, "brake": 7.0}
ROAD_JERKS = (1.0, 3.0, 10.0, 30.0, 100.0, 1000.0)
"""m/s³: a comfortable car's 1 to 3, a sporty one's 10, and on to where the jerk hardly binds."""
JERK_TARGET = 3.0
LINE_TARGET_US = 50.0
LINE_LIMITS = SpeedLimits(v_max=10.0, accel=5.0, brake=4.0, jerk=20.0)
LINES = {
    "30 units from rest to rest (cruises)": (30.0, 0.0, 0.0),
    "3 units, 1 -> 0.5 units/s (a peak found)": (3.0, 1.0, 0.5),
}
BUILD_TARGET_MS, BUILD_AIM_MS = 20.0, 5.0
BULK = sized(100_000)


def build_times():
    print(f"build (best of 5, ms; target <= {BUILD_TARGET_MS:g}, aim {BUILD_AIM_MS:g}):")
    print(f"{'curve':42s}" + "".join(f"{name:>16s}" for name in LIMIT_SETS) + "   duration  stretches")
    worst = 0.0
    for preset in TRAJECTORIES[: sized(len(TRAJECTORIES), 1)]:
        try:
            curve = preset.curve()
        except ImportError as error:  # the coaster without Panda3D
            print(f"{preset.name:42s} skipped: {error}")
            continue
        curve.curvature(0.5)  # tables built once, as in the scene
        row = []
        for limits in LIMIT_SETS.values():
            seconds = best_of(lambda curve=curve, limits=limits: Motion.fastest(curve, **limits), repeat=5)
            worst = max(worst, seconds)
            row.append(f"{seconds * 1e3:16.1f}")
        motion = Motion.fastest(curve, **DRIVE_LIMITS)
        print(
            f"{preset.name:42s}"
            + "".join(row)
            + f"   {motion.duration:8.3f}  {len(motion.velocity.stretches):9d}"
        )
    verdict = "meets" if worst * 1e3 <= BUILD_TARGET_MS else "MISSES"
    print(f"slowest build {worst * 1e3:.1f} ms: {verdict} the {BUILD_TARGET_MS:g} ms target\n")


def jerk_on_the_road():
    """The README road's car, jerk-limited against jerk-free, built in the same run."""
    ROAD.curvature(0.5)
    free = best_of(lambda: Motion.fastest(ROAD, **ROAD_CAR), repeat=7)
    free_duration = Motion.fastest(ROAD, **ROAD_CAR).duration
    print(f"the README road (examples/fastest_car.py), best of 7: jerk-free build {free * 1e3:.1f} ms")
    print(f"{'jerk (m/s^3)':>14s}{'build (ms)':>12s}{'x jerk-free':>13s}{'duration +%':>13s}{'phases':>8s}")
    for jerk in ROAD_JERKS[: sized(len(ROAD_JERKS), 2)]:
        seconds = best_of(lambda jerk=jerk: Motion.fastest(ROAD, **ROAD_CAR, jerk=jerk), repeat=7)
        motion = Motion.fastest(ROAD, **ROAD_CAR, jerk=jerk)
        ratio = seconds / free
        verdict = "" if ratio <= JERK_TARGET else f"  over the {JERK_TARGET:g}x target"
        print(
            f"{jerk:14g}{seconds * 1e3:12.1f}{ratio:13.2f}{(motion.duration / free_duration - 1) * 100:13.3f}"
            f"{len(motion.velocity.stretches):8d}{verdict}"
        )
    print()


def line_profile():
    """A straight line's jerk-limited drive: the closed form beside Ruckig (one axis, the same
    start and end, when it is installed), and Motion.fastest on a line beside its jerk-free build."""
    try:
        import ruckig
    except ImportError:
        ruckig = None
    print(f"a straight line's drive (best of 7 x 200, us; target <= {LINE_TARGET_US:g}):")
    print(f"{'line':44s}{'line_phases':>12s}{'Ruckig':>10s}")
    for label, (length, v_start, v_end) in LINES.items():
        ours = best_of(lambda case=(length, v_start, v_end): _line_drive(*case), repeat=7, inner=200) * 1e6
        theirs = "-"
        if ruckig is not None:
            start = ruckig.InputParameter(1)
            start.current_position, start.current_velocity, start.current_acceleration = (
                [0.0],
                [v_start],
                [0.0],
            )
            start.target_position, start.target_velocity, start.target_acceleration = [length], [v_end], [0.0]
            start.max_velocity, start.max_acceleration = [LINE_LIMITS.v_max], [LINE_LIMITS.accel]
            start.max_jerk, start.min_acceleration = [LINE_LIMITS.jerk], [-LINE_LIMITS.brake]
            solver, trajectory = ruckig.Ruckig(1), ruckig.Trajectory(1)
            seconds = best_of(
                lambda solver=solver, start=start, trajectory=trajectory: solver.calculate(start, trajectory),
                repeat=7,
                inner=200,
            )
            theirs = f"{seconds * 1e6:10.1f}"
        verdict = "" if ours <= LINE_TARGET_US else f"  over the {LINE_TARGET_US:g} us target"
        print(f"{label:44s}{ours:12.1f}{theirs:>10s}{verdict}")
    line = CubicBezier([[0, 0, 0], [10, 0, 0], [20, 0, 0], [30, 0, 0]])
    line.curvature(0.5)
    limits = {"v_max": 10.0, "accel": 5.0, "brake": 4.0}
    jerk = best_of(lambda: Motion.fastest(line, **limits, jerk=20.0), repeat=7) * 1e3
    free = best_of(lambda: Motion.fastest(line, **limits), repeat=7) * 1e3
    print(f"Motion.fastest on that line: jerk 20 {jerk:.2f} ms, jerk-free {free:.2f} ms\n")


def _line_drive(length, v_start, v_end):
    return line_phases(length, LINE_LIMITS, v_start, v_end)


def query_times():
    print("queries on the S-bend (best of 5): the fastest motion beside an ordinary one of the same duration")
    curve = TRAJECTORIES[0].curve()
    fastest = Motion.fastest(curve, **DRIVE_LIMITS)
    ordinary = Motion(curve, VelocityCurve.ease_in_out(), fastest.duration)
    times = np.random.default_rng(1).uniform(0.0, fastest.duration, BULK)
    print(f"{'query':36s}{'fastest':>12s}{'ordinary':>12s}")
    for label, call, inner in (
        ("position, one float (us)", lambda m: m.position(1.234), 2000),
        ("speed, one float (us)", lambda m: m.speed(1.234), 2000),
        (f"position, {BULK} times (ms)", lambda m: m.position(times), 1),
        (f"speed, {BULK} times (ms)", lambda m: m.speed(times), 1),
    ):
        scale = 1e6 if "us" in label else 1e3
        figures = [
            best_of(lambda m=m, call=call: call(m), repeat=5, inner=inner) * scale
            for m in (fastest, ordinary)
        ]
        print(f"{label:36s}{figures[0]:12.2f}{figures[1]:12.2f}")


if __name__ == "__main__":
    build_times()
    jerk_on_the_road()
    line_profile()
    query_times()
