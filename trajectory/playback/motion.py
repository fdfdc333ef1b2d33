"""A trajectory travelled over a duration at the pace a velocity curve sets.

At time t the object has travelled the fraction s = S(T^-1(t / duration)) of the trajectory's
arc length and stands at Q(u_k), where the arc length from Q(0) to Q(u_k) is s times the length.
"""

import math

import numpy as np

from trajectory._numerics import bracket_search
from trajectory._numerics.checks import at_least_zero, one_number, positive_finite, real_values
from trajectory.curves.curve import Curve
from trajectory.orientation import frames, rotations
from trajectory.orientation.frames import GRAVITY
from trajectory.playback import forces
from trajectory.playback.chord_tables import DEFAULT_TABLE_SIZE, ChordTables
from trajectory.timing.fastest import fastest_velocity
from trajectory.timing.rolling import rolling_velocity
from trajectory.timing.speed_limits import SpeedLimits
from trajectory.timing.velocity import VelocityCurve

_METHODS = ("exact", "chord")
"""``exact``: adaptive tables to float64 accuracy. ``chord``: the trajectory document's literal
method, chord-length tables searched and interpolated linearly."""
_BLOCK = 65536
"""Times per block when frames are computed in bulk."""
SPEED_ERROR_STEP = 1e-4
"""The time fraction either side over which ``Motion.speed_errors`` differences: far below the
chord tables' row spacing, far above where rounding in the distances would show."""


