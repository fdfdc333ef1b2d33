import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.budget import scaled
from trajectory import VelocityCurve
from trajectory.timing import DistanceOutOfRange

u = np.linspace(0, 1, 1001)


def test_seed_constant_speed():
    v = VelocityCurve.constant()
    np.testing.assert_allclose(v.distance(u), u, atol=1e-15)
    np.testing.assert_allclose(v.distance_at_time(u), u, atol=1e-15)
    np.testing.assert_allclose(v.rate_at_time(u), 1.0, atol=1e-13)


def test_seed_ease_in_out_values():
    v = VelocityCurve.ease_in_out()
    expected = np.where(u < 0.5, 2 * u**2, -2 * u**2 + 4 * u - 1)
    np.testing.assert_allclose(v.distance(u), expected, atol=1e-15)
    np.testing.assert_allclose(v.distance_at_time(u), expected, atol=1e-15)
    np.testing.assert_allclose(v.rate_at_time(u), np.where(u < 0.5, 4 * u, 4 - 4 * u), atol=1e-12)
    assert v.distance(0.5) == 0.5


def test_ease_in_and_out():
    np.testing.assert_allclose(VelocityCurve.ease_in().distance_at_time(u), u**2, atol=1e-15)
    np.testing.assert_allclose(VelocityCurve.ease_out().distance_at_time(u), 2 * u - u**2, atol=1e-15)


def test_sine_ease_follows_parents_equation():
    k1, k2 = 0.2, 0.6
    v = VelocityCurve.sine_ease(k1, k2)
    f = k1 * 2 / math.pi + k2 - k1 + (1 - k2) * 2 / math.pi
    # Constant speed 1 / f in the middle, zero speed at both ends, ends at 0 and 1.
    middle = np.linspace(k1 + 1e-3, k2 - 1e-3, 50)
    np.testing.assert_allclose(v.rate_at_time(middle), 1 / f, rtol=1e-10)
    assert v.rate_at_time(0.0) == pytest.approx(0.0, abs=1e-10)
    assert v.rate_at_time(1.0) == pytest.approx(0.0, abs=1e-10)
    assert v.distance_at_time(k1) == pytest.approx(k1 * 2 / math.pi / f, abs=1e-14)
    assert v.distance_at_time(1.0) == pytest.approx(1.0, abs=1e-15)


def test_css_linear_is_the_identity_and_ease_matches_a_bisection():
    np.testing.assert_allclose(VelocityCurve.cubic_bezier(0, 0, 1, 1).distance_at_time(u), u, atol=1e-14)
    ease = VelocityCurve.cubic_bezier(0.25, 0.1, 0.25, 1.0)
    for t in (0.1, 0.3, 0.5, 0.8):
        lo, hi = 0.0, 1.0
        for _ in range(60):  # T is increasing: bisection finds T^-1(t)
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if ease.time(mid) < t else (lo, mid)
        assert ease.distance_at_time(t) == pytest.approx(ease.distance(lo), abs=1e-13)


def bezier_cubic(p1, p2):
    """Power coefficients (a3, a2, a1, a0) of the 1D Bezier with control values 0, p1, p2, 1."""
    return (3 * p1 - 3 * p2 + 1, 3 * p2 - 6 * p1, 3 * p1, 0.0)


@settings(max_examples=scaled(60), deadline=None)
@given(
    st.floats(0, 1),
    st.floats(0, 1),  # S: any control values in [0, 1], so S stays in [0, 1]
    st.floats(0.05, 0.95),
    st.floats(0, 1),  # T: 0 < p1 <= p2 < 1, so T' > 0
)
def test_distance_at_time_inverts_time(s1, s2, t1, t2_fraction):
    t2 = t1 + (0.95 - t1) * t2_fraction
    v = VelocityCurve.cubic(s=bezier_cubic(s1, s2), t=bezier_cubic(t1, t2))
    np.testing.assert_allclose(v.distance_at_time(v.time(u)), v.distance(u), atol=1e-12)
    assert v.distance_at_time(0.0) == pytest.approx(0.0, abs=1e-15)
    assert v.distance_at_time(1.0) == pytest.approx(1.0, abs=1e-14)


