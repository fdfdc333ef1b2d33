"""Copies of a mesh placed by frames (rotated, and stretched with their normals kept square to
their faces), meshes joined, their triangles renumbered, and meshes written as .obj files."""

import numpy as np
import pytest
import trimesh

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
