"""Game time and fixed ticks over an hour of frames: no tick lost or gained to float rounding."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trajectory import GameClock, SteeringFollowers, WaypointPath
from trajectory.crowds.game_clock import FLICKS_PER_SECOND

HOUR = 3600
TICK = Fraction(1, 120)


@pytest.mark.parametrize("rate", [30, 60, 144])
def test_an_hour_of_frames_runs_every_tick_exactly_when_due(rate):
    clock = GameClock(tick=1 / 120)
    dt = 1 / rate
    for k in range(1, HOUR * rate + 1):
        clock.advance(dt)
        assert clock.ticks == 120 * k // rate  # floor(k dt / tick), in exact rationals
    assert clock.ticks == 432_000 and clock.time == HOUR


@pytest.mark.parametrize("rate", [30, 60, 144])
def test_steering_followers_run_every_tick_of_an_hour(rate):
    followers = SteeringFollowers(WaypointPath([(0, 0), (100, 0)]))
    dt = 1 / rate
    for k in range(1, HOUR * rate + 1):
        followers.step(dt)
        if k % rate == 0:
            assert followers.ticks == 120 * k // rate
    assert followers.ticks == 432_000


@given(st.lists(st.integers(0, FLICKS_PER_SECOND // 10), max_size=200))
def test_frames_of_whole_flicks_give_the_exact_rational_count(flicks):
    clock = GameClock(tick=1 / 120)
    total = Fraction(0)
    for f in flicks:
        clock.advance(f / FLICKS_PER_SECOND)
        total += Fraction(f, FLICKS_PER_SECOND)
        assert clock.ticks == total // TICK
    assert clock.time == pytest.approx(float(total), abs=1e-15)


@given(st.lists(st.floats(0.0, 0.5), max_size=100))
def test_any_frame_times_keep_ticks_and_time_in_step(frames):
    clock = GameClock(tick=1 / 60)
    completed = sum(clock.advance(dt) for dt in frames)
    assert completed == clock.ticks
    assert clock.ticks * clock.tick <= clock.time + 1e-9 < (clock.ticks + 1) * clock.tick + 2e-9


def test_tiny_frames_are_not_lost_to_rounding():
    clock = GameClock(tick=1e-3)
    for _ in range(10_000):
        clock.advance(1e-10)  # a tenth of a flick each
    assert clock.time == pytest.approx(1e-6, rel=1e-12)
    clock.advance(1e-3 - 1e-6)
    assert clock.ticks == 1


def test_an_advance_over_its_bound_is_refused_and_changes_nothing():
    clock = GameClock(tick=0.25)
    with pytest.raises(ValueError, match="1 s of game time is 4 ticks of 0.25 s; at most 3"):
        clock.advance(1.0, max_ticks=3)
    assert clock.ticks == 0 and clock.time == 0.0
    assert clock.advance(1.0, max_ticks=4) == 4


@pytest.mark.parametrize("dt", [-1.0, float("nan"), float("inf"), "soon", None, True, 10**400])
def test_bad_frame_times_are_refused(dt):
    with pytest.raises(ValueError, match="dt must be a finite number of seconds"):
        GameClock(tick=0.1).advance(dt)


@pytest.mark.parametrize("tick", [0.0, -1.0, 1e-12, float("nan")])
def test_bad_ticks_are_refused(tick):
    with pytest.raises(ValueError, match="tick"):
        GameClock(tick=tick)
