"""The grid's one rule of movement, for the flow field and the crowds walking it: a step to a
neighbouring cell is open when that cell is free, and a diagonal step only when the two cells
beside the corner it crosses are free too (touching a blocked cell's corner counts as touching it)."""

import numpy as np


def free_with_border(blocked):
    """(rows + 2, cols + 2) True where a cell of ``blocked`` (rows, cols) is free, with a ring of
    blocked cells round the grid: what ``step_open`` looks cells up in."""
    return np.pad(~np.asarray(blocked, dtype=bool), 1)


def step_open(free, col, row, to_col, to_row):
    """Whether stepping from cell (col, row) to the neighbouring or same cell (to_col, to_row) is
    open (integer arrays broadcast; cells off the grid, up to one beyond it, count as blocked).
    ``free`` is ``free_with_border``'s."""
    ok = free[to_row + 1, to_col + 1]
    diagonal = (to_col != col) & (to_row != row)
    return ok & (~diagonal | (free[row + 1, to_col + 1] & free[to_row + 1, col + 1]))
