"""A trajectory mesh as a Panda3D GeomNode: the vertex rows and triangle indices are the mesh's
(to float32), rewritten in place, with bounds that hold them; a mesh that is no mesh refused."""

import numpy as np
import pytest
from panda3d.core import GeomVertexReader

from scene import mesh_node
from scene.kit.mesh_nodes import update_mesh_node
from trajectory import CubicBezier, Mesh, Profile, sweep

CURVE = CubicBezier([[0, 0, 0], [4, 6, 2], [8, -6, 2], [12, 0, 0]])


def rows(node, column):
    reader = GeomVertexReader(node.get_geom(0).get_vertex_data(), column)
    values = []
    while not reader.is_at_end():
        values.append(list(reader.get_data3() if column != "texcoord" else reader.get_data2()))
    return np.array(values)


def indices(node):
    primitive = node.get_geom(0).get_primitive(0)
    return np.array([primitive.get_vertex(i) for i in range(primitive.get_num_vertices())]).reshape(-1, 3)


@pytest.mark.parametrize("profile", [Profile.rails(1.2, 0.06), Profile.ribbon(3.0)])
def test_the_node_draws_the_meshs_vertices_and_triangles(profile):
    mesh = sweep(CURVE, profile, caps=False)
    node = mesh_node(mesh, "track")
    for column, values in (("vertex", mesh.positions), ("normal", mesh.normals), ("texcoord", mesh.uvs)):
        np.testing.assert_allclose(rows(node, column), values, rtol=2e-7, atol=2e-6 * np.abs(values).max())
    np.testing.assert_array_equal(indices(node), mesh.triangles)
    assert node.get_name() == "track"


def test_a_node_rewritten_holds_the_new_mesh_and_its_bounds_move_with_it():
    node = mesh_node(sweep(CURVE, Profile.circle(0.5, 6)), dynamic=True)
    moved = sweep(CubicBezier([[100, 0, 0], [101, 0, 0], [102, 0, 0], [103, 0, 0]]), Profile.circle(0.2, 5))
    update_mesh_node(node, moved)
    np.testing.assert_array_equal(indices(node), moved.triangles)
    bounds = node.get_bounds()
    assert all(bounds.contains(tuple(point)) for point in moved.positions.astype(np.float32).tolist())


def test_a_mesh_without_triangles_on_its_vertices_is_refused():
    empty = Mesh(np.zeros((3, 3)), np.zeros((3, 3)), np.zeros((3, 2)), np.zeros((0, 3), dtype=int))
    with pytest.raises(ValueError, match="triangles"):
        mesh_node(empty)
    with pytest.raises(ValueError, match="triangles must index its 3 vertices"):  # refused as a Mesh
        Mesh(np.zeros((3, 3)), np.zeros((3, 3)), np.zeros((3, 2)), np.array([[0, 1, 3]]))
