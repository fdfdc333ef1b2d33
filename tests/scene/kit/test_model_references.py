"""Every file Panda3D would open for a user's model is checked before it opens any
(``scene.kit.model_references``): an egg's textures and the eggs it names, a bam's stored file
names, a name the loader would add an extension to, a compressed file inflated, each a regular
file within the limit. The hostile files are made here: FIFOs (a reader waits for a writer for
ever), devices, bombs, loops."""

import gzip
import os
import subprocess
import sys
import zlib
from pathlib import Path

import pytest
from panda3d.core import NodePath, Texture

from scene.kit.bent_models import ModelBender
from scene.kit.model_files import read_model, write_model

ROOT = Path(__file__).resolve().parents[3]

TRIANGLE = """<CoordinateSystem> {{ Z-up }}
{texture}
<Group> fence {{
  {reference}
  <VertexPool> points {{
    <Vertex> 0 {{ 0 0 0 <UV> {{ 0 0 }} }}
    <Vertex> 1 {{ 1 0 0 <UV> {{ 1 0 }} }}
    <Vertex> 2 {{ 0 2 0 <UV> {{ 0 1 }} }}
  }}
  <Polygon> {{ {tref} <VertexRef> {{ 0 1 2 <Ref> {{ points }} }} }}
}}
"""


def egg_text(texture=None, reference=None):
    """An egg of one triangle 2 long along +Y, with a texture file and a ``<File>`` if given."""
    return TRIANGLE.format(
        texture="" if texture is None else f'<Texture> skin {{ "{texture}" }}',
        tref="" if texture is None else "<TRef> { skin }",
        reference="" if reference is None else f'<File> {{ "{reference}" }}',
    )


def refusal_in_a_process(reader, path, cwd=None):
    """What ``reader`` (``"ModelBender"`` or ``"read_model"``) says of the model ``path``, run
    in a process of its own: a loader that opens a FIFO waits for a writer for ever, holding
    the interpreter, so a hang here fails after two minutes instead of holding the tests."""
    script = (
        "import sys\n"
        "from scene.kit.bent_models import ModelBender\n"
        "from scene.kit.model_files import read_model\n"
        "try:\n"
        f"    {reader}(sys.argv[1])\n"
        "except ValueError as error:\n"
        "    print(error)\n"
    )
    try:
        done = subprocess.run(
            [sys.executable, "-c", script, str(path)],
            cwd=cwd or ROOT,
            env=dict(os.environ, PYTHONPATH=str(ROOT)),
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"{reader} opened a FIFO for {path} and waited for a writer")
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


@pytest.mark.parametrize("named_by", ["texture", "reference"])
def test_a_fifo_an_egg_names_is_refused_unopened(tmp_path, named_by):
    fifo = tmp_path / ("skin.png" if named_by == "texture" else "part.egg")
    os.mkfifo(fifo)
    model = tmp_path / "fence.egg"
    model.write_text(egg_text(**{named_by: fifo.name}))
    assert refusal_in_a_process("ModelBender", model) == f"{fifo} is not a regular file (it is a pipe)"


@pytest.mark.parametrize("named_by", ["texture", "reference"])
def test_a_device_an_egg_names_is_refused(tmp_path, named_by):
    model = tmp_path / "fence.egg"
    model.write_text(egg_text(**{named_by: "/dev/zero"}))
    with pytest.raises(ValueError, match="/dev/zero is not a regular file"):
        read_model(model)


def test_a_name_without_an_extension_is_checked_as_the_file_the_loader_would_open(tmp_path, monkeypatch):
    """--bend fence: Panda3D adds .egg and opened the FIFO of that name unchecked."""
    monkeypatch.chdir(tmp_path)
    fifo = tmp_path / "fence.egg"
    os.mkfifo(fifo)
    assert (
        refusal_in_a_process("ModelBender", "fence", cwd=tmp_path)
        == f"{fifo} is not a regular file (it is a pipe)"
    )
    fifo.unlink()
    with pytest.raises(ValueError, match="no model could be loaded from 'fence'"):
        ModelBender("fence")
    (tmp_path / "fence.egg").write_text(egg_text())
    assert ModelBender("fence").extent == pytest.approx((0.0, 2.0))


