"""The tower-defense game without a window: waves, lives, towers, methods, determinism."""

import numpy as np
import pytest

from scene.kit.refusal import Refusal
from scene.towerdefense.defense_game import AVOIDANCE, CANNON, FROST, LIVES, TICK, DefenseGame, Method, Tower
from trajectory.crowds.neighbours import close_pairs


def without_towers(game):
    game.towers.clear()
    return game


def test_the_first_enemy_reaches_the_base_at_length_over_speed_and_costs_a_life():
    game = without_towers(DefenseGame(Method.WAYPOINTS))
    game.advance(TICK)  # wave 1 starts: its first enemy
    speed = game.enemies.speeds[0]
    lane_length = game.enemies.lane_lengths[game.enemies.lanes[0]]
    arrival = TICK + lane_length / speed  # spawned at the end of the first tick
    game.advance(arrival - 2 * TICK - game.time)
    assert game.lives == LIVES
    game.advance(2 * TICK)
    assert game.lives == LIVES - 1 and game.wave == 1


@pytest.mark.parametrize("method", list(Method))
def test_the_same_game_time_is_the_same_game_at_any_frame_rate(method):
    def play(frame_times):
        game = DefenseGame(method, seed=5)
        for dt in frame_times:
            game.advance(dt)
        return game

    sixty = play([1 / 60] * 1800)  # 30 s
    for frames in ([1 / 144] * 4320, [8 / 60] * 225, np.full(1000, 0.03).tolist()):
        other = play(frames)
        assert other.ticks == sixty.ticks
        assert (other.wave, other.lives, other.killed) == (sixty.wave, sixty.lives, sixty.killed)
        np.testing.assert_array_equal(other.enemies.positions, sixty.enemies.positions)
        np.testing.assert_array_equal(other.enemies.health, sixty.enemies.health)


def test_towers_shoot_the_enemy_furthest_along_and_frost_slows():
    game = without_towers(DefenseGame(Method.WAYPOINTS))
    for _ in range(3):
        game.advance(2.0)  # three enemies, two seconds apart
    assert len(game.enemies) == 3
    leader = game.enemies.furthest()
    assert leader == int(np.argmax(game.enemies.distance))
    game.towers.append(Tower((2, 0), game.enemies.positions[leader] + (0.0, -30.0), FROST))
    game.advance(TICK)
    (shot,) = game.shots.flying
    assert shot.target == game.enemies.ids[leader] and np.all(game.enemies.multipliers == 1.0)
    while game.shots.flying:  # 30 units away: it lands after about 30 / SHOT_SPEED s
        game.advance(TICK)
    landed = game.time
    assert landed == pytest.approx(shot.lands, abs=TICK) and game.shots.hits == 1
    assert game.enemies.multipliers[leader] == pytest.approx(FROST.multiplier)
    assert np.all(np.delete(game.enemies.multipliers, leader) == 1.0)
    game.towers.pop()  # the tower goes: the slow wears off after its time
    game.advance(FROST.slow_for - 2 * TICK)
    assert game.enemies.multipliers[leader] == pytest.approx(FROST.multiplier)
    game.advance(2 * TICK)
    assert game.enemies.multipliers[leader] == 1.0


@pytest.mark.parametrize("method", [Method.WAYPOINTS, Method.ROUNDED])
def test_on_a_known_path_every_cannon_shot_lands_where_its_target_is(method):
    """Led along the lane, a shot meets its target to the tick the shot lands on: at 60 to 120
    units a second, within 1 unit (a tick's walk) of the aim, far inside the hit radius."""
    game = DefenseGame(method)
    game.towers = [tower for tower in game.towers if tower.kind is CANNON]
    gaps = []
    land = game.shots.land

    def measured(until, ids, positions):
        for shot in game.shots.flying:
            where = np.flatnonzero(ids == shot.target)
            if shot.lands <= until and len(where):
                gaps.append(float(np.hypot(*(positions[where[0]] - shot.aim))))
        return land(until, ids, positions)

    game.shots.land = measured
    game.advance(90.0)
    assert game.shots.hits > 50 and game.shots.misses == 0
    assert max(gaps) <= 120.0 * TICK + 1e-9


def test_steering_enemies_are_led_by_their_velocity_and_mostly_hit():
    game = DefenseGame(Method.STEERING)
    game.advance(90.0)
    assert game.shots.hits > 50 and game.shots.hits > 5 * game.shots.misses


def test_shots_in_flight_keep_their_targets_when_the_method_changes():
    game = DefenseGame(Method.WAYPOINTS)
    while not game.shots.flying:
        game.advance(TICK)
    (shot,) = game.shots.flying[:1]
    index = int(np.flatnonzero(game.enemies.ids == shot.target)[0])
    game.set_method(Method.STEERING)
    assert game.enemies.ids[index] == shot.target  # the same enemy, under its new number


