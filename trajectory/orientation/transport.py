"""The rotation-minimising frame of a curve as a table: the up axis carried along it by parallel
transport (double reflection on steps refined until they agree with their halves), and the
horizontal heading held through vertical stretches. Built once per curve (``transport_of``)."""

import bisect
import functools
import math
import weakref

import numpy as np

from trajectory._numerics.vectors import cross, dot, length
from trajectory.curves.curve import unit_tangents
from trajectory.orientation.rotations import reference_ups, reflected, reflected_scalar, up_towards_z

STEP_TOLERANCE = 1e-13
"""Largest change (radians) in a transport step's result when the step is halved: the steps'
errors add up to the transported frame's, about 1e-10 rad over a few thousand steps."""
VERTICAL = 1e-9
"""A unit tangent whose horizontal part is shorter than this counts as vertical."""
_INITIAL_NODES = 64
_MAX_ROUNDS = 40
_MIN_WIDTH = 1e-12


_TABLES = weakref.WeakKeyDictionary()
"""Each curve's ``Transport``, kept while the curve lives."""


def transport_of(curve):
    """The rotation-minimising frame table of ``curve`` (of its ``geometry``): a ``Transport``,
    built on first use."""
    curve = curve.geometry
    table = _TABLES.get(curve)
    if table is None:
        table = _TABLES[curve] = Transport(curve)
    return table


