"""The fastest motion's squared speed w = v² on nodes along a curve, and the stretches between them.

The limits say w <= w_lim(s) = min(v_max², a_lat / κ(s)), dw/ds <= 2 accel and dw/ds >= -2 brake;
the fastest motion has the largest such w everywhere: w = min(w_lim, F, B), with the forward cone
F(s) = min over s' <= s of w_lim(s') + 2 accel (s - s') (and the start speed) and the backward
cone B likewise from ahead. Between two nodes it is therefore either the limit curve itself or
the lower of two lines, provided the nodes sit where one gives way to the other:

- a cone leaves the limit curve where w_lim - 2 accel s is least (and arrives where w_lim +
  2 brake s is): a tangent, zoomed in on and the node put just on the safe side of it;
- a cone line crosses the limit curve: a root;
- cornering gives way to cruising where a_lat / κ = v_max²: a root
(``bracket_search``, every bracket of a round in one call of the curvature).

Nodes start on an even grid plus the arc-length table's breaks (they crowd where the curve nearly
stops, which is where curvature peaks) and the curve's joints (where κ may jump: the limit either
side is kept); every interval is checked inside and split until no stretch breaks a limit.
"""

import numpy as np

from trajectory._numerics import bracket_search
from trajectory.timing.speed_limits import Binding

_GRID = 128
_SAME = 1e-15
"""Nodes closer than this (relative to the length) are one."""
_NARROWEST = 1e-12
"""Intervals narrower than this (relative to the length) are not refined: at a needle-sharp bend
the limit there changes by more than TIE within the rounding of the position itself."""
_MAX_ROUNDS = 40
TIE = 1e-12
"""Relative gap in w under which a node counts as on the limit, or a line as reaching it."""
CHECKS = np.array([0.25, 0.5, 0.75])
"""Where inside each interval between nodes the stretch is checked against the limits."""
_ZOOM_POINTS = 129
_ZOOM_ROUNDS = 3
"""Each round keeps 2 of 128 steps, so 3 take a bracket two node spacings wide to 4e-6 of it,
1e-7 of the length: the tangent line then misses w_lim by 1e-13 of w at most on the scene's
sharpest bend (few rounds of many points: a call costs far more than a point)."""
_INWARD = 1e-10
"""How far inside its bracket (relative) a zoom from a corner starts."""
CRUISE, BOUNDARY, BEND = 0, 1, 2
"""Which of v_max and a_lat sets w_lim: v_max, both within TIE, or the bend."""


