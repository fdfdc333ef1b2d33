"""Motion.fastest: every limit kept everywhere, the optimum against an independent forward-backward
pass, the textbook closed forms, cusps and straight lines, and bad input refused by name."""

import math

import numpy as np
import pytest

from scene.curves.presets import TRAJECTORIES
from tests.trajectory.timing.hard_splines import MISSED_BETWEEN_CHECKS
from trajectory import CubicBezier, Motion, NurbsCurve, Playhead, Spline
from trajectory.timing.speed_limits import Binding, SpeedLimits
from trajectory.timing.velocity import DISTANCE_TOLERANCE

# The scene's preset curves but the coaster (read from its file by Panda3D), by the first word
# of their names.
CURVES = {
    preset.name.split()[0]: preset.curve for preset in TRAJECTORIES if not preset.name.startswith("coaster")
}
LIMITS = [  # (v_max, a_lat, accel, brake, v_start, v_end): a car, no accel, no brake, neither, a fast one
    (8.0, 6.0, 3.0, 5.0, 0.0, 0.0),
    (8.0, 6.0, None, 5.0, 0.0, 0.0),
    (8.0, 6.0, 3.0, None, 0.0, 0.0),
    (8.0, 6.0, None, None, 0.0, 0.0),
    (30.0, 20.0, 3.0, 5.0, 2.0, 1.0),
]
LIMIT_TOLERANCE = 1e-9
SAMPLES = 100_001


@pytest.fixture(scope="module", params=list(CURVES))
def curve(request):
    return CURVES[request.param]()


@pytest.mark.parametrize("limits", LIMITS, ids=["car", "no accel", "no brake", "neither", "fast"])
def test_every_limit_holds_at_1e5_samples(curve, limits):
    v_max, a_lat, accel, brake, v_start, v_end = limits
    motion = Motion.fastest(curve, v_max, a_lat, accel, brake, v_start, v_end)
    t = np.linspace(0.0, motion.duration, SAMPLES)
    speed = motion.speed(t)
    assert speed.max() <= v_max * (1 + LIMIT_TOLERANCE)
    # v² κ against a_lat, to 1e-9 or, at a needle-sharp bend, to how much κ itself changes within
    # the tables' accuracy in distance, 1e-14 of the length (the near-cusp's bend: κ to 6.5e8 in a
    # stretch 1e-9 of the length wide, where κ changes 1e-5 in 1e-14).
    s = motion.distance(t)
    kappa, before, after = (
        curve.curvature(curve.arc_length.parameter(np.clip(x, 0.0, 1.0)))
        for x in (s, s - DISTANCE_TOLERANCE, s + DISTANCE_TOLERANCE)
    )
    conditioning = np.maximum(np.abs(before / kappa - 1), np.abs(after / kappa - 1))
    lateral = speed**2 * kappa / a_lat - 1.0
    assert np.all(lateral <= np.maximum(LIMIT_TOLERANCE, conditioning))
    # dv/dt by central differences of the exact speed (rounding: 1e-16 v / h, about 1e-10 a)
    h = 1e-6 * motion.duration
    inner = t[(t >= h) & (t <= motion.duration - h)]
    change = (motion.speed(inner + h) - motion.speed(inner - h)) / (2 * h)
    if accel is not None:
        assert change.max() <= accel * (1 + LIMIT_TOLERANCE)
    if brake is not None:
        assert -change.min() <= brake * (1 + LIMIT_TOLERANCE)
    if accel is not None:
        assert speed[0] == pytest.approx(v_start, abs=1e-9 * v_max)
    if brake is not None:
        assert speed[-1] == pytest.approx(v_end, abs=1e-9 * v_max)


