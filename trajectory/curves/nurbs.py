"""NURBS curves, the kind Panda3D, Blender and egg files hold: a rational B-spline evaluated
exactly (de Boor's algorithm on homogeneous points; on the points themselves where the weights
are all equal), with its first and second derivatives.

>>> half = 2**-0.5
>>> square = [[1, 0, 0], [1, 1, 0], [0, 1, 0], [-1, 1, 0], [-1, 0, 0], [-1, -1, 0], [0, -1, 0], [1, -1, 0]]
>>> circle = NurbsCurve(
...     square + [[1, 0, 0]],
...     knots=[0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 4],
...     weights=[1, half, 1, half, 1, half, 1, half, 1],
...     degree=2,
... )
>>> round(float(np.linalg.norm(circle.evaluate(0.3))), 14), round(circle.length / np.pi, 12)
(1.0, 2.0)
"""

import numpy as np

from trajectory._numerics.checks import finite_points, real_array
from trajectory._numerics.piecewise import PiecewisePolynomial
from trajectory.curves.bezier import control_points_of
from trajectory.curves.curve import Curve, curvature_of


class NurbsCurve(Curve):
    """A NURBS curve of ``degree`` on its knots' domain [k_p, k_n], run over u in [0, 1].

    Args:
        control_points: Shape ``(n, 3)``, n > ``degree``.
        knots: ``n + degree + 1`` non-decreasing numbers (their domain, from knot p to knot n,
            not empty); by default clamped and uniform, so the curve starts at the first point
            and ends at the last.
        weights: ``(n,)`` positive weights; all 1 by default (a plain B-spline).
        degree: A positive integer (3: cubic).
        name: What the curve is called (a file's curves have names).

    Raises:
        ValueError: Naming what does not fit: the points, the degree, the knots' count, order or
            domain, the weights' count or sign.
    """

    def __init__(self, control_points, knots=None, weights=None, degree=3, name=""):
        points = finite_points(control_points, "NURBS control points", min_count=2)
        count = len(points)
        if isinstance(degree, bool) or not isinstance(degree, (int, np.integer)) or not 1 <= degree < count:
            raise ValueError(
                f"NURBS degree must be an integer from 1 to {count - 1} for {count} points, got {degree!r}"
            )
        degree = int(degree)
        if knots is None:
            inner = np.linspace(0.0, 1.0, count - degree + 1)
            knots = np.concatenate([np.zeros(degree), inner, np.ones(degree)])
        knots = _numbers(knots, "NURBS knots")
        if knots.size != count + degree + 1:
            raise ValueError(
                f"NURBS knots must number points + degree + 1 = {count + degree + 1}, got {knots.size}"
            )
        if np.any(np.diff(knots) < 0.0):
            raise ValueError(f"NURBS knots must not decrease, got {knots.tolist()}")
        start, end = knots[degree], knots[count]
        if not start < end:
            raise ValueError("NURBS knots leave the curve no domain (knot p equals knot n)")
        weights = np.ones(count) if weights is None else _numbers(weights, "NURBS weights")
        if weights.size != count:
            raise ValueError(f"NURBS weights must number one per point ({count}), got {weights.size}")
        if np.any(weights <= 0.0):
            raise ValueError(f"NURBS weights must be positive, got {weights.tolist()}")
        self.control_points, self.knots, self.weights, self.degree = points, knots, weights, degree
        self.name = name
        inner = np.unique(knots[(knots > start) & (knots < end)])
        self.breakpoints = tuple(((inner - start) / (end - start)).tolist())
        # Equal weights (a plain B-spline) cancel: the curve is the B-spline of the points, a
        # polynomial on each knot interval (no quotient to take); else the homogeneous points.
        self._rational = bool(np.any(weights != weights[0]))
        homogeneous = np.column_stack([points * weights[:, None], weights])  # (w x, w y, w z, w)
        # Relative to the domain's start: knots in milliseconds from 1e12 would lose their digits
        # in de Boor's differences (x - knot) otherwise.
        self._numerator = _polynomial_pieces(homogeneous if self._rational else points, knots - start, degree)
        self._slope = self._numerator.derivative()
        self._bending = self._slope.derivative()

    def _parts(self):
        kind = "rational, " if self._rational else ""
        return f"{kind}degree {self.degree}, {len(self.control_points)} control points"

    @classmethod
    def of_bezier_segments(cls, controls, name=""):
        """The cubic NURBS whose spans are the Bezier segments ``controls`` (m, 4, 3), joined end
        to end (interior knots of multiplicity 3): the same curve to rounding."""
        points = np.concatenate((controls[:, :3].reshape(-1, 3), controls[-1:, 3]))
        spans = np.repeat(np.arange(1, len(controls)), 3)
        knots = np.concatenate(([0.0] * 4, spans, [len(controls)] * 4)) / len(controls)
        return cls(points, knots=knots, degree=3, name=name)

    def bezier_segments(self):
        """The curve as cubic Bezier segments (m, 4, 3), one a knot interval, joined end to end
        at exactly one point each: a non-rational NURBS of degree 3 or less is a chain of cubic
        polynomials.

        Raises:
            ValueError: If the curve is rational (unequal weights): no polynomial traces it.
        """
        if self._rational or self.degree > 3:
            raise ValueError(
                "a rational NURBS (unequal weights) or one of degree above 3 is no chain of cubic "
                "Bezier segments: fit one"
            )
        coefficients = self._numerator.coeffs
        cubic = np.zeros((len(coefficients), 4, 3))
        cubic[:, : self.degree + 1] = coefficients
        segments = control_points_of(cubic)
        segments[1:, 0] = segments[:-1, 3]  # each joint one point (the pieces' rounding apart)
        segments[0, 0], segments[-1, 3] = self.evaluate(0.0), self.evaluate(1.0)
        return segments

    def evaluate(self, u):
        """Q(u): ``(3,)`` for a scalar u, ``(n, 3)`` for shape ``(n,)``; u is clamped to [0, 1]."""
        if not self._rational:
            return self._numerator(u)
        if type(u) is float:  # the per-frame path
            ax, ay, az, w = self._numerator.scalar(u).tolist()
            return np.array([ax / w, ay / w, az / w])
        a = self._numerator(u)
        return a[..., :3] / a[..., 3:]

    def derivative(self, u):
        """dQ/du, shaped like ``evaluate``."""
        if not self._rational:
            return self._slope(u)
        a, da = self._numerator(u), self._slope(u)
        return (da[..., :3] - da[..., 3:] * (a[..., :3] / a[..., 3:])) / a[..., 3:]

    def second_derivative(self, u):
        """d²Q/du², shaped like ``evaluate``."""
        if type(u) is float:  # the per-frame path (banking), in plain floats
            return np.array(self.point_tangent_and_bending(u)[2])
        if not self._rational:
            return self._bending(u)
        a, da, dda = self._numerator(u), self._slope(u), self._bending(u)
        return _rational_derivatives(a, da, dda)[1]

    def point_tangent_and_bending(self, u):
        """Q, Q' and Q'' at one Python float u as three lists of 3 floats, by one piece lookup
        (the quotient rule of ``_rational_derivatives``, on floats)."""
        if not self._rational:
            return self._numerator.scalar_derivatives(u)
        (ax, ay, az, w), (dax, day, daz, dw), (ddax, dday, ddaz, ddw) = self._numerator.scalar_derivatives(u)
        x, y, z = ax / w, ay / w, az / w
        tx, ty, tz = (dax - dw * x) / w, (day - dw * y) / w, (daz - dw * z) / w
        return (
            [x, y, z],
            [tx, ty, tz],
            [
                (ddax - 2.0 * dw * tx - ddw * x) / w,
                (dday - 2.0 * dw * ty - ddw * y) / w,
                (ddaz - 2.0 * dw * tz - ddw * z) / w,
            ],
        )

    def curvature(self, u):
        """κ(u), as ``Curve.curvature``, from one evaluation of each table (not two)."""
        if np.ndim(u) == 0:
            return super().curvature(u)
        if not self._rational:
            return curvature_of(self._slope(u), self._bending(u))
        return curvature_of(*_rational_derivatives(self._numerator(u), self._slope(u), self._bending(u)))

    def point_and_tangent(self, u):
        """Q(u) and Q'(u) at one Python float u as two lists of 3 floats, by one piece lookup."""
        if not self._rational:
            return self._numerator.scalar_with_slope(u)
        (ax, ay, az, w), (dx, dy, dz, dw) = self._numerator.scalar_with_slope(u)
        x, y, z = ax / w, ay / w, az / w
        return [x, y, z], [(dx - dw * x) / w, (dy - dw * y) / w, (dz - dw * z) / w]


