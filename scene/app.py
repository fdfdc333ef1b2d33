"""The application: one ShowBase, the orbit camera, the overlays and the modes it switches between."""

import functools
import logging
from pathlib import Path

from direct.showbase.ShowBase import ShowBase
from direct.task import Task
from panda3d.core import AmbientLight, AntialiasAttrib, ClockObject, DirectionalLight

from scene.ui.assets import use_our_font
from scene.ui.bindings import bind, register, unregister
from scene.ui.camera import ZOOM_STEP, OrbitCamera
from scene.ui.mode import MODE_NAMES, MODES, Drag
from scene.ui.overlay import Banner, HelpOverlay, Hud, MessageLine
from scene.ui.pointer import Pointer

BACKGROUND = (0.11, 0.12, 0.15, 1.0)
HUD_PERIOD = 0.1
"""Seconds between refreshes of the status lines (rebuilding text every frame is not free)."""
TEXT_REFERENCE_HEIGHT = 720
MAX_TEXT_GROWTH = 1.25
"""Text (and the plot) grows by sqrt(720 / window height), at most this much, in windows less
than 720 pixels tall: 13 pixels for the status lines at 640x480 instead of 11."""
log = logging.getLogger(__name__)
MAX_FRAME_DT = 0.1
"""The most seconds one frame advances the scene: after a stall (a dragged window, a busy machine)
the scene goes on where it was instead of replaying the lost time in one frame (at game speed x8,
a 20 s stall would otherwise be 160 s of game time, 19,200 ticks, run at once)."""


class NoWindowError(RuntimeError):
    """No window could be opened (no display, or no usable graphics driver)."""


