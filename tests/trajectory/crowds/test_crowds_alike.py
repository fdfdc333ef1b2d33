"""The crowds answer to the same calls: ``Followers``, ``SteeringFollowers`` and ``FieldWalkers``
spawn by count (speeds one or one each) and return ids, carry the user's data with their
members and drop it with them, give headings, and say who ``reached`` the end; and they refuse
bad input the same way, naming the argument. The three grids speak one vocabulary too."""

import numpy as np
import pytest

from trajectory import FieldWalkers, FlowField, Followers, ObstacleMap, SteeringFollowers, WaypointPath

PATH = WaypointPath([(0.5, 5.5), (9.5, 5.5)])


def field_walkers():
    field = FlowField(ObstacleMap(10, 10, 1.0), goals=[(9, 5)])
    return FieldWalkers(field, spawns=[(0, 4), (0, 5), (0, 6)], data=("health", "gold"))


CROWDS = {
    "followers": lambda: Followers(PATH, data=("health", "gold")),
    "steering followers": lambda: SteeringFollowers(
        PATH, path_radius=0.5, lookahead=1.0, spread=0.2, separation=0.3, data=("health", "gold")
    ),
    "field walkers": field_walkers,
}


@pytest.fixture(params=list(CROWDS))
def crowd(request):
    return CROWDS[request.param]()


def test_spawn_by_count_returns_ids_and_carries_data(crowd):
    first = crowd.spawn(500, speed=2.0, health=100.0)
    second = crowd.spawn(3, speed=[1.0, 1.5, 2.0], health=[1.0, 2.0, 3.0], gold=7.0)
    assert first.tolist() == list(range(500)) and second.tolist() == [500, 501, 502]
    assert crowd.ids.tolist() == list(range(503)) and len(crowd) == 503
    assert crowd.speeds[-3:].tolist() == [1.0, 1.5, 2.0]
    assert crowd.health[:500].tolist() == [100.0] * 500 and crowd.health[-3:].tolist() == [1.0, 2.0, 3.0]
    assert crowd.gold[:500].tolist() == [0.0] * 500 and crowd.gold[-1] == 7.0
    assert crowd.positions.shape == (503, 2) and crowd.headings.shape == (503,)


def test_removing_takes_the_data_with_the_members(crowd):
    crowd.spawn(4, speed=1.0, health=[10.0, 20.0, 30.0, 40.0])
    gone = crowd.remove(np.array([False, True, False, True]))
    assert gone.tolist() == [1, 3]
    assert crowd.ids.tolist() == [0, 2] and crowd.health.tolist() == [10.0, 30.0]


def test_headings_face_the_way_to_the_end_and_reached_members_are_removed_by_id(crowd):
    crowd.spawn(3, speed=3.0)
    for _ in range(3):
        crowd.step(1 / 10)
    # All three go east, along the path or down the field: heading 0 within a few degrees.
    assert np.abs(crowd.headings).max() < 0.35
    assert not crowd.reached.any() and crowd.remove_reached().tolist() == []
    for _ in range(100):
        crowd.step(1 / 10)
    assert crowd.reached.all()
    assert np.all(crowd.arrival_times > 0.0) and np.all(crowd.arrival_times <= crowd.time)
    assert crowd.remove_reached().tolist() == [0, 1, 2] and len(crowd) == 0


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda crowd: crowd.spawn("x", speed=1.0), r"^count"),
        (lambda crowd: crowd.spawn(3.5, speed=1.0), r"^count"),
        (lambda crowd: crowd.spawn(True, speed=1.0), r"^count"),
        (lambda crowd: crowd.spawn(3, speed="fast"), r"^speed"),
        (lambda crowd: crowd.spawn(3, speed=[1.0, 2.0]), r"^speed"),
        (lambda crowd: crowd.spawn(3, speed=-1.0), r"^speed"),
        (lambda crowd: crowd.spawn(3, speed=1.0, health=[1.0, 2.0]), r"^health"),
        (lambda crowd: crowd.spawn(3, speed=1.0, mana=1.0), "mana"),
        (lambda crowd: crowd.remove([True]), "mask"),
    ],
)
def test_bad_input_is_refused_naming_the_argument(crowd, call, message):
    with pytest.raises(ValueError, match=message):
        call(crowd)
    assert len(crowd) == 0  # nothing half-made


