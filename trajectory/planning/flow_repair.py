"""A flow field's distances brought up to date where a few cells are blocked or freed, by
working only on the cells whose distance changes (exactly what the sweeps would give: the steps
are added as they add them, 1 and ``free_distances.diagonal_step``).

Blocking: a cell keeps its distance while one of its neighbours is still its way down (open,
not changed itself, and its distance plus the step is the cell's own); the others, found in
the order of their old distances from the blocked cells outwards, are measured again from the
cells round them, nearest first. Freeing: distances can only fall; they are lowered outwards
from the freed cells, nearest first. Both are Dijkstra's search on the cells that change."""

import heapq
import math

_AROUND = tuple((dc, dr) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc)


class _Grid:
    """The free cells (a list of rows of bools, a border of blocked cells round them) and the
    steps between them, for the Python-speed walks below."""

    def __init__(self, blocked, diagonal):
        cols = blocked.shape[1]
        self.free = [[False] * (cols + 2)] + [[False, *row, False] for row in (~blocked).tolist()]
        self.free.append([False] * (cols + 2))
        self.steps = [(dc, dr, diagonal if dc and dr else 1.0) for dc, dr in _AROUND]

    def open(self, col, row, dc, dr):
        """Whether a walker may step from (col, row) by (dc, dr) (both cells free; a diagonal
        only past two free cells)."""
        free = self.free
        if not free[row + dr + 1][col + dc + 1]:
            return False
        return not (dc and dr) or (free[row + 1][col + dc + 1] and free[row + dr + 1][col + 1])


def blocked_now(blocked, distances, cells, diagonal):
    """Distances (a list of rows of floats, changed in place) after ``cells`` ((col, row) pairs)
    were blocked in ``blocked`` (rows, cols) (already set); the cells whose distance changed."""
    grid = _Grid(blocked, diagonal)
    lost = set()
    waiting = []
    for col, row in cells:
        distances[row][col] = math.inf
        lost.add((col, row))
        for dc, dr in _AROUND:  # its neighbours may lose their way down, through it or past it
            _push(waiting, distances, col + dc, row + dr)
    while waiting:
        d, col, row = heapq.heappop(waiting)
        if (col, row) in lost or d != distances[row][col]:
            continue
        if _kept(grid, distances, lost, col, row):
            continue
        lost.add((col, row))
        for dc, dr in _AROUND:
            _push(waiting, distances, col + dc, row + dr, above=d)
    # Each lost cell measured again from the cells round it that kept theirs, nearest first.
    found = []
    for col, row in lost:
        distances[row][col] = math.inf
    for col, row in lost:
        if grid.free[row + 1][col + 1] and (best := _offered(grid, distances, col, row)) < math.inf:
            heapq.heappush(found, (best, col, row))
    _spread(grid, distances, found, lost)
    return lost


def freed_now(blocked, distances, cells, diagonal):
    """Distances (a list of rows, changed in place) after ``cells`` were freed in ``blocked``
    (already set): lowered outwards from them and from their neighbours (a freed cell opens the
    diagonals past it); the cells whose distance changed."""
    grid = _Grid(blocked, diagonal)
    lowered = []
    for col, row in cells:
        for dc, dr in ((0, 0), *_AROUND):
            c, r = col + dc, row + dr
            if grid.free[r + 1][c + 1] and (best := _offered(grid, distances, c, r)) < distances[r][c]:
                heapq.heappush(lowered, (best, c, r))
    changed = set()
    _spread(grid, distances, lowered, changed)
    return changed


def _offered(grid, distances, col, row):
    """The least distance the open neighbours of (col, row) offer it: theirs plus the step."""
    return min(
        (distances[row + dr][col + dc] + step for dc, dr, step in grid.steps if grid.open(col, row, dc, dr)),
        default=math.inf,
    )


def _push(waiting, distances, col, row, above=0.0):
    """Queue (col, row) by its distance, if it is on the map, reached, and further than
    ``above`` (a goal, at 0, is never queued: it needs no way down)."""
    if 0 <= row < len(distances) and 0 <= col < len(distances[0]):
        d = distances[row][col]
        if above < d < math.inf:
            heapq.heappush(waiting, (d, col, row))


def _kept(grid, distances, lost, col, row):
    """Whether (col, row) still has a way down: an open neighbour not lost whose distance plus
    the step is its own."""
    d = distances[row][col]
    for dc, dr, step in grid.steps:
        if (
            (col + dc, row + dr) not in lost
            and grid.open(col, row, dc, dr)
            and distances[row + dr][col + dc] + step == d
        ):
            return True
    return False


def _spread(grid, distances, queue, changed):
    """Dijkstra's search from the (distance, col, row) entries of ``queue``: each cell takes the
    least distance offered (added to ``changed``), and offers it on to its open neighbours."""
    while queue:
        d, col, row = heapq.heappop(queue)
        if d >= distances[row][col]:
            continue
        distances[row][col] = d
        changed.add((col, row))
        for dc, dr, step in grid.steps:
            if grid.open(col, row, dc, dr) and d + step < distances[row + dr][col + dc]:
                heapq.heappush(queue, (d + step, col + dc, row + dr))
