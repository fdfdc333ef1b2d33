"""The benchmarks' one way to time: the best of several repeats (the least disturbed by the rest
of the machine); and their quick form, ``--smoke`` (the test suite runs every script so, to prove
that it still runs: every size tiny, one repeat, the figures meaningless)."""

import sys
import time

SMOKE = "--smoke" in sys.argv
if SMOKE:
    print("(a smoke run: tiny sizes, one repeat; the figures below mean nothing)")


def sized(full, smoke=2):
    """``full``, or ``smoke`` in a smoke run."""
    return smoke if SMOKE else full


def best_of(function, repeat=5, inner=1):
    """The shortest time (seconds) one call of ``function`` took, over ``repeat`` rounds of
    ``inner`` calls each (one of one in a smoke run)."""
    if SMOKE:
        repeat = inner = 1
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(inner):
            function()
        best = min(best, (time.perf_counter() - start) / inner)
    return best


def median_ms(function, repeat):
    """The median time (milliseconds) of ``repeat`` calls of ``function``."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    times.sort()
    middle = len(times) // 2
    return (times[middle] if len(times) % 2 else (times[middle - 1] + times[middle]) / 2) * 1e3
