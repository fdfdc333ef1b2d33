"""A Panda3D model bent along a curve: its Geoms read (transforms applied, colours and texture
coordinates kept), bent as ``trajectory.bend`` bends them, written back with its textures,
materials and states; the model it came from untouched; bad models refused by name."""

import os
from pathlib import Path

import numpy as np
import pytest
from panda3d.core import GeomVertexArrayFormat, GeomVertexReader, InternalName, Material, NodePath, Texture

from scene.kit.bent_models import ModelBender, bend_model, model_parts
from trajectory import CubicBezier, Mesh, Spline, bend
from trajectory.meshes.placing import Placer

PIPE = Path(__file__).resolve().parents[3] / "models" / "pipe.egg"
CURVE = Spline([[0, 0, 0], [8, 5, 1], [16, -5, 2], [24, 0, 0]])


def _columns(geom, name, width):
    reader = GeomVertexReader(geom.get_vertex_data(), name)
    values = []
    while not reader.is_at_end():
        data = reader.get_data4() if width == 4 else reader.get_data3() if width == 3 else reader.get_data2()
        values.append(list(data))
    return np.array(values)


def _triangles(geom):
    primitive = geom.get_primitive(0)
    return np.array([primitive.get_vertex(i) for i in range(primitive.get_num_vertices())]).reshape(-1, 3)


def _geoms(root):
    return [
        node_path.node().get_geom(i)
        for node_path in root.find_all_matches("**/+GeomNode")
        for i in range(node_path.node().get_num_geoms())
    ]


def test_the_pipe_bends_as_the_library_bends_its_mesh_colours_and_all():
    _, parts = model_parts(PIPE)
    expected = [bend(part.mesh, CURVE, fit="repeat") for part in parts]
    bent = bend_model(PIPE, CURVE, fit="repeat")
    geoms = _geoms(bent)
    assert len(geoms) == len(expected) == 1
    for geom, mesh in zip(geoms, expected):
        scale = np.abs(mesh.positions).max()
        np.testing.assert_allclose(_columns(geom, "vertex", 3), mesh.positions, rtol=0, atol=2e-7 * scale)
        np.testing.assert_allclose(_columns(geom, "normal", 3), mesh.normals, rtol=0, atol=1e-6)
        np.testing.assert_allclose(_columns(geom, "color", 4), mesh.colours, rtol=0, atol=1e-6)
        np.testing.assert_allclose(_columns(geom, "texcoord", 2), mesh.uvs, rtol=0, atol=1e-6)
        np.testing.assert_array_equal(_triangles(geom), mesh.triangles)
    # The pipe's copper and steel are there, and its long sides were cut to follow the bends.
    colours = {tuple(np.round(colour, 2)) for colour in expected[0].colours}
    assert (0.78, 0.46, 0.26, 1.0) in colours and (0.36, 0.38, 0.42, 1.0) in colours
    copies = round(CURVE.length / 2.0)
    assert len(expected[0].positions) > copies * len(parts[0].mesh.positions)


def _square_model(tangents=False):
    """A model of one square 1 wide and 2 long (along +Y) facing up, textured, with a material,
    moved, turned and scaled by its node: what ``model_parts`` applies; with a normal map's
    tangent (+X, where u grows) and binormal (+Y) columns if ``tangents``."""
    from panda3d.core import Geom, GeomNode, GeomTriangles, GeomVertexData, GeomVertexFormat, GeomVertexWriter

    form = GeomVertexFormat.get_v3n3t2()
    if tangents:
        array = GeomVertexArrayFormat(form.get_array(0))
        for name in ("tangent", "binormal"):
            array.add_column(InternalName.make(name), 3, Geom.NT_float32, Geom.C_vector)
        form = GeomVertexFormat.register_format(array)
    data = GeomVertexData("square", form, Geom.UH_static)
    vertex, normal, uv = (GeomVertexWriter(data, name) for name in ("vertex", "normal", "texcoord"))
    frame = [GeomVertexWriter(data, name) for name in ("tangent", "binormal")] if tangents else []
    for x, y in ((-0.5, 0.0), (0.5, 0.0), (0.5, 2.0), (-0.5, 2.0)):
        vertex.add_data3(x, y, 0.0)
        normal.add_data3(0.0, 0.0, 1.0)
        uv.add_data2(x + 0.5, y / 2.0)
        for writer, axis in zip(frame, ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0))):
            writer.add_data3(*axis)
    triangles = GeomTriangles(Geom.UH_static)
    triangles.add_vertices(0, 1, 2)
    triangles.add_vertices(0, 2, 3)
    geom = Geom(data)
    geom.add_primitive(triangles)
    node = GeomNode("square")
    node.add_geom(geom)
    model = NodePath(node)
    texture, material = Texture("checks"), Material("paint")
    model.set_texture(texture)
    model.set_material(material)
    model.set_pos(0.0, 1.0, 0.2)
    model.set_scale(2.0)
    return model, texture, material


def test_a_models_own_transform_is_applied_and_its_texture_and_material_kept():
    model, texture, material = _square_model()
    before = _columns(model.node().get_geom(0), "vertex", 3)
    bent = bend_model(model, CURVE, fit="stretch")
    # Its node's transform applied first: a square 2 wide, 4 long, 0.2 up, from y = 2.
    square = Mesh(
        np.array([[-1.0, 2.0, 0.2], [1.0, 2.0, 0.2], [1.0, 6.0, 0.2], [-1.0, 6.0, 0.2]]),
        np.tile([0.0, 0.0, 1.0], (4, 1)),
        np.array([[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]]),
        np.array([[0, 1, 2], [0, 2, 3]]),
    )
    expected = bend(square, CURVE, fit="stretch")
    (geom,) = _geoms(bent)
    np.testing.assert_allclose(_columns(geom, "vertex", 3), expected.positions, rtol=0, atol=1e-5)
    np.testing.assert_allclose(_columns(geom, "texcoord", 2), expected.uvs, rtol=0, atol=1e-6)
    assert bent.find_texture("*") == texture
    assert bent.find_material("*") == material
    np.testing.assert_array_equal(_columns(model.node().get_geom(0), "vertex", 3), before)  # untouched


