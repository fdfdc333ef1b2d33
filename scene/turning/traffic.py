"""Keeping the turning mode's units apart in time, by the simplest honest rule: a unit given an
order waits where it is until its whole drive, from then on, keeps its footprint clear of every
other unit's at all times (their drives as already ordered, and where they stand after); an
order that no wait of up to ``MAX_WAIT`` seconds makes clear is refused. Every order obeys the
ones before it, so no two footprints ever overlap.

Drives are compared at ``SAMPLE_STEP`` apart with a ``MARGIN`` beyond the two footprints, more
than two units close in between samples (at 6 units per second each, 0.24).
"""

import numpy as np

MAX_WAIT = 10.0
"""The longest a unit waits for its way to clear (seconds)."""
SAMPLE_STEP = 0.02
"""Seconds between the times the drives are compared at."""
WAIT_STEP = 10 * SAMPLE_STEP
"""The waits tried: 0, then this much more each time (seconds; a whole number of samples)."""
MARGIN = 0.25
"""Ground units kept between two footprints beyond their radii (see above)."""


def track(path, started, rest, speed, times):
    """Where a unit is at ``times`` (n,): standing at ``rest`` without a ``path``, else at its
    start until ``started``, then along the path at ``speed``, then at its end; (n, 2)."""
    if path is None:
        return np.broadcast_to(np.asarray(rest[:2], dtype=float), (len(times), 2))
    return path.pose(np.maximum(times - started, 0.0) * speed)[:, :2]


def meets(drive, others, now):
    """The index of the first of ``others`` (drives as ``earliest_start`` takes them) that the
    ``drive`` (path, started, rest, speed, footprint) meets from ``now`` on, or None."""
    path, started, rest, speed, footprint = drive
    ends = [0.0 if d[0] is None else d[1] + d[0].length / d[3] for d in (drive, *others)]
    times = np.arange(now, max(now, *ends) + 2 * SAMPLE_STEP, SAMPLE_STEP)
    ours = track(path, started, rest, speed, times)
    for index, other in enumerate(others):
        gaps = np.hypot(*(track(*other[:4], times) - ours).T)
        if (gaps < footprint + other[4] + MARGIN).any():
            return index
    return None


def earliest_start(path, speed, footprint, now, others):
    """The least wait (seconds, a multiple of ``WAIT_STEP`` up to ``MAX_WAIT``) after ``now``
    before driving ``path`` at ``speed`` keeps a disc of ``footprint`` apart from each of
    ``others`` (``(path, started, rest, speed, footprint)`` per other unit) at all times;
    (the wait, None) or, when none does, (None, the index of the first other it would meet)."""
    if not others:
        return 0.0, None
    driving = path.length / speed  # seconds
    ends = [0.0 if other[0] is None else other[1] + other[0].length / other[3] for other in others]
    horizon = max(now + MAX_WAIT + driving, *ends) + SAMPLE_STEP
    times = np.arange(now, horizon + SAMPLE_STEP, SAMPLE_STEP)
    theirs = np.stack([track(*other[:4], times) for other in others])  # (k, n, 2)
    apart = np.array([footprint + other[4] + MARGIN for other in others])[:, None]
    driven = track(path, now, path.start, speed, times)  # leaving at once; a wait shifts it
    samples, per_wait = len(times), round(WAIT_STEP / SAMPLE_STEP)
    first = None
    for waited in range(0, round(MAX_WAIT / SAMPLE_STEP) + 1, per_wait):
        ours = driven[np.clip(np.arange(samples) - waited, 0, samples - 1)]
        gaps = np.hypot(*(theirs - ours[None]).transpose(2, 0, 1))  # (k, n)
        met = np.flatnonzero((gaps < apart).any(axis=1))
        if met.size == 0:
            return waited * SAMPLE_STEP, None
        first = int(met[0]) if first is None else first
    return None, first
