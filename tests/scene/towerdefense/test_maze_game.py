"""The maze map's game without drawing: towers anywhere but where they would close the last way
(or on a spawn, the base), enemies re-routed at once and never inside a tower, shots
that lead and mostly hit, a swarm that pours through a gap with no two enemies overlapping, and
a game that repeats: the same checksum at 30, 60 and 144 Hz, on every run, and for a replay of a
game as it was played (avoidance toggled in it)."""

import os
from pathlib import Path

import numpy as np
import pytest

from scene.kit.refusal import Refusal
from scene.towerdefense.maze_game import AVOIDANCE, MAX_REPLAY_BYTES, TICK, MazeGame, Replay
from scene.towerdefense.maze_maps import MAPS
from trajectory.crowds.neighbours import close_pairs

MAZE = MAPS["maze"]
COLS, ROWS, SPAWNS, BASE = MAZE.cols, MAZE.rows, MAZE.spawns, MAZE.base
WALL = [(20, row) for row in range(ROWS) if row != 3]  # a wall with one gap, at row 3


def run(game, ticks, rate):
    """Advance ``game`` by frames of 1/``rate`` s until it has run ``ticks`` ticks."""
    while game.ticks < ticks:
        game.advance(1.0 / rate)
    assert game.ticks == ticks  # frames of these rates end exactly on a tick every second
    return game.checksum()


def played(seed=4):
    """A game played at 60 Hz, towers placed and one taken down as it goes: the game and its
    recording."""
    game = MazeGame(seed=seed)
    moves = {30: [(10, 12), (10, 13), (10, 14)], 200: [(15, 16), (15, 17)], 400: [(30, 14)]}
    for frame in range(900):
        for cell in moves.get(frame, []):
            assert game.place(cell) is None
        if frame == 600:
            assert game.remove((15, 16))
        if frame in (100, 500):  # avoidance off, and on again
            game.toggle_avoidance()
        game.advance(1.0 / 60)
    return game


def test_the_checksum_is_the_same_at_30_60_and_144_hz_and_on_every_run():
    recording = played().recorded
    sums = {rate: run(MazeGame(replay=recording), 900, rate) for rate in (30, 60, 144)}
    assert len(set(sums.values())) == 1
    assert run(MazeGame(replay=recording), 900, 60) == sums[60]  # again, the same
    assert run(MazeGame(replay=Replay(recording.seed + 1, recording.inputs)), 900, 60) != sums[60]


def test_avoidance_changes_the_game_and_a_replay_from_before_it_plays_without():
    recording = played().recorded
    assert recording.avoidance is True and [entry[1] for entry in recording.inputs].count("avoid") == 2
    avoiding = run(MazeGame(replay=recording), 900, 60)
    without = Replay(
        recording.seed, [entry for entry in recording.inputs if entry[1] != "avoid"], "maze", False
    )
    assert run(MazeGame(replay=without), 900, 60) != avoiding


def test_a_swarm_pours_through_a_gap_in_the_maze_with_no_two_enemies_overlapping():
    """The issue's 'done when': a thousand enemies through a two-cell gap in a wall of towers
    across the maze, every tick checked: no two discs overlap by more than 1 % of their radius
    and none stands in a tower."""
    game = MazeGame(seed=6)
    for row in range(ROWS):
        if row not in (14, 15):
            assert game.place((8, row)) is None
    game.swarm()
    radius = AVOIDANCE.radius
    most = 0
    for _ in range(600):
        game.advance(TICK)
        positions = game.enemies.positions
        most = max(most, len(positions))
        first, second = close_pairs(positions, 2.0 * radius)
        overlap = 2.0 * radius - np.hypot(*(positions[first] - positions[second]).T)
        assert (overlap <= 0.01 * radius + 1e-9).all()
        cells = np.floor(positions).astype(int)
        assert not game.field.blocked[cells[:, 1], cells[:, 0]].any()
    through = int((game.enemies.positions[:, 0] > 9.0).sum())
    assert game.avoiding and most > 900 and through > 50  # a crowd of them, and a stream through the gap


def test_a_replay_is_the_game_it_recorded(tmp_path):
    game = played()
    recording = game.recorded
    recording.save(tmp_path / "game.json")
    again = MazeGame(replay=Replay.load(tmp_path / "game.json"))
    assert run(again, game.ticks, 60) == game.checksum()
    assert (again.shots.hits, again.shots.misses, again.killed, again.leaked) == (
        game.shots.hits,
        game.shots.misses,
        game.killed,
        game.leaked,
    )


