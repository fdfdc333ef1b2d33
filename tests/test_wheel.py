"""The package as a user installs it: a real wheel (not an editable install) in a fresh virtual
environment, the scene run from another folder by its console script and by ``python -m scene``,
its models found inside the installed package."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _run(*command, cwd):
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=900, check=False)
    assert done.returncode == 0, f"{command}:\n{done.stdout[-2000:]}\n{done.stderr[-4000:]}"
    return done


def test_the_wheel_installs_and_the_scene_runs_from_anywhere(tmp_path):
    wheels = tmp_path / "wheels"
    _run(
        sys.executable,
        "-m",
        "pip",
        "wheel",
        "--no-deps",
        "-w",
        wheels,
        ROOT,
        cwd=tmp_path,
    )
    (wheel,) = wheels.glob("curves_in_motion-*.whl")
    venv = tmp_path / "venv"
    _run(sys.executable, "-m", "venv", venv, cwd=tmp_path)
    python = venv / "bin" / "python"
    _run(python, "-m", "pip", "install", "-q", wheel, cwd=tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    found = _run(
        python,
        "-c",
        "import scene, trajectory; from scene.ui.assets import MODELS; "
        "print(scene.__version__, trajectory.__version__, MODELS, (MODELS / 'sphere.egg').is_file())",
        cwd=elsewhere,
    ).stdout.split()
    assert found[0] == found[1] == trajectory_version()
    assert Path(found[2]).is_relative_to(venv) and found[3] == "True"  # not the checkout's models/
    for command in ([venv / "bin" / "curves-in-motion"], [python, "-m", "scene"]):
        shot = elsewhere / f"{Path(command[-1]).name}.png"
        done = _run(*command, "--offscreen", "--frames", "3", "--screenshot", shot, cwd=elsewhere)
        assert done.stderr == "" and shot.stat().st_size > 10_000
    refused = subprocess.run(
        [venv / "bin" / "curves-in-motion", "--mode", "moon"],
        cwd=elsewhere,
        capture_output=True,
        text=True,
        check=False,
    )
    assert refused.returncode == 2 and refused.stderr.splitlines()[-1].startswith("curves-in-motion: error:")


def trajectory_version():
    import trajectory

    return trajectory.__version__
