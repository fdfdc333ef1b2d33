"""Motion: the seed's correlation of a trajectory with a velocity curve."""

import numpy as np
import pytest
from hypothesis import assume, example, given, settings
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

velocities = st.sampled_from(
    [
        VelocityCurve.constant(),
        VelocityCurve.ease_in_out(),
        VelocityCurve.ease_in(),
        VelocityCurve.ease_out(),
        VelocityCurve.sine_ease(0.3, 0.6),
        VelocityCurve.cubic_bezier(0.42, 0.0, 0.58, 1.0),
        VelocityCurve.cubic(s=(-2, 3, 0, 0), t=(1, -1, 1, 0)),
    ]
)
control_points = arrays(float, (4, 3), elements=st.floats(-10, 10))


def test_constant_speed_on_a_straight_line_is_uniform():
    line = CubicBezier([[0, 0, 0], [0.2, 0, 0], [3.5, 0, 0], [4, 0, 0]])  # uneven in u
    motion = Motion(line, VelocityCurve.constant(), duration=8.0)
    t = np.linspace(0, 8, 81)
    np.testing.assert_allclose(motion.position(t)[:, 0], t / 2, atol=1e-12)


def test_parabola_distance_against_the_closed_form_with_ease_in_out():
    a = 2.0
    motion = Motion(CubicBezier(parabola_bezier(a)), VelocityCurve.ease_in_out(), duration=3.0)
    t = np.linspace(0, 3, 301)
    x = t / 3
    intended = np.where(x < 0.5, 2 * x**2, -2 * x**2 + 4 * x - 1)
    np.testing.assert_allclose(motion.distance(t), intended, atol=1e-15)
    reached = parabola_arc_length(a * motion.parameter(t)) / parabola_arc_length(a)
    assert np.abs(reached - intended).max() <= 1e-13


@settings(max_examples=scaled(30), deadline=None)
@given(control_points, velocities, st.floats(0.1, 100))
@example(  # three equal points: the speed vanishes like (1 - u)^2, and a fit's nodes crowd (found in CI)
    np.array([[45.51405357895387, 0, 0], [0, 0, 0], [0, 0, 0], [0, 0, 0]]), VelocityCurve.constant(), 1.0
)
def test_ends_are_the_curve_ends(points, velocity, duration):
    assume(bezier_speed(points, np.linspace(0, 1, 101)).max() > 1e-3)
    motion = Motion(CubicBezier(points), velocity, duration)
    scale = 1 + np.abs(points).max()
    np.testing.assert_allclose(motion.position(0.0), points[0], atol=1e-12 * scale)
    np.testing.assert_allclose(motion.position(duration), points[3], atol=1e-12 * scale)
    np.testing.assert_allclose(motion.position(-5.0), points[0], atol=1e-12 * scale)
    np.testing.assert_allclose(motion.position(duration * 2), points[3], atol=1e-12 * scale)


@settings(max_examples=scaled(30), deadline=None)
@given(control_points, velocities)
def test_distance_is_monotone_when_s_is(points, velocity):
    assume(bezier_speed(points, np.linspace(0, 1, 101)).max() > 1e-3)
    motion = Motion(CubicBezier(points), velocity, 2.0)
    d = motion.distance(np.linspace(0, 2, 2001))
    assert np.all(np.diff(d) >= -1e-15)


@settings(max_examples=scaled(20), deadline=None)
@given(control_points, velocities, st.lists(st.floats(0, 5), min_size=1, max_size=5))
def test_arc_length_to_the_parameter_is_distance_times_length(points, velocity, times):
    speeds = bezier_speed(points, np.linspace(0, 1, 2001))
    assume(speeds.max() > 1e-3 and speeds.min() > 0.05 * speeds.max())
    motion = Motion(CubicBezier(points), velocity, 5.0)
    speed = lambda u: bezier_speed(points, u)
    length = brute_force_arc_length(speed, 0, 1)
    for t in times:
        reached = brute_force_arc_length(speed, 0, motion.parameter(t), panels=400)
        assert abs(reached - motion.distance(t) * length) <= 1e-12 * length