class SceneApp(ShowBase):
    """The window and everything in it.

    Args:
        mode: The mode to open, one of ``MODES``.
        presets_path: The user's presets file.
        window_type: ``None`` for a normal window, ``"offscreen"`` to render without a display.
        frame_rate: If given, the clock runs in scene time at this many frames per second,
            whatever the wall clock says (for tests, screenshots and recordings).
        options: Per mode name, the keywords its class is made with besides what the presets
            path gives (the curves mode's ``presets_path``, the maze's ``replays`` folder beside
            it): the curves mode's ``opened`` (a curve from a file, (name, ``Spline``), shown
            first) and ``bent_model`` (a model file bent along the curve in place of our pipe),
            the maze's ``replay`` (a ``maze_game.Replay`` to play) and ``map_name``.

    Raises:
        ValueError: On options for a mode there is not.
    """

    def __init__(
        self,
        mode,
        presets_path,
        window_type=None,
        frame_rate=None,
        options=None,
    ):
        self._update_task = None  # until the app is whole (``destroy`` may come sooner, at exit)
        chosen = {
            "curves": {"presets_path": presets_path},
            "maze": {"replays": Path(presets_path).parent / "replays"},
        }
        for name, more in (options or {}).items():  # before any window opens
            if name not in MODE_NAMES:
                raise ValueError(
                    f"options for a mode there is not: {name!r} (the modes: {', '.join(MODE_NAMES)})"
                )
            chosen[name] = {**chosen.get(name, {}), **more}
        clock = ClockObject.get_global_clock()
        if frame_rate is not None:  # before the window opens: no frame of real time comes first
            clock.set_mode(ClockObject.M_non_real_time)
            clock.set_frame_rate(frame_rate)
        clock.set_max_dt(MAX_FRAME_DT)
        try:
            super().__init__(windowType=window_type)
        except Exception as error:  # noqa: BLE001 - ShowBase raises a bare Exception when no window opens
            raise NoWindowError(f"could not open a window ({error})") from None
        self.disable_mouse()
        self.set_background_color(*BACKGROUND)
        self._light_scene()
        use_our_font()
        self.pointer = Pointer(self)
        self.orbit = OrbitCamera(self)
        self.hud = Hud(self)
        self.help = HelpOverlay(self)
        self.messages = MessageLine(self)
        self.banner = Banner(self)
        self.modes = {}
        self._cameras = {}  # each mode's camera, as it was left
        for entry in MODES:
            self.modes[entry.name] = entry.build(self, chosen.get(entry.name, {}))
        self.bindings = (
            bind("Tab", "next mode (" + ", ".join(MODE_NAMES) + ")", self.next_mode, event="tab"),
            bind("H", "show or hide this help", self.toggle_help),
            bind("Esc", "quit", self.userExit, event="escape"),
        )
        self._failures = set()  # what has gone wrong already (each said once)
        register(self, self.bindings, self.guarded)
        self._bind_mouse()
        self.mode = None
        self.set_mode(mode)
        # A failed frame: the next one runs. (The task manager outlives the app: ``destroy`` removes it.)
        self._update_task = self.task_mgr.add(self.guarded(self.update, Task.cont), "update")

    def set_mode(self, name):
        """Leave the current mode and enter ``name``, with the camera as that mode last had it."""
        if self.mode is not None:
            unregister(self, self.mode.bindings)
            self.mode.exit()
            self.banner.hide()  # a mode's banner and message are its own
            self.messages.clear()
            self._cameras[self.mode.name] = self.orbit.state()
        self.mode = self.modes[name]
        register(self, self.mode.bindings, self.guarded)
        self.help.set_tables((self.bindings, self.mode.bindings), self.mode.mouse_help)
        self.mode.enter()
        self.layout()  # the panel's width may have changed
        if name in self._cameras:
            self.orbit.restore(self._cameras[name])
        self._next_hud = 0.0

    def destroy(self):
        """Close the window and stop the app's frame task (the task manager is shared)."""
        if self._update_task is not None:
            self.task_mgr.remove(self._update_task)
        super().destroy()

    def guarded(self, handler, fallback=None):
        """``handler`` made safe for an input or a frame: no error may close the window. One that
        happens is logged in full (the first time) and said on screen; the call returns
        ``fallback``."""

        @functools.wraps(handler)
        def call(*args):
            try:
                return handler(*args)
            except Exception as error:  # the scene goes on; the error is logged, not lost
                seen = (type(error), str(error))
                if seen not in self._failures:
                    self._failures.add(seen)
                    log.exception("the scene went on after an error")
                self.messages.say(f"Something went wrong ({error}); the scene goes on.", warning=True)
                return fallback

        return call

    def layout(self):
        """Size the text (and the mode's panel) for the window's height, and wrap the status
        lines and the message within the width the panel leaves."""
        scale = min(max((TEXT_REFERENCE_HEIGHT / self.window_height()) ** 0.5, 1.0), MAX_TEXT_GROWTH)
        self.mode.set_scale(scale)
        self.hud.fit(scale)
        self.messages.fit(scale)

    def window_height(self):
        """The window's height in pixels."""
        return self.win.get_y_size() if self.win is not None else TEXT_REFERENCE_HEIGHT

    def next_mode(self):
        """Switch to the next mode of ``MODES``."""
        self.set_mode(MODE_NAMES[(MODE_NAMES.index(self.mode.name) + 1) % len(MODE_NAMES)])

    @property
    def startup_problem(self):
        """What went wrong loading the user's files at start (a line to show), or None."""
        return self.modes["curves"].startup_problem

    def windowEvent(self, window):
        """Keep the 3D view centred beside the plot when the window changes shape."""
        super().windowEvent(window)
        if getattr(self, "mode", None) is not None:
            self.orbit.keep_clear_of(self.orbit.covered_right)
            self.layout()

    def toggle_help(self):
        """Show or hide the help overlay (and the status lines under it: none shows through)."""
        self.help.toggle()
        if self.help.visible:
            self.hud.root.hide()
        else:
            self.hud.root.show()

    def update(self, task):
        """Once a frame: camera, mode (paused while the help is up), messages, and (a few times
        a second) the status lines."""
        self.orbit.update()
        if not self.help.visible:
            self.mode.update(self.clock.dt)
        self.messages.update()
        self.banner.update()
        now = self.clock.get_frame_time()
        if now >= self._next_hud:
            self._next_hud = now + HUD_PERIOD
            fps = self.clock.get_average_frame_rate()
            title = f"{self.mode.title} mode (Tab: next)"
            self.hud.set_lines([title, *self.mode.status_lines(), f"{fps:.0f} fps    H: help"])
        return task.cont

    def _press_left(self, shifted):
        if not self.mode.grab(shifted) and not self._on_panel():
            self.orbit.begin(Drag.ORBIT)

    def _press_right(self):
        if not self._on_panel():
            self.orbit.begin(self.mode.right_drag)

    def _pan(self):
        if not self._on_panel():
            self.orbit.begin(Drag.PAN)

    def _on_panel(self):
        """Whether the mouse is over a panel of the mode's own (the curves mode's plot), where a
        press never moves the camera."""
        return self.mode.covers_pointer()

    def _release(self):
        self.mode.release()
        self.orbit.end()

    def _bind_mouse(self):
        guarded = self.guarded
        self.accept("mouse1", guarded(self._press_left), [False])
        self.accept("shift-mouse1", guarded(self._press_left), [True])
        for event in ("control-mouse1", "mouse2"):
            self.accept(event, guarded(self._pan))
        self.accept("mouse3", guarded(self._press_right))
        for button in ("mouse1", "mouse2", "mouse3"):
            for modifier in ("", "shift-", "control-"):
                self.accept(f"{modifier}{button}-up", guarded(self._release))
        self.accept("wheel_up", guarded(self.orbit.zoom), [1.0 / ZOOM_STEP])
        self.accept("wheel_down", guarded(self.orbit.zoom), [ZOOM_STEP])

    def _light_scene(self):
        """Soft light: a warm sun, a cool fill from the other side so that no face goes flat black,
        and a dim ambient; smooth edges where the window has multisampling."""
        ambient = self.render.attach_new_node(AmbientLight("ambient"))
        ambient.node().set_color((0.2, 0.2, 0.24, 1.0))
        sun = self.render.attach_new_node(DirectionalLight("sun"))
        sun.node().set_color((0.85, 0.83, 0.76, 1.0))
        sun.set_hpr(30, -50, 0)
        fill = self.render.attach_new_node(DirectionalLight("fill"))
        fill.node().set_color((0.22, 0.25, 0.32, 1.0))
        fill.set_hpr(210, -20, 0)
        for light in (ambient, sun, fill):
            self.render.set_light(light)
        if self.win.get_fb_properties().get_multisamples() > 0:
            self.render.set_antialias(AntialiasAttrib.M_multisample)
