import math

import numpy as np
import pytest

from trajectory import FunctionCurve


def helix(u):
    return (np.cos(4 * u), np.sin(4 * u), 0.5 * u)


def helix_derivative(u):
    return (-4 * np.sin(4 * u), 4 * np.cos(4 * u), 0.5 + 0 * u)


def test_complex_step_derivative_is_exact_to_rounding():
    u = np.linspace(0, 1, 9)
    estimated = FunctionCurve(helix).derivative(u)
    np.testing.assert_allclose(estimated, np.stack(helix_derivative(u), axis=1), atol=1e-14)


def test_difference_derivative_when_the_function_refuses_complex_numbers():
    def scalar_only(u):
        return (math.cos(4 * u), math.sin(4 * u), 0.5 * u)

    curve = FunctionCurve(scalar_only)
    u = np.linspace(0, 1, 9)
    np.testing.assert_allclose(curve.evaluate(u), np.stack(helix(u), axis=1), atol=1e-15)
    np.testing.assert_allclose(curve.derivative(u), np.stack(helix_derivative(u), axis=1), atol=1e-9)


def test_given_derivative_is_used_and_length_is_exact():
    curve = FunctionCurve(helix, helix_derivative)
    assert curve.length == pytest.approx(math.hypot(4, 0.5), rel=1e-14)


def test_shapes():
    curve = FunctionCurve(helix)
    assert curve.evaluate(0.3).shape == (3,)
    assert curve.derivative(0.3).shape == (3,)
    assert curve.evaluate(np.zeros(5)).shape == (5, 3)


@pytest.mark.parametrize(
    "f, message",
    [
        (lambda u: (u, u), "three components"),
        (lambda u: (u, u, np.log(u - 0.5)), "finite"),
        (42, "functions"),
    ],
)
def test_bad_functions_are_named(f, message):
    with np.errstate(all="ignore"), pytest.raises(ValueError, match=message):
        FunctionCurve(f)


def test_a_fast_turning_analytic_function_gets_its_exact_complex_step_derivative():
    """cos(200 u) was refused as "not smooth": the check of the complex step against differences
    of step 1e-3 saw the differences' own error (200 h)^4."""
    helix = FunctionCurve(lambda u: (np.cos(200 * u), np.sin(200 * u), 0.01 * u))
    u = np.linspace(0.0, 1.0, 11)
    exact = np.stack([-200 * np.sin(200 * u), 200 * np.cos(200 * u), np.full_like(u, 0.01)], axis=1)
    assert np.abs(helix.derivative(u) - exact).max() <= 1e-12 * 200
    assert abs(helix.length - math.hypot(200.0, 0.01)) <= 1e-12 * 200
