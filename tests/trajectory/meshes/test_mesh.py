"""Copies of a mesh placed by frames (rotated, and stretched with their normals kept square to
their faces), meshes joined, their triangles renumbered, meshes written as .obj files, and
their tangents and binormals (where the texture grows along the surface)."""

import numpy as np
import pytest
import trimesh
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from tests.budget import scaled
from tests.trajectory.meshes.test_bend import HALF_CIRCLE
from trajectory import CubicBezier, Mesh, Profile, bend, sweep

BOX = sweep(
    CubicBezier([[-1, 0, 0], [-0.3, 0, 0], [0.3, 0, 0], [1, 0, 0]]), Profile.rectangle(0.2, 0.1), caps=True
)


def test_copies_are_moved_turned_and_stretched_with_normals_square_to_their_faces():
    quarter = np.array([[0.0, -1.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 1.0]])  # a quarter turn about z
    stretch = np.diag([1.0, 1.0, 5.0])
    copies = BOX.placed([[0.0, 0.0, 0.0], [10.0, 0.0, 0.0]], np.stack([quarter, stretch]))
    size = len(BOX.positions)
    np.testing.assert_allclose(copies.positions[:size], BOX.positions @ quarter.T, atol=1e-15)
    np.testing.assert_allclose(copies.positions[size:], BOX.positions * (1, 1, 5) + (10, 0, 0), atol=1e-15)
    np.testing.assert_array_equal(copies.triangles[len(BOX.triangles) :], BOX.triangles + size)
    for mesh in (BOX, copies):
        a, b, c = (mesh.positions[mesh.triangles[:, j]] for j in range(3))
        faces = np.cross(b - a, c - a)
        faces /= np.linalg.norm(faces, axis=1)[:, None]
        # A box's vertex normals are its faces' (hard edges): equal, stretched or not.
        np.testing.assert_allclose(mesh.normals[mesh.triangles[:, 0]], faces, atol=1e-12)


def test_joined_meshes_keep_their_triangles_on_their_own_vertices():
    joined = Mesh.joined(BOX, BOX.placed([[0, 0, 3]], [np.eye(3)]))
    assert len(joined.positions) == 2 * len(BOX.positions)
    np.testing.assert_allclose(
        joined.positions[joined.triangles[len(BOX.triangles) :]] - (0, 0, 3), BOX.positions[BOX.triangles]
    )


def test_misshapen_places_are_refused():
    with pytest.raises(ValueError, match="shaped"):
        BOX.placed([[0, 0, 0]], np.eye(3))
    with pytest.raises(ValueError, match="finite"):
        BOX.placed([[0, 0, np.nan]], [np.eye(3)])


def test_a_box_is_the_swept_one_its_faces_outward():
    box = Mesh.box(2.0, 0.2, 0.1)
    np.testing.assert_allclose(box.positions.min(axis=0), BOX.positions.min(axis=0), atol=1e-15)
    np.testing.assert_allclose(box.positions.max(axis=0), BOX.positions.max(axis=0), atol=1e-15)
    a, b, c = (box.positions[box.triangles[:, j]] for j in range(3))
    faces = np.cross(b - a, c - a)
    faces /= np.linalg.norm(faces, axis=1)[:, None]
    np.testing.assert_allclose(box.normals[box.triangles[:, 0]], faces, atol=1e-15)
    assert np.all(np.einsum("ij,ij->i", a, faces) > 0.0)  # each face's plane faces away from the centre
    with pytest.raises(ValueError, match="height"):
        Mesh.box(1.0, 1.0, 0.0)


def _faces_agree_with_normals(mesh, tolerance=1e-9):
    """Whether each triangle, counter-clockwise, faces the way its vertex normals point (a
    box's normals are its faces')."""
    a, b, c = (mesh.positions[mesh.triangles[:, j]] for j in range(3))
    faces = np.cross(b - a, c - a)
    faces /= np.linalg.norm(faces, axis=1)[:, None]
    return np.allclose(mesh.normals[mesh.triangles[:, 0]], faces, atol=tolerance)


