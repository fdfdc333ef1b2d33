"""The time-optimal jerk-limited drive along a line, in closed form: from speed v_start to v_end
(no acceleration at either end) over a length, under a top speed, acceleration, braking and
jerk limit (Ruckig's answer for one axis, without its search).

Such a drive speeds up to a peak speed and slows down from it, cruising there if it is the top
speed. Each change of speed from v0 to v1 with no acceleration at its ends is jerk, hold, jerk
(the hold left out where the acceleration limit is not reached), and its acceleration is
symmetric about its middle, so it covers (v0 + v1) / 2 times its duration. The peak is where the
two changes fill the length: one monotone equation in the peak's rise above the faster end
speed, solved by Newton's method in a bracket.

Scalar (Python float) in, scalar out: this is a per-order path, ``jerk_limited`` uses it where
the whole curve is such a line to the jerk-free drive (no bend binds).
"""

import math

from trajectory.timing.speed_limits import Binding

_NEWTON_STEPS = 60


def line_phases(length, limits, v_start=0.0, v_end=0.0):
    """The phases ((seconds, jerk, ``Binding``), ...) of the fastest drive over ``length`` from
    ``v_start`` to ``v_end`` under ``limits`` (a ``SpeedLimits`` with a jerk; its a_lat unused),
    no acceleration at either end; phases of no time left out.

    Raises:
        ValueError: If v_start cannot be braked to v_end, or v_end not reached, within the length
            directly. (Slowing below both first can cover less of it; that way is not taken.)
    """
    jerk = limits.jerk
    accel = math.inf if limits.accel is None else limits.accel
    brake = math.inf if limits.brake is None else limits.brake
    # Speeds are worked as changes from the end speeds, each as a float of its own: a peak a
    # hair above a fast end speed (a short line at speed) keeps its rise to full precision, where
    # the peak itself would round it (a rise of 6e-7 above 21 to 6e-9 of it).
    base = max(v_start, v_end)
    up_base, down_base = base - v_start, base - v_end
    if _covered(v_start, up_base, accel, jerk)[0] + _covered(v_end, down_base, brake, jerk)[0] > length:
        if v_start > v_end:
            raise ValueError(
                f"v_start = {v_start:g} is too fast to brake in time for what lies ahead with jerk = {jerk:g}"
            )
        reached = _root(lambda change: _covered(v_start, change, accel, jerk), length, 0.0, up_base)
        raise ValueError(
            f"v_end = {v_end:g} cannot be reached with jerk = {jerk:g} (at most {v_start + reached:.6g})"
        )
    up, down = limits.v_max - v_start, limits.v_max - v_end
    covered = _covered(v_start, up, accel, jerk)[0] + _covered(v_end, down, brake, jerk)[0]
    cruise = (length - covered) / limits.v_max
    if cruise < 0.0:
        cruise = 0.0
        rise = _root(
            lambda rise: _sum(
                _covered(v_start, up_base + rise, accel, jerk), _covered(v_end, down_base + rise, brake, jerk)
            ),
            length,
            0.0,
            limits.v_max - base,
        )
        up, down = up_base + rise, down_base + rise
    phases = _phases(up, 1.0, accel, jerk, Binding.ACCELERATING)
    phases.append((cruise, 0.0, Binding.CRUISING))
    phases += _phases(down, -1.0, brake, jerk, Binding.BRAKING)
    return [phase for phase in phases if phase[0] > 0.0]


def _covered(low, change, limit, jerk):
    """The distance covered by a change of speed of ``change`` (>= 0) between ``low`` and
    ``low + change`` either way (no acceleration at either end), the acceleration at most
    ``limit`` (inf for none), and its derivative by ``change``: the acceleration is symmetric
    about the change's middle, so it covers its mean speed times its duration."""
    if change >= limit * limit / jerk:
        duration, rate = change / limit + limit / jerk, 1.0 / limit
    else:
        ramp = math.sqrt(change / jerk)
        duration, rate = 2.0 * ramp, (1.0 / (jerk * ramp) if ramp > 0.0 else math.inf)
    mean = low + change / 2.0
    return mean * duration, duration / 2.0 + mean * rate


def _sum(first, second):
    return first[0] + second[0], first[1] + second[1]


def _root(distance, length, lo, hi):
    """The change of speed in [lo, hi] at which ``distance`` (a change's (distance, its
    derivative), increasing) is ``length``, given it is at least that at hi: Newton's method kept
    in the bracket."""
    x = hi
    for _ in range(_NEWTON_STEPS):
        covered, slope = distance(x)
        if covered > length:
            hi = x
        else:
            lo = x
        if abs(covered - length) <= 1e-15 * length or hi - lo <= 1e-16 * hi:
            break
        step = x - (covered - length) / slope if slope > 0.0 else math.nan
        x = step if lo < step < hi else (lo + hi) / 2.0
    return x


def _phases(change, sign, limit, jerk, hold):
    """The phases of a change of speed of ``change`` (>= 0), up (``sign`` 1) or down (-1): jerk,
    hold (binding ``hold``), jerk."""
    if change >= limit * limit / jerk:
        ramp, held = limit / jerk, change / limit - limit / jerk
    else:
        ramp, held = math.sqrt(change / jerk), 0.0
    return [(ramp, sign * jerk, Binding.JERK), (held, 0.0, hold), (ramp, -sign * jerk, Binding.JERK)]