class Motion:
    """An object's motion along ``trajectory`` over ``duration`` seconds, paced by ``velocity``.

    Args:
        trajectory: A ``Curve`` (``CubicBezier``, ``PiecewiseBezier``, ``FunctionCurve``, ...).
        velocity: A ``VelocityCurve``.
        duration: Seconds from start to end, a positive finite number.
        method: ``"exact"`` (default: adaptive tables to float64 accuracy) or ``"chord"`` (the
            trajectory document's literal method: chord-length tables searched and
            interpolated linearly).
        table_size: Steps of u in the chord tables (``method="chord"`` only).

    Times are clamped to [0, duration]. A scalar time gives a scalar (or a ``(3,)`` point), an
    array of shape ``(n,)`` gives ``(n,)`` (or ``(n, 3)``).

    Raises:
        ValueError: On a duration that is not a positive finite number, an unknown method, or
            curves of the wrong kind.

    >>> from trajectory import CubicBezier, VelocityCurve
    >>> line = CubicBezier([[0, 0, 0], [1, 0, 0], [2, 0, 0], [4, 0, 0]])
    >>> motion = Motion(line, VelocityCurve.constant(), duration=2.0)
    >>> motion.position(0.5).round(12).tolist()
    [1.0, 0.0, 0.0]
    """

    def __repr__(self):
        return (
            f"Motion(duration {self.duration:g} s, length {self.length:.6g}, "
            f"velocity {self.velocity.name!r}, method {self.method!r})"
        )

    def __init__(self, trajectory, velocity, duration, *, method="exact", table_size=DEFAULT_TABLE_SIZE):
        if not isinstance(trajectory, Curve):
            raise ValueError(f"trajectory must be a Curve, got {type(trajectory).__name__}")
        if not isinstance(velocity, VelocityCurve):
            raise ValueError(f"velocity must be a VelocityCurve, got {type(velocity).__name__}")
        if not isinstance(method, str) or method not in _METHODS:
            raise ValueError(f"method must be one of {_METHODS}, got {method!r}")
        self.trajectory = trajectory.geometry  # an editable spline as it is now
        self.velocity = velocity
        self.duration = positive_finite(duration, "duration")
        self.method = method
        if method == "exact":
            self.length = trajectory.length
            self._distance_at, self._parameter_at = velocity.timing, trajectory.arc_length.table
            self._distance_scalar, self._parameter_scalar = (
                self._distance_at.scalar,
                self._parameter_at.scalar,
            )
            self._rate_scalar = velocity.rate_scalar
        else:
            tables = ChordTables(trajectory, velocity, table_size)
            self.length = tables.length
            self._distance_at, self._parameter_at = tables.distance_at_time, tables.parameter
            self._distance_scalar, self._parameter_scalar = self._distance_at, self._parameter_at
            self._rate_scalar = velocity.rate_scalar

    @classmethod
    def fastest(
        cls, trajectory, v_max, a_lat=None, accel=None, brake=None, v_start=0.0, v_end=0.0, *, jerk=None
    ):
        """The time-optimal motion along ``trajectory``: never faster than ``v_max``, never leaning
        on more lateral acceleration v² κ than ``a_lat``, nor speeding up or slowing down faster
        than ``accel`` and ``brake`` (the last three None for no limit), from ``v_start`` to
        ``v_end``. Length units and seconds; the duration is the result. Its velocity curve is a
        ``fastest.FastestVelocityCurve``, whose ``stretches`` say which limit binds where.

        Without ``accel`` the speed rises at once (``v_start`` then only has to be within the
        limits), without ``brake`` it drops at once.

        Raises:
            ValueError: If a limit is not a positive finite number, or v_start or v_end is
                negative, above the speed limit at its end, or cannot be reached or braked from.

        >>> from trajectory import CubicBezier
        >>> line = CubicBezier([[0, 0, 0], [10, 0, 0], [20, 0, 0], [30, 0, 0]])
        >>> motion = Motion.fastest(line, v_max=10.0, accel=5.0, brake=5.0)  # 2 s up, 1 s cruise, 2 s down
        >>> round(motion.duration, 12), round(float(motion.speed(2.5)), 12)
        (5.0, 10.0)
        """
        if not isinstance(trajectory, Curve):
            raise ValueError(f"trajectory must be a Curve, got {type(trajectory).__name__}")
        limits = SpeedLimits(v_max, a_lat, accel, brake, jerk)
        v_start, v_end = at_least_zero(v_start, "v_start"), at_least_zero(v_end, "v_end")
        velocity, duration = fastest_velocity(trajectory, limits, v_start, v_end)
        return cls(trajectory, velocity, duration)

    @classmethod
    def rolling(cls, trajectory, speed, *, g=GRAVITY, friction=0.0, drag=0.0, lifts=()):
        """A train rolling along ``trajectory`` (z up) under gravity from ``speed`` (length units
        per second): v² = v0² + 2 g (z0 - z) where nothing else acts; ``friction`` a rolling
        resistance (per unit of the force the track bears), ``drag`` an air drag (an acceleration
        per speed²); pulled at a constant speed over each of ``lifts`` ((start, end, speed), arc
        lengths and a speed), and never slower than 1 (or the slowest lift's speed, if slower):
        where it would be, a booster or a chain pulls it at that speed (from rest too), adding
        energy only up a climb (down a slope, until gravity's speed is the faster). The duration
        is the result (see ``timing.rolling``).

        Raises:
            ValueError: On a speed, friction or drag that is not a finite number >= 0, a g that
                is not positive, a speed (or a lift's) above ``timing.rolling.MAX_SPEED``
                (1e150), or lifts off the curve, backwards, overlapping or at no speed.

        >>> from trajectory import CubicBezier
        >>> slope = CubicBezier([[0, 0, 5], [10, 0, 10 / 3], [20, 0, 5 / 3], [30, 0, 0]])  # 5 down
        >>> bottom = Motion.rolling(slope, 2.0).speed(1e9)  # v² = 2² + 2 g h at the bottom
        >>> round(float(bottom), 9), round((4 + 2 * 9.81 * 5) ** 0.5, 9)
        (10.104454463, 10.104454463)
        """
        if not isinstance(trajectory, Curve):
            raise ValueError(f"trajectory must be a Curve, got {type(trajectory).__name__}")
        velocity, duration = rolling_velocity(trajectory, speed, g, friction, drag, lifts)
        return cls(trajectory, velocity, duration)

    def distance(self, t):
        """The fraction of the arc length travelled by time t, S(T^-1(t / duration))."""
        return self._distance_at(self._normalised(t))

    def parameter(self, t):
        """The trajectory parameter u_k reached at time t."""
        return self._parameter_at(self.distance(t))

    def position(self, t):
        """The point Q(u_k) reached at time t."""
        one, shaped = one_number(t)
        if one is not None:  # the per-frame path: Python floats until the curve
            s = self._distance_scalar(self._normalised(one))
            point = self.trajectory.evaluate(self._parameter_scalar(s))
            return point[None] if shaped else point
        return self.trajectory.evaluate(self.parameter(t))

    def speed(self, t):
        """The intended speed at time t in length units per second: L ds/dt / duration."""
        return self.velocity.rate_at_time(self._normalised(t)) * (self.length / self.duration)

    def acceleration(self, t):
        """The intended acceleration along the way at time t, length units per second²:
        L d²s/dt² / duration² (scalar or (n,))."""
        return self.velocity.acceleration_at_time(self._normalised(t)) * (self.length / self.duration**2)

    def g_forces(self, t, orientation="up", g=GRAVITY, **options):
        """The specific force a rider feels at time t (the acceleration less gravity's, what
        pushes them into the seat), in g, along the rider's right, forward and up axes: ``(3,)``
        for a scalar t, ``(n, 3)`` for ``(n,)``. On a level straight at constant speed, (0, 0, 1);
        at the bottom of a loop of radius r, 1 + v² / (g r) up. Exact from the curve's
        derivatives and the velocity curve (see ``forces``).

        Args:
            t: Seconds (clamped to [0, duration]).
            orientation: The rider's frame, as for ``frame``: ``"up"`` (default: the seat stays
                level across the way), ``"minimal"`` (a coaster's car, upside down in a loop),
                ``"yaw"`` or an ``Orientation``.
            g: The gravity, length units per second² (9.81: metres).
            options: ``bank`` (a gravity: a car leaning into turns feels no sideways force when
                it equals g), ``max_bank``, ``tilt``, ``closed``: as for ``frame``.

        Raises:
            ValueError: On a g that is not a positive finite number, or a frame ``frame``
                refuses.

        >>> from trajectory import CubicBezier, VelocityCurve
        >>> level = CubicBezier([[0, 0, 0], [10, 0, 0], [20, 0, 0], [30, 0, 0]])
        >>> Motion(level, VelocityCurve.constant(), 3.0).g_forces(1.0).round(12).tolist()
        [0.0, 0.0, 1.0]
        """
        return forces.g_forces(self, t, orientation, g, options)

    def speed_errors(self, fractions, step=SPEED_ERROR_STEP):
        """How far the speed the motion really produces is from the intended one, in ds/dt (the
        arc-length fraction per unit of time fraction), at the time ``fractions`` (n,) in [0, 1]:
        what the seed's chord tables get wrong (their ripple), and about 1e-12 for the exact
        method.

        Each is a central difference over ``step`` (a time fraction) either side, so a ripple
        between table rows shows at full height however coarse ``fractions`` is. The arc length
        reached (measured on the curve itself, by quadrature) less the intended s is
        differentiated, not each on its own, so the difference adds no error of its own.
        """
        fractions = np.asarray(fractions, dtype=float)
        before = np.clip(fractions - step, 0.0, 1.0)
        after = np.clip(fractions + step, 0.0, 1.0)
        ends = np.concatenate([before, after])
        reached = self.trajectory.arc_length.at(self.parameter(ends * self.duration))
        gap = reached / self.trajectory.length - self.velocity.distance_at_time(ends)
        return (gap[len(fractions) :] - gap[: len(fractions)]) / (after - before)

    def time_at_distance(self, s):
        """The first time (seconds) at which the arc-length fraction ``s`` is reached: the inverse
        of ``distance`` (where a velocity curve holds still at s, the time the hold begins).
        Scalar or (n,); s is clamped to [0, 1]."""
        s = np.clip(real_values(s, "distance"), 0.0, 1.0)
        return bracket_search.first_reaching_any(self._distance_at, self._distance_scalar, s) * self.duration

    def time_at_parameter(self, u):
        """The first time (seconds) at which the curve parameter ``u`` is reached (scalar or
        (n,), clamped to [0, 1])."""
        u = np.clip(real_values(u, "u"), 0.0, 1.0)
        return self.time_at_distance(
            bracket_search.first_reaching_any(self._parameter_at, self._parameter_scalar, u)
        )

    def frame(self, t, mode="minimal", **options):
        """The object's orientation at time t: a rotation matrix whose columns are its right,
        forward and up axes in world coordinates, ``(3, 3)`` for a scalar t, ``(n, 3, 3)`` for
        shape ``(n,)``. Forward is the direction of travel.

        Args:
            t: Seconds (clamped to [0, duration]).
            mode: ``"minimal"`` (rotation-minimising), ``"yaw"`` or ``"up"``: see ``frames``; or
                an ``Orientation``.
            options: ``closed``, ``bank`` (a gravity: leans into turns by atan(v² κ / g) at this
                motion's speed v), ``max_bank``, ``tilt``: see ``Orientation``.

        Raises:
            ValueError: On an unknown mode or an option that is not valid.

        >>> from trajectory import CubicBezier, VelocityCurve
        >>> rise = CubicBezier([[0, 0, 0], [0, 1, 0], [0, 2, 1], [0, 3, 1]])
        >>> Motion(rise, VelocityCurve.constant(), 1.0).frame(0.0).round(12).tolist()
        [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]
        """
        orientation = frames.Orientation.of(mode, options) if options else mode
        found, shaped = self._one_frame(t, orientation)
        if found is not None:
            matrix = np.array(found[1]).T
            return matrix[None] if shaped else matrix
        return self._orientations(t, frames.Orientation.of(orientation, {}), (3, 3), frames.matrices)

    def quaternion(self, t, mode="minimal", **options):
        """The rotation of ``frame`` as a unit quaternion (w, x, y, z) with w >= 0 (the order of
        Panda3D's ``LQuaternion``): ``(4,)`` for a scalar t, ``(n, 4)`` for shape ``(n,)``."""
        orientation = frames.Orientation.of(mode, options) if options else mode
        found, shaped = self._one_frame(t, orientation)
        if found is not None:
            rotation = np.array(rotations.quaternion_scalar(*found[1]))
            return rotation[None] if shaped else rotation
        orientation = frames.Orientation.of(orientation, {})
        return self._orientations(t, orientation, (4,), rotations.quaternions_of_columns)

    def pose(self, t, mode="minimal", **options):
        """``position`` and ``quaternion`` at time t together (one lookup of the curve for both:
        the per-frame call of an object that faces its way): ``(3,)`` and ``(4,)`` for a scalar t,
        ``(n, 3)`` and ``(n, 4)`` for shape ``(n,)``."""
        orientation = frames.Orientation.of(mode, options) if options else mode
        found, shaped = self._one_frame(t, orientation)
        if found is not None:
            point, rotation = np.array(found[0]), np.array(rotations.quaternion_scalar(*found[1]))
            return (point[None], rotation[None]) if shaped else (point, rotation)
        return self.position(t), self.quaternion(t, mode, **options)

    def _orientations(self, t, orientation, shape, convert):
        """``convert``ed frame columns at times t, ``shape`` each, a block of times at a time (the
        arithmetic on a block that fits in the cache runs several times faster)."""
        t = real_values(t, "time")
        times = np.atleast_1d(t)
        result = np.empty(times.shape + shape)
        for start in range(0, times.size, _BLOCK):
            block = times[start : start + _BLOCK]
            s = self.distance(block)
            speeds = self.speed(block) if orientation.bank else None
            columns = frames.frame_columns(self.trajectory, orientation, self._parameter_at(s), s, speeds)
            result[start : start + _BLOCK] = convert(*columns)
        return result[0] if np.ndim(t) == 0 else result

    def _one_frame(self, t, orientation):
        """``_scalar_frame`` for one time given any way (a float, a numpy number, a (1,) array):
        (its answer or None, whether t was a (1,) array): every way of asking for one pose costs
        what the fastest does."""
        if type(t) is float and not math.isnan(t):  # the per-frame case first
            return self._scalar_frame(t, orientation), False
        one, shaped = one_number(t)
        return (None, False) if one is None else (self._scalar_frame(one, orientation), shaped)

    def _scalar_frame(self, t, mode):
        """The point and frame columns at one float time for a mode name or an ``Orientation``,
        in plain Python; None where the bulk path must answer (a stop, a vertical tangent, a mode
        that is not valid, which it refuses)."""
        fraction = min(max(t, 0.0), self.duration) / self.duration
        if type(mode) is str:
            if mode not in frames.MODES:
                return None
            s = self._distance_scalar(fraction)
            return frames.scalar_pose(self.trajectory, mode, self._parameter_scalar(s), s)
        if not isinstance(mode, frames.Orientation):
            return None
        s = self._distance_scalar(fraction)
        speed = self._rate_scalar(fraction) * (self.length / self.duration) if mode.bank else None
        return frames.scalar_pose(self.trajectory, mode, self._parameter_scalar(s), s, speed)

    def _normalised(self, t):
        t = real_values(t, "time")
        if isinstance(t, float):
            return min(max(t, 0.0), self.duration) / self.duration
        return np.clip(t, 0.0, self.duration) / self.duration
