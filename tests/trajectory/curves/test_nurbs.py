"""NURBS curves against the Cox-de Boor definition in 40-digit arithmetic (mpmath), a weighted
circle against the circle, and every way the data can fail to make a curve."""

import math

import mpmath
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.budget import scaled
from trajectory import Motion, NurbsCurve, VelocityCurve

mpmath.mp.dps = 40
HALF = 2**-0.5
CIRCLE = {
    "control_points": [
        [1, 0, 0],
        [1, 1, 0],
        [0, 1, 0],
        [-1, 1, 0],
        [-1, 0, 0],
        [-1, -1, 0],
        [0, -1, 0],
        [1, -1, 0],
        [1, 0, 0],
    ],
    "knots": [0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 4],
    "weights": [1, HALF, 1, HALF, 1, HALF, 1, HALF, 1],
    "degree": 2,
}


def basis(i, degree, knots, x):
    """The Cox-de Boor B-spline basis function N_{i,degree}(x), right-continuous, with the last
    knot interval closed (so that the end of the domain belongs to it)."""
    if degree == 0:
        last = knots[i + 1] == knots[-1] and knots[i] < knots[i + 1]
        return mpmath.mpf(1) if knots[i] <= x < knots[i + 1] or (last and x == knots[-1]) else mpmath.mpf(0)
    result = mpmath.mpf(0)
    if knots[i + degree] != knots[i]:
        result += (x - knots[i]) / (knots[i + degree] - knots[i]) * basis(i, degree - 1, knots, x)
    if knots[i + degree + 1] != knots[i + 1]:
        result += (
            (knots[i + degree + 1] - x)
            / (knots[i + degree + 1] - knots[i + 1])
            * basis(i + 1, degree - 1, knots, x)
        )
    return result


def reference_point(curve, u):
    """Q(u) by the definition: sum w_i N_i P_i / sum w_i N_i, in mpmath."""
    knots = [mpmath.mpf(k) for k in curve.knots.tolist()]
    start, end = knots[curve.degree], knots[len(curve.control_points)]
    x = start + mpmath.mpf(u) * (end - start)
    numerator, denominator = [mpmath.mpf(0)] * 3, mpmath.mpf(0)
    for i, (point, weight) in enumerate(zip(curve.control_points.tolist(), curve.weights.tolist())):
        n = basis(i, curve.degree, knots, x) * weight
        denominator += n
        numerator = [a + n * p for a, p in zip(numerator, point)]
    return [float(a / denominator) for a in numerator]


curves = st.builds(
    lambda seed, count, degree, clamped: _random_curve(seed, count, degree, clamped),
    st.integers(0, 10_000),
    st.integers(4, 9),
    st.integers(1, 4),
    st.booleans(),
)


def _random_curve(seed, count, degree, clamped):
    rng = np.random.default_rng(seed)
    degree = min(degree, count - 1)
    points = rng.uniform(-5, 5, (count, 3))
    # Half of them with equal weights: a plain B-spline, evaluated without the quotient.
    weights = rng.uniform(0.2, 3.0, count) if seed % 2 else np.full(count, rng.uniform(0.2, 3.0))
    if clamped:
        return NurbsCurve(points, weights=weights, degree=degree)
    return NurbsCurve(
        points, knots=np.sort(rng.uniform(0, 4, count + degree + 1)), weights=weights, degree=degree
    )


@settings(max_examples=scaled(30), deadline=None)
@given(curves, st.lists(st.floats(0, 1), min_size=1, max_size=5))
def test_points_match_the_definition_to_1e_13(curve, us):
    ours = curve.evaluate(np.array(us))
    scale = np.abs(curve.control_points).max()
    for u, point in zip(us, ours):
        assert np.abs(point - reference_point(curve, u)).max() <= 1e-13 * scale


@settings(max_examples=scaled(15), deadline=None)
@given(curves, st.floats(0.02, 0.98))
def test_derivatives_match_the_definition(curve, u):
    """First and second derivatives against mpmath's differentiation of the definition, away
    from knots (where a derivative may jump): 1e-9 of the curve's scale."""
    knots = curve.knots
    x = knots[curve.degree] + u * (knots[len(curve.control_points)] - knots[curve.degree])
    if np.min(np.abs(knots - x)) < 1e-3 * (knots[-1] - knots[0]):
        return

    def component(k):
        return lambda v: mpmath.mpf(reference_point_exact(curve, v)[k])

    for k in range(3):
        first = float(mpmath.diff(component(k), mpmath.mpf(u), 1))
        second = float(mpmath.diff(component(k), mpmath.mpf(u), 2))
        scale = 1 + abs(first) + abs(second)
        assert abs(curve.derivative(u)[k] - first) <= 1e-9 * scale
        assert abs(curve.second_derivative(u)[k] - second) <= 1e-9 * scale


