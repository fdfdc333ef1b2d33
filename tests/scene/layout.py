"""The screen's texts as rectangles, for layout tests: every visible text inside its panel (the
card it is drawn on, or the window) and no two of one layer overlapping (the help overlay is a
layer over the rest: see ``scene.ui.overlay``)."""

import itertools

from panda3d.core import Point3

from scene.ui.overlay import LAYER_TAG, PANEL_TAG

SLACK = 0.002
"""How far (render2d units, the window being 2 high) a text may pass its panel: rounding."""


def rectangle(app, node):
    """``node``'s tight bounds in render2d coordinates: (left, bottom, right, top), or None."""
    bounds = node.get_tight_bounds(app.render2d)
    if not bounds:
        return None
    low, high = bounds
    return (low.x, low.z, high.x, high.z)


def panel_of(app, node):
    """The rectangle of the nearest panel card among ``node``'s ancestors' children, or the
    window's."""
    parent = node.get_parent()
    while not parent.is_empty():
        for child in parent.get_children():
            if child.has_python_tag(PANEL_TAG) and not child.is_hidden():
                return rectangle(app, child), child.get_python_tag(PANEL_TAG)
        parent = parent.get_parent()
    left = app.render2d.get_relative_point(app.a2dBottomLeft, Point3(0, 0, 0))
    right = app.render2d.get_relative_point(app.a2dTopRight, Point3(0, 0, 0))
    return (left.x, left.z, right.x, right.z), "window"


def layer_of(node):
    """The layer a text is drawn in: its nearest ancestor's ``LAYER_TAG``, or "screen"."""
    parent = node.get_parent()
    while not parent.is_empty():
        if parent.has_python_tag(LAYER_TAG):
            return parent.get_python_tag(LAYER_TAG)
        parent = parent.get_parent()
    return "screen"


def texts(app):
    """(words, rectangle, panel rectangle, panel name, layer) of every visible text on screen."""
    found = []
    for node in app.aspect2d.find_all_matches("**/+TextNode"):
        text = node.node().get_text()
        if not text.strip() or node.is_hidden():
            continue
        box = rectangle(app, node)
        if box is not None:
            panel, name = panel_of(app, node)
            found.append((text, box, panel, name, layer_of(node)))
    return found


def outside(box, panel):
    return (
        box[0] < panel[0] - SLACK
        or box[1] < panel[1] - SLACK
        or box[2] > panel[2] + SLACK
        or box[3] > panel[3] + SLACK
    )


def overlapping(a, b):
    return a[0] < b[2] - SLACK and b[0] < a[2] - SLACK and a[1] < b[3] - SLACK and b[1] < a[3] - SLACK


def problems(app):
    """What is wrong with the layout now: texts outside their panels, texts over each other,
    panels over each other; a list of sentences (empty when all is well)."""
    found = texts(app)
    said = [
        f"{words[:40]!r} passes its {name}" for words, box, panel, name, _ in found if outside(box, panel)
    ]
    for (a, box_a, _, _, layer_a), (b, box_b, _, _, layer_b) in itertools.combinations(found, 2):
        if layer_a == layer_b and overlapping(box_a, box_b):
            said.append(f"{a[:40]!r} overlaps {b[:40]!r}")
    return said
