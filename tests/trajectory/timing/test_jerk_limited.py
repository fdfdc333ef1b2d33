"""Motion.fastest(..., jerk=): Ruckig's duration on straight lines, every limit (the jerk's
included) kept on the scene's curves, never faster than the jerk-free drive and tending to it,
the hardest stop against integration, and bad input refused by name."""

import itertools
import math

import numpy as np
import pytest
import ruckig
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from scene.curves.presets import TRAJECTORIES
from tests.trajectory.timing.hard_splines import DOUBLING_BACK, MISSED_BETWEEN_CHECKS
from trajectory import CubicBezier, Motion, Spline
from trajectory.timing.jerk_stops import Stop
from trajectory.timing.speed_limits import Binding

CURVES = {
    preset.name.split()[0]: preset.curve for preset in TRAJECTORIES if not preset.name.startswith("coaster")
}
CAR = {"v_max": 8.0, "a_lat": 6.0, "accel": 3.0, "brake": 5.0}
ROAD = CubicBezier([[-60, -20, 0], [-20, 70, 0], [20, -70, 0], [60, 20, 0]])  # the README's example
ROAD_CAR = {"v_max": 30.0, "a_lat": 8.0, "accel": 4.0, "brake": 7.0}
LIMIT_TOLERANCE = 1e-9


def _ruckig_duration(length, v_max, accel, brake, jerk):
    """Ruckig's time-optimal duration from rest at 0 to rest at ``length``, one degree of freedom."""
    start = ruckig.InputParameter(1)
    start.current_position, start.current_velocity, start.current_acceleration = [0.0], [0.0], [0.0]
    start.target_position, start.target_velocity, start.target_acceleration = [length], [0.0], [0.0]
    start.max_velocity, start.max_acceleration, start.max_jerk = [v_max], [accel], [jerk]
    start.min_acceleration = [-brake]
    trajectory = ruckig.Trajectory(1)
    assert ruckig.Ruckig(1).calculate(start, trajectory) == ruckig.Result.Working
    return trajectory.duration


def _line(length):
    return CubicBezier([[0, 0, 0], [length / 3, 0, 0], [2 * length / 3, 0, 0], [length, 0, 0]])


@settings(max_examples=150, deadline=None)
@given(
    length=st.floats(0.05, 500.0),
    v_max=st.floats(0.5, 40.0),
    accel=st.floats(0.5, 10.0),
    brake=st.floats(0.5, 10.0),
    jerk=st.floats(0.5, 200.0),
)
# Reaches its top speed 5e-13 above v_max: it once stopped at rest halfway to ride on.
@example(
    length=123.0234375, v_max=9.513464043035587, accel=9.513464043035587, brake=3.75, jerk=9.513464043035587
)
def test_a_straight_line_from_rest_to_rest_takes_ruckigs_time_to_1e_9(length, v_max, accel, brake, jerk):
    """Whether or not the top speed and the acceleration limits are reached, the duration is the
    time-optimal one an independent solver finds."""
    motion = Motion.fastest(_line(length), v_max, accel=accel, brake=brake, jerk=jerk)
    expected = _ruckig_duration(length, v_max, accel, brake, jerk)
    assert motion.duration == pytest.approx(expected, rel=1e-9)
    assert motion.position(motion.duration)[0] == pytest.approx(length, rel=1e-12)


@settings(max_examples=60, deadline=None)
@given(
    length=st.floats(0.05, 500.0),
    v_max=st.floats(0.5, 40.0),
    jerk=st.floats(0.5, 1e6),
    missing=st.sampled_from(["accel", "brake", "both"]),
)
@example(length=3.0, v_max=2.0, jerk=1000.0, missing="both")  # it took 0.18 s for 3 units at 2
def test_with_no_acceleration_or_braking_limit_a_line_takes_ruckigs_time_to_1e_9(
    length, v_max, jerk, missing
):
    """Without a limit the jerk-free drive changes its speed at once; the jerk-limited one ramps
    its acceleration up and down (to at most sqrt(jerk v_max)): Ruckig's time with a limit above
    that, which it never reaches."""
    unreached = 2.0 * math.sqrt(jerk * v_max) + 1.0
    accel = None if missing in ("accel", "both") else unreached / 2.0
    brake = None if missing in ("brake", "both") else unreached / 3.0
    motion = Motion.fastest(_line(length), v_max, accel=accel, brake=brake, jerk=jerk)
    expected = _ruckig_duration(length, v_max, accel or unreached, brake or unreached, jerk)
    assert motion.duration == pytest.approx(expected, rel=1e-9)
    assert motion.position(motion.duration)[0] == pytest.approx(length, rel=1e-12)


