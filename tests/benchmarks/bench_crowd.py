"""Drawing a crowd (issue 29): 10,000 enemies in a real window at 1280 x 720, moving every frame,
frames per second and draw calls for the enemies (target: >= 30 fps under software rendering,
<= 4 draw calls). Under a display (Xvfb with Mesa's llvmpipe here) the enemies are instanced; a
smoke run draws a few in an offscreen window, one node each.

    python tests/benchmarks/bench_crowd.py          (needs DISPLAY)
"""

import os
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from panda3d.core import load_prc_file_data

from tests.benchmarks.timing import SMOKE, sized

COUNT = sized(10_000, 50)
SECONDS = sized(6.0, 0.2)


def main():
    offscreen = SMOKE or not os.environ.get("DISPLAY")
    settings = "win-size 1280 720\naudio-library-name null\nsync-video false\nprint-pipe-types false"
    if offscreen:
        settings += "\nwindow-type offscreen\nload-display p3tinydisplay"
    load_prc_file_data("bench_crowd", settings)
    from direct.showbase.ShowBase import ShowBase

    from scene.ui.assets import load_model
    from scene.ui.crowd_nodes import CrowdNodes

    base = ShowBase()
    base.disable_mouse()
    base.camera.set_pos(0, -70, 55)
    base.camera.look_at(0, 0, 0)
    crowd = CrowdNodes(base, base.render, load_model(base, "crowd_enemy"), COUNT, 1.0 / 40.0)
    rng = np.random.default_rng(0)
    positions = np.column_stack([rng.uniform(-50, 50, (COUNT, 2)), np.zeros(COUNT)])
    headings = rng.uniform(-np.pi, np.pi, COUNT)
    colours = np.column_stack([rng.uniform(0.6, 1.0, (COUNT, 3)), np.ones(COUNT)])
    frames, update_time, began = 0, 0.0, time.perf_counter()
    while time.perf_counter() - began < SECONDS:
        start = time.perf_counter()
        headings += 0.02
        positions[:, :2] += 0.05 * np.column_stack([np.cos(headings), np.sin(headings)])
        crowd.update(positions, headings, colours)
        update_time += time.perf_counter() - start
        base.task_mgr.step()
        frames += 1
    elapsed = time.perf_counter() - began
    how = "instanced (one Geom drawn N times)" if crowd.instanced else "one node each (no shaders here)"
    print(f"== {COUNT} enemies, {'offscreen' if offscreen else 'a real window'} 1280 x 720: {how} ==")
    print(f"  frames per second: {frames / elapsed:6.1f}   target >= 30 (software rendering)")
    print(f"  draw calls for the enemies: {crowd.draw_calls}   target <= 4")
    print(f"  the crowd's update (Python, per frame): {update_time / frames * 1e3:6.2f} ms")
    gsg = base.win.get_gsg()
    print(f"  renderer: {gsg.get_driver_renderer()} {gsg.get_driver_version()}")


if __name__ == "__main__":
    main()
