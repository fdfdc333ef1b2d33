"""main.py from the command line, as a user runs it."""

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from panda3d.core import PNMImage

ROOT = Path(__file__).resolve().parents[2]


def run_main(*arguments, env=None):
    return subprocess.run(
        [sys.executable, "main.py", *arguments],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        check=False,
    )


def test_without_a_display_one_line_says_what_to_do():
    env = {k: v for k, v in os.environ.items() if k != "DISPLAY"}
    result = run_main(env=env)
    assert result.returncode == 2
    assert result.stderr.strip().count("\n") == 0
    assert "--offscreen" in result.stderr and "Traceback" not in result.stderr


def test_offscreen_frames_and_screenshot(tmp_path):
    target = tmp_path / "shot.png"
    result = run_main("--offscreen", "--frames", "30", "--screenshot", str(target))
    assert result.returncode == 0, result.stderr
    image = PNMImage()
    assert image.read(str(target))
    assert (image.get_x_size(), image.get_y_size()) == (1280, 720)


def test_the_offscreen_picture_shows_the_plot_in_its_colours(tmp_path):
    """The software renderer leaves its lines at alpha 0: the PNG showed every plot line white over
    a viewer's white page. The picture has no alpha, and the plot's gold s(t), blue speed and red
    error lines are there in their colours."""
    from scene.curves.velocity_plot import DISTANCE_COLOUR, ERROR_COLOUR, SPEED_COLOUR

    target = tmp_path / "shot.png"
    assert run_main("--offscreen", "--frames", "30", "--screenshot", str(target)).returncode == 0
    image = PNMImage()
    assert image.read(str(target)) and not image.has_alpha()
    pixels = np.array(
        [[image.get_xel(x, y) for x in range(900, 1280, 2)] for y in range(260, 720, 2)]
    ).reshape(-1, 3)
    for colour in (DISTANCE_COLOUR, SPEED_COLOUR, ERROR_COLOUR):
        assert (np.abs(pixels - colour[:3]).max(axis=1) < 0.02).sum() >= 20, colour


@pytest.mark.parametrize("mode", ["turning", "towerdefense"])
def test_each_mode_opens_from_the_command_line(tmp_path, mode):
    target = tmp_path / f"{mode}.png"
    result = run_main("--mode", mode, "--offscreen", "--frames", "5", "--screenshot", str(target))
    assert result.returncode == 0, result.stderr
    assert target.stat().st_size > 0


def test_an_unknown_mode_is_one_readable_line():
    unknown = run_main("--mode", "racing")
    assert unknown.returncode == 2 and "invalid choice: 'racing'" in unknown.stderr
    assert "Traceback" not in unknown.stderr


def test_bad_arguments_are_one_readable_line():
    result = run_main("--frames", "0")
    assert result.returncode == 2
    assert "--frames must be at least 1" in result.stderr and "Traceback" not in result.stderr
    result = run_main("--screenshot", "x.png")
    assert "--screenshot needs --frames N" in result.stderr


def test_a_corrupt_presets_file_is_one_line_on_stderr_and_left_alone(tmp_path):
    presets = tmp_path / "presets.json"
    presets.write_text("not json at all")
    result = run_main("--offscreen", "--frames", "2", "--presets", str(presets))
    assert result.returncode == 0
    lines = [line for line in result.stderr.splitlines() if line.startswith("main.py:")]
    assert len(lines) == 1 and "was not loaded" in lines[0] and str(presets) in lines[0]
    assert presets.read_text() == "not json at all"


def test_open_starts_with_a_curve_from_an_egg_or_a_json_file_and_refuses_others_in_one_line(tmp_path):
    from scene.kit.curve_files import save_curve
    from trajectory import Spline
    from trajectory.curves import spline_data

    track = Spline([[0, 0, 1], [6, 2, 2], [8, 8, 3], [1, 7, 1]], closed=True)
    egg, data = tmp_path / "track.egg", tmp_path / "track.json"
    save_curve(egg, track, name="track")
    data.write_text(__import__("json").dumps(spline_data(track, "my track")))
    named_otherwise, no_extension = tmp_path / "track.txt", tmp_path / "track"
    for other in (named_otherwise, no_extension):  # a JSON spline is read by its text, whatever its name
        other.write_text(data.read_text())
    for path in (egg, data, named_otherwise, no_extension):
        result = run_main("--offscreen", "--frames", "5", "--open", str(path))
        assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    (tmp_path / "broken.json").write_text("{not json")
    for path, words in ((tmp_path / "missing.egg", "no curve file"), (tmp_path / "broken.json", "JSON")):
        result = run_main("--offscreen", "--frames", "5", "--open", str(path))
        assert result.returncode == 2 and result.stderr.strip().count("\n") == 0
        assert result.stderr.startswith("main.py: --open:") and words in result.stderr