class SpeedProfile:
    """The fastest motion's w = v² on nodes along ``curve`` under ``limits`` (a
    ``SpeedLimits``), from ``v_start`` to ``v_end``.

    Attributes:
        s: The nodes' arc lengths, shape (n,), from 0 to the length.
        left, right: w_lim just before and just after each node (they differ at joints), (n,).
        w: The fastest motion's v² at the nodes, (n,).

    Raises:
        ValueError: If v_start or v_end is above the limit at its end, or cannot be braked from
            or reached.
    """

    def __init__(self, curve, limits, v_start, v_end):
        self.curve, self.limits, self.length = curve, limits, curve.length
        self.rise = np.inf if limits.accel is None else 2.0 * limits.accel
        self.fall = np.inf if limits.brake is None else 2.0 * limits.brake
        fractions = np.union1d(np.linspace(0.0, 1.0, _GRID + 1), curve.arc_length.table.breaks)
        joints = np.asarray(curve.breakpoints, dtype=float)
        at_joints = curve.arc_length.at(joints) / self.length
        # Where the curve stops (an exact cusp) κ is infinite: a node there, exactly, holds w at
        # a_lat / κ, about 0 (between grid nodes a cone would pass it at speed).
        stops = curve.arc_length.stops if limits.a_lat is not None else np.empty(0)
        at_stops = curve.arc_length.at(stops) / self.length
        special = np.concatenate((at_joints, at_stops))
        fractions = fractions[np.min(np.abs(fractions[:, None] - special), axis=1, initial=1.0) > 1e-9]
        self.s = fractions * self.length
        self.left = self.right = limits.squared_speeds(curve, fractions)
        # Corners (ends, joints, roots) are looked at from one side only when zoomed around; a
        # node is zoomed around once.
        self.corner = np.zeros(self.s.size, dtype=bool)
        self.corner[[0, -1]] = True
        self.zoomed = np.zeros(self.s.size, dtype=bool)
        self._check_top = np.full((self.s.size - 1, CHECKS.size), np.nan)
        if joints.size:
            before = limits.squared_speeds_at_parameters(curve, np.nextafter(joints, -1.0))
            after = limits.squared_speeds_at_parameters(curve, joints)
            self._insert(at_joints * self.length, before, after, corner=True)
        if stops.size:
            at_stop = limits.squared_speeds_at_parameters(curve, stops)
            self._insert(at_stops * self.length, at_stop, at_stop, corner=True)
        top = np.minimum(self.left, self.right)
        for name, speed, allowed in (("v_start", v_start, top[0]), ("v_end", v_end, top[-1])):
            if speed * speed > allowed * (1.0 + TIE):
                raise ValueError(
                    f"{name} = {speed:g} is above the speed the limits allow there ({allowed**0.5:.6g})"
                )
        self.start = v_start * v_start if limits.accel is not None else np.inf
        self.end = v_end * v_end if limits.brake is not None else np.inf
        self._sweep()
        self._refine()
        self._check_reachable(v_start, v_end)

    def limit(self, s):
        """w_lim at arc lengths ``s`` (an array) inside the curve."""
        return self.limits.squared_speeds_in_bends(self.curvature(s))

    def curvature(self, s):
        """κ at arc lengths ``s`` (an array) inside the curve (0 without a lateral limit: unused)."""
        if self.limits.a_lat is None:
            return np.zeros(np.shape(s))
        return self.curve.curvature(self.curve.arc_length.parameter(np.clip(s / self.length, 0.0, 1.0)))

    def _insert(self, s, left, right, corner=False, zoomed=False):
        """Add nodes at ``s`` with the limits either side; one as good as on a node (within
        _SAME of the length) only passes on its flags to that node."""
        s = np.asarray(s, dtype=float)
        left, right = np.broadcast_to(left, s.shape), np.broadcast_to(right, s.shape)
        nearest = np.clip(np.searchsorted(self.s, s), 1, self.s.size - 1)
        nearest -= np.abs(self.s[nearest - 1] - s) <= np.abs(self.s[nearest] - s)
        same = np.abs(self.s[nearest] - s) <= _SAME * self.length
        self.corner[nearest[same]] |= corner
        self.zoomed[nearest[same]] |= zoomed
        new = ~same
        count = int(new.sum())
        order = np.argsort(np.concatenate((self.s, s[new])), kind="stable")
        old = order < self.s.size
        kept = old[:-1] & old[1:]  # intervals no new node splits keep their check values
        check_top = np.full((order.size - 1, CHECKS.size), np.nan)
        check_top[kept] = self._check_top[order[:-1][kept]]
        self._check_top = check_top
        self.s = np.concatenate((self.s, s[new]))[order]
        self.left = np.concatenate((self.left, left[new]))[order]
        self.right = np.concatenate((self.right, right[new]))[order]
        self.corner = np.concatenate((self.corner, np.full(count, corner)))[order]
        self.zoomed = np.concatenate((self.zoomed, np.full(count, zoomed)))[order]

    def _sweep(self):
        """The forward and backward cones on the nodes, measured from the node each starts at
        (no cancellation against the distance travelled), and w = min(w_lim, cones)."""
        top = np.minimum(self.left, self.right)
        forward_base, backward_base = top.copy(), top.copy()
        forward_base[0], backward_base[-1] = self.start, self.end
        forward = _cones(self.s, forward_base, self.rise)
        backward = _cones(-self.s[::-1], backward_base[::-1], self.fall)[::-1]
        cone = np.minimum(forward, backward)
        self.w = np.where(top <= cone * (1.0 + TIE), top, cone)
        # Per interval: whether w is on the limit just after its start, and just before its end.
        # Without an accel (a brake) limit the speed rises (drops) at once, so only a brake
        # (accel) line holds it below.
        _, forward_end, backward_start = self._lines()
        self.start_on = np.maximum(self.w[:-1], np.where(self.rise == np.inf, backward_start, 0.0)) >= (
            self.right[:-1] * (1.0 - TIE)
        )
        self.end_on = np.maximum(self.w[1:], np.where(self.fall == np.inf, forward_end, 0.0)) >= (
            self.left[1:] * (1.0 - TIE)
        )

    def _refine(self):
        """Add nodes where a stretch would break a limit, until none does."""
        for _ in range(_MAX_ROUNDS):
            tangents, roots, checked = self._tangents(), self._crossings(), self._checks()
            if not (tangents or roots or checked):
                return
            count = self.s.size
            for s, top in tangents:
                self._insert(s, top, top, zoomed=True)
            for s, top in roots:
                self._insert(s, top, top, corner=True)
            for s, top in checked:
                self._insert(s, top, top)
            if self.s.size == count:
                return
            self._sweep()

    def _tangents(self):
        """Where a cone leaves the limit curve (or arrives on it) near a node not yet zoomed
        around: from a corner, on its one side only."""
        _, forward_end, backward_start = self._lines()
        w = self.w
        leaving = self.start_on & ~self.end_on & (w[1:] >= forward_end * (1.0 - TIE)) & ~self.zoomed[:-1]
        arriving = ~self.start_on & self.end_on & (w[:-1] >= backward_start * (1.0 - TIE)) & ~self.zoomed[1:]
        leaving, arriving = np.flatnonzero(leaving), np.flatnonzero(arriving) + 1
        self.zoomed[leaving] = self.zoomed[arriving] = True
        nodes = np.concatenate((leaving, arriving))
        if nodes.size == 0:
            return []
        # A forward cone leaves where w_lim - 2 accel s is least, and its node goes just before
        # that; a backward cone arrives where w_lim + 2 brake s is, its node just after.
        side = np.concatenate((np.full(leaving.size, -1.0), np.full(arriving.size, 1.0)))
        slope = np.where(side < 0, -self.rise, self.fall)
        corner = self.corner[nodes]
        before, after = np.maximum(nodes - 1, 0), np.minimum(nodes + 1, self.s.size - 1)
        low = np.where(corner & (side < 0), self.s[nodes], self.s[before])
        high = np.where(corner & (side > 0), self.s[nodes], self.s[after])
        inward = _INWARD * (high - low)  # never on a corner itself: its limit is two-sided
        low = low + np.where(corner & (side < 0), inward, 0.0)
        high = high - np.where(corner & (side > 0), inward, 0.0)
        return [self._zoom(low, high, slope, side)]

    def _zoom(self, low, high, slope, side):
        """The least of w_lim(s) + slope (s - low) on each bracket [low, high], stepped once to
        ``side`` (-1: before it, where a forward cone may leave; 1: after it), and w_lim there.
        All arrays of one shape."""
        start = low

        def tilted(points):
            return self.limit(points.ravel()).reshape(points.shape) + slope[:, None] * (
                points - start[:, None]
            )

        low, high = bracket_search.least(tilted, low, high, _ZOOM_ROUNDS, _ZOOM_POINTS)
        s = (low + high) / 2.0 + side * (high - low) / (_ZOOM_POINTS - 1)
        return s, self.limit(s)

    def _crossings(self):
        """Where a cone line crosses the limit curve inside an interval, and where cornering gives
        way to cruising there: roots, all found together."""
        width, forward_end, backward_start = self._lines()
        s, w, left, right, wide = self.s, self.w, self.left, self.right, self._wide(width)
        forward = wide & ~self.start_on & self.end_on & (w[:-1] < backward_start * (1.0 - TIE))
        forward &= np.isfinite(self.rise) & (forward_end > left[1:] * (1.0 + TIE))
        backward = wide & self.start_on & ~self.end_on & (w[1:] < forward_end * (1.0 - TIE))
        backward &= np.isfinite(self.fall) & (backward_start > right[:-1] * (1.0 + TIE))
        start, end = regimes(right[:-1], self.limits), regimes(left[1:], self.limits)
        kink = wide & self.start_on & self.end_on & (np.abs(start - end) == 2)
        i_forward, i_backward, i_kink = (
            np.flatnonzero(forward),
            np.flatnonzero(backward),
            np.flatnonzero(kink),
        )
        i = np.concatenate((i_forward, i_backward, i_kink))
        if i.size == 0:
            return []
        # Lines: w0 + slope (x - x0) from the node each leaves. Kinks: κ v_max² (1 - TIE / 2) /
        # a_lat - 1, smooth where w_lim is not, and any value within ±TIE / 2 is BOUNDARY.
        is_kink = np.arange(i.size) >= i_forward.size + i_backward.size
        x0 = np.concatenate((s[i_forward], s[i_backward + 1], s[i_kink]))
        w0 = np.concatenate((w[i_forward], w[i_backward + 1], np.zeros(i_kink.size)))
        slope = np.concatenate(
            (np.full(i_forward.size, self.rise), np.full(i_backward.size, -self.fall), np.zeros(i_kink.size))
        )
        scale = (
            0.0 if self.limits.a_lat is None else self.limits.v_max**2 * (1.0 - 0.5 * TIE) / self.limits.a_lat
        )

        def f(x):
            kappa = self.curvature(x)
            line = self.limits.squared_speeds_in_bends(kappa) - (w0 + slope * (x - x0))
            return np.where(is_kink, kappa * scale - 1.0, line)

        low, high = s[i], s[i + 1]
        f_low = right[i] - (w0 + slope * (low - x0))  # the limits just inside, either side
        f_high = left[i + 1] - (w0 + slope * (high - x0))
        if i_kink.size:  # a corner's limit is two-sided: kinks start just inside
            inward = _INWARD * width[i_kink]
            f_low[is_kink] = self.curvature(s[i_kink] + inward) * scale - 1.0
            f_high[is_kink] = self.curvature(s[i_kink + 1] - inward) * scale - 1.0
        tolerance = np.where(is_kink, 0.45 * TIE, TIE / 8.0 * np.maximum(w0, right[i]))
        found = bracket_search.roots(f, low, high, f_low, f_high, tolerance)
        return [(found, self.limit(found))]

    def _checks(self):
        """Points inside intervals where the stretch breaks a limit: above w_lim on a line, faster
        changes than accel or brake allow along the limit curve, or a bend and cruising mixed."""
        width, _, _ = self._lines()
        points = self.s[:-1, None] + width[:, None] * CHECKS
        top = self._checked_limits(points)
        forward = line(self.w[:-1, None], self.rise, points - self.s[:-1, None])
        backward = line(self.w[1:, None], self.fall, self.s[1:, None] - points)
        lowest = np.minimum(forward, backward)
        on_limit = self.start_on & self.end_on
        bad = np.where(on_limit[:, None], top > lowest * (1.0 + TIE), lowest > top * (1.0 + TIE)).any(axis=1)
        bad |= ~on_limit & _may_dip(
            np.column_stack((self.right[:-1] - self.w[:-1], top - lowest, self.left[1:] - self.w[1:]))
        )
        start, end = regimes(self.right[:-1], self.limits), regimes(self.left[1:], self.limits)
        inside = regimes(top, self.limits)
        cruise, bend = (inside == CRUISE).any(axis=1), (inside == BEND).any(axis=1)
        mixed = (cruise & bend) | (((start == CRUISE) | (end == CRUISE)) & bend)
        mixed |= ((start == BEND) | (end == BEND)) & cruise
        bad |= on_limit & mixed & (np.abs(start - end) != 2)  # a kink: _crossings finds it
        rows = np.flatnonzero(bad & self._wide(width))
        found = [(points[rows].ravel(), top[rows].ravel())] if rows.size else []
        return found + self._peaks(width, on_limit | bad)

    def _peaks(self, width, skipped):
        """Where the accelerating and braking lines of an interval not on the limit meet (their
        highest point, which the checks may straddle) above w_lim: those meeting points, and
        w_lim there. A narrow peak above v_max went between the checks."""
        if not np.isfinite(self.rise + self.fall):
            return []
        rows = np.flatnonzero(~skipped & self._wide(width))
        a, w_a, w_b, span = self.s[rows], self.w[rows], self.w[rows + 1], width[rows]
        inside = np.clip((w_b + self.fall * span - w_a) / (self.rise + self.fall), 0.0, span)
        meet, peak = a + inside, w_a + self.rise * inside
        inner = (inside > 0.0) & (inside < span)
        meet, peak = meet[inner], peak[inner]
        top = self.limit(meet)
        over = peak > top * (1.0 + TIE)
        return [(meet[over], top[over])] if over.any() else []

    def _checked_limits(self, points):
        """w_lim at the check points ``points`` (n - 1, c) of every interval, evaluated only for
        the intervals new since the last round (``_insert`` keeps the others')."""
        new = np.isnan(self._check_top[:, 0])
        if new.any():
            self._check_top[new] = self.limit(points[new].ravel()).reshape(-1, CHECKS.size)
        return self._check_top

    def _lines(self):
        """Per interval: its width, the forward line's w at its end, the backward line's at its start."""
        width = np.diff(self.s)
        return width, line(self.w[:-1], self.rise, width), line(self.w[1:], self.fall, width)

    def _wide(self, width):
        """Which intervals are wide enough to refine."""
        return width > _NARROWEST * self.length

    def _check_reachable(self, v_start, v_end):
        """Refuse end speeds the limits cannot get away from, or reach, in time."""
        if v_start * v_start > self.w[0] * (1.0 + TIE):
            raise ValueError(
                f"v_start = {v_start:g} is too fast to brake in time for what lies ahead "
                f"(at most {self.w[0] ** 0.5:.6g} with brake = {self.limits.brake:g})"
            )
        if v_end * v_end > self.w[-1] * (1.0 + TIE):
            raise ValueError(
                f"v_end = {v_end:g} cannot be reached "
                f"(at most {self.w[-1] ** 0.5:.6g} with accel = {self.limits.accel:g})"
            )

    def stretches(self):
        """(start, end, w there, w there, ``Binding``) along the curve, each a line or a stretch
        of the limit curve, joined where one continues the other."""
        width = np.diff(self.s)
        on_limit = self.start_on & self.end_on
        middle = regimes(self._checked_limits(self.s[:-1, None] + width[:, None] * CHECKS)[:, 1], self.limits)
        start, end = regimes(self.right[:-1], self.limits), regimes(self.left[1:], self.limits)
        bend = (middle == BEND) | (start == BEND) | (end == BEND)
        stretches = []
        for i in np.flatnonzero(width > 0.0).tolist():
            a, b, w_a, w_b = self.s[i], self.s[i + 1], self.w[i], self.w[i + 1]
            if on_limit[i]:
                parts = [(a, b, w_a, w_b, Binding.CORNERING if bend[i] else Binding.CRUISING)]
            else:
                parts = self._lines_between(a, b, w_a, w_b)
            for part in parts:
                if stretches and stretches[-1][4] == part[4]:
                    stretches[-1] = (stretches[-1][0], part[1], stretches[-1][2], part[3], part[4])
                else:
                    stretches.append(part)
        return stretches

    def _lines_between(self, a, b, w_a, w_b):
        """The accelerating line from (a, w_a) and the braking line to (b, w_b), each where it is
        the lower, as stretches (a meeting within rounding of an end is at that end)."""
        meet = b
        if np.isfinite(self.rise + self.fall):
            meet = a + (w_b + self.fall * (b - a) - w_a) / (self.rise + self.fall)
        elif self.rise == np.inf:
            meet = a
        if meet >= b - TIE * (b - a):
            return [(a, b, w_a, w_a + self.rise * (b - a), Binding.ACCELERATING)]
        if meet <= a + TIE * (b - a):
            return [(a, b, w_b + self.fall * (b - a), w_b, Binding.BRAKING)]
        peak = w_a + self.rise * (meet - a)
        return [(a, meet, w_a, peak, Binding.ACCELERATING), (meet, b, peak, w_b, Binding.BRAKING)]


