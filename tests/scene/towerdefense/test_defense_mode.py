"""The tower-defense mode in an offscreen window on a fixed 60 Hz clock, played with the keys and
clicks a person would use."""

import numpy as np
import pytest

from scene.towerdefense.defense_game import LIVES, Method
from scene.ui.pointer import to_film
from tests.scene.helpers import assert_documented, press, step


@pytest.fixture
def mode(app):
    for _ in range(2):  # curves -> turning -> tower defense
        app.messenger.send("tab")
        step(app)
    assert app.mode.name == "towerdefense"
    return app.mode


def click_cell(app, pointer, mode, col, row, event="mouse1"):
    size = mode.game.grid.cell_size
    world = mode.app.render.get_relative_point(mode.board, ((col + 0.5) * size, (row + 0.5) * size, 0.0))
    pointer.at = to_film(app, tuple(world))
    app.messenger.send(event)
    step(app)
    app.messenger.send("mouse1-up")
    step(app)


def hud(app):
    return app.hud.text.getText()


def test_a_wave_spawns_and_enemies_stand_where_the_game_says(app, mode):
    step(app, 30)
    game = mode.game
    assert game.wave == 1 and len(game.enemies) >= 1
    step(app, 10)  # the HUD refreshes ten times a second
    assert "Tower defense mode" in hud(app) and "Wave 1" in hud(app) and f"lives {LIVES}" in hud(app)
    for node, position in zip(mode.enemy_nodes, game.enemies.positions):
        assert not node.is_hidden()
        np.testing.assert_allclose((node.get_x(), node.get_y()), position, atol=1e-3)
    game.enemies.health[0] = game.enemies.full_health[0] / 4  # as if hit: its bar shows a quarter left
    step(app)
    assert mode.health_bars[0].get_sx() == pytest.approx(0.25)


def test_with_the_towers_taken_down_an_enemy_reaches_the_base_and_a_life_is_lost(app, pointer, mode):
    for tower in list(mode.game.towers):
        click_cell(app, pointer, mode, *tower.cell)
    assert mode.game.towers == [] and len(mode.tower_nodes) == 0
    press(app, "8")
    assert "x8" in mode.status_lines()[2]
    for _ in range(60 * 10):
        step(app)
        if mode.game.lives < LIVES:
            break
    assert mode.game.lives == LIVES - 1
    step(app, 10)
    assert f"lives {LIVES - 1}" in hud(app)


def lose_the_game(app, mode):
    """Take the towers down, leave one life, play at x8 until the base falls (10 s at most)."""
    mode.game.towers.clear()
    mode.game.lives = 1
    press(app, "8")
    for _ in range(60 * 10):
        step(app)
        if mode.game.over:
            break


def test_waves_and_game_over_get_banners_and_r_starts_again(app, mode):
    step(app, 2)
    assert app.banner.current == "Wave 1" and "6 enemies" in app.banner.line.getText()
    step(app, 3 * 60)
    assert app.banner.current == ""  # a wave's banner goes after 2 s
    lose_the_game(app, mode)
    assert mode.game.over and app.banner.current == "Game over"
    assert "wave 1" in app.banner.line.getText() and "R restarts" in app.banner.line.getText()
    step(app, 60 * 20)
    assert app.banner.current == "Game over"  # it stays until the restart
    assert all(shot.path.is_hidden() for shot in mode.shots)  # no shot frozen on screen
    assert "GAME OVER" in hud(app)
    press(app, "r")
    assert not mode.game.over and mode.game.lives == LIVES and len(mode.tower_nodes) == 4
    assert app.banner.current == "Wave 1"  # the new game's first wave, the old banner gone


def test_a_slowed_enemy_turns_ice_blue(app, mode):
    from scene.towerdefense.defense_mode import SLOWED_COLOUR

    press(app, "8")  # the frost tower's first target comes at about 40 s of game time
    for _ in range(60 * 20):
        step(app)
        slowed = mode.game.enemies.multipliers < 1.0
        if slowed.any():
            break
    assert slowed.any()
    node = mode.enemy_nodes[int(np.argmax(slowed))]
    assert node.has_color() and tuple(node.get_color()) == pytest.approx(SLOWED_COLOUR, abs=1e-2)  # 8-bit
    assert not mode.enemy_nodes[int(np.argmin(slowed))].has_color() or slowed.all()


