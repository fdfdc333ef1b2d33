"""Arc length and the arc-length parameterisation against closed forms and a brute-force integral."""

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from tests.budget import scaled
from tests.reference import (
    bezier_speed,
    brute_force_arc_length,
    parabola_arc_length,
    parabola_bezier,
)
from trajectory import CubicBezier, FunctionCurve, Motion, PiecewiseBezier, VelocityCurve
from trajectory.curves import NoLengthError, joined_length


@pytest.mark.parametrize("a", [0.1, 1.0, 3.0])
def test_parabola_length_and_distance_against_the_closed_form(a):
    curve = CubicBezier(parabola_bezier(a))
    exact = parabola_arc_length(a)
    assert curve.length == pytest.approx(exact, rel=1e-14)
    s = np.linspace(0, 1, 1001)
    u = curve.arc_length.parameter(s)
    distance_error = np.abs(parabola_arc_length(a * u) / exact - s)
    assert distance_error.max() <= 1e-13


def test_helix_is_parameterised_by_arc_length_already():
    radius, turns, rise = 2.0, 3.0, 5.0
    w = 2 * np.pi * turns
    helix = FunctionCurve(lambda u: (radius * np.cos(w * u), radius * np.sin(w * u), rise * u))
    assert helix.length == pytest.approx(np.hypot(radius * w, rise), rel=1e-14)
    s = np.linspace(0, 1, 501)
    np.testing.assert_allclose(helix.arc_length.parameter(s), s, atol=1e-13)


@settings(max_examples=scaled(25), deadline=None)
@given(arrays(float, (4, 3), elements=st.floats(-10, 10)))
def test_random_bezier_length_and_distance_against_brute_force(control_points):
    u = np.linspace(0, 1, 2001)
    speeds = bezier_speed(control_points, u)
    # Keep the brute force trustworthy: no near-cusp (the adaptive table handles those, see the
    # benchmark; 2,000 equal panels do not).
    assume(speeds.max() > 1e-3 and speeds.min() > 0.05 * speeds.max())
    curve = CubicBezier(control_points)
    speed = lambda x: bezier_speed(control_points, x)
    total = brute_force_arc_length(speed, 0, 1)
    assert curve.length == pytest.approx(total, rel=1e-13)
    for s in (0.1, 0.37, 0.5, 0.93):
        reached = brute_force_arc_length(speed, 0, curve.arc_length.parameter(s), panels=400)
        assert abs(reached / total - s) <= 1e-12


def test_composite_curve_length_is_the_sum_of_its_segments():
    spline = PiecewiseBezier.catmull_rom([[0, 0, 0], [2, 1, 0], [3, 4, 1], [0, 5, 2], [-2, 3, 0]])
    segments = sum(CubicBezier(p).length for p in spline.control_points)
    assert spline.length == pytest.approx(segments, rel=1e-13)


def test_a_curve_with_no_length_is_refused_with_its_own_error():
    """A ``NoLengthError`` (a ``ValueError``), so that a caller can tell it from other bad curves."""
    with pytest.raises(NoLengthError, match="no length"):
        _ = CubicBezier([[1, 2, 3]] * 4).length
    with pytest.raises(NoLengthError, match="no length"):
        _ = FunctionCurve(lambda u: (0 * u + 1, 0 * u, 0 * u)).length
    with pytest.raises(NoLengthError, match="no length"):
        Motion(CubicBezier([[1, 2, 3]] * 4), VelocityCurve.constant(), 1.0, method="chord")
    assert issubclass(NoLengthError, ValueError)


def test_arc_length_at_and_between_against_the_closed_form():
    a = 2.5
    table = CubicBezier(parabola_bezier(a)).arc_length
    u = np.linspace(0, 1, 301)
    np.testing.assert_allclose(table.at(u), parabola_arc_length(a * u), rtol=0, atol=1e-13 * table.length)
    assert table.between(0.8, 0.3) == pytest.approx(
        parabola_arc_length(a * 0.3) - parabola_arc_length(a * 0.8), abs=1e-13
    )
    assert table.at(2.0) == pytest.approx(table.length, rel=1e-15)


def mpmath_arc(points, u0, u1, splits=()):
    """Arc length of the Bezier ``points`` from u0 to u1 by mpmath at 30 digits."""
    import mpmath

    mpmath.mp.dps = 30
    p = [[mpmath.mpf(float(c)) for c in point] for point in points]

    def speed(u):
        d = [
            3 * (1 - u) ** 2 * (p[1][i] - p[0][i])
            + 6 * u * (1 - u) * (p[2][i] - p[1][i])
            + 3 * u * u * (p[3][i] - p[2][i])
            for i in range(3)
        ]
        return mpmath.sqrt(sum(x * x for x in d))

    nodes = sorted({u0, u1, *[x for x in splits if u0 < x < u1]})
    return float(mpmath.quad(speed, [mpmath.mpf(x) for x in nodes]))


