"""Line and point geometry whose vertices are rewritten from numpy arrays each time a curve changes.

Lines are made by LineSegs once; after that a whole ``(n, 3)`` array is written into their vertex
buffer at once (``LineSegs.set_vertex`` would go point by point in Python), which keeps live
editing cheap.
"""

import numpy as np
from panda3d.core import (
    Geom,
    GeomNode,
    GeomPoints,
    GeomTriangles,
    GeomVertexData,
    GeomVertexFormat,
    GeomVertexWriter,
    LineSegs,
    NodePath,
)

CIRCLE_SAMPLES = 97
"""Points of a circle drawn as a closed polyline."""
_FORMAT = GeomVertexFormat.get_v3cp()
"""LineSegs' vertex format: rows of 16 bytes, x, y, z as float32 then the colour as 4 bytes."""
_FLOATS_PER_ROW = 4


class _DynamicGeometry:
    """A node of ``count`` vertices in one primitive; ``update`` replaces the vertices."""

    def __init__(self, path, count, thickness):
        self.count = count
        self.path = path
        self._data = path.node().modify_geom(0).modify_vertex_data()
        assert self._data.get_format() == _FORMAT and self._data.get_num_rows() == count
        self.path.set_render_mode_thickness(thickness)
        self.path.set_light_off()

    def update(self, points):
        """Move the vertices to ``points``, shape ``(count, 3)``."""
        rows = np.frombuffer(memoryview(self._data.modify_array(0)).cast("B"), dtype=np.float32)
        rows.reshape(self.count, _FLOATS_PER_ROW)[:, :3] = points
        # Written behind the Geom's back: without this its bounds stay those of the first
        # vertices, and the camera culls the geometry whenever those are out of view.
        node = self.path.node()
        node.get_geom(0).mark_bounds_stale()
        node.mark_internal_bounds_stale()

    def show(self, visible=True):
        """Show or hide the geometry."""
        self.path.show() if visible else self.path.hide()


class LineStrip(_DynamicGeometry):
    """A polyline through ``count`` points, made by LineSegs."""

    def __init__(self, parent, count, colour, thickness=1.0, name="line strip"):
        lines = LineSegs(name)
        lines.set_color(*colour)
        lines.set_thickness(thickness)
        lines.move_to(0, 0, 0)
        for _ in range(count - 1):
            lines.draw_to(0, 0, 0)
        super().__init__(parent.attach_new_node(lines.create(dynamic=True)), count, thickness)


class SegmentSet(_DynamicGeometry):
    """``count`` separate line segments, made by LineSegs; ``update`` takes their ends, shape
    ``(2 * count, 3)`` (a segment of no length shows nothing)."""

    def __init__(self, parent, count, colour, thickness=1.0, name="segment set"):
        lines = LineSegs(name)
        lines.set_color(*colour)
        lines.set_thickness(thickness)
        for _ in range(count):
            lines.move_to(0, 0, 0)
            lines.draw_to(0, 0, 0)
        super().__init__(parent.attach_new_node(lines.create(dynamic=True)), 2 * count, thickness)


class PointSet(_DynamicGeometry):
    """``count`` square dots, ``size`` pixels wide whatever their distance."""

    def __init__(self, parent, count, colour, size=6.0, name="points"):
        data = GeomVertexData(name, _FORMAT, Geom.UH_dynamic)
        data.set_num_rows(count)
        # Colours as vertex data, not a colour attribute: the software renderer ignores the latter.
        writer = GeomVertexWriter(data, "color")
        for _ in range(count):
            writer.add_data4(*colour)
        points = GeomPoints(Geom.UH_dynamic)
        points.add_next_vertices(count)
        geom = Geom(data)
        geom.add_primitive(points)
        node = GeomNode(name)
        node.add_geom(geom)
        super().__init__(parent.attach_new_node(node), count, size)
        self.path.set_render_mode_perspective(False)


def circle_points(centre, radius, height):
    """A closed polyline of ``CIRCLE_SAMPLES`` points around ``centre`` (x, y) at ``height``,
    shape (n, 3)."""
    angles = np.linspace(0.0, 2.0 * np.pi, CIRCLE_SAMPLES)
    return np.column_stack(
        [
            centre[0] + radius * np.cos(angles),
            centre[1] + radius * np.sin(angles),
            np.full(angles.size, height),
        ]
    )