def _rational_derivatives(a, da, dda):
    """dQ/du and d²Q/du² of Q = A / w from the homogeneous A = (w x, w y, w z, w) and its first
    two derivatives (each (..., 4)), by the quotient rule."""
    w, dw, ddw = a[..., 3:], da[..., 3:], dda[..., 3:]
    point = a[..., :3] / w
    tangent = (da[..., :3] - dw * point) / w
    return tangent, (dda[..., :3] - 2.0 * dw * tangent - ddw * point) / w


def _numbers(values, name):
    array = real_array(values, name, "finite numbers").reshape(-1)
    if not np.all(np.isfinite(array)):
        raise ValueError(f"{name} must be finite numbers")
    return array


def _polynomial_pieces(points, knots, degree):
    """The B-spline (``points`` (n, dim), ``knots``, ``degree``) as a ``PiecewisePolynomial`` of u
    in [0, 1], one piece a non-empty knot interval: each piece's polynomial is fitted through
    de Boor's values at degree + 1 Chebyshev points of the interval (a polynomial of that degree
    is fixed by them), and the ends are de Boor's values exactly."""
    count = len(points)
    spans = np.arange(degree, count)
    spans = spans[knots[spans] < knots[spans + 1]]
    start, end = knots[degree], knots[count]
    edges = np.append(knots[spans], end)
    nodes = np.cos(np.pi * (np.arange(degree + 1) + 0.5) / (degree + 1))  # in (-1, 1)
    centres, halves = (edges[:-1] + edges[1:]) / 2, (edges[1:] - edges[:-1]) / 2
    x = (centres[:, None] + halves[:, None] * nodes).ravel()
    values = _de_boor(points, knots, degree, x).reshape(len(spans), degree + 1, -1)
    vandermonde = nodes[:, None] ** np.arange(degree + 1)
    coefficients = np.linalg.solve(vandermonde, values.transpose(1, 0, 2).reshape(degree + 1, -1))
    coefficients = coefficients.reshape(degree + 1, len(spans), -1).transpose(1, 0, 2)
    ends = _de_boor(points, knots, degree, np.array([start, end]))
    return PiecewisePolynomial((edges - start) / (end - start), coefficients, ends=ends, variable="u")


def _de_boor(points, knots, degree, x):
    """The B-spline's values (n, dim) at parameters ``x`` (n,) within its domain."""
    count = len(points)
    spans = np.arange(degree, count)
    spans = spans[knots[spans] < knots[spans + 1]]  # the knot intervals that are not empty
    span = spans[np.clip(np.searchsorted(knots[spans], x, side="right") - 1, 0, spans.size - 1)]
    d = points[span[:, None] + np.arange(-degree, 1)]  # (n, degree + 1, dim)
    for r in range(1, degree + 1):
        for j in range(degree, r - 1, -1):
            left = knots[span + j - degree]
            right = knots[span + j + 1 - r]
            alpha = ((x - left) / (right - left))[:, None]
            d[:, j] = (1.0 - alpha) * d[:, j - 1] + alpha * d[:, j]
    return d[:, degree]
