"""What a new user reads at a glance (issue 14), in an offscreen window: each mode keeps its own
camera, the plot owns its area, the help covers and pauses everything."""

import numpy as np
import pytest

from scene.curves.velocity_plot import DISTANCE_HEIGHT, WIDTH
from tests.scene.helpers import move_handle, move_point, press, step


def _camera(app):
    target, yaw, pitch, distance = app.orbit.state()
    return (*target.tolist(), yaw, pitch, distance)


def test_each_mode_keeps_its_own_camera(app):
    app.orbit.yaw, app.orbit.pitch = 70.0, 12.0
    app.orbit.apply()
    curves = _camera(app)
    press(app, "tab")  # turning
    turning = _camera(app)
    assert turning != curves
    app.orbit.zoom(0.5)
    turning = _camera(app)
    press(app, "tab")  # tower defense
    press(app, "tab")  # the maze
    press(app, "tab")  # curves again: as it was left
    assert _camera(app) == curves
    press(app, "tab")
    assert _camera(app) == turning


def _plot_point(app, x, z):
    """Film coordinates of the plot's local point (x, z)."""
    from panda3d.core import Point3

    film = app.render2d.get_relative_point(app.mode.plot.root, Point3(x, 0, z))
    return film.x, film.z


def test_a_press_on_the_plot_never_moves_the_camera(app, pointer):
    plot = app.mode.plot
    before = _camera(app)
    for button in ("mouse1", "mouse3", "mouse2", "control-mouse1"):
        pointer.at = _plot_point(app, WIDTH / 2, plot._speed_base - 0.05)  # between two panels
        press(app, button)
        pointer.at = (pointer.at[0] - 0.3, pointer.at[1] + 0.2)
        step(app, 3)
        press(app, "mouse1-up")
        assert _camera(app) == before, button
    pointer.at = (-0.8, 0.5)  # the same drag beside the plot orbits
    press(app, "mouse1")
    pointer.at = (-0.5, 0.6)
    step(app, 3)
    press(app, "mouse1-up")
    assert _camera(app) != before


def test_a_handle_on_the_plot_is_still_grabbed(app, pointer):
    press(app, "shift-1")  # constant: an editable cubic
    mode = app.mode
    (x1, y1), _ = mode.model.velocities[0].controls
    pointer.at = _plot_point(app, x1 * WIDTH, mode.plot._distance_base + y1 * DISTANCE_HEIGHT)
    press(app, "mouse1")
    pointer.at = _plot_point(app, (x1 + 0.1) * WIDTH, mode.plot._distance_base + y1 * DISTANCE_HEIGHT)
    step(app)
    press(app, "mouse1-up")
    assert mode.model.velocities[0].controls[0][0] == pytest.approx(x1 + 0.1, abs=1e-5)


def test_the_help_pauses_the_mode_and_covers_the_whole_window(app):
    step(app, 10)
    press(app, "h")
    paused = app.mode.run.time
    step(app, 60)
    assert app.mode.run.time == paused
    shade = app.help.root.find("help dims the window")
    low, high = shade.get_tight_bounds(app.render2d)
    assert low.x <= -1.0 and high.x >= 1.0 and low.z <= -1.0 and high.z >= 1.0  # all of the window
    press(app, "h")
    step(app, 30)
    assert app.mode.run.time > paused


def test_the_help_pauses_the_tower_defense_game(app):
    press(app, "tab")
    press(app, "tab")
    game = app.mode.game
    step(app, 30)
    press(app, "h")
    paused = game.time
    step(app, 120)
    assert game.time == paused
    press(app, "h")
    step(app, 30)
    assert game.time > paused
    assert np.isfinite(game.time)


def test_the_speed_error_strip_is_logarithmic_ours_low_the_seeds_high(app):
    from scene.curves.velocity_plot import ERROR_DECADES, ERROR_HEIGHT, SAMPLES

    plot = app.mode.plot

    def heights():
        rows = np.frombuffer(memoryview(plot.error_line._data.get_array(0)).cast("B"), dtype=np.float32)
        return (rows.reshape(SAMPLES, 4)[:, 2] - plot._error_base) / ERROR_HEIGHT

    ours = heights()
    press(app, "m")
    seed = heights()
    low, high = ERROR_DECADES
    # Heights are decades: ours below 1e-11 of the mean speed, the seed's median above 1e-4.
    assert ours.max() <= (-11 - low) / (high - low)
    assert np.median(seed) >= (-4 - low) / (high - low)
    assert "seed: max" in plot._texts["ripple"].getText()


@pytest.mark.parametrize(
    ("edit", "words"),
    [
        (
            lambda mode: move_handle(mode, 0, (1.217948473416842, 0.5)),
            "go back in time: it would be at 7.31 s",  # 1.2179... of the 6 s run
        ),
        (lambda mode: move_handle(mode, 1, (0.5, 1.6)), "past the end of the curve"),
        (lambda mode: move_handle(mode, 0, (0.3, -0.9)), "back before the start of the curve"),
        (lambda mode: move_point(mode, 0, (2e4, 0.0, 0.0)), "could not be seen or grabbed back"),
    ],
)
def test_refusals_are_in_the_users_words_with_rounded_numbers(app, edit, words):
    import re

    press(app, "shift-6")  # CSS ease, editable
    before = (app.mode.model.velocities[5], app.mode.model.trajectories[0])
    edit(app.mode)
    message = app.messages.current
    assert message.startswith("Refused: ") and words in message
    assert "cubic_bezier" not in message and not re.search(r"\d\.\d{4,}", message)
    assert (app.mode.model.velocities[5], app.mode.model.trajectories[0]) == before  # nothing lost


