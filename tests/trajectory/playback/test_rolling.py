"""A train rolling under gravity (``Motion.rolling``): v² = v0² + 2 g (z0 - z) without loss; the
closed forms of friction on an incline and of drag on a level; energy that only falls; lifts
that pull at their speed; a train never slower than the pull; bad input refused by name."""

import math

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from tests.budget import scaled
from trajectory import CubicBezier, Motion, Spline
from trajectory.timing.rolling import CREEP_SPEED

G = 9.81
HILLS = Spline([[0, 0, 10], [10, 2, 4], [20, -1, 7], [30, 3, 1], [40, 0, 3]])
"""Down 6, up 3, down 6, up 2: from 10 high at 3 units/s the train never stalls."""


def straight(start, end):
    start, end = np.array(start, dtype=float), np.array(end, dtype=float)
    return CubicBezier([start + (end - start) * f for f in (0.0, 1 / 3, 2 / 3, 1.0)])


def played(motion, count=2001):
    """Times, squared speeds, heights and distances (length units) along ``motion``."""
    t = np.linspace(0.0, motion.duration, count)
    return t, motion.speed(t) ** 2, motion.position(t)[:, 2], motion.distance(t) * motion.length


def test_without_loss_the_energy_holds_to_1e_9():
    motion = Motion.rolling(HILLS, 3.0)
    _, w, z, _ = played(motion)
    expected = 9.0 + 2 * G * (10.0 - z)
    assert np.abs(w - expected).max() <= 1e-9 * expected.max()
    assert motion.velocity.name == "rolling under gravity"


def test_friction_on_an_incline_and_drag_on_a_level_follow_their_closed_forms():
    """Down a straight incline at angle a: w = w0 + 2 g (sin a - friction cos a) s. Along a
    level straight: w = w0 exp(-2 drag s)."""
    incline = straight((0, 0, 12), (40, 0, 0))
    angle = math.atan2(12.0, 40.0)
    motion = Motion.rolling(incline, 2.0, friction=0.05)
    _, w, _, s = played(motion)
    expected = 4.0 + 2 * G * (math.sin(angle) - 0.05 * math.cos(angle)) * s
    assert np.abs(w - expected).max() <= 1e-9 * expected.max()
    level = straight((0, 0, 0), (50, 0, 0))
    motion = Motion.rolling(level, 20.0, drag=0.01)
    _, w, _, s = played(motion)
    expected = 400.0 * np.exp(-0.02 * s)
    assert np.abs(w - expected).max() <= 1e-9 * expected.max()


@pytest.mark.parametrize("losses", [{"friction": 0.03}, {"drag": 0.005}, {"friction": 0.02, "drag": 0.002}])
def test_with_friction_or_drag_the_energy_only_falls(losses):
    lossless, lossy = Motion.rolling(HILLS, 3.0), Motion.rolling(HILLS, 3.0, **losses)
    _, w, z, _ = played(lossy)
    energy = w / (2 * G) + z
    assert np.diff(energy).max() <= 1e-9 * energy[0]
    assert energy[-1] < energy[0] - 0.1
    assert lossy.duration > lossless.duration


def test_a_lift_pulls_at_its_speed_and_the_train_rolls_on_from_its_top():
    """A climb of 12 from rest: the lift takes it up at 2 units/s; from the top it rolls down."""
    climb_then_drop = Spline([[0, 0, 0], [15, 0, 12], [30, 0, 0]])
    length = climb_then_drop.length
    top = climb_then_drop.arc_length.at(0.5)  # the middle knot: the top (its tangent is level)
    motion = Motion.rolling(climb_then_drop, 0.0, lifts=[(0.0, top, 2.0)])
    _, w, z, s = played(motion, 4001)
    on_lift = s < top - 1e-9
    np.testing.assert_allclose(w[on_lift], 4.0, rtol=1e-9)
    z_top = climb_then_drop.evaluate(0.5)[2]
    after = s > top + 1e-6
    np.testing.assert_allclose(w[after], 4.0 + 2 * G * (z_top - z[after]), rtol=1e-9)
    assert s[-1] == pytest.approx(length, rel=1e-12)


def test_a_train_is_never_slower_than_the_pull_and_gets_over_any_hill():
    """From rest before a hill 10 high it could never climb: pulled at the creep speed."""
    hill = Spline([[0, 0, 0], [10, 0, 10], [20, 0, 0]])
    motion = Motion.rolling(hill, 0.0)
    _, w, _, s = played(motion)
    assert w.min() >= CREEP_SPEED**2 * (1 - 1e-9)
    assert s[-1] == pytest.approx(hill.length, rel=1e-12)
    # Over the top it rolls down from the pull's speed, by energy.
    np.testing.assert_allclose(motion.speed(motion.duration) ** 2, 1.0 + 2 * G * 10.0, rtol=1e-9)


def test_before_a_faster_lift_the_train_rolls_at_gravitys_speed():
    """A lift at 5 units/s further on does not pull the train rolling at 2 units/s before it:
    v² = 2² + 2 g (z0 - z) up to the lift (the lift's speed was the floor everywhere: 5² + ...)."""
    drop = Spline([[0, 0, 8], [12, 0, 2], [24, 0, 1], [36, 0, 1]])
    lift_start = 0.8 * drop.length
    motion = Motion.rolling(drop, 2.0, lifts=[(lift_start, drop.length, 5.0)])
    _, w, z, s = played(motion, 4001)
    before = s < lift_start - 1e-6
    np.testing.assert_allclose(w[before], 4.0 + 2 * G * (8.0 - z[before]), rtol=1e-9)


