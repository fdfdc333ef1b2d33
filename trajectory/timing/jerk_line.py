"""The time-optimal jerk-limited drive along a line, in closed form: from speed v_start to v_end
(no acceleration at either end) over a length, under a top speed, acceleration, braking and
jerk limit (Ruckig's answer for one axis, without its search).

Such a drive speeds up to a peak speed and slows down from it, cruising there if it is the top
speed. Each change of speed from v0 to v1 with no acceleration at its ends is jerk, hold, jerk
(the hold left out where the acceleration limit is not reached), and its acceleration is
symmetric about its middle, so it covers (v0 + v1) / 2 times its duration. The peak is where the
two changes fill the length: one monotone equation, solved by Newton's method in a bracket.

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
    peak = max(v_start, v_end)
    if _change(v_start, peak, accel, jerk)[0] + _change(peak, v_end, brake, jerk)[0] > length:
        if v_start > v_end:
            raise ValueError(
                f"v_start = {v_start:g} is too fast to brake in time for what lies ahead with jerk = {jerk:g}"
            )
        reached = _peak(lambda v: _change(v_start, v, accel, jerk), length, v_start, v_end)
        raise ValueError(f"v_end = {v_end:g} cannot be reached with jerk = {jerk:g} (at most {reached:.6g})")
    up, down = _change(v_start, limits.v_max, accel, jerk), _change(limits.v_max, v_end, brake, jerk)
    cruise, peak = (length - up[0] - down[0]) / limits.v_max, limits.v_max
    if cruise < 0.0:
        cruise = 0.0
        peak = _peak(
            lambda v: _sum(_change(v_start, v, accel, jerk), _change(v, v_end, brake, jerk)),
            length,
            max(v_start, v_end),
            limits.v_max,
        )
    phases = _phases(v_start, peak, accel, jerk, Binding.ACCELERATING)
    phases.append((cruise, 0.0, Binding.CRUISING))
    phases += _phases(peak, v_end, brake, jerk, Binding.BRAKING)
    return [phase for phase in phases if phase[0] > 0.0]


def _change(v0, v1, limit, jerk):
    """The distance covered changing speed from v0 to v1 (no acceleration at either end) with
    the acceleration at most ``limit`` (inf for none), and its derivative by v1 (by |v1 - v0|)."""
    change = abs(v1 - v0)
    if change >= limit * limit / jerk:
        duration, rate = change / limit + limit / jerk, 1.0 / limit
    else:
        ramp = math.sqrt(change / jerk)
        duration, rate = 2.0 * ramp, (1.0 / (jerk * ramp) if ramp > 0.0 else math.inf)
    mean = (v0 + v1) / 2.0
    return mean * duration, duration / 2.0 + mean * rate


def _sum(first, second):
    return first[0] + second[0], first[1] + second[1]


def _peak(distance, length, lo, hi):
    """The speed in [lo, hi] at which ``distance`` (a speed's (distance, its derivative),
    increasing) is ``length``, given it is at least that at hi: Newton's method kept in the bracket."""
    v = hi
    for _ in range(_NEWTON_STEPS):
        covered, slope = distance(v)
        if covered > length:
            hi = v
        else:
            lo = v
        if abs(covered - length) <= 1e-15 * length or hi - lo <= 1e-16 * hi:
            break
        step = v - (covered - length) / slope if slope > 0.0 else math.nan
        v = step if lo < step < hi else (lo + hi) / 2.0
    return v


def _phases(v0, v1, limit, jerk, hold):
    """The phases of a change from v0 to v1: jerk, hold (binding ``hold``), jerk."""
    change = abs(v1 - v0)
    sign = 1.0 if v1 >= v0 else -1.0
    if change >= limit * limit / jerk:
        ramp, held = limit / jerk, change / limit - limit / jerk
    else:
        ramp, held = math.sqrt(change / jerk), 0.0
    return [(ramp, sign * jerk, Binding.JERK), (held, 0.0, hold), (ramp, -sign * jerk, Binding.JERK)]
