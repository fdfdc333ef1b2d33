"""A train rolling along a trajectory under gravity: its velocity curve for ``Motion.rolling``.

The curve's z is up. Along the arc length s the squared speed w = v² changes as

    dw/ds = -2 g dz/ds - 2 friction N - 2 drag w,

with N the force (per unit mass) the track bears normal to the way (gravity's part across it
and the v² k that bends the way; ``friction`` a rolling-resistance coefficient) and ``drag`` an
air drag per speed². Without friction or drag the energy head E = w / (2 g) + z holds, so
v² = v0² + 2 g (z0 - z) exactly. A chain lift (start, end, speed) pulls the train at its speed
over its stretch; the train is never slower than ``CREEP_SPEED`` (or the slowest lift's speed
where that is slower): where it would be (about to stall, or starting from rest), it is pulled at
that speed, as a booster or a chain would. The pull adds energy only up a climb; down a slope it
carries the train until gravity's speed is the faster, so off the lifts and pulls E holds.

The time to each s is the integral of 1 / v, fitted and inverted the way the arc-length table is
(``inverse_fit``), to the tables' accuracy.
"""

import bisect
import enum
import itertools
import math

import numpy as np

from trajectory._numerics import inverse_fit
from trajectory._numerics.checks import at_least_zero, finite_number, positive_finite
from trajectory.curves.curve import curvature_vectors, unit_tangents
from trajectory.timing.velocity import DISTANCE_TOLERANCE, VelocityCurve, identity

CREEP_SPEED = 1.0
"""The speed (length units per second) a train is pulled at where it would stall, without lifts."""
GRID = 4096
"""Even steps in s of the forward pass (lift ends are steps' ends too)."""
MAX_SPEED = 1e150
"""The fastest a train starts or a lift pulls (length units per second): the pass works in speed²,
which must stay a float."""
_MIN_PIECE = 1e-10
_INITIAL_PIECES = 32


class Stretch(enum.IntEnum):
    """What sets the speed on a step of the pass."""

    ROLLING = 0
    """Gravity, friction and drag alone."""
    PULLED = 1
    """A lift, or the pull where the train would stall."""


def rolling_velocity(curve, speed, g, friction, drag, lifts):
    """The rolling train's ``VelocityCurve`` and duration (seconds) along ``curve``.

    Raises:
        ValueError: On a speed, gravity, friction, drag or lift that is not valid.
    """
    length = curve.length
    speed = _at_most(
        at_least_zero(speed, "speed (the train's at the start)"), "speed (the train's at the start)"
    )
    g = positive_finite(g, "g (a gravity, length units per second²)")
    friction, drag = at_least_zero(friction, "friction"), at_least_zero(drag, "drag")
    lifts = _checked_lifts(lifts, length)
    creep = min([CREEP_SPEED] + [lift[2] for lift in lifts])
    profile = _Profile(curve, g, friction, drag, lifts, creep**2)
    profile.run(speed**2)
    table, duration = _timing(lambda s: length / np.sqrt(profile.squared_speeds(s)), profile.joints())

    def rate(t):
        """ds/dt at normalised times t (a float or an array): the speed where the table puts the
        train, exactly (its energy's, off the lifts), not the table's derivative (1e-9 out)."""
        if type(t) is float:  # the per-frame path
            return math.sqrt(profile.squared_speed(table.scalar(t))) * (duration / length)
        return np.sqrt(profile.squared_speeds(np.asarray(table(t), dtype=float))) * (duration / length)

    velocity = VelocityCurve._known(table, identity, "rolling under gravity", table, rate=rate)
    return velocity, duration