def test_bend_starts_with_a_model_of_ones_own_and_refuses_others_in_one_line(tmp_path):
    """--bend fence.egg opens the curves mode with the fence as the model look; a file that is
    no model, no regular file, or a model with no length along +Y is one line and exit 2."""
    from panda3d.core import NodePath

    from scene import mesh_node, write_model
    from trajectory import Mesh

    fence, flat = tmp_path / "fence.egg", tmp_path / "flat.egg"
    write_model(NodePath(mesh_node(Mesh.box(0.1, 2.0, 1.0), "fence")), fence)
    lying = NodePath(mesh_node(Mesh.box(0.1, 2.0, 1e-7), "flat"))  # a sign, as thin as paper
    lying.set_p(90.0)  # its length turned to stand up along +Z: none left along +Y
    lying.flatten_strong()
    write_model(lying, flat)
    result = run_main("--offscreen", "--frames", "5", "--bend", str(fence))
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    (tmp_path / "notes.egg").write_text("a fence, not made yet")
    fifo = tmp_path / "pipe.egg"
    os.mkfifo(fifo)  # opened by the loader, it would wait for a writer for ever
    for path, words in (
        (tmp_path / "missing.egg", "no model could be loaded"),
        (tmp_path / "notes.egg", "could not be read as a Panda3D model"),
        (fifo, "not a regular file"),
        (Path("/dev/zero"), "not a regular file"),
        (flat, "no length along +Y"),
    ):
        result = run_main("--offscreen", "--frames", "2", "--bend", str(path))
        assert result.returncode == 2 and result.stderr.strip().count("\n") == 0, result.stderr
        assert result.stderr.startswith("main.py: --bend:") and words in result.stderr
    refused = run_main("--bend", str(fence), "--mode", "maze")
    assert refused.returncode == 2 and "--bend opens the curves mode, not the maze mode" in refused.stderr


def test_a_replay_plays_in_the_maze_mode_and_a_bad_one_is_one_line(tmp_path):
    from scene.towerdefense.maze_game import Replay

    Replay(3, [[10, "place", 12, 14], [40, "place", 12, 15]]).save(tmp_path / "game.json")
    target = tmp_path / "shot.png"
    result = run_main(
        "--offscreen", "--replay", str(tmp_path / "game.json"), "--frames", "90", "--screenshot", str(target)
    )
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    assert target.is_file()
    (tmp_path / "bad.json").write_text("not json")
    bad = run_main("--offscreen", "--replay", str(tmp_path / "bad.json"), "--frames", "1")
    assert bad.returncode == 2 and bad.stderr.strip().count("\n") == 0 and "not a replay" in bad.stderr


def test_map_opens_the_tower_defense_on_a_map_and_refuses_what_contradicts_it(tmp_path):
    from scene.cli import parse_arguments

    assert (parse_arguments(["--map", "crowd"]).mode, parse_arguments(["--map", "maze"]).mode) == (
        "maze",
        "maze",
    )
    assert parse_arguments(["--map", "board"]).mode == "towerdefense"
    assert parse_arguments(["--replay", "x.json"]).mode == "maze" and parse_arguments([]).mode == "curves"
    target = tmp_path / "crowd.png"
    result = run_main("--offscreen", "--map", "crowd", "--frames", "5", "--screenshot", str(target))
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    for arguments, words in (
        (("--map", "crowd", "--mode", "turning"), "--map opens the maze mode, not the turning mode"),
        (("--map", "maze", "--replay", "x.json"), "a replay plays on the map it was recorded on"),
        (("--replay", "x.json", "--mode", "curves"), "--replay opens the maze mode, not the curves mode"),
        (("--open", "x.json", "--mode", "maze"), "--open opens the curves mode, not the maze mode"),
        (("--open", "x.json", "--map", "board"), "--map opens the towerdefense mode, not the curves mode"),
        (("--open", "x.json", "--replay", "y.json"), "--replay opens the maze mode, not the curves mode"),
        (("--map", "moon"), "invalid choice: 'moon'"),
    ):
        refused = run_main(*arguments)
        assert refused.returncode == 2 and words in refused.stderr and "Traceback" not in refused.stderr


@pytest.mark.parametrize(
    ("spoil", "problem"),
    [(Path.unlink, "is missing"), (lambda egg: egg.write_text("<Group> {"), "cannot be read as an egg file")],
)
def test_a_missing_or_broken_model_is_one_line_naming_it(tmp_path, spoil, problem):
    models = tmp_path / "models"
    models.mkdir()
    for egg in [*(ROOT / "models").glob("*.egg"), *(ROOT / "models").glob("*.ttf")]:
        (models / egg.name).write_bytes(egg.read_bytes())
    spoil(models / "enemy.egg")
    start = (
        "import sys, pathlib, main, scene.ui.assets as assets; "
        f"assets.MODELS = pathlib.Path({str(models)!r}); "
        "sys.exit(main.main(['--offscreen', '--frames', '1']))"
    )
    result = subprocess.run(
        [sys.executable, "-c", start], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False
    )
    assert result.returncode == 1
    said = [line for line in result.stderr.splitlines() if line.startswith("curves-in-motion:")]
    expected = (
        f"curves-in-motion: the model models/enemy.egg {problem} "
        "(the scripts models/make_*.py write our models again)"
    )
    assert said == [expected]  # started by python -c, it goes by its installed name
    assert "Traceback" not in result.stderr and "AttributeError" not in result.stderr


