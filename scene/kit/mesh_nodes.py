"""A ``trajectory`` mesh (a sweep, copies placed along a curve) as a Panda3D ``GeomNode``: one
vertex buffer and one triangle list, written from the arrays at once, lit by the scene's lights.

>>> from trajectory import Profile, sweep
>>> track = render.attach_new_node(mesh_node(sweep(curve, Profile.rails(1.2, 0.06))))  # doctest: +SKIP
"""

import numpy as np
from panda3d.core import Geom, GeomEnums, GeomNode, GeomTriangles, GeomVertexData, GeomVertexFormat

_FORMAT = GeomVertexFormat.get_v3n3t2()
"""Rows of 8 float32s: x, y, z, the normal, u, v."""


def mesh_node(mesh, name="mesh", dynamic=False):
    """A ``GeomNode`` drawing ``mesh`` (a ``trajectory.Mesh``: positions, normals, uvs,
    triangles); ``dynamic`` for one rewritten often (``update_mesh_node``).

    Raises:
        ValueError: On a mesh with no triangles, or indices past its vertices.
    """
    usage = Geom.UH_dynamic if dynamic else Geom.UH_static
    data = GeomVertexData(name, _FORMAT, usage)
    triangles = GeomTriangles(usage)
    triangles.set_index_type(GeomEnums.NT_uint32)
    geom = Geom(data)
    geom.add_primitive(triangles)
    node = GeomNode(name)
    node.add_geom(geom)
    update_mesh_node(node, mesh)
    return node


def update_mesh_node(node, mesh):
    """Rewrite the vertices and triangles of a ``mesh_node`` with those of ``mesh``."""
    triangles = np.asarray(mesh.triangles)
    count = len(mesh.positions)
    if not len(triangles) or triangles.min() < 0 or triangles.max() >= count:
        raise ValueError(f"a mesh needs triangles on its own {count} vertices")
    geom = node.modify_geom(0)
    data = geom.modify_vertex_data()
    data.unclean_set_num_rows(count)
    rows = np.frombuffer(memoryview(data.modify_array(0)).cast("B"), dtype=np.float32).reshape(count, 8)
    rows[:, 0:3], rows[:, 3:6], rows[:, 6:8] = mesh.positions, mesh.normals, mesh.uvs
    primitive = geom.modify_primitive(0)
    indices = primitive.modify_vertices()
    indices.unclean_set_num_rows(triangles.size)
    np.frombuffer(memoryview(indices).cast("B"), dtype=np.uint32)[:] = triangles.ravel()
    node.mark_internal_bounds_stale()  # written behind the Geom's back (see scene.ui.geometry)
