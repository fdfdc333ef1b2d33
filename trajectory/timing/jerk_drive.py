"""The greedy jerk-limited drive under a cap (``jerk_cap``), for ``jerk_limited``.

It drives as hard as it may (jerk +J up to the acceleration limit, or along the cap where it is
on it) for as long as its hardest stop (``jerk_stops``) stays under the cap. The moment that
stop would touch the cap (a node of it, or a piece tangentially) is found to rounding, and the
drive then follows that stop up to the touch. It is not proven optimal: it may brake into a
tight bend sooner than it must, and a looser jerk is not always faster (it is on the scene's
curves; on random splines now and then). Into a valley of the cap it eases, arriving at its
speed with no acceleration left; where that would cross the cap, at a lower speed.
"""

import math

import numpy as np

from trajectory.timing.jerk_margins import EASE, NODE, PIECE, SAFE, Margins
from trajectory.timing.jerk_stops import Stop
from trajectory.timing.speed_limits import Binding

_BISECTIONS = 200
_ILLINOIS_STEPS = 60
_CREEP = 1e3
_MAX_PHASES = 200_000
_NEWTON_STEPS = 12
_PATH_SAMPLES = 257
_AT_END = 1e-6
"""A stop followed to the curve's end that stands within this share of the length is there."""
_FLOOR_STEPS = 6
"""Halvings of a valley's floor where easing into the cap's crosses it (to 1.6 % of it)."""


def advanced(state, dt, jerk):
    """(s, v, a) after ``dt`` seconds at ``jerk``."""
    s, v, a = state
    return (
        s + dt * (v + dt * (a / 2.0 + jerk * dt / 6.0)),
        max(v + dt * (a + jerk * dt / 2.0), 0.0),
        a + jerk * dt,
    )


def _braked(state, stop_phases, phases):
    """The state after ``stop_phases`` ((seconds, jerk), ...) of a stop from ``state``, each added
    to ``phases`` with its binding (the jerk, or the brake held)."""
    for seconds, jerk in stop_phases:
        phases.append((seconds, jerk, Binding.JERK if jerk else Binding.BRAKING))
        state = advanced(state, seconds, jerk)
    return state