def _spline_text(replace=None):
    import json

    from trajectory import Spline
    from trajectory.curves import spline_data

    text = json.dumps(spline_data(Spline([[0, 0, 0], [2, 0, 0], [3, 5, 0]]), "mine"))
    return text if replace is None else text.replace("[2.0", replace, 1)


@pytest.mark.parametrize(
    ("option", "content", "words"),
    [
        ("--open", lambda: _spline_text("[1" + "0" * 400), "must be numbers"),
        ("--open", lambda: _spline_text("[20000.0"), "beyond 10000 on an axis"),
        ("--open", lambda: _spline_text("[" * 3000 + "]" * 3000 + "[2.0"), "JSON"),
        ("--open", "/dev/zero", "/dev/zero is not a regular file"),
        (
            "--open",
            "notes.txt",
            "notes.txt is neither a JSON spline nor a Panda3D model file (.json, .egg or .bam)",
        ),
        ("--open", "fifo", "not a regular file"),
        ("--replay", lambda: '{"seed": 0, "inputs": [[Infinity, "swarm"]]}', "a tick must be a whole number"),
        ("--replay", lambda: '{"seed": -3, "inputs": []}', "its seed must be a whole number"),
        ("--replay", "/dev/zero", "not a regular file"),
        ("--replay", "fifo", "not a regular file"),
    ],
)
def test_a_hostile_file_is_one_line_and_exit_2_never_a_traceback_or_a_hang(tmp_path, option, content, words):
    if content == "fifo":
        path = tmp_path / "pipe.json"
        os.mkfifo(path)  # opened for reading, it would wait for a writer for ever
    elif content == "notes.txt":
        path = tmp_path / content
        path.write_text("my shopping list")
    elif callable(content):
        path = tmp_path / "file.json"
        path.write_text(content())
    else:
        path = Path(content)
    result = run_main("--offscreen", "--frames", "2", option, str(path))
    assert result.returncode == 2 and result.stderr.strip().count("\n") == 0, result.stderr
    assert result.stderr.startswith(f"main.py: {option}:") and words in result.stderr


@pytest.mark.parametrize("path", ["/dev/zero", "fifo"])
def test_presets_that_are_no_regular_file_are_one_line_and_the_scene_starts(tmp_path, path):
    if path == "fifo":
        path = tmp_path / "pipe.json"
        os.mkfifo(path)
    result = run_main("--offscreen", "--frames", "2", "--presets", str(path))
    assert result.returncode == 0 and result.stderr.strip().count("\n") == 0
    assert "not a regular file" in result.stderr and "was not loaded" in result.stderr


def test_a_start_prints_nothing_panda3d_means_only_for_itself():
    """No input-device or X lines ("error" lines that mean nothing to a user) at a start."""
    result = run_main("--offscreen", "--frames", "2")
    assert result.returncode == 0 and result.stderr == "" and result.stdout == ""


def test_frames_end_the_maze_on_the_same_tick_in_every_run():
    """--frames N is N frames of 1/60 s of scene time from the first (the clock is set before
    the window opens): the maze ends on tick N every time (4337 frames once ended on 4333)."""
    script = (
        "import sys, main; from scene.app import SceneApp; destroy = SceneApp.destroy; "
        "SceneApp.destroy = lambda app: (print('tick', app.mode.game.ticks), destroy(app)); "
        "sys.exit(main.main(sys.argv[1:]))"
    )
    for _ in range(2):
        done = subprocess.run(
            [sys.executable, "-c", script, "--offscreen", "--map", "maze", "--frames", "600"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert done.returncode == 0 and done.stdout.split() == ["tick", "600"], done.stderr


def test_a_spline_of_more_knots_than_the_scene_opens_is_one_line(tmp_path, monkeypatch):
    import json

    from scene.kit import curve_files
    from trajectory import Spline
    from trajectory.curves import spline_data

    path = tmp_path / "long.json"
    count = 2000
    path.write_text(json.dumps(spline_data(Spline(np.cumsum(np.ones((count, 3)), axis=0)), "long")))
    monkeypatch.setattr(curve_files, "MAX_KNOTS", count - 1)
    with pytest.raises(ValueError, match="a spline of 2,000 knots; the scene opens at most 1,999"):
        curve_files.load_spline(path)