@pytest.mark.parametrize(
    "frame",
    [
        np.diag([-1.0, 1.0, 1.0]),  # a mirror: the faces once turned inside out
        np.array([[0.0, 1.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 2.0]]),  # x and y swapped, stretched
        np.eye(3) * 1e200,  # huge: the normals were 0 / 0
        np.eye(3) * 1e-200,
        np.diag([1e150, -1e140, 1e145]),
    ],
)
def test_mirrored_and_huge_frames_keep_faces_outward_with_unit_normals(frame):
    copies = BOX.placed([[0.0, 0.0, 0.0]], [frame])
    assert np.all(np.isfinite(copies.normals))
    np.testing.assert_allclose(np.linalg.norm(copies.normals, axis=1), 1.0, rtol=1e-12)
    scaled = Mesh(copies.positions / np.abs(frame).max(), copies.normals, copies.uvs, copies.triangles)
    assert _faces_agree_with_normals(scaled)


def test_a_frame_that_flattens_the_mesh_or_a_join_of_no_meshes_is_refused():
    for flat in (np.diag([1.0, 0.0, 1.0]), np.diag([1e150, -1e-150, 1.0]), np.ones((3, 3))):
        with pytest.raises(ValueError, match="frame 1 flattens"):
            BOX.placed([[0, 0, 0], [1, 0, 0]], [np.eye(3), flat])
    for wrong in ((1,), (), (BOX, "box")):
        with pytest.raises(ValueError, match="meshes must be Mesh objects"):
            Mesh.joined(*wrong)


@pytest.mark.parametrize(
    "mesh",
    [
        BOX,  # a sweep: its triangles int32
        Mesh.joined(BOX, BOX.placed([[0.0, 3.0, 0.0]], [np.diag([1.0, 2.0, 1.0])])),
        bend(
            Mesh.box(0.4, 2.0, 0.2), CubicBezier([[0, 0, 0], [4, 3, 1], [8, -3, 0], [12, 0, 0]]), fit="repeat"
        ),
    ],
)
def test_an_obj_file_reads_back_the_same_in_an_independent_reader(mesh, tmp_path):
    """trimesh (not the library) reads the .obj: the same vertices, normals, texture
    coordinates and faces, exactly (17 significant digits round-trip a float64)."""
    path = tmp_path / "mesh.obj"
    mesh.write_obj(path)
    read = trimesh.load(path, process=False, maintain_order=True)
    assert np.array_equal(read.vertices, mesh.positions)
    assert np.array_equal(read.faces, mesh.triangles)
    assert np.array_equal(read.vertex_normals, mesh.normals)
    assert np.array_equal(read.visual.uv, mesh.uvs)


def test_an_obj_file_that_cannot_be_written_is_an_os_error(tmp_path):
    with pytest.raises(OSError):
        BOX.write_obj(tmp_path)  # a directory


def test_colours_go_with_copies_joins_and_obj_files(tmp_path):
    """Placed copies keep their colours; a join colours white what had none; the .obj carries
    r g b after each position, as trimesh reads them."""
    red = Mesh(
        BOX.positions,
        BOX.normals,
        BOX.uvs,
        BOX.triangles,
        colours=np.tile([1.0, 0.2, 0.1, 1.0], (len(BOX.positions), 1)),
    )
    copies = red.placed([[0.0, 0.0, 0.0], [3.0, 0.0, 0.0]], [np.eye(3), np.eye(3)])
    assert np.array_equal(copies.colours, np.tile(red.colours, (2, 1)))
    joined = Mesh.joined(BOX, red)
    assert np.array_equal(joined.colours[: len(BOX.positions)], np.ones((len(BOX.positions), 4)))
    assert np.array_equal(joined.colours[len(BOX.positions) :], red.colours)
    assert Mesh.joined(BOX, BOX).colours is None
    path = tmp_path / "red.obj"
    joined.write_obj(path)
    read = trimesh.load(path, process=False, maintain_order=True)
    assert np.array_equal(read.vertices, joined.positions)
    np.testing.assert_allclose(
        read.vertex_attributes["color"][:, :3], joined.colours[:, :3], rtol=0, atol=1e-12
    )


