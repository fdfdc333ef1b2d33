"""Many objects playing one motion, as arrays: where each is along the motion (its playhead),
advanced by any step of real time, at a rate and in a direction that can change at any moment
without the object moving at the change; looping, ping-ponging or stopping at the end; and the
events it crosses (arc-length fractions), each once per crossing, in the order crossed, at exact
times. (One object: ``playback.Playhead``; the events and what is crossed: ``crossings``.)

A step is walked one stretch at a time, from end to end of the motion, comparing times as they
are: so a step reports what many small steps would, in the same order. A step longer than
``LISTED_CYCLES`` whole cycles (a lap; two in ping-pong) skips the cycles before its last
``LISTED_CYCLES`` arithmetically, so that one call's work is bounded however long the step: their
crossings are not listed but counted, in ``skipped_cycles``.
"""

import functools
import math

import numpy as np

from trajectory._numerics.checks import _shown, finite_number, real_array, real_values
from trajectory.playback.crossings import Crossing, Events, joined, no_crossings, passed

LOOP_MODES = ("once", "loop", "pingpong")
"""Besides a whole number of passes (``"once"`` is 1)."""
MAX_PASSES = 2**62
"""The largest whole number of passes (the count of passes played is kept in an int64)."""
LISTED_CYCLES = 100
"""How many whole cycles of one step (the last ones) have their crossings listed; the ones
before are skipped arithmetically and counted."""