def _box(node, app):
    low, high = node.get_tight_bounds(app.render2d)
    return low.x, high.x, low.z, high.z


def _apart(a, b):
    return a[1] <= b[0] or b[1] <= a[0] or a[3] <= b[2] or b[3] <= a[2]


@pytest.mark.parametrize("size", [(640, 480), (800, 600), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("velocity", ["shift-1", "d"])
def test_hud_plot_and_messages_never_overlap_and_stay_in_the_window(app, size, velocity, monkeypatch):
    """At each window shape: the status lines (top left), the plot (bottom right) and a long
    refusal (bottom left, wrapped) keep to their regions, inside the window; the plot's texts
    keep inside its panel. (The offscreen buffer keeps its size: the shape is what the app is told,
    as a resize tells it.)"""
    monkeypatch.setattr(app, "get_aspect_ratio", lambda *_: size[0] / size[1])
    monkeypatch.setattr(app, "window_height", lambda: size[1])
    app.adjustWindowAspectRatio(size[0] / size[1])
    app.orbit.keep_clear_of(app.orbit.covered_right)
    app.layout()
    press(app, velocity)
    move_handle(app.mode, 0, (0.3, 0.35)) if velocity != "d" else None
    app.messages.say("Refused: " + "a long reason that a person needs to read in full " * 3, warning=True)
    step(app, 10)  # the HUD refreshes a few times a second
    hud = _box(app.hud.text, app)
    plot = _box(app.mode.plot.root, app)
    message = _box(app.messages.text, app)
    for box in (hud, plot, message):
        assert -1.0 <= box[0] and box[1] <= 1.0 and -1.0 <= box[2] and box[3] <= 1.0, box
    assert _apart(hud, plot) and _apart(hud, message) and _apart(plot, message)
    panel = _box(app.mode.plot.root.find("plot background"), app)
    for text in app.mode.plot.root.find_all_matches("**/+TextNode"):
        if not text.is_hidden() and text.node().get_text():
            inner = _box(text, app)
            assert (
                panel[0] <= inner[0]
                and inner[1] <= panel[1]
                and panel[2] <= inner[2]
                and inner[3] <= panel[3]
            ), text.node().get_text()


def test_the_rider_casts_a_soft_shadow_on_the_ground_under_it(app):
    step(app, 40)
    sphere = app.mode.riders.leader.get_pos(app.render)
    shadow = app.mode.riders.shadow.get_pos(app.render)
    assert sphere.z > 0.3 and abs(shadow.z) < 0.05  # the rider above the ground, its shadow on it
    assert (shadow.x, shadow.y) == pytest.approx((sphere.x, sphere.y), abs=1e-5)


def test_every_unit_of_the_turning_mode_has_a_shadow_that_moves_with_it(app):
    press(app, "tab")
    for model in app.mode.models:
        shadow = model.find("shadow")
        assert not shadow.is_empty() and shadow.get_pos(app.render).z == pytest.approx(0.01, abs=1e-6)


@pytest.mark.parametrize("height", [480, 600, 720, 1080])
def test_text_stays_readable_in_small_windows(app, monkeypatch, height):
    """Text is sized with the window, and grows in windows under 720 pixels tall: the status lines
    at least 13 pixels high, the plot's at least 11."""
    from scene.curves.velocity_plot import TEXT_SCALE
    from scene.ui.overlay import HUD_SCALE

    monkeypatch.setattr(app, "window_height", lambda: height)
    app.layout()
    pixels_per_unit = height / 2.0  # aspect2d is 2 units high
    assert (
        app.hud.text.getScale()[0] * pixels_per_unit >= min(13.0, HUD_SCALE * pixels_per_unit * 1.25) - 1e-9
    )
    assert app.hud.text.getScale()[0] * pixels_per_unit >= 13.0 or height >= 720
    assert TEXT_SCALE * app.mode.plot.scale * pixels_per_unit >= 11.0


def test_every_enemy_has_a_shadow_on_the_path(app):
    press(app, "tab")
    press(app, "tab")
    step(app, 60 * 5)
    nodes = app.mode.enemy_nodes
    assert nodes and all(not node.find("shadow").is_empty() for node in nodes)
    from panda3d.core import ColorAttrib

    nodes[0].set_color((0.55, 0.9, 1.0, 1.0), 1)  # as a slow colours an enemy
    colour = nodes[0].find("shadow").get_net_state().get_attrib(ColorAttrib.get_class_type())
    assert colour.get_color_type() != ColorAttrib.T_flat  # its shadow keeps its own dark colours
