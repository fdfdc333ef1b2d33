"""End to end: the real ``python main.py`` in a real OpenGL window on a virtual X display (Xvfb,
Mesa's llvmpipe), driven with xdotool and looked at through screenshots.

Needs Xvfb, xdotool and ImageMagick's ``import``; ``.ci/run`` installs them.
"""

import os
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[2]
TITLE = "Curves in motion"


@pytest.fixture
def display():
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", "1", "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    number = server.stdout.readline().strip()
    assert number, "Xvfb did not start"
    yield f":{number}"
    server.terminate()
    server.wait(timeout=10)


@pytest.fixture
def window(display):
    env = dict(os.environ, DISPLAY=display)
    app = subprocess.Popen([sys.executable, "main.py"], cwd=ROOT, env=env, stderr=subprocess.PIPE, text=True)
    found = subprocess.run(
        ["xdotool", "search", "--sync", "--name", TITLE],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    window_id = found.stdout.split()[0]
    time.sleep(1.0)  # let the first frames render
    yield app, window_id, env
    if app.poll() is None:
        app.kill()
        app.wait()


def screenshot(window_id, env):
    """The window's pixels, shape (height, width, 3), values 0-255."""
    geometry = subprocess.run(
        ["xdotool", "getwindowgeometry", "--shell", window_id],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    size = dict(line.split("=") for line in geometry.split())
    width, height = int(size["WIDTH"]), int(size["HEIGHT"])
    raw = subprocess.run(
        ["import", "-window", window_id, "-depth", "8", "rgb:-"], env=env, capture_output=True, check=True
    ).stdout
    return np.frombuffer(raw, dtype=np.uint8).reshape(height, width, 3).astype(int)


def sphere_centre(image):
    """The centroid (x, y) in pixels of the blue sphere."""
    r, b = image[..., 0], image[..., 2]
    ys, xs = np.nonzero((b > 140) & (b > r + 60))
    assert xs.size > 50, "no sphere in the picture"
    return np.array([xs.mean(), ys.mean()])


def curve_left_end(image):
    """The x of the leftmost pixel of the yellow curve."""
    r, g, b = image[..., 0], image[..., 1], image[..., 2]
    _, xs = np.nonzero((r > 180) & (g > 120) & (b < 120))
    assert xs.size > 100, "no curve in the picture"
    return xs.min()


def test_the_sphere_moves_r_restarts_and_escape_quits(window):
    app, window_id, env = window
    first = sphere_centre(screenshot(window_id, env))
    time.sleep(1.0)
    later_image = screenshot(window_id, env)
    later = sphere_centre(later_image)
    assert np.linalg.norm(later - first) > 10, "the sphere did not move in a second"

    subprocess.run(["xdotool", "key", "--window", window_id, "r"], env=env, check=True)
    time.sleep(0.15)
    restarted_image = screenshot(window_id, env)
    restarted = sphere_centre(restarted_image)
    # Back at the start: the curve's left end, where the sphere now hides the line.
    assert abs(restarted[0] - curve_left_end(later_image)) < 25

    # The app quits on the key press, so xdotool's key release may find no window: no check.
    subprocess.run(
        ["xdotool", "key", "--window", window_id, "Escape"], env=env, capture_output=True, check=False
    )
    assert app.wait(timeout=20) == 0
    assert "Traceback" not in app.stderr.read()
