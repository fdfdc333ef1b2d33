"""The distances of ``free_distances`` by Dijkstra's search with buckets for a queue (Dial's
algorithm): the cells are kept in buckets one cell width of distance wide, and since every step
is at least a cell's width long, the cells of the nearest bucket not yet searched all have their
final distance, in whatever order they are taken. The search goes cell by cell, in Python: its
time goes with the free cells alone, where the sweeps' goes with how often the ways bend.
"""

import numpy as np


def bucket_steps(blocked, goals, unit, diagonal, unreached):
    """The steps from each cell of the map ``blocked`` (rows, cols) to the nearest of ``goals``
    ((k, 2) cells as (col, row)), in whole ``unit`` per cell width (a power of two; a side step
    is ``unit``, a diagonal ``diagonal``): (rows, cols) int64, ``unreached`` where blocked or cut
    off. Moving as ``grid_steps`` says: to a free neighbour, diagonally only past two free cells.
    """
    rows, cols = blocked.shape
    width = cols + 2
    free = np.pad(~blocked, 1).reshape(-1).tolist()  # a ring of blocked cells: no step leads off
    shift = unit.bit_length() - 1  # a distance's bucket: its whole cell widths
    far = [unreached] * len(free)
    starts = [(int(row) + 1) * width + int(col) + 1 for col, row in goals]
    for cell in starts:
        far[cell] = 0
    # A step is shorter than two cell widths: a cell lowered from bucket b lands in b + 1 or b + 2.
    near, next_, after = starts, [], []  # the buckets: this one, the next, the one after
    bucket = 0
    while near or next_ or after:
        for cell in near:
            now = far[cell]
            if now >> shift != bucket:  # lowered into an earlier bucket since: searched there
                continue
            # Unrolled, the eight steps: a loop over them takes half as long again.
            up, down, left, right = cell - width, cell + width, cell - 1, cell + 1
            free_up, free_down, free_left, free_right = free[up], free[down], free[left], free[right]
            reached = now + unit
            into = next_ if reached >> shift == bucket + 1 else after
            if free_up and reached < far[up]:
                far[up] = reached
                into.append(up)
            if free_down and reached < far[down]:
                far[down] = reached
                into.append(down)
            if free_left and reached < far[left]:
                far[left] = reached
                into.append(left)
            if free_right and reached < far[right]:
                far[right] = reached
                into.append(right)
            reached = now + diagonal
            into = next_ if reached >> shift == bucket + 1 else after
            if free_up:  # a diagonal only past two free cells
                if free_left and free[ahead := up - 1] and reached < far[ahead]:
                    far[ahead] = reached
                    into.append(ahead)
                if free_right and free[ahead := up + 1] and reached < far[ahead]:
                    far[ahead] = reached
                    into.append(ahead)
            if free_down:
                if free_left and free[ahead := down - 1] and reached < far[ahead]:
                    far[ahead] = reached
                    into.append(ahead)
                if free_right and free[ahead := down + 1] and reached < far[ahead]:
                    far[ahead] = reached
                    into.append(ahead)
        near.clear()
        near, next_, after = next_, after, near
        bucket += 1
    return np.array(far, dtype=np.int64).reshape(rows + 2, width)[1:-1, 1:-1]