@pytest.mark.parametrize("jerk", [1e9, 1e10, 1e12, 1e50, 1e100, 1e300])
@pytest.mark.parametrize("name", ["line", "road"])
def test_a_jerk_too_large_to_resolve_drives_as_without_one(name, jerk):
    """Ramps shorter than a billionth of the drive (here 1e-9 s and less) are below what the
    drive resolves: the jerk-free drive, to that share (jerk 1e10 and more raised TypeError; 1e12
    on the line was faster than the jerk-free drive, 1e100 on the road took 4.03 s of its 12.9)."""
    curve, limits = (
        (_line(30.0), {"v_max": 5.0, "accel": 2.0, "brake": 2.0}) if name == "line" else (ROAD, ROAD_CAR)
    )
    free = Motion.fastest(curve, **limits).duration
    assert Motion.fastest(curve, **limits, jerk=jerk).duration == pytest.approx(free, rel=1e-9)


def test_the_textbook_seven_phases_on_a_line():
    """30 units, v_max 10, accel 5, brake 4, jerk 20: jerk up 0.25 s, hold 1.75 s, down 0.25 s,
    cruise 0.525 s, jerk down 0.2 s, hold 2.3 s, up 0.2 s: 5.475 s."""
    motion = Motion.fastest(_line(30.0), v_max=10.0, accel=5.0, brake=4.0, jerk=20.0)
    assert motion.duration == pytest.approx(5.475, rel=1e-13)
    bindings = [stretch.binding for stretch in motion.velocity.stretches]
    assert bindings == [Binding.JERK, Binding.ACCELERATING, Binding.JERK, Binding.CRUISING] + [
        Binding.JERK,
        Binding.BRAKING,
        Binding.JERK,
    ]
    times = [stretch.time for stretch in motion.velocity.stretches]
    assert times == pytest.approx([0.0, 0.25, 2.0, 2.25, 2.775, 2.975, 5.275], rel=1e-12, abs=1e-12)
    assert float(motion.acceleration(1.0)) == pytest.approx(5.0, rel=1e-12)
    assert float(motion.speed(2.5)) == pytest.approx(10.0, rel=1e-12)


def _limits_hold(curve, motion, limits, jerk):
    """Every limit on a dense sample: speed, v² κ, the acceleration both ways, and the jerk as the
    acceleration's difference quotient (the acceleration is continuous: no jump anywhere)."""
    t = np.linspace(0.0, motion.duration, 50_001)
    speed, acceleration = motion.speed(t), motion.acceleration(t)
    assert speed.max() <= limits["v_max"] * (1 + LIMIT_TOLERANCE)
    kappa = curve.curvature(motion.parameter(t))
    assert (speed**2 * kappa).max() <= limits["a_lat"] * (1 + LIMIT_TOLERANCE)
    assert acceleration.max() <= limits["accel"] * (1 + LIMIT_TOLERANCE)
    assert -acceleration.min() <= limits["brake"] * (1 + LIMIT_TOLERANCE)
    rate = np.abs(np.diff(acceleration)) / np.diff(t)
    assert rate.max() <= jerk * (1 + 1e-6)


@pytest.mark.parametrize("name", list(CURVES))
@pytest.mark.parametrize("jerk", [0.7, 4.0, 40.0])
def test_on_the_scenes_curves_no_limit_is_broken_and_it_is_never_faster(name, jerk):
    curve = CURVES[name]()
    motion = Motion.fastest(curve, **CAR, jerk=jerk)
    _limits_hold(curve, motion, CAR, jerk)
    assert motion.duration >= Motion.fastest(curve, **CAR).duration
    assert np.linalg.norm(motion.position(motion.duration) - curve.evaluate(1.0)) <= 1e-9
    assert float(motion.speed(motion.duration)) == pytest.approx(0.0, abs=1e-9)


