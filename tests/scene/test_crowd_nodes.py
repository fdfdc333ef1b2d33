"""A crowd of copies of one model, offscreen (no shaders there: one node a copy): each copy where
``update`` puts it, turned to its heading and tinted; extra copies hidden; the draw calls
counted. (The instanced path is drawn in the real window: test_window_e2e's maze test.)"""

import math

import numpy as np

from scene.ui.assets import load_model
from scene.ui.crowd_nodes import CrowdNodes


def test_offscreen_each_copy_is_a_node_placed_turned_and_tinted(app):
    crowd = CrowdNodes(app, app.render, load_model(app, "enemy"), capacity=10, scale=0.5)
    assert not crowd.instanced  # the software renderer runs no shaders
    positions = np.array([[1.0, 2.0, 0.0], [3.0, -1.0, 0.5], [0.0, 0.0, 0.0]])
    headings = np.array([0.0, math.pi / 2, math.pi])
    colours = np.array([[1, 0, 0, 1], [0, 1, 0, 1], [0, 0, 1, 1]], dtype=float)
    crowd.update(positions, headings, colours)
    copies = crowd._copies
    for copy, position, heading, colour in zip(copies, positions, headings, colours):
        np.testing.assert_allclose(tuple(copy.get_pos()), position, atol=1e-6)
        forward = np.array(app.render.get_relative_vector(copy, (0, 1, 0)))
        np.testing.assert_allclose(
            forward / np.linalg.norm(forward), (math.cos(heading), math.sin(heading), 0), atol=1e-6
        )
        np.testing.assert_allclose(tuple(copy.get_color_scale()), colour, atol=1e-6)
    assert crowd.draw_calls >= 3 and crowd.draw_calls % 3 == 0  # each copy its model's Geoms
    crowd.update(positions[:1], headings[:1])
    assert not copies[0].is_hidden() and copies[1].is_hidden() and copies[2].is_hidden()
    crowd.update(np.zeros((50, 3)), np.zeros(50))
    assert crowd.count == 10  # no more than the capacity
    crowd.node.remove_node()


def test_the_crowd_s_enemy_looks_along_plus_y_as_crowds_turn_their_models(app):
    from panda3d.core import GeomVertexReader

    model = load_model(app, "crowd_enemy")
    model.flatten_strong()
    data = model.find("**/+GeomNode").node().get_geom(0).get_vertex_data()
    where, colour = GeomVertexReader(data, "vertex"), GeomVertexReader(data, "color")
    points = [(tuple(where.get_data3()), tuple(colour.get_data4())) for _ in range(data.get_num_rows())]
    head = [p for p, c in points if c[1] > 0.8 and c[0] > 0.8]  # its yellow head
    body = [p for p, c in points if not (c[1] > 0.8 and c[0] > 0.8)]
    assert min(y for _, y, _ in head) > np.mean([y for _, y, _ in body])
    assert abs(np.mean([x for x, _, _ in head])) < 1e-6  # straight ahead, not to a side