def test_cubic_is_normalised_through_its_end_values():
    v = VelocityCurve.cubic(s=(0, 0, 10, 5), t=(0, 0, 2, 1))  # S = 10u + 5, T = 2u + 1
    np.testing.assert_allclose(v.distance(u), u, atol=1e-15)
    np.testing.assert_allclose(v.time(u), u, atol=1e-15)


@pytest.mark.parametrize(
    "make, message",
    [
        (lambda: VelocityCurve.cubic(t=(0, -3, 2, 0)), "strictly increasing"),  # T' < 0 past 1/3
        (lambda: VelocityCurve.cubic(t=(0, 0, 0, 1)), "strictly increasing"),
        (lambda: VelocityCurve.cubic(t=(0, 0, -1, 0)), "strictly increasing"),
        (lambda: VelocityCurve.cubic(s=(0, -3, 4, 0)), r"stay in \[0, 1\]"),  # overshoots then returns
        (lambda: VelocityCurve.cubic(s=(0, 0, 0, 2)), "never move"),
        (lambda: VelocityCurve.cubic(s=(1, 2)), "four"),
        (lambda: VelocityCurve.cubic(s=(0, 0, np.nan, 0)), "finite"),
        (lambda: VelocityCurve.sine_ease(0.7, 0.3), "k1 <= k2"),
        (lambda: VelocityCurve.cubic_bezier(1.5, 0, 0.5, 1), "x1 in"),
        (lambda: VelocityCurve.cubic_bezier(0.3, -0.5, 0.5, 1), r"stay in \[0, 1\]"),
        (lambda: VelocityCurve(lambda u: u, lambda u: np.sin(3 * u)), "strictly increasing"),
        (lambda: VelocityCurve(lambda u: np.log(u - 0.5), lambda u: u), "finite"),
        (lambda: VelocityCurve(lambda u: 1.0, lambda u: u), "one value per u"),
    ],
)
def test_bad_velocity_curves_are_named(make, message):
    with np.errstate(all="ignore"), pytest.raises(ValueError, match=message):
        make()


def test_a_dip_between_grid_points_is_caught_exactly_for_cubics():
    # T' = 3 (u - 0.5)^2 - 1e-9 dips below zero on a sliver narrower than any sampling grid.
    with pytest.raises(ValueError, match="strictly increasing"):
        VelocityCurve.cubic(t=(1, -1.5, 0.75 - 1e-9 / 3 * 3, 0))


def test_a_distance_that_leaves_the_curve_is_refused_with_where_and_how_far():
    """``DistanceOutOfRange`` says where S leaves [0, 1] and how far (the scene words it)."""
    with pytest.raises(DistanceOutOfRange) as above:
        VelocityCurve.cubic_bezier(0.5, 1.6, 0.5, 1.0)
    u = np.linspace(0.0, 1.0, 200_001)
    s = 3 * (1 - u) ** 2 * u * 1.6 + 3 * (1 - u) * u**2 + u**3  # the Bezier's y, sampled densely
    assert above.value.value == pytest.approx(s.max(), abs=1e-9)
    assert above.value.u == pytest.approx(u[s.argmax()], abs=1e-5)
    with pytest.raises(DistanceOutOfRange) as below:
        VelocityCurve.cubic_bezier(0.3, -0.9, 0.7, 1.0)
    assert below.value.value < 0.0
    with pytest.raises(DistanceOutOfRange) as sampled:
        VelocityCurve(lambda u: np.sin(3 * u), lambda u: u)
    # the first point of the check grid past 1: sin(3u) passes sin(3) at u = (pi - 3) / 3
    assert sampled.value.value > 1.0 and sampled.value.u == pytest.approx((math.pi - 3.0) / 3.0, abs=1e-3)
    assert isinstance(sampled.value, ValueError)