@pytest.mark.parametrize("name", list(CURVES))
@pytest.mark.parametrize("jerk", [1e5, 1e6, 1e7, 1e8])
def test_a_huge_jerk_on_the_scenes_curves_ends_keeping_every_limit(name, jerk):
    """Jerks whose ramps are resolved but whose steps from rest are below the margins (1e-13 of
    the length): jerk 1e6 raised TypeError on the spline and AttributeError on the near-cusp
    (states with no stop left), and never ended on the helix (a step of no length, again and
    again). Never faster than the jerk-free drive to 1e-6 (what the ramps below the margins'
    resolution may gain: 9e-8 measured), and within 1e-3 of it (1.1e-4 measured; the spline's
    took 12 % longer at 1e6, stopping dead where it touched the cap where it stood)."""
    curve = CURVES[name]()
    motion = Motion.fastest(curve, **CAR, jerk=jerk)
    _limits_hold(curve, motion, CAR, jerk)
    free = Motion.fastest(curve, **CAR).duration
    assert free * (1.0 - 1e-6) <= motion.duration <= free * (1.0 + 1e-3)
    assert np.linalg.norm(motion.position(motion.duration) - curve.evaluate(1.0)) <= 1e-9
    assert float(motion.speed(motion.duration)) == pytest.approx(0.0, abs=1e-9)


@pytest.mark.parametrize("name", list(CURVES))
def test_on_the_scenes_curves_a_looser_jerk_is_never_slower(name):
    """From jerk 1 to 1e6 (a ladder of ten), each drive no longer than the one before, to 1e-9:
    the spline's took 11.55 s at 1e4 and 12.55 s at 1e6 (a dead stop where it touched the cap
    where it stood)."""
    curve = CURVES[name]()
    durations = [
        Motion.fastest(curve, **CAR, jerk=jerk).duration
        for jerk in (1.0, 3.0, 10.0, 30.0, 100.0, 300.0, 1e3, 1e4, 1e5, 1e6)
    ]
    assert all(later <= earlier * (1.0 + 1e-9) for earlier, later in itertools.pairwise(durations))


RANDOM_SPLINES = st.integers(4, 8).flatmap(
    lambda knots: st.lists(
        st.tuples(*[st.floats(-10.0, 10.0)] * 3), min_size=knots, max_size=knots, unique=True
    )
)
"""Knots of a random spline in a 20-unit cube (the car's limits make every bend of it bind)."""


def _spline(knots):
    """The spline through ``knots``; None where two are too close for a curve worth driving."""
    points = np.array(knots)
    if np.linalg.norm(np.diff(points, axis=0), axis=1).min() < 0.5:
        return None
    return Spline(points)


@settings(max_examples=40, deadline=None)
@given(knots=RANDOM_SPLINES, jerk=st.floats(math.log(0.3), math.log(1e5)).map(math.exp))
# Up to 1e5: at 4.3e5 on a spline that doubles back (knots on the axes) the last release to rest
# (1e-10 long) is below the margins' resolution and the drive ends at 2e-7 units/s, not 0.
# Riding a braking piece whose slope read 1e-15 steeper than the brake, it crept in steps of
# 1e-11 s until it gave up (too many phases).
@example(
    knots=[*DOUBLING_BACK, (0.0, 7.84375, 0.0), (8.0, 4.0, 8.1875), (0.0, 0.0, -6.0)],
    jerk=math.exp(12.98046875),
)
# The jerk-free profile's braking line crossed a narrow bend at a joint between its checks.
@example(knots=MISSED_BETWEEN_CHECKS["a braking line across a bend at a knot"], jerk=math.exp(12.98046875))
# Eased into a valley's speed a little after its node: the check of the easing path sampled
# around the node's narrow peak.
@example(knots=[(6.5625, 0.0, 1.0), (2.0, 3.0, 4.0), (5.0, 6.0, 7.0), (0.0, 9.0, 1.0)], jerk=0.3)
# The jerk-free profile's lines met above v_max between their checks: the drive reached 8.0014.
@example(knots=MISSED_BETWEEN_CHECKS["lines meeting above v_max"], jerk=math.exp(8.0))
# A phase 1e-15 s long: the timing table read its acceleration from the rounded width.
@example(knots=[(4.5, 0.0, 0.0), (3.0, 2.0, 0.0), (2.0, 8.0, 7.0), (8.0, 9.0, 8.0)], jerk=0.3046875)
# Braked hard into a valley at jerk 1, the drive stood halfway (22.3 of 39.8) and ended there.
@example(
    knots=[
        (-5.658656378557476, -8.497346102544327, 1.020899915866094),
        (-6.163657037294907, -8.651525590314609, 5.465291960825365),
        (6.42453212155845, -2.0332889780352925, -4.118472796634311),
        (-4.457582211260844, -2.7805714834329827, 1.5381528623252407),
        (0.5564015622495475, -2.8930163765460737, 2.748419584763628),
    ],
    jerk=1.0,
)
def test_on_random_splines_the_drive_reaches_the_end_at_rest_keeping_every_limit(knots, jerk):
    curve = _spline(knots)
    assume(curve is not None)
    motion = Motion.fastest(curve, **CAR, jerk=jerk)
    _limits_hold(curve, motion, CAR, jerk)
    assert np.linalg.norm(motion.position(motion.duration) - curve.evaluate(1.0)) <= 1e-9 * curve.length
    assert float(motion.speed(motion.duration)) == pytest.approx(0.0, abs=1e-9)
    assert motion.duration >= Motion.fastest(curve, **CAR).duration * (1.0 - 1e-9)


