"""jerk_line.line_phases: the closed-form jerk-limited drive along a line, against Ruckig (start
and end speeds, no acceleration at either end), its phases integrated exactly, and the lengths
too short for it refused by name (only where Ruckig's answer first slows below both end speeds,
or backs up: such a dip is not taken)."""

import math

import pytest
import ruckig
from hypothesis import example, given, settings
from hypothesis import strategies as st

from trajectory.timing.jerk_line import line_phases
from trajectory.timing.speed_limits import Binding, SpeedLimits


def _ruckig(length, limits, v_start, v_end):
    """Ruckig's time-optimal duration for one axis, and its lowest speed (below 0: it backs up).
    Where Ruckig's own first step fails (a length exactly where the limits tie: 1 - 1e-16 at
    v_max 1, accel, brake and jerk 0.5), it is asked for a length 1e-12 longer."""
    try:
        return _ruckig_once(length, limits, v_start, v_end)
    except ruckig.RuckigError:
        return _ruckig_once(length * (1.0 + 1e-12), limits, v_start, v_end)


def _ruckig_once(length, limits, v_start, v_end):
    start = ruckig.InputParameter(1)
    start.current_position, start.current_velocity, start.current_acceleration = [0.0], [v_start], [0.0]
    start.target_position, start.target_velocity, start.target_acceleration = [length], [v_end], [0.0]
    start.max_velocity, start.max_acceleration, start.max_jerk = [limits.v_max], [limits.accel], [limits.jerk]
    start.min_acceleration = [-limits.brake]
    trajectory = ruckig.Trajectory(1)
    assert ruckig.Ruckig(1).calculate(start, trajectory) == ruckig.Result.Working
    lowest = min(trajectory.at_time(trajectory.duration * k / 2000)[1][0] for k in range(2001))
    return trajectory.duration, lowest


def _integrated(phases, v_start):
    """Distance, speed and acceleration at the end, the top speed and the extreme accelerations."""
    s, v, a = 0.0, v_start, 0.0
    top, least, most = v, 0.0, 0.0
    for seconds, jerk, _ in phases:
        s, v, a = (
            s + seconds * (v + seconds * (a / 2 + jerk * seconds / 6)),
            v + seconds * (a + jerk * seconds / 2),
            a + jerk * seconds,
        )
        top, least, most = max(top, v), min(least, a), max(most, a)
    return s, v, a, top, least, most


@settings(max_examples=300, deadline=None)
@example(length=0.9999999999999998, v_max=1.0, accel=0.5, brake=0.5, jerk=0.5, start=0.0, end=0.0)
@example(length=1.0, v_max=1.25, accel=2.0, brake=1.0, jerk=2.0, start=0.025, end=1.0)  # Ruckig dips
# A short line at speed: a peak 6e-7 above 21 (rounded as a speed, the duration missed by 1.4e-9)
@example(length=math.exp(-2.75), v_max=28.0, accel=1.0, brake=1.0, jerk=1.0, start=0.75, end=0.75)
@given(
    length=st.floats(math.log(0.05), math.log(500.0)).map(math.exp),
    v_max=st.floats(0.5, 40.0),
    accel=st.floats(0.5, 10.0),
    brake=st.floats(0.5, 10.0),
    jerk=st.floats(0.5, 200.0),
    start=st.floats(0.0, 1.0) | st.just(0.0),
    end=st.floats(0.0, 1.0) | st.just(0.0),
)
def test_a_line_takes_ruckigs_time_or_is_refused_where_ruckig_backs_up(
    length, v_max, accel, brake, jerk, start, end
):
    """Duration to 1e-9 of Ruckig's (7e-14 measured on 1,815 lines); every limit kept and the
    end state reached to 1e-9; a refusal only where Ruckig's fastest way dips below both end
    speeds (a length too short to change speed directly: slowing first covers less of it)."""
    limits = SpeedLimits(v_max=v_max, accel=accel, brake=brake, jerk=jerk)
    v_start, v_end = start * v_max, end * v_max
    expected, lowest = _ruckig(length, limits, v_start, v_end)
    try:
        phases = line_phases(length, limits, v_start, v_end)
    except ValueError as error:
        dips = lowest < min(v_start, v_end) - 1e-9 * v_max
        assert dips, f"refused ({error}) though Ruckig's drive never slows below both end speeds"
        return
    assert sum(seconds for seconds, _, _ in phases) == pytest.approx(expected, rel=1e-9)
    s, v, a, top, least, most = _integrated(phases, v_start)
    assert s == pytest.approx(length, rel=1e-9)
    assert v == pytest.approx(v_end, abs=1e-9 * v_max) and a == pytest.approx(
        0.0, abs=1e-9 * max(accel, brake)
    )
    assert top <= v_max * (1 + 1e-12) and most <= accel * (1 + 1e-12) and -least <= brake * (1 + 1e-12)


def test_the_textbook_seven_phases():
    """30 units, v_max 10, accel 5, brake 4, jerk 20: jerk up 0.25 s, hold 1.75 s, down 0.25 s,
    cruise 0.525 s, jerk down 0.2 s, hold 2.3 s, up 0.2 s."""
    phases = line_phases(30.0, SpeedLimits(v_max=10.0, accel=5.0, brake=4.0, jerk=20.0))
    assert [seconds for seconds, _, _ in phases] == pytest.approx([0.25, 1.75, 0.25, 0.525, 0.2, 2.3, 0.2])
    assert [jerk for _, jerk, _ in phases] == [20.0, 0.0, -20.0, 0.0, -20.0, 0.0, 20.0]
    assert [binding for _, _, binding in phases] == [Binding.JERK, Binding.ACCELERATING, Binding.JERK] + [
        Binding.CRUISING,
        Binding.JERK,
        Binding.BRAKING,
        Binding.JERK,
    ]


@pytest.mark.parametrize(
    ("length", "v_start", "v_end", "message"),
    [
        (1.0, 9.0, 0.0, "v_start = 9 is too fast to brake in time"),
        # v^2 / 2A + v A / 2J = 1 (the hold reached: v >= A^2 / J = 1.25): v = 2.598
        (1.0, 0.0, 9.0, r"v_end = 9 cannot be reached with jerk = 20 \(at most 2.598"),
    ],
)
def test_a_line_too_short_is_refused_by_name(length, v_start, v_end, message):
    with pytest.raises(ValueError, match=message):
        line_phases(length, SpeedLimits(v_max=10.0, accel=5.0, brake=4.0, jerk=20.0), v_start, v_end)
