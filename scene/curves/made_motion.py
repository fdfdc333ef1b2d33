"""What the motions made from the curve itself share (the car's drive, ``drive``; the train's
roll, ``roll``): a speed that Up / Down step through a list, and the motion timed by the method
the user chose."""

from trajectory import Motion


def stepped(values, current, step):
    """The value of ``values`` (ascending) ``step`` places (+1 or -1) from the one nearest
    ``current``, held at either end."""
    index = min(range(len(values)), key=lambda i: abs(values[i] - current))
    return values[min(max(index + step, 0), len(values) - 1)]


def timed_by(motion, method):
    """``motion`` (exact), or its velocity curve replayed by ``method`` (the seed's chord tables
    time it the seed's way)."""
    if method == "exact":
        return motion
    return Motion(motion.trajectory, motion.velocity, motion.duration, method=method)
