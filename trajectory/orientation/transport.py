"""The rotation-minimising frame of a curve as a table: the up axis carried along it by parallel
transport (double reflection on steps refined until they agree with their halves), and the
horizontal heading held through vertical stretches. Built once per curve (``transport_of``); a
spline's segments are refined each on its own and kept, so that an edit refines only the
segments it changed."""

import bisect
import collections
import functools
import itertools
import math
import typing
import weakref

import numpy as np

from trajectory._numerics.vectors import cross, dot, length, norms
from trajectory.curves.bezier import PiecewiseBezier, power_coefficients
from trajectory.curves.curve import STOPPED, unit_tangents
from trajectory.orientation.rotations import reference_ups, reflected, reflected_scalar, up_towards_z

STEP_TOLERANCE = 1e-13
"""Largest change (radians) in a transport step's result when the step is halved: the steps'
errors add up to the transported frame's, about 1e-10 rad over a few thousand steps."""
VERTICAL = 1e-9
"""A unit tangent whose horizontal part is shorter than this counts as vertical."""
_INITIAL_STEPS = 128
"""Even steps a curve (each Bezier segment of a spline) starts with, before any is halved: a
drag's four segments of a 100-knot spline refined in 1.6 ms (1.9 from 64: rounds fewer, each
costing about the same) for 0.8 % more nodes."""
SEGMENTS_KEPT = 1024
"""Segments' transport steps kept (by their control points) for the next edit of a spline; more
while a longer one is built."""
FEW_SEGMENTS = 8
"""A query of a spline's ups within at most this many segments takes their own tables; one of
more joins the segments' tables first (once)."""
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
    """A curve's rotation-minimising up axis at nodes u_0 = 0 <= ... <= u_m = 1, carried by double
    reflection (Wang, Juttler, Zheng and Liu 2008) over steps refined until halving any of them
    changes its result by less than ``STEP_TOLERANCE``; and the horizontal heading there, held
    through vertical stretches. Any u is reached by one more reflection from the node before it.

    The reflections work on points scaled by a power of two that makes the curve about 1 across
    (exactly, so nothing rounds differently): a curve 1e-155 or 1e155 across squares its chords
    without underflow or overflow.

    A Bezier spline's segments are refined each in its own t (and kept, by their control
    points, for the next edit); the node where two meet is there twice, once with each one's
    tangent, and the step between the two turns the up the least way across any corner. The
    table holds each node's reference frame and the up's angle from it, not the up itself: a
    segment's angles are its own steps' sum from its start, kept with it, so that joining the
    segments after an edit only adds each one's start angle (the ups are made where asked).

    Attributes:
        nodes: (m + 1,) the values of u, ascending (a spline's joins twice).
        points, tangents, ups: (3, m + 1) the curve's points (scaled), unit tangents and up axes
            there.
        segment_angles: A spline's only: (k,) the angle (radians) of the up at each Bezier
            segment's start, turned from its reference up towards its right: the minimal frame
            along a segment is the one carried from the reference at its start, rolled by this
            as a whole.
    """

    def __init__(self, curve):
        self.curve = curve
        if isinstance(curve, PiecewiseBezier):
            control_points = curve.control_points
            self._scale = _power_of_two_near(float(np.abs(control_points).max()))
            self._segments = _segments_of(control_points, self._scale)
            first = self._segments[0].table[:, 0]
            self._start = up_towards_z(first[3:6], first[6:9], first[9:12])
            self.segment_angles = self._start + _start_angles(self._segments)
        else:
            nodes = np.union1d(np.linspace(0.0, 1.0, _INITIAL_STEPS + 1), curve.arc_length.u_breaks)
            self._scale = _power_of_two_near(float(np.abs(curve.evaluate(nodes)).max()))

            def sample(u, _):
                return curve.evaluate(u).T * self._scale, unit_tangents(curve, u)

            nodes, _ = _refined(sample, nodes, np.zeros(len(nodes), dtype=int))
            self._segments = None
            self.nodes, self._table = nodes, _table(*sample(nodes, None), (0, len(nodes)))
            self._start = up_towards_z(self._table[3:6, 0], self._table[6:9, 0], self._table[9:12, 0])

    @functools.cached_property
    def nodes(self):
        return self._joined[0]

    @functools.cached_property
    def _table(self):
        """The rows: points, tangents, reference ups, their right axes, the up's angles."""
        return self._joined[1]

    @functools.cached_property
    def _joined(self):
        """A spline's nodes and table, its segments' joined: made when a query asks for many
        points (or for the whole table), not for a few (a drag's)."""
        return _joined(self._segments, self.segment_angles - self._start)

    @property
    def points(self):
        return self._table[0:3]

    @property
    def tangents(self):
        return self._table[3:6]

    @functools.cached_property
    def ups(self):
        return _ups(self._table, self._start)

    def up(self, u, points, tangents):
        """The transported up axes (3, n) at ``u`` (n,), where the curve is at ``points`` with
        unit ``tangents`` (3, n)."""
        if "_stacked" in self.__dict__ or u.size > self._node_count:
            before = self._stacked.take(self._node(u), axis=1)
            ups = before[6:9]
        else:  # fewer queries than nodes: their ups alone, a few segments' from their own tables
            before = self._few_segments(u)
            if before is None:
                before = self._table.take(self._node(u), axis=1)
            ups = _ups(before, self._start)
        return reflected(before[0:3], before[3:6], ups, points * self._scale, tangents)

    @functools.cached_property
    def _node_count(self):
        if self._segments is None:
            return self.nodes.size
        return sum(len(stepped.t) for stepped in self._segments)

    def _few_segments(self, u):
        """The table's columns (13, n) of the nodes before ``u`` (n,) on a spline whose table is
        not joined, where they lie in at most ``FEW_SEGMENTS`` segments (a drag's changed ones),
        each segment's taken from its own table, its angles turned by its start's; else None."""
        if self._segments is None or "_table" in self.__dict__:
            return None
        count = len(self._segments)
        scaled = u * count
        segment = np.clip(np.floor(scaled).astype(int), 0, count - 1)
        order = np.argsort(segment, kind="stable")
        bounds = np.searchsorted(segment[order], np.arange(count + 1))
        touched = np.flatnonzero(np.diff(bounds))
        if len(touched) > FEW_SEGMENTS:
            return None
        columns = np.empty((13, u.size))
        for index in touched:
            at = order[bounds[index] : bounds[index + 1]]
            stepped = self._segments[index]
            node = np.searchsorted(stepped.t, scaled[at] - index, side="right") - 1
            node = np.clip(node, 0, len(stepped.t) - 2)
            columns[:, at] = stepped.table[:, node]
            columns[12, at] += self.segment_angles[index] - self._start
        return columns

    @functools.cached_property
    def _stacked(self):
        """The points, tangents and ups (9, m + 1), made for a query of more points than the
        table has nodes: one gather each from then on, no angle turned."""
        return np.concatenate([self._table[0:6], self.ups])

    def held_headings(self, u):
        """The horizontal direction of travel (radians from +X) last taken before each of ``u``
        (n,) (the first one after, before any; +Y if the curve never leaves the vertical)."""
        return self._held_headings[self._node(u)]

    @functools.cached_property
    def _held_headings(self):
        tangents = self.tangents
        horizontal = np.hypot(tangents[0], tangents[1]) > VERTICAL
        return _held(np.arctan2(tangents[1], tangents[0]), horizontal)

    @functools.cached_property
    def closing_twist(self):
        """The angle (radians) about the start tangent from the transported up at the end to the
        one at the start: the minimal frame's mismatch on a closed curve (the end's up first
        turned the least way from the end's tangent to the start's: a corner at the seam)."""
        seam = np.zeros((3, 1))  # a step of no length: reflected in the tangents' sum, then the start's
        ends = _ups(self._end_columns(), self._start)
        end = reflected(seam, self.tangents[:, -1:], ends[:, 1:], seam, self.tangents[:, :1])[:, 0]
        start, tangent = ends[:, 0], self.tangents[:, 0]
        return float(np.arctan2(dot(cross(end, start), tangent), dot(end, start)))

    def _end_columns(self):
        """The table's first and last columns (13, 2)."""
        if self._segments is None:
            return self._table[:, [0, -1]]
        last = self._segments[-1].table[:, -1:].copy()
        last[12] += self.segment_angles[-1] - self._start
        return np.column_stack([self._segments[0].table[:, 0], last])

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

    def _node(self, u):
        return np.clip(np.searchsorted(self.nodes, u, side="right") - 1, 0, self.nodes.size - 2)


