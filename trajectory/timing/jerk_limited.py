"""The fastest jerk-limited drive along a curve: ``Motion.fastest(..., jerk=)``.

The drive's acceleration changes at most at the jerk J, so it is continuous; its jerk is +J, 0 or
-J, so its distance is a cubic in time between switches, held exactly in the timing table
(``phase_table``). It keeps under the jerk-free fastest motion's v² (``jerk_cap``), so it keeps
every limit that one keeps and is never faster; and within the acceleration and braking limits
by construction. Where no bend binds (the cap speeds up, cruises and slows down once each) it is
the time-optimal drive in closed form (``jerk_line``), Ruckig's; elsewhere the greedy drive
(``jerk_drive``).
"""

import math

import numpy as np

from trajectory._numerics import inverse_fit
from trajectory.timing.jerk_cap import Cap
from trajectory.timing.jerk_drive import Drive, advanced
from trajectory.timing.jerk_line import line_phases
from trajectory.timing.speed_limits import Binding
from trajectory.timing.speed_profile import SpeedProfile

_LINE_ORDER = {int(Binding.ACCELERATING): 0, int(Binding.CRUISING): 1, int(Binding.BRAKING): 2}
"""The order of a line's cap pieces (``_is_line``)."""
_SHORTEST = 1e-12
"""Phases shorter than this share of the drive are left out: the timing table cannot place a
time inside one (its ends a few roundings of the clock apart), and what they change is below
rounding too."""
UNRESOLVED_RAMPS = 1e-9
"""Where the drive's longest acceleration ramp (the cap's steepest acceleration over the jerk)
lasts less than this share of the time the curve takes at the top speed, the ramps are below
what the drive's margins (1e-12 of the length) resolve: the drive is the jerk-free one to that
share (``jerk_limited_phases`` gives None)."""


def jerk_limited_phases(curve, limits, v_start, v_end):
    """The drive's phases along ``curve``: a list of (seconds, jerk, ``Binding``), from speed
    ``v_start`` and no acceleration; None where its ramps are too short to resolve
    (``UNRESOLVED_RAMPS``).

    Raises:
        ValueError: If v_start is too fast to stop in time, or v_end cannot be reached, with
            this jerk (and as for the jerk-free fastest motion).
    """
    profile = SpeedProfile(curve, limits, v_start, v_end)
    cap = Cap.of(profile, v_end)
    ramp = float(np.abs(cap.slopes).max(initial=0.0)) / limits.jerk
    crossing = profile.length / math.sqrt(max(float(cap.w.max()), 1e-300))
    if ramp < UNRESOLVED_RAMPS * crossing:
        return None
    if _is_line(cap):
        phases = line_phases(profile.length, limits, v_start, v_end)
    else:
        phases = _greedy_phases(cap, profile.length, limits, v_start, v_end)
    total = _duration(phases)
    return [phase for phase in phases if phase[0] > _SHORTEST * total]


def _greedy_phases(cap, length, limits, v_start, v_end):
    """The greedy drive's phases; from the first valley before a fall it braked through, also
    the other way there (easing into a lower floor), the faster of the two."""
    drive = Drive(cap, length, limits, lower_before_falls=False)
    phases = drive.run(v_start, v_end)
    if drive.branch is None:
        return phases
    state, before, refused, floors = drive.branch
    other = Drive(cap, length, limits, lower_before_falls=True)
    other.margins.refused, other.margins.floors = refused, floors
    return min(phases, other.drive_from(state, before, v_end), key=_duration)


def _duration(phases):
    return sum(seconds for seconds, _, _ in phases)


def _is_line(cap):
    """Whether ``cap`` is a line's: speeding up, cruising, slowing down, each at most once and in
    that order (no bend binds). The drive under it is then ``jerk_line``'s, in closed form."""
    order = [_LINE_ORDER.get(binding, -1) for binding in cap.bindings.tolist()]
    return min(order) >= 0 and order == sorted(order)


def phase_table(phases, v_start, length):
    """The drive's s(t) as the rows ``inverse_fit.normalised_table`` takes: widths (seconds,
    (n,)) and, per phase, the arc-length fraction's coefficients in its local coordinate
    z in [-1, 1] (n, DEGREE + 1); and the start time and fraction of each phase."""
    widths = np.array([phase[0] for phase in phases])
    jerks = np.array([phase[1] for phase in phases])
    s, v, a = _states(widths, jerks, v_start)
    h = widths / 2.0  # t = h (z + 1)
    c = np.zeros((widths.size, inverse_fit.DEGREE + 1))
    # s0 + v0 t + a0 t²/2 + j t³/6 with t = h (1 + z), in powers of z.
    q1, q2, q3 = v * h, a * h * h / 2.0, jerks * h**3 / 6.0
    c[:, 0] = s + q1 + q2 + q3
    c[:, 1] = q1 + 2.0 * q2 + 3.0 * q3
    c[:, 2] = q2 + 3.0 * q3
    c[:, 3] = q3
    return widths, c / length, np.cumsum(widths) - widths, s / length


def _states(widths, jerks, v_start):
    """Distance, speed and acceleration at each phase's start (n,) each."""
    s, v, a = np.zeros(widths.size), np.zeros(widths.size), np.zeros(widths.size)
    state = (0.0, v_start, 0.0)
    for i, (dt, jerk) in enumerate(zip(widths.tolist(), jerks.tolist())):
        s[i], v[i], a[i] = state
        state = advanced(state, dt, jerk)
    return s, v, a
