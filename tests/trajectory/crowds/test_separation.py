"""Discs pushed apart: any crowd that fits comes out with no pair overlapping by more than 1 %
of the smaller radius and no disc reaching past a map's wall from its outer side by more than
1 % of its own (a disc whose centre is inside a blocked cell is not pushed out: ORCA keeps
agents from getting there); discs that touch nothing stay where they are; a crowd packed
tighter than discs fit is refused by name."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trajectory.crowds import separated
from trajectory.crowds.neighbours import close_pairs
from trajectory.crowds.orca_obstacles import Edges
from trajectory.planning import ObstacleMap


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 300), st.integers(0, 10**6), st.floats(0.05, 0.5), st.booleans())
def test_no_two_discs_overlap_after_and_none_reaches_past_a_wall(count, seed, density, walled):
    rng = np.random.default_rng(seed)
    radii = rng.uniform(0.2, 1.0, count)
    side = float(np.sqrt(np.pi * (radii**2).sum() / density))
    positions = rng.uniform(0.0, side, (count, 2))
    edges = None
    if walled:  # the map round them, a tower in the middle (room enough left: density <= 0.5)
        cells = max(int(np.ceil(side / 2.0)) + 2, 3)
        blocked = np.zeros((cells, cells), dtype=bool)
        blocked[cells // 2, cells // 2] = True
        edges = Edges(
            ObstacleMap(
                cells, cells, 2.0 * (side + 4.0) / (2.0 * cells), blocked=blocked, origin=(-2.0, -2.0)
            )
        )
    before = positions.copy()
    after = separated(positions, radii, edges)
    np.testing.assert_array_equal(positions, before)  # a new array: the input kept
    first, second = close_pairs(after, 2.0 * radii.max())
    overlap = radii[first] + radii[second] - np.hypot(*(after[first] - after[second]).T)
    assert (overlap <= 0.01 * np.minimum(radii[first], radii[second]) + 1e-12).all()
    if walled:
        start, along = edges.points, edges.points[edges.next] - edges.points
        offset = after[:, None] - start[None]
        share = np.clip((offset * along).sum(axis=2) / (along**2).sum(axis=1), 0.0, 1.0)
        distance = np.hypot(*(offset - share[..., None] * along).transpose(2, 0, 1))
        outer = offset[..., 0] * along[:, 1] - offset[..., 1] * along[:, 0] > 0.0  # right of the edge
        assert (distance[outer] >= (radii[:, None] * 0.99).repeat(len(start), axis=1)[outer] - 1e-12).all()


def test_discs_that_touch_nothing_stay_and_a_pack_that_cannot_fit_is_refused():
    positions = np.array([[0.0, 0.0], [0.9, 0.0], [5.0, 5.0]])
    after = separated(positions, np.array([0.5, 0.5, 0.5]))
    np.testing.assert_array_equal(after[2], [5.0, 5.0])
    assert np.hypot(*(after[1] - after[0])) >= 0.99
    np.testing.assert_allclose(after[:2].mean(axis=0), [0.45, 0.0], atol=1e-12)  # pushed apart evenly
    with pytest.raises(ValueError, match="radii must be a positive number"):
        separated(positions, np.array([0.5, -0.5, 0.5]))
    with pytest.raises(ValueError, match="positions"):
        separated([[0.0, np.nan]], 0.5)
    box = Edges(ObstacleMap(5, 5, 1.0))  # 25 square units walled round: 100 discs of 0.79 cannot fit
    with pytest.raises(ValueError, match="could not be separated"):
        separated(np.random.default_rng(1).uniform(0.5, 4.5, (100, 2)), np.full(100, 0.5), box)