def segments(parent, pairs, colour, thickness=1.0, name="segments"):
    """Static line segments: ``pairs`` shaped ``(k, 2, 3)``, drawn once."""
    lines = LineSegs(name)
    lines.set_color(*colour)
    lines.set_thickness(thickness)
    for start, end in np.asarray(pairs, dtype=float).tolist():
        lines.move_to(*start)
        lines.draw_to(*end)
    path = NodePath(lines.create())
    path.reparent_to(parent)
    path.set_light_off()
    return path


def blob_shadow(parent, radius, darkness=0.5, rim=24, name="shadow"):
    """A soft round shadow on the ground under an object: a disc ``radius`` wide in the plane z = 0
    of ``parent``, black at ``darkness`` opacity in the middle fading to nothing at the rim (drawn
    without lights or depth writes, so it never hides the ground's lines)."""
    data = GeomVertexData(name, GeomVertexFormat.get_v3c4(), Geom.UH_static)
    vertices, colours = GeomVertexWriter(data, "vertex"), GeomVertexWriter(data, "color")
    vertices.add_data3(0.0, 0.0, 0.0)
    colours.add_data4(0.0, 0.0, 0.0, darkness)
    for angle in np.linspace(0.0, 2.0 * np.pi, rim, endpoint=False).tolist():
        vertices.add_data3(radius * np.cos(angle), radius * np.sin(angle), 0.0)
        colours.add_data4(0.0, 0.0, 0.0, 0.0)
    triangles = GeomTriangles(Geom.UH_static)
    for k in range(rim):
        triangles.add_vertices(0, 1 + k, 1 + (k + 1) % rim)
    path = unlit_triangles(parent, name, data, triangles)
    path.set_transparency(True)
    path.set_depth_write(False)
    path.set_two_sided(True)
    path.set_bin("transparent", 0)
    return path


def ground_grid(parent, half_size, spacing, height, colour):
    """A square grid of lines in the plane z = ``height``, centred on the origin."""
    ticks = np.arange(-half_size, half_size + spacing / 2, spacing)
    along_x = [((-half_size, y, height), (half_size, y, height)) for y in ticks]
    along_y = [((x, -half_size, height), (x, half_size, height)) for x in ticks]
    return segments(parent, along_x + along_y, colour, 1.0, "ground grid")


def axes(parent, length, height, thickness=2.0):
    """X (red), Y (green) and Z (blue) axes from (0, 0, height)."""
    origin = np.array([0.0, 0.0, height])
    node = parent.attach_new_node("axes")
    for direction, colour in zip(np.eye(3), ((0.9, 0.3, 0.3, 1), (0.3, 0.85, 0.3, 1), (0.35, 0.5, 1.0, 1))):
        segments(node, [(origin, origin + length * direction)], colour, thickness, "axis")
    return node


def tiles(parent, rectangles, colour, height=0.0, name="tiles"):
    """Flat rectangles ``(k, 4)`` as (x0, y0, x1, y1) in the plane z = ``height``, one colour, one
    node (coloured per vertex: the software renderer ignores a colour attribute)."""
    data = GeomVertexData(name, GeomVertexFormat.get_v3c4(), Geom.UH_static)
    vertices, colours = GeomVertexWriter(data, "vertex"), GeomVertexWriter(data, "color")
    triangles = GeomTriangles(Geom.UH_static)
    for number, (x0, y0, x1, y1) in enumerate(np.asarray(rectangles, dtype=float).tolist()):
        for x, y in ((x0, y0), (x1, y0), (x1, y1), (x0, y1)):
            vertices.add_data3(x, y, height)
            colours.add_data4(*colour)
        first = 4 * number
        triangles.add_vertices(first, first + 1, first + 2)
        triangles.add_vertices(first, first + 2, first + 3)
    return unlit_triangles(parent, name, data, triangles)


def unlit_triangles(parent, name, data, triangles):
    """A node under ``parent`` drawing ``triangles`` of the vertex ``data``, without lights."""
    geom = Geom(data)
    geom.add_primitive(triangles)
    node = GeomNode(name)
    node.add_geom(geom)
    path = parent.attach_new_node(node)
    path.set_light_off()
    return path
