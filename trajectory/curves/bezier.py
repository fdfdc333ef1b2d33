"""Cubic Bezier curves: one segment, or a chain of segments such as a Catmull-Rom spline."""

from math import comb

import numpy as np

from trajectory._numerics.checks import finite_points
from trajectory._numerics.piecewise import PiecewisePolynomial
from trajectory._numerics.vectors import norms
from trajectory.curves.curve import Curve

_BERNSTEIN_TO_POWER = np.array(
    [[1.0, 0.0, 0.0, 0.0], [-3.0, 3.0, 0.0, 0.0], [3.0, -6.0, 3.0, 0.0], [-1.0, 3.0, -3.0, 1.0]]
)
"""Rows: coefficients of w**k in Q(w) = sum_i P_i B_i(w), in terms of the control points P_i."""
UNIT_TO_CENTRED = np.array([[comb(k, j) / 2.0**k for k in range(4)] for j in range(4)])
"""Takes coefficients in w in [0, 1] to coefficients in z = 2w - 1 in [-1, 1]."""
_CENTRED_FROM_CONTROL_POINTS = UNIT_TO_CENTRED @ _BERNSTEIN_TO_POWER
_CONTROL_POINTS_FROM_CENTRED = np.linalg.inv(_CENTRED_FROM_CONTROL_POINTS)


def power_coefficients(control_points):
    """The coefficients of w**0 to w**3 of cubic segments ``control_points`` (m, 4, 3), each in
    its own w in [0, 1]: shape (4, m, 3)."""
    return np.einsum("kj,sjd->ksd", _BERNSTEIN_TO_POWER, control_points)


def control_points_of(centred):
    """The Bezier control points (m, 4, 3) of cubic pieces given by their power coefficients in
    the centred coordinate z in [-1, 1], ascending, (m, 4, 3) (a ``PiecewisePolynomial``'s form)."""
    return np.einsum("kj,sjd->skd", _CONTROL_POINTS_FROM_CENTRED, centred)


class PiecewiseBezier(Curve):
    """A chain of cubic Bezier segments, segment k covering u in [k/m, (k+1)/m].

    Args:
        control_points: Shape ``(m, 4, 3)``: four control points per segment. Segments are
            expected to join (the last point of one is the first of the next) but this is not
            enforced.

    Raises:
        ValueError: If the points are not finite numbers of that shape.
    """

    def __init__(self, control_points):
        points = np.array(control_points, dtype=float) if _is_numeric(control_points) else None
        if points is None or points.ndim != 3 or points.shape[1:] != (4, 3):
            shape = None if points is None else points.shape
            raise ValueError(f"control points must be shaped (segments, 4, 3), got {shape}")
        finite_points(points.reshape(-1, 3), "control points")
        self.control_points = points
        segments = points.shape[0]
        breaks = np.linspace(0.0, 1.0, segments + 1)
        coeffs = np.einsum("jk,skd->sjd", _CENTRED_FROM_CONTROL_POINTS, points)
        self._polynomial = PiecewisePolynomial(breaks, coeffs, ends=points[[0, -1], [0, -1]], variable="u")
        self._tangent = self._polynomial.derivative()
        self._bending = self._tangent.derivative()
        self.breakpoints = tuple(breaks[1:-1].tolist())

    @classmethod
    def catmull_rom(cls, points):
        """The centripetal Catmull-Rom spline through ``points`` (shape ``(n, 3)``, n >= 2).

        Centripetal knot spacing (alpha = 1/2) never forms cusps or self-intersections within a
        segment. Consecutive duplicate points are dropped; the ends are extended by reflection.

        Raises:
            ValueError: If the points are not finite, shaped ``(n, 3)``, with two distinct ones.
        """
        points = finite_points(points, "spline points", min_count=2)
        keep = np.concatenate(([True], np.any(points[1:] != points[:-1], axis=1)))
        points = points[keep]
        if len(points) < 2:
            raise ValueError("spline points must include at least two distinct points")
        padded = np.concatenate(([2.0 * points[0] - points[1]], points, [2.0 * points[-1] - points[-2]]))
        p0, p1, p2, p3 = padded[:-3], padded[1:-2], padded[2:-1], padded[3:]
        d01, d12, d23 = (norms(b - a) ** 0.5 for a, b in ((p0, p1), (p1, p2), (p2, p3)))
        d01, d12, d23 = (d[:, None] for d in (d01, d12, d23))
        tangent1 = d12 * ((p1 - p0) / d01 - (p2 - p0) / (d01 + d12)) + (p2 - p1)
        tangent2 = d12 * ((p3 - p2) / d23 - (p3 - p1) / (d12 + d23)) + (p2 - p1)
        return cls(np.stack((p1, p1 + tangent1 / 3.0, p2 - tangent2 / 3.0, p2), axis=1))

    def _parts(self):
        count = len(self.control_points)
        return f"{count} segment{'s' * (count != 1)}"

    def evaluate(self, u):
        """Q(u): ``(3,)`` for a scalar u, ``(n, 3)`` for shape ``(n,)``; u is clamped to [0, 1]."""
        return self._polynomial(u)

    def derivative(self, u):
        """dQ/du, shaped like ``evaluate``."""
        return self._tangent(u)

    def point_and_tangent(self, u):
        """Q(u) and Q'(u) at one Python float u as two lists of 3 floats, by one piece lookup."""
        return self._polynomial.scalar_with_slope(u)

    def second_derivative(self, u):
        """d²Q/du², shaped like ``evaluate`` (one-sided at a joint: the later segment's)."""
        return self._bending(u)

    def point_tangent_and_bending(self, u):
        """Q, Q' and Q'' at one Python float u as three lists of 3 floats, by one piece lookup."""
        return self._polynomial.scalar_derivatives(u)


class CubicBezier(PiecewiseBezier):
    """One cubic Bezier segment Q(u) = P0 (1-u)^3 + 3 P1 u (1-u)^2 + 3 P2 u^2 (1-u) + P3 u^3.

    Args:
        control_points: Shape ``(4, 3)``.

    >>> straight = CubicBezier([[0, 0, 0], [1, 0, 0], [2, 0, 0], [3, 0, 0]])
    >>> straight.evaluate(0.5).tolist(), round(straight.length, 12)
    ([1.5, 0.0, 0.0], 3.0)
    """

    def __init__(self, control_points):
        points = finite_points(control_points, "Bezier control points", count=4)
        super().__init__(points[None])


def _is_numeric(value):
    try:
        np.asarray(value, dtype=float)
    except (TypeError, ValueError):
        return False
    return True
