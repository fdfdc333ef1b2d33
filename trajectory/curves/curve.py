"""The interface every trajectory curve Q(u), u in [0, 1], shares."""

import functools
import math

import numpy as np

from trajectory._numerics.differences import richardson_differences
from trajectory._numerics.vectors import dot, length, norms
from trajectory.curves.arclength import ArcLength

_NEAREST_SAMPLES = 1025
"""Points spread along a curve to start the search for the nearest one."""
CLOSED_TOLERANCE = 1e-9
"""How near (relative to the length, and in the tangent's direction) a closed curve's end must
come to its start."""
STOPPED = 1e-14
"""A speed |Q'(u)| below this fraction of the curve's length counts as a stop."""
NUDGE = 1e-7
"""Where both Q' and Q'' vanish, the direction is taken this far (in u) along."""


def curvature_of(d, bend):
    """|d x bend| / |d|^3 for tangents ``d`` and second derivatives ``bend`` (shape (..., 3)):
    the curvature, infinite where the curve stops while it bends, 0 where it stops straight."""
    speed = norms(d)
    with np.errstate(divide="ignore", invalid="ignore"):
        kappa = norms(np.cross(d, bend)) / speed**3
    return np.where(speed == 0.0, np.where(norms(bend) > 0.0, np.inf, 0.0), kappa)


def unit_tangents(curve, u):
    """The unit tangents at ``u`` (n,): ``(3, n)``. Where the curve stops (Q' = 0), the limit from
    the side it goes on to (from before, at u = 1): the direction of ±Q'', so never NaN."""
    derivative = curve.derivative(u).T / curve.length  # about 1 long: its square cannot overflow
    speed = np.sqrt(dot(derivative, derivative))
    stopped = speed <= STOPPED
    if stopped.any():
        side = np.where(u[stopped] < 1.0, 1.0, -1.0)
        bending = curve.second_derivative(u[stopped]).T * side
        flat = length(bending) == 0.0
        if flat.any():  # Q'' vanishes too: look a little way along
            nudged = np.clip(u[stopped][flat] + NUDGE * side[flat], 0.0, 1.0)
            bending[:, flat] = curve.derivative(nudged).T * side[flat]
        derivative[:, stopped], speed[stopped] = bending, length(bending)
    derivative /= speed
    return derivative


def curvature_vectors(curve, u):
    """The curvature vectors at ``u`` (n,): ``(n, 3)``, (Q'' - (Q'' . T) T) / |Q'|², towards the
    centre of the bend and 1 / its radius long. Where the curve stops (Q' = 0), the one ``NUDGE``
    along (back, at u = 1): the bend it goes on in."""
    stopped = curve.speed(u) <= STOPPED * curve.length
    if stopped.any():
        u = u.copy()
        u[stopped] += np.where(u[stopped] < 1.0, NUDGE, -NUDGE)
    tangents = unit_tangents(curve, u).T
    first, second = curve.derivative(u), curve.second_derivative(u)
    across = second - np.einsum("ni,ni->n", second, tangents)[:, None] * tangents
    return across / np.einsum("ni,ni->n", first, first)[:, None]


def ends_meet(curve):
    """Whether ``curve`` ends where it starts (to ``CLOSED_TOLERANCE`` of its length), going the
    way it started or turning a corner there: the rule of ``Curve.closed``."""
    ends = curve.evaluate(np.array([0.0, 1.0]))
    return bool(length(ends[1] - ends[0]) / curve.length <= CLOSED_TOLERANCE)


def seam_turns(curve):
    """Whether a closed ``curve`` turns a corner where it ends and starts again: its end's
    direction is not its start's (to ``CLOSED_TOLERANCE``)."""
    tangents = unit_tangents(curve, np.array([0.0, 1.0]))
    return bool(length(tangents[:, 1] - tangents[:, 0]) > CLOSED_TOLERANCE)


