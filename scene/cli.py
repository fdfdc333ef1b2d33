"""The scene from the command line: ``python main.py`` in the checkout, ``curves-in-motion`` or
``python -m scene`` where the package is installed (``--help`` lists the options). Messages
begin with the name it was run by."""

import argparse
import contextlib
import os
import re
import sys
import tempfile
from pathlib import Path

from scene.towerdefense.maze_maps import MAPS
from scene.ui.mode import MODE_NAMES

FRAME_RATE = 60
"""Frames per second of scene time when a fixed number of frames is rendered."""
MIN_SIZE, MAX_SIZE = (640, 480), (7680, 4320)
"""The window sizes ``--size`` accepts, in pixels."""


def _command():
    """How the scene was started: ``python main.py``, ``curves-in-motion`` or ``python -m scene``."""
    name = _name()
    return f"python {name}" if name.endswith(".py") else name


def _name():
    """The name messages begin with: ``main.py``, ``python -m scene``, else ``curves-in-motion``
    (the console script, or ``python -c``)."""
    name = Path(sys.argv[0]).name if sys.argv else ""
    if name == "__main__.py":
        return "python -m scene"
    return name if name.endswith(".py") else "curves-in-motion"


def parse_arguments(argv):
    parser = argparse.ArgumentParser(
        prog=_name(),
        description="Curves in motion: a sphere along 3D curves at the pace of a velocity curve "
        "(curves mode), "
        "units with a turning radius (turning mode), enemies following a path (towerdefense mode), "
        "a maze the player builds (maze mode).",
    )
    parser.add_argument(
        "--mode",
        choices=MODE_NAMES,
        help="which mode to open (default: curves; Tab switches in the window)",
    )
    parser.add_argument(
        "--map",
        choices=("board", *MAPS),
        help="open the tower defense on a map: board (the seed's path, in the towerdefense mode), "
        "maze (an open field of 40 x 30 cells) or crowd (100 x 100, for swarms of 10,000), "
        "both in the maze mode (M switches there)",
    )
    parser.add_argument(
        "--presets",
        metavar="PATH",
        help="the file edited curves are saved to and loaded from "
        "(default: ~/.config/curves-in-motion/presets.json)",
    )
    parser.add_argument(
        "--open",
        metavar="PATH",
        help="start with the curve of an egg file (a NURBS curve) or a JSON spline, in the curves mode",
    )
    parser.add_argument(
        "--bend",
        metavar="PATH",
        help="a model of your own (.egg, .bam; +Y along its length, +Z up) that the curves mode's "
        "last look (W) bends along the curve end to end, in place of our pipe",
    )
    parser.add_argument(
        "--replay",
        metavar="PATH",
        help="play a maze game's saved moves again (S in the maze mode saves them), in the maze mode",
    )
    parser.add_argument(
        "--offscreen", action="store_true", help="render without a display (software renderer)"
    )
    parser.add_argument(
        "--frames",
        type=int,
        metavar="N",
        help=f"render N frames at {FRAME_RATE} frames per second of scene time, then exit",
    )
    parser.add_argument(
        "--screenshot", metavar="PATH", help="with --frames, save the last frame to PATH (a .png)"
    )
    parser.add_argument(
        "--size",
        metavar="WxH",
        default="1280x720",
        help="the window's size in pixels (default: 1280x720; it can be resized)",
    )
    args = parser.parse_args(argv)
    try:
        args.size = tuple(int(part) for part in args.size.lower().split("x"))
    except ValueError:
        args.size = ()
    if len(args.size) != 2 or not (
        MIN_SIZE[0] <= args.size[0] <= MAX_SIZE[0] and MIN_SIZE[1] <= args.size[1] <= MAX_SIZE[1]
    ):
        parser.error(
            f"--size must be WIDTHxHEIGHT in pixels, from {MIN_SIZE[0]}x{MIN_SIZE[1]} "
            f"to {MAX_SIZE[0]}x{MAX_SIZE[1]}, e.g. 1280x720"
        )
    if args.map and args.replay:
        parser.error("--map with --replay: a replay plays on the map it was recorded on")
    implied = {
        "--open": "curves" if args.open else None,
        "--bend": "curves" if args.bend else None,
        "--replay": "maze" if args.replay else None,
        "--map": None if not args.map else "towerdefense" if args.map == "board" else "maze",
    }
    source = f"--mode {args.mode}" if args.mode else None
    for option, mode in implied.items():  # one rule: an option that opens a mode opens only that one
        if mode is None:
            continue
        if args.mode not in (None, mode):
            parser.error(f"{option} opens the {mode} mode, not the {args.mode} mode ({source})")
        args.mode, source = mode, source or option
    args.mode = args.mode or "curves"
    if args.frames is not None and args.frames < 1:
        parser.error("--frames must be at least 1")
    if args.screenshot and args.frames is None:
        parser.error("--screenshot needs --frames N")
    if args.screenshot:
        target = Path(args.screenshot)
        if target.suffix.lower() != ".png":
            parser.error(f"--screenshot must name a .png file, got {args.screenshot}")
        if not target.resolve().parent.is_dir():
            parser.error(f"--screenshot: there is no folder {target.resolve().parent}")
    return args


