"""Ctrl+E in the curves mode writes the trajectory shown as an egg file a game's Mopath reads and
as a JSON spline; both read back as the same curve (the egg to Panda3D's float32); and what is
built along it as an .obj (trimesh reads it back) and a .bam (Panda3D loads it)."""

import json

import numpy as np
import pytest

from scene.curves.curve_edits import Select
from scene.kit.curve_files import load_curves
from tests.scene.helpers import press
from trajectory.curves import TangentMode, spline_from_data


@pytest.mark.parametrize("key, fitted", [("1", False), ("5", False), ("7", False), ("6", True)])
def test_the_trajectory_shown_is_exported_and_reads_back(app, presets_file, key, fitted):
    press(app, key)
    mode = app.mode
    press(app, "control-e")
    message = app.messages.current
    assert message.startswith("Exported") and ("fitted" in message) == fitted
    folder = presets_file.parent / "exports"
    (egg,) = folder.glob("*.egg")
    (data,) = folder.glob("*.json")
    shown = mode.motion.trajectory
    u = np.linspace(0.0, 1.0, 501)
    size = np.abs(shown.evaluate(u)).max()
    spline = spline_from_data(json.loads(data.read_text()))
    (read,) = load_curves(egg)
    if fitted:  # within the fit's tolerance of the curve, by distance
        dense = spline.evaluate(np.linspace(0.0, 1.0, 20001))
        gaps = np.min(np.linalg.norm(shown.evaluate(u)[:, None] - dense[None], axis=2), axis=1)
        assert gaps.max() <= 1.1e-3 * np.ptp(shown.evaluate(np.linspace(0, 1, 2001)), axis=0).max()
        np.testing.assert_allclose(read.evaluate(u), spline.evaluate(u), rtol=0, atol=1e-6 * size)
    else:
        np.testing.assert_allclose(spline.evaluate(u), shown.evaluate(u), rtol=0, atol=1e-12 * size)
        np.testing.assert_allclose(read.evaluate(u), shown.evaluate(u), rtol=0, atol=1e-6 * size)


@pytest.mark.parametrize(
    "key, presses, noun", [("7", 0, "track"), ("1", 5, "pipe"), ("1", 1, "tube"), ("1", 4, "road")]
)  # the coaster's track; a pipe (W x 5), a tube, a road
def test_the_built_track_is_exported_beside_the_curve_as_obj_and_bam(app, presets_file, key, presses, noun):
    """The look's parts joined in an .obj (read back by trimesh: the same vertices and faces)
    and its nodes in a .bam (Panda3D loads the same number of vertices), named by what they are;
    each written atomically (no temporary file left)."""
    import trimesh
    from panda3d.core import Filename, Loader, LoaderOptions, NodePath

    from trajectory import Mesh

    press(app, key)
    for _ in range(presses):
        press(app, "w")
    track = app.mode.track
    press(app, "control-e")
    assert f"its {noun} as" in app.messages.current
    folder = presets_file.parent / "exports"
    (obj,) = folder.glob(f"*-{noun}.obj")
    (bam,) = folder.glob(f"*-{noun}.bam")
    assert not list(folder.glob(".*"))
    parts = list(track.meshes.values()) + (track.pipe.meshes if noun == "pipe" else [])
    joined = Mesh.joined(*parts)
    read = trimesh.load(obj, process=False, maintain_order=True)
    assert np.array_equal(read.vertices, joined.positions) and np.array_equal(read.faces, joined.triangles)
    loaded = NodePath(Loader.get_global_ptr().load_sync(Filename.from_os_specific(str(bam)), LoaderOptions()))
    rows = sum(
        found.node().get_geom(i).get_vertex_data().get_num_rows()
        for found in loaded.find_all_matches("**/+GeomNode")
        for i in range(found.node().get_num_geoms())
    )
    assert rows == len(joined.positions)


def test_the_line_alone_exports_no_track(app, presets_file):
    press(app, "control-e")
    assert "track" not in app.messages.current
    assert sorted(path.suffix for path in (presets_file.parent / "exports").iterdir()) == [".egg", ".json"]


def test_an_export_that_cannot_be_written_is_said_and_nothing_breaks(app, presets_file):
    presets_file.parent.mkdir(parents=True, exist_ok=True)
    (presets_file.parent / "exports").write_text("a file where the folder would be")
    press(app, "control-e")
    assert "Could not export" in app.messages.current
    press(app, "r")  # the mode goes on


def test_a_curve_opened_from_a_file_is_shown_first_editable_and_saved_once_edited(presets_file):
    from scene.app import SceneApp
    from tests.scene.helpers import FRAME_RATE
    from trajectory import Spline

    track = Spline([[0, 0, 1], [6, 2, 2], [8, 8, 3], [1, 7, 1]], closed=True)

    def opened(spline):
        return SceneApp(
            "curves",
            presets_file,
            window_type="offscreen",
            frame_rate=FRAME_RATE,
            options={"curves": {"opened": ("track", spline)}},
        )

    app = opened(track)
    try:
        mode = app.mode
        preset = mode.model.trajectories[mode.model.trajectory_index]
        assert preset.name == "opened: track" and preset.knots and preset.spline == track
        assert any(line.endswith("opened: track") for line in mode.status_lines())  # no "(edited)"
        u = np.linspace(0.0, 1.0, 101)
        np.testing.assert_array_equal(mode.motion.trajectory.evaluate(u), track.evaluate(u))
        press(app, "s")  # unedited: not saved
        saved = json.loads(presets_file.read_text()) if presets_file.exists() else {"trajectories": []}
        assert all(not entry["name"].startswith("opened") for entry in saved["trajectories"])
        press(app, "t")
        assert "Select a knot first" in app.messages.current
        mode.apply(Select(knot=2))
        press(app, "t")  # auto -> linear
        edited = mode.model.trajectories[mode.model.trajectory_index].spline
        assert edited.modes[2] is TangentMode.LINEAR and track.modes[2] is TangentMode.AUTO
        press(app, "s")
    finally:
        app.destroy()
    app = opened(track)  # the next start: the edited one from the presets file beside the opened one
    try:
        loaded = [p for p in app.mode.model.trajectories if p.name.startswith("opened: track")]
        assert [p.name for p in loaded] == ["opened: track", "opened: track (2)"]  # names are unique
        assert loaded[0].spline == edited and loaded[1].spline == track
    finally:
        app.destroy()


def test_an_export_killed_midway_leaves_the_last_one_and_a_fifo_at_a_name_does_not_block(
    app, presets_file, monkeypatch
):
    """The .obj's writer fails halfway (a full disk, a kill): the last export's file is kept
    whole and no temporary file is left. A FIFO at the .bam's name is replaced, never opened."""
    import os

    from trajectory import Mesh

    press(app, "1")
    press(app, "w")  # a tube
    press(app, "control-e")
    folder = presets_file.parent / "exports"
    (obj,) = folder.glob("*-tube.obj")
    before = obj.read_bytes()
    bam = obj.with_suffix(".bam")
    bam.unlink()
    os.mkfifo(bam)

    def half(self, path):
        with open(path, "w") as file:
            file.write("v 1 2")
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Mesh, "write_obj", half)
    press(app, "control-e")
    assert "Could not export" in app.messages.current and "No space left" in app.messages.current
    assert obj.read_bytes() == before and not list(folder.glob(".*"))
    monkeypatch.undo()
    press(app, "control-e")
    assert app.messages.current.startswith("Exported") and bam.is_file() and bam.stat().st_size > 0
