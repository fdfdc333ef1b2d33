"""Painting the turning mode's ground with the mouse: a stroke blocks free cells (a building) or,
begun on a blocked cell, frees them. Cells where a unit stands or will stand are left free, so
that no unit is walled into a building."""

import math

from scene.kit.refusal import Refusal

REFUSAL_WORDS = {
    Refusal.OFF_BOARD: "That point is off the board: paint on the grid",
    Refusal.UNIT_THERE: "A unit stands (or will stand) there: that cell stays free",
}


class GroundPainter:
    """Strokes on ``ground`` (a ``scene.turning.ground.Ground``); ``discs()`` gives the discs (x, y,
    radius) to keep free; ``changed()`` is called when the ground changes."""

    def __init__(self, ground, discs, changed):
        self.ground, self.discs, self.changed = ground, discs, changed
        self.blocking = None  # while a stroke is held: True blocks cells, False frees them
        self.painted = False
        self._last = None  # the board point the stroke last reached

    @property
    def active(self):
        return self.blocking is not None

    def start(self, point):
        """Begin a stroke at the board point (x, y); a ``Refusal`` if it cannot, else None."""
        cell = self.ground.cell_at(point)
        if cell is None:
            return Refusal.OFF_BOARD
        self.blocking, self.painted, self._last = not self.ground.blocked(cell), False, point
        return self._paint_cell(cell)

    def paint(self, point):
        """Paint the cells from where the stroke last was to the board point (a quick mouse skips
        cells between two frames); the last ``Refusal``, or None."""
        if not self.active:
            return None
        last, self._last = self._last, point
        steps = 1 + int(4 * math.dist(last, point) / self.ground.map.cell_size)  # a quarter cell apart
        refusal = None
        for k in range(1, steps + 1):
            along = (last[0] + (point[0] - last[0]) * k / steps, last[1] + (point[1] - last[1]) * k / steps)
            cell = self.ground.cell_at(along)
            refusal = Refusal.OFF_BOARD if cell is None else self._paint_cell(cell) or refusal
        return refusal

    def _paint_cell(self, cell):
        if self.ground.blocked(cell) == self.blocking:
            return None
        if self.blocking and cell in self.ground.cells_touching(self.discs()):
            return Refusal.UNIT_THERE
        self.ground.paint(cell, self.blocking)
        self.painted = True
        self.changed()
        return None

    def finish(self):
        """End the stroke; whether it changed the ground."""
        painted, self.blocking, self.painted, self._last = self.painted, None, False, None
        return painted
