"""Velocity curves V(u) = (S(u), T(u)): the fraction of the trajectory's length travelled, S, and
the fraction of the duration elapsed, T, both functions of a parameter u in [0, 1].

Both are normalised to [0, 1] through their end values, as the seed asks. At time fraction t the
object has travelled s(t) = S(T^-1(t)); ``VelocityCurve.distance_at_time`` gives it from a table
built once (see ``inverse_fit``), or, when S and T are cubic polynomials (the CSS easings and the
seed's cubic form), by solving T(u) = t to rounding (see ``cubic_timing``).
"""

import functools

import numpy as np

from trajectory._numerics import inverse_fit
from trajectory._numerics.checks import breakpoints as checked_breakpoints
from trajectory._numerics.checks import finite_number
from trajectory.timing import velocity_checks as checks
from trajectory.timing.cubic_timing import CubicTiming, bezier_power, cubic
from trajectory.timing.keyed_velocity import keyed_table

DISTANCE_TOLERANCE = 1e-14
"""Largest accepted error of s(t) at the table's check points."""
_INITIAL_PIECES = 8
_MIN_PIECE_WIDTH = 1e-10
UNRESOLVED = 1e-11
"""A table still missing by more than this at its least piece width is refused (see ``arclength``)."""


class VelocityCurve:
    """A velocity curve: S(u), the normalised distance, and T(u), the normalised time.

    Args:
        distance: ``S(u)``, vectorised over arrays of u.
        time: ``T(u)``, vectorised, strictly increasing on [0, 1].
        breakpoints: Interior values of u where S or T is not smooth.
        name: A label for menus and plots.

    Raises:
        ValueError: If T is not strictly increasing, S does not move, or the normalised S
            leaves [0, 1].

    >>> v = VelocityCurve.ease_in_out()
    >>> float(v.distance(0.25)), float(v.distance(0.75)), round(float(v.distance_at_time(0.25)), 12)
    (0.125, 0.875, 0.125)
    """

    def __repr__(self):
        return f"VelocityCurve({self.name!r})"

    def __init__(self, distance, time, *, breakpoints=(), name="custom"):
        breakpoints = checked_breakpoints(breakpoints)
        grid = checks.check_grid(breakpoints)
        raw_s, raw_t = checks.sampled(distance, grid, "S"), checks.sampled(time, grid, "T")
        s0, s_span = raw_s[0], raw_s[-1] - raw_s[0]
        t0, t_span = raw_t[0], raw_t[-1] - raw_t[0]
        if not t_span > 0.0:
            raise ValueError(
                f"T(u) must increase from u = 0 to u = 1, got T(0) = {raw_t[0]:g}, T(1) = {raw_t[-1]:g}"
            )
        if s_span == 0.0:
            raise ValueError("S(u) must differ between u = 0 and u = 1: the object would never move")
        checks.check_increasing(raw_t, grid)
        checks.check_in_unit_range((raw_s - s0) / s_span, grid)
        self._take(distance, time, name, breakpoints, shifts=(s0, 1.0 / s_span, t0, 1.0 / t_span))

    def _take(
        self, distance, time, name, breakpoints=(), timing=None, rate=None, shifts=(0.0, 1.0, 0.0, 1.0)
    ):
        """Every velocity curve's state, checked already: S and T as given with the shifts and
        scales that normalise them (s0, 1 / S's span, t0, 1 / T's span), and s(t) and ds/dt where
        known in closed form (else tabled on first use): ``timing`` callable on a float or an
        array with a fast ``.scalar``, ``rate`` callable on either."""
        self.name, self.breakpoints = name, tuple(breakpoints)
        self._distance, self._time = distance, time
        self._s0, self._s_scale, self._t0, self._t_scale = shifts
        self._known_timing, self._known_rate = timing, rate

    @classmethod
    def _known(cls, distance, time, name, timing, breakpoints=(), rate=None):
        """A velocity curve whose S and T are normalised and checked already and whose s(t) is
        known (see ``_take``): the keyed, cubic and fastest curves."""
        curve = cls.__new__(cls)
        curve._take(distance, time, name, breakpoints, timing, rate)
        return curve

    @classmethod
    def _cubic(cls, s, t, name):
        """The curve of cubic S and T given by normalised ascending coefficients (0, a1, a2, a3),
        T checked to increase; S's range is checked here, exactly, and s(t) solved to rounding."""
        checks.check_cubic_distance(s)
        timing = CubicTiming(s, t)
        return cls._known(
            functools.partial(cubic, s), functools.partial(cubic, t), name, timing, rate=timing.rate
        )

    def distance(self, u):
        """S(u), normalised so that S(0) = 0 and S(1) = 1 (scalar or array)."""
        return (self._distance(u) - self._s0) * self._s_scale

    def time(self, u):
        """T(u), normalised so that T(0) = 0 and T(1) = 1 (scalar or array)."""
        return (self._time(u) - self._t0) * self._t_scale

    @functools.cached_property
    def timing(self):
        """s(t) = S(T^-1(t)) on t in [0, 1]: a callable of a scalar or an array of t, with a fast
        ``.scalar(t)`` for one Python float, exactly 0 and 1 at the ends: a ``timing.PiecewisePolynomial``
        fitted to S and T (the keys' or the fastest motion's pieces themselves; for cubics a
        ``CubicTiming``, solved to rounding)."""
        if self._known_timing is not None:
            return self._known_timing

        def sample(lo, hi):
            u = inverse_fit.sample_parameters(lo, hi)
            t = self.time(u)
            return t - t[:, :1], self.distance(u), 1.0, 0.0

        breaks = np.concatenate(([0.0], self.breakpoints, [1.0]))
        fit = inverse_fit.fit_inverse(
            sample,
            breaks,
            tolerance=DISTANCE_TOLERANCE,
            initial_pieces=_INITIAL_PIECES,
            min_width=_MIN_PIECE_WIDTH,
        )
        if fit.worst > UNRESOLVED:
            raise ValueError(
                f"s(t) = S(T^-1(t)) changes too abruptly near u = {fit.worst_at:.3g} to be tabled "
                "(it misses by "
                f"{fit.worst:.1e} there): does T stand still there while S moves?"
            )
        return inverse_fit.normalised_table(fit.widths, fit.coeffs, variable="time")

    @functools.cached_property
    def _rates(self):
        """ds/dt for any t and for one float t: the rate known, or the timing table's derivative."""
        if self._known_rate is not None:
            return self._known_rate, self._known_rate
        table = self.timing.derivative()
        return table, table.scalar

    def distance_at_time(self, t):
        """s(t) = S(T^-1(t)) for normalised time t in [0, 1] (scalar or array, clamped).

        Raises:
            ValueError: If t holds NaN or anything but real numbers.
        """
        return self.timing(t)

    def rate_at_time(self, t):
        """ds/dt at normalised time t: 1 everywhere for constant speed (scalar or array)."""
        return self._rates[0](t)

    def acceleration_at_time(self, t):
        """d²s/dt² at normalised time t (scalar or array): 0 everywhere for constant speed; the
        timing's own second derivative (a cubic's in closed form, a table's piece by piece)."""
        return self._acceleration(t)

    @functools.cached_property
    def _acceleration(self):
        timing = self.timing
        return timing.acceleration if isinstance(timing, CubicTiming) else timing.derivative().derivative()

    def rate_scalar(self, t):
        """``rate_at_time`` for one Python float t (the per-frame path of a banked motion)."""
        return self._rates[1](t)

    @classmethod
    def from_keys(cls, keys, speeds=None, name="keys"):
        """The velocity curve through keys (t, s): the object is at arc-length fraction s at time
        fraction t. A shape-preserving monotone cubic joins them (Fritsch and Carlson), so the
        object never goes back nor overshoots a key; two keys with the same s make a hold.

        Args:
            keys: (t, s) pairs from (0, 0) to (1, 1), t increasing, s never decreasing.
            speeds: Optionally ds/dt at each key (None for the shape-preserving choice there).
            name: A label for menus and plots.

        Raises:
            ValueError: If the keys do not run from (0, 0) to (1, 1), t does not increase, s
                decreases, a number is not finite, or given speeds would send the object back.

        >>> hold = VelocityCurve.from_keys([(0, 0), (0.4, 0.5), (0.6, 0.5), (1, 1)])
        >>> [float(hold.distance_at_time(t)) for t in (0.4, 0.5)], float(hold.rate_at_time(0.5))
        ([0.5, 0.5], 0.0)
        """
        table = keyed_table(keys, speeds)
        return cls._known(table, identity, name, table, breakpoints=table.breaks[1:-1].tolist())

    # The seed's two examples.

    @classmethod
    def constant(cls):
        """Constant speed: S(u) = u, T(u) = u."""
        return cls(identity, identity, name="constant")

    @classmethod
    def ease_in_out(cls):
        """The seed's ease-in/ease-out: S = 2u^2 for u < 1/2, else -2u^2 + 4u - 1; T = u."""
        return cls(_ease_in_out, identity, breakpoints=(0.5,), name="ease in-out")

    @classmethod
    def cubic(cls, s=(0.0, 0.0, 1.0, 0.0), t=(0.0, 0.0, 1.0, 0.0), name="cubic"):
        """The seed's general form: S(u) = s[0] u^3 + s[1] u^2 + s[2] u + s[3], T likewise.

        Raises:
            ValueError: As the constructor, checked exactly from the coefficients.
        """
        s_coeffs, t_coeffs = checks.cubic_coefficients(s, "s"), checks.cubic_coefficients(t, "t")
        checks.check_cubic_time(t_coeffs[::-1])
        return cls._cubic(
            checks.normalised_cubic(s_coeffs, "S"), checks.normalised_cubic(t_coeffs, "T"), name
        )

    # Presets animators expect.

    @classmethod
    def ease_in(cls):
        """Start at rest, accelerate evenly: S = u^2, T = u."""
        return cls(np.square, identity, name="ease in")

    @classmethod
    def ease_out(cls):
        """Decelerate evenly to rest: S = 2u - u^2, T = u."""
        return cls(lambda u: u * (2.0 - u), identity, name="ease out")

    @classmethod
    def sine_ease(cls, k1=0.25, k2=0.75):
        """Sinusoidal acceleration on [0, k1], constant speed, sinusoidal deceleration on [k2, 1].

        Parent, *Computer Animation*, eq. 3.19.

        Raises:
            ValueError: Unless 0 < k1 <= k2 < 1.
        """
        k1, k2 = (
            finite_number(k1, "sine ease needs a number k1"),
            finite_number(k2, "sine ease needs a number k2"),
        )
        if not (0.0 < k1 <= k2 < 1.0):
            raise ValueError(f"sine ease needs 0 < k1 <= k2 < 1, got k1 = {k1}, k2 = {k2}")
        breaks = tuple(sorted({k1, k2}))
        return cls(
            functools.partial(_sine_ease, k1=k1, k2=k2), identity, breakpoints=breaks, name="sine ease"
        )

    @classmethod
    def cubic_bezier(cls, x1, y1, x2, y2, name=None):
        """CSS ``cubic-bezier(x1, y1, x2, y2)``: T(u) is the Bezier's x, S(u) its y.

        x in [0, 1] makes T increasing (T' is a quadratic Bernstein form that cannot go below 0
        then); S is checked exactly at its turning points, the roots of the quadratic S'.

        Raises:
            ValueError: Unless x1 and x2 are in [0, 1] (as CSS requires), or if y leaves [0, 1].
        """
        x1, x2 = (
            finite_number(x, f"cubic_bezier needs {label} in [0, 1]") for x, label in ((x1, "x1"), (x2, "x2"))
        )
        y1, y2 = (
            finite_number(y, f"cubic_bezier needs a finite {label}") for y, label in ((y1, "y1"), (y2, "y2"))
        )
        for label, x in (("x1", x1), ("x2", x2)):
            if not 0.0 <= x <= 1.0:
                raise ValueError(f"cubic_bezier needs {label} in [0, 1], got {x!r}")
        name = name or f"cubic-bezier({x1:g}, {y1:g}, {x2:g}, {y2:g})"
        return cls._cubic(bezier_power(y1, y2), bezier_power(x1, x2), name)


def identity(u):
    return u * 1.0


def _ease_in_out(u):
    return np.where(u < 0.5, 2.0 * u * u, -2.0 * u * u + 4.0 * u - 1.0)


def _sine_ease(u, k1, k2):
    """Parent's eq. 3.19: sine ramps on [0, k1] and [k2, 1] around a constant-speed middle."""
    total = k1 * 2.0 / np.pi + (k2 - k1) + (1.0 - k2) * 2.0 / np.pi
    ramp_up = k1 * 2.0 / np.pi * (np.sin(u / k1 * np.pi / 2.0 - np.pi / 2.0) + 1.0)
    middle = k1 * 2.0 / np.pi + u - k1
    ramp_down = (
        k1 * 2.0 / np.pi + (k2 - k1) + (1.0 - k2) * 2.0 / np.pi * np.sin((u - k2) / (1.0 - k2) * np.pi / 2.0)
    )
    return np.where(u < k1, ramp_up, np.where(u <= k2, middle, ramp_down)) / total