class Playheads:
    """Many objects playing one motion, as arrays.

    Args:
        motion: A ``Motion`` (or anything with ``duration``, ``distance``, ``position``,
            ``speed`` and ``time_at_distance``, such as a ``MotionChain``).
        count: How many playheads, all at time 0, rate 1, going forward.
        loop: ``"once"``, ``"loop"``, ``"pingpong"`` (turning round at each end, running the
            velocity curve backwards on the way back), or a whole number of passes.
        events: ``(s, name)`` pairs at arc-length fractions s in [0, 1].

    Attributes:
        finished: (n,) whether each has stopped at the end of its last pass.
        skipped_cycles: (n,) the whole cycles (laps; in ping-pong, there and back) the last
            ``advance`` skipped without listing their crossings (a float: it can pass 2^63).

    Raises:
        ValueError: On a motion without a duration and distances, a loop mode that is not one
            of these, a count of passes below 1, events outside [0, 1] or not (s, name) pairs.
    """

    def __repr__(self):
        return f"Playheads({self.count} of a {self.motion.duration:g} s motion, {self.loop!r})"

    def __init__(self, motion, count=1, loop="once", events=()):
        if isinstance(count, bool) or not isinstance(count, (int, np.integer)) or count < 0:
            raise ValueError(f"count must be a whole number of playheads, got {count!r}")
        self.loop, self._passes_allowed = _loop_mode(loop)
        self._events = Events(events)
        self._event_s = self._events.s
        # Where ``crossings`` places each event code: the events', then END (-2) and START (-1).
        self._crossing_s = np.concatenate([self._event_s, [1.0, 0.0]])
        self._times = np.zeros(count)
        self._rates = np.ones(count)
        self.finished = np.zeros(count, dtype=bool)
        self.skipped_cycles = np.zeros(count)
        self._laps = np.zeros(count, dtype=np.int64)  # passes completed
        self.switch(motion)

    @functools.cached_property
    def events(self):
        """The events as (s, name) pairs, sorted by s (built when first asked for)."""
        return self._events.pairs()

    @property
    def count(self):
        return self._times.size

    @property
    def times(self):
        """(n,) seconds along the motion (read-only: ``seek`` moves them)."""
        return _read_only(self._times)

    @property
    def rates(self):
        """(n,) playback rates: 1 as the velocity curve says, 0 paused, negative backwards
        (read-only: ``set_rates`` and ``reverse`` change them)."""
        return _read_only(self._rates)

    def set_rates(self, rates, which=slice(None)):
        """Play ``which`` playheads at ``rates`` (one, or one each) from now on (none moves at the
        change; a finished one whose new rate leads back into the motion plays its last pass
        again, that way)."""
        which = self._which(which)
        rates = real_array(rates, "rates", "finite numbers, one or one per playhead")
        if rates.ndim > 1 or rates.size not in (1, self._rates[which].size) or not np.all(np.isfinite(rates)):
            raise ValueError(
                f"rates must be finite numbers, one or one per playhead ({self._rates[which].size}), "
                f"got {_shown(rates)}"
            )
        self._rates[which] = rates
        self._play_back_finished()
        self._bounds()

    def reverse(self, which=slice(None)):
        """Send ``which`` playheads back the way they came, from where they are (a finished one
        plays its last pass again, backwards)."""
        which = self._which(which)
        self._rates[which] = -self._rates[which]
        self._play_back_finished()
        self._bounds()

    def _play_back_finished(self):
        """Finished playheads whose rate now leads back into the motion (away from the end they
        stopped at) play again: one more pass, that way."""
        going_back = np.where(self._times > 0.0, self._rates < 0.0, self._rates > 0.0)
        again = self.finished & going_back
        self.finished[again] = False
        self._laps[again] -= 1

    def _which(self, which):
        """``which`` (a slice, an index, indices or a mask of playheads), checked."""
        if isinstance(which, slice):
            return which
        index = np.asarray(which)
        if index.dtype == bool:
            if index.shape != (self.count,):
                raise ValueError(f"which as a mask must have one entry per playhead ({self.count})")
            return index
        if index.dtype.kind not in "iu" or np.any((index < -self.count) | (index >= self.count)):
            raise ValueError(f"which must be playhead indices in [0, {self.count}), got {_shown(which)}")
        return index

    def seek(self, times=None, distances=None, which=slice(None)):
        """Put ``which`` playheads at ``times`` (seconds) or arc-length fractions ``distances``
        (no events fire; a finished one plays again)."""
        if (times is None) == (distances is None):
            raise ValueError("seek needs times or distances, not both")
        which = self._which(which)
        if times is not None:
            values = np.clip(real_values(times, "time"), 0.0, self.motion.duration)
        else:
            values = self.motion.time_at_distance(real_values(distances, "distance"))
        self._times[which] = values
        self.finished[which] = False
        self._bounds()

    @property
    def distances(self):
        """(n,) arc-length fractions reached."""
        return self.motion.distance(self._times)

    @property
    def positions(self):
        """(n, 3) points reached."""
        return self.motion.position(self._times)

    def switch(self, motion, keep="distance"):
        """Go on along ``motion`` from where each playhead is: the same arc-length fraction
        (``keep="distance"``) or the same fraction of the duration (``keep="time"``)."""
        if keep not in ("distance", "time"):
            raise ValueError(
                f"keep must be 'distance' or 'time' (or 'nearest' for one Playhead), got {keep!r}"
            )
        if not all(hasattr(motion, name) for name in ("duration", "distance", "time_at_distance")):
            raise ValueError(f"motion must be a Motion or a MotionChain, got {_shown(motion)}")
        if hasattr(self, "motion"):
            if keep == "distance":
                self._times = np.atleast_1d(motion.time_at_distance(self.distances)).astype(float)
            else:
                self._times = self._times / self.motion.duration * motion.duration
        self.motion = motion
        # Sorted as the events are (the running maximum only evens out a rounding's wobble).
        self._event_times = (
            np.maximum.accumulate(np.atleast_1d(motion.time_at_distance(self._event_s)).astype(float))
            if self._event_s.size
            else np.zeros(0)
        )
        # Where ``crossings`` places each event code in time, as ``_crossing_s`` does in length.
        self._crossing_times = np.concatenate([self._event_times, [motion.duration, 0.0]])
        marks = np.concatenate([[0.0], self._event_times, [motion.duration]])
        self._marks = marks[np.concatenate([[True], marks[1:] != marks[:-1]])]
        self._bounds()

    def _bounds(self, rows=slice(None)):
        """For ``rows``, the open interval of times a step can reach without crossing an event
        or an end (a step inside it just moves: ``advance``'s fast path)."""
        if not hasattr(self, "_low"):
            self._low, self._high = np.empty(self.count), np.empty(self.count)
        times, marks = self._times[rows], self._marks
        forward = ~np.signbit(self._rates[rows])
        above = np.searchsorted(marks, times, "right")
        below = np.searchsorted(marks, times, "left") - 1
        high = np.where(above < marks.size, marks[np.minimum(above, marks.size - 1)], times)
        low = np.where(below >= 0, marks[np.maximum(below, 0)], times)
        self._high[rows] = np.where(forward, high, np.inf)
        self._low[rows] = np.where(forward, -np.inf, low)

    def advance(self, dt):
        """Move every playhead on by ``dt`` seconds of real time (any dt >= 0).

        Returns:
            The crossings, as three arrays sorted by playhead, then by when: ``index`` (which
            playhead), ``event`` (an index into ``events``, or -1 for ``Marker.START`` and -2 for
            ``Marker.END``), ``after`` (seconds into the step).
        """
        dt = checked_step(dt)
        self.skipped_cycles[:] = 0.0
        if not math.isfinite(float(np.abs(self._rates).max(initial=0.0)) * dt):
            raise ValueError(f"a step of {dt!r} s at these rates goes beyond the largest float")
        reached = self._times + self._rates * dt * ~self.finished
        inside = (reached > self._low) & (reached < self._high)
        self._times = np.where(inside, reached, self._times)
        crossing = np.flatnonzero(~inside & (self._rates != 0.0) & ~self.finished)
        if not crossing.size:
            return no_crossings()
        found = self._advance(crossing, dt)
        self._bounds(crossing)
        return found

    def crossings(self, found):
        """``advance``'s arrays as ``Crossing``s, in order."""
        index, event, after = found
        names, places, times = self._events.names(event), self._crossing_s[event], self._crossing_times[event]
        return list(map(Crossing, names, places.tolist(), times.tolist(), after.tolist(), index.tolist()))

    def _advance(self, rows, dt):
        """Move each playhead on by its ``dt`` (n,), one stretch at a time: up to the next end
        (or the step's end), reporting the events passed on the way; at an end, the marker, then
        a wrap (loop), a turn (ping-pong) or a stop. Times are compared as they are, so a step
        that lands on an event reports it once, in this step or the next."""
        duration, event_times = self.motion.duration, self._event_times
        speeds = np.abs(self._rates)
        remaining = np.zeros(self.count)
        remaining[rows] = speeds[rows] * dt  # seconds of motion still to go
        travelled = np.zeros(self.count)
        found = []  # (index, event, seconds into the step) arrays, in the order crossed
        active = rows[remaining[rows] > 0.0]
        self._skip_cycles(active, remaining, travelled)
        while active.size:
            t, r = self._times[active], remaining[active]
            forward = ~np.signbit(self._rates[active])
            room = np.where(forward, duration - t, t)
            # Decided on the time reached, as rounded: a step that rounds onto an end arrives there.
            reached = np.where(forward, t + r, t - r)
            final = np.where(forward, reached < duration, reached > 0.0)
            target = np.where(final, reached, np.where(forward, duration, 0.0))
            found.append(passed(event_times, active, t, target, forward, travelled[active], speeds[active]))
            moved = np.where(final, r, room)
            travelled[active] += moved
            remaining[active] -= moved
            self._times[active] = target
            ends = active[~final]
            if ends.size:
                found.append(self._at_ends(ends, room[~final] > 0.0, travelled, remaining, speeds))
            active = active[~final & (remaining[active] > 0.0) & ~self.finished[active]]
        return joined(found)

    def _skip_cycles(self, rows, remaining, travelled):
        """Of ``rows``' ``remaining`` seconds of motion, all but the last ``LISTED_CYCLES`` whole
        cycles skipped (a cycle leaves a playhead where it was, going the same way), counted in
        ``skipped_cycles``; in a count of passes, all but the last ``LISTED_CYCLES`` passes."""
        cycle = self.motion.duration * (2.0 if self.loop == "pingpong" else 1.0)
        r = remaining[rows]
        skip = np.maximum(np.floor(r / cycle) - LISTED_CYCLES, 0.0)
        left = np.fmod(r, cycle) + LISTED_CYCLES * cycle  # the exact rest, however large r is
        if self._passes_allowed is not None:  # never past the passes still to play
            ahead = self._passes_allowed - self._laps[rows]
            limited = np.floor(r / cycle) > ahead
            skip = np.where(limited, np.maximum(ahead - LISTED_CYCLES, 0), skip)
            left = np.where(limited, r - skip * cycle, left)
            self._laps[rows] += skip.astype(np.int64)
        skipping = skip > 0.0
        self.skipped_cycles[rows] = skip
        travelled[rows] += np.where(skipping, r - left, 0.0)
        remaining[rows] = np.where(skipping, left, r)

    def _at_ends(self, ends, arrived, travelled, remaining, speeds):
        """Playheads ``ends`` at an end of the motion: the marker for those that ``arrived`` there
        in this step, then a stop, a turn or a wrap (with the events at the new lap's start)."""
        duration, event_times = self.motion.duration, self._event_times
        forward = ~np.signbit(self._rates[ends])
        arriving = ends[arrived]
        found = [(arriving, np.where(forward[arrived], -2, -1), travelled[arriving] / speeds[arriving])]
        if self.loop == "pingpong":
            self._rates[ends] = -self._rates[ends]
            return joined(found)
        self._laps[arriving] += 1
        if self._passes_allowed is not None:
            done = ends[self._laps[ends] >= self._passes_allowed]
            self.finished[done] = True
            remaining[done] = 0.0
        wrapping = ends[remaining[ends] > 0.0]
        if wrapping.size:
            going = ~np.signbit(self._rates[wrapping])
            self._times[wrapping] = np.where(going, 0.0, duration)
            starts = np.where(going, 0.0, duration)
            at_start = [np.flatnonzero(event_times == start) for start in starts.tolist()]
            counts = np.array([a.size for a in at_start], dtype=np.int64)
            if counts.any():
                rows = np.repeat(wrapping, counts)
                found.append((rows, np.concatenate(at_start), travelled[rows] / speeds[rows]))
        return joined(found)


def _loop_mode(loop):
    """(mode, passes allowed or None for endless)."""
    if isinstance(loop, str) and loop in LOOP_MODES:
        return loop, (1 if loop == "once" else None)
    if isinstance(loop, (int, np.integer)) and not isinstance(loop, bool):
        if not 1 <= loop <= MAX_PASSES:
            raise ValueError(f"a count of passes must be at least 1 and at most 2**62, got {loop}")
        return "count", int(loop)
    raise ValueError(f"loop must be one of {LOOP_MODES} or a whole number of passes, got {loop!r}")


def checked_step(dt):
    """``dt`` as a float, or a ValueError unless it is a finite number of seconds, 0 or more."""
    dt = finite_number(dt, "dt must be a finite number of seconds, 0 or more")
    if dt < 0.0:
        raise ValueError(f"dt must be a finite number of seconds, 0 or more, got {dt!r}")
    return dt


def _read_only(array):
    view = array.view()
    view.flags.writeable = False
    return view
