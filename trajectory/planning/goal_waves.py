"""How far free cells of an ``ObstacleMap`` are from a goal cell, moving between free cells, as
``free_distances`` defines it, worked out only as far as the planner asks: on a large map.

The distances are Dijkstra's, found in the order of A* from the goal towards one cell (the
planner's start; a fraction of the octile distance to it is the estimate), and resumed when a
cell not yet settled is asked for: on a large map the search from the start asks for the cells
along its way, and cells far from it are never reached. The cells are taken in waves, all whose
estimated total lies in the same stretch ``WAVE`` long (their steps relaxed at once, as arrays):
every distance estimated below the waves done is final.
"""

import math

import numpy as np

from trajectory._numerics.maths import ARRAYS, FLOATS

_DIAGONAL = math.sqrt(2.0)
PULL = 0.9
"""How far the waves are drawn towards the cell they head for: the estimate is this fraction of
the octile distance. A step then lowers the rest's estimate by at most ``PULL`` of its length,
so every wave ``WAVE = 1 - PULL`` cells wide is settled by one pass over its cells (an estimate
of the whole distance would settle a straight run towards the cell one cell a pass; none would
reach every cell nearer the goal than the start: on the benchmark's 512 x 512 maps three to six
times as many cells)."""
WAVE = 1.0 - PULL
DETOUR = 1.25
"""``reaches``: the waves from a cell that the goal's have not reached by this many times the
octile distance between them (the benchmark's paths around obstacles are some 5 % longer) run
alongside, so that a cell closed in is told by its own waves running out."""


