"""The fastest jerk-limited drive along a curve: ``Motion.fastest(..., jerk=)``.

The drive's acceleration changes at most at the jerk J, so it is continuous; its jerk is +J, 0 or
-J, so its distance is a cubic in time between switches, held exactly in the timing table. It
keeps under the jerk-free fastest motion's v² (``jerk_cap``), so it keeps every limit that one
keeps and is never faster; and within the acceleration and braking limits by construction.

It drives greedily: as hard as it may (jerk +J up to the acceleration limit, or along the cap
where it is on it) for as long as its hardest stop (``jerk_stops``) stays under the cap. The
moment that stop would touch the cap (a node of it, or a piece tangentially) is found to
rounding, and the drive then follows that stop up to the touch. On a straight line this is
the time-optimal profile (jerk up, hold, down; cruise; jerk down, hold, up), Ruckig's; on a
curve it is not proven optimal: it may brake into a tight bend sooner than it must.
"""

import math

import numpy as np

from trajectory._numerics import inverse_fit
from trajectory.timing.jerk_cap import Cap
from trajectory.timing.jerk_stops import Stop
from trajectory.timing.speed_limits import Binding
from trajectory.timing.speed_profile import SpeedProfile

SAFE = 1e-12
"""Margin (relative to the length, or to the cap's largest v²) under the cap that counts as on it."""
_NODE, _PIECE, _EASE = 0, 1, 2
"""What a stop may touch: a node of the cap, a piece of it, or a valley node eased into (the
speed there reached with no acceleration left)."""
_BISECTIONS = 200
_ILLINOIS_STEPS = 60
_CREEP = 1e3
_MAX_PHASES = 200_000
_NEWTON_STEPS = 12
_PATH_SAMPLES = 257


def jerk_limited_phases(curve, limits, v_start, v_end):
    """The drive's phases along ``curve``: a list of (seconds, jerk, ``Binding``), from speed
    ``v_start`` and no acceleration.

    Raises:
        ValueError: If v_start is too fast to stop in time, or v_end cannot be reached, with
            this jerk (and as for the jerk-free fastest motion).
    """
    profile = SpeedProfile(curve, limits, v_start, v_end)
    drive = _Drive(Cap.of(profile, v_end), profile.length, limits)
    return drive.run(v_start, v_end)


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
        state = _advanced(state, dt, jerk)
    return s, v, a


def _advanced(state, dt, jerk):
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
        state = _advanced(state, seconds, jerk)
    return state


