"""A Panda3D model bent along a curve (``trajectory.bend``): a fence, a pipe or a rail piece made
in Blender, following a track. A copy of the model has its transforms applied; each of its Geoms
is read into arrays (positions, normals, colours, texture coordinates), bent, and written back
in place (with a normal map's tangents and binormals made again for the bent surface), so its
textures, materials and render states are kept. The model's own axes are
Panda3D's: +Y along the curve, +Z up, +X across.

>>> fence = bend_model("models/fence.egg", curve, fit="repeat")  # doctest: +SKIP
>>> fence.reparent_to(render)  # doctest: +SKIP
"""

import os

import numpy as np
from panda3d.core import (
    Geom,
    GeomEnums,
    GeomTriangles,
    GeomVertexArrayFormat,
    GeomVertexData,
    GeomVertexFormat,
    InternalName,
    NodePath,
    TransformState,
)

from scene.kit.model_files import read_model
from scene.kit.model_references import model_file
from trajectory.meshes import Mesh, bend

_FLAT = 1e-5
"""A model whose length along +Y is at most this share of its size has none (float32 rounding)."""
_INDEX_TYPES = {GeomEnums.NT_uint8: np.uint8, GeomEnums.NT_uint16: np.uint16, GeomEnums.NT_uint32: np.uint32}


def _format(normals, colours, tangents=False):
    """A one-array vertex format of float32 columns: vertex, the normal and the colour if asked,
    the texture coordinates, and the tangent and binormal if asked."""
    array = GeomVertexArrayFormat()
    array.add_column(InternalName.get_vertex(), 3, GeomEnums.NT_float32, GeomEnums.C_point)
    if normals:
        array.add_column(InternalName.get_normal(), 3, GeomEnums.NT_float32, GeomEnums.C_normal)
    if colours:
        array.add_column(InternalName.get_color(), 4, GeomEnums.NT_float32, GeomEnums.C_color)
    array.add_column(InternalName.get_texcoord(), 2, GeomEnums.NT_float32, GeomEnums.C_texcoord)
    if tangents:
        for name in (InternalName.get_tangent(), InternalName.get_binormal()):
            array.add_column(name, 3, GeomEnums.NT_float32, GeomEnums.C_vector)
    return GeomVertexFormat.register_format(GeomVertexFormat(array))


_READ = _format(True, True)
"""Every column the bend keeps: 12 float32s a vertex (x y z, normal, r g b a, u v)."""


class ModelPart:
    """One Geom of a model, read: ``mesh`` (a ``Mesh``, with colours where the model has them;
    normals (0, 0, 1) where it has none), whether it has ``normals`` and ``tangents`` (a tangent
    and a binormal column: a normal map's frame), and where it came from (``node_path``,
    ``index``: the Geom's place in its ``GeomNode``)."""

    def __init__(self, node_path, index, mesh, normals, tangents):
        self.node_path, self.index, self.mesh = node_path, index, mesh
        self.normals, self.tangents = normals, tangents


def model_parts(model):
    """A copy of ``model`` (a ``NodePath``, or a model file's name), its transforms applied, and
    its Geoms read (``ModelPart``s; Geoms with no triangles left out).

    Raises:
        ValueError: On a model that cannot be loaded, or one with no triangles.
    """
    if isinstance(model, (str, os.PathLike)):
        model = _loaded(os.fspath(model))
    elif not isinstance(model, NodePath) or model.is_empty():
        raise ValueError(f"model must be a NodePath or a model file's name, got {model!r}")
    root = NodePath(f"bent {model.get_name()}")
    model.copy_to(root)
    root.flatten_strong()
    parts = []
    for node_path in root.find_all_matches("**/+GeomNode"):
        matrix = np.array(node_path.get_mat(root), dtype=float).reshape(4, 4)  # rows: p' = p M
        node_path.set_transform(root, TransformState.make_identity())  # the bent Geoms are in root's space
        node = node_path.node()
        for index in range(node.get_num_geoms()):
            part = _read(node.get_geom(index), matrix)
            if part is not None:
                parts.append(ModelPart(node_path, index, *part))
    if not parts:
        raise ValueError(f"the model {model.get_name()!r} has no triangles to bend")
    return root, parts


def _loaded(name):
    """The model file ``name``, or of that name on Panda3D's model path as its loader finds one
    (``model_references.model_file``), read as a user's file (``read_model``)."""
    try:
        return read_model(model_file(name))[0]
    except FileNotFoundError:
        raise ValueError(f"no model could be loaded from {name!r}") from None