def reference_point_exact(curve, u):
    """``reference_point`` without rounding to floats, for mpmath to differentiate."""
    knots = [mpmath.mpf(k) for k in curve.knots.tolist()]
    start, end = knots[curve.degree], knots[len(curve.control_points)]
    x = start + u * (end - start)
    numerator, denominator = [mpmath.mpf(0)] * 3, mpmath.mpf(0)
    for i, (point, weight) in enumerate(zip(curve.control_points.tolist(), curve.weights.tolist())):
        n = basis(i, curve.degree, knots, x) * weight
        denominator += n
        numerator = [a + n * p for a, p in zip(numerator, point)]
    return [a / denominator for a in numerator]


def test_weights_make_a_circle_to_1e_14():
    circle = NurbsCurve(**CIRCLE)
    u = np.linspace(0, 1, 10001)
    assert np.abs(np.linalg.norm(circle.evaluate(u), axis=1) - 1.0).max() <= 1e-14
    assert abs(circle.length - 2 * math.pi) <= 1e-13
    motion = Motion(circle, VelocityCurve.constant(), duration=2 * math.pi)
    t = np.linspace(0, 2 * math.pi, 101)
    angles = np.unwrap(np.arctan2(motion.position(t)[:, 1], motion.position(t)[:, 0]))
    assert np.abs(angles - t).max() <= 1e-12  # unit speed round the unit circle
    frames = motion.frame(t, "yaw")
    assert np.allclose(frames[:, :, 1], np.column_stack([-np.sin(t), np.cos(t), 0 * t]), atol=1e-12)


def test_default_knots_are_clamped_and_uniform():
    points = [[0, 0, 0], [1, 2, 0], [3, 2, 1], [4, 0, 0], [6, 1, 2]]
    curve = NurbsCurve(points)
    assert curve.knots.tolist() == [0, 0, 0, 0, 0.5, 1, 1, 1, 1]
    assert curve.evaluate(0.0).tolist() == points[0] and np.allclose(
        curve.evaluate(1.0), points[-1], atol=1e-15
    )
    assert curve.breakpoints == (0.5,)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"degree": 0}, "degree"),
        ({"degree": 3.0}, "degree"),
        ({"degree": 9}, "degree"),
        ({"knots": [0, 1, 2]}, "knots must number"),
        ({"knots": [0, 0, 0, 0, 2, 1, 1, 1, 1]}, "not decrease"),
        ({"knots": [0, 0, 0, 0, 0, 0, 0, 0, 0]}, "no domain"),
        ({"knots": [0, 0, 0, 0, math.nan, 1, 1, 1, 1]}, "finite"),
        ({"weights": [1, 1, 1, 1]}, "weights must number"),
        ({"weights": [1, 1, 0, 1, 1]}, "positive"),
        ({"weights": [1, 1, -2, 1, 1]}, "positive"),
        ({"control_points": [[0, 0], [1, 1]]}, "shaped"),
    ],
)
def test_bad_nurbs_data_is_refused_by_name(options, message):
    arguments = {"control_points": [[0, 0, 0], [1, 2, 0], [3, 2, 1], [4, 0, 0], [6, 1, 2]], **options}
    with pytest.raises(ValueError, match=message):
        NurbsCurve(**arguments)


@pytest.mark.parametrize("offset", [1e6, 1e9, 1e12, 2.0**52])
def test_knots_far_from_zero_keep_their_digits(offset):
    """Knots [0,0,0,0,1,2,3,3,3,3] shifted by 1e9 were off by 1.3e-7, by 1e12 by 1.7e-4 (knots in
    milliseconds are common): de Boor's differences now work relative to the domain's start."""
    rng = np.random.default_rng(7)
    points = rng.uniform(-5, 5, (6, 3))
    knots = np.array([0, 0, 0, 0, 1, 2, 3, 3, 3, 3], dtype=float) + offset
    curve = NurbsCurve(points, knots=knots, weights=rng.uniform(0.5, 2.0, 6), degree=3)
    for u in (0.0, 0.1, 0.37, 0.5, 0.81, 1.0):
        assert np.abs(curve.evaluate(u) - reference_point(curve, u)).max() <= 1e-13 * 5


@pytest.mark.parametrize("equal_weights", [False, True])
def test_one_point_tangent_and_bending_in_plain_floats_are_the_bulk_ones(equal_weights):
    """The per-frame path of banking (a float u, one piece lookup) gives what the array paths
    give, for a rational curve and a plain B-spline."""
    rng = np.random.default_rng(11)
    weights = np.full(7, 1.5) if equal_weights else rng.uniform(0.5, 2.0, 7)
    curve = NurbsCurve(rng.uniform(-5, 5, (7, 3)), weights=weights, degree=3)
    u = np.linspace(0.0, 1.0, 41)
    for one, bulk in zip(
        zip(*(curve.point_tangent_and_bending(float(x)) for x in u)),
        (curve.evaluate(u), curve.derivative(u), curve.second_derivative(u)),
    ):
        assert np.abs(np.array(one) - bulk).max() <= 1e-12 * np.abs(bulk).max()
    one_by_one = np.array([curve.second_derivative(float(x)) for x in u])
    assert np.abs(one_by_one - curve.second_derivative(u)).max() <= 1e-12 * np.abs(one_by_one).max()
