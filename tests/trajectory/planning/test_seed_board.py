"""The seed's board (an ``ObstacleMap`` by default): cell centres (index2Px) and the reverse
lookup."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from trajectory import ObstacleMap
from trajectory.crowds import SEED_PATH_CELLS


def test_the_seeds_board_and_its_cell_centres():
    grid = ObstacleMap()
    assert (grid.cols, grid.rows, grid.cell_size, grid.size) == (20, 12, 40.0, (800.0, 480.0))
    np.testing.assert_array_equal(grid.cell_centre(0, 1), (20.0, 60.0))  # index2Px(0, 1)
    np.testing.assert_array_equal(grid.cell_centre([0, 19], [1, 11]), [(20.0, 60.0), (780.0, 460.0)])
    np.testing.assert_array_equal(grid.cell_centre(np.array(SEED_PATH_CELLS))[1], (16 * 40 + 20, 60.0))


@given(st.integers(1, 60), st.integers(1, 60), st.floats(0.5, 100), st.data())
def test_every_cell_centre_looks_up_to_its_cell(cols, rows, size, data):
    grid = ObstacleMap(cols, rows, size)
    col, row = data.draw(st.integers(0, cols - 1)), data.draw(st.integers(0, rows - 1))
    centre = grid.cell_centre(col, row)
    np.testing.assert_array_equal(grid.cells(centre), (col, row))
    corner = np.array([col, row]) * size  # a cell's lower corner belongs to it
    np.testing.assert_array_equal(grid.cells(corner + 1e-9 * size), (col, row))
    assert grid.contains((col, row)) and not grid.contains((col, rows))


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: ObstacleMap(0, 12), "cols"),
        (lambda: ObstacleMap(20, 2.5), "rows"),
        (lambda: ObstacleMap(20, 12, -1.0), "cell_size"),
        (lambda: ObstacleMap().cell_centre(20, 0), "off the"),
        (lambda: ObstacleMap().cell_centre(-1, 0), "off the"),
        (lambda: ObstacleMap().cell_centre(1.5, 0), "whole"),
        (lambda: ObstacleMap().cell_centre(np.zeros((2, 3))), "pairs"),
    ],
)
def test_bad_input_is_named(call, message):
    with pytest.raises(ValueError, match=message):
        call()
