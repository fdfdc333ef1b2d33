"""A crowd walking a flow field: after 10,000 ticks none stands in a blocked cell or off the
grid, none slipped diagonally past a blocked corner, they keep apart, and they reach the goal
through a gap a few cells wide."""

import numpy as np
import pytest

from trajectory import Avoidance, FieldWalkers, FlowField
from trajectory.crowds.neighbours import close_pairs


def wall_with_a_gap():
    blocked = np.zeros((30, 40), dtype=bool)
    blocked[:, 20] = True
    blocked[13:16, 20] = False  # a gap three cells wide
    blocked[5, 10:20] = True
    return blocked


def test_after_ten_thousand_ticks_no_walker_is_in_a_wall_or_off_the_grid():
    blocked = wall_with_a_gap()
    field = FlowField(blocked, [(39, row) for row in range(30)])  # the base: the right edge
    crowd = FieldWalkers(field, spacing=0.5)
    rng = np.random.default_rng(7)
    starts = np.column_stack([rng.uniform(0.2, 19.8, 300), rng.uniform(0.2, 29.8, 300)])
    starts = starts[~blocked[np.floor(starts[:, 1]).astype(int), np.floor(starts[:, 0]).astype(int)]]
    crowd.spawn(starts, speed=3.0)
    for tick in range(10_000):
        before = crowd.positions.copy()
        crowd.step(1 / 60)
        cells = np.floor(crowd.positions).astype(int)
        assert np.all((cells >= 0) & (cells < (40, 30))), tick
        assert not blocked[cells[:, 1], cells[:, 0]].any(), tick
        moved = np.floor(before).astype(int)
        diagonal = np.all(moved != cells, axis=1)
        assert not (
            blocked[moved[diagonal, 1], cells[diagonal, 0]] | blocked[cells[diagonal, 1], moved[diagonal, 0]]
        ).any()
        if crowd.reached.all():
            break
    assert crowd.reached.all()  # through the gap, queueing
    assert crowd.remove_reached().tolist() == list(range(len(starts))) and not len(crowd.positions)


def test_walkers_keep_apart_instead_of_piling_up():
    field = FlowField(np.zeros((20, 20), dtype=bool), [(19, 10)])
    crowd = FieldWalkers(field, spacing=0.5)
    crowd.spawn(np.column_stack([np.full(50, 2.0), np.linspace(9.9, 10.1, 50)]), speed=1.0)
    for _ in range(240):
        crowd.step(1 / 60)
    gaps = np.hypot(*(crowd.positions[:, None] - crowd.positions[None]).transpose(2, 0, 1))
    nearest = np.sort(gaps, axis=1)[:, 1]
    assert np.median(nearest) > 0.2  # spread from 0.004 apart


def test_walkers_start_only_on_free_cells():
    blocked = wall_with_a_gap()
    crowd = FieldWalkers(FlowField(blocked, [(38, 14)]))
    with pytest.raises(ValueError, match="free cells"):
        crowd.spawn([[20.5, 2.5]], speed=1.0)
    with pytest.raises(ValueError, match="free cells"):
        crowd.spawn([[-1.0, 2.5]], speed=1.0)
    with pytest.raises(ValueError, match="speed"):
        crowd.spawn([[1.5, 2.5]], speed=0.0)


def test_removed_walkers_take_their_velocities_with_them():
    field = FlowField(np.zeros((10, 10), dtype=bool), [(9, 5)])
    crowd = FieldWalkers(field)
    crowd.spawn([[1.5, 1.5], [1.5, 8.5], [5.5, 5.5]], speed=1.0)
    crowd.step(0.1)
    kept = crowd.velocities[[0, 2]].copy()
    crowd.remove(np.array([False, True, False]))
    assert crowd.velocities.shape == (2, 2) and np.array_equal(crowd.velocities, kept)


class _Eastward(FlowField):
    """A field that points every walker east, into a wall of blocked cells at column 5 (the
    goal on their side of it, so none is cut off)."""

    def __init__(self):
        blocked = np.zeros((6, 12), dtype=bool)
        blocked[:, 5] = True
        super().__init__(blocked, [(4, 0)])

    def directions(self, points):
        return np.tile([1.0, 0.0], (len(points), 1))


@pytest.mark.parametrize("dt", [1 / 60, 0.5, 2.0, 40.0])
def test_a_long_step_never_passes_a_wall(dt):
    """Walkers pressed against a wall one cell thick, stepped by dt of up to 40 s at 3 cells a
    second (a step once moved them across it in one go): none is ever past it, and each stands
    against it in the end."""
    crowd = FieldWalkers(_Eastward(), spacing=0.1)
    crowd.spawn(np.column_stack((np.full(6, 0.5), np.arange(6) + 0.5)), speed=3.0)
    for _ in range(5):
        crowd.step(dt)
        assert np.all(crowd.positions[:, 0] < 5.0)
    if dt >= 2.0:
        assert np.all(crowd.positions[:, 0] > 4.0)


def test_a_step_too_long_to_walk_in_parts_is_refused():
    crowd = FieldWalkers(_Eastward())
    crowd.spawn([[0.5, 0.5]], speed=3.0)
    with pytest.raises(ValueError, match="step at most"):
        crowd.step(1e9)
    assert crowd.positions.tolist() == [[0.5, 0.5]]


