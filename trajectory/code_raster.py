"""The code raster of an ``ObstacleMap``: the map in squares a fraction of a cell wide, each
coded by whether a point in it lies in a blocked cell, near one, or clear of them by a margin.
One look-up there decides almost every sample point of the planner's clearance tests."""

import functools

import numpy as np

SQUARES_PER_CELL = 16
"""The code raster's squares per cell width: a sample within a square of a blocked cell's (1/16
of a cell) needs a closer look; 8 made twice as many moves need the exact test."""
BLOCKED, UNSURE, OPEN = 0, 1, 2
"""The code raster's values: a square in a blocked cell or off the map; near one; clear by a
margin."""


def code_raster(obstacles, margin):
    """The map in squares of 1 / SQUARES_PER_CELL of a cell, with a border of outside cells:
    ``BLOCKED`` where the square lies in a blocked cell or outside the map, ``OPEN`` where every
    point of the square has its disc of ``margin`` clear (no blocked square within the box of
    ``margin`` around it), ``UNSURE`` between. Returns (border in squares, raster)."""
    blocked = obstacles.blocked
    return _code_raster_of(blocked.tobytes(), blocked.shape, obstacles.cell_size, margin)


@functools.lru_cache(maxsize=8)
def _code_raster_of(blocked_bytes, shape, cell_size, margin):
    """``code_raster`` of a map given by its cells' bytes: kept for the next plan on the same map."""
    fine = cell_size / SQUARES_PER_CELL
    reach = int(margin // fine) + 1  # squares that a box of margin around a square can touch
    border = -(-reach // SQUARES_PER_CELL) + 1  # whole cells of outside around the map
    blocked = np.frombuffer(blocked_bytes, dtype=bool).reshape(shape)
    blocked = np.pad(blocked, border, constant_values=True).repeat(SQUARES_PER_CELL, axis=1)
    near = _dilated(blocked, reach, axis=1).repeat(SQUARES_PER_CELL, axis=0)  # across, then along
    near = _dilated(near, reach, axis=0)
    blocked = blocked.repeat(SQUARES_PER_CELL, axis=0)
    # BLOCKED = 0 where blocked (and so near), UNSURE = 1 where only near, OPEN = 2 elsewhere.
    codes = OPEN - near.view(np.int8) - blocked.view(np.int8)
    return border * SQUARES_PER_CELL, codes


def _dilated(mask, reach, axis):
    """``mask`` grown by ``reach`` squares both ways along ``axis``."""
    grown = mask.copy()
    for shift in range(1, reach + 1):
        later, earlier = [slice(None)] * 2, [slice(None)] * 2
        later[axis], earlier[axis] = slice(shift, None), slice(None, -shift)
        grown[tuple(later)] |= mask[tuple(earlier)]
        grown[tuple(earlier)] |= mask[tuple(later)]
    return grown