def test_scalar_and_batch_queries_agree():
    spline = PiecewiseBezier.catmull_rom([[0, 0, 0], [2, 1, 0], [3, 4, 1], [0, 5, 2], [-2, 3, 0]])
    motion = Motion(spline, VelocityCurve.sine_ease(), 4.0)
    t = np.linspace(-1, 5, 97)
    batch = motion.position(t)
    shuffled = np.random.default_rng(0).permutation(len(t))
    np.testing.assert_allclose(motion.position(t[shuffled]), batch[shuffled], atol=1e-14)
    for ti, expected in zip(t, batch):
        np.testing.assert_allclose(motion.position(ti), expected, atol=1e-14)


def test_intended_speed_is_length_times_rate_over_duration():
    helix = FunctionCurve(lambda u: (np.cos(6 * u), np.sin(6 * u), u))
    motion = Motion(helix, VelocityCurve.ease_in_out(), duration=2.0)
    # ease in-out peaks at ds/dt = 2 halfway: speed 2 L / duration there.
    assert motion.speed(1.0) == pytest.approx(2 * np.hypot(6, 1) / 2.0, rel=1e-12)


def test_seed_method_follows_the_same_curve_roughly():
    curve = CubicBezier([[0, 0, 0], [1, 2, 0], [3, 2, 1], [4, 0, 0]])
    exact = Motion(curve, VelocityCurve.ease_in_out(), 2.0)
    seed = Motion(curve, VelocityCurve.ease_in_out(), 2.0, method="chord", table_size=1000)
    t = np.linspace(0, 2, 201)
    np.testing.assert_allclose(seed.position(t), exact.position(t), atol=1e-4)
    assert 0 < exact.length - seed.length < 1e-5 * exact.length  # chords fall short of the arc
    assert np.abs(seed.position(t) - exact.position(t)).max() > 1e-9  # and the seed is not exact


@pytest.mark.parametrize("duration", [0, -1, float("nan"), float("inf"), "long"])
def test_bad_durations_are_named(duration):
    with pytest.raises(ValueError, match="duration must be a positive finite number"):
        Motion(CubicBezier(parabola_bezier(1)), VelocityCurve.constant(), duration)


def test_other_bad_input_is_named():
    curve, velocity = CubicBezier(parabola_bezier(1)), VelocityCurve.constant()
    with pytest.raises(ValueError, match="trajectory must be a Curve"):
        Motion(parabola_bezier(1), velocity, 1.0)
    with pytest.raises(ValueError, match="velocity must be a VelocityCurve"):
        Motion(curve, lambda u: u, 1.0)
    with pytest.raises(ValueError, match="method must be one of"):
        Motion(curve, velocity, 1.0, method="fast")
    with pytest.raises(ValueError, match="table size"):
        Motion(curve, velocity, 1.0, method="chord", table_size=1)
    with pytest.raises(ValueError, match="no length"):
        Motion(CubicBezier([[2, 2, 2]] * 4), velocity, 1.0)
    motion = Motion(curve, velocity, 1.0)
    with pytest.raises(ValueError, match="nan"):
        motion.position(float("nan"))
    with pytest.raises(ValueError, match="nan"):
        motion.position(np.array([0.0, np.nan]))


def test_a_method_that_is_not_exact_or_chord_is_refused_by_name():
    curve = CubicBezier([[0, 0, 0], [1, 2, 0], [3, 2, 1], [4, 0, 0]])
    for method in ("seed", "Exact", None, 1):  # "seed", once another name of "chord", is gone
        with pytest.raises(ValueError, match="method must be one of"):
            Motion(curve, VelocityCurve.constant(), 1.0, method=method)


