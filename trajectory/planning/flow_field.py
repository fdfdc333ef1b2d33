"""A flow field: one search from the goals gives every cell of a grid its distance to the
nearest goal and the way down it, for any number of walkers (Red Blob Games' flow fields, with
the grid rules of ``free_distances``: eight neighbours, a diagonal only past two free cells).

Directions are smooth across cells: a cell's own is the mean of the ways down to its lower
neighbours, each weighted by how fast it descends, and a point's is interpolated between the
four cell centres around it, so a crowd crosses open ground in straight lines, not in 8-way
staircases. Where that mean would lead past a blocked corner, the cell's steepest way is taken.
"""

import math

import numpy as np

from trajectory._numerics.checks import _shown, real_array
from trajectory._numerics.grid_steps import free_with_border, step_open
from trajectory.planning import flow_repair
from trajectory.planning.cell_grid import CellGrid
from trajectory.planning.free_distances import diagonal_step, steps_to

_STEPS = np.array([(dc, dr) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc])
"""The eight neighbours as (dcol, drow)."""
_LENGTHS = np.hypot(_STEPS[:, 0], _STEPS[:, 1])
_EIGHTH = math.sin(math.pi / 8)


def _way(dc, dr):
    """The bit of a step (dc, dr) in a cell's ways down: 0 to 8, 4 the step that stays."""
    return (dr + 1) * 3 + (dc + 1)