class Drive:
    """The greedy drive under ``cap`` over ``length`` with ``limits`` (a ``SpeedLimits`` with a
    jerk). Where easing into a valley's floor would leave no stop under the cap beyond (a valley
    followed at once by a fall), it brakes through the valley, or with ``lower_before_falls``
    eases into a lower floor; ``branch`` holds where it first met such a valley (the state, the
    phases so far, and its margins' refused valleys and floors), or None. Where
    easing in would cross the cap before the valley, it eases into a lower floor."""

    def __init__(self, cap, length, limits, lower_before_falls):
        self.cap, self.length = cap, length
        self.lower_before_falls = lower_before_falls
        self.branch = None
        self.jerk = limits.jerk
        self.accel = math.inf if limits.accel is None else limits.accel
        self.brake = math.inf if limits.brake is None else limits.brake
        self.margins = Margins(cap, length, self.jerk, self.brake)
        self.slopes, self.w_scale = cap.slopes, self.margins.w_scale
        self.slack = SAFE * max(self.accel if math.isfinite(self.accel) else 0.0, self.jerk * 1e-3, 1e-300)

    def run(self, v_start, v_end):
        """The phases ((seconds, jerk, ``Binding``), ...) from ``v_start`` at no acceleration to
        the end at ``v_end``."""
        state = (0.0, v_start, 0.0)
        if self.margins.least(state)[0] < -SAFE:
            raise ValueError(
                f"v_start = {v_start:g} is too fast to brake in time for what lies ahead "
                f"with jerk = {self.jerk:g}"
            )
        return self.drive_from(state, [], v_end)

    def drive_from(self, state, phases, v_end):
        """``phases`` (a list, added to) and the drive's from ``state`` on to the end."""
        end = self.length * (1.0 - SAFE)
        # A stop aimed at the last node may end at rest long before it (a gentle jerk braking
        # hard into a valley cannot ease off before it stands): the drive then sets off again.
        near_end = self.length * (1.0 - _AT_END)
        while state[0] < end:
            if len(phases) > _MAX_PHASES:
                raise ValueError("the drive needs too many jerk phases: is the jerk tiny beside the curve?")
            state, jerk, seconds, binding = self._free(state)
            start, made = state, len(phases)
            touched, element = self._touch(state, jerk, seconds)
            if element is not None and element[0] == EASE:
                under, stoppable = self._easing(state, jerk, touched, element[1])
                if not stoppable and not self.lower_before_falls:
                    if self.branch is None:  # where the other way parts from this one
                        self.branch = (
                            state,
                            list(phases),
                            set(self.margins.refused),
                            dict(self.margins.floors),
                        )
                    self.margins.refused.add(element[1])
                    continue
                if not (under and stoppable):
                    self._lower_floor(state, jerk, seconds, element[1])
                    continue
            if touched > 0.0:
                phases.append((touched, jerk, binding))
                state = advanced(state, touched, jerk)
            if element is not None:
                before, made_before = state, len(phases)
                state = self._follow(state, element, phases)
                if state == before:  # touching where it stands
                    state = _braked(state, self._onto(state, element), phases)
                standing = state[1] <= 0.0 and state[0] < near_end and self.cap.w[-1] == 0.0
                if standing and self._gentler_to_end(before, phases, made_before):
                    break
                if element[0] != PIECE and element[1] == self.cap.s.size - 1 and state[0] >= near_end:
                    break  # at the end (to rounding: what is left is ill-conditioned)
            elif touched == 0.0 and seconds == 0.0:
                break
            if state == start:
                # A step below the margins' resolution (a huge jerk's ramp from rest covers
                # 1e-13 of the length): the free drive's step, as nothing resolves a finer one.
                del phases[made:]
                if not math.isfinite(seconds) or seconds == 0.0:
                    break
                phases.append((seconds, jerk, binding))
                state = advanced(state, seconds, jerk)
        # At the end to rounding, maybe still braking: a huge jerk's last ramp off the brake
        # (1e-15 of the length at jerk 1e8) is below the margins' resolution, not its speed.
        state = _braked(state, _last_ramp(state, self.jerk), phases)
        if state[1] < v_end * (1.0 - 1e-9):
            raise ValueError(
                f"v_end = {v_end:g} cannot be reached with jerk = {self.jerk:g} (at most {state[1]:.6g})"
            )
        return phases

    def _free(self, state):
        """The state (its speed and acceleration snapped onto the cap's where it rides it), jerk, the
        longest time and the binding of the hardest drive from ``state``."""
        s, v, a = state
        piece = min(max(int(np.searchsorted(self.cap.s, s, side="right")) - 1, 0), self.slopes.size - 1)
        slope = float(self.slopes[piece])
        on_cap = v * v >= float(self.cap.at(s)) - SAFE * self.w_scale and abs(a - slope) <= self.slack
        if on_cap and -self.brake - self.slack <= slope <= self.accel + self.slack:
            # Snapped onto the cap in speed too: a rounding above it would make the ridden
            # piece itself look crossed.
            state = (s, min(v, math.sqrt(max(float(self.cap.at(s)), 0.0))), slope)
            seconds = _time_to(float(self.cap.s[piece + 1]) - s, v, slope, 0.0)
            return state, 0.0, seconds, Binding(int(self.cap.bindings[piece]))
        if a < self.accel:
            seconds = (self.accel - a) / self.jerk
            return state, self.jerk, min(seconds, _time_to(self.length - s, v, a, self.jerk)), Binding.JERK
        return state, 0.0, _time_to(self.length - s, v, a, 0.0), Binding.ACCELERATING

    def _touch(self, state, jerk, seconds):
        """How long the drive may go on at ``jerk`` from ``state`` (at most ``seconds``) before
        its stop touches the cap, and the element touched (None if it does not): the element
        that is worst at the end is followed back to where it touches, until no other is
        crossed there first."""
        seconds = self._before_crossing(state, jerk, seconds)
        m, element = self.margins.least(advanced(state, seconds, jerk))
        if m >= -SAFE:
            return seconds, None
        lo, hi = 0.0, seconds
        for _ in range(_BISECTIONS):
            found = self._illinois(state, jerk, element, lo, hi)
            if found is not None:
                there = advanced(state, found, jerk)
                m, other = self.margins.least(there)
                if m < -SAFE:
                    hi, element = found, other or element  # no stop there at all: the same one
                    continue
                end = self.margins.beyond(there, element)
                if end is None:
                    return found, element
                lo, element = found, (NODE, end)  # it touched the line beyond the piece: its end
                continue
            # The element's own margin does not change sign in the bracket: halve it once, unless
            # it is a valley whose floor was lowered since the drive passed where it starts.
            lowered = element is not None and element[0] == EASE and element[1] in self.margins.floors
            if lowered and lo == 0.0 and hi == seconds and self.margins.of(state, element) < -SAFE:
                return 0.0, element
            middle = (lo + hi) / 2.0
            if middle in (lo, hi):
                break
            m, other = self.margins.least(advanced(state, middle, jerk))
            if m >= -SAFE:
                lo = middle
            else:
                hi, element = middle, other or element
        return lo, element

    def _before_crossing(self, state, jerk, seconds):
        """``seconds``, or the time the drive reaches the first node it would pass over (a stop
        checked beyond a node no longer sees it: there, the stop's margin is the drive's own)."""
        if not math.isfinite(seconds):  # riding a piece that falls to rest: its stop sees it
            return seconds
        s_end = advanced(state, seconds, jerk)[0]
        cap_s = self.cap.s
        passed = np.arange(np.searchsorted(cap_s, state[0], side="right"), np.searchsorted(cap_s, s_end))
        if passed.size == 0:
            return seconds
        times = _times_to(cap_s[passed] - state[0], state, jerk, seconds)
        speeds = state[1] + times * (state[2] + jerk * times / 2.0)
        over = np.flatnonzero(speeds * speeds - self.cap.w[passed] > SAFE * self.w_scale)
        return float(times[over[0]]) if over.size else seconds

    def _illinois(self, state, jerk, element, lo, hi):
        """Where ``element``'s own margin crosses 0 between lo and hi (it is >= 0 at lo, < 0 at
        hi), at its safe side; None if it does not change sign there (or no element is known:
        at hi the drive has no stop at all)."""
        if element is None:
            return None
        f_lo = self.margins.of(advanced(state, lo, jerk), element)
        f_hi = self.margins.of(advanced(state, hi, jerk), element)
        if not (f_lo >= 0.0 > f_hi):
            return None
        side = 0
        moved = False
        for _ in range(_ILLINOIS_STEPS):
            middle = (lo * f_hi - hi * f_lo) / (f_hi - f_lo)
            # From a start on the cap (f_lo about 0) the secant would creep: halve instead.
            if not lo < middle < hi or (not moved and f_lo <= _CREEP * SAFE):
                middle = (lo + hi) / 2.0
                if middle in (lo, hi):
                    break
            f = self.margins.of(advanced(state, middle, jerk), element)
            if f >= 0.0:
                lo, f_lo, moved = middle, f, True
                f_hi = f_hi / 2.0 if side == 1 else f_hi
                side = 1
            else:
                hi, f_hi = middle, f
                f_lo = f_lo / 2.0 if side == -1 else f_lo
                side = -1
            if (moved and f_lo <= SAFE) or hi - lo <= 1e-15 * hi:
                break
        return lo

    def _follow(self, state, element, phases):
        """Follow the stop from ``state`` up to where it touches ``element``, adding its phases."""
        stop = self.margins.stop(state)
        if stop is None:
            return _braked(state, _last_ramp(state, self.jerk), phases)
        kind, index = element
        if kind == EASE:
            stop, seconds = self.margins.ease(state, index), math.inf
        elif kind == PIECE:
            seconds = (state[2] - float(self.slopes[index])) / self.jerk
        else:
            ahead = float(self.cap.s[index]) - state[0]
            if ahead < stop.peak_distance:
                seconds = stop.rising_speed(ahead)[1]
            elif self.cap.w[index] > 0.0:
                seconds = stop.distance_to_speed(min(math.sqrt(float(self.cap.w[index])), stop.peak_speed))[1]
            else:  # to rest: the whole stop (its last moment is ill-conditioned in the speed)
                seconds = math.inf
        return _braked(state, stop.cut(seconds), phases)

    def _onto(self, state, element):
        """The phases from ``state`` where it touches ``element`` where it stands (to rounding):
        along a piece it is on, at an acceleration no more than the piece's (a hair under it in
        speed, or a touch too late to jerk up to its slope: any more would cross it by rounding),
        to the piece's end; its acceleration eased
        onto the slope of the cap's piece there, where it is above it (what that overshoots is
        (a - slope)² / J, below rounding where the touch comes this late); else no way on but its
        whole stop."""
        kind, index = element
        slope = float(self.slopes[min(index, self.slopes.size - 1)])
        if kind == PIECE and state[2] <= slope + self.slack:
            # On it, its acceleration no more than the piece's (it stays under): ride it.
            seconds = _time_to(float(self.cap.s[index + 1]) - state[0], state[1], state[2], 0.0)
            if 0.0 < seconds < math.inf:
                return [(seconds, 0.0)]
        if kind != EASE and state[2] > slope:
            return [((state[2] - slope) / self.jerk, -self.jerk)]
        stop = self.margins.stop(state)
        return _last_ramp(state, self.jerk) if stop is None else stop.phases

    def _gentler_to_end(self, state, phases, made):
        """Where the stop from ``state`` to the end stands short of it (it came in a little
        under the last braking line, braking at full brake): the same stop braking less hard,
        so that it stands at the end, in place of ``phases[made:]``, if it keeps under the cap.
        Whether it did."""
        remaining = self.length - state[0]
        lo, hi = 0.0, self.brake  # lengths fall as the braking allowed grows
        for _ in range(_BISECTIONS):
            middle = (lo + hi) / 2.0 if math.isfinite(hi) else max(2.0 * lo, 1.0)
            stop = Stop.of(state[1], state[2], self.jerk, middle)
            if stop is not None and stop.length > remaining:
                lo = middle
            else:
                hi = middle
            if hi - lo <= 1e-15 * hi:
                break
        stop = Stop.of(state[1], state[2], self.jerk, hi)
        if stop is None or abs(stop.length - remaining) > 1e-9 * self.length:
            return False
        if not self._under_cap(state, stop.phases):
            return False
        del phases[made:]
        _braked(state, stop.phases, phases)
        return True

    def _easing(self, state, jerk, touched, index):
        """Whether the drive from ``state`` at ``jerk`` for ``touched`` seconds, then easing into
        valley ``index``'s floor, keeps under the cap; and whether it can still stop under the
        cap beyond (both False where it cannot ease in at all)."""
        there = advanced(state, touched, jerk)
        ease = self.margins.ease(there, index)
        if ease is None:
            return False, True
        return self._under_cap(there, ease.phases), self._stoppable(there, ease.phases)

    def _lower_floor(self, state, jerk, seconds, index):
        """Where easing into valley ``index`` at its floor would cross the cap (its nodes fall
        faster than the easing path): the highest floor (to _FLOOR_STEPS halvings) that the drive
        from ``state`` eases into under it and stops beyond; the valley braked through where
        none is found."""
        lo, hi = 0.0, self.margins.floor(index)
        seconds = self._before_crossing(state, jerk, seconds)
        for _ in range(_FLOOR_STEPS):
            self.margins.floors[index] = (lo + hi) / 2.0
            # Where easing into this floor starts (other elements are the run's to find).
            touched = self._illinois(state, jerk, (EASE, index), 0.0, seconds)
            if touched is None or all(self._easing(state, jerk, touched, index)):
                lo = self.margins.floors[index]
            else:
                hi = self.margins.floors[index]
        if lo == 0.0:
            self.margins.refused.add(index)
        self.margins.floors[index] = lo

    def _stoppable(self, state, phases):
        """Whether, eased into a valley along ``phases`` from ``state``, the drive can still stop
        under the cap ahead (a valley followed at once by a fall at the brake limit is one to
        brake through: eased in at its speed, the stop beyond crossed the cap, and the drive crept
        on above it for ever)."""
        for seconds, jerk in phases:
            state = advanced(state, seconds, jerk)
        return self.margins.least(state)[0] >= -SAFE * 1e3

    def _under_cap(self, state, phases):
        """Whether the drive from ``state`` through ``phases`` stays under the cap, at each of
        the cap's nodes it passes (a valley's node pokes up between samples) and on
        _PATH_SAMPLES times per phase."""
        fractions = np.linspace(0.0, 1.0, _PATH_SAMPLES)
        cap_s = self.cap.s
        for seconds, jerk in phases:
            end = advanced(state, seconds, jerk)[0]
            passed = cap_s[np.searchsorted(cap_s, state[0], side="right") : np.searchsorted(cap_s, end)]
            t = np.concatenate((seconds * fractions, _times_to(passed - state[0], state, jerk, seconds)))
            s = state[0] + t * (state[1] + t * (state[2] / 2.0 + jerk * t / 6.0))
            v = state[1] + t * (state[2] + jerk * t / 2.0)
            if np.any(v * v - self.cap.at(s) > SAFE * 1e3 * self.w_scale):
                return False
            state = advanced(state, seconds, jerk)
        return True