def configure(args):
    """Panda3D settings that must be made before the window opens, and the process's memory kept
    for the crowds' ticks."""
    from panda3d.core import load_prc_file_data

    from scene.kit.freed_memory import keep_freed_memory

    keep_freed_memory()

    settings = [
        "window-title Curves in motion",
        "audio-library-name null",
        "sync-video false",
        "print-pipe-types false",
        # Lines about /dev/input (no joysticks here) or the X server's setup mean nothing to a user.
        "notify-level-device fatal",
        "notify-level-x11display fatal",
        "notify-level-glxdisplay fatal",
        f"win-size {args.size[0]} {args.size[1]}",
    ]
    if args.offscreen:
        settings += ["load-display p3tinydisplay"]
    load_prc_file_data("scene.cli", "\n".join(settings))
    if not args.offscreen:
        from scene.ui.renderer import renders_on_the_cpu

        if not renders_on_the_cpu():  # asked for, not required: a driver without it opens the best match
            load_prc_file_data("scene.cli multisampling", "framebuffer-multisample 1\nmultisamples 4")


def main(argv=None):
    args = parse_arguments(argv)
    if not args.offscreen and sys.platform.startswith("linux") and not os.environ.get("DISPLAY"):
        print(
            f"{_name()}: no display (DISPLAY is not set). Use --offscreen to render without one, "
            f"or run under a virtual display: xvfb-run {_command()}",
            file=sys.stderr,
        )
        return 2
    with x_lines_kept_quiet():  # the renderer probe opens a window too
        configure(args)
    from scene.app import NoWindowError, SceneApp
    from scene.curves.presets import TrajectoryPreset
    from scene.curves.user_presets import default_path
    from scene.kit.bent_models import ModelBender
    from scene.kit.curve_files import load_spline
    from scene.ui.assets import MissingModelError

    replay = None
    if args.replay:
        from scene.towerdefense.maze_game import Replay

        try:
            replay = Replay.load(Path(args.replay))
        except ValueError as error:
            print(f"{_name()}: --replay: {error}", file=sys.stderr)
            return 2
    opened = None
    if args.open:
        try:
            opened = load_spline(args.open)
        except ValueError as error:
            print(f"{_name()}: --open: {error}", file=sys.stderr)
            return 2
        try:
            TrajectoryPreset(opened[0], "knots", spline=opened[1]).curve()  # what the scene can show
        except ValueError as error:
            print(f"{_name()}: --open: {Path(args.open).name}: {error}", file=sys.stderr)
            return 2
    if args.bend:
        try:
            ModelBender(args.bend)  # what the model look will bend
        except ValueError as error:
            print(f"{_name()}: --bend: {error}", file=sys.stderr)
            return 2

    try:
        with x_lines_kept_quiet():
            app = SceneApp(
                args.mode,
                args.presets or default_path(),
                window_type="offscreen" if args.offscreen else None,
                frame_rate=FRAME_RATE if args.frames is not None else None,
                options={
                    "curves": {"opened": opened, "bent_model": args.bend},
                    "maze": {"replay": replay, "map_name": args.map if args.map in MAPS else None},
                },
            )
    except NoWindowError as error:
        print(f"{_name()}: {error}. Try --offscreen.", file=sys.stderr)
        return 2
    except MissingModelError as error:
        print(f"{_name()}: {error}", file=sys.stderr)
        return 1
    if app.startup_problem:
        print(f"{_name()}: {app.startup_problem}", file=sys.stderr)
    if args.frames is None:
        app.run()
        return 0
    for _ in range(args.frames):
        app.task_mgr.step()
    written = save_screenshot(app, args.screenshot) if args.screenshot else True
    app.destroy()
    if not written:
        print(f"{_name()}: could not write the screenshot to {args.screenshot}", file=sys.stderr)
        return 1
    return 0


X_NOISE = re.compile(r'^Xlib: +extension "[^"]+" missing on display')
"""What libX11 itself prints while Panda3D opens a window on a server without an extension it
asks about (XFree86-DGA on Xvfb and XWayland): nothing a user can act on."""


@contextlib.contextmanager
def x_lines_kept_quiet():
    """Standard error while the block runs (the window opening) kept aside and written
    afterwards without ``X_NOISE`` lines (libX11 writes them past Panda3D's own messages)."""
    sys.stderr.flush()
    with tempfile.TemporaryFile() as kept:
        saved = os.dup(2)
        os.dup2(kept.fileno(), 2)
        try:
            yield
        finally:
            sys.stderr.flush()
            os.dup2(saved, 2)
            os.close(saved)
            kept.seek(0)
            lines = kept.read().decode(errors="replace").splitlines()
            said = [line for line in lines if not X_NOISE.match(line)]
            if said:
                print("\n".join(said), file=sys.stderr)


def save_screenshot(app, path):
    """Save the window's last frame to ``path`` (a .png) through a temporary file, so that a failed
    write leaves whatever was at ``path`` untouched; whether it was written. Without the alpha
    channel: the software renderer leaves lines at alpha 0, which a viewer shows over white."""
    from panda3d.core import Filename, PNMImage

    target = Path(path).resolve()
    temporary = target.with_name(f".{target.stem}.{os.getpid()}.tmp.png")
    image = PNMImage()
    try:
        if not app.win.get_screenshot(image):
            return False
        image.remove_alpha()
        if not image.write(Filename.from_os_specific(str(temporary))):
            return False
        os.replace(temporary, target)
    except OSError:
        return False
    finally:
        temporary.unlink(missing_ok=True)
    return True
