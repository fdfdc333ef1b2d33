"""What the two tower-defense modes share: a flat board seen from above, built on by clicks. Its
colours, its ground with the cell lines, and the mode's life: shown on entering and framed,
hidden on leaving, no panel of its own, nothing to finish when the button comes up."""

import numpy as np

from scene.ui.geometry import segments, tiles
from scene.ui.mode import Drag

GROUND_COLOUR = (0.16, 0.26, 0.18, 1.0)
SPAWN_COLOUR = (0.3, 0.75, 0.4, 1.0)
BASE_COLOUR = (0.3, 0.45, 0.9, 1.0)
LINE_COLOUR = (0.1, 0.12, 0.12, 1.0)
ROUTE_COLOUR = (1.0, 0.9, 0.55, 1.0)


class BoardMode:
    """The life of a board mode: a subclass sets ``app``, ``root`` (the node it draws under) and
    ``frame()`` (aims the camera at its board)."""

    right_drag = Drag.ORBIT

    def enter(self):
        """Show the board, framed."""
        self.root.show()
        self.app.orbit.keep_clear_of(0.0)
        self.frame()

    def exit(self):
        """Hide the board."""
        self.root.hide()

    def set_scale(self, scale):
        """No panel of its own to size."""

    def covers_pointer(self):
        """No panel of its own: the mouse is never over one."""
        return False

    def release(self):
        """Nothing to finish: towers are built on the press."""


def draw_ground(board, width, height, cell_size, lift):
    """The ground (``width`` x ``height`` board units from (0, 0)) under ``board`` and its cells'
    lines ``lift`` above it."""
    tiles(board, [(0, 0, width, height)], GROUND_COLOUR, 0.0, "ground")
    lines = [((x, 0, lift), (x, height, lift)) for x in np.arange(0, width + cell_size / 2, cell_size)]
    lines += [((0, y, lift), (width, y, lift)) for y in np.arange(0, height + cell_size / 2, cell_size)]
    segments(board, lines, LINE_COLOUR, 1.0, "cell lines")
