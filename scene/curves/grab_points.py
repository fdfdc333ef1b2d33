"""The points of the trajectory shown that a press grabs, and the edit that moves each: a
Bezier's or a spline's control points; a spline of knots' knots, then the selected knot's in and
out handle tips."""

import numpy as np

from scene.curves import curve_edits as edits


def grabbable(preset, selected_knot):
    """The points a press grabs on ``preset`` (a ``TrajectoryPreset``), (k, 3); () for a
    function."""
    if not preset.editable:
        return np.zeros((0, 3))
    if not preset.knots:
        return np.array(preset.points, dtype=float)
    if selected_knot is None:
        return preset.spline.knots
    return np.concatenate((preset.spline.knots, handle_tips(preset.spline, selected_knot)))


def handle_tips(spline, knot):
    """Knot ``knot``'s in and out handle tips on ``spline``, (2, 3)."""
    return spline.knots[knot] + spline.tangents[knot]


def point_edit(preset, selected_knot, index, position):
    """The edit that moves grabbable point ``index`` to ``position`` (3,): a control point, a
    knot, or a handle tip of the selected knot (its mode deciding the other handle)."""
    position = tuple(map(float, position))
    if not preset.knots:
        return edits.MovePoint(index, position)
    spline = preset.spline
    count = len(spline.knots)
    if index < count:
        return edits.MoveKnot(index, position)
    vector = tuple(map(float, np.asarray(position) - spline.knots[selected_knot]))
    return edits.MoveTangent(selected_knot, ("in", "out")[index - count], vector)