def test_a_tower_that_would_close_the_last_way_is_refused_and_nothing_changes():
    game = MazeGame()
    for cell in WALL:
        assert game.place(cell) is None
    before = game.field.distances.copy()
    assert game.place((20, 3)) is Refusal.CLOSES_THE_WAY
    np.testing.assert_array_equal(game.field.distances, before)
    route = game.preview((19, 10))
    assert tuple(np.floor(route[-1]).astype(int)) in BASE
    assert any(np.array_equal(np.floor(point).astype(int), (20, 3)) for point in route)  # through the gap


def test_towers_go_only_on_free_cells_off_the_ends():
    game = MazeGame()
    assert game.place((-1, 5)) is Refusal.OFF_BOARD and game.place((COLS, 5)) is Refusal.OFF_BOARD
    assert game.place(SPAWNS[0]) is Refusal.ENDS and game.place(BASE[-1]) is Refusal.ENDS
    assert game.place((5, 5)) is None and game.place((5, 5)) is Refusal.TAKEN


def test_a_tower_built_on_an_enemy_sends_it_to_the_nearest_free_cell_and_on_to_the_base():
    game = MazeGame()
    run(game, 120, 60)
    first = game.enemies.ids[0]
    before = game.enemies.positions[0].copy()
    cell = tuple(np.floor(before).astype(int).tolist())
    assert game.place(cell) is None
    game.advance(TICK)
    after = game.enemies.positions[0]
    assert game.enemies.ids[0] == first and not game.field.is_blocked(game.field.cells(after))
    # It left the tower's cell by its nearest side (a cell's width at most, and the way it went).
    assert np.linalg.norm(after - before) <= 1.0
    leaked = game.leaked
    run(game, 1200, 60)
    assert first not in game.enemies.ids.tolist() and game.leaked + game.killed > leaked


def test_enemies_re_route_at_once_and_never_stand_in_a_tower():
    game = MazeGame(seed=2)
    for tick in range(3000):
        if tick == 300:
            for cell in WALL[:15]:
                game.place(cell)
        game.advance(TICK)
        cells = np.floor(game.enemies.positions).astype(int)
        assert not game.field.blocked[cells[:, 1], cells[:, 0]].any()
    assert game.leaked + game.killed > 0


def test_shots_that_lead_mostly_hit():
    game = MazeGame(seed=5)
    for cell in ((8, 10), (8, 19), (25, 11), (25, 18)):
        game.place(cell)
    run(game, 1800, 60)
    assert game.shots.hits > 20 and game.shots.hits > 5 * game.shots.misses


def test_a_file_that_is_no_replay_is_refused_by_name(tmp_path):
    for text in (
        '{"seed": 1, "inputs": [[1, "explode", 2, 3]]}',
        '{"seed": 1, "inputs": [[1, "place", 2]]}',
        '{"seed": 1, "inputs": [[1, "swarm", 2, 3]]}',
        '{"seed": 1, "map": "moon", "inputs": []}',
        '{"seed": 1, "avoidance": "yes", "inputs": []}',
        '{"seed": 1, "inputs": [[1, "avoid", 2, 3]]}',
    ):
        (tmp_path / "bad.json").write_text(text)
        with pytest.raises(ValueError, match="not a replay"):
            Replay.load(tmp_path / "bad.json")
    with pytest.raises(ValueError, match="not a replay"):
        Replay.load(tmp_path / "missing.json")


def test_a_hand_made_replay_s_impossible_moves_are_skipped_and_counted():
    spawn, free = list(SPAWNS[0]), [7, 7]
    inputs = [[0, "place", *spawn], [0, "place", *free], [0, "place", *free], [5, "remove", 30, 3]]
    game = MazeGame(replay=Replay(0, inputs))
    run(game, 10, 60)
    assert game.refused_inputs == 3 and list(game.towers) == [tuple(free)]


def test_moves_made_in_one_tick_are_replayed_in_the_order_they_were_made():
    game = MazeGame()
    game.place((7, 7))
    game.remove((7, 7))
    game.place((8, 8))
    again = MazeGame(replay=game.recorded)
    run(again, 1, 60)
    assert list(again.towers) == [(8, 8)] and again.refused_inputs == 0


def test_a_swarm_brings_the_map_s_swarm_at_its_pace_and_replays_to_the_same_checksum():
    game = MazeGame(seed=3)
    game.swarm()
    run(game, 10, 60)
    every = round(MAZE.spawn_every / TICK)  # the steady spawns: one at tick 0, 30, 60, ...
    assert (
        len(game.enemies) == 10 * MAZE.swarm_per_tick + 1
        and game.swarming == MAZE.swarm - 10 * MAZE.swarm_per_tick
    )
    run(game, 3 * every, 60)
    again = MazeGame(replay=game.recorded)
    assert run(again, game.ticks, 144) == game.checksum()


