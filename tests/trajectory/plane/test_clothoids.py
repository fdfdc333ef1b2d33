"""Clothoids and the turns made of them, against quadrature of their headings (mpmath), and as
rows of the segment table."""

import itertools
import math

import mpmath
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trajectory.plane.clothoids import clothoid_offset, full_lock_centre, turn_length, turn_offset, turn_parts
from trajectory.plane.segments import SegmentTable

mpmath.mp.dps = 30


def integrate_heading(heading, pieces):
    """x + iy reached along a curve whose heading is ``heading(s)`` (mpmath), from 0 through the
    breaks ``pieces`` (the last is the length): quadrature on 23 parts of each piece (the
    heading may wind hundreds of times), sharing nothing with the library."""
    fine = [p for a, b in itertools.pairwise(pieces) for p in mpmath.linspace(a, b, 24)[:-1]] + [pieces[-1]]
    x = mpmath.quad(lambda s: mpmath.cos(heading(s)), fine)
    y = mpmath.quad(lambda s: mpmath.sin(heading(s)), fine)
    return complex(x, y)


def turn_heading(deflection, curvature, sharpness):
    """The heading along a left turn (clothoid, arc, clothoid) written from its curvature: the
    reference for ``turn_offset``. Returns (heading(s), breaks)."""
    clothoid, arc, peak = turn_parts(deflection, curvature, sharpness)
    c, a, p, k = (mpmath.mpf(v) for v in (clothoid, arc, peak, sharpness))

    def heading(s):
        if s <= c:
            return k * s * s / 2
        if s <= c + a:
            return k * c * c / 2 + p * (s - c)
        u = s - c - a
        return k * c * c / 2 + p * a + p * u - k * u * u / 2

    return heading, [0, c, c + a, 2 * c + a]


@settings(max_examples=60, deadline=None)
@given(st.floats(-30.0, 30.0), st.floats(0.01, 20.0), st.sampled_from([1.0, -1.0]))
def test_a_clothoid_reaches_where_its_heading_takes_it(distance, sharpness, sign):
    sharpness *= sign
    reached = clothoid_offset(distance, sharpness)
    # sqrt(pi / |k|) (C(x) + i sign(k) S(x)), x = t sqrt(|k| / pi), with mpmath's Fresnel integrals
    x = distance * mpmath.sqrt(abs(sharpness) / mpmath.pi)
    scale = mpmath.sqrt(mpmath.pi / abs(sharpness))
    expected = complex(scale * mpmath.fresnelc(x), math.copysign(1.0, sharpness) * scale * mpmath.fresnels(x))
    assert abs(reached - expected) <= 1e-14 * max(1.0, abs(expected))
    assert clothoid_offset(np.array([distance]), sharpness)[0] == pytest.approx(
        reached, abs=1e-15 * abs(reached) + 1e-300
    )


@settings(max_examples=15, deadline=None)
@given(st.floats(0.0, 9.0), st.floats(0.05, 3.0), st.floats(0.02, 10.0))
def test_a_turn_ends_where_its_curvature_takes_it(deflection, curvature, sharpness):
    heading, breaks = turn_heading(deflection, curvature, sharpness)
    expected = integrate_heading(heading, breaks)
    scale = max(1.0, 1.0 / curvature)
    assert abs(turn_offset(deflection, curvature, sharpness) - expected) <= 1e-13 * scale
    assert float(heading(breaks[-1])) == pytest.approx(deflection, abs=1e-13)
    assert turn_length(deflection, curvature, sharpness) == pytest.approx(
        float(breaks[-1]), rel=1e-14, abs=1e-300
    )
    batch = turn_offset(np.array([deflection, deflection]), curvature, sharpness)
    assert np.abs(batch - expected).max() <= 1e-13 * scale


def test_the_two_kinds_of_turn_meet_at_full_lock():
    curvature, sharpness = 0.5, 0.2
    least = curvature**2 / sharpness
    below, above = np.nextafter(least, 0.0), least
    assert turn_offset(below, curvature, sharpness) == pytest.approx(
        turn_offset(above, curvature, sharpness), abs=1e-13
    )
    clothoid, arc, peak = turn_parts(above, curvature, sharpness)
    assert (arc, peak) == (0.0, pytest.approx(curvature, rel=1e-15))
    # the full-lock centre lies 1 / curvature to the left of the first clothoid's end
    centre = full_lock_centre(curvature, sharpness)
    end = clothoid_offset(clothoid, sharpness)
    assert abs(centre - end) == pytest.approx(1.0 / curvature, rel=1e-15)


def clothoid_table(start, sharpness, deflection, curvature):
    """One turn as three rows of a segment table."""
    clothoid, arc, peak = turn_parts(deflection, curvature, sharpness)
    return SegmentTable.chain(
        start,
        [0.0, 1.0, 1.0],
        [clothoid, arc, clothoid],
        [1.0 / curvature, 1.0 / peak, 1.0 / peak],
        sharpness=[sharpness, 0.0, -sharpness],
    )


@pytest.mark.parametrize("deflection", [0.3, 2.0, 5.5])
def test_a_table_of_clothoids_poses_them_exactly(deflection):
    curvature, sharpness, start = 0.5, 0.2, (1.0, -2.0, 0.7)
    table = clothoid_table(start, sharpness, deflection, curvature)
    heading, breaks = turn_heading(deflection, curvature, sharpness)
    distances = np.linspace(0.0, table.length, 9)
    poses = table.pose(distances)
    assert poses[0].tolist() == list(start)
    for s, pose in zip(distances, poses):
        reached = complex(*start[:2]) + np.exp(1j * start[2]) * integrate_heading(
            heading, [0, *[b for b in breaks[1:] if b < s], s]
        )
        assert abs(complex(*pose[:2]) - reached) <= 1e-13
        assert math.remainder(pose[2] - start[2] - float(heading(s)), 2 * math.pi) == pytest.approx(
            0.0, abs=1e-13
        )
        assert table.scalar_pose(float(s)) == pytest.approx(tuple(pose), abs=1e-14)


def test_a_table_gives_the_curvature_along_its_clothoids():
    curvature, sharpness = 0.5, 0.2
    table = clothoid_table((0.0, 0.0, 0.0), sharpness, 2.0, curvature)
    clothoid = curvature / sharpness
    s = np.array([0.0, clothoid / 2, clothoid, table.length - clothoid / 2, table.length])
    assert table.curvature(s) == pytest.approx([0.0, curvature / 2, curvature, curvature / 2, 0.0], abs=1e-15)
    assert table.curvature(clothoid / 2) == pytest.approx(curvature / 2)


def test_a_path_of_clothoids_cannot_be_offset():
    table = clothoid_table((0.0, 0.0, 0.0), 0.2, 2.0, 0.5)
    with pytest.raises(ValueError, match="clothoids"):
        table.offset(0.5)
