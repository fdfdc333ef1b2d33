"""The maze mode at crowd scale (issue 29), in a real window at 1280 x 720: the crowd's field of
100 x 100 cells, a wall of towers with two gaps across it, a swarm of 10,000 enemies walking it,
the game running at x1. Frames per second (aim: >= 30 under software rendering), the game's
share of a frame (its ticks: flow field, separation, towers, shots) and the draw calls for the
enemies (target <= 4). Under a display (Xvfb with Mesa's llvmpipe here) the enemies are
instanced; a smoke run draws a few offscreen, one node each.

    python tests/benchmarks/bench_maze.py          (needs DISPLAY)
"""

import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.benchmarks.timing import SMOKE, sized

ENEMIES = sized(10_000, 20)
SECONDS = sized(8.0, 0.2)
GAPS = (20, 80)


def main():
    offscreen = SMOKE or not os.environ.get("DISPLAY")
    import scene.cli as scene_main

    scene_main.configure(scene_main.parse_arguments(["--offscreen"] if offscreen else []))
    from scene.app import SceneApp

    presets = Path(tempfile.mkdtemp()) / "presets.json"
    app = SceneApp(
        "maze",
        presets,
        window_type="offscreen" if offscreen else None,
        options={"maze": {"map_name": "crowd"}},
    )
    mode, game = app.mode, app.mode.game
    for row in range(game.map.rows):
        if row not in GAPS:
            game.place((50, row))
    game.swarm()
    while len(game.enemies) < ENEMIES:  # the swarm comes in, undrawn
        game.advance(0.25)
    advance, spent = game.advance, [0.0]

    def timed(seconds):
        start = time.perf_counter()
        advance(seconds)
        spent[0] += time.perf_counter() - start

    game.advance = timed
    mode.frame()
    app.task_mgr.step()
    frames, ticks, began = 0, game.ticks, time.perf_counter()
    while time.perf_counter() - began < SECONDS:
        app.task_mgr.step()
        frames += 1
    elapsed = time.perf_counter() - began
    how = (
        "instanced (one Geom drawn N times)" if mode.enemies.instanced else "one node each (no shaders here)"
    )
    print(
        f"== the maze mode, crowd's field, {len(game.enemies):,} enemies, "
        f"{'offscreen' if offscreen else 'a real window'} 1280 x 720: {how} =="
    )
    print(f"  frames per second: {frames / elapsed:6.1f}   aim >= 30 (software rendering)")
    print(
        f"  the game's ticks per frame: {spent[0] / frames * 1e3:6.1f} ms "
        f"({(game.ticks - ticks) / frames:.1f} ticks of 1/60 s a frame)"
    )
    print(
        f"  draw calls for the enemies: {mode.enemies.draw_calls}, their health bars: "
        f"{mode.health_bars.draw_calls}   target <= 4"
    )
    app.destroy()


if __name__ == "__main__":
    main()