def _ups(table, start):
    """The transported ups (3, k) of columns of a ``Transport`` table (13, k): each the
    reference up turned by the start's angle plus its own towards the reference's right."""
    angles = start + table[12]
    return np.cos(angles) * table[6:9] + np.sin(angles) * table[9:12]


def _table(points, tangents, bounds):
    """A transport table (13, k) of nodes where the curve is at ``points`` with unit ``tangents``
    (3, k): those, the reference ups and their right axes, and the up's angle from the reference
    (the steps' twists summed, from 0 at the first node of each run of nodes between two of
    ``bounds``: a curve, or each of the segments sampled together)."""
    reference, twists = _steps(points, tangents)
    zeros = np.zeros((1, points.shape[1]))
    table = np.concatenate([points, tangents, reference, cross(tangents, reference), zeros])
    for a, b in itertools.pairwise(bounds):
        np.cumsum(twists[a : b - 1], out=table[12, a + 1 : b])
    return table


def _power_of_two_near(size):
    """The power of two that scales ``size`` (length units, >= 0) to within [0.5, 1): 1 for 0."""
    return math.ldexp(1.0, -math.frexp(size)[1]) if size > 0.0 else 1.0


def _refined(sample, nodes, lanes):
    """``nodes`` (k,) of curves ``lanes`` (k,) (each lane's nodes ascending, its steps between
    consecutive ones), with the middle of every step added, round after round, until halving no
    step changes its result by more than ``STEP_TOLERANCE``: the nodes and their lanes, sorted
    by lane, then node. ``sample(u, lane)`` gives the (scaled) points and unit tangents, each
    (3, n). A step kept once is kept for good (its check depends on its ends alone), so each
    round checks only the steps the last one made."""
    same = lanes[:-1] == lanes[1:]
    a, b, lane = nodes[:-1][same], nodes[1:][same], lanes[:-1][same]
    kept, kept_lanes = [nodes], [lanes]
    a_points, a_tangents = sample(a, lane)
    b_points, b_tangents = sample(b, lane)
    for _ in range(_MAX_ROUNDS):
        middle = (a + b) / 2.0
        mid_points, mid_tangents = sample(middle, lane)
        start = reference_ups(a_tangents)
        whole, halfway = np.hsplit(  # both from the step's start: one call
            reflected(
                np.hstack([a_points, a_points]),
                np.hstack([a_tangents, a_tangents]),
                np.hstack([start, start]),
                np.hstack([b_points, mid_points]),
                np.hstack([b_tangents, mid_tangents]),
            ),
            2,
        )
        halves = reflected(mid_points, mid_tangents, halfway, b_points, b_tangents)
        change = whole - halves  # unit vectors' difference: its square cannot underflow a step kept
        split = (dot(change, change) > STEP_TOLERANCE**2) & (b - a > _MIN_WIDTH)
        if not split.any():
            break
        kept.append(middle[split])
        kept_lanes.append(lane[split])
        a, b = np.concatenate([a[split], middle[split]]), np.concatenate([middle[split], b[split]])
        lane = np.concatenate([lane[split], lane[split]])
        a_points = np.concatenate([a_points[:, split], mid_points[:, split]], axis=1)
        a_tangents = np.concatenate([a_tangents[:, split], mid_tangents[:, split]], axis=1)
        b_points = np.concatenate([mid_points[:, split], b_points[:, split]], axis=1)
        b_tangents = np.concatenate([mid_tangents[:, split], b_tangents[:, split]], axis=1)
    nodes, lanes = np.concatenate(kept), np.concatenate(kept_lanes)
    order = np.lexsort((nodes, lanes))
    return nodes[order], lanes[order]