def test_clicks_build_towers_on_free_cells_only(app, pointer, mode):
    click_cell(app, pointer, mode, 2, 9)
    assert len(mode.game.towers) == 5 and mode.game.towers[-1].kind.name == "cannon"
    click_cell(app, pointer, mode, 3, 9, event="shift-mouse1")
    assert mode.game.towers[-1].kind.name == "frost" and len(mode.tower_nodes) == 6
    click_cell(app, pointer, mode, 5, 1)  # on the path
    assert len(mode.game.towers) == 6 and "cannot stand on the path" in app.messages.current


def test_a_new_tower_shows_how_far_it_shoots_for_a_while(app, pointer, mode):
    """Placing a tower showed no range."""
    from scene.towerdefense.defense_mode import RANGE_SECONDS

    click_cell(app, pointer, mode, 2, 9)
    tower = mode.game.towers[-1]
    ring = mode._range_ring
    assert ring is not None and not ring.is_hidden()
    low, high = ring.get_tight_bounds(mode.board)
    np.testing.assert_allclose([(high.x - low.x) / 2, (high.y - low.y) / 2], tower.kind.range, rtol=1e-3)
    np.testing.assert_allclose([(high.x + low.x) / 2, (high.y + low.y) / 2], tower.position, atol=1e-3)
    step(app, int(RANGE_SECONDS * 60) + 10)
    assert mode._range_ring is None


def test_method_speed_pause_and_restart_keys(app, mode):
    step(app, 200)
    press(app, "m")
    assert mode.game.method is Method.STEERING and "steering" in app.messages.current
    press(app, "m")
    assert mode.game.method is Method.ROUNDED and "rounded corners" in app.messages.current
    press(app, "4")
    time = mode.game.time
    step(app, 60)
    assert mode.game.time == pytest.approx(time + 4.0, abs=1e-9)
    press(app, "space")
    paused = mode.game.time
    step(app, 30)
    assert mode.game.time == paused
    press(app, "space")
    press(app, "r")
    assert mode.game.wave <= 1 and mode.game.time < 0.1 and mode.game.method is Method.ROUNDED


def test_the_docs_list_every_binding_of_the_mode(app, mode):
    assert_documented(mode.bindings, mode.mouse_help)


def test_a_stall_does_not_replay_the_lost_time(app, mode):
    """20 s without a frame at game speed x8 once ran 160 s of game in one frame."""
    from panda3d.core import ClockObject

    from scene.app import MAX_FRAME_DT
    from scene.towerdefense.defense_game import TICK

    press(app, "8")
    app.clock.set_mode(ClockObject.M_normal)
    step(app, 3)
    ticks, wave, lives = mode.game.ticks, mode.game.wave, mode.game.lives
    app.clock.set_real_time(app.clock.get_real_time() + 20.0)  # the stall
    step(app, 2)  # the clock measures it at the end of the first frame; the second frame gets it
    assert mode.game.ticks - ticks <= 2 * round(8 * MAX_FRAME_DT / TICK)  # two frames at most at the cap
    assert (mode.game.wave, mode.game.lives) == (wave, lives)


def streak_end(strip):
    from panda3d.core import GeomVertexReader

    reader = GeomVertexReader(strip.path.node().get_geom(0).get_vertex_data(), "vertex")
    ends = [reader.get_data3() for _ in range(strip.count)]
    return np.array([ends[-1].x, ends[-1].y])


def test_each_tower_streaks_its_own_shot_in_flight_and_no_other(app, mode):
    game = mode.game
    for _ in range(60 * 20):
        step(app)
        if any(shot.done(game.time) < 1.0 for shot in game.shots.flying):
            break
    flying = {tuple(shot.start): shot for shot in game.shots.flying}
    assert flying and len(flying) < len(game.towers)  # some towers firing, some not
    for tower, strip in zip(game.towers, mode.shots):
        shot = flying.get(tuple(tower.position))
        assert strip.path.is_hidden() == (shot is None)
        if shot is not None:
            np.testing.assert_allclose(streak_end(strip), shot.at(game.time), atol=1e-4)
    assert all(strip.path.is_hidden() for strip in mode.shots[len(game.towers) :])


def test_a_turns_giving_way_off_and_on_and_the_hud_says_so(app, mode):
    step(app, 200)
    assert mode.game.avoiding and "never overlapping" in mode.status_lines()[-1]
    enemies = len(mode.game.enemies)
    press(app, "a")
    assert not mode.game.avoiding and "pass through each other" in mode.status_lines()[-1]
    assert "pass through each other" in app.messages.current and len(mode.game.enemies) == enemies
    press(app, "a")
    assert mode.game.avoiding and len(mode.game.enemies) == enemies