def test_cannons_kill_and_kills_are_counted():
    game = DefenseGame(Method.WAYPOINTS)
    game.advance(60.0)
    lost = LIVES - game.lives
    assert game.killed > 0 and game.spawned >= 6
    assert game.killed + len(game.enemies) + lost == game.spawned  # every enemy is dead, on the board or in


def test_switching_method_keeps_the_enemies_where_they_are():
    game = without_towers(DefenseGame(Method.WAYPOINTS))
    game.advance(7.0)
    progress, health = game.enemies.progress.copy(), game.enemies.health.copy()
    for method in (Method.STEERING, Method.ROUNDED, Method.WAYPOINTS):
        game.set_method(method)
        assert game.method == method
        np.testing.assert_allclose(game.enemies.progress, progress, atol=0.02)
        np.testing.assert_array_equal(game.enemies.health, health)
        progress = game.enemies.progress.copy()
    with pytest.raises(ValueError, match="method"):
        game.set_method("teleport")


def test_towers_are_built_only_on_free_cells():
    game = DefenseGame()
    assert game.place_tower((5 * 40 + 3, 1 * 40 + 3)) is Refusal.ON_PATH
    assert game.place_tower((4 * 40 + 20, 2 * 40 + 20)) is Refusal.TAKEN
    assert game.remove_tower((4 * 40 + 20, 2 * 40 + 20)) and not game.remove_tower((4 * 40 + 20, 2 * 40 + 20))
    assert game.place_tower((4 * 40 + 20, 2 * 40 + 20)) is None
    assert game.place_tower((-5, 30)) is Refusal.OFF_BOARD
    assert game.place_tower((0 * 40 + 5, 5 * 40 + 5), CANNON) is None
    while len(game.towers) < 12:
        assert game.place_tower((len(game.towers) * 40 + 20, 11 * 40 + 20)) is None
    assert game.place_tower((19 * 40 + 20, 0 * 40 + 20)) is Refusal.FULL


def test_the_game_ends_when_the_lives_run_out_and_restarts():
    game = without_towers(DefenseGame(Method.WAYPOINTS))
    game.lives = 1
    game.advance(60.0)
    assert game.over and game.lives == 0
    frozen = game.time
    game.advance(10.0)
    assert game.time == frozen
    game.restart()
    assert (game.lives, game.wave, len(game.enemies)) == (LIVES, 0, 0)


@pytest.mark.parametrize("rate", [30, 60, 144])
def test_an_hour_of_frames_runs_every_tick_of_the_game(rate):
    game = DefenseGame()
    ran = 0

    def count_tick():
        nonlocal ran
        ran += 1

    game._tick = count_tick  # only the game's time keeping is under test
    for _ in range(3600 * rate):
        game.advance(1 / rate)
    assert ran == 432_000


def test_advancing_more_than_the_bound_at_once_is_refused():
    game = DefenseGame()
    with pytest.raises(ValueError, match="at most"):
        game.advance(1e9)
    assert game.ticks == 0


@pytest.mark.parametrize("method", list(Method))
def test_enemies_that_give_way_never_overlap_even_behind_a_slowed_one(method):
    """Frost towers slow the enemies in front; those behind, faster, catch up: giving way, no
    two overlap by more than 1 % of a radius after any tick, and the game goes on to kills and
    lost lives as without."""
    game = DefenseGame(method, seed=2)
    game.towers.clear()
    for cell in ((4, 2), (11, 5)):
        game.towers.append(game._tower(cell, FROST))
    radius = AVOIDANCE.radius
    for _ in range(round(40.0 / TICK)):
        game.advance(TICK)
        positions = game.enemies.positions
        first, second = close_pairs(positions, 2.0 * radius)
        overlap = 2.0 * radius - np.hypot(*(positions[first] - positions[second]).T)
        assert (overlap <= 0.01 * radius + 1e-9).all()
    assert game.spawned >= 6 and game.lives < LIVES  # frost alone kills nothing: they get through


def test_turning_giving_way_off_and_on_keeps_the_enemies():
    game = without_towers(DefenseGame(Method.WAYPOINTS))
    game.advance(9.0)
    progress, health = game.enemies.progress.copy(), game.enemies.health.copy()
    game.toggle_avoidance()
    assert not game.avoiding and game.enemies.avoidance is None
    np.testing.assert_allclose(game.enemies.progress, np.clip(progress, 0.0, 1.0), atol=1e-12)
    np.testing.assert_array_equal(game.enemies.health, health)
    game.toggle_avoidance()
    assert game.avoiding and len(game.enemies) == len(health)