class Curve:
    """A parametric 3D curve Q(u) on u in [0, 1].

    Subclasses implement ``evaluate`` and ``derivative`` (a scalar u gives shape ``(3,)``, an array
    of shape ``(n,)`` gives ``(n, 3)``), may implement ``second_derivative`` exactly (else it is
    differenced from ``derivative``) and may list ``breakpoints``: interior values of u where the
    curve may be less smooth, such as the joints of a composite curve.
    """

    breakpoints = ()

    def evaluate(self, u):
        """The point Q(u): ``(3,)`` for a scalar u, ``(n, 3)`` for shape ``(n,)``."""
        raise NotImplementedError

    def derivative(self, u):
        """The tangent Q'(u) = dQ/du, shaped like ``evaluate``."""
        raise NotImplementedError

    def second_derivative(self, u):
        """d²Q/du², shaped like ``evaluate``: here Richardson-extrapolated differences of
        ``derivative`` (about 1e-10 relative), one-sided near breakpoints and the ends."""
        u = np.asarray(u, dtype=float)
        edges = np.array([0.0, *self.breakpoints, 1.0])
        return richardson_differences(self.derivative, u.reshape(-1), edges)[0].reshape(u.shape + (3,))

    def nearest_parameter(self, point):
        """The u of the curve's point nearest to ``point`` (3,): the nearest of points spread
        evenly along the curve, refined by golden-section search between its neighbours."""
        point = np.asarray(point, dtype=float)
        samples = self.arc_length.parameter(np.linspace(0.0, 1.0, _NEAREST_SAMPLES))
        best = int(np.argmin(norms(self.evaluate(samples) - point)))
        low, high = samples[max(best - 1, 0)], samples[min(best + 1, samples.size - 1)]

        def gap(u):
            return float(norms(self.evaluate(float(u)) - point))

        ratio = (math.sqrt(5.0) - 1.0) / 2.0
        a, b = high - ratio * (high - low), low + ratio * (high - low)
        gap_a, gap_b = gap(a), gap(b)
        while high - low > 1e-15:
            if gap_a <= gap_b:
                high, b, gap_b = b, a, gap_a
                a = high - ratio * (high - low)
                gap_a = gap(a)
            else:
                low, a, gap_a = a, b, gap_b
                b = low + ratio * (high - low)
                gap_b = gap(b)
        return float((low + high) / 2.0)

    def point_and_tangent(self, u):
        """Q(u) and Q'(u) at one Python float u as two lists of 3 floats: the per-frame path."""
        return self.evaluate(u).tolist(), self.derivative(u).tolist()

    def point_tangent_and_bending(self, u):
        """Q(u), Q'(u) and Q''(u) at one Python float u as three lists of 3 floats: the per-frame
        path of a banked frame."""
        point, tangent = self.point_and_tangent(u)
        return point, tangent, self.second_derivative(u).tolist()

    def curvature(self, u):
        """κ(u) = |Q' x Q''| / |Q'|^3, in 1 / length units: a float for a scalar u, (n,) for
        (n,); infinite where the curve stops while it bends."""
        kappa = curvature_of(self.derivative(u), self.second_derivative(u))
        return float(kappa) if np.ndim(u) == 0 else kappa

    def speed(self, u):
        """|Q'(u)|: a float for a scalar u, shape ``(n,)`` for shape ``(n,)``."""
        return norms(self.derivative(u))

    @functools.cached_property
    def arc_length(self):
        """The curve's arc-length table (built on first use), an ``ArcLength``."""
        return ArcLength(self)

    @property
    def geometry(self):
        """The curve whose tables serve this one, as it is now: itself (an editable ``Spline``
        gives its current segments, so that tables made before an edit are not used after)."""
        return self

    def __repr__(self):
        """The kind, what it is made of (``_parts``), and its length (when it has one)."""
        try:
            length = f"length {self.length:.6g}"
        except ValueError as error:  # no length, or not measurable: say so
            length = f"no length ({error})"[:80]
        parts = self._parts()
        return f"{type(self).__name__}({parts + ', ' if parts else ''}{length})"

    def _parts(self):
        """What the curve is made of, in a few words (subclasses say more)."""
        return f"{len(self.breakpoints)} breakpoints" if self.breakpoints else ""

    @property
    def length(self):
        """The true arc length of the whole curve, integrated to float64 accuracy."""
        return self.arc_length.length

    @functools.cached_property
    def closed(self):
        """Whether the curve is closed: it ends where it starts (``ends_meet``), with or without a
        corner there (``seam_turns``). A closed curve is swept, placed along, framed and ridden
        round without a seam. (A ``Spline`` says it itself: closed when made or set so.)"""
        return ends_meet(self)
