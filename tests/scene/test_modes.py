"""The written-down mode interface: every mode implements it, with one signature, and the list of
modes is defined once (without Panda3D, so that --help stays fast)."""

import inspect
import subprocess
import sys

import pytest

from scene.ui.bindings import KeyBinding
from scene.ui.mode import MODE_NAMES, MODES, Drag, Mode
from tests.scene.helpers import press
from tests.scene.test_main import ROOT


def test_every_mode_implements_the_interface(app):
    assert list(app.modes) == list(MODE_NAMES)
    for entry in MODES:
        mode = app.modes[entry.name]
        assert isinstance(mode, Mode) and mode.name == entry.name
        assert isinstance(mode.right_drag, Drag) and mode.title
        for name in (
            "enter",
            "exit",
            "update",
            "status_lines",
            "grab",
            "release",
            "set_scale",
            "covers_pointer",
        ):
            ours = inspect.signature(getattr(mode, name)).parameters
            theirs = list(inspect.signature(getattr(Mode, name)).parameters)[1:]
            assert list(ours) == theirs, (entry.name, name)  # the same parameters by the same names
        for binding in mode.bindings:
            assert isinstance(binding, KeyBinding)
            assert all(callable(handler) for _, handler, _ in binding.events)
        assert all(len(line) == 2 for line in mode.mouse_help)


def test_modes_take_their_options_from_their_entry_and_no_other_is_taken(tmp_path):
    """A mode's class is made with its entry's options (the command line's), never reading them
    off the app; options for a mode there is not are refused by name before a window opens."""
    from scene.app import SceneApp

    for entry in MODES:
        assert next(iter(inspect.signature(entry.load()).parameters)) == "app", entry.name
    with pytest.raises(ValueError, match="options for a mode there is not: 'moon'"):
        SceneApp("curves", tmp_path / "presets.json", window_type="offscreen", options={"moon": {}})


def test_tab_goes_through_the_modes_in_their_order(app):
    seen = [app.mode.name]
    for _ in MODES:
        app.next_mode()
        seen.append(app.mode.name)
    assert seen == [*MODE_NAMES, MODE_NAMES[0]]


def test_the_mode_list_and_the_command_line_need_no_panda3d():
    code = (
        "import sys, main, scene.ui.mode; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('panda3d', 'direct')))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"
    from scene.cli import parse_arguments

    assert parse_arguments(["--mode", MODE_NAMES[-1]]).mode == MODE_NAMES[-1]


def test_a_message_of_one_mode_goes_when_another_opens(app):
    """The curves mode's "The run ended..." stayed on the turning mode's screen."""
    app.messages.say("The run ended (it plays once, L): R or Space plays it again.")
    press(app, "tab")
    assert app.mode.name == "turning" and app.messages.current == ""