class Transport:
    """A curve's rotation-minimising up axis at nodes u_0 = 0 < ... < u_m = 1, carried by double
    reflection (Wang, Juttler, Zheng and Liu 2008) over steps refined until halving any of them
    changes its result by less than ``STEP_TOLERANCE``; and the horizontal heading there, held
    through vertical stretches. Any u is reached by one more reflection from the node before it.

    The reflections work on points scaled by a power of two that makes the curve about 1 across
    (exactly, so nothing rounds differently): a curve 1e-155 or 1e155 across squares its chords
    without underflow or overflow.

    Attributes:
        nodes: (m + 1,) the values of u.
        points, tangents, ups: (3, m + 1) the curve's points (scaled), unit tangents and up axes
            there.
    """

    def __init__(self, curve):
        self.curve = curve
        nodes = np.union1d(np.linspace(0.0, 1.0, _INITIAL_NODES + 1), curve.arc_length.u_breaks)
        size = float(np.abs(curve.evaluate(nodes)).max())
        self._scale = math.ldexp(1.0, -math.frexp(size)[1]) if size > 0.0 else 1.0
        nodes = self._refined(nodes)
        points, tangents = self._scaled(curve.evaluate(nodes).T), unit_tangents(curve, nodes)
        self.nodes, self.points, self.tangents = nodes, np.ascontiguousarray(points), tangents
        # Each step's twist, measured against a reference frame at either end, adds up to the
        # transported up's angle from the reference: one cumulative sum, no loop.
        reference = reference_ups(tangents)
        reference_right = cross(tangents, reference)
        moved = reflected(points[:, :-1], tangents[:, :-1], reference[:, :-1], points[:, 1:], tangents[:, 1:])
        steps = np.arctan2(dot(moved, reference_right[:, 1:]), dot(moved, reference[:, 1:]))
        start = up_towards_z(tangents[:, 0], reference[:, 0], reference_right[:, 0])
        twist = np.concatenate([[start], start + np.cumsum(steps)])
        self.ups = np.cos(twist) * reference + np.sin(twist) * reference_right
        horizontal = np.hypot(tangents[0], tangents[1]) > VERTICAL
        self._stacked = np.concatenate([self.points, self.tangents, self.ups])  # one gather per query
        self._held_headings = _held(np.arctan2(tangents[1], tangents[0]), horizontal)

    def _refined(self, nodes):
        """``nodes`` with the middle of every step added, round after round, until halving no
        step changes its result by more than ``STEP_TOLERANCE``. A step kept once is kept for
        good (its check depends on its ends alone), so each round checks only the steps the
        last one made."""
        curve, kept = self.curve, [nodes]
        a, b = nodes[:-1], nodes[1:]
        a_points, a_tangents = self._scaled(curve.evaluate(a).T), unit_tangents(curve, a)
        b_points, b_tangents = self._scaled(curve.evaluate(b).T), unit_tangents(curve, b)
        for _ in range(_MAX_ROUNDS):
            middle = (a + b) / 2.0
            mid_points, mid_tangents = self._scaled(curve.evaluate(middle).T), unit_tangents(curve, middle)
            start = reference_ups(a_tangents)
            whole = reflected(a_points, a_tangents, start, b_points, b_tangents)
            halfway = reflected(a_points, a_tangents, start, mid_points, mid_tangents)
            halves = reflected(mid_points, mid_tangents, halfway, b_points, b_tangents)
            split = (length(whole - halves) > STEP_TOLERANCE) & (b - a > _MIN_WIDTH)
            if not split.any():
                break
            kept.append(middle[split])
            a, b = np.concatenate([a[split], middle[split]]), np.concatenate([middle[split], b[split]])
            a_points = np.concatenate([a_points[:, split], mid_points[:, split]], axis=1)
            a_tangents = np.concatenate([a_tangents[:, split], mid_tangents[:, split]], axis=1)
            b_points = np.concatenate([mid_points[:, split], b_points[:, split]], axis=1)
            b_tangents = np.concatenate([mid_tangents[:, split], b_tangents[:, split]], axis=1)
        return np.sort(np.concatenate(kept))

    def up(self, u, points, tangents):
        """The transported up axes (3, n) at ``u`` (n,), where the curve is at ``points`` with
        unit ``tangents`` (3, n)."""
        before = self._stacked.take(self._node(u), axis=1)
        return reflected(before[0:3], before[3:6], before[6:9], self._scaled(points), tangents)

    def held_headings(self, u):
        """The horizontal direction of travel (radians from +X) last taken before each of ``u``
        (n,) (the first one after, before any; +Y if the curve never leaves the vertical)."""
        return self._held_headings[self._node(u)]

    @functools.cached_property
    def closing_twist(self):
        """The angle (radians) about the start tangent from the transported up at the end to the
        one at the start: the minimal frame's mismatch on a closed curve (the end's up first
        turned the least way from the end's tangent to the start's: a corner at the seam)."""
        seam = np.zeros((3, 1))  # a step of no length: reflected in the tangents' sum, then the start's
        end = reflected(seam, self.tangents[:, -1:], self.ups[:, -1:], seam, self.tangents[:, :1])[:, 0]
        start = self.ups[:, 0]
        return float(np.arctan2(dot(cross(end, start), self.tangents[:, 0]), dot(end, start)))

    @functools.cached_property
    def _python(self):
        """The table as Python lists, for ``scalar_up`` (made when first asked for: a curve
        swept, not played, never needs them)."""
        return self.nodes.tolist(), self.points.T.tolist(), self.tangents.T.tolist(), self.ups.T.tolist()

    def scalar_up(self, u, point, tangent):
        """``up`` at one Python float ``u``, for a point and unit tangent given as 3 floats."""
        nodes, points, tangents, ups = self._python
        node = min(max(bisect.bisect_right(nodes, u) - 1, 0), len(nodes) - 2)
        scale = self._scale
        scaled = [point[0] * scale, point[1] * scale, point[2] * scale]
        return reflected_scalar(points[node], tangents[node], ups[node], scaled, tangent)

    def _scaled(self, points):
        return points * self._scale

    def _node(self, u):
        return np.clip(np.searchsorted(self.nodes, u, side="right") - 1, 0, self.nodes.size - 2)


def _held(headings, valid):
    """``headings`` where ``valid``, else the last valid one before (the first one after, before
    any; pi / 2 if none is)."""
    if not valid.any():
        return np.full(headings.shape, math.pi / 2)
    index = np.maximum.accumulate(np.where(valid, np.arange(valid.size), -1))
    index[index < 0] = np.flatnonzero(valid)[0]
    return headings[index]