def _reference_duration(curve, limits, steps=1_000_000):
    """The classic forward-backward pass, independently: the speed limit on ``steps`` points
    spread evenly over the arc-length table's pieces (crowded where the curve nearly stops) and
    the joints (the lower limit either side), cones in v² forward and backward, and the time of
    each step at the mean of its end speeds (exact where v² is linear in s)."""
    v_max, a_lat, accel, brake, v_start, v_end = limits
    breaks = curve.arc_length.table.breaks
    per_piece = max(2, steps // (breaks.size - 1))
    s = (breaks[:-1, None] + np.diff(breaks)[:, None] * np.linspace(0, 1, per_piece, endpoint=False)).ravel()
    s = np.append(s, 1.0)
    kappa = curve.curvature(curve.arc_length.parameter(s))
    joints = np.asarray(curve.breakpoints, dtype=float)
    if joints.size:
        either = np.maximum(curve.curvature(joints), curve.curvature(np.nextafter(joints, 0)))
        s, kappa = np.append(s, curve.arc_length.at(joints) / curve.length), np.append(kappa, either)
        order = np.argsort(s, kind="stable")
        s, kappa = s[order], kappa[order]
    with np.errstate(divide="ignore"):
        w = np.minimum(v_max**2, a_lat / kappa)
    x = s * curve.length
    if accel is not None:
        base = w.copy()
        base[0] = v_start**2
        w = np.minimum(w, np.minimum.accumulate(base - 2 * accel * x) + 2 * accel * x)
    if brake is not None:
        base = w.copy()
        base[-1] = v_end**2
        w = np.minimum(w, (np.minimum.accumulate((base + 2 * brake * x)[::-1]) - 2 * brake * x[::-1])[::-1])
    v = np.sqrt(np.maximum(w, 0.0))
    return float(np.sum(2 * np.diff(x) / (v[1:] + v[:-1])))


@pytest.mark.parametrize("limits", LIMITS[:4:3] + LIMITS[4:], ids=["car", "neither", "fast"])
def test_the_duration_is_the_optimum_to_1e_6(curve, limits):
    motion = Motion.fastest(curve, *limits)
    assert motion.duration == pytest.approx(_reference_duration(curve, limits), rel=1e-6)


@pytest.mark.parametrize("name", ["S-bend", "loop", "near-cusp", "climb"])
def test_reversed_the_curve_with_accel_and_brake_swapped_takes_as_long(name):
    """Driving a path backwards, accelerating as hard as one braked, is the same problem: an
    independent check of the cones' two directions (on the Beziers, reversed by their points)."""
    curve = CURVES[name]()
    backwards = CubicBezier(np.asarray(curve.control_points).reshape(-1, 3)[::-1])
    there = Motion.fastest(curve, 8.0, 6.0, 3.0, 5.0, v_start=1.0, v_end=0.5)
    back = Motion.fastest(backwards, 8.0, 6.0, 5.0, 3.0, v_start=0.5, v_end=1.0)
    assert back.duration == pytest.approx(there.duration, rel=1e-10)  # 2e-11 on the near-cusp


LINE = CubicBezier([[0, 0, 0], [10, 0, 0], [20, 0, 0], [30, 0, 0]])


@pytest.mark.parametrize(
    ("v_max", "accel", "brake", "v_start", "v_end"),
    [
        (10.0, 5.0, 5.0, 0.0, 0.0),
        (10.0, 2.0, 4.0, 3.0, 1.0),
        (100.0, 5.0, 5.0, 0.0, 0.0),
        (100.0, 2.0, 3.0, 1.0, 4.0),
    ],
)
def test_a_straight_line_gives_the_textbook_trapezoid_or_triangle(v_max, accel, brake, v_start, v_end):
    length = 30.0
    peak = min(
        v_max,
        math.sqrt((2 * accel * brake * length + brake * v_start**2 + accel * v_end**2) / (accel + brake)),
    )
    rising, falling = (peak**2 - v_start**2) / (2 * accel), (peak**2 - v_end**2) / (2 * brake)
    duration = (peak - v_start) / accel + (peak - v_end) / brake + (length - rising - falling) / peak
    motion = Motion.fastest(LINE, v_max, accel=accel, brake=brake, v_start=v_start, v_end=v_end)
    assert motion.duration == pytest.approx(duration, rel=1e-12)
    at_peak = (peak - v_start) / accel
    assert float(motion.speed(at_peak)) == pytest.approx(peak, rel=1e-12)
    assert float(motion.speed(np.linspace(0, motion.duration, 10001)).max()) <= peak * (1 + 1e-12)


def test_a_circle_with_only_a_lateral_limit_is_driven_at_sqrt_a_lat_r():
    radius, a_lat = 25.0, 4.0
    corners = (
        np.array([[1, 0], [1, 1], [0, 1], [-1, 1], [-1, 0], [-1, -1], [0, -1], [1, -1], [1, 0]]) * radius
    )
    circle = NurbsCurve(
        np.column_stack([corners, np.zeros(9)]),
        knots=[0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 4],
        weights=[1, math.sqrt(0.5)] * 4 + [1],
        degree=2,
    )
    motion = Motion.fastest(circle, v_max=100.0, a_lat=a_lat)
    speed = math.sqrt(a_lat * radius)
    assert motion.duration == pytest.approx(2 * math.pi * radius / speed, rel=1e-12)
    assert np.abs(motion.speed(np.linspace(0, motion.duration, 1001)) / speed - 1).max() <= 1e-12
    assert [stretch.binding for stretch in motion.velocity.stretches] == [Binding.CORNERING]


@pytest.mark.parametrize(("accel", "brake"), [(1.0, 1.0), (None, None), (1.0, None), (None, 1.0)])
def test_an_exact_cusp_is_crawled_through(accel, brake):
    """Q' = 0 at u = 1/2: κ is infinite there, so the speed drops to (almost) nothing, but the
    motion gets through and ends where the curve does."""
    cusp = CubicBezier([[0, 0, 0], [1, 1, 0], [0, 1, 0], [1, 0, 0]])
    motion = Motion.fastest(cusp, 5.0, a_lat=2.0, accel=accel, brake=brake)
    assert 0.5 < motion.duration < 10.0
    assert float(motion.speed(motion.time_at_parameter(0.5))) <= 1e-3
    assert motion.position(motion.duration).tolist() == [1.0, 0.0, 0.0]


def test_the_fastest_motion_is_an_ordinary_motion():
    motion = Motion.fastest(CURVES["S-bend"](), 8.0, 6.0, 3.0, 5.0)
    assert motion.position(motion.duration).tolist() == [6.0, 2.0, 3.0]
    assert motion.frame(1.0).shape == (3, 3) and motion.quaternion(np.array([0.5, 1.5])).shape == (2, 4)
    playhead = Playhead(motion)
    playhead.advance(1.0)
    assert playhead.position.tolist() == motion.position(1.0).tolist()
    stretches = motion.velocity.stretches
    assert stretches[0].binding == Binding.ACCELERATING and stretches[-1].binding == Binding.BRAKING
    assert [s.time for s in stretches] == sorted(s.time for s in stretches)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"v_max": 0.0}, "v_max must be a positive finite number"),
        ({"v_max": float("nan")}, "v_max must be a positive finite number"),
        ({"v_max": "fast"}, "v_max must be a positive finite number"),
        ({"a_lat": -1.0}, r"a_lat \(or None for no limit\) must be a positive finite number"),
        ({"accel": float("inf")}, "accel"),
        ({"brake": 0}, "brake"),
        ({"v_start": -1.0}, "v_start must be a finite number >= 0"),
        ({"v_end": float("nan")}, "v_end must be a finite number >= 0"),
        ({"v_start": 11.0}, r"v_start = 11 is above the speed the limits allow there \(10\)"),
        ({"v_start": 9.0, "brake": 1.0}, "v_start = 9 is too fast to brake in time"),
        ({"v_end": 9.0, "accel": 1.0}, "v_end = 9 cannot be reached"),
    ],
)
def test_bad_limits_are_refused_by_name(options, message):
    arguments = {"v_max": 10.0, "a_lat": None, "accel": 2.0, "brake": 2.0, "v_start": 0.0, "v_end": 0.0}
    arguments.update(options)
    with pytest.raises(ValueError, match=message):
        Motion.fastest(LINE, **arguments)