def _read(geom, matrix):
    """(mesh, whether it has normals, whether it has tangents and binormals) of ``geom`` moved
    by ``matrix``; None if it has no triangles."""
    geom = geom.decompose()
    indices = []
    for k in range(geom.get_num_primitives()):
        primitive = geom.modify_primitive(k)
        if not isinstance(primitive, GeomTriangles):
            continue  # lines and points: nothing to bend a surface of
        primitive.make_indexed()
        handle = primitive.get_vertices()
        dtype = _INDEX_TYPES[primitive.get_index_type()]
        indices.append(np.frombuffer(memoryview(handle).cast("B"), dtype=dtype).astype(np.int64))
    if not indices or not sum(map(len, indices)):
        return None
    source = geom.get_vertex_data()
    has_normals = source.get_format().has_column(InternalName.get_normal())
    has_colours = source.get_format().has_column(InternalName.get_color())
    has_tangents = all(
        source.get_format().has_column(name)
        for name in (InternalName.get_tangent(), InternalName.get_binormal())
    )
    data = source.convert_to(_READ)
    rows = np.frombuffer(memoryview(data.get_array(0)).cast("B"), dtype=np.float32)
    rows = rows.reshape(data.get_num_rows(), 12).astype(float)
    positions = rows[:, 0:3] @ matrix[:3, :3] + matrix[3, :3]
    if has_normals:
        normals = rows[:, 3:6] @ np.linalg.inv(matrix[:3, :3]).T
        lengths = np.linalg.norm(normals, axis=1)[:, None]
        normals = np.where(lengths > 0.0, normals / np.where(lengths > 0.0, lengths, 1.0), [0.0, 0.0, 1.0])
    else:
        normals = np.tile([0.0, 0.0, 1.0], (len(rows), 1))
    triangles = np.concatenate(indices).reshape(-1, 3)
    colours = rows[:, 6:10] if has_colours else None
    return Mesh(positions, normals, rows[:, 10:12], triangles, colours=colours), has_normals, has_tangents


def bend_model(model, path, **options):
    """A copy of ``model`` (a ``NodePath``, or a model file's name) bent along ``path`` (a
    ``Curve`` or a ``Motion``): a ``NodePath``, its textures, materials and states kept;
    ``options`` as for ``ModelBender.bent``. To bend one model again and again (along a curve
    being edited), keep a ``ModelBender``.

    Raises:
        ValueError: As ``trajectory.bend``; on a model that cannot be loaded or has no triangles.
    """
    return ModelBender(model).bent(path, **options)


class ModelBender:
    """A model read once (``model_parts``) and bent as often as asked, into the same ``root``
    (a ``NodePath``: its Geoms rewritten each time).

    Raises:
        ValueError: On a model that cannot be loaded, has no triangles, or has no length along +Y.
    """

    def __init__(self, model):
        self.root, self.parts = model_parts(model)
        self.meshes = []
        everything = np.concatenate([part.mesh.positions for part in self.parts])
        low, high = everything.min(axis=0), everything.max(axis=0)
        self.extent = (float(low[1]), float(high[1]))
        """The model's length along +Y, (least, greatest): every part is bent with it, alike."""
        size = float((high - low).max())
        if not self.extent[1] - self.extent[0] > _FLAT * size:
            raise ValueError(
                "the model has no length along +Y, the axis bent along the curve "
                "(a Panda3D model looks along +Y, with +Z up)"
            )

    def bent(self, path, **options):
        """``root``, its Geoms bent along ``path`` (a ``Curve`` or a ``Motion``); ``options`` as
        for ``trajectory.bend`` (``fit``, ``start``, ``length``, ``tolerance``, ``mode``, ...).
        A model's tangents and binormals (a normal map's frame) are made again for the bent
        surface, from its texture coordinates (``Mesh.tangents``). Other vertex columns (a second
        set of texture coordinates, say) are left out.

        Raises:
            ValueError: As ``trajectory.bend``; the model is left as it was.
        """
        options = {"extent": self.extent, **options}
        meshes = [bend(part.mesh, path, **options) for part in self.parts]
        self.meshes = meshes
        """The bent ``Mesh`` of each part, as last bent (to write out, for instance)."""
        for part, mesh in zip(self.parts, meshes):
            part.node_path.node().set_geom(part.index, _geom(mesh, part.normals, part.tangents))
        return self.root


def _geom(mesh, normals, tangents):
    """A ``Geom`` of ``mesh`` (its normals left out unless ``normals``, its colours where it has
    them, its tangents and binormals if ``tangents``)."""
    form = _format(normals, mesh.colours is not None, tangents)
    data = GeomVertexData("bent", form, Geom.UH_static)
    data.unclean_set_num_rows(len(mesh.positions))
    columns = [mesh.positions, mesh.normals if normals else None, mesh.colours, mesh.uvs]
    if tangents:
        columns += mesh.tangents()
    rows = np.frombuffer(memoryview(data.modify_array(0)).cast("B"), dtype=np.float32)
    rows.reshape(len(mesh.positions), -1)[:] = np.hstack([column for column in columns if column is not None])
    primitive = GeomTriangles(Geom.UH_static)
    primitive.set_index_type(GeomEnums.NT_uint32)
    handle = primitive.modify_vertices()
    handle.unclean_set_num_rows(mesh.triangles.size)
    np.frombuffer(memoryview(handle).cast("B"), dtype=np.uint32)[:] = mesh.triangles.ravel()
    geom = Geom(data)
    geom.add_primitive(primitive)
    return geom