def test_field_walkers_also_spawn_at_points_and_refuse_a_wrong_shape():
    crowd = field_walkers()
    assert crowd.spawn([[0.5, 0.5], [2.5, 3.5]], speed=2.0).tolist() == [0, 1]
    assert crowd.positions.tolist() == [[0.5, 0.5], [2.5, 3.5]]
    for bad in (np.zeros((2, 3)), [[0.5, np.nan]], [1.0, 2.0, 3.0]):
        with pytest.raises(ValueError, match="count_or_points"):
            crowd.spawn(bad, speed=1.0)
    with pytest.raises(ValueError, match="spawns"):
        FieldWalkers(FlowField(ObstacleMap(4, 4, 1.0), goals=[(3, 3)])).spawn(2, speed=1.0)


def test_field_walkers_spawned_by_count_stand_inside_their_spawn_cells():
    crowd = field_walkers()
    crowd.spawn(300, speed=1.0)
    cells = crowd.field.cells(crowd.positions)
    assert set(map(tuple, cells.tolist())) == {(0, 4), (0, 5), (0, 6)}
    inside = crowd.positions - cells
    assert inside.min() >= 0.2 and inside.max() <= 0.8


# The grids: one vocabulary.

GRIDS = {
    "obstacle map": lambda: ObstacleMap(6, 4, 2.0),
    "flow field": lambda: FlowField(ObstacleMap(6, 4, 2.0), goals=[(5, 3)]),
    "flow field of cells": lambda: FlowField(np.zeros((4, 6), dtype=bool), goals=[(5, 3)], cell_size=2.0),
}


@pytest.mark.parametrize("make", list(GRIDS.values()), ids=list(GRIDS))
def test_the_grids_share_their_verbs(make):
    grid = make()
    grid.block([(1, 0), (1, 1), (2, 3)])
    grid.block((4, 2))  # one cell, as a pair
    assert grid.is_blocked([(1, 0), (1, 1), (2, 3), (4, 2), (0, 0), (-1, 0), (6, 0)]).tolist() == [
        True,
        True,
        True,
        True,
        False,
        True,
        True,  # off the grid counts as blocked
    ]
    assert grid.is_blocked((1, 1)) is True and grid.is_blocked((0, 0)) is False
    assert grid.blocked[1, 1] and grid.blocked[3, 2]  # blocked[row, col]: (col, row) cells
    grid.free([(1, 1), (0, 0)])
    assert grid.is_blocked([(1, 1), (1, 0)]).tolist() == [False, True]
    assert grid.cells([[3.0, 1.0], [11.9, 7.9]]).tolist() == [[1, 0], [5, 3]]
    assert grid.cell_centre(5, 3).tolist() == [11.0, 7.0] and grid.size == (12.0, 8.0)
    with pytest.raises(ValueError, match=r"cell \[6, 0\] is off the 6 x 4 grid"):
        grid.block([(6, 0)])
    with pytest.raises(ValueError, match="whole numbers"):
        grid.free([(0.5, 1)])


def test_a_flow_field_shares_its_map_s_cells_and_keeps_its_distances_with_them():
    walls = ObstacleMap(6, 4, 2.0)
    walls.block([(2, 1)])
    field = FlowField(walls, goals=[(5, 0)])
    assert field.cell_size == 2.0 and field.is_blocked((2, 1)) and field.board is walls
    walls.block([(3, 0)])  # one board: the field sees it
    assert field.is_blocked((3, 0))
    field.block([(4, 0), (4, 1), (4, 2)])  # and the map sees the field's
    assert walls.is_blocked((4, 0))
    np.testing.assert_array_equal(field.distances, FlowField(walls.blocked.copy(), [(5, 0)]).distances)
    with pytest.raises(ValueError, match="snapshot"):
        FlowField(walls.snapshot(), [(5, 0)])
    with pytest.raises(ValueError, match="cell_size comes with the map"):
        FlowField(walls, goals=[(5, 0)], cell_size=3.0)
