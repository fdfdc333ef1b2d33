"""The spline editor's speed (issue 27's targets): a spline of 100 knots edited (a knot moved,
one inserted, one removed) and its tables made new, median ms; the target is <= 5 ms an edit.
Each edit's input is new (no table can be reused from an earlier edit of the same shape).

    python tests/benchmarks/bench_spline.py
"""

import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.benchmarks.timing import sized
from trajectory import Spline
from trajectory.curves.arclength import ArcLength


def edits(spline, kind, count):
    """Times (s) of ``count`` edits of ``kind`` with the tables made new after each."""
    times = []
    for k in range(count):
        began = time.perf_counter()
        middle = len(spline.knots) // 2
        if kind == "move":
            spline.move(middle, spline.knots[middle] + (0.013 * (k + 1), 0.0, 0.0))
        elif kind == "insert":  # the middle of a segment further along each time
            spline.insert((3 * k % (len(spline.knots) - 2) + 0.5) / (len(spline.knots) - 1))
        else:
            spline.remove(middle)
        assert spline.arc_length.length > 0.0
        times.append(time.perf_counter() - began)
    return times


def main():
    knots = sized(100, 8)
    rng = np.random.default_rng(0)
    spline = Spline(np.cumsum(rng.uniform(-3.0, 3.0, (knots, 3)), axis=0))
    spline.arc_length  # noqa: B018 - the first tables, before the edits
    count = sized(30, 2)
    print(f"== A spline of {knots} knots, one edit and its new tables (median of {count}) ==")
    for kind in ("move", "insert", "remove"):
        median = np.median(edits(spline, kind, count)) * 1e3
        print(f"  {kind:7s} {median:6.2f} ms   target <= 5 ms")
    began = time.perf_counter()
    ArcLength(spline.to_bezier())
    print(f"  (the whole table made anew: {(time.perf_counter() - began) * 1e3:6.2f} ms)")


if __name__ == "__main__":
    main()