def test_a_normal_maps_tangents_and_binormals_are_made_again_for_the_bent_surface():
    """A model with tangent and binormal columns (a normal map's frame) keeps them, made from the
    bent surface's texture (``Mesh.tangents``): the tangent across the curve, where u grows, and
    the binormal along it. A model without them gets none."""
    model, _, _ = _square_model(tangents=True)
    (part,) = model_parts(model)[1]
    expected = bend(part.mesh, CURVE)
    (geom,) = _geoms(bend_model(model, CURVE))
    tangent, binormal = _columns(geom, "tangent", 3), _columns(geom, "binormal", 3)
    for found, made in zip((tangent, binormal), expected.tangents()):
        np.testing.assert_allclose(found, made, rtol=0, atol=1e-6)
    # At the curve's two ends (the square's middle across there): across, and along.
    points, right, _, forward = Placer(CURVE, "minimal", {}).frames(np.array([0.0, 1.0]))
    for end in range(2):
        nearest = np.argmin(np.linalg.norm(expected.positions - points[end], axis=1))
        assert tangent[nearest] @ right[end] > 0.999 and binormal[nearest] @ forward[end] > 0.999
    (plain,) = _geoms(bend_model(_square_model()[0], CURVE))
    assert not plain.get_vertex_data().get_format().has_column(InternalName.get_tangent())


def test_a_bender_bends_its_model_again_along_another_curve():
    bender = ModelBender(PIPE)
    first = _columns(_geoms(bender.bent(CURVE, fit="repeat"))[0], "vertex", 3)
    other = CubicBezier([[0, 0, 0], [3, 0, 4], [6, 0, -4], [9, 0, 0]])
    root = bender.bent(other, fit="repeat", tolerance=5e-3)
    assert root is bender.root
    again = _columns(_geoms(root)[0], "vertex", 3)
    assert again.shape != first.shape or not np.allclose(again, first)
    assert np.abs(again[:, 1]).max() <= 1.0  # the other curve keeps to y = 0, give or take the pipe


@pytest.mark.parametrize(
    "model, message",
    [
        ("no/such/model.egg", "no model could be loaded"),
        (NodePath("nothing"), "has no triangles"),
        (NodePath(), "must be a NodePath"),
        (42, "must be a NodePath"),
    ],
)
def test_bad_models_are_refused_by_name(model, message):
    with pytest.raises(ValueError, match=message):
        bend_model(model, CURVE)


def test_a_model_standing_across_the_axis_or_a_file_that_is_no_model_is_refused_by_name(tmp_path):
    """A square stood up in the xz plane has no length along +Y to bend; a FIFO or a device is
    refused before Panda3D's loader opens it (it would wait, or read for ever); a text file is
    no model."""
    standing, _, _ = _square_model()
    standing.set_p(90.0)
    with pytest.raises(ValueError, match="no length along \\+Y"):
        ModelBender(standing)
    fifo = tmp_path / "fence.egg"
    os.mkfifo(fifo)
    text = tmp_path / "notes.egg"
    text.write_text("a fence, not yet made")
    for path, message in (
        (fifo, "not a regular file"),
        ("/dev/zero", "not a regular file"),
        (text, "could not be read"),
    ):
        with pytest.raises(ValueError, match=message):
            ModelBender(path)


def test_a_bend_the_library_refuses_leaves_the_bender_as_it_was():
    bender = ModelBender(PIPE)
    before = _columns(_geoms(bender.bent(CURVE, fit="repeat"))[0], "vertex", 3)
    with pytest.raises(ValueError, match="past the curve's end"):
        bender.bent(CURVE, fit="place", start=CURVE.length - 1.0)
    np.testing.assert_array_equal(_columns(_geoms(bender.root)[0], "vertex", 3), before)


@pytest.mark.parametrize("suffix", [".bam", ".egg"])
def test_a_bent_model_written_as_a_model_file_loads_back_the_same(tmp_path, suffix):
    from panda3d.core import Filename, Loader, LoaderOptions

    from scene.kit.model_files import write_model

    bent = bend_model(PIPE, CURVE, fit="repeat")
    path = tmp_path / f"pipeline{suffix}"
    write_model(bent, path)
    loaded = NodePath(
        Loader.get_global_ptr().load_sync(Filename.from_os_specific(str(path)), LoaderOptions())
    )
    (geom,) = _geoms(bent)
    read = np.concatenate([_columns(found, "vertex", 3) for found in _geoms(loaded)])
    written = _columns(geom, "vertex", 3)
    # The egg loader may share or reorder vertices: the same points, each within float32.
    assert set(map(tuple, np.round(read, 4))) == set(map(tuple, np.round(written, 4)))
    if suffix == ".bam":  # Panda3D's own format: the vertex data as it was
        np.testing.assert_array_equal(read, written)


def test_a_model_file_of_another_kind_is_refused_by_name(tmp_path):
    from scene.kit.model_files import write_model

    with pytest.raises(ValueError, match="must end in one of"):
        write_model(bend_model(PIPE, CURVE), tmp_path / "pipe.obj")
    with pytest.raises(ValueError, match="must be a NodePath"):
        write_model("pipe", tmp_path / "pipe.bam")