class GoalDistances:
    """The distances to the cell ``goal`` (col, row) of ``obstacles``, worked out from the goal
    towards ``towards`` (col, row) and on as far as asked: ``at(col, row)``.

    The map's cells are kept with a border of blocked cells, row by row, in flat arrays: a step is
    a fixed offset in them."""

    def __init__(self, obstacles, goal, towards):
        rows, cols = obstacles.blocked.shape
        self._obstacles = obstacles
        self._width = width = cols + 2
        self._size = obstacles.cell_size
        free = np.zeros((rows + 2, width), dtype=bool)
        free[1:-1, 1:-1] = ~obstacles.blocked
        self._free = free.reshape(-1)
        self._far = np.full(self._free.size, math.inf)  # in cell widths, inf until reached
        # How many rows and columns each row and column of cells lies from ``towards``.
        self._across = np.abs(np.arange(rows + 2.0) - (towards[1] + 1))
        self._along = np.abs(np.arange(width, dtype=float) - (towards[0] + 1))
        # The steps as (8, 1) columns, against cells laid along a row: the arithmetic runs along it.
        steps = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc]
        self._offsets = np.array([[dr * width + dc] for dr, dc in steps])
        self._lengths = np.array([[_DIAGONAL if dr and dc else 1.0] for dr, dc in steps])
        # The cells beside a diagonal step's corner (for a straight step: the cell it leaves).
        self._beside = [
            np.array([[dr * width if dc else 0] for dr, dc in steps]),
            np.array([[dc if dr else 0] for dr, dc in steps]),
        ]
        self._mark = np.zeros(self._free.size, dtype=np.intp)  # scratch: one entry of each cell
        self._goal = goal
        first = np.array([self._cell(*goal)])
        self._far[first] = 0.0
        # The cells reached and not yet relaxed from (``_open``), and each cell's wave: its
        # estimated total over ``WAVE``, rounded down, when last lowered (a cell lowered again
        # is in ``_open`` twice, both entries now of its new wave: relaxed twice, harmlessly).
        self._wave_of = np.zeros(self._free.size, dtype=np.int32)
        self._wave_of[first] = int(self._estimate(first[0]) / WAVE)
        self._open, self._next = first, int(self._wave_of[first[0]])
        self._done = -math.inf  # every distance estimated below it is final

    def at(self, col, row):
        """The length of the shortest chain of cell centres from cell (col, row) to the goal's,
        moving as ``free_distances`` says; ``inf`` where blocked or cut off. A cell's distance is
        within 8.3 % above the straight line between the centres where nothing is in the way."""
        cell = self._cell(col, row)
        far = self._far[cell]
        while self._open.size and not far + self._estimate(cell) < self._done:
            self._settle_wave()
            far = self._far[cell]
        return float(far) * self._size

    def reaches(self, col, row):
        """Whether cell (col, row) can reach the goal's. Once these waves have run past
        ``DETOUR`` times the octile distance between them without settling it, waves from the
        cell towards the goal run in turns with them: a cell closed in a pocket is told by the
        pocket's waves running out, not by these flooding the rest of the map."""
        cell = self._cell(col, row)
        if not self._free[cell]:
            return False
        back, detour = None, DETOUR * self._estimate(self._cell(*self._goal)) / PULL
        while self._open.size and not self._far[cell] + self._estimate(cell) < self._done:
            self._settle_wave()
            if back is None and self._done > detour:
                back = GoalDistances(self._obstacles, (col, row), self._goal)
            if back is not None:
                if not back._open.size:
                    return False
                back._settle_wave()
        return math.isfinite(self._far[cell])

    @property
    def reached(self):
        """Which cells the waves have reached so far: (rows, cols) booleans."""
        rows = self._far.size // self._width
        return np.isfinite(self._far.reshape(rows, self._width)[1:-1, 1:-1])

    def _settle_wave(self):
        """Relax the steps from the cells of the next wave: their distances are final (a step
        raises the estimated total by at least a wave)."""
        wave = self._next
        waves = self._wave_of[self._open]
        now = waves == wave
        cells, self._open = self._open[now], self._open[waves > wave]
        self._relax(cells, self._far[cells], wave)
        self._next = int(self._wave_of[self._open].min()) if self._open.size else wave + 1
        self._done = (wave + 1) * WAVE

    def _relax(self, cells, far, wave):
        """Lower the distances of the cells one step from ``cells`` (k,) at ``far`` (k,) where the
        step is open and shorter, and open the lowered cells in their waves (after ``wave``)."""
        ahead = (self._offsets + cells).reshape(-1)
        through = (self._lengths + far).reshape(-1)
        shorter = (
            self._free[ahead]
            & self._free[(self._beside[0] + cells).reshape(-1)]
            & self._free[(self._beside[1] + cells).reshape(-1)]
            & (through < self._far[ahead])
        )
        ahead = ahead[shorter]
        np.minimum.at(self._far, ahead, through[shorter])
        # One entry of each cell reached from several: whichever write to it lasts, one entry
        # finds its own place there.
        places = np.arange(ahead.size)
        self._mark[ahead] = places
        ahead = ahead[self._mark[ahead] == places]
        if not ahead.size:
            return
        through = self._far[ahead]
        # The wave each lands in: a later one (a rounding may say this one).
        waves = ((through + self._estimates(ahead)) * (1.0 / WAVE)).astype(np.int32)
        self._wave_of[ahead] = np.maximum(waves, wave + 1)
        self._open = np.concatenate([self._open, ahead])

    def _cell(self, col, row):
        """Cell (col, row)'s place in the flat arrays (an int)."""
        return (row + 1) * self._width + col + 1

    def _estimates(self, cells):
        """``PULL`` times the octile distance from each of ``cells`` (k,) to the cell the waves head
        for, in cell widths (the octile distance is no longer than any chain of steps between them)."""
        rows, cols = np.divmod(cells, self._width)
        return _pulled_octile(self._across[rows], self._along[cols], ARRAYS)

    def _estimate(self, cell):
        """``_estimates`` of one cell (an int)."""
        row, col = divmod(int(cell), self._width)
        return _pulled_octile(self._across[row], self._along[col], FLOATS)


def _pulled_octile(across, along, m):
    """``PULL`` times the octile distance of steps ``across`` and ``along`` apart (floats or
    arrays: ``m`` is ``maths.FLOATS`` or ``maths.ARRAYS``)."""
    return PULL * (m.maximum(across, along) + (_DIAGONAL - 1.0) * m.minimum(across, along))