@settings(max_examples=40, deadline=None)
@given(knots=RANDOM_SPLINES)
# A bend that ends at a knot where κ jumps: the cap's last chord read v² beyond the jump (10.0
# for 7.3) and was lowered under the bend's own; the drive lost 2.5 %.
@example(
    knots=[
        (2.0773931548150557, 0.30320733805284306, 6.6543569876046185),
        (3.0469793137804224, -5.028846472655097, 8.685720765157242),
        (-1.2060110006893723, 5.471124566185981, 0.018759139769734645),
        (-6.3328751378974495, -4.081463059811734, 1.4882153760563437),
        (-7.13995831471439, -9.725242827670428, -1.3221755130013708),
        (5.243943437184393, 2.2831454748577595, -3.5170724838524787),
        (4.344818785909865, -0.3097073378025339, 9.990027045140536),
    ]
)
# Rounding the peak before the last braking line, the drive braked at full brake a little under
# it, stood 2.3e-4 short of the end and crept the rest: 0.24 % over (now it brakes a little less
# hard, to stand at the end: 2e-5).
@example(knots=[(0.0, 0.0, 0.0), (6.0, 7.0, 0.0), (0.0, -1.0, 0.0), (0.0, -2.0, 0.0)])
def test_on_random_splines_a_huge_jerk_drives_as_without_one(knots):
    """At jerk 1e6 within 1 % of the jerk-free duration (the issue's bound): 5e-5 measured on 60
    splines (the cap's chords cost up to about CHORD_SAG / 2), 2.5 % before the fix above."""
    curve = _spline(knots)
    assume(curve is not None)
    free = Motion.fastest(curve, **CAR).duration
    assert Motion.fastest(curve, **CAR, jerk=1e6).duration <= free * (1.0 + 1e-2)


SLOWER_WHEN_LOOSER = {
    # jerk 1.5 -> 2: 25.34 -> 26.97 s (easing into a valley's speed crossed the cap just before
    # it, and the drive braked through at full brake: 1.03 units/s where it could keep 2.5)
    "1.5 to 2": [
        (-2.574369535166447, -5.984951420521963, 0.3566358570031305),
        (2.2495450993734245, 6.754764963381302, 3.2796241872202625),
        (-8.337600597436857, 1.4971370960516026, -3.1170793095156446),
        (4.100847698510723, -9.098786799812189, 3.1471492259884215),
        (5.831426495052124, -9.196866003341999, -9.692785589597534),
        (7.8378295179567985, 7.908472786937274, -6.468296463572445),
    ],
    # jerk 2 -> 3: 19.46 -> 21.73 s
    "2 to 3": [
        (1.9397546104751289, 8.353845143418255, 3.79260310894162),
        (0.0071286147374198805, -8.458323829989226, -0.23101545828952297),
        (-5.743380093193313, -7.346074049064255, 0.12129845058746014),
        (5.701705851939181, -4.099871143889611, 5.375435198183329),
        (0.5125904632450826, -7.019039532585749, 9.299354879594716),
        (-1.9672755222296505, -4.095314886746085, 6.939967412674591),
    ],
}


