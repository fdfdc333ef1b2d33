"""Benchmark of live playback: many playheads stepped at once, and one per frame.

Run: ``python tests/benchmarks/bench_playback.py``. Targets: 10,000 playheads with 10 events each
in <= 1 ms a step; one scalar ``Playhead.advance`` + ``position`` in <= 10 us; one frame of a
``MotionInterval`` (its playhead moved, the node posed, events sent) in <= 50 us.
"""

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.benchmarks.timing import best_of, sized
from trajectory import CubicBezier, Motion, Playhead, Playheads, VelocityCurve

CURVE = CubicBezier([[0, 0, 0], [3, 4, 1], [-1, 4, -1], [2, 0, 2]])
EVENTS = [(s, f"event {k}") for k, s in enumerate(np.linspace(0.05, 0.95, 10))]


def many():
    motion = Motion(CURVE, VelocityCurve.ease_in_out(), 6.0)
    print("== Playheads.advance, 10,000 on one motion, 10 events (target <= 1 ms a step) ==")
    count = sized(10_000)
    for loop in ("loop", "pingpong", "once"):
        heads = Playheads(motion, count, loop=loop, events=EVENTS)
        heads.seek(np.random.default_rng(0).uniform(0, 6.0, count))
        heads.set_rates(np.random.default_rng(1).uniform(0.5, 2.0, count))
        step = best_of(lambda h=heads: h.advance(1 / 60), repeat=5, inner=20)
        print(f"  {loop:9s} one 1/60 s step: {step * 1e3:6.3f} ms")


def one():
    motion = Motion(CURVE, VelocityCurve.ease_in_out(), 6.0)
    head = Playhead(motion, loop="loop", events=EVENTS)

    def frame():
        head.advance(1 / 60)
        return head.position

    per_frame = best_of(frame, repeat=5, inner=3_000)
    print("== One Playhead per frame (target <= 10 us) ==")
    print(f"  advance(1/60) + position, averaged over laps (events included): {per_frame * 1e6:6.2f} us")


def interval():
    from panda3d.core import ClockObject, NodePath

    from scene import MotionInterval

    motion = Motion(CURVE, VelocityCurve.ease_in_out(), 6.0)
    clock = ClockObject.get_global_clock()
    clock.set_mode(ClockObject.M_slave)
    print("== One MotionInterval frame: playhead, pose on a node, events (target <= 50 us) ==")
    for label, options in (
        ("up", {}),
        ("up, banked", {"bank": True}),
        ("minimal", {"orientation": "minimal"}),
    ):
        played = MotionInterval(NodePath("glider"), motion, events=EVENTS, **options)
        played.loop()
        frames = iter(range(1, 10**9))

        def frame(played=played, frames=frames):
            clock.set_frame_time(next(frames) / 60)
            played.stepPlay()

        print(f"  {label:11s}: {best_of(frame, repeat=5, inner=2_000) * 1e6:6.2f} us")
        played.pause()


if __name__ == "__main__":
    many()
    one()
    interval()
