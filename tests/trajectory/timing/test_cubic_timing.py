"""CSS cubic-bezier timing against a 50-digit reference: exact where the inverse is singular (a
vertical tangent of s(t) where T' = 0), exact ends, Chromium's exact cases, and an exact range check."""

import math

import mpmath
import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from tests.budget import scaled
from tests.reference import css_distance_at_time
from trajectory import CubicBezier, Motion, VelocityCurve

ULPS = 4
"""The tolerance allows what this many ulps of t change s by: near a vertical tangent a few ulps of
t move s by far more than 1e-12, and no method can know t better than its own rounding."""


def allowed_error(curve, t):
    """1e-12 beyond how far s moves when t moves by ULPS ulps either way."""
    s = css_distance_at_time(*curve, t)
    step = ULPS * math.ulp(t)
    spread = max(abs(css_distance_at_time(*curve, t + sign * step) - s) for sign in (-1, 1))
    return 1e-12 + float(spread)


def assert_exact(curve, times):
    velocity = VelocityCurve.cubic_bezier(*curve)
    times = np.asarray(times, dtype=float)
    together = velocity.distance_at_time(times)
    for t, s_array in zip(times.tolist(), together.tolist()):
        exact = css_distance_at_time(*curve, t)
        s_scalar = velocity.distance_at_time(t)
        for s in (s_scalar, s_array):
            assert abs(s - float(exact)) <= allowed_error(curve, t), (curve, t, s, exact)


NEAR_HALF = [0.5, 0.5 - 1e-7, 0.5 + 1e-7, 0.5 - 1e-12, 0.5 + 1e-12, 0.5 - 1e-15, 0.5 + 3e-16, 0.3, 0.7]


def test_the_cube_root_point_of_1_0_0_1_is_exact():
    velocity = VelocityCurve.cubic_bezier(1, 0, 0, 1)
    assert velocity.distance_at_time(0.5) == 0.5  # was 0.500013321638106
    assert velocity.distance_at_time(np.array([0.5]))[0] == 0.5
    assert velocity.rate_at_time(0.5) == math.inf  # a vertical tangent: an instant of infinite speed
    assert_exact((1, 0, 0, 1), NEAR_HALF)


@pytest.mark.parametrize("y1, y2", [(0.0, 1.0), (0.3, 0.9), (1.0, 0.0), (0.5, 0.5), (0.0, 0.0)])
def test_the_family_1_y1_0_y2(y1, y2):
    assert_exact((1, y1, 0, y2), NEAR_HALF + [1e-9, 1 - 1e-9])


@pytest.mark.parametrize("epsilon", [1e-3, 1e-6, 1e-8, 1e-10, 1e-13])
def test_nearby_curves_1_minus_epsilon(epsilon):
    """They were 2.5e-7 off at epsilon = 1e-8."""
    assert_exact((1 - epsilon, 0.2, epsilon, 0.9), NEAR_HALF)


@settings(max_examples=scaled(40), deadline=None)
@given(
    y1=st.floats(0, 1),
    y2=st.floats(0, 1),
    epsilon=st.one_of(st.just(0.0), st.floats(1e-15, 1e-2)),
    offset=st.one_of(st.floats(-1e-6, 1e-6), st.floats(-0.5, 0.5)),
)
@example(y1=0.2, y2=0.9, epsilon=1e-8, offset=0.0)
def test_near_singular_curves_are_exact_near_their_vertical_tangent(y1, y2, epsilon, offset):
    assert_exact((1 - epsilon, y1, epsilon, y2), [min(max(0.5 + offset, 0.0), 1.0)])


@pytest.mark.parametrize(
    "curve",
    [(0, 1, 0.5, 1), (0, 0.5, 1, 0.5), (1, 0, 1, 0), (0, 1, 1, 0), (0.42, 0, 1, 1), (0, 0, 0.58, 1)],
)
def test_zero_slope_at_an_end_is_a_square_root_point_and_exact_too(curve):
    assert_exact(curve, [1e-15, 1e-12, 1e-9, 1e-6, 0.5, 1 - 1e-6, 1 - 1e-9, 1 - 1e-12])


CSS_CURVES = st.tuples(st.floats(0, 1), st.floats(-0.5, 1.5), st.floats(0, 1), st.floats(-0.5, 1.5))


def accepted(curve):
    try:
        return VelocityCurve.cubic_bezier(*curve)
    except ValueError:
        return None


@settings(max_examples=scaled(300), deadline=None)
@given(CSS_CURVES)
@example((0.9, 0.0, 0.9, 0.0))
def test_the_ends_are_exactly_0_and_1(curve):
    velocity = accepted(curve)
    if velocity is None:
        return
    assert velocity.distance_at_time(0.0) == 0.0 and velocity.distance_at_time(1.0) == 1.0
    assert velocity.distance_at_time(np.array([0.0, 1.0])).tolist() == [0.0, 1.0]
    assert velocity.distance_at_time(-3.0) == 0.0 and velocity.distance_at_time(7.0) == 1.0