@pytest.mark.parametrize("knots", SLOWER_WHEN_LOOSER.values(), ids=SLOWER_WHEN_LOOSER.keys())
def test_random_splines_once_slower_at_a_looser_jerk_no_longer_are(knots):
    """Where easing into a valley's speed would cross the cap the drive eases into the highest
    lower speed that keeps under it, and at a valley followed by a fall it takes the faster of
    that and braking through. Not yet a guarantee: on 80 random splines a ladder of 14 jerks
    was slower at the looser of two in 21 splines before, and in 4 now (by up to 6 %)."""
    curve = Spline(np.array(knots))
    durations = [
        Motion.fastest(curve, **CAR, jerk=jerk).duration for jerk in (1.0, 1.5, 2.0, 3.0, 5.0, 7.0, 10.0)
    ]
    assert all(later <= earlier * (1.0 + 1e-9) for earlier, later in itertools.pairwise(durations))


def test_a_valley_followed_at_once_by_a_fall_at_the_brake_limit_is_braked_through():
    """A random spline whose cap has a valley, a rise 0.017 long, then a fall at the brake
    limit: eased into the valley at its speed, the drive could no longer stop under the cap
    beyond (jerk 30 needs 0.17 s to brake fully) and crept on above it for ever. It ends, keeps
    every limit, and a looser jerk is no slower."""
    curve = Spline(
        [
            [6.84981473623318, 6.235652616152759, 2.4037894776011877],
            [-0.7238429026786992, 2.671888701662091, 3.5443006457214126],
            [-2.603239908020816, 4.698472444138497, 1.3980152306913247],
            [1.5048621182033184, 3.799471724643631, 1.465619195625529],
            [3.0524123393071907, 3.1570157177408174, 1.6669669325790761],
            [-7.374951467906969, -5.615387026951208, 2.7213671321845228],
            [-4.74856628648749, -7.216550691952806, 3.141095808835247],
        ]
    )
    limits = {"v_max": 5.0, "a_lat": 6.0, "accel": 3.0, "brake": 5.0}
    durations = []
    for jerk in (3.0, 30.0, 300.0):
        motion = Motion.fastest(curve, **limits, jerk=jerk)
        _limits_hold(curve, motion, limits, jerk)
        durations.append(motion.duration)
    assert durations == sorted(durations, reverse=True)
    assert durations[-1] >= Motion.fastest(curve, **limits).duration


def test_on_the_readme_road_it_tends_to_the_jerk_free_drive():
    """The extra time falls with every tenfold jerk, to within 2e-4 at 1e4 (what is left is the
    cap's chords, about CHORD_SAG / 2)."""
    free = Motion.fastest(ROAD, **ROAD_CAR).duration
    extra = [
        Motion.fastest(ROAD, **ROAD_CAR, jerk=jerk).duration / free - 1.0 for jerk in (1.0, 10.0, 100.0, 1e4)
    ]
    assert all(0.0 < later < earlier for earlier, later in itertools.pairwise(extra))
    assert extra[-1] <= 2e-4


def test_without_a_lateral_limit_a_curve_is_a_straight_line():
    """Only the distance counts: the S-bend as long as a line takes the line's (Ruckig's) time."""
    curve = CURVES["S-bend"]()
    motion = Motion.fastest(curve, v_max=8.0, accel=3.0, brake=5.0, jerk=6.0)
    assert motion.duration == pytest.approx(_ruckig_duration(curve.length, 8.0, 3.0, 5.0, 6.0), rel=1e-9)


def test_an_exact_cusp_is_stopped_at_and_left():
    cusp = CubicBezier([[0, 0, 0], [1, 1, 0], [0, 1, 0], [1, 0, 0]])
    motion = Motion.fastest(cusp, 5.0, a_lat=2.0, accel=1.0, brake=1.0, jerk=3.0)
    assert float(motion.speed(motion.time_at_parameter(0.5))) <= 1e-6
    assert motion.position(motion.duration) == pytest.approx([1.0, 0.0, 0.0], abs=1e-12)