def _twists(points, tangents, reference, next_points, next_tangents, next_reference):
    """The angle (radians) each step turns the up axis by, from a ``reference`` up at its start
    to one at its end (all (3, n)): the transported up's angle from the reference grows by it."""
    moved = reflected(points, tangents, reference, next_points, next_tangents)
    right = cross(next_tangents, next_reference)
    return np.arctan2(dot(moved, right), dot(moved, next_reference))


def _steps(points, tangents):
    """The reference ups (3, n) at columns of ``points`` with unit ``tangents`` (3, n), and the
    twist of each step between consecutive columns (n - 1,)."""
    reference = reference_ups(tangents)
    twists = _twists(
        points[:, :-1], tangents[:, :-1], reference[:, :-1], points[:, 1:], tangents[:, 1:], reference[:, 1:]
    )
    return reference, twists


class _Stepped(typing.NamedTuple):
    """One Bezier segment's transport steps, in its own t in [0, 1]: the nodes (k,) and its
    transport table (13, k), its angles from 0 at its start."""

    t: np.ndarray
    table: np.ndarray


_stepped = collections.OrderedDict()
"""Segments' steps by their control points' bytes and the scale, the most recently used last: an
edit of a spline refines only the segments it changed (a drag of one knot of a hundred, four)."""