def _last_ramp(state, jerk):
    """The braking of ``state`` eased off at ``jerk``, the speed held at rest where it gets there
    (``advanced``): where a state has no stop (braking so hard, so slowly, that easing off at
    the jerk ends below rest: a² > 2 J v, met at rounding's scale when J is huge), and at the
    drive's end."""
    return [(-state[2] / jerk, jerk)] if state[2] < 0.0 else []


def _times_to(distances, state, jerk, seconds):
    """The times (n,) within ``seconds`` at which the drive from ``state`` at ``jerk`` has
    covered ``distances`` (n,), each reached by then: Newton's method kept in its bracket, all
    together until all are found (``_time_to_cover`` for one: the same steps)."""
    if distances.size <= 1:  # the common case: none, or one node passed (plain floats)
        return np.array([_time_to_cover(distance, state, jerk, seconds) for distance in distances.tolist()])
    _, v, a = state
    lo, hi = np.zeros_like(distances), np.full_like(distances, seconds)
    t = seconds * distances / max(advanced(state, seconds, jerk)[0] - state[0], 1e-300)
    for _ in range(_NEWTON_STEPS):
        covered = t * (v + t * (a / 2.0 + jerk * t / 6.0))
        speed = v + t * (a + jerk * t / 2.0)
        lo = np.where(covered <= distances, t, lo)
        hi = np.where(covered > distances, t, hi)
        with np.errstate(divide="ignore", invalid="ignore"):
            newton = t - (covered - distances) / speed
        t = np.where((newton >= lo) & (newton <= hi), newton, (lo + hi) / 2.0)
        if np.all(np.abs(covered - distances) <= 1e-15 * distances):
            break
    return t