class _Profile:
    """The squared speed along the curve, found step by step in s (fractions of the length)."""

    def __init__(self, curve, g, friction, drag, lifts, floor):
        self.curve, self.g, self.friction, self.drag, self.floor = curve, g, friction, drag, floor
        self.length = curve.length
        ends = np.clip([end / self.length for lift in lifts for end in lift[:2]], 0.0, 1.0)
        steps = np.round(ends * GRID) / GRID
        ends = np.where(np.abs(ends - steps) <= _MIN_PIECE, steps, ends)  # no piece too narrow to time
        self.nodes = np.union1d(np.linspace(0.0, 1.0, GRID + 1), ends)
        self._node_list = self.nodes.tolist()
        self.lifts = [(a / self.length, b / self.length, v * v) for a, b, v in lifts]
        self.lossless = friction == 0.0 and drag == 0.0

    def run(self, start):
        """The pass from a squared speed ``start``: each node's w, each step's stretch (and, rolling
        without loss, its energy head; with loss, the nodes' slopes)."""
        nodes = self.nodes
        self.lifted = np.zeros(len(nodes) - 1, dtype=bool)
        self.lift_w = np.zeros(len(nodes) - 1)
        middles = (nodes[:-1] + nodes[1:]) / 2
        for a, b, w in self.lifts:
            on = (middles > a) & (middles < b)
            self.lifted[on], self.lift_w[on] = True, w
        if self.lossless:
            self._run_lossless(start)
        else:
            self._run_with_loss(start)

    def _run_lossless(self, start):
        """E = w / 2g + z holds where the train rolls; the pull up a climb raises it (a running
        maximum of the pull's head where the track rises) and a lift sets it: one accumulation per
        stretch between lifts' ends. Down a slope the pull never adds energy: it only carries the
        train at the floor's speed until gravity's is faster (from rest, say)."""
        g, floor, nodes = self.g, self.floor, self.nodes
        heights = self._heights(nodes)
        rises = np.concatenate([[False], heights[1:] > heights[:-1]])
        pulled_head = np.where(rises, heights + floor / (2.0 * g), -np.inf)
        heads = np.empty(len(nodes))  # E at each node, as the pass leaves it
        heads[0] = start / (2.0 * g) + heights[0]
        edges = np.flatnonzero(np.diff(self.lifted.astype(int))) + 1  # where a lift begins or ends
        for first, last in zip(np.concatenate([[0], edges]), np.concatenate([edges, [len(nodes) - 1]])):
            if self.lifted[first]:
                heads[first + 1 : last + 1] = heights[first + 1 : last + 1] + self.lift_w[first] / (2.0 * g)
                continue
            heads[first : last + 1] = np.maximum.accumulate(
                np.concatenate([[heads[first]], pulled_head[first + 1 : last + 1]])
            )
        self.heads = heads[:-1]
        self.w = np.maximum(2.0 * g * (heads - heights), floor)
        self.stretches = np.where(self.lifted, Stretch.PULLED, Stretch.ROLLING)

    def _run_with_loss(self, start):
        """Classical Runge-Kutta steps, each on plain floats: the curve's part of the slope at the
        nodes and the steps' middles taken first, all at once."""
        nodes = self.nodes
        middles = (nodes[:-1] + nodes[1:]) / 2
        at_nodes, at_middles = self._slope_terms(nodes), self._slope_terms(middles)
        w = np.empty(len(nodes))
        w[0] = max(start, self.floor)
        self.stretches = np.full(len(nodes) - 1, Stretch.ROLLING)
        slope, floor = self._slope, self.floor
        node_terms, middle_terms = at_nodes.tolist(), at_middles.tolist()
        steps = np.diff(nodes).tolist()
        value = float(w[0])
        for k, h in enumerate(steps):
            if self.lifted[k]:
                value, self.stretches[k] = float(self.lift_w[k]), Stretch.PULLED
            else:
                k1 = slope(node_terms[k], value)
                k2 = slope(middle_terms[k], value + h * k1 / 2)
                k3 = slope(middle_terms[k], value + h * k2 / 2)
                k4 = slope(node_terms[k + 1], value + h * k3)
                value += h * (k1 + 2 * k2 + 2 * k3 + k4) / 6
                if value < floor:
                    value, self.stretches[k] = floor, Stretch.PULLED
            w[k + 1] = value
        self.w = w
        self.slopes = np.array([slope(terms, value) for terms, value in zip(node_terms, w.tolist())])

    def joints(self):
        """Where the speed may not be smooth: the ends, and where the train starts or stops being
        pulled (fractions, sorted)."""
        changes = np.flatnonzero(np.diff(self.stretches.astype(int))) + 1
        return np.union1d([0.0, 1.0], self.nodes[changes])

    def squared_speeds(self, s):
        """w at arc-length fractions ``s`` (any shape): exact where the train rolls without loss
        (from the step's energy head), the pull's where it is pulled, else the steps' cubic."""
        flat = np.clip(s.ravel(), 0.0, 1.0)
        k = np.clip(np.searchsorted(self.nodes, flat, side="right") - 1, 0, len(self.nodes) - 2)
        w = np.empty(flat.shape)
        pulled = self.stretches[k] == Stretch.PULLED
        w[pulled] = np.where(self.lifted[k[pulled]], self.lift_w[k[pulled]], self.floor)
        rolling = ~pulled
        if self.lossless:
            w[rolling] = 2.0 * self.g * (self.heads[k[rolling]] - self._heights(flat[rolling]))
        else:
            w[rolling] = self._hermite(flat[rolling], k[rolling])
        return np.maximum(w, self.floor).reshape(s.shape)

    def squared_speed(self, s):
        """``squared_speeds`` of one float ``s``, in plain floats: the per-frame path."""
        s = min(max(s, 0.0), 1.0)
        k = min(max(bisect.bisect_right(self._node_list, s) - 1, 0), len(self._node_list) - 2)
        if self.stretches[k] == Stretch.PULLED:
            w = float(self.lift_w[k]) if self.lifted[k] else self.floor
        elif self.lossless:
            height = float(self.curve.evaluate(self.curve.arc_length.table.scalar(s))[2])
            w = 2.0 * self.g * (float(self.heads[k]) - height)
        else:
            w = float(self._hermite(s, k))
        return max(w, self.floor)

    def _heights(self, s):
        return self.curve.evaluate(self.curve.arc_length.parameter(s))[..., 2]

    def _slope_terms(self, s):
        """What the slope dw/d(fraction) needs of the curve at ``s`` (n,), (n, 4): the tangent's
        z, and |k|², k . a and |a|² for the curvature vector k and gravity's part a across the way
        (the force the track bears is |w k + a|)."""
        curve, g = self.curve, self.g
        u = curve.arc_length.parameter(s)
        tangent, bend = unit_tangents(curve, u).T, curvature_vectors(curve, u)
        across = -g * tangent[:, 2:3] * tangent
        across[:, 2] += g
        dots = [np.einsum("ni,ni->n", x, y) for x, y in ((bend, bend), (bend, across), (across, across))]
        return np.column_stack([tangent[:, 2], *dots])

    def _slope(self, terms, w):
        """dw/d(fraction) for a step's curve ``terms`` (4 floats) at the squared speed ``w``."""
        rise, bend_squared, bend_across, across_squared = terms
        w = max(w, 0.0)
        bearing = max(w * w * bend_squared + 2.0 * w * bend_across + across_squared, 0.0) ** 0.5
        return -2.0 * self.length * (self.g * rise + self.friction * bearing + self.drag * w)

    def _hermite(self, s, k):
        """The cubic through the step's ends with their slopes, at ``s`` in step ``k``."""
        a, b = self.nodes[k], self.nodes[k + 1]
        h = b - a
        x = (s - a) / h
        return (
            (2 * x**3 - 3 * x**2 + 1) * self.w[k]
            + (x**3 - 2 * x**2 + x) * h * self.slopes[k]
            + (-2 * x**3 + 3 * x**2) * self.w[k + 1]
            + (x**3 - x**2) * h * self.slopes[k + 1]
        )