def _grid(uv_of):
    """A flat 5 x 4 grid in the xy plane, facing +z, its texture coordinates ``uv_of(xy)``."""
    x, y = np.meshgrid(np.linspace(-1.0, 1.0, 5), np.linspace(0.0, 2.0, 4))
    xy = np.column_stack([x.ravel(), y.ravel()])
    corner = (np.arange(3)[:, None] * 5 + np.arange(4)[None, :]).ravel()
    triangles = np.concatenate(
        [np.column_stack([corner, corner + 1, corner + 6]), np.column_stack([corner, corner + 6, corner + 5])]
    )
    positions = np.column_stack([xy, np.zeros(len(xy))])
    return Mesh(positions, np.tile([0.0, 0.0, 1.0], (len(xy), 1)), uv_of(xy), triangles)


@pytest.mark.parametrize(
    "texture", [[[2.0, 0.5], [0.0, 3.0]], [[-1.0, 0.0], [0.0, 1.0]], [[0.0, 1.0], [1.0, 0.0]]]
)
def test_tangents_point_where_the_texture_grows_mirrored_or_not(texture):
    """On a plane whose texture is uv = A xy, u grows along A^-1's first column and v along its
    second (a mirrored or swapped texture included)."""
    texture = np.array(texture)
    tangent, binormal = _grid(lambda xy: xy @ texture.T).tangents()
    grows = np.linalg.inv(texture)  # columns: d(xy)/du, d(xy)/dv
    for found, column in ((tangent, grows[:, 0]), (binormal, grows[:, 1])):
        expected = np.append(column, 0.0) / np.linalg.norm(column)
        np.testing.assert_allclose(found, np.tile(expected, (len(found), 1)), atol=1e-12)


def test_a_strip_bent_round_a_circle_has_tangents_across_and_binormals_along():
    """A strip textured u = x (across), v = y (along), bent round a circle counter-clockwise:
    at each vertex the tangent points out from the centre (the frame's right) and the binormal
    along the circle, within the turn of the widest interval between cuts (a triangle's flat
    face spans one: its dP/du and dP/dv are chords')."""
    bent = bend(_grid(lambda xy: xy), HALF_CIRCLE, tolerance=1e-4)
    tangent, binormal = bent.tangents()
    angle = np.arctan2(bent.positions[:, 1], bent.positions[:, 0])
    outward = np.column_stack([np.cos(angle), np.sin(angle), np.zeros_like(angle)])
    onward = np.column_stack([-np.sin(angle), np.cos(angle), np.zeros_like(angle)])
    widest = np.diff(np.unique(angle)).max()
    assert widest < 0.01
    for found, expected in ((tangent, outward), (binormal, onward)):
        np.testing.assert_allclose(np.linalg.norm(found, axis=1), 1.0, atol=1e-12)
        assert np.arccos(np.clip(np.einsum("ij,ij->i", found, expected), -1.0, 1.0)).max() <= widest
        assert np.abs(np.einsum("ij,ij->i", found, bent.normals)).max() <= 1e-12


@settings(max_examples=scaled(100, 20), deadline=None)
@given(
    corners=arrays(np.float64, (6, 3), elements=st.floats(-10, 10)),
    uvs=arrays(np.float64, (6, 2), elements=st.floats(-3, 3)),
    normals=arrays(np.float64, (6, 3), elements=st.floats(-1, 1)),
)
@example(  # a triangle's dP/dv along its third corner's normal but for rounding
    corners=np.array([[1.0, 1, 0]] + [[1.0, 1, 1]] * 5),
    uvs=np.array([[1.0, 0], [0, 1]] + [[0.0, 0]] * 4),
    normals=np.array([[1.0, 1, 1], [1, 1, 1], [1e-9, 0, 1], [1, 1, 1], [1, 1, 1], [1, 1, 1]]),
)
def test_tangents_are_unit_and_square_to_the_normals_whatever_the_triangles(corners, uvs, normals):
    """Any triangles, any texture (flat ones and none at all included): unit tangents and
    binormals, each square to its vertex's normal."""
    assume(np.all(np.linalg.norm(normals, axis=1) > 0.1))
    normals = normals / np.linalg.norm(normals, axis=1)[:, None]
    for texture in (uvs, np.zeros_like(uvs)):
        mesh = Mesh(corners, normals, texture, np.array([[0, 1, 2], [3, 4, 5], [0, 2, 4]]))
        for found in mesh.tangents():
            np.testing.assert_allclose(np.linalg.norm(found, axis=1), 1.0, atol=1e-12)
            assert np.abs(np.einsum("ij,ij->i", found, normals)).max() <= 1e-12