@pytest.mark.parametrize("gap", [1e-2, 1e-4, 1e-6])
def test_near_cusp_against_mpmath(gap):
    points = np.array([[0, 0, 0], [2, 2, 0], [0, 2, 0], [2, gap, 0]], dtype=float)
    curve = CubicBezier(points)
    fine = np.linspace(0, 1, 400001)
    slowest = float(fine[np.argmin(curve.speed(fine))])
    total = mpmath_arc(points, 0.0, 1.0, [slowest])
    assert curve.length == pytest.approx(total, rel=1e-13)
    for s in (0.2, 0.45, 0.5, 0.55, 0.9):
        reached = mpmath_arc(points, 0.0, float(curve.arc_length.parameter(s)), [slowest])
        assert abs(reached / total - s) <= 1e-12


_UNRELATED_SEGMENTS = np.array(
    [
        [[0, 0, 0], [3, 1, 0], [5, -2, 1], [8, 0, 0]],
        [[0, 0, 0], [1, 1, 0], [0, 1, 0], [1, 0, 0]],
        [[0, 0, 0], [2, 2, 0], [0, 2, 0], [2, 1e-6, 0]],
        [[0, 0, 0], [1e-6, 0, 0], [2e-6, 1e-6, 0], [3e-6, 0, 0]],
    ],
    dtype=float,
)
"""An ordinary segment, a true cusp, a near-cusp and one a million times shorter."""


def test_segments_measured_together_are_each_as_exact_as_their_own_curve():
    """Four unrelated segments in one batch (what a spline's edit measures): each segment's
    length agrees with the segment measured as a curve of its own to 1e-14 of its length and is
    cut into as many pieces as alone, to 10%, and the stops are found where they are found
    alone (the cusp and the near one)."""
    batch = joined_length._batch(_UNRELATED_SEGMENTS)
    stops = []
    for k, (points, measured) in enumerate(zip(_UNRELATED_SEGMENTS, batch)):
        alone = CubicBezier(points).arc_length
        assert measured.length == pytest.approx(alone.length, rel=1e-14)
        pieces = measured.widths.size
        assert abs(pieces - (alone.u_breaks.size - 1)) <= 0.1 * (alone.u_breaks.size - 1)
        stops.extend((k + alone.stops) / 4)
        np.testing.assert_allclose(measured.stops, alone.stops, rtol=0, atol=1e-15)
    assert len(stops) == 2 and stops[0] == 0.375  # the true cusp at its own u = 1/2, the near one


@settings(max_examples=scaled(20), deadline=None)
@given(st.permutations(range(4)), st.integers(0, 3), st.integers(0, 40))
def test_a_segments_table_is_the_same_to_the_bit_whoever_is_measured_with_it(order, alone, extra):
    """A segment's table depends on its control points alone: measured by itself, or in a batch
    in any order, beside any number of other segments, it is the same to the last bit."""
    rng = np.random.default_rng(extra)
    others = np.cumsum(rng.normal(size=(extra, 4, 3)) * 10.0 ** rng.uniform(-3, 3, (extra, 1, 1)), axis=1)
    batch = np.concatenate((others, _UNRELATED_SEGMENTS[list(order)]))
    together = joined_length._batch(batch)[extra + order.index(alone)]
    (by_itself,) = joined_length._batch(_UNRELATED_SEGMENTS[alone : alone + 1])
    for field in by_itself._fields:
        np.testing.assert_array_equal(getattr(together, field), getattr(by_itself, field))


def test_a_true_cusp_is_passed_at_half_the_length():
    # Symmetric about u = 1/2, where the speed is exactly zero: that point is at s = 1/2.
    curve = CubicBezier([[0, 0, 0], [1, 1, 0], [0, 1, 0], [1, 0, 0]])
    assert curve.speed(0.5) == 0.0
    assert curve.arc_length.parameter(0.5) == pytest.approx(0.5, abs=1e-7)
    assert curve.arc_length.at(0.5) == pytest.approx(curve.length / 2, rel=1e-13)


@pytest.mark.parametrize("end", [0, 3])
def test_a_curve_that_comes_to_rest_at_an_end_still_reaches_it(end):
    # Three coincident control points: the speed vanishes quadratically at that end, u(s) has a
    # cube-root singularity there, and s = 0 and s = 1 must still map to the ends exactly.
    points = np.zeros((4, 3))
    points[end] = [0.75, 0.2, -0.1]
    curve = CubicBezier(points)
    assert curve.arc_length.parameter(0.0) == pytest.approx(0.0, abs=1e-15)
    assert curve.arc_length.parameter(1.0) == pytest.approx(1.0, abs=1e-15)
    assert curve.length == pytest.approx(np.linalg.norm(points[end]), rel=1e-14)
    s = np.linspace(0, 1, 101)
    travelled = np.linalg.norm(curve.evaluate(curve.arc_length.parameter(s)) - curve.evaluate(0.0), axis=1)
    np.testing.assert_allclose(travelled, s * curve.length, atol=1e-12)
