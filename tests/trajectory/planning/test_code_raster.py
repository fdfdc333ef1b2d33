"""The code raster, stored whole or worked out per look-up: what its codes promise of every point
in a square, and the squares as the dilation of the blocked squares by the margin's box (worked
out square by square)."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.budget import scaled
from trajectory.planning.code_raster import BLOCKED, OPEN, SQUARES_PER_CELL, UNSURE, CodeRaster
from trajectory.planning.obstacles import ObstacleMap


def random_raster(seed, cols, rows, size, margin_cells, fill, stored):
    rng = np.random.default_rng(seed)
    blocked = rng.random((rows, cols)) < fill
    raster = CodeRaster(blocked, size, margin_cells * size, stored)
    return rng, ObstacleMap(cols, rows, size, blocked), raster


@pytest.mark.parametrize("stored", [True, False])
@settings(max_examples=scaled(60), deadline=None)
@given(
    st.integers(0, 2**32 - 1),
    st.integers(1, 9),
    st.integers(1, 9),
    st.sampled_from([1.0, 0.5, 2.5]),
    st.floats(0.0, 2.5),
    st.floats(0.0, 0.5),
)
def test_open_squares_keep_the_margin_and_blocked_ones_lie_in_blocked_cells(
    stored, seed, cols, rows, size, margin_cells, fill
):
    rng, obstacles, raster = random_raster(seed, cols, rows, size, margin_cells, fill, stored)
    margin, square = margin_cells * size, size / SQUARES_PER_CELL
    points = rng.uniform(-2 * size, [cols * size + 2 * size, rows * size + 2 * size], (400, 2))
    squares = np.floor(points / square).astype(int) + raster.padding
    codes = raster.at(squares[:, 1], squares[:, 0])
    for (x, y), code in zip(points.tolist(), codes.tolist()):
        col, row = math.floor(x / size), math.floor(y / size)
        in_blocked = not (0 <= col < cols and 0 <= row < rows) or obstacles.blocked[row, col]
        assert (code == BLOCKED) == in_blocked
        if code == OPEN:
            assert not obstacles.point_hits((x, y), margin)


@pytest.mark.parametrize("stored", [True, False])
@settings(max_examples=scaled(60), deadline=None)
@given(
    st.integers(0, 2**32 - 1), st.integers(1, 6), st.integers(1, 6), st.floats(0.0, 2.5), st.floats(0.0, 0.5)
)
def test_the_codes_are_the_blocked_squares_grown_by_the_margins_box(
    stored, seed, cols, rows, margin_cells, fill
):
    _, obstacles, raster = random_raster(seed, cols, rows, 1.0, margin_cells, fill, stored)
    reach = int(margin_cells // (1.0 / SQUARES_PER_CELL)) + 1  # squares a box of the margin reaches
    border = raster.padding // SQUARES_PER_CELL
    cells = np.pad(obstacles.blocked, border, constant_values=True)
    blocked = cells.repeat(SQUARES_PER_CELL, axis=0).repeat(SQUARES_PER_CELL, axis=1)
    assert blocked.shape == raster.shape
    expected = np.empty(blocked.shape, dtype=np.int8)
    for r in range(blocked.shape[0]):
        for c in range(blocked.shape[1]):
            box = blocked[max(r - reach, 0) : r + reach + 1, max(c - reach, 0) : c + reach + 1]
            expected[r, c] = BLOCKED if blocked[r, c] else UNSURE if box.any() else OPEN
    rows_, cols_ = np.indices(blocked.shape)
    assert np.array_equal(raster.at(rows_, cols_), expected)