def test_speed_errors_show_the_chord_tables_ripple_and_not_ours():
    curve = CubicBezier([[0, 0, 0], [3, 4, 1], [-1, 4, -1], [2, 0, 2]])
    fractions = np.linspace(0, 1, 400)
    exact = Motion(curve, VelocityCurve.ease_in_out(), 4.0).speed_errors(fractions)
    chord = Motion(curve, VelocityCurve.ease_in_out(), 4.0, method="chord").speed_errors(fractions)
    assert np.abs(exact).max() <= 1e-9
    assert np.abs(chord).max() >= 1e-3  # the seed's 0.3 % ripple, at full height at 400 samples


def test_speed_errors_against_an_independent_quadrature():
    """The travelled length over each small time step, by Gauss-Legendre on |Q'(u)| between the
    parameters reached, against the intended length: the same differences, computed apart."""
    curve = CubicBezier([[0, 0, 0], [3, 4, 1], [-1, 4, -1], [2, 0, 2]])
    motion = Motion(curve, VelocityCurve.ease_in_out(), 4.0, method="chord")
    fractions, step = np.array([0.013, 0.2, 0.47, 0.5, 0.81, 0.999]), 1e-4
    nodes, weights = np.polynomial.legendre.leggauss(20)
    expected = []
    for f in fractions:
        u0, u1 = motion.parameter(np.array([f - step, f + step]) * 4.0)
        u = (u1 - u0) / 2 * nodes + (u0 + u1) / 2
        travelled = (u1 - u0) / 2 * weights @ np.linalg.norm(curve.derivative(u), axis=-1)
        meant = np.diff(motion.velocity.distance_at_time(np.array([f - step, f + step])))[0]
        expected.append((travelled / curve.length - meant) / (2 * step))
    # Both sides difference the same nearby values: agreement to a few ulps of s over 2e-4.
    np.testing.assert_allclose(motion.speed_errors(fractions, step), expected, rtol=0, atol=1e-10)


def test_every_way_of_asking_for_one_pose_gives_the_same_answer():
    """A float, a numpy number, a (1,) array, keywords or an Orientation: one pose each way
    (the keyword and one-element forms took the bulk path, 30 to 100 times slower), the same to
    rounding as the bulk answer, shaped as asked."""
    from scene.curves.presets import TRAJECTORIES, VELOCITIES
    from trajectory import Orientation

    motion = Motion(TRAJECTORIES[1].curve(), VELOCITIES[1].curve(), 6.0)
    times = np.array([0.0, 1.234, 3.0, 6.0])
    for mode, options in (
        ("minimal", {}),
        ("up", {}),
        ("yaw", {}),
        ("up", {"bank": True}),
        ("minimal", {"bank": True, "g": 3.0}),
    ):
        bulk_q = motion.quaternion(times, mode, **options)
        bulk_p = motion.position(times)
        orientation = Orientation(mode, **options)
        for k, t in enumerate(times.tolist()):
            for asked in (t, np.float64(t)):
                np.testing.assert_allclose(motion.quaternion(asked, mode, **options), bulk_q[k], atol=1e-14)
                np.testing.assert_allclose(motion.quaternion(asked, orientation), bulk_q[k], atol=1e-14)
                np.testing.assert_allclose(motion.position(asked), bulk_p[k], atol=1e-14)
            one = np.array([t])
            assert motion.quaternion(one, mode, **options).shape == (1, 4)
            np.testing.assert_allclose(motion.quaternion(one, mode, **options)[0], bulk_q[k], atol=1e-14)
            np.testing.assert_allclose(
                motion.frame(one, orientation)[0], motion.frame(times, orientation)[k], atol=1e-14
            )
            position, rotation = motion.pose(one, mode, **options)
            assert position.shape == (1, 3) and rotation.shape == (1, 4)
            np.testing.assert_allclose(position[0], bulk_p[k], atol=1e-14)
    with pytest.raises(ValueError, match="nan"):
        motion.quaternion(np.array([np.nan]), "up")
    with pytest.raises(ValueError):
        motion.quaternion(1.0, "up", foo=1)