@settings(max_examples=scaled(100), deadline=None)
@given(CSS_CURVES, st.lists(st.floats(-100, 100), min_size=12, max_size=12))
@example((0.9, 0.0, 0.9, 0.0), [0, 0, 0, 1, 0, 0, 3, 0, 1, 4, 0, 0])
def test_a_motion_starts_and_ends_exactly_at_the_curve_s_ends(curve, coordinates):
    velocity = accepted(curve)
    points = np.array(coordinates).reshape(4, 3)
    if velocity is None or np.all(points == points[0]):
        return
    motion = Motion(CubicBezier(points), velocity, 2.5)
    assert motion.position(0.0).tolist() == points[0].tolist()
    assert motion.position(2.5).tolist() == points[3].tolist()
    assert motion.position(np.array([0.0, 2.5])).tolist() == [points[0].tolist(), points[3].tolist()]


def test_chromiums_exact_cases():
    """ui/gfx/geometry/cubic_bezier_unittest.cc: EXPECT_EQ, not EXPECT_NEAR."""
    assert VelocityCurve.cubic_bezier(0.5, 1.0, 0.5, 1.0).distance_at_time(0.5) == 0.875
    for curve in [(0.5, 1.0, 0.5, 1.0), (0.0, 1.0, 1.0, 0.0), (0.5, 0.0, 1.0, 0.5), (0.1, 0.2, 0.8, 0.8)]:
        velocity = VelocityCurve.cubic_bezier(*curve)
        assert (velocity.distance_at_time(0.0), velocity.distance_at_time(1.0)) == (0.0, 1.0)


CHROMIUM_BASIC = [
    (0.05, 0.01136), (0.1, 0.03978), (0.15, 0.079780), (0.2, 0.12803), (0.25, 0.18235), (0.3, 0.24115),
    (0.35, 0.30323), (0.4, 0.36761), (0.45, 0.43345), (0.5, 0.5), (0.6, 0.63238), (0.65, 0.69676),
    (0.7, 0.75884), (0.75, 0.81764), (0.8, 0.87196), (0.85, 0.92021), (0.9, 0.96021), (0.95, 0.98863),
]  # fmt: skip


def test_chromiums_table_for_0_25_0_0_75_1():
    velocity = VelocityCurve.cubic_bezier(0.25, 0.0, 0.75, 1.0)
    for t, expected in CHROMIUM_BASIC:
        assert velocity.distance_at_time(t) == pytest.approx(expected, abs=0.00015)  # Chromium's epsilon
        assert velocity.distance_at_time(t) == pytest.approx(
            float(css_distance_at_time(0.25, 0, 0.75, 1, t)), abs=3e-16
        )


def y1_overshooting_by(depth, x1=0.3, x2=0.7, y2=1.0):
    """The y1 < 0 for which S dips to exactly -depth (found in 50 digits)."""
    with mpmath.workdps(50):

        def lowest(y1):
            u = mpmath.findroot(
                lambda u: mpmath.diff(
                    lambda v: 3 * y1 * v * (1 - v) ** 2 + 3 * y2 * v * v * (1 - v) + v**3, u
                ),
                0.05,
            )
            return 3 * y1 * u * (1 - u) ** 2 + 3 * y2 * u * u * (1 - u) + u**3

        return float(mpmath.findroot(lambda y1: lowest(y1) + depth, -1e-4))


@pytest.mark.parametrize("depth", [1e-6, 1e-8, 1e-10, 1e-12])
def test_a_curve_leaving_0_1_by_a_hair_is_refused_exactly(depth):
    y1 = y1_overshooting_by(depth)
    with pytest.raises(ValueError, match=r"stay in \[0, 1\]"):
        VelocityCurve.cubic_bezier(0.3, y1, 0.7, 1.0)
    with pytest.raises(ValueError, match=r"stay in \[0, 1\]"):  # the mirror image overshoots 1
        VelocityCurve.cubic_bezier(0.3, 0.0, 0.7, 1.0 - y1)
    VelocityCurve.cubic_bezier(0.3, 0.0, 0.7, 1.0)  # touching 0 at the start is fine


def test_the_issues_two_overshoots_are_refused():
    for curve in [(0.3, -2e-4, 0.7, 1.0), (0.7, 0.0, 0.3, 1.0002)]:
        with pytest.raises(ValueError, match=r"stay in \[0, 1\]"):
            VelocityCurve.cubic_bezier(*curve)


@pytest.mark.parametrize("curve", [(0.25, 0.1, 0.25, 1.0), (1, 0.3, 0, 0.9), (0, 1, 0.5, 1)])
def test_rate_is_s_prime_over_t_prime(curve):
    velocity = VelocityCurve.cubic_bezier(*curve)
    x1, y1, x2, y2 = curve

    def slope(p1, p2, u):
        return 3 * p1 * (1 - u) ** 2 + 6 * (p2 - p1) * u * (1 - u) + 3 * (1 - p2) * u * u

    for t in (0.1, 0.37, 0.63, 0.81):  # not 1/2, where (1, 0.3, 0, 0.9) has T' = 0
        with mpmath.workdps(40):
            lo, hi = mpmath.mpf(0), mpmath.mpf(1)
            for _ in range(150):  # T(u) = t by bisection
                middle = (lo + hi) / 2
                below = (
                    3 * x1 * middle * (1 - middle) ** 2 + 3 * x2 * middle**2 * (1 - middle) + middle**3 < t
                )
                lo, hi = (middle, hi) if below else (lo, middle)
            u = (lo + hi) / 2
            expected = float(slope(y1, y2, u) / slope(x1, x2, u))
        assert velocity.rate_at_time(t) == pytest.approx(expected, rel=1e-9)
