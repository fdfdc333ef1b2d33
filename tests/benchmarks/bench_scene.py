"""Benchmark of the scene: per-frame update of each mode, live dragging, orders, start-up.

Run: ``python tests/benchmarks/bench_scene.py``. The frame work is measured in an offscreen window
(Panda3D's software renderer; the rendering itself is not counted, only the Python work of a frame:
the task that places the sphere, moves the plot markers and refreshes the status lines). Start-up
is the wall time of ``python main.py --frames 1`` (open, render one frame, close): offscreen, and in
a real window when a display is available.
"""

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from panda3d.core import load_prc_file_data

load_prc_file_data(
    "benchmark",
    "load-display p3tinydisplay\naudio-library-name null\nprint-pipe-types false\n"
    "notify-level-x11display fatal\nnotify-level-device fatal\nwin-size 800 450",
)

from scene.app import SceneApp
from scene.curves import curve_edits as edits
from scene.curves import presets
from scene.curves.curves_model import CurvesModel
from scene.curves.looks import Look
from scene.ui.pointer import to_film
from tests.benchmarks.timing import sized
from tests.scene.helpers import PlacedPointer, plot_to_film
from trajectory import Motion, Spline
from trajectory.curves import joined_length

SCENE = str(ROOT / "scene")
FRAMES = sized(600, 4)
CHANGE_FRAMES = sized(120, 4)


def milliseconds(samples):
    ordered = sorted(samples)
    median, high = statistics.median(ordered), ordered[int(0.95 * len(ordered))]
    return f"median {median * 1e3:6.3f} ms, 95th percentile {high * 1e3:6.3f} ms"


def frame_section(app):
    print(f"== Per-frame update, {FRAMES} frames per curve (target <= 0.3 ms) ==")
    for index, preset in enumerate(presets.TRAJECTORIES):
        app.mode.ask(app.mode.settings.choose_trajectory, index)
        samples = []
        for _ in range(FRAMES):
            start = time.perf_counter()
            app.update(_Task)
            samples.append(time.perf_counter() - start)
            app.clock.tick()
        print(f"  {preset.name:26s} {milliseconds(samples)}")


def timed_frames(app, change, frames=CHANGE_FRAMES):
    """Times of ``frames`` frames, each calling ``change(frame)`` and then the app's update."""
    samples = []
    for frame in range(frames):
        start = time.perf_counter()
        change(frame)
        app.update(_Task)
        samples.append(time.perf_counter() - start)
        app.clock.tick()
    return samples


def drag_section(app):
    """Dragging as the mouse does it: a point or a velocity handle grabbed, the mouse moved each
    frame, the frame's update following it (the edit, drawn)."""
    print("== Dragging, the mouse moved and the update following it each frame (target <= 2 ms) ==")
    mode, real = app.mode, app.pointer
    app.pointer = PlacedPointer()
    for index, preset in enumerate(presets.TRAJECTORIES):
        if not preset.editable:
            continue
        mode.ask(mode.settings.choose_trajectory, index)
        label = f"control point of {preset.name}"
        print(f"  {label:44s} {milliseconds(held_frames(app, to_film(app, preset.points[1])))}")
    mode.ask(mode.settings.choose_trajectory, 0)
    for index, preset in enumerate(presets.VELOCITIES):
        if not preset.editable:
            continue
        mode.ask(mode.settings.choose_velocity, index)
        label = f"velocity handle of {preset.name}"
        print(f"  {label:44s} {milliseconds(held_frames(app, plot_to_film(app, preset.handles[0])))}")
    app.pointer = real


def held_frames(app, film):
    """Frames of a drag from ``film`` (the mouse wobbling about it): their update times."""
    app.pointer.at = film
    app.mode.grab()

    def wobble(frame):
        app.pointer.at = (film[0] + 0.02 * np.sin(frame / 20), film[1] + 0.02 * np.cos(frame / 15))

    samples = timed_frames(app, wobble)
    app.mode.release()
    return samples


def whole_frames(app, count, change=lambda frame: None):
    """Times of ``count`` whole frames (the task manager's step: update, HUD, offscreen render),
    each after ``change(frame)``."""
    samples = []
    for frame in range(count):
        start = time.perf_counter()
        change(frame)
        app.task_mgr.step()
        samples.append(time.perf_counter() - start)
    return samples