def test_from_rest_down_a_slope_the_pull_adds_no_energy():
    """From rest the train is carried at the creep speed only until gravity's is faster; from
    there v² = 2 g (z0 - z), the energy it started with (the pull's speed was added to it)."""
    drop = Spline([[0, 0, 10], [10, 0, 3], [20, 0, 0]])
    _, w, z, _ = played(Motion.rolling(drop, 0.0), 4001)
    rolling = w > CREEP_SPEED**2 * (1 + 1e-6)
    assert rolling.mean() > 0.9
    np.testing.assert_allclose(w[rolling], 2 * G * (10.0 - z[rolling]), rtol=1e-9)
    assert w.min() >= CREEP_SPEED**2 * (1 - 1e-9)


@settings(max_examples=scaled(100, 25), deadline=None)
@given(
    heights=st.lists(st.floats(0.0, 12.0), min_size=3, max_size=6),
    start=st.floats(0.0, 12.0),
    lifts=st.lists(st.tuples(st.floats(0.0, 1.0), st.floats(0.02, 0.3), st.floats(0.3, 6.0)), max_size=2),
)
@example(heights=[0.0, 0.0, 1.0], start=0.0, lifts=[(2.225073858507203e-309, 0.25, 1.0)])  # NaN at t = 0
# The speed was the time table's derivative, 1.03e-9 out: it is the energy's at the table's s now.
@example(heights=[4.40625, 7.169039171066286, 4.0, 4.9375, 4.9375, 5.0], start=8.0, lifts=[])
def test_outside_lifts_and_pulls_the_energy_holds_to_1e_9(heights, start, lifts):
    """On random hills with random lifts, from any speed: wherever the train rolls (off the lifts,
    faster than the pull), E = v² / 2g + z is constant between one lift or pull and the next (to
    1e-9 of the largest v² / 2g), and it starts at the start's."""
    curve = Spline([[12.0 * k, 2.0 * (k % 2), z] for k, z in enumerate(heights)])
    length = curve.length
    placed, end = [], 0.0
    for at, share, speed in sorted(lifts):
        a = max(at * length, end)
        b = min(a + share * length, length)
        if b > a + 1e-3 * length:
            placed.append((a, b, speed))
            end = b
    floor = min([CREEP_SPEED] + [speed for _, _, speed in placed]) ** 2
    motion = Motion.rolling(curve, start, lifts=placed)
    _, w, z, s = played(motion, 6001)
    lifted = np.zeros(len(s), dtype=bool)
    for a, b, _ in placed:
        lifted |= (s >= a - 1e-6 * length) & (s <= b + 1e-6 * length)
    rolling = ~lifted & (w > floor * (1 + 1e-6))
    energy = w / (2 * G) + z
    scale = 1e-9 * max(w.max() / (2 * G), 1.0)
    runs = np.split(np.arange(len(s)), np.flatnonzero(np.diff(rolling.astype(int))) + 1)
    for run in runs:
        if rolling[run[0]]:
            assert np.ptp(energy[run]) <= scale, (run[0], np.ptp(energy[run]))
    if rolling[0]:
        assert energy[0] == pytest.approx(start**2 / (2 * G) + heights[0], abs=scale)


@pytest.mark.parametrize(
    "arguments, message",
    [
        ({"speed": -1.0}, "speed"),
        ({"speed": float("nan")}, "speed"),
        ({"g": 0.0}, "g"),
        ({"friction": -0.1}, "friction"),
        ({"drag": float("inf")}, "drag"),
        ({"lifts": [(5.0, 2.0, 1.0)]}, "start to a later end"),
        ({"lifts": [(0.0, 1e6, 1.0)]}, "within the length"),
        ({"lifts": [(0.0, 5.0, 0.0)]}, "speed"),
        ({"lifts": [(0.0, 5.0, 1.0), (4.0, 8.0, 1.0)]}, "overlap"),
        ({"lifts": [(0.0, 5.0)]}, "start, end, speed"),
        ({"lifts": 3}, "triples"),
    ],
)
def test_bad_input_is_refused_by_name(arguments, message):
    arguments = {"speed": 1.0, **arguments}
    with pytest.raises(ValueError, match=message):
        Motion.rolling(HILLS, arguments.pop("speed"), **arguments)


@pytest.mark.parametrize(
    "options",
    [{}, {"lifts": [(0.0, 15.0, 2.0)]}, {"friction": 0.03, "drag": 0.002}],
    ids=["lossless", "lifted", "with loss"],
)
def test_one_time_s_speed_in_plain_floats_is_the_arrays(options):
    """The per-frame speed (a float time: the scene's HUD, plot and banked riders ask it every
    frame) is the array's to rounding, off and on the lifts, with and without loss."""
    motion = Motion.rolling(HILLS, 3.0, **options)
    times = np.linspace(0.0, motion.duration, 1001)
    many = motion.speed(times)
    one = np.array([motion.speed(float(t)) for t in times])
    np.testing.assert_allclose(one, many, rtol=1e-14, atol=0.0)