def test_a_trajectory_that_is_not_a_curve_is_refused():
    with pytest.raises(ValueError, match="trajectory must be a Curve"):
        Motion.fastest([[0, 0, 0], [1, 0, 0]], 5.0)


def test_the_speed_limit_curve_for_the_plot():
    limits = SpeedLimits(v_max=8.0, a_lat=6.0)
    loop = CURVES["loop"]()
    s = np.linspace(0.0, 1.0, 101)
    kappa = loop.curvature(loop.arc_length.parameter(s))
    assert np.array_equal(limits.speeds(loop, s), np.sqrt(np.minimum(64.0, 6.0 / kappa)))
    assert float(SpeedLimits(v_max=8.0).speeds(loop, 0.3)) == 8.0


ROAD = CubicBezier([[-6, -2, 0], [-2, 7, 0], [2, -7, 0], [6, 2, 0]])  # the README's, an inflection at s = 1/2


@pytest.mark.parametrize("v_max", [5.0, 50.0, 500.0, 5e3, 5e4, 5e5, 2.5e6, 5e6, 1e10, 1e150])
def test_any_top_speed_round_an_inflection_gives_the_optimal_motion(v_max):
    """35 of 61 top speeds from 5 to 5e6 were refused as "bends too sharply near s = 0.5", the
    inflection, where κ = 0: the cornering pace ignored v_max there."""
    motion = Motion.fastest(ROAD, v_max=v_max, a_lat=6.0)
    limits = (v_max, 6.0, None, None, 0.0, 0.0)
    assert motion.duration == pytest.approx(_reference_duration(ROAD, limits), rel=1e-6)


