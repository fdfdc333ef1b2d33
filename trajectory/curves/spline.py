"""An editable spline, as the engines' editors make them (Unity's Splines, Godot's Path3D,
Blender's handles): cubic Bezier segments through knots, each knot with an in and an out tangent
kept by its ``TangentMode``, open or closed. Knots are inserted without changing the shape,
removed, moved; it is a ``Curve`` like any other (arc length, motions and frames work on it).

>>> track = Spline([[0, 0, 0], [4, 2, 0], [8, 0, 1]])
>>> track.insert(0.25)  # a knot half-way along the first segment: the shape stays
1
>>> track.set_mode(1, TangentMode.MIRRORED)
>>> track.tangents[1, 0].tolist() == (-track.tangents[1, 1]).tolist()
True
"""

import numpy as np

from trajectory._numerics.checks import finite_number, finite_points, flag
from trajectory._numerics.vectors import norms
from trajectory.curves import knot_tangents, spline_edits, spline_fit
from trajectory.curves.bezier import PiecewiseBezier
from trajectory.curves.editable import EditableCurve
from trajectory.curves.joined_length import JoinedBezier
from trajectory.curves.knot_tangents import IN, KEPT, OUT, TangentMode
from trajectory.curves.nurbs import NurbsCurve

_SIDES = {"in": IN, "out": OUT}