class _Drive:
    """The greedy drive under ``cap`` over ``length`` with ``limits`` (a ``SpeedLimits`` with a jerk)."""

    def __init__(self, cap, length, limits):
        self.cap, self.length = cap, length
        self.jerk = limits.jerk
        self.accel = math.inf if limits.accel is None else limits.accel
        self.brake = math.inf if limits.brake is None else limits.brake
        self.slopes = cap.slopes
        # Valleys: where the cap stops falling (and its end), to be eased into rather than
        # braked through at full brake.
        falling, rising = self.slopes[:-1] < 0.0, self.slopes[1:] >= 0.0
        self.valleys = np.append(np.flatnonzero(falling & rising) + 1, cap.s.size - 1)
        self.refused = set()
        self.w_scale = max(float(cap.w.max()), 1e-300)
        self.slack = SAFE * max(self.accel if math.isfinite(self.accel) else 0.0, self.jerk * 1e-3, 1e-300)

    def run(self, v_start, v_end):
        state = (0.0, v_start, 0.0)
        if self._margin(state)[0] < -SAFE:
            raise ValueError(
                f"v_start = {v_start:g} is too fast to brake in time for what lies ahead "
                f"with jerk = {self.jerk:g}"
            )
        phases = []
        end = self.length * (1.0 - SAFE)
        while state[0] < end:
            if len(phases) > _MAX_PHASES:
                raise ValueError("the drive needs too many jerk phases: is the jerk tiny beside the curve?")
            state, jerk, seconds, binding = self._free(state)
            touched, element = self._touch(state, jerk, seconds)
            if element is not None and element[0] == _EASE:
                there = _advanced(state, touched, jerk)
                ease = self._ease(there, element[1])
                if ease is None or not self._under_cap(there, ease.phases):
                    self.refused.add(element[1])  # easing in would cross the cap: brake through
                    continue
            if touched > 0.0:
                phases.append((touched, jerk, binding))
                state = _advanced(state, touched, jerk)
            if element is not None:
                before = state
                state = self._follow(state, element, phases)
                if state == before:  # touching where it stands: no way on but its whole stop
                    state = _braked(state, self._stop(state).phases, phases)
                if element[0] != _PIECE and element[1] == self.cap.s.size - 1:
                    break  # at the end (to rounding: what is left is ill-conditioned)
            elif touched == 0.0 and seconds == 0.0:
                break
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
        if on_cap and slope <= self.accel and slope >= -self.brake:
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
        m, element = self._margin(_advanced(state, seconds, jerk))
        if m >= -SAFE:
            return seconds, None
        lo, hi = 0.0, seconds
        for _ in range(_BISECTIONS):
            found = self._illinois(state, jerk, element, lo, hi)
            if found is not None:
                there = _advanced(state, found, jerk)
                m, other = self._margin(there)
                if m < -SAFE:
                    hi, element = found, other
                    continue
                end = self._beyond(there, element)
                if end is None:
                    return found, element
                lo, element = found, (_NODE, end)  # it touched the line beyond the piece: its end
                continue
            # The element's own margin does not change sign in the bracket: halve it once.
            middle = (lo + hi) / 2.0
            if middle in (lo, hi):
                break
            m, other = self._margin(_advanced(state, middle, jerk))
            if m >= -SAFE:
                lo = middle
            else:
                hi, element = middle, other
        return lo, element

    def _before_crossing(self, state, jerk, seconds):
        """``seconds``, or the time the drive reaches the first node it would pass over (a stop
        checked beyond a node no longer sees it: there, the stop's margin is the drive's own)."""
        s_end = _advanced(state, seconds, jerk)[0]
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
        hi), at its safe side; None if it does not change sign there."""
        f_lo = self._element_margin(_advanced(state, lo, jerk), element)
        f_hi = self._element_margin(_advanced(state, hi, jerk), element)
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
            f = self._element_margin(_advanced(state, middle, jerk), element)
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
        stop = self._stop(state)
        kind, index = element
        if kind == _EASE:
            stop, seconds = self._ease(state, index), math.inf
        elif kind == _PIECE:
            seconds = (state[2] - float(self.slopes[index])) / self.jerk
        else:
            ahead = np.array([float(self.cap.s[index]) - state[0]])
            if ahead[0] < stop.peak_distance:
                seconds = float(stop.rising_speeds(ahead)[1][0])
            elif self.cap.w[index] > 0.0:
                speed = np.array([math.sqrt(float(self.cap.w[index]))])
                seconds = float(stop.distances_to_speeds(np.minimum(speed, stop.peak_speed))[1][0])
            else:  # to rest: the whole stop (its last moment is ill-conditioned in the speed)
                seconds = math.inf
        return _braked(state, stop.cut(seconds), phases)

    def _stop(self, state):
        return Stop.of(state[1], state[2], self.jerk, self.brake)

    def _margin(self, state):
        """The least margin of ``state``'s stop under the cap, and the element ((kind, index))
        where it is least; (-inf, None) when there is no stop."""
        stop = self._stop(state)
        if stop is None:
            return -math.inf, None
        s = state[0]
        cap_s = self.cap.s
        first = min(int(np.searchsorted(cap_s, s - SAFE * self.length)), cap_s.size - 1)
        last = min(int(np.searchsorted(cap_s, s + stop.length, side="right")), cap_s.size - 1)
        best, element = math.inf, None
        node_margins = self._node_margins(stop, s, first, last + 1)
        if node_margins.size:
            i = int(np.argmin(node_margins))
            best, element = float(node_margins[i]), (_NODE, first + i)
        start = max(first - 1, 0)
        piece_margins = self._piece_margins(stop, s, start, min(last, self.slopes.size - 1) + 1, within=True)
        if piece_margins.size:
            i = int(np.argmin(piece_margins))
            if piece_margins[i] < best:
                best, element = float(piece_margins[i]), (_PIECE, start + i)
        lo, hi = np.searchsorted(self.valleys, [first, last + 1])
        for index in self.valleys[lo:hi].tolist():
            if index in self.refused:
                continue
            margin = self._ease_margin(state, index)
            if margin < best:
                best, element = margin, (_EASE, index)
        return best, element

    def _under_cap(self, state, phases):
        """Whether the drive from ``state`` through ``phases`` stays under the cap, on
        _PATH_SAMPLES times per phase."""
        fractions = np.linspace(0.0, 1.0, _PATH_SAMPLES)
        for seconds, jerk in phases:
            t = seconds * fractions
            s = state[0] + t * (state[1] + t * (state[2] / 2.0 + jerk * t / 6.0))
            v = state[1] + t * (state[2] + jerk * t / 2.0)
            if np.any(v * v - self.cap.at(s) > SAFE * 1e3 * self.w_scale):
                return False
            state = _advanced(state, seconds, jerk)
        return True

    def _ease(self, state, index):
        """The stop from ``state`` to the speed of node ``index`` (from above), with no
        acceleration left there: the stop to rest in a frame moving at that speed."""
        floor = math.sqrt(max(float(self.cap.w[index]), 0.0))
        return Stop.of(state[1] - floor, state[2], self.jerk, self.brake)

    def _ease_margin(self, state, index):
        """How much sooner than node ``index`` (relative) the stop that eases into its speed gets
        there; the drive's v² under the node's (relative) while it is slower."""
        w = float(self.cap.w[index])
        if state[1] * state[1] < w:
            return (w - state[1] * state[1]) / self.w_scale
        ease = self._ease(state, index)
        if ease is None:
            return -math.inf
        distance = ease.length + math.sqrt(max(w, 0.0)) * ease.duration
        return (float(self.cap.s[index]) - state[0] - distance) / self.length

    def _beyond(self, state, element):
        """For a piece whose line ``state``'s stop touches beyond its ends, the node at that end;
        else None."""
        kind, index = element
        if kind != _PIECE:
            return None
        stop = self._stop(state)
        distance, _, _ = stop.at_accelerations(self.slopes[index : index + 1])
        at = state[0] + float(distance[0])
        if at < self.cap.s[index]:
            return index
        return index + 1 if at > self.cap.s[index + 1] else None

    def _element_margin(self, state, element):
        """``element``'s margin alone (a piece's line taken beyond its ends), -inf with no stop."""
        stop = self._stop(state)
        if stop is None:
            return -math.inf
        kind, index = element
        if kind == _EASE:
            return self._ease_margin(state, index)
        if kind == _NODE:
            return float(self._node_margins(stop, state[0], index, index + 1)[0])
        return float(self._piece_margins(stop, state[0], index, index + 1, within=False)[0])

    def _node_margins(self, stop, s, first, end):
        """Margins at the cap's nodes first to end - 1: the stop's v² under the cap's (relative)
        where it still rises, else how much sooner than the node (relative) it slows to the
        node's speed; inf where the node is above the stop's peak."""
        ahead = self.cap.s[first:end] - s
        w = self.cap.w[first:end]
        margins = np.full(ahead.size, math.inf)
        if ahead.size == 0:
            return margins
        rising = ahead < stop.peak_distance
        if ahead[0] < stop.peak_distance:
            speeds, _ = stop.rising_speeds(ahead[rising])
            margins[rising] = (w[rising] - speeds * speeds) / self.w_scale
        peak = stop.peak_speed**2
        falling = ~rising & (w < peak)
        margins[~rising & ~falling] = (w[~rising & ~falling] - peak) / self.w_scale  # above the stop
        if falling.any():
            distances, _ = stop.distances_to_speeds(np.sqrt(np.maximum(w[falling], 0.0)))
            margins[falling] = (ahead[falling] - distances) / self.length
        return margins

    def _piece_margins(self, stop, s, first, end, within):
        """Margins of the cap's pieces first to end - 1 (relative, in v²) where the stop's
        acceleration equals their slope while it still falls (where it could touch a line from
        below), or the nearest end of that fall; only where that point lies on the piece if
        ``within`` (else the line taken beyond it: continuous as the drive goes on)."""
        slopes = self.slopes[first:end]
        distances, w, _ = stop.at_accelerations(np.clip(slopes, stop.low, stop.a))
        at = s + distances
        start = self.cap.s[first:end]
        margins = (self.cap.w[first:end] + 2.0 * slopes * (at - start) - w) / self.w_scale
        if within:
            margins[(at < start) | (at > self.cap.s[first + 1 : end + 1])] = math.inf
        return margins


def _times_to(distances, state, jerk, seconds):
    """The times (n,) within ``seconds`` at which the drive from ``state`` at ``jerk`` has
    covered ``distances`` (n,), each reached by then: Newton's method kept in its bracket."""
    _, v, a = state
    lo, hi = np.zeros_like(distances), np.full_like(distances, seconds)
    t = seconds * distances / max(_advanced(state, seconds, jerk)[0] - state[0], 1e-300)
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
    while _advanced((0.0, v, a), hi, jerk)[0] < distance:
        hi *= 2.0
    lo = 0.0
    t = hi
    for _ in range(100):
        s, speed, _ = _advanced((0.0, v, a), t, jerk)
        if s > distance:
            hi = t
        else:
            lo = t
        newton = t - (s - distance) / speed if speed > 0.0 else (lo + hi) / 2.0
        t = newton if lo < newton < hi else (lo + hi) / 2.0
        if hi - lo <= 1e-15 * hi:
            break
    return lo
