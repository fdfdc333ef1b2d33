import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from tests.budget import scaled
from tests.reference import bezier_point, bezier_speed
from trajectory import CubicBezier, PiecewiseBezier

points = arrays(float, (4, 3), elements=st.floats(-10, 10))


@settings(max_examples=scaled(50), deadline=None)
@given(points, st.floats(0, 1))
def test_evaluate_matches_the_bernstein_form(control_points, u):
    curve = CubicBezier(control_points)
    scale = 1 + np.abs(control_points).max()
    np.testing.assert_allclose(curve.evaluate(u), bezier_point(control_points, [u])[0], atol=1e-13 * scale)
    np.testing.assert_allclose(
        np.linalg.norm(curve.derivative(np.array([u])), axis=1),
        bezier_speed(control_points, [u]),
        atol=1e-12 * scale,
    )


def test_end_points_and_shapes():
    p = np.array([[0, 0, 0], [1, 2, 3], [4, 5, 6], [7, 8, 9]], dtype=float)
    curve = CubicBezier(p)
    np.testing.assert_array_equal(curve.evaluate(0.0), p[0])
    np.testing.assert_allclose(curve.evaluate(1.0), p[3], atol=1e-14)
    assert curve.evaluate(0.5).shape == (3,)
    assert curve.evaluate(np.linspace(0, 1, 7)).shape == (7, 3)
    np.testing.assert_allclose(curve.derivative(0.0), 3 * (p[1] - p[0]), atol=1e-13)


def test_a_straight_bezier_has_the_length_of_its_chord():
    p = np.array([[1, 2, 3], [1.5, 2.5, 3.5], [3, 4, 5], [4, 5, 6]], dtype=float)
    assert CubicBezier(p).length == pytest.approx(np.linalg.norm(p[3] - p[0]), rel=1e-14)


def test_catmull_rom_passes_through_its_points_with_continuous_tangent_directions():
    through = np.array([[0, 0, 0], [1, 2, 0], [3, 3, 1], [4, 0, 2], [6, 1, 0]], dtype=float)
    spline = PiecewiseBezier.catmull_rom(through)
    joints = np.linspace(0, 1, len(through))
    np.testing.assert_allclose(spline.evaluate(joints), through, atol=1e-13)
    for u in joints[1:-1]:
        # Centripetal knots make the joints G1: the direction is continuous, the speed in u not.
        left, right = spline.derivative(u - 1e-13), spline.derivative(u + 1e-13)
        np.testing.assert_allclose(left / np.linalg.norm(left), right / np.linalg.norm(right), atol=1e-9)
    assert spline.breakpoints == pytest.approx(joints[1:-1].tolist())


def test_catmull_rom_drops_repeated_points():
    spline = PiecewiseBezier.catmull_rom([[0, 0, 0], [0, 0, 0], [1, 0, 0], [1, 0, 0], [2, 1, 0]])
    assert spline.control_points.shape == (2, 4, 3)


@pytest.mark.parametrize(
    "bad, message",
    [
        ([[0, 0, 0], [1, 1, 1], [2, 2, 2]], "exactly 4"),
        ([[0, 0], [1, 1], [2, 2], [3, 3]], r"shaped \(n, 3\)"),
        ([[0, 0, 0], [1, np.nan, 1], [2, 2, 2], [3, 3, 3]], "finite"),
        ([[0, 0, 0], [1, np.inf, 1], [2, 2, 2], [3, 3, 3]], "finite"),
        ("abcd", "numbers"),
    ],
)
def test_bad_control_points_are_named(bad, message):
    with pytest.raises(ValueError, match=message):
        CubicBezier(bad)


def test_bad_spline_points_are_named():
    with pytest.raises(ValueError, match="at least two distinct"):
        PiecewiseBezier.catmull_rom([[1, 1, 1], [1, 1, 1]])
    with pytest.raises(ValueError, match="at least 2 points"):
        PiecewiseBezier.catmull_rom([[1, 1, 1]])
    with pytest.raises(ValueError, match=r"\(segments, 4, 3\)"):
        PiecewiseBezier(np.zeros((2, 3, 3)))