def test_a_walker_under_a_new_wall_steps_to_the_nearest_free_cell_and_walks_on():
    """The issue's walker: blocked under it, it stood there for ever (``would_block`` said the way
    round was open). Now, at its next step, it stands on the nearest cell that leads (the
    left of two: its point is nearer that side) and reaches the goal; one walled into a pocket
    is taken out of it the same way."""
    blocked = np.zeros((10, 10), dtype=bool)
    field = FlowField(blocked, [(9, 5)])
    crowd = FieldWalkers(field)
    crowd.spawn([[5.3, 5.5], [2.5, 8.5]], speed=2.0)
    field.block([(5, 5)])
    field.block([(1, 9), (2, 9), (3, 9), (1, 8), (3, 8), (1, 7), (2, 7), (3, 7)])  # a pocket round (2, 8)
    assert not np.isfinite(crowd.remaining).any()
    crowd.step(1 / 60)
    cells = field.cells(crowd.positions)
    assert cells.tolist() == [[4, 5], [2, 6]] and np.isfinite(crowd.remaining).all()  # (2, 6): 1.5 away
    for _ in range(600):
        crowd.step(1 / 60)
    assert crowd.reached.all()


def test_walkers_that_avoid_reach_the_goal_through_the_gap_and_never_overlap():
    """With an ``Avoidance``, walkers are discs of its radius (or their own) that never overlap
    by more than 1 % of a radius (those still walking: one at a goal is out of the crowd), nor
    stand in a wall, and still reach the goal. The 150 spawned at once into ten cells overlap
    at first: a step pushes them apart for at most ``STEP_ROUNDS`` rounds, so they are parted
    over the first few ticks (by the third, measured), and from then on never overlap."""
    blocked = wall_with_a_gap()
    field = FlowField(blocked, [(39, row) for row in range(30)])
    crowd = FieldWalkers(
        field, spawns=[(0, row) for row in range(10, 20)], avoidance=Avoidance(0.25, 2.0, 8, 1.5, 0.5)
    )
    crowd.spawn(150, speed=2.0)
    crowd.spawn([[1.5, 12.5]], speed=2.0, radius=0.4)
    assert crowd.radii[:150].tolist() == [0.25] * 150 and crowd.radii[150] == 0.4
    for tick in range(1800):
        crowd.step(1 / 60)
        cells = np.floor(crowd.positions).astype(int)
        assert not blocked[cells[:, 1], cells[:, 0]].any()
        if tick < 10:
            continue
        walking, radii = crowd.positions[~crowd.reached], crowd.radii[~crowd.reached]
        first, second = close_pairs(walking, 0.8)
        overlap = radii[first] + radii[second] - np.hypot(*(walking[first] - walking[second]).T)
        assert (overlap <= 0.01 * np.minimum(radii[first], radii[second]) + 1e-9).all()
    assert crowd.reached.sum() > 100
    crowd.avoidance = None  # back to the push: discs may overlap again, nothing else changes
    crowd.step(1 / 60)


def test_avoidance_is_refused_with_obstacles_of_its_own_and_radius_is_no_data_name():
    field = FlowField(np.zeros((4, 4), dtype=bool), [(3, 3)])
    with pytest.raises(ValueError, match="no obstacles of its own"):
        FieldWalkers(field, avoidance=Avoidance(obstacles=[[[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]]]))
    with pytest.raises(ValueError, match="avoidance must be None or an Avoidance"):
        FieldWalkers(field, avoidance="orca")
    with pytest.raises(ValueError, match="taken by spawn's own argument"):
        FieldWalkers(field, data="radius")
    walkers = FieldWalkers(field, avoidance=Avoidance())
    with pytest.raises(ValueError, match="radius"):
        walkers.spawn([[0.5, 0.5]], 1.0, radius=0.0)
    assert len(walkers) == 0


def test_walkers_packed_tighter_than_they_fit_go_on_as_far_apart_as_a_step_gets_them():
    """Two hundred discs of radius 0.25 on 6 x 6 cells (39 square units of disc on 36): they
    cannot all be parted, and a step does not stop the game for it (a wall of towers built on
    a crowd does this): each step parts them as far as ``STEP_ROUNDS`` rounds get, and none
    leaves the grid or stands in a blocked cell."""
    blocked = np.zeros((6, 6), dtype=bool)
    blocked[0, 0] = True
    field = FlowField(blocked, [(5, 5)])
    crowd = FieldWalkers(field, avoidance=Avoidance(0.25, 2.0, 8, 1.5, 0.5))
    rng = np.random.default_rng(3)
    points = rng.uniform(0.3, 5.7, (400, 2))
    crowd.spawn(
        points[~blocked[np.floor(points[:, 1]).astype(int), np.floor(points[:, 0]).astype(int)]][:200], 1.0
    )
    for _ in range(5):
        crowd.step(1 / 60)
        cells = np.floor(crowd.positions).astype(int)
        assert ((cells >= 0) & (cells < 6)).all() and not blocked[cells[:, 1], cells[:, 0]].any()