def test_a_compressed_model_is_measured_inflated(tmp_path):
    """A .pz of a few kB that inflates past the limit is refused before Panda3D inflates it; a
    .pz within it loads (zlib's and gzip's headers alike)."""
    padded = egg_text() + "// " + "x" * 200_000 + "\n"
    bomb = tmp_path / "fence.egg.pz"
    bomb.write_bytes(zlib.compress(padded.encode(), 9))
    assert bomb.stat().st_size < 10_000
    with pytest.raises(ValueError, match="inflates to more than the 100,000 bytes"):
        read_model(bomb, limit=100_000)
    node, _ = read_model(bomb, limit=1_000_000)
    assert node.find("**/fence").get_name() == "fence"
    gzipped = tmp_path / "gzipped.egg.pz"
    gzipped.write_bytes(gzip.compress(egg_text().encode()))
    assert read_model(gzipped)[0].find("**/fence").get_name() == "fence"


def test_eggs_that_name_each_other_round_in_a_loop_are_refused(tmp_path):
    (tmp_path / "a.egg").write_text(egg_text(reference="b.egg"))
    (tmp_path / "b.egg").write_text(egg_text(reference="a.egg"))
    with pytest.raises(ValueError, match="round in a loop"):
        read_model(tmp_path / "a.egg")


def test_a_textured_model_naming_another_loads_whole_with_its_texture(tmp_path):
    """What the checks let through is the model Panda3D loads: the texture (beside the egg
    that names it, in a folder of its own) and the named egg's triangle."""
    (tmp_path / "parts").mkdir()
    image = Texture("skin")
    image.setup_2d_texture(4, 4, Texture.T_unsigned_byte, Texture.F_rgb)
    from panda3d.core import PNMImage

    picture = PNMImage(4, 4)
    picture.fill(1, 0, 0)
    picture.write(str(tmp_path / "parts" / "skin.png"))
    (tmp_path / "parts" / "post.egg").write_text(egg_text(texture="skin.png").replace("fence", "post"))
    model = tmp_path / "fence.egg"
    model.write_text(egg_text(reference="parts/post.egg"))
    node, _ = read_model(model)
    textures = node.find_all_textures()
    assert [Path(texture.get_fullpath().to_os_specific()) for texture in textures] == [
        tmp_path / "parts" / "skin.png"
    ]
    assert textures[0].get_x_size() == 4
    triangles = sum(
        found.node().get_geom(i).get_primitive(j).get_num_primitives()
        for found in node.find_all_matches("**/+GeomNode")
        for i in range(found.node().get_num_geoms())
        for j in range(found.node().get_geom(i).get_num_primitives())
    )
    assert triangles == 2  # the fence's and the post's


def test_a_bam_that_stores_the_name_of_a_fifo_is_refused(tmp_path):
    fifo = tmp_path / "skin.png"
    os.mkfifo(fifo)
    texture = Texture("skin")
    texture.set_filename(str(fifo))
    texture.set_fullpath(str(fifo))
    model = NodePath("fence")
    model.attach_new_node(ModelBender(_egg(tmp_path)).root.find("**/+GeomNode").node())
    model.set_texture(texture)
    bam = tmp_path / "fence.bam"
    write_model(model, bam)
    assert refusal_in_a_process("read_model", bam) == f"{fifo} is not a regular file (it is a pipe)"


def _egg(folder):
    path = folder / "plain.egg"
    path.write_text(egg_text())
    return path


def test_a_model_whose_name_is_not_utf8_is_refused_by_name(tmp_path):
    """Panda3D's file names are UTF-8: "'utf-8' codec can't encode character" before."""
    path = Path(os.fsdecode(bytes(tmp_path) + b"/fence\xff.egg"))
    path.write_text(egg_text())
    with pytest.raises(
        ValueError, match=r"fence\\xff\.egg: Panda3D reads files whose names are UTF-8 text only"
    ):
        ModelBender(path)