def _square(**changes):
    """A unit square's columns, two triangles, with ``changes`` in place of some."""
    columns = {
        "positions": np.array([[0.0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0]]),
        "normals": np.tile([0.0, 0.0, 1.0], (4, 1)),
        "uvs": np.array([[0.0, 0], [1, 0], [1, 1], [0, 1]]),
        "triangles": np.array([[0, 1, 2], [0, 2, 3]]),
    }
    colours = changes.pop("colours", None)
    columns.update(changes)
    return Mesh(**columns, colours=colours)


@pytest.mark.parametrize(
    "changes, message",
    [
        ({"triangles": np.array([[0, 1, 4], [0, 2, 3]])}, r"triangles must index its 4 vertices .* got 4"),
        ({"triangles": np.array([[0, 1, -1], [0, 2, 3]])}, r"triangles must index .* got -1"),
        ({"triangles": np.array([[0, 1, 2.5], [0, 2, 3]])}, "triangles must be whole vertex indices"),
        ({"triangles": np.array([[0, 1, np.nan], [0, 2, 3]])}, "triangles must be whole vertex indices"),
        ({"triangles": np.array([0, 1, 2])}, r"triangles must be shaped \(m, 3\)"),
        ({"triangles": [["a", "b", "c"]]}, "triangles must be vertex indices"),
        ({"positions": np.zeros((4, 2))}, r"positions must be shaped \(n, 3\)"),
        (
            {"positions": [[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, np.inf]]},
            "positions must be finite: point 3",
        ),
        ({"positions": np.full((4, 3), np.nan)}, "positions must be finite: point 0"),
        ({"normals": np.tile([0.0, np.nan, 1.0], (4, 1))}, "normals must be finite"),
        ({"normals": np.tile([0.0, 0.0, 1.0], (3, 1))}, r"normals must be one a vertex \(4\), got 3"),
        ({"uvs": np.zeros((5, 2))}, r"uvs must be one a vertex \(4\), got 5"),
        ({"uvs": np.zeros((4, 3))}, r"uvs must be shaped \(n, 2\)"),
        ({"colours": np.ones((3, 4))}, r"colours must be one a vertex \(4\), got 3"),
        ({"colours": np.ones((4, 3))}, r"colours must be shaped \(n, 4\)"),
        ({"colours": "red"}, "colours must be numbers"),
    ],
)
def test_a_mesh_that_would_draw_wrong_is_refused_by_name(changes, message):
    with pytest.raises(ValueError, match=message):
        _square(**changes)


def test_a_mesh_given_as_lists_is_kept_as_arrays_and_bends():
    listed = Mesh([[0, 0, 0], [1, 0, 0], [1, 1, 0]], [[0, 0, 1]] * 3, [[0, 0], [1, 0], [1, 1]], [[0, 1, 2]])
    assert listed.positions.dtype == float and listed.triangles.dtype == np.int64
    np.testing.assert_array_equal(listed.triangles, [[0, 1, 2]])
    assert len(bend(listed, HALF_CIRCLE).triangles) >= 1
    empty = Mesh(np.zeros((0, 3)), np.zeros((0, 3)), np.zeros((0, 2)), [])
    assert empty.triangles.shape == (0, 3)


def test_a_mesh_changed_to_nan_in_place_is_not_written(tmp_path):
    square = _square()
    square.normals[2, 1] = np.nan
    path = tmp_path / "square.obj"
    with pytest.raises(ValueError, match="mesh normals must be finite to be written, got nan"):
        square.write_obj(path)
    assert not path.exists()


def test_int32_triangles_stay_int32_and_index_as_int64_ones_do():
    """A sweep's triangles are int32 (half the memory, what a GPU takes): kept so, not copied;
    smaller integer kinds become int64."""
    square = _square()
    narrow = Mesh(square.positions, square.normals, square.uvs, square.triangles.astype(np.int32))
    assert narrow.triangles.dtype == np.int32
    np.testing.assert_array_equal(narrow.triangles, square.triangles)
    assert (
        Mesh(square.positions, square.normals, square.uvs, square.triangles.astype(np.int16)).triangles.dtype
        == np.int64
    )
    joined = Mesh.joined(narrow, narrow)
    np.testing.assert_array_equal(joined.triangles, Mesh.joined(square, square).triangles)
