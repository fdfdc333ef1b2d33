"""The run clock of the curves mode (no window needed)."""

import pytest

from scene.run_clock import RunClock


def test_the_clock_runs_rests_at_the_end_and_starts_again():
    clock = RunClock(duration=2.0, hold=0.5)
    clock.tick(1.5)
    assert clock.time == 1.5 and clock.fraction == pytest.approx(0.75)
    clock.tick(0.75)  # into the rest: the time stays at the end
    assert clock.time == 2.0 and clock.fraction == 1.0
    clock.tick(0.5)  # past the rest: a new run
    assert clock.elapsed == 0.0


def test_a_paused_clock_stands_still_and_restart_goes_back():
    clock = RunClock(duration=2.0, hold=0.5)
    clock.tick(1.0)
    clock.toggle_pause()
    clock.tick(1.0)
    assert clock.time == 1.0
    clock.toggle_pause()
    clock.tick(0.25)
    assert clock.time == 1.25
    clock.restart()
    assert clock.time == 0.0 and not clock.paused