def _segments_of(control_points, scale):
    """The ``_Stepped`` of each of the Bezier segments (m, 4, 3): those refined before kept, the
    rest refined now, all at once."""
    keys = [(points.tobytes(), scale) for points in control_points]
    new = [key for key in dict.fromkeys(keys) if key not in _stepped]
    if new:
        steps = _segments_stepped(np.array([np.frombuffer(key[0]).reshape(4, 3) for key in new]), scale)
        _stepped.update(zip(new, steps))
    tables = [_stepped[key] for key in keys]
    for key in dict.fromkeys(keys):
        _stepped.move_to_end(key)
    while len(_stepped) > max(SEGMENTS_KEPT, len(keys)):
        _stepped.popitem(last=False)
    return tables


def _start_angles(segments):
    """The angle (m,) each of the joined ``segments`` (``_Stepped``) turns its start's up by, from 0
    at the first: the angles before it, and the least turn from one tangent to the next at each
    join (where two segments meet, the node is there twice, once with each one's tangent)."""
    if len(segments) == 1:
        return np.zeros(1)
    last = np.stack([stepped.table[:, -1] for stepped in segments[:-1]], axis=1).reshape(13, -1)
    first = np.stack([stepped.table[:, 0] for stepped in segments[1:]], axis=1).reshape(13, -1)
    joins = _twists(last[0:3], last[3:6], last[6:9], first[0:3], first[3:6], first[6:9])
    return np.concatenate([[0.0], np.cumsum(last[12] + joins)])


def _joined(segments, starts):
    """The nodes (n,) and transport table (13, n) of the Bezier ``segments`` (``_Stepped``)
    joined, segment k's t at u = (k + t) / m, its angles turned by its start's of ``starts``."""
    count = len(segments)
    sizes = np.array([len(stepped.t) for stepped in segments])
    nodes = (np.concatenate([stepped.t for stepped in segments]) + np.repeat(np.arange(count), sizes)) / count
    table = np.concatenate([stepped.table for stepped in segments], axis=1)
    table[12] += np.repeat(starts, sizes)
    return nodes, table


def _segments_stepped(control_points, scale):
    """The ``_Stepped`` of each of the Bezier segments (n, 4, 3), refined all at once."""
    count, lanes = len(control_points), _BezierLanes(control_points * scale)
    local = np.linspace(0.0, 1.0, _INITIAL_STEPS + 1)
    t, lane = _refined(lanes.sample, np.tile(local, count), np.repeat(np.arange(count), len(local)))
    bounds = np.searchsorted(lane, np.arange(count + 1))
    table = _table(*lanes.sample(t, lane), bounds)
    return [_Stepped(t[a:b], table[:, a:b]) for a, b in itertools.pairwise(bounds)]


class _BezierLanes:
    """Cubic Bezier segments (n, 4, 3), each a curve of its own t in [0, 1]: their points and
    unit tangents at t (k,) on lanes (k,) (segment indices)."""

    def __init__(self, control_points):
        self._coefficients = power_coefficients(control_points).transpose(0, 2, 1).copy()  # (4, 3, n)
        self._sizes = norms(np.diff(control_points, axis=1)).sum(axis=1)  # the control polygons

    def sample(self, t, lane):
        """Points and unit tangents, each (3, k). Where a segment stops (Q' = 0), the direction
        it goes on in (or came from, at t = 1): that of +-Q'', or where Q'' vanishes too, of the
        cubic coefficient (Q' grows as its multiple on either side)."""
        c0, c1, c2, c3 = self._coefficients.take(lane, axis=2)  # one gather, each (3, k)
        points = c0 + t * (c1 + t * (c2 + t * c3))
        first = c1 + t * (2.0 * c2 + t * (3.0 * c3))
        speed = np.sqrt(dot(first, first))  # the curve scaled to about 1 across: no overflow
        stopped = speed <= STOPPED * self._sizes[lane]
        if stopped.any():
            side = np.where(t[stopped] < 1.0, 1.0, -1.0)
            bending = (2.0 * c2[:, stopped] + 6.0 * t[stopped] * c3[:, stopped]) * side
            flat = length(bending) == 0.0
            bending[:, flat] = c3[:, stopped][:, flat]
            first[:, stopped] = bending
            speed[stopped] = length(bending)
        first /= speed
        return points, first


def _held(headings, valid):
    """``headings`` where ``valid``, else the last valid one before (the first one after, before
    any; pi / 2 if none is)."""
    if not valid.any():
        return np.full(headings.shape, math.pi / 2)
    index = np.maximum.accumulate(np.where(valid, np.arange(valid.size), -1))
    index[index < 0] = np.flatnonzero(valid)[0]
    return headings[index]