class FlowField(CellGrid):
    """Distances and directions to the nearest of ``goals`` on a grid of cells: a ``CellGrid``
    (``block``, ``free``, ``is_blocked``, ``cells``) that keeps its distances right as cells are
    blocked and freed.

    Args:
        grid: An ``ObstacleMap`` (or another field), whose cells the field shares: a cell
            blocked or freed on either is blocked or freed on both, the field's distances
            repaired at once; or ``(rows, cols)`` booleans, True where a walker cannot go,
            copied into cells of the field's own.
        goals: ``(k, 2)`` goal cells as (col, row), free.
        cell_size: The cells' width in world units, for an array (a map has its own, and its
            ``origin``); cell (0, 0) spans [0, cell_size)^2, x grows with the column and y with
            the row.

    Attributes:
        distances: ``(rows, cols)`` the shortest-path length (in cells: 1 a side step, sqrt(2) a
            diagonal) from each cell to the nearest goal; ``inf`` where blocked or cut off.

    Raises:
        ValueError: On a grid that is not a map or 2D booleans, goals off it or on a blocked cell.

    >>> field = FlowField(np.zeros((3, 4), dtype=bool), [(3, 0)])
    >>> round(float(field.distances[2, 0]), 9)  # two diagonals and one step: 1 + 2 sqrt(2)
    3.828427125
    """

    def __repr__(self):
        return (
            f"FlowField({self.cols} x {self.rows} cells of {self.cell_size:g}, {len(self.goals)} goals, "
            f"{int(self.blocked.sum())} blocked)"
        )

    def __init__(self, grid, goals, cell_size=None):
        if isinstance(grid, CellGrid):
            if cell_size is not None:
                raise ValueError("cell_size comes with the map: give it for an array of cells only")
            board = grid.board if isinstance(grid, FlowField) else grid
        else:
            blocked = np.asarray(grid)
            if blocked.ndim != 2 or blocked.dtype != bool or 0 in blocked.shape:
                raise ValueError(
                    "grid must be an ObstacleMap or (rows, cols) booleans, "
                    f"got {type(grid).__name__} {blocked.dtype} {blocked.shape}"
                )
            rows, cols = blocked.shape
            board = CellGrid(cols, rows, 1.0 if cell_size is None else cell_size, blocked)
        if not board.blocked.flags.writeable:
            raise ValueError("grid is a snapshot, which cannot change: make the field from the map")
        super().__init__(board.cols, board.rows, board.cell_size, origin=board.origin)
        self.board, self.blocked = board, board.blocked
        """The grid whose cells the field shares (its map's, or its own), and those cells."""
        self.goals = self.checked_cells(goals, "goals")
        if not len(self.goals):
            raise ValueError("goals must hold at least one (col, row) cell")
        if self.blocked[self.goals[:, 1], self.goals[:, 0]].any():
            raise ValueError("a goal cell is blocked")
        self.distances = steps_to(self.blocked, self.goals)
        self._cell_directions = self._padded = None
        self._rows = None
        """The distances as a list of rows, for the repairs (made at the first)."""
        self._diagonal = diagonal_step(*self.blocked.shape)
        board.watch(self)

    @property
    def shape(self):
        return self.blocked.shape

    def copy(self):
        """An independent field equal to this one, on cells of its own (to try a change on),
        without a rebuild."""
        twin = object.__new__(FlowField)
        twin.__dict__.update(self.__dict__)
        twin.board = CellGrid(self.cols, self.rows, self.cell_size, self.blocked, self.origin)
        twin.blocked, twin.distances = twin.board.blocked, self.distances.copy()
        twin._rows = None if self._rows is None else [row[:] for row in self._rows]
        twin.board.watch(twin)
        return twin

    # Changing the cells: ``block`` and ``free`` go to the board, which tells every field on it.

    def _change(self, cells, value):
        self.board._change(cells, value)

    def watch(self, watcher):
        self.board.watch(watcher)

    def refuse(self, cells, value):
        """Refuse (a ValueError) to block a goal cell, before anything changes."""
        if value and any((col, row) in set(map(tuple, self.goals.tolist())) for col, row in cells.tolist()):
            raise ValueError("a goal cell cannot be blocked")

    def changed(self, cells, value):
        """Bring the distances up to date with ``cells`` (k, 2) now blocked (``value``) or freed:
        freeing starts from the distances as they were (they can only shorten), blocking works
        them out again."""
        self._repair(cells.tolist(), value, self.distances)
        self._cell_directions = self._padded = None

    def _repair(self, cells, blocked, distances):
        """Bring ``distances`` (rows, cols) up to date, in place, with ``cells`` now ``blocked``
        or freed in ``self.blocked``, working only on the cells whose distance changes."""
        rows = self._distance_rows()
        repair = flow_repair.blocked_now if blocked else flow_repair.freed_now
        changed = list(repair(self.blocked, rows, cells, self._diagonal))
        if changed:
            col, row = np.array(changed).T
            distances[row, col] = [rows[r][c] for c, r in changed]

    def _distance_rows(self):
        """The distances as a list of rows of floats (kept in step with ``distances``)."""
        if self._rows is None:
            self._rows = self.distances.tolist()
        return self._rows

    def would_block(self, cells, spawns):
        """Whether blocking ``cells`` ((k, 2)) would cut any of ``spawns`` ((s, 2)) off from every
        goal (a spawn that is itself blocked counts as cut off). The field is left as it is."""
        cells, spawns = self.checked_cells(cells), self.checked_cells(spawns, "spawns")
        ends = set(map(tuple, self.goals.tolist())) | set(map(tuple, spawns.tolist()))
        if any(tuple(cell) in ends for cell in cells.tolist()):
            return True  # a goal or a spawn walled in
        if not np.isfinite(self.distances[spawns[:, 1], spawns[:, 0]]).all():
            return True
        fresh = cells[~self.blocked[cells[:, 1], cells[:, 0]]]
        if not len(fresh):
            return False
        if len(fresh) == 1 and self._ring_holds(*fresh[0]):
            return False  # its free neighbours still reach each other around it: nothing is cut
        trial = self.blocked.copy()
        trial[fresh[:, 1], fresh[:, 0]] = True
        rows = [row[:] for row in self._distance_rows()]  # a scratch copy: the field stays
        flow_repair.blocked_now(trial, rows, fresh.tolist(), self._diagonal)
        return not all(math.isfinite(rows[r][c]) for c, r in spawns.tolist())

    # Walking the field.

    def directions(self, points):
        """Unit vectors of travel (n, 2) for world ``points`` (n, 2) (or (2,) for one): towards the
        nearest goal, smooth across cells; zero on a goal cell, a blocked or cut-off one, and
        off the grid."""
        points = real_array(points, "points", "numbers shaped (2,) or (n, 2)")
        one = points.ndim == 1
        points = points.reshape(-1, 2)
        if not np.all(np.isfinite(points)):
            raise ValueError("points must be finite")
        own, table = self._directions_of_cells(), self._blend_table
        rows, cols = self.shape
        scaled = self.local(points) / self.cell_size
        cell = np.floor(scaled)
        inside = (cell[:, 0] >= 0) & (cell[:, 0] < cols) & (cell[:, 1] >= 0) & (cell[:, 1] < rows)
        index = (np.clip(cell[:, 1], 0, rows - 1) * cols + np.clip(cell[:, 0], 0, cols - 1)).astype(np.intp)
        mine = own[index]
        at = scaled - 0.5  # in cell centres' coordinates
        low = np.floor(at)
        wx, wy = (at - low).T
        # The four cell centres round each point, in the table (its edge cells repeated round it).
        corner = np.clip(low[:, 1], -1, rows - 1) * (cols + 2) + np.clip(low[:, 0], -1, cols - 1)
        corner = corner.astype(np.intp) + cols + 3
        below = table[corner] * (1 - wx) + table[corner + 1] * wx
        above = table[corner + cols + 2] * (1 - wx) + table[corner + cols + 3] * wx
        blend = below * (1 - wy) + above * wy
        length = np.abs(blend)
        moving = inside & (mine != 0)
        smooth = moving & (length > 1e-12)
        result = np.where(smooth, blend / np.where(smooth, length, 1.0), 0.0)
        # Where the blend would lead out of the cell into a blocked or higher one, the cell's own.
        bad = np.flatnonzero(moving & ~(smooth & self._leads_down(index, result)))
        result[bad] = mine[bad]
        result = result.view(np.float64).reshape(-1, 2)
        return result[0] if one else result

    def route(self, point):
        """The polyline (m, 2) a walker from world ``point`` (2,) follows to the nearest goal:
        the point, then the cell centres of a shortest path (each step to a neighbour whose
        distance plus the step is its own), ending at a goal's centre. Just the point where no
        way leads."""
        point = real_array(point, "point", "a finite (x, y) point")
        if point.shape != (2,) or not np.all(np.isfinite(point)):
            raise ValueError(f"point must be a finite (x, y) point, got {point.tolist()}")
        col, row = self.cells(point).tolist()
        path = [point]
        if not self.contains((col, row)) or not math.isfinite(self.distances[row, col]):
            return np.array(path)
        while self.distances[row, col] > 0.0:
            col, row = self._steepest(col, row)
            path.append(self.cell_centre(col, row))
        return np.array(path)

    def nearest_leading(self, points, margin=0.2):
        """For each world point (n, 2), the nearest point on a cell that leads to a goal (free,
        its distance finite), ``margin`` (a fraction of a cell) inside the cell's sides; the
        point itself where its own cell leads. A goal's cell always leads, so one is found.

        Raises:
            ValueError: On points that are not finite (n, 2) numbers, or a margin outside [1e-6, 0.5).
        """
        if not 1e-6 <= margin < 0.5:
            raise ValueError(f"margin must be in [1e-6, 0.5) of a cell, got {margin!r}")
        result = real_array(points, "points", "finite numbers shaped (n, 2)").astype(float)
        if result.ndim != 2 or result.shape[1] != 2 or not np.all(np.isfinite(result)):
            raise ValueError(f"points must be finite numbers shaped (n, 2), got {_shown(points)}")
        rows, cols = self.shape
        leads = np.isfinite(self.distances)
        scaled = self.local(result) / self.cell_size
        on_grid = np.all((scaled >= 0.0) & (scaled < (cols, rows)), axis=1)
        col, row = np.floor(np.where(on_grid[:, None], scaled, 0.0)).astype(np.int64).T
        astray = np.flatnonzero(~on_grid | ~leads[row, col])
        for k in astray.tolist():
            found = self._nearest_leading_one(scaled[k], leads, margin, on_grid[k])
            result[k] = found * self.cell_size + self.origin
        return result

    def _nearest_leading_one(self, point, leads, margin, on_grid):
        """``nearest_leading`` of one point in cells (2,): from a point on the grid, in squares
        of cells round its own, twice as wide each time, until the nearest leading cell in one
        is nearer than any outside it; from one off the grid, among all leading cells."""
        rows, cols = self.shape
        col, row = np.floor(point).astype(np.int64).tolist() if on_grid else (0, 0)
        reach = 1 if on_grid else max(rows, cols)
        while True:
            low_col, low_row = max(0, col - reach), max(0, row - reach)
            high_col, high_row = min(cols, col + reach + 1), min(rows, row + reach + 1)
            found_row, found_col = np.nonzero(leads[low_row:high_row, low_col:high_col])
            whole = low_col == 0 and low_row == 0 and high_col == cols and high_row == rows
            if found_row.size:
                corner = np.column_stack([found_col + low_col, found_row + low_row])
                gap = np.maximum(np.maximum(corner - point, point - (corner + 1)), 0.0)
                nearest = int(np.argmin(np.hypot(gap[:, 0], gap[:, 1])))
                # A cell outside the square lies at least ``reach`` cells from the point.
                if whole or np.hypot(*gap[nearest]) <= reach:
                    return np.clip(point, corner[nearest] + margin, corner[nearest] + 1 - margin)
            reach *= 2

    # Inside.

    def _open(self, col, row, dc, dr):
        """Whether a walker may step from cell (col, row) by (dc, dr) (arrays broadcast)."""
        if self._padded is None:
            self._padded = free_with_border(self.blocked)
        return step_open(self._padded, col, row, col + dc, row + dr)

    def _directions_of_cells(self):
        """Each cell's own direction, (rows * cols,) complex x + iy, row by row: the
        descent-weighted mean of the ways to its lower open neighbours, or its steepest way where
        that mean would lead past a corner."""
        if self._cell_directions is not None:
            return self._cell_directions
        rows, cols = self.shape
        row, col = np.mgrid[0:rows, 0:cols]
        far = np.pad(self.distances, 1, constant_values=math.inf)
        here = self.distances
        total = np.zeros((rows, cols, 2))
        best, best_rate = np.zeros((rows, cols, 2)), np.zeros((rows, cols))
        self._ways_down = np.zeros((rows, cols), dtype=np.int16)
        for (dc, dr), step in zip(_STEPS.tolist(), _LENGTHS.tolist()):
            there = far[row + 1 + dr, col + 1 + dc]
            lower = self._open(col, row, dc, dr) & (there < here) & np.isfinite(here)
            self._ways_down |= lower.astype(np.int16) << _way(dc, dr)
            rate = np.where(lower, (np.where(lower, here, 0.0) - np.where(lower, there, 0.0)) / step, 0.0)
            total += rate[..., None] * (np.array([dc, dr]) / step)
            steeper = rate > best_rate
            best[steeper], best_rate[steeper] = np.array([dc, dr]) / step, rate[steeper]
        length = np.hypot(total[..., 0], total[..., 1])
        own = np.where(length[..., None] > 0, total / np.maximum(length, 1e-300)[..., None], 0.0)
        # Ways down that cancel out (two equal descents either side) give no mean: the steepest.
        cancelled = (best_rate > 0) & (length <= 1e-9 * best_rate)
        own[cancelled] = best[cancelled]
        own = (own[..., 0] + 1j * own[..., 1]).ravel()
        best = (best[..., 0] + 1j * best[..., 1]).ravel()
        past_corner = (best_rate.ravel() > 0) & ~self._leads_down(np.arange(rows * cols), own)
        own[past_corner] = best[past_corner]
        self._cell_directions = own
        self._blend_table = np.pad(own.reshape(rows, cols), 1, mode="edge").ravel()
        return own

    def _leads_down(self, index, direction):
        """Whether ``direction`` (n,) complex from the cells numbered ``index`` (n,) (row by row)
        heads, rounded to the nearest of the eight ways, into an open neighbour that is nearer a
        goal (``_ways_down``)."""
        # The nearest of the eight ways: a component counts where it exceeds sin(22.5 degrees).
        share = _EIGHTH * np.abs(direction)
        dc = (direction.real > share).astype(np.int16) - (direction.real < -share)
        dr = (direction.imag > share).astype(np.int16) - (direction.imag < -share)
        return (self._ways_down.ravel()[index] >> _way(dc, dr)) & 1 == 1

    def _steepest(self, col, row):
        """The open neighbour of (col, row) on a shortest path: its distance plus the step is the
        cell's own (the least such sum)."""
        options = []
        for (dc, dr), step in zip(_STEPS.tolist(), _LENGTHS.tolist()):
            if self._open(np.array(col), np.array(row), dc, dr):
                options.append((self.distances[row + dr, col + dc] + step, col + dc, row + dr))
        _, col, row = min(options)
        return col, row

    def _ring_holds(self, col, row):
        """Whether the free neighbours of cell (col, row) reach each other without it: stepping
        round the ring of its eight neighbours (by the grid's rules) joins them all."""
        rows, cols = self.shape
        around = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))
        ring = [(col + dc, row + dr) for dc, dr in around]
        free = [0 <= c < cols and 0 <= r < rows and not self.blocked[r, c] for c, r in ring]
        if not any(free):
            return True
        # Free ring cells next to each other round the ring are joined, a diagonal pair only
        # through its corner cells, which are ring cells too: so runs of free cells are joined.
        runs = sum(1 for k in range(8) if free[k] and not free[k - 1])
        return all(free) or runs <= 1
