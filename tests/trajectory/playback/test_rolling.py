"""A train rolling under gravity (``Motion.rolling``): v² = v0² + 2 g (z0 - z) without loss; the
closed forms of friction on an incline and of drag on a level; energy that only falls; lifts
that pull at their speed; a train never slower than the pull; bad input refused by name."""

import math

import numpy as np
import pytest

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
