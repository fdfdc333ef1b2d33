"""Objects along a curve: their arc-length spacing exact (against a helix's exact length), offset
in their frames, counts from end to end or round a loop, bad arguments refused by name."""

import math

import numpy as np
import pytest

from trajectory import FunctionCurve, Spline, along
from trajectory.orientation import frames_along

TURNS, RADIUS, RISE = 2, 3.0, 5.0
HELIX = FunctionCurve(
    lambda u: (RADIUS * np.cos(2 * np.pi * TURNS * u), RADIUS * np.sin(2 * np.pi * TURNS * u), RISE * u)
)
HELIX_LENGTH = math.hypot(2 * math.pi * TURNS * RADIUS, RISE)
"""Exactly: the helix climbs at a constant speed."""
LOOP = Spline([[6, 0, 1], [0, 6, 4], [-6, 0, 1], [0, -6, -2]], closed=True)


def helix_at(distance):
    u = np.asarray(distance) / HELIX_LENGTH
    angle = 2 * np.pi * TURNS * u
    return np.column_stack([RADIUS * np.cos(angle), RADIUS * np.sin(angle), RISE * u])


def test_places_are_at_an_exact_arc_length_spacing():
    positions, frames = along(HELIX, spacing=0.7, start=0.2)
    count = math.floor((HELIX_LENGTH - 0.2) / 0.7) + 1
    assert positions.shape == (count, 3) and frames.shape == (count, 3, 3)
    np.testing.assert_allclose(
        positions, helix_at(0.2 + 0.7 * np.arange(count)), rtol=0, atol=1e-12 * HELIX_LENGTH
    )


def test_an_offset_is_in_each_places_frame_and_the_frames_are_the_curves():
    positions, frames = along(HELIX, count=9, offset=(0.5, -0.25), mode="up")
    distances = np.linspace(0.0, HELIX_LENGTH, 9)
    expected = frames_along(HELIX, distances / HELIX_LENGTH, "up")  # u = s on a helix
    np.testing.assert_allclose(frames, expected, rtol=0, atol=1e-12)
    offset = 0.5 * expected[:, :, 0] - 0.25 * expected[:, :, 2]
    np.testing.assert_allclose(positions, helix_at(distances) + offset, rtol=0, atol=1e-12 * HELIX_LENGTH)


def test_a_loops_places_go_round_it_once_without_doubling_the_seam():
    positions, _ = along(LOOP, count=8)
    assert len(positions) == 8 and np.min(np.linalg.norm(positions[1:] - positions[0], axis=1)) > 1.0
    s = LOOP.arc_length.at(np.array([LOOP.nearest_parameter(p) for p in positions])) / LOOP.length
    np.testing.assert_allclose(s, np.arange(8) / 8, atol=1e-9)
    spaced, _ = along(LOOP, spacing=LOOP.length / 5)  # the fifth would be the first again
    assert len(spaced) == 5


@pytest.mark.parametrize(
    "arguments, message",
    [
        ({}, "either spacing"),
        ({"spacing": 1.0, "count": 3}, "either spacing"),
        ({"spacing": -1.0}, "spacing"),
        ({"count": 1}, "count"),
        ({"count": 2.5}, "count"),
        ({"spacing": 1.0, "offset": (1.0,)}, "offset"),
        ({"spacing": 1.0, "start": 1e9}, "start"),
        ({"spacing": 1e-12}, "more than"),
        ({"count": 10**9}, "count"),
        ({"spacing": 1.0, "bank": True}, "banking needs a speed"),
    ],
)
def test_bad_arguments_are_refused_by_name(arguments, message):
    with pytest.raises(ValueError, match=message):
        along(HELIX, **arguments)
