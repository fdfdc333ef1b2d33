"""The examples run as a game developer would copy them: the ones without a window as they are,
the ones with a window offscreen for a few seconds of scene time, then their state is checked."""

import json
import subprocess
import sys
from pathlib import Path

import numpy as np

from tests.trajectory.public_names import PUBLIC_MODULES

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
OFFSCREEN = """
import json, runpy, sys
from panda3d.core import ClockObject, load_prc_file_data
load_prc_file_data("", "window-type offscreen\\nload-display p3tinydisplay\\naudio-library-name null")
from direct.showbase.ShowBase import ShowBase
example, frames, expression, *arguments = sys.argv[1:]
def run(self):  # a fixed 60 Hz clock, a fixed number of frames
    clock = ClockObject.get_global_clock()
    clock.set_mode(ClockObject.M_non_real_time)
    clock.set_frame_rate(60)
    for _ in range(int(frames)):
        self.task_mgr.step()
    print(json.dumps(eval(expression, {"app": self})))
ShowBase.run = run
sys.argv = [example, *arguments]  # the example's own command line, as when run as a script
runpy.run_path(example, run_name="__main__")
"""


def run(name, prelude=(), after=()):
    """The example's output (stdout), after checking that it ran to the end: run as a script, or
    by ``prelude`` (arguments before it) with ``after`` (arguments after it)."""
    result = subprocess.run(
        [sys.executable, *prelude, str(EXAMPLES / name), *after],
        check=False,
        capture_output=True,
        text=True,
        timeout=600,
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


def offscreen(name, frames, expression, arguments=()):
    """Run a window example (with its command-line ``arguments``) for ``frames`` frames;
    ``expression`` of its app, as JSON."""
    after = (str(frames), expression, *arguments)
    return json.loads(run(name, ("-c", OFFSCREEN[1:]), after).splitlines()[-1])


def test_every_example_is_short_and_imports_only_public_names():
    for example in EXAMPLES.glob("*.py"):
        text = example.read_text()
        assert len(text.splitlines()) <= 60, example.name
        for line in text.splitlines():
            if line.startswith(("from trajectory", "from scene", "import trajectory", "import scene")):
                public = tuple(f"from {module} import" for module in PUBLIC_MODULES)
                assert line.startswith((*public, "from scene import")), line


def test_a_model_along_a_curve_moves_with_the_motion_and_reports_its_marks():
    found = offscreen(
        "model_along_a_curve.py",
        1830,  # 30.5 s: five laps of the 6 s motion and a bit
        "[app.passed, list(app.glider.get_pos()), app.glide.playhead.time,"
        " app.motion.position(app.glide.playhead.time).tolist(),"
        " app.motion.position(app.motion.time_at_distance([0.25, 0.5])).tolist()]",
    )
    passed, position, time, expected, marks = found
    assert [mark for mark, _ in passed] == ["a quarter", "halfway"] * 5
    # One clock: the glider is at the motion's pose, 30.5 s into a 6 s loop (or a frame less, as
    # the window's first frame may come before the loop starts), positions in float32.
    assert min(abs(time - 0.5), abs(time - (0.5 - 1 / 60))) <= 1e-9
    assert np.abs(np.array(position) - expected).max() <= 1e-5
    # Each mark is told in the frame that passes it: the glider within a 60 Hz frame of it (the
    # motion is at most 2 L / 6 s fast, L about 24 units: 0.14 units a frame).
    for mark, where in passed:
        assert np.linalg.norm(np.array(where) - marks[mark == "halfway"]) < 0.15


def test_a_unit_drives_its_planned_path_around_the_wall_to_the_goal():
    end, path_end, status = offscreen(
        "unit_around_obstacles.py",
        900,  # 15 s at 3 units a second: longer than the path
        "[list(app.tank.get_pos()), app.path.pose(app.path.length).tolist(), app.path.word]",
    )
    np.testing.assert_allclose(end[:2], [20.0, 3.0], atol=1e-4)
    np.testing.assert_allclose(path_end, [20.0, 3.0, 0.0], atol=1e-9)
    assert len(status) > 3  # around the wall, not the direct way


def test_a_thousand_followers_all_spawn_and_reach_the_end_but_the_slowed():
    lines = run("thousand_followers.py").splitlines()
    assert lines[0].startswith("1000 on the path")
    reached, left = (int(word) for word in lines[1].split() if word.isdigit())
    assert reached + left == 1000 and reached > 900


def test_the_keyed_profile_holds_between_its_keys():
    lines = run("velocity_from_keys.py").splitlines()
    held = [line for line in lines if line.startswith(("t = 1.5", "t = 2.0", "t = 2.5"))]
    assert all("0.500 of the way" in line and "speed  0.00" in line for line in held)
    assert "1.000 of the way" in lines[-1]


def test_the_fastest_car_corners_brakes_and_keeps_to_its_top_speed():
    lines = run("fastest_car.py").splitlines()
    assert any("cornering" in line for line in lines) and any("braking" in line for line in lines)
    top = float(lines[-1].split()[2])
    assert 0.0 < top <= 30.0


def test_an_exported_egg_plays_with_panda3ds_own_mopath_on_the_curve_modelled(tmp_path):
    from scene.kit.curve_files import save_curve
    from trajectory import Spline

    track = Spline([[-10, -6, 1], [10, -6, 3], [12, 6, 1], [-8, 8, 5]], closed=True)
    track.move_tangent(1, "out", [6.0, 4.0, 0.0])  # a broken handle: not just auto knots
    save_curve(tmp_path / "track.egg", track, name="track")
    position, forward = offscreen(
        "play_an_exported_egg.py",
        150,  # 2.5 s of the 12 s ride
        "[list(app.glider.get_pos()), list(app.render.get_relative_vector(app.glider, (0, 1, 0)))]",
        [str(tmp_path / "track.egg")],
    )
    u = np.linspace(0.0, 1.0, 200001)
    along = track.evaluate(u)
    nearest = int(np.argmin(np.linalg.norm(along - position, axis=1)))
    assert np.linalg.norm(along[nearest] - position) < 1e-5 * np.abs(along).max()  # Panda3D's float32
    tangent = track.derivative(u[nearest])
    cosine = np.dot(forward, tangent) / np.linalg.norm(forward) / np.linalg.norm(tangent)
    assert cosine > 0.999  # looking along the track


def test_a_track_along_a_curve_is_two_nodes_and_the_glider_rides_on_its_curve():
    rails, ties, position, along_curve = offscreen(
        "track_along_a_curve.py",
        120,
        "[app.render.find('**/mesh').node().get_geom(0).get_vertex_data().get_num_rows(),"
        " app.render.find_all_matches('**/mesh').get_num_paths(), list(app.glider.get_pos()),"
        " [app.curve.evaluate(k / 4000).tolist() for k in range(4001)]]",
    )
    assert rails > 1000 and ties == 2
    assert np.min(np.linalg.norm(np.array(along_curve) - position, axis=1)) < 0.01


def test_a_pipe_bent_along_a_curve_follows_it_round_with_the_glider_inside():
    vertices, low, high, position, along_curve = offscreen(
        "pipe_along_a_curve.py",
        60,
        "[app.pipe.find('**/+GeomNode').node().get_geom(0).get_vertex_data().get_num_rows(),"
        " list(app.pipe.get_tight_bounds()[0]), list(app.pipe.get_tight_bounds()[1]),"
        " list(app.glider.get_pos()), [app.curve.evaluate(k / 4000).tolist() for k in range(4001)]]",
    )
    curve = np.array(along_curve)
    sections = round(54.6 / 2.0)  # the loop is 54.6 units round, a section 2 long
    assert vertices > sections * 500  # every section's 524 vertices, and more where cut to bend
    assert np.all(np.array(low) <= curve.min(axis=0)) and np.all(np.array(high) >= curve.max(axis=0))
    assert np.min(np.linalg.norm(curve - position, axis=1)) < 0.01
