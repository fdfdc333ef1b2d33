"""Game time summed exactly, and fixed ticks counted in whole numbers.

A float sum of frame times drifts: after an hour at 144 Hz, 518,400 additions of 1/144 fall short of
3600 s by enough to lose a tick of 1/120 s, and a game then differs with the frame rate. Here the
frame times are added exactly (each float is a binary fraction n / 2^k, and the sum is kept as an
integer over the largest 2^k seen), and the sum is counted in flicks, 1/705,600,000 s: the unit in
which a frame at every common rate (24, 25, 30, 48, 50, 60, 90, 100, 120, 144 Hz ...) and the tick
are whole numbers. So an hour of 1/144 s frames is exactly 3600 s, and holds exactly 432,000 ticks of 1/120 s.

>>> clock = GameClock(tick=1 / 120)
>>> sum(clock.advance(1 / 144) for _ in range(144 * 60))  # a minute at 144 Hz
7200
>>> clock.time, clock.ticks
(60.0, 7200)
"""

import math

FLICKS_PER_SECOND = 705_600_000
"""The flick: a unit of time in which the frames of common frame rates are whole numbers."""


class GameClock:
    """Game time, advanced by frame times of any size, and the fixed ticks it has completed.

    Args:
        tick: Seconds per tick (rounded to a whole number of flicks), or None to keep only the time.

    Raises:
        ValueError: If the tick is not a positive finite number of at least one flick.
    """

    def __repr__(self):
        tick = "no tick" if self.tick is None else f"tick {self.tick:g} s"
        return f"GameClock({tick}, {self.ticks} ticks run)"

    def __init__(self, tick=None):
        self._numerator, self._denominator = 0, 1  # the exact time in seconds, as a binary fraction
        self._tick_flicks = None
        self.ticks = 0
        """Whole ticks completed so far."""
        if tick is not None:
            flicks = _flicks(*_seconds(tick, "tick"))
            if flicks < 1:
                raise ValueError(f"tick must be at least 1/{FLICKS_PER_SECOND:,} s, got {tick!r}")
            self._tick_flicks = flicks
        self.tick = None if tick is None else self._tick_flicks / FLICKS_PER_SECOND
        """Seconds per tick, as used (a whole number of flicks)."""

    @property
    def time(self):
        """Seconds of game time so far: the exact sum of every ``advance``, rounded once."""
        return self._numerator / self._denominator

    def advance(self, seconds, max_ticks=None):
        """Add ``seconds`` (a finite number >= 0) of game time; returns the ticks it completed.

        Args:
            seconds: The game time to add.
            max_ticks: If given, the most ticks this call may complete: more is refused, and the
                clock is left as it was (a caller that runs each tick bounds its work so).

        Raises:
            ValueError: If ``seconds`` is not a finite number >= 0, or completes too many ticks.
        """
        numerator, denominator = _seconds(seconds, "dt")
        if denominator > self._denominator:
            self._numerator, self._denominator = (
                self._numerator * (denominator // self._denominator),
                denominator,
            )
        later = self._numerator + numerator * (self._denominator // denominator)
        completed = self._ticks_at(later) - self.ticks
        if max_ticks is not None and completed > max_ticks:
            raise ValueError(
                f"{float(seconds):g} s of game time is {completed:,} ticks of {self.tick:g} s; "
                f"at most {max_ticks:,} are run at once"
            )
        self._numerator = later
        self.ticks += completed
        return completed

    def _ticks_at(self, numerator):
        """Whole ticks in ``numerator`` / the clock's denominator seconds."""
        return 0 if self._tick_flicks is None else _flicks(numerator, self._denominator) // self._tick_flicks


def _seconds(value, name):
    """``value`` in seconds as an exact binary fraction (numerator, power-of-two denominator), or a
    ValueError naming ``name``."""
    if isinstance(value, bool):
        raise ValueError(f"{name} must be a finite number of seconds >= 0, got {value!r}")
    try:
        number = float(value)
    except (TypeError, ValueError, OverflowError):
        raise ValueError(f"{name} must be a finite number of seconds >= 0, got {value!r}") from None
    if not (math.isfinite(number) and number >= 0.0):
        raise ValueError(f"{name} must be a finite number of seconds >= 0, got {value!r}")
    return number.as_integer_ratio()


def _flicks(numerator, denominator):
    """``numerator`` / ``denominator`` seconds as the nearest whole number of flicks."""
    return (2 * numerator * FLICKS_PER_SECOND + denominator) // (2 * denominator)
