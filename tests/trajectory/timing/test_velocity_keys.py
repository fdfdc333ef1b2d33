"""Velocity curves from keys (through each key, never back, holds) and curvature against exact
formulas."""

import itertools
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.budget import scaled
from trajectory import CubicBezier, FunctionCurve, Motion, VelocityCurve
from trajectory.timing.velocity import DISTANCE_TOLERANCE


@st.composite
def key_lists(draw):
    count = draw(st.integers(0, 6))
    t = np.sort(draw(st.lists(st.floats(0.01, 0.99), min_size=count, max_size=count, unique=True)))
    s = np.sort(draw(st.lists(st.floats(0.0, 1.0), min_size=count, max_size=count)))
    if np.any(np.diff(t) < 1e-6):
        t = np.linspace(0.1, 0.9, count)
    return [(0.0, 0.0), *zip(t.tolist(), s.tolist()), (1.0, 1.0)]


@settings(max_examples=scaled(60), deadline=None)
@given(key_lists())
def test_keys_are_passed_exactly_and_the_object_never_goes_back(keys):
    velocity = VelocityCurve.from_keys(keys)
    t, s = np.array(keys).T
    # To rounding: a key's time is held to half an ulp, and its segment's fraction (t - t0) / h to
    # a few ulps of t / h: the distance to that times the steeper of the key's two slopes.
    slopes = np.diff(s) / np.diff(t)
    steeper = np.maximum(np.append(slopes, 0.0), np.insert(slopes, 0, 0.0))
    assert (np.abs(velocity.distance_at_time(t) - s) <= 1e-14 + 8 * np.spacing(1.0) * steeper * t).all()
    # Between keys, to the tables' accuracy: the cubic's centred coefficients and their evaluation
    # round to a few 1e-15 (7.7e-15 seen in 3000 random key lists).
    dense = velocity.distance_at_time(np.linspace(0.0, 1.0, 4001))
    assert np.all(np.diff(dense) >= -DISTANCE_TOLERANCE)
    assert dense.min() >= -DISTANCE_TOLERANCE and dense.max() <= 1.0 + DISTANCE_TOLERANCE
    for (t0, s0), (t1, s1) in itertools.pairwise(keys):  # never beyond the keys either side
        between = velocity.distance_at_time(np.linspace(t0, t1, 50))
        assert between.min() >= s0 - DISTANCE_TOLERANCE and between.max() <= s1 + DISTANCE_TOLERANCE


def test_a_hold_keeps_the_object_still_for_its_time():
    velocity = VelocityCurve.from_keys([(0, 0), (0.3, 0.4), (0.7, 0.4), (1, 1)])
    motion = Motion(CubicBezier([[0, 0, 0], [1, 2, 0], [3, 2, 1], [4, 0, 0]]), velocity, 10.0)
    held = motion.position(np.linspace(3.0, 7.0, 41))
    assert np.abs(held - held[0]).max() == 0.0
    # The hold's start: s creeps up to 0.4 with zero speed, so as floats it arrives sqrt(eps) early.
    assert motion.time_at_distance(0.4) == pytest.approx(3.0, abs=1e-6)


def test_the_seeds_presets_written_as_keys_agree():
    t = np.linspace(0.0, 1.0, 1001)
    linear = VelocityCurve.from_keys([(0, 0), (1, 1)])
    assert np.abs(linear.distance_at_time(t) - VelocityCurve.constant().distance_at_time(t)).max() <= 1e-15
    ease = VelocityCurve.from_keys([(0, 0), (0.5, 0.5), (1, 1)], speeds=[0.0, 2.0, 0.0])
    assert np.abs(ease.distance_at_time(t) - VelocityCurve.ease_in_out().distance_at_time(t)).max() <= 1e-15


@pytest.mark.parametrize(
    ("keys", "speeds", "message"),
    [
        ([(0, 0), (0.5, 0.2)], None, r"end at \(1, 1\)"),
        ([(0.1, 0), (1, 1)], None, r"start at \(0, 0\)"),
        ([(0, 0), (0.5, 0.6), (0.5, 0.7), (1, 1)], None, "t must increase"),
        ([(0, 0), (0.5, 0.6), (0.7, 0.5), (1, 1)], None, "must not decrease"),
        ([(0, 0), (0.5, math.nan), (1, 1)], None, "finite"),
        ([(0, 0), (1, 1)], [0.0], "one per key"),
        ([(0, 0), (0.5, 0.5), (1, 1)], [None, -3.0, None], "back"),
        ([(0, 0), (1, 1)], [math.inf, None], "finite"),
    ],
)
def test_bad_keys_are_refused_by_name(keys, speeds, message):
    with pytest.raises(ValueError, match=message):
        VelocityCurve.from_keys(keys, speeds=speeds)


def test_curvature_against_exact_formulas():
    radius, rise, turns = 2.0, 1.5, 3.0
    w = 2 * math.pi * turns
    helix = FunctionCurve(lambda u: (radius * np.cos(w * u), radius * np.sin(w * u), rise * u))
    pitch = rise / w  # z per radian
    assert np.allclose(
        helix.curvature(np.linspace(0.05, 0.95, 19)), radius / (radius**2 + pitch**2), rtol=1e-8
    )
    line = CubicBezier([[0, 0, 0], [1, 1, 1], [2, 2, 2], [3, 3, 3]])
    assert np.all(line.curvature(np.linspace(0, 1, 11)) == 0.0)
    bezier = CubicBezier([[0, 0, 0], [1, 2, 0], [3, 2, 1], [4, 0, 0]])
    p = bezier.control_points[0]
    u = 0.3
    d = 3 * ((1 - u) ** 2 * (p[1] - p[0]) + 2 * u * (1 - u) * (p[2] - p[1]) + u * u * (p[3] - p[2]))
    dd = 6 * ((1 - u) * (p[2] - 2 * p[1] + p[0]) + u * (p[3] - 2 * p[2] + p[1]))
    expected = np.linalg.norm(np.cross(d, dd)) / np.linalg.norm(d) ** 3
    assert bezier.curvature(u) == pytest.approx(expected, rel=1e-13)
    cusp = CubicBezier([[0, 0, 0], [2, 2, 0], [0, 2, 0], [2, 0, 0]])  # stops at u = 1/2 while bending
    assert cusp.curvature(0.5) == math.inf