class Spline(EditableCurve):
    """Knots (k, 3) joined by cubic Bezier segments, open (k - 1 segments) or ``closed`` (k, the
    last back to the first), segment i covering u in [i / m, (i + 1) / m] of m segments.

    Args:
        points: The knots, shaped (k, 3), k >= 2, no two consecutive ones in one place; each gets
            ``TangentMode.AUTO``.
        closed: Whether the last knot joins the first.

    Every edit is checked before it is made: a bad one raises a ``ValueError`` and leaves the
    spline as it was. A ``Motion`` made of it sees the spline as it was then (``geometry``).
    """

    def __init__(self, points, closed=False):
        knots = finite_points(points, "spline knots", min_count=2)
        count = len(knots)
        closed = flag(closed, "closed")
        self._set(knots, np.zeros((count, 2, 3)), [TangentMode.AUTO] * count, np.zeros(count), closed)

    # What it is.

    def _parts(self):
        return f"{len(self._knots)} knots, {'closed' if self._closed else 'open'}"

    @property
    def knots(self):
        """The knots, (k, 3) (a copy)."""
        return self._knots.copy()

    @property
    def tangents(self):
        """Each knot's in and out handles as offsets from it, (k, 2, 3) (a copy)."""
        return self._tangents.copy()

    @property
    def modes(self):
        """Each knot's ``TangentMode``."""
        return tuple(self._modes)

    @property
    def tilts(self):
        """Each knot's tilt, radians counter-clockwise about the direction of travel, (k,)."""
        return self._tilts.copy()

    @property
    def closed(self):
        """Whether the last knot joins the first (``Curve.closed`` for a spline: made or set so;
        an open spline whose end knots lie together is open, with a seam)."""
        return self._closed

    @closed.setter
    def closed(self, value):
        self._set(self._knots, self._tangents, self._modes, self._tilts, flag(value, "closed"))

    def __eq__(self, other):
        """Whether ``other`` is a spline in the same state, exactly (knots, handles, modes,
        tilts, open or closed)."""
        if not isinstance(other, Spline):
            return NotImplemented
        return (
            self._closed == other._closed
            and self._modes == other._modes
            and np.array_equal(self._knots, other._knots)
            and np.array_equal(self._tangents, other._tangents)
            and np.array_equal(self._tilts, other._tilts)
        )

    __hash__ = None  # it changes with each edit

    def copy(self):
        """A spline in the same state, edited apart from this one (its tables shared until then)."""
        twin = Spline.__new__(Spline)
        twin.__dict__.update(self.__dict__)
        return twin

    def tilt_keys(self):
        """The knots' tilts as (s, angle) keys by arc-length fraction, (k, 2) (a closed loop's
        first knot also at s = 1): what ``Orientation(tilt=...)`` rolls the frames by."""
        table, segments = self._bezier.arc_length, len(self._bezier.control_points)
        s = np.append(table.at(np.arange(segments) / segments) / table.length, 1.0)
        return np.column_stack((s, np.append(self._tilts, self._tilts[0]) if self._closed else self._tilts))

    @property
    def geometry(self):
        """The spline as it is now: a ``PiecewiseBezier`` (what tables and motions are made of),
        measured segment by segment (``JoinedLength``: an edit re-measures what it changed)."""
        return self._bezier

    def to_bezier(self):
        """The spline as a ``PiecewiseBezier`` of the same segments."""
        return PiecewiseBezier(self._bezier.control_points)

    def to_nurbs(self, name=""):
        """The spline as a cubic ``NurbsCurve`` (each segment a Bezier span: interior knots of
        multiplicity 3), the same curve to rounding."""
        return NurbsCurve.of_bezier_segments(self._bezier.control_points, name)

    @classmethod
    def from_bezier(cls, curve):
        """The spline of a ``PiecewiseBezier``'s segments (joined end to end; closed where the
        last ends at the first's start); each knot ``MIRRORED``, ``ALIGNED`` or ``BROKEN`` as
        its handles are.

        Raises:
            ValueError: If the segments do not join.
        """
        knots, tangents, closed = knot_tangents.of_segments(curve.control_points)
        spline = cls.__new__(cls)
        modes = [knot_tangents.mode_of(pair) for pair in tangents]
        spline._set(knots, tangents, modes, np.zeros(len(knots)), closed)
        return spline

    @classmethod
    def from_state(cls, knots, tangents, modes, tilts, closed):
        """The spline of ``knots`` (k, 3), ``tangents`` (k, 2, 3), ``modes`` (k ``TangentMode``),
        ``tilts`` (k,) and ``closed``, exactly as given (what ``knots``, ``tangents``, ``modes``,
        ``tilts`` and ``closed`` read back); auto and linear tangents are recomputed.

        Raises:
            ValueError: If the shapes disagree, a value is not finite, or a mirrored or aligned
                knot's tangents do not keep their mode (to 1e-9 of their length).
        """
        knots, tangents, tilts = knot_tangents.checked_state(knots, tangents, modes, tilts)
        spline = cls.__new__(cls)
        spline._set(knots, tangents, list(modes), tilts, flag(closed, "closed"))
        return spline

    @classmethod
    def from_nurbs(cls, curve):
        """The spline of a non-rational ``NurbsCurve``'s knot intervals, exactly (see
        ``from_bezier``; a rational one: ``fit``).

        Raises:
            ValueError: If the curve is rational.
        """
        return cls.from_bezier(PiecewiseBezier(curve.bezier_segments()))

    @classmethod
    def fit(cls, curve, tolerance=None):
        """A spline of auto knots at equal arc lengths along any ``Curve`` (closed where the
        curve ends where it starts), a broken knot at each of its corners, as few as keep every
        point of the curve within ``tolerance`` (length units; by default 1e-3 of the curve's
        size) of it, doubling from 4 up to ``spline_fit.FIT_KNOTS``.

        Raises:
            ValueError: If the tolerance is not positive, or no spline of that many knots fits.
        """
        return spline_fit.fit(cls, curve, tolerance)

    # Edits.

    def insert(self, u):
        """A knot at curve parameter u (strictly inside a segment), the shape unchanged: the
        segment split by de Casteljau's construction. The new knot is ``ALIGNED`` (``LINEAR``
        on a straight segment between linear knots); neighbours whose mode would move their
        handle (auto, mirrored; linear beside a curved segment) become aligned or broken.

        Returns:
            The new knot's index.
        """
        u = finite_number(u, "u must be a number inside (0, 1)")
        segments = len(self._bezier.control_points)
        if not 0.0 < u < 1.0:
            raise ValueError(f"a knot is inserted at a u inside (0, 1), got {u!r}")
        segment = min(int(u * segments), segments - 1)
        t = u * segments - segment
        if t == 0.0:
            raise ValueError(f"there is a knot at u = {u:g} already")
        state, at = spline_edits.split(
            self._bezier.control_points, self._knots, self._tangents, self._modes, self._tilts, segment, t
        )
        self._set(*state, self._closed)
        return at

    def add(self, point, at_start=False):
        """A knot at ``point`` (3,) past the open end (the start when ``at_start``), auto; the
        end knot it follows, if auto, becomes an inner knot's auto tangent.

        Returns:
            The new knot's index.
        """
        if self._closed:
            raise ValueError("a closed loop has no end to add a knot past: insert one instead")
        point = finite_points([point], "a knot's point", count=1)[0]
        at = 0 if flag(at_start, "at_start") else len(self._knots)
        modes = list(self._modes)
        modes.insert(at, TangentMode.AUTO)
        self._set(
            np.insert(self._knots, at, point, axis=0),
            np.insert(self._tangents, at, np.zeros((2, 3)), axis=0),
            modes,
            np.insert(self._tilts, at, self._tilts[0 if at_start else -1]),
            False,
        )
        return at

    def remove(self, index):
        """Take knot ``index`` out: its two segments become the one cubic nearest to them (the
        neighbours' handles keep their directions and modes; auto and linear ones follow their
        new neighbours). An open end's knot goes with its segment; the rest stays as it was."""
        index = self._index(index)
        if len(self._knots) <= 2:
            raise ValueError("a spline keeps two knots at least")
        state = spline_edits.removed(
            self._bezier.control_points,
            self._knots,
            self._tangents,
            self._modes,
            self._tilts,
            self._closed,
            index,
        )
        self._set(*state, self._closed)

    def move(self, index, point):
        """Knot ``index`` to ``point`` (3,), its handles with it (auto and linear ones, its and
        its neighbours', follow the new place)."""
        index = self._index(index)
        knots = self._knots.copy()
        knots[index] = finite_points([point], "a knot's point", count=1)[0]
        self._set(knots, self._tangents, self._modes, self._tilts, self._closed)

    def move_tangent(self, index, side, vector):
        """Knot ``index``'s ``side`` ("in" or "out") handle to ``vector`` (3,), an offset from the
        knot; the mode decides the other (mirrored: its negative; aligned: opposite, its length
        kept; broken: left alone). An auto or linear knot becomes aligned, as in Blender."""
        index = self._index(index)
        if not isinstance(side, str) or side not in _SIDES:
            raise ValueError(f"side must be 'in' or 'out', got {side!r}")
        vector = finite_points([vector], "a tangent", count=1)[0]
        modes, tangents = list(self._modes), self._tangents.copy()
        if modes[index] in KEPT:
            modes[index] = TangentMode.ALIGNED
        tangents[index, _SIDES[side]] = vector
        tangents[index] = knot_tangents.kept_pair(tangents[index], modes[index], _SIDES[side])
        self._set(self._knots, tangents, modes, self._tilts, self._closed)

    def set_mode(self, index, mode):
        """Knot ``index``'s ``TangentMode``; its handles made to keep it (mirrored and aligned
        from the out handle)."""
        index = self._index(index)
        if not isinstance(mode, TangentMode):
            raise ValueError(f"mode must be a TangentMode, got {mode!r}")
        modes, tangents = list(self._modes), self._tangents.copy()
        modes[index] = mode
        tangents[index] = knot_tangents.kept_pair(tangents[index], mode, OUT)
        self._set(self._knots, tangents, modes, self._tilts, self._closed)

    def set_all_modes(self, mode):
        """Every knot's ``TangentMode`` (``NATURAL`` for a curve C² throughout); the handles made
        to keep it, in one change."""
        if not isinstance(mode, TangentMode):
            raise ValueError(f"mode must be a TangentMode, got {mode!r}")
        tangents = np.array([knot_tangents.kept_pair(pair, mode, OUT) for pair in self._tangents])
        self._set(self._knots, tangents, [mode] * len(self._knots), self._tilts, self._closed)

    def set_tilt(self, index, angle):
        """Knot ``index``'s tilt (radians, counter-clockwise about the direction of travel)."""
        index = self._index(index)
        tilts = self._tilts.copy()
        tilts[index] = finite_number(angle, "tilt must be a finite angle (radians)")
        self._set(self._knots, self._tangents, self._modes, tilts, self._closed)

    # The one place the state changes.

    def _set(self, knots, tangents, modes, tilts, closed):
        """Check and take a new state, or raise a ValueError and keep the old one."""
        if len(knots) < 2:
            raise ValueError("a spline keeps two knots at least")
        following = np.roll(knots, -1, axis=0) if closed else knots[1:]
        gaps = norms(following - (knots if closed else knots[:-1]))
        if np.any(gaps == 0.0):
            raise ValueError("two neighbouring knots would be in one place")
        if not (np.all(np.isfinite(tangents)) and np.all(np.isfinite(gaps))):
            raise ValueError("knots and tangents must be finite")
        tangents, controls = knot_tangents.segment_controls(knots, tangents, modes, closed)
        self._bezier = JoinedBezier(controls)
        self._knots, self._tangents, self._modes = knots.copy(), tangents, list(modes)
        self._tilts, self._closed = np.asarray(tilts, dtype=float).copy(), closed

    def _index(self, index):
        if isinstance(index, bool) or not isinstance(index, int | np.integer):
            raise ValueError(f"a knot's index must be a whole number, got {index!r}")
        if not -len(self._knots) <= index < len(self._knots):
            raise ValueError(f"there is no knot {index}: the spline has {len(self._knots)}")
        return int(index) % len(self._knots)
