"""A mesh cut by planes y = c: no triangle spans a plane, a closed mesh stays closed (every edge
between exactly two triangles: no cracks, no doubled vertices), its area and volume are kept,
triangles keep their winding, attributes are interpolated along the cut edges."""

import numpy as np
from hypothesis import example, given, settings
from hypothesis import strategies as st

from tests.budget import scaled
from trajectory.meshes.slicing import sliced

OCTAHEDRON = np.array([[1.0, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]])
"""Welded: each vertex shared by four faces, wound counter-clockwise seen from outside."""
FACES = np.array([[0, 2, 4], [2, 1, 4], [1, 3, 4], [3, 0, 4], [2, 0, 5], [1, 2, 5], [3, 1, 5], [0, 3, 5]])


def _areas(positions, triangles):
    a, b, c = (positions[triangles[:, k]] for k in range(3))
    return np.cross(b - a, c - a) / 2.0


def _volume(positions, triangles):
    a, b, c = (positions[triangles[:, k]] for k in range(3))
    return float(np.einsum("ij,ij->i", a, np.cross(b, c)).sum() / 6.0)


def _edge_uses(triangles):
    edges = np.sort(triangles[:, [0, 1, 1, 2, 2, 0]].reshape(-1, 2), axis=1)
    _, counts = np.unique(edges, axis=0, return_counts=True)
    return counts


@settings(max_examples=scaled(200, 40), deadline=None)
@given(
    cuts=st.lists(st.floats(-1.2, 1.2), max_size=12, unique=True),
    stretch=st.tuples(st.floats(0.2, 3.0), st.floats(0.2, 3.0), st.floats(0.2, 3.0)),
    turn=st.floats(0.0, 3.0),
)
@example(cuts=[1.1999999999999997, 1.2], stretch=(1.0, 2.0, 1.0), turn=0.0)  # planes a rounding apart
def test_a_closed_mesh_cut_anywhere_stays_closed_with_its_area_and_volume(cuts, stretch, turn):
    c, s = np.cos(turn), np.sin(turn)
    positions = OCTAHEDRON @ np.array([[c, -s, 0], [s, c, 0], [0, 0, 1]]).T * stretch
    cuts = np.unique(np.append(cuts, positions[[0, 2], 1]))  # through two vertices too
    # Planes through a vertex, or clear of every one (one a hair away cuts a sliver of no area).
    gaps = np.abs(cuts[:, None] - positions[None, :, 1])
    cuts = cuts[np.all((gaps == 0.0) | (gaps > 1e-9), axis=1)]
    linear = positions @ [0.3, -1.7, 2.0] + 5.0  # an attribute linear in the position
    attributes = np.column_stack([linear, positions[:, 1]])
    new_positions, new_attributes, triangles = sliced(positions, attributes, FACES, cuts)
    assert np.array_equal(new_positions[: len(positions)], positions)
    assert np.all(_edge_uses(triangles) == 2)  # closed: no crack, no T-junction
    assert len(np.unique(new_positions, axis=0)) == len(new_positions)  # no vertex twice
    volume = _volume(positions, FACES)
    assert abs(_volume(new_positions, triangles) - volume) <= 1e-12 * abs(volume)
    areas = np.linalg.norm(_areas(new_positions, triangles), axis=1)
    assert abs(areas.sum() - np.linalg.norm(_areas(positions, FACES), axis=1).sum()) <= 1e-12 * areas.sum()
    assert np.all(areas > 0.0)  # no triangle of no area
    y = new_positions[triangles][:, :, 1]
    for cut in cuts:
        assert not np.any((y.min(axis=1) < cut) & (y.max(axis=1) > cut))
    made = new_positions[len(positions) :]
    assert np.allclose(new_attributes[:, 0], new_positions @ [0.3, -1.7, 2.0] + 5.0, rtol=0, atol=1e-12)
    assert np.all(np.isin(made[:, 1], cuts))  # new vertices lie on the planes exactly


def test_without_a_plane_across_it_the_mesh_is_itself():
    positions, _, triangles = sliced(OCTAHEDRON, np.zeros((6, 1)), FACES, np.array([-3.0, 2.0]))
    assert positions is OCTAHEDRON and triangles is FACES


def test_the_winding_is_kept_seen_from_outside():
    positions, _, triangles = sliced(OCTAHEDRON, np.zeros((6, 1)), FACES, np.linspace(-0.9, 0.9, 7))
    centres = positions[triangles].mean(axis=1)
    assert np.all(np.einsum("ij,ij->i", _areas(positions, triangles), centres) > 0.0)
