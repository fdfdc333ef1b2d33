"""Places held within a spline's segments: they give back the fractions they were made of, their
frames are the curve's own there in every mode, and after an edit only the segments it changed
are computed, the rest taken as they were and rolled into place, agreeing with frames computed
afresh on the edited curve; a sweep and ``along`` at them are a sweep and ``along`` at their
fractions; bad places are refused by name."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trajectory import FunctionCurve, Profile, Spline, along, sweep
from trajectory.meshes import SegmentPlaces, along_stations
from trajectory.meshes.placing import Placer

AGREE = 1e-10
"""Frames of a segment taken as it was from frames computed afresh (unit axes, points scaled by
the curve's size): the new curve's arc-length inverse finds each place's u again, to about 2e-13
measured."""


def wandering(seed, count=30, closed=False):
    knots = np.cumsum(np.random.default_rng(seed).uniform(-1.0, 1.0, (count, 3)), axis=0)
    return Spline(knots, closed=closed)


def fractions(seed, count=400):
    return np.sort(np.concatenate([[0.0, 1.0], np.random.default_rng(seed).uniform(0.0, 1.0, count)]))


def differ(ours, theirs, size=1.0):
    """The largest difference of two frames answers (points, right, up, forward), the points'
    over ``size``."""
    return max(
        np.abs(a - b).max() / (size if index == 0 else 1.0) for index, (a, b) in enumerate(zip(ours, theirs))
    )


@settings(max_examples=40, deadline=None)
@given(
    st.integers(2, 40),
    st.integers(0, 10**6),
    st.lists(st.floats(0.0, 1.0), min_size=1, max_size=60),
    st.floats(1e-6, 1e6),
)
def test_places_give_back_the_fractions_they_were_made_of(count, seed, s, size):
    spline = Spline(np.cumsum(np.random.default_rng(seed).uniform(-1.0, 1.0, (count, 3)), axis=0) * size)
    s = np.sort(s)
    places = SegmentPlaces.of(spline, s)
    assert places.count == count - 1 and len(places) == len(s)
    assert (np.diff(places.segments) >= 0).all() and ((places.fractions >= 0) & (places.fractions <= 1)).all()
    np.testing.assert_allclose(places.stations(spline), s, rtol=0, atol=1e-12)


@pytest.mark.parametrize("closed", [False, True])
@pytest.mark.parametrize("mode", ["minimal", "up", "yaw"])
def test_the_frames_at_places_are_the_curves_there_and_an_edit_computes_only_what_it_changed(
    mode, closed, monkeypatch
):
    spline = wandering(3, closed=closed)
    places = SegmentPlaces.of(spline, fractions(4))
    size = np.abs(spline.knots).max()
    ours = places.frames(Placer(spline, mode, {}))
    assert differ(ours, Placer(spline, mode, {}).frames(places.stations(spline)), size) <= 1e-12

    edited = spline.copy()
    edited.move(12, spline.knots[12] + (0.3, -0.2, 0.5))
    before, after = spline.geometry.control_points, edited.geometry.control_points
    changed = [k for k in range(places.count) if not np.array_equal(before[k], after[k])]
    assert 0 < len(changed) < places.count
    computed = []
    frames = Placer.frames

    def counted(place, s):
        if not isinstance(s, SegmentPlaces):
            computed.append(len(s))
        return frames(place, s)

    monkeypatch.setattr(Placer, "frames", counted)
    ours = places.frames(Placer(edited, mode, {}))
    assert computed == [np.isin(places.segments, changed).sum()]  # the changed segments' places alone
    monkeypatch.setattr(Placer, "frames", frames)
    afresh = Placer(edited, mode, {}).frames(places.stations(edited))
    assert differ(ours, afresh, size) <= AGREE


def test_a_tilt_computes_every_place_and_a_curve_of_another_kind_is_one_segment():
    spline = wandering(5)
    places = SegmentPlaces.of(spline, fractions(6))
    tilted = Placer(spline, "minimal", {"tilt": [(0.0, 0.0), (1.0, 2.0)]})
    assert differ(places.frames(tilted), tilted.frames(places.stations(spline))) <= 1e-12
    helix = FunctionCurve(lambda u: (np.cos(6 * u), np.sin(6 * u), u))
    places = SegmentPlaces.of(helix, fractions(7))
    assert places.count == 1 and set(places.segments) == {0}
    place = Placer(helix, "minimal", {})
    assert differ(places.frames(place), place.frames(places.stations(helix))) == 0.0


def test_a_sweep_and_along_at_places_are_those_at_their_fractions():
    spline = wandering(8)
    rings = sweep(spline, Profile.circle(0.2, 8), 5e-3).stations
    ring_places, tie_places = (
        SegmentPlaces.of(spline, rings),
        SegmentPlaces.of(spline, along_stations(spline, 0.6)),
    )
    edited = spline.copy()
    edited.move(20, spline.knots[20] + (0.0, 0.4, -0.3))
    held = sweep(edited, Profile.circle(0.2, 8), stations=ring_places)
    plain = sweep(edited, Profile.circle(0.2, 8), stations=ring_places.stations(edited))
    np.testing.assert_array_equal(held.stations, plain.stations)
    np.testing.assert_allclose(held.positions, plain.positions, rtol=0, atol=AGREE * 30)
    np.testing.assert_array_equal(held.triangles, plain.triangles)
    for ours, theirs in zip(
        along(edited, stations=tie_places, offset=(0.1, -0.5)),
        along(edited, stations=tie_places.stations(edited), offset=(0.1, -0.5)),
    ):
        np.testing.assert_allclose(ours, theirs, rtol=0, atol=AGREE * 30)


def test_along_stations_are_where_along_places():
    spline = wandering(9, closed=True)
    for options in ({"spacing": 0.7, "start": 0.2}, {"count": 25}):
        np.testing.assert_array_equal(
            along(spline, **options)[0], along(spline, stations=along_stations(spline, **options))[0]
        )


def test_bad_places_are_refused_by_name():
    spline = wandering(10)
    with pytest.raises(ValueError, match="ascending in"):
        SegmentPlaces.of(spline, [0.5, 0.2])
    with pytest.raises(ValueError, match="ascending in"):
        SegmentPlaces.of(spline, [0.0, 1.5])
    places = SegmentPlaces.of(spline, [0.0, 1.0])
    with pytest.raises(ValueError, match="in 29 segments, and the curve has 28"):
        places.stations(wandering(10, count=29))
    with pytest.raises(ValueError, match="in 29 segments, and the curve has 28"):
        sweep(wandering(10, count=29), Profile.circle(0.2, 8), stations=places)
    with pytest.raises(ValueError, match="not two"):
        along(spline, spacing=0.5, stations=places)
    with pytest.raises(ValueError, match=r"in \[0, 1\]"):
        along(spline, stations=[0.0, 2.0])
    with pytest.raises(ValueError, match="rise from 0 to 1"):
        sweep(spline, Profile.circle(0.2, 8), stations=SegmentPlaces.of(spline, [0.2, 1.0]))
