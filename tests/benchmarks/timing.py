"""The benchmarks' one way to time: the best of several repeats (the least disturbed by the rest
of the machine)."""

import time


def best_of(function, repeat=5, inner=1):
    """The shortest time (seconds) one call of ``function`` took, over ``repeat`` rounds of
    ``inner`` calls each."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(inner):
            function()
        best = min(best, (time.perf_counter() - start) / inner)
    return best