def _cones(s, base, slope):
    """min over j <= i of base[j] + slope (s[i] - s[j]) for each i, measured from the best j."""
    if np.isinf(slope):
        return np.concatenate(([base[0]], np.full(s.size - 1, np.inf)))
    g = base - slope * s
    best = np.minimum.accumulate(g)
    origin = np.maximum.accumulate(np.where(g <= best, np.arange(s.size), 0))
    return base[origin] + slope * (s - s[origin])


def _may_dip(gaps):
    """Which rows of ``gaps`` (n, 5: w_lim less a line at an interval's ends and its checks,
    evenly spaced) may dip below 0 between the samples: where the least inner gap is within what
    the gap's curvature, read from its second differences, lets it fall between two samples
    (h² |w''| / 8, asked for with a margin of 2). A narrow bend at a joint hid under a braking
    line between the checks."""
    with np.errstate(invalid="ignore"):
        bend = np.abs(gaps[:, :-2] - 2.0 * gaps[:, 1:-1] + gaps[:, 2:]).max(axis=1)
        return gaps[:, 1:-1].min(axis=1) < bend / 4.0


def regimes(top, limits):
    """CRUISE where w_lim is v_max², BEND where a bend sets it lower, BOUNDARY within TIE of both."""
    top_speed = limits.v_max**2
    return np.where(top >= top_speed, CRUISE, np.where(top < top_speed * (1.0 - TIE), BEND, BOUNDARY))


def line(w, slope, distance):
    """w + slope * distance (distance >= 0), where an infinite slope (no limit) gives w at
    distance 0 and infinity beyond."""
    if np.isinf(slope):
        return np.where(distance > 0.0, np.inf, w)
    return w + slope * distance