def test_start_and_end_speeds_and_no_braking_limit():
    line = _line(100.0)
    motion = Motion.fastest(line, v_max=10.0, accel=2.0, brake=None, v_start=3.0, v_end=1.0, jerk=4.0)
    assert float(motion.speed(0.0)) == pytest.approx(3.0, rel=1e-12)
    assert float(motion.acceleration(0.0)) == pytest.approx(0.0, abs=1e-12)
    assert float(motion.speed(motion.duration)) == pytest.approx(1.0, rel=1e-9)
    _limits_hold(line, motion, {"v_max": 10.0, "a_lat": math.inf, "accel": 2.0, "brake": math.inf}, 4.0)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"jerk": 0.0}, r"jerk \(or None for no limit\) must be a positive finite number"),
        ({"jerk": float("nan")}, "jerk"),
        ({"v_start": 7.0, "jerk": 0.5}, "v_start = 7 is too fast to brake in time .* with jerk = 0.5"),
        ({"v_end": 5.0, "jerk": 0.05}, "v_end = 5 cannot be reached with jerk = 0.05"),
    ],
)
def test_bad_jerk_input_is_refused_by_name(options, message):
    with pytest.raises(ValueError, match=message):
        Motion.fastest(_line(20.0), **{"v_max": 8.0, "accel": 3.0, "brake": 5.0, **options})


@settings(max_examples=200, deadline=None)
@given(
    speed=st.floats(0.0, 50.0),
    acceleration=st.floats(-8.0, 8.0),
    jerk=st.floats(0.3, 100.0),
    brake=st.floats(0.5, 10.0),
)
@example(speed=5e-324, acceleration=0.0, jerk=0.5, brake=1.0)  # its least acceleration once underflowed to 0
def test_the_hardest_stop_ends_at_rest_and_its_distances_match_integration(speed, acceleration, jerk, brake):
    assume(acceleration >= -brake)  # the drive never brakes harder than it may
    stop = Stop.of(speed, acceleration, jerk, brake)
    if stop is None:  # braking too hard already: the speed would reach 0 first
        assert acceleration < 0 and acceleration**2 > 2 * jerk * speed
        return
    assert stop.low >= -brake * (1 + 1e-12)
    t = np.concatenate([[0.0], np.cumsum([seconds for seconds, _ in stop.phases])])
    s, v, a = 0.0, speed, acceleration
    for seconds, j in stop.phases:  # exact polynomials, phase by phase
        s, v, a = (
            s + seconds * (v + seconds * (a / 2 + j * seconds / 6)),
            v + seconds * (a + j * seconds / 2),
            a + j * seconds,
        )
    scale = max(speed, acceleration**2 / jerk, 1e-9)
    assert abs(v) <= 1e-9 * scale and abs(a) <= 1e-9 * max(abs(acceleration), brake)
    assert stop.length == pytest.approx(s, rel=1e-12, abs=1e-12)
    # The distance to each speed on the way down, against a fine numerical integration.
    fine = np.union1d(np.linspace(0.0, t[-1], 100_001), t)  # the phases' ends on the grid
    accelerations = np.interp(fine, t, [acceleration, stop.low, stop.low, 0.0])  # jerk: -J, 0, +J
    steps = np.diff(fine)
    speeds = speed + np.concatenate([[0.0], np.cumsum((accelerations[1:] + accelerations[:-1]) / 2 * steps)])
    distances = np.concatenate([[0.0], np.cumsum((speeds[1:] + speeds[:-1]) / 2 * np.diff(fine))])
    falling = fine >= stop.peak_time
    targets = stop.peak_speed * np.array([0.9, 0.5, 0.1])
    expected = np.interp(targets, speeds[falling][::-1], distances[falling][::-1])
    found = [stop.distance_to_speed(target)[0] for target in targets.tolist()]
    assert found == pytest.approx(expected, rel=1e-5, abs=1e-6 * max(stop.length, 1e-9))
    if stop.peak_distance > 0.0:  # while it still speeds up: the speed halfway to the peak
        rising = fine <= stop.peak_time
        halfway = stop.peak_distance / 2.0
        expected_speed = np.interp(halfway, distances[rising], speeds[rising])
        assert stop.rising_speed(halfway)[0] == pytest.approx(expected_speed, rel=1e-5, abs=1e-9 * scale)