def test_a_top_speed_whose_square_is_no_float_is_refused_by_name():
    """v_max = 1e155 raised OverflowError from v_max ** 2."""
    for v_max in (1e155, 1e-155):
        with pytest.raises(ValueError, match="v_max"):
            Motion.fastest(ROAD, v_max=v_max, a_lat=6.0)


def test_an_exact_cusp_is_found_exactly_and_stopped_at_whatever_the_limits():
    """With a_lat = 1e6 the grid's nodes missed the cusp (κ infinite only at u = 1/2 itself): the
    motion passed it at 0.118 and lasted 23.99 s. From rest, never gaining more than 0.01 per
    second, reaching half the length at rest takes sqrt(2 (L / 2) / 0.01): twice that is a
    lower bound, and braking at 1000 costs almost nothing more."""
    cusp = CubicBezier([[0, 0, 0], [2, 1, 0], [0, 1, 0], [2, 0, 0]])
    assert cusp.arc_length.stops.tolist() == [0.5]  # Q'(1/2) = 0 exactly: a symmetric cusp
    motion = Motion.fastest(cusp, v_max=3.0, a_lat=1e6, accel=0.01, brake=1000.0)
    bound = 2.0 * math.sqrt(2.0 * (cusp.length / 2.0) / 0.01)
    assert bound <= motion.duration <= bound * 1.001
    assert float(motion.speed(motion.time_at_parameter(0.5))) <= 1e-6


def test_a_near_cusp_is_no_stop():
    near = CubicBezier([[0, 0, 0], [2, 1, 0], [0, 1, 0], [2.01, 0, 0]])
    assert near.arc_length.stops.size == 0 and ROAD.arc_length.stops.size == 0


@pytest.mark.parametrize("knots", MISSED_BETWEEN_CHECKS.values(), ids=MISSED_BETWEEN_CHECKS.keys())
def test_a_limit_broken_only_between_an_intervals_checks_is_kept(knots):
    curve = Spline(np.array(knots))
    motion = Motion.fastest(curve, 8.0, a_lat=6.0, accel=3.0, brake=5.0)
    t = np.linspace(0.0, motion.duration, SAMPLES)
    speed = motion.speed(t)
    assert speed.max() <= 8.0 * (1 + LIMIT_TOLERANCE)
    assert (speed**2 * curve.curvature(motion.parameter(t))).max() <= 6.0 * (1 + LIMIT_TOLERANCE)
