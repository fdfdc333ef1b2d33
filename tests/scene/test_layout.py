"""The layout as rectangles (issue 25): at 640x480, 1280x720 and 1920x1080, in each mode and in
the states that change the text (a drag's unmeasured plot, the seed's tables, driving, a long
refusal, the help, a lost game), every text lies inside its panel and no two of a layer overlap.
(The plot's title and "(exact: when you let go)" ran past its panel, the "3" of the time axis
touched the speed panel's title, the turning help ran past its box, the game-over line had no
backdrop.)"""

import pytest
from panda3d.core import load_prc_file_data, unload_prc_file

from tests.scene.helpers import FRAME_RATE, press, step
from tests.scene.layout import problems
from tests.scene.towerdefense.test_defense_mode import lose_the_game


@pytest.fixture(params=["640 480", "1280 720", "1920 1080"], ids=["640x480", "1280x720", "1920x1080"])
def sized_app(request, presets_file):
    from scene.app import SceneApp

    page = load_prc_file_data("window size", f"win-size {request.param}")
    app = SceneApp("curves", presets_file, window_type="offscreen", frame_rate=FRAME_RATE)
    unload_prc_file(page)
    assert (app.win.get_x_size(), app.win.get_y_size()) == tuple(map(int, request.param.split()))
    step(app, 5)
    yield app
    app.destroy()


def assert_laid_out(app, state):
    step(app, 20)  # the status lines are rewritten a few times a second
    found = problems(app)
    assert not found, f"{state}: " + "; ".join(found)
    press(app, "h")
    found = problems(app)
    press(app, "h")
    assert not found, f"{state}, with the help: " + "; ".join(found)


def test_the_curves_mode(sized_app):
    app = sized_app
    assert_laid_out(app, "the curves mode")
    mode = app.mode  # as a drag's step draws it: the speed error waits for the release
    mode.plot.show(mode.motion, mode.model.velocity.handles, measure=False)
    assert "when you let go" in app.mode.plot._texts["ripple"].getText()
    assert_laid_out(app, "a drag")
    press(app, "m")
    assert_laid_out(app, "the seed's tables")
    press(app, "d")
    assert_laid_out(app, "driving")
    app.messages.say("Refused: " + "a long reason that a person needs to read in full " * 3, warning=True)
    assert_laid_out(app, "a long refusal")


def test_the_turning_mode(sized_app):
    app = sized_app
    press(app, "tab")
    assert app.mode.name == "turning"
    assert_laid_out(app, "the turning mode")
    press(app, "o")
    assert_laid_out(app, "painting")


def test_the_tower_defense_mode_and_a_lost_game(sized_app):
    app = sized_app
    press(app, "tab")
    press(app, "tab")
    mode = app.mode
    assert mode.name == "towerdefense"
    step(app, 2)
    assert app.banner.current == "Wave 1"
    assert_laid_out(app, "a wave's banner")
    lose_the_game(app, mode)
    assert app.banner.current == "Game over"
    assert not app.banner.backdrop.is_hidden()
    assert_laid_out(app, "game over")


def test_the_help_hides_the_status_lines_fits_its_lines_and_draws_a_full_plus(sized_app):
    """The help once let the status lines show through, had an empty band above its first
    line, and its font drew "+" as a small star: now the status lines hide while it shows, its
    box ends a margin above its first line, every line lies inside the window, and "+" is as
    wide as a letter."""
    from scene.ui.overlay import BACKDROP_MARGIN

    app = sized_app
    press(app, "h")
    assert app.help.visible and app.hud.root.is_hidden()
    box_low, box_high = app.help.background.get_tight_bounds(app.aspect2d)
    low, high = app.help.helps.get_tight_bounds(app.aspect2d)
    assert box_high.z - high.z == pytest.approx(BACKDROP_MARGIN, abs=1e-3)
    assert low.z >= -1.0 and box_low.z >= -1.0 and box_high.z <= 1.0
    font = app.help.keys.textNode.get_font()
    assert font.get_glyph(ord("+")).get_advance() >= 0.8 * font.get_glyph(ord("n")).get_advance()
    press(app, "h")
    assert not app.help.visible and not app.hud.root.is_hidden()
