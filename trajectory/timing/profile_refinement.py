"""How the fastest motion's profile (``speed_profile``) finds where to add nodes: where a cone
leaves or meets the limit curve (a tangent, zoomed in on), where a line crosses it or cornering
gives way to cruising (roots), and points inside an interval where a stretch would break a limit
(checks); and the words both speak: when w is on a limit, and which limit sets it.
"""

import numpy as np

from trajectory._numerics import bracket_search

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


class ProfileRefinement:
    """The searches for new nodes of a ``SpeedProfile`` (which this is mixed into): they read its
    nodes, w and limits, and mark the nodes zoomed around."""

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