def still_section(app):
    """Issue 43: a frame with a control point held and the mouse still against an idle frame (the
    first editable curve built as rails; whole frames, rendering offscreen included). Target:
    within 10 %."""
    print("== A held-still frame against an idle one, a curve built as rails (target: within 10 %) ==")
    mode, real = app.mode, app.pointer
    editable = next(i for i, preset in enumerate(presets.TRAJECTORIES) if preset.editable)
    mode.ask(mode.settings.choose_trajectory, editable)
    mode.apply(edits.SetLook(Look.RAILS))
    app.pointer = PlacedPointer()  # held where the benchmark puts it, no keys held
    app.pointer.at = to_film(app, mode.model.grabbable()[1])
    idle = whole_frames(app, FRAMES // 4)
    mode.grab()
    app.pointer.at = (app.pointer.at[0] + 0.02, app.pointer.at[1])
    app.task_mgr.step()  # the drag under way
    held = whole_frames(app, FRAMES // 4)
    mode.release()
    idle += whole_frames(app, FRAMES // 4)  # idle before and after: the machine's drift shared by both
    app.pointer = real
    ratio = statistics.median(held) / statistics.median(idle)
    print(f"  idle       {milliseconds(idle)}\n  held still {milliseconds(held)}   ratio {ratio:.2f}")


def hundred_knots(seed=5):
    """A wandering spline of 100 knots (a few in a smoke run), as a preset."""
    rng = np.random.default_rng(seed)
    knots = np.cumsum(rng.uniform(-1.0, 1.0, (sized(100, 8), 3)), axis=0)
    return presets.TrajectoryPreset(f"{len(knots)} knots", "knots", spline=Spline(knots))


def knot_edits(count, frame):
    """The edits of ``frame`` on a spline of ``count`` knots: a knot moved, one inserted in a
    segment further along each time, one deleted (another each time)."""
    middle = count // 2
    return {
        "moved": edits.MoveKnot(middle, (0.0, 0.01 * (frame + 1), 0.0)),
        "inserted": edits.InsertKnot((3 * frame % (count - 1) + 0.5) / (count - 1)),
        "deleted": edits.DeleteKnot(5 * frame % (count - 3) + 1),  # another each time
    }


def model_section():
    """Issue 43: an edit of a 100-knot spline to new tables and a new motion, made by the model
    alone (no window), beside the same edit made bare on the library's spline."""
    print("== The curves model, 100 knots: an edit to new tables and motion (target <= 5 ms) ==")
    preset, rounds = hundred_knots(), sized(60, 2)
    count = len(preset.spline.knots)
    velocity = presets.VELOCITIES[1].curve()
    for name in ("moved", "inserted", "deleted"):
        forget_segments(preset)
        model = CurvesModel([preset], list(presets.VELOCITIES), 6.0, 0.1, velocity_index=1)
        model.motion  # noqa: B018 - built before the first edit, as the scene has it
        spline = preset.spline.copy()
        spline.arc_length  # noqa: B018

        def by_model(frame, name=name, model=model):
            model.apply(knot_edits(count, frame)[name])
            model.motion  # noqa: B018 - the new tables and motion
            if name != "moved":
                model.undo()  # the same number of knots each time
                model.motion  # noqa: B018

        def bare(frame, name=name, spline=spline):
            edited = spline.copy()
            edit = knot_edits(count, frame)[name]
            if name == "moved":
                edited.move(edit.index, edit.position)
            elif name == "inserted":
                edited.insert(edit.u)
            else:
                edited.remove(edit.index)
            Motion(edited, velocity, 6.0)

        modelled = [_timed(by_model, frame) for frame in range(rounds)]
        forget_segments(preset)
        alone = [_timed(bare, frame) for frame in range(rounds)]
        note = " (and one undo)" if name != "moved" else ""
        print(f"  a knot {name:9s} by the model{note:16s} {milliseconds(modelled)}")
        print(f"  {'':8s}{'':9s} bare: Spline and Motion{'':4s} {milliseconds(alone)}")


def forget_segments(preset):
    """The library's tables of segments forgotten but ``preset``'s: the same edits made again
    would find their segments measured."""
    joined_length._measured.clear()
    joined_length._segments(preset.spline.geometry.control_points)


def scene_files_entered(function):
    """The scene's source files whose functions ``function()`` calls, directly or not."""
    files = set()

    def called(frame, event, _):
        if event == "call" and frame.f_code.co_filename.startswith(SCENE):
            files.add(frame.f_code.co_filename)

    sys.setprofile(called)
    try:
        function()
    finally:
        sys.setprofile(None)
    return files


def _timed(function, *args):
    start = time.perf_counter()
    function(*args)
    return time.perf_counter() - start


def spline_editor_section(app):
    """Issue 43: a spline of 100 knots built as rails, its knot dragged with the mouse (whole
    frames, offscreen rendering included), and knots inserted and deleted, beside idle frames."""
    print("== Spline editor, 100 knots as rails: whole frames (target <= 16 ms a drag frame) ==")
    mode, real = app.mode, app.pointer
    mode.apply(edits.AddTrajectory(hundred_knots()))
    mode.apply(edits.SetLook(Look.RAILS))
    count, frames = len(mode.model.spline.knots), sized(40, 3)
    app.pointer = PlacedPointer()
    knot = mode.model.spline.knots[count // 2]
    app.pointer.at = to_film(app, knot)
    idle = whole_frames(app, frames)
    mode.grab()

    def drag(frame):
        app.pointer.at = (app.pointer.at[0] + 0.002 * (-1) ** (frame // 10), app.pointer.at[1] + 0.001)

    dragged = whole_frames(app, frames, drag)
    dragged_work = timed_frames(app, lambda frame: drag(frames + frame), frames)
    drag(frames)
    dragged_files = scene_files_entered(app.task_mgr.step)
    mode.release()
    released = whole_frames(app, 1)
    idle_files = scene_files_entered(app.task_mgr.step)
    idle += whole_frames(app, frames)
    idle_work = timed_frames(app, lambda frame: None, frames)
    app.pointer = real
    print(f"  idle            {milliseconds(idle)}")
    print(f"  a knot dragged  {milliseconds(dragged)}   (the track coarse)")
    print(f"  let go          {released[0] * 1e3:6.3f} ms (the track fine, the plot measured)")
    idle_ms, dragged_ms = (statistics.median(work) * 1e3 for work in (idle_work, dragged_work))
    print(
        f"  our work a frame (its update, not the drawing; target <= 8 ms beyond idle): idle "
        f"{idle_ms:.3f} ms, a knot dragged {dragged_ms:.3f} ms, {dragged_ms - idle_ms:.3f} ms beyond"
    )
    print(
        f"  the scene's files a frame enters (target <= 12 a drag frame): {len(dragged_files)} a drag "
        f"frame, {len(idle_files)} an idle one"
    )
    for name in ("inserted", "deleted"):

        def edit(frame, name=name):
            mode.apply(knot_edits(len(mode.model.spline.knots), frame)[name])

        print(f"  a knot {name:8s} {milliseconds(whole_frames(app, frames, edit))}")


def undo_section(app):
    """Issue 43: 100 drags, each one step of the history, then all undone (and drawn, once)."""
    print("== Undo: 100 drags, then all undone and drawn (target <= 50 ms in all) ==")
    mode = app.mode
    mode.ask(mode.settings.choose_trajectory, 0)
    start_point = np.array(presets.TRAJECTORIES[0].points[1], dtype=float)
    steps = sized(100, 3)
    undo_all(app, steps, lambda step: mode.model.point_edit(1, start_point + (0.01 * (step + 1), 0.0, 0.0)))
    mode.apply(edits.AddTrajectory(hundred_knots(seed=3)))
    middle = len(mode.model.spline.knots) // 2
    knot = mode.model.spline.knots[middle]
    undo_all(app, steps, lambda step: edits.MoveKnot(middle, tuple(knot + (0.0, 0.01 * (step + 1), 0.0))))


def undo_all(app, steps, edit):
    """``steps`` drags of ``edit(step)``, one step each, then all undone and drawn; the times."""
    mode, model = app.mode, app.mode.model
    before = model.trajectory
    for step in range(steps):
        index = edit(step).index
        model.apply(
            edits.Grab(edits.PointDrag(index, model.grabbable()[index], (0, 1, 0), False, 0.0, (0, 0)))
        )
        mode.apply(edit(step))
        model.apply(edits.LetGo())
    began = time.perf_counter()
    for _ in range(steps):
        mode.undo()
    mode.settle()  # drawn once, as the next frame does
    undone = time.perf_counter() - began
    assert model.trajectory == before  # exactly the curve before the drags
    began = time.perf_counter()
    mode.redo()
    mode.settle()
    redone = time.perf_counter() - began
    name = before.name[:24]
    print(f"  {name:24s} {steps} undone, drawn {undone * 1e3:7.1f} ms; one redone {redone * 1e3:6.1f} ms")


def switch_section(app):
    """Issue 43: switching between presets that have 200 steps of history each: the model's
    switch to the new motion, and the scene's (everything redrawn)."""
    print("== Switching presets with 200 steps of history each (target <= 2 ms) ==")
    mode, model, steps = app.mode, app.mode.model, sized(200, 3)
    editable = [i for i, preset in enumerate(model.trajectories) if preset.editable and not preset.knots]
    for index in editable:
        mode.ask(mode.settings.choose_trajectory, index)
        start_point = np.array(model.trajectory.points[1], dtype=float)
        for step in range(steps):
            model.apply(model.point_edit(1, start_point + (0.001 * (step + 1), 0.0, 0.0)))
    mode.settle()
    switches = [editable[k % len(editable)] for k in range(sized(60, 4))]
    in_model = [_timed(lambda i: (model.apply(edits.ChooseTrajectory(i)), model.motion), i) for i in switches]
    in_scene = [_timed(mode.ask, mode.settings.choose_trajectory, i) for i in switches]
    print(f"  the model (to the new motion)  {milliseconds(in_model)}")
    print(f"  the scene (everything drawn)   {milliseconds(in_scene)}")


def forces_section(app):
    """Issue 44: the force strip recomputed (what a drag frame does after each edit) on the coaster
    and on a 100-knot spline, and the coaster's rolling train built; beside an idle frame."""
    print("== What a rider feels: the plot's force strip, and the rolling train (within a drag frame) ==")
    mode = app.mode
    for label, choose in (
        ("coaster", lambda: mode.ask(mode.settings.choose_trajectory, presets.COASTER_INDEX)),
        ("100 knots", lambda: mode.apply(edits.AddTrajectory(hundred_knots()))),
    ):
        choose()
        motion = mode.motion
        orientation = mode.riders.orientation()
        strip = [_timed(mode.plot.forces.show, motion, orientation) for _ in range(sized(30, 2))]
        print(f"  force strip, {label:10s} {milliseconds(strip)}")
    coaster = presets.TRAJECTORIES[presets.COASTER_INDEX].curve()
    rolled = [_timed(mode.model.timing.roll.motion, coaster, "exact") for _ in range(sized(30, 2))]
    print(f"  the coaster's train rolled {milliseconds(rolled)}")
    print(f"  idle frame          {milliseconds(whole_frames(app, sized(30, 2)))}")


def turning_section(app):
    print(
        "== Turning mode: per-frame update with three units moving, and one order "
        "(target <= 0.3 ms a frame) =="
    )
    app.set_mode("turning")
    mode = app.mode
    orders = []
    for frame in range(FRAMES):
        if frame % 120 == 0:
            start = time.perf_counter()
            mode.order((12.0 * np.cos(frame / 50.0), 12.0 * np.sin(frame / 70.0)), heading=frame / 100.0)
            orders.append(time.perf_counter() - start)
        app.clock.tick()
    samples = timed_frames(app, lambda frame: None, FRAMES)
    print(f"  per frame, three units moving {milliseconds(samples)}")
    print(f"  one order to all three units (plans and drawings) {milliseconds(orders)}")


def defense_section(app):
    print("== Tower-defense mode: per-frame update with a wave on the board (a 60 Hz frame has 16.7 ms) ==")
    app.set_mode("towerdefense")
    mode = app.mode
    for speed in (1, 8):
        mode.restart()
        mode.pace.set_speed(speed)
        for _ in range(FRAMES // 2):
            app.update(_Task)
            app.clock.tick()
        samples = timed_frames(app, lambda frame: None, FRAMES)
        label = f"game speed x{speed} ({2 * speed} ticks a frame, {len(mode.game.enemies)} enemies)"
        print(f"  {label:44s} {milliseconds(samples)}")


def startup_section():
    print("== Start-up: python main.py --frames 1, wall time (target <= 2 s to the first frame) ==")
    with tempfile.TemporaryDirectory() as folder:
        presets_file = str(Path(folder) / "presets.json")
        runs = [("offscreen", ["--offscreen"])]
        if os.environ.get("DISPLAY"):
            runs.append((f"window on {os.environ['DISPLAY']}", []))
        for label, extra in runs:
            times = []
            for _ in range(sized(5, 1)):
                start = time.perf_counter()
                subprocess.run(
                    [sys.executable, "main.py", "--frames", "1", "--presets", presets_file, *extra],
                    cwd=ROOT,
                    check=True,
                    capture_output=True,
                )
                times.append(time.perf_counter() - start)
            print(f"  {label:24s} median {statistics.median(times):.2f} s (open, first frame, close)")


class _Task:
    cont = 0


def main():
    model_section()
    with tempfile.TemporaryDirectory() as folder:
        app = SceneApp("curves", Path(folder) / "presets.json", window_type="offscreen", frame_rate=60)
        app.task_mgr.step()
        frame_section(app)
        drag_section(app)
        still_section(app)
        spline_editor_section(app)
        undo_section(app)
        switch_section(app)
        forces_section(app)
        turning_section(app)
        defense_section(app)
        app.destroy()
    startup_section()


if __name__ == "__main__":
    main()
