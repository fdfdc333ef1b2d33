"""The Fresnel integrals against mpmath (40 digits) over the whole real line: the series near 0,
the continued fraction beyond, the far region where the phase must be reduced exactly, and the
values too small for a float's range; odd, 1/2 at infinity."""

import math

import mpmath
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trajectory._numerics.fresnel import SERIES_REACH, fresnel

SMALLEST_NORMAL = 2.2250738585072014e-308
ULP_TOLERANCE = 2e-15
"""Relative: about 9 units in the last place (the series loses a digit near its reach)."""


def reference(x):
    """mpmath's C(x) and S(x), rounded to floats."""
    with mpmath.workdps(40):
        return float(mpmath.fresnelc(mpmath.mpf(x))), float(mpmath.fresnels(mpmath.mpf(x)))


def relative_errors(x, ours):
    """Each of ours against the reference, relative; where the true value is below the normal
    floats, the error in units of the smallest subnormal, scaled to match (its digits are gone)."""
    errors = []
    for value, exact in zip(ours, reference(x)):
        if abs(exact) < SMALLEST_NORMAL:
            errors.append(abs(value - exact) / 5e-324 * 1e-16)
        else:
            errors.append(abs(value - exact) / abs(exact))
    return errors


def test_against_mpmath_from_zero_through_the_switch_to_far_out():
    xs = np.concatenate(
        [
            np.linspace(0.0, 12.0, 2401)[1:],
            [SERIES_REACH * (1 - 1e-15), SERIES_REACH, SERIES_REACH * (1 + 1e-15)],
            np.logspace(1.0, 15.0, 141),  # far out, where the wave is 1 / (pi x) about 1/2
        ]
    )
    c, s = fresnel(xs)
    worst = max(max(relative_errors(x, (cx, sx))) for x, cx, sx in zip(xs, c, s))
    assert worst <= ULP_TOLERANCE


def test_tiny_values_keep_their_digits_until_they_leave_the_floats():
    """C(x) = x - ..., S(x) = pi x³ / 6 - ...: exact to rounding until S leaves the floats."""
    xs = np.logspace(-300.0, -1.0, 300)
    c, s = fresnel(xs)
    assert max(max(relative_errors(x, (cx, sx))) for x, cx, sx in zip(xs, c, s)) <= ULP_TOLERANCE


@settings(max_examples=300, deadline=None)
@given(st.floats(-328.0, 328.0, allow_nan=False).map(lambda e: math.copysign(10.0 ** (abs(e) - 20.0), e)))
def test_any_value_is_odd_and_within_a_few_units_in_the_last_place(x):
    c, s = fresnel(x)
    assert max(relative_errors(x, (c, s))) <= ULP_TOLERANCE
    assert fresnel(-x) == (-c, -s)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.floats(-SERIES_REACH, SERIES_REACH), min_size=0, max_size=6))
def test_a_few_values_at_once_are_as_exact_as_many(xs):
    """A planner's one path asks for an array of one to four values (summed in plain floats)."""
    c, s = fresnel(np.array(xs, dtype=float))
    assert c.shape == s.shape == (len(xs),)
    for x, cx, sx in zip(xs, c, s):
        assert max(relative_errors(x, (cx, sx))) <= ULP_TOLERANCE


def test_the_whole_float_range_far_out_and_through_the_switch_to_halves():
    """Where x² overflows (|x| past about 1e154) and about ``HALF_REACH``, where 1/2 is exact."""
    xs = np.concatenate(
        [np.logspace(15.0, 308.0, 294), [2.0**55 * (1 - 1e-15), 2.0**55, 2.0**53, 1.7976931348623157e308]]
    )
    c, s = fresnel(xs)
    assert max(max(relative_errors(x, (cx, sx))) for x, cx, sx in zip(xs, c, s)) <= ULP_TOLERANCE


@settings(max_examples=300, deadline=None)
@given(st.floats(allow_nan=True, allow_infinity=True))
def test_one_float_in_plain_floats_is_the_array_value(x):
    """A Python float takes the plain-float path (a planner's one path); an array, numpy's: the
    same numbers, to a unit in the last place, on every float (both are checked against mpmath
    above)."""
    one, many = fresnel(x), fresnel(np.array([x, x]))
    for value, column in zip(one, many):
        assert type(value) is float
        if math.isnan(column[0]):
            assert math.isnan(value)
        else:
            assert abs(value - column[0]) <= 2.3e-16 * abs(column[0])


def test_what_is_not_a_number_is_refused_by_type():
    for thing in (None, "1.0", [1.0, None], object()):
        with pytest.raises(TypeError, match="fresnel takes numbers"):
            fresnel(thing)


def test_ends_and_shapes():
    assert fresnel(0.0) == (0.0, 0.0)
    assert fresnel(math.inf) == (0.5, 0.5) and fresnel(-math.inf) == (-0.5, -0.5)
    c, s = fresnel(np.array([[math.nan, 1.0], [2.0, 3.0]]))
    assert c.shape == s.shape == (2, 2) and math.isnan(c[0, 0]) and math.isnan(s[0, 0])
    np.testing.assert_array_equal(c[1], [fresnel(2.0)[0], fresnel(3.0)[0]])