def test_the_crowd_map_is_100_by_100_and_its_swarm_walks_without_entering_a_tower():
    crowd = MAPS["crowd"]
    game = MazeGame(seed=1, maze_map=crowd)
    assert game.field.blocked.shape == (100, 100) and game.recorded.map_name == "crowd"
    for row in range(crowd.rows):  # a wall across the field with two gaps
        if row not in (20, 80):
            assert game.place((50, row)) is None
    game.swarm()
    for _ in range(20):
        game.advance(0.5)
        cells = np.floor(game.enemies.positions).astype(int)
        assert not game.field.blocked[cells[:, 1], cells[:, 0]].any()
    assert len(game.enemies) > 1000 and game.enemies.positions[:, 0].max() > 15  # walking at 2 a second
    assert MazeGame(replay=game.recorded).map is crowd


@pytest.mark.parametrize(
    "text",
    [
        '{"seed": 1, "inputs": [[Infinity, "swarm"]]}',
        '{"seed": 1, "inputs": [[-4, "swarm"]]}',
        '{"seed": 1, "inputs": [[2.5, "swarm"]]}',
        '{"seed": 1, "inputs": [["3", "place", 2, 3]]}',
        '{"seed": 1, "inputs": [[true, "swarm"]]}',
        '{"seed": 1, "inputs": [[1, "place", 2.5, 3]]}',
        '{"seed": 3.7, "inputs": []}',
        '{"seed": "3", "inputs": []}',
        '{"seed": -1, "inputs": []}',
        '{"seed": Infinity, "inputs": []}',
        '{"seed": 1' + "0" * 400 + ', "inputs": []}',
        '{"seed": 1, "inputs": 3}',
        '{"seed": 1, "inputs": [' + "[" * 5000 + "]" * 5000 + "]}",
        "[1, 2]",
    ],
)
def test_a_replay_s_seed_and_ticks_are_whole_numbers_or_the_file_is_refused(tmp_path, text):
    (tmp_path / "bad.json").write_text(text)
    with pytest.raises(ValueError, match="is not a replay: ") as refused:
        Replay.load(tmp_path / "bad.json")
    assert "\n" not in str(refused.value) and len(str(refused.value)) < 300


def test_a_replay_that_is_no_regular_file_or_too_big_is_refused_unread(tmp_path):
    os.mkfifo(tmp_path / "pipe.json")  # reading it would wait for a writer for ever
    (tmp_path / "big.json").write_bytes(b" " * (MAX_REPLAY_BYTES + 1))
    for path, reason in (
        (Path("/dev/zero"), "not a regular file"),
        (tmp_path / "pipe.json", "not a regular file"),
        (tmp_path, "not a regular file"),
        (tmp_path / "big.json", "larger than"),
    ):
        with pytest.raises(ValueError, match=reason):
            Replay.load(path)


def test_replays_saved_at_one_tick_never_replace_each_other(tmp_path):
    game = played()
    first = game.recorded.save_new(tmp_path, "maze-maze-tick900")
    second = game.recorded.save_new(tmp_path, "maze-maze-tick900")
    assert first != second and first.exists() and second.exists()
    assert Replay.load(first) == Replay.load(second) == game.recorded
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["maze-maze-tick900-2.json", "maze-maze-tick900.json"]


def test_a_replay_saved_during_a_replay_keeps_the_moves_that_made_the_game_shown(tmp_path):
    game = played()
    replaying = MazeGame(replay=game.recorded)
    run(replaying, 500, 60)  # part way: the moves of ticks 30, 100, 200 and 400 made, 500 and 600 not yet
    saved = Replay.load(replaying.recorded.save_new(tmp_path, "again"))
    assert [entry[0] for entry in saved.inputs] == [30, 30, 30, 100, 200, 200, 400]
    assert run(MazeGame(replay=saved), 500, 60) == replaying.checksum()


def test_a_wall_of_towers_built_on_a_packed_crowd_does_not_stop_the_game():
    """Five hundred and more enemies queued behind a wall four cells from the spawns, then a
    second wall built over the front of the queue: they no longer fit (their discs would cover
    more than the cells left). The game goes on (it once stopped with a ValueError), pushing
    them as far apart as each tick's rounds get, and none stands in a tower."""
    game = MazeGame(seed=6)
    for row in range(ROWS):
        if row not in (14, 15):
            assert game.place((4, row)) is None
    game.swarm()
    run(game, 300, 60)
    assert len(game.enemies) > 500
    for row in range(ROWS):
        if row not in (14, 15):
            game.place((3, row))
    for _ in range(10):
        game.advance(TICK)
        cells = np.floor(game.enemies.positions).astype(int)
        assert not game.field.blocked[cells[:, 1], cells[:, 0]].any()