def _timing(pace, breaks):
    """s(t) as a normalised table and the duration (seconds), for ``pace`` the seconds per
    arc-length fraction at fractions (any shape): its integral fitted and inverted, each piece's
    distance relative to its start."""

    def sample(lo, hi):
        dx, rates, quadrature_error = inverse_fit.integral_samples(pace, lo, hi)
        return (
            dx,
            inverse_fit.sample_parameters(lo, hi) - lo[:, None],
            1.0,
            quadrature_error / rates.min(axis=1),
        )

    fit = inverse_fit.fit_inverse(
        sample,
        breaks,
        tolerance=DISTANCE_TOLERANCE,
        initial_pieces=_INITIAL_PIECES + breaks.size,
        min_width=_MIN_PIECE,
    )
    coeffs = fit.coeffs.copy()
    coeffs[:, 0] += fit.u_starts
    return inverse_fit.normalised_table(fit.widths, coeffs, variable="time"), float(fit.widths.sum())


def _at_most(speed, name):
    """``speed``, or a ValueError naming ``name`` where it is above ``MAX_SPEED``."""
    if speed > MAX_SPEED:
        raise ValueError(f"{name} must be at most {MAX_SPEED:g}, got {speed!r}")
    return speed


def _checked_lifts(lifts, length):
    """``lifts`` as (start, end, speed) float triples, checked: within the curve's ``length``,
    start before end, a positive speed, none overlapping."""
    try:
        triples = [tuple(lift) for lift in lifts]
    except TypeError:
        raise ValueError(f"lifts must be (start, end, speed) triples, got {lifts!r}") from None
    checked = []
    for lift in triples:
        if len(lift) != 3:
            raise ValueError(f"a lift must be (start, end, speed), got {lift!r}")
        start = finite_number(lift[0], "a lift's start must be an arc length")
        end = finite_number(lift[1], "a lift's end must be an arc length")
        speed = _at_most(positive_finite(lift[2], "a lift's speed"), "a lift's speed")
        if not 0.0 <= start < end <= length:
            raise ValueError(
                f"a lift must run from a start to a later end within the length {length:g}, got {lift!r}"
            )
        checked.append((start, end, speed))
    checked.sort()
    for before, after in itertools.pairwise(checked):
        if after[0] < before[1]:
            raise ValueError(f"lifts must not overlap: {before!r} and {after!r}")
    return checked