def _time_to_cover(distance, state, jerk, seconds):
    """The time within ``seconds`` at which the drive from ``state`` at ``jerk`` has covered
    ``distance``, reached by then: Newton's method kept in its bracket."""
    _, v, a = state
    lo, hi = 0.0, seconds
    t = seconds * distance / max(advanced(state, seconds, jerk)[0] - state[0], 1e-300)
    for _ in range(_NEWTON_STEPS):
        covered = t * (v + t * (a / 2.0 + jerk * t / 6.0))
        speed = v + t * (a + jerk * t / 2.0)
        if covered <= distance:
            lo = t
        elif covered > distance:
            hi = t
        newton = t - (covered - distance) / speed if speed != 0.0 else math.nan
        t = newton if lo <= newton <= hi else (lo + hi) / 2.0
        if abs(covered - distance) <= 1e-15 * distance:
            break
    return t


def _time_to(distance, v, a, jerk):
    """Seconds until ``distance`` is covered from speed v, acceleration a, at ``jerk`` (inf if
    never: the speed reaches 0 first)."""
    if distance <= 0.0:
        return 0.0
    if jerk == 0.0:
        disc = v * v + 2.0 * a * distance
        if disc < 0.0:
            return math.inf
        return 2.0 * distance / (v + math.sqrt(disc)) if v + math.sqrt(disc) > 0.0 else math.inf
    # jerk > 0: distance grows without bound; bracket, then bisect/Newton.
    hi = 1.0
    while advanced((0.0, v, a), hi, jerk)[0] < distance:
        hi *= 2.0
    lo = 0.0
    t = hi
    for _ in range(100):
        s, speed, _ = advanced((0.0, v, a), t, jerk)
        if s > distance:
            hi = t
        else:
            lo = t
        newton = t - (s - distance) / speed if speed > 0.0 else (lo + hi) / 2.0
        t = newton if lo < newton < hi else (lo + hi) / 2.0
        if hi - lo <= 1e-15 * hi:
            break
    return lo
