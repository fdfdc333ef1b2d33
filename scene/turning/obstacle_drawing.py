"""What the turning mode's ground looks like: its blocked cells as buildings (boxes shaded by the
way their faces look, lit or not), and on request the poses a search expanded, as faint dots."""

import numpy as np
from panda3d.core import Geom, GeomTriangles, GeomVertexData, GeomVertexFormat, GeomVertexWriter

from scene.ui.geometry import PointSet, unlit_triangles

BUILDING_HEIGHT = 2.4
ROOF, SUNNY_WALL, SHADY_WALL = (0.58, 0.6, 0.66, 1.0), (0.46, 0.48, 0.54, 1.0), (0.3, 0.32, 0.37, 1.0)
_WALLS = (
    # (corner indices of the square (x0 y0, x1 y0, x1 y1, x0 y1) along the wall, colour)
    ((0, 1), SHADY_WALL),  # south
    ((1, 2), SUNNY_WALL),  # east
    ((2, 3), SUNNY_WALL),  # north
    ((3, 0), SHADY_WALL),  # west
)
SEARCH_DOT = 5.0


class ObstacleDrawing:
    """The buildings under ``parent``, rebuilt by ``update``; ``show_search`` draws what a search
    expanded."""

    def __init__(self, parent):
        self.parent = parent
        self.buildings = parent.attach_new_node("buildings")
        self.searches = parent.attach_new_node("searches")
        self._dots = {}  # per unit: the node of its last search

    def update(self, squares):
        """Buildings on the squares (x0, y0, x1, y1), shape (k, 4)."""
        self.buildings.remove_node()
        data = GeomVertexData("buildings", GeomVertexFormat.get_v3c4(), Geom.UH_static)
        vertices, colours = GeomVertexWriter(data, "vertex"), GeomVertexWriter(data, "color")
        triangles = GeomTriangles(Geom.UH_static)
        count = 0
        for x0, y0, x1, y1 in np.asarray(squares, dtype=float).reshape(-1, 4).tolist():
            corners = ((x0, y0), (x1, y0), (x1, y1), (x0, y1))
            faces = [([(*c, BUILDING_HEIGHT) for c in corners], ROOF)]
            for (a, b), colour in _WALLS:
                (ax, ay), (bx, by) = corners[a], corners[b]
                faces.append(
                    (
                        [(ax, ay, 0.0), (bx, by, 0.0), (bx, by, BUILDING_HEIGHT), (ax, ay, BUILDING_HEIGHT)],
                        colour,
                    )
                )
            for quad, colour in faces:
                for vertex in quad:
                    vertices.add_data3(*vertex)
                    colours.add_data4(*colour)
                triangles.add_vertices(count, count + 1, count + 2)
                triangles.add_vertices(count, count + 2, count + 3)
                count += 4
        self.buildings = unlit_triangles(self.parent, "buildings", data, triangles)

    def show_search(self, unit, explored, colour):
        """Draw the (x, y) of the poses (k, 3) that unit ``unit``'s last search expanded, as faint
        dots of its ``colour`` (lightened, to stand out on the dark ground), in place of its
        earlier ones."""
        if unit in self._dots:
            self._dots.pop(unit).remove_node()
        if len(explored):
            light = (*(0.4 + 0.6 * np.asarray(colour[:3])).tolist(), 1.0)
            dots = PointSet(self.searches, len(explored), light, SEARCH_DOT, "explored poses")
            dots.update(np.column_stack([explored[:, :2], np.full(len(explored), 0.05)]))
            self._dots[unit] = dots.path

    def clear_searches(self):
        for node in self._dots.values():
            node.remove_node()
        self._dots.clear()

    def set_search_visible(self, visible):
        self.searches.show() if visible else self.searches.hide()
