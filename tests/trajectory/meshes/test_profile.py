"""Profiles: rings with hard edges written twice and smooth vertices once, normals outward,
texture u round each polyline, caps that tile the closed polylines, bad points refused."""

import math

import numpy as np
import pytest

from trajectory import Profile


def area(points):
    x, y = points[:, 0], points[:, 1]
    return (np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1))) / 2.0


def test_a_rectangle_has_hard_corners_and_outward_normals():
    box = Profile.rectangle(2.0, 1.0)
    assert len(box.vertices) == 8 and len(box.edges) == 4
    for a, b in box.edges:  # each side's two ends share the side's outward normal
        np.testing.assert_array_equal(box.normals[a], box.normals[b])
        middle = (box.vertices[a] + box.vertices[b]) / 2.0
        assert middle @ box.normals[a] > 0.0
    np.testing.assert_allclose(box.across[[0, -1]], [0.0, 1.0])


def test_a_circle_is_smooth_its_normals_radial_and_its_seam_written_twice():
    tube = Profile.circle(2.0, 10, centre=(1.0, 0.5))
    assert len(tube.vertices) == 11 and len(tube.edges) == 10
    radial = (tube.vertices - (1.0, 0.5)) / 2.0
    np.testing.assert_allclose(tube.normals, radial, atol=1e-12)
    np.testing.assert_array_equal(tube.vertices[0], tube.vertices[-1])
    np.testing.assert_allclose(np.diff(tube.across), 0.1, atol=1e-12)


def test_a_clockwise_polygon_is_turned_round_so_its_normals_point_out():
    clockwise = Profile([[0, 0], [0, 1], [1, 1], [1, 0]], closed=True)
    for a, b in clockwise.edges:
        assert ((clockwise.vertices[a] + clockwise.vertices[b]) / 2.0 - 0.5) @ clockwise.normals[a] > 0.0


def test_a_ribbon_faces_up_and_rails_are_two_tubes():
    road = Profile.ribbon(4.0)
    np.testing.assert_allclose(road.normals, [[0.0, 1.0], [0.0, 1.0]])
    line = Profile.ribbon(0.2, height=0.1, centre=1.5)  # a line painted off the middle
    np.testing.assert_allclose(line.vertices, [[1.6, 0.1], [1.4, 0.1]])
    np.testing.assert_allclose(line.normals, [[0.0, 1.0], [0.0, 1.0]])
    rails = Profile.rails(1.5, 0.1, 6)
    assert len(rails.loops) == 2 and len(rails.edges) == 12
    np.testing.assert_allclose(
        sorted(points[:, 0].mean() for points, _ in rails.loops), [-0.75, 0.75], atol=1e-12
    )


def test_caps_tile_each_closed_polyline_even_a_concave_one():
    ell = [[0, 0], [3, 0], [3, 1], [1, 1], [1, 3], [0, 3]]
    profile = Profile.joined(
        Profile(ell, closed=True), Profile.circle(0.5, 7, centre=(5.0, 5.0)), Profile.ribbon(1.0)
    )
    triangles = profile.cap_triangles()
    flat = np.concatenate([points for points, _ in profile.loops])
    corners = flat[triangles]
    areas = (
        (corners[:, 1, 0] - corners[:, 0, 0]) * (corners[:, 2, 1] - corners[:, 0, 1])
        - (corners[:, 1, 1] - corners[:, 0, 1]) * (corners[:, 2, 0] - corners[:, 0, 0])
    ) / 2.0
    assert np.all(areas > 0.0)  # counter-clockwise
    circle = Profile.circle(0.5, 7).loops[0][0]
    assert areas.sum() == pytest.approx(5.0 + area(circle), rel=1e-12)  # the L's 5 and the circle's
    assert len(triangles) == 4 + 5  # k - 2 each; the open ribbon has no cap


@pytest.mark.parametrize(
    "make, message",
    [
        (lambda: Profile([[0, 0]]), "2 points at least"),
        (lambda: Profile([[0, 0], [1, 0]], closed=True), "3 points at least"),
        (lambda: Profile([[0, 0], [0, 0], [1, 0]]), "in one place"),
        (lambda: Profile([[0, 0, 0], [1, 0, 0]]), "shaped"),
        (lambda: Profile([[0, math.nan], [1, 0]]), "finite"),
        (lambda: Profile.circle(1.0, 2), "sides"),
        (lambda: Profile.circle(1.0, 10**9), "sides"),
        (lambda: Profile([[0, 0], [1e308, 0], [1e308, 1e308]], closed=True), "within"),
        (lambda: Profile.circle(-1.0), "radius"),
        (lambda: Profile.rails(0.1, 0.1), "overlap"),
        (lambda: Profile.joined(), "one or more"),
    ],
)
def test_bad_profiles_are_refused_by_name(make, message):
    with pytest.raises(ValueError, match=message):
        make()
