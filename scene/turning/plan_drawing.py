"""The drawing of one unit's plan on the ground: its path (a unit that steers: its clothoids, where
the curvature changes, drawn over it in white), the turning circles, the exit point Q where the
turn ends and the straight begins, the destination and, for a Dubins path, the arrival heading.
Every part is a fixed-size vertex buffer rewritten when the plan changes."""

import math

import numpy as np
from panda3d.core import TextNode

from scene.ui.geometry import CIRCLE_SAMPLES, LineStrip, PointSet, SegmentSet, circle_points
from trajectory.plane import LEFT, RIGHT, STRAIGHT, circle_centre, full_lock_centre

PATH_SAMPLES = 400
MAX_CIRCLES = 4
"""The two turning circles at the start, and the circles of at most two later arcs."""
MAX_JOINTS = 24
CLOTHOID_PIECES = 240
"""Chords the clothoids are drawn with, shared among them by how much each turns."""
CLOTHOID_COLOUR = (1.0, 1.0, 1.0, 0.9)
LIFT = 0.03
"""Height of the drawing above the ground, so that the grid does not show through it."""
ARROW_LENGTH, ARROW_HEAD = 2.5, 0.6


def arrow_points(x, y, heading, height=LIFT):
    """A 5-point line strip: a shaft from (x, y) along ``heading`` and a head at its tip."""
    tip = np.array([x + ARROW_LENGTH * math.cos(heading), y + ARROW_LENGTH * math.sin(heading)])
    barbs = [
        tip - ARROW_HEAD * np.array([math.cos(heading + side), math.sin(heading + side)])
        for side in (0.5, -0.5)
    ]
    points = np.array([(x, y), tuple(tip), tuple(barbs[0]), tuple(tip), tuple(barbs[1])])
    return np.column_stack([points, np.full(5, height)])


class PlanDrawing:
    """What one unit's current plan looks like, in ``colour``, under ``parent``."""

    def __init__(self, parent, colour):
        dim = (*colour[:3], 0.45)
        self.root = parent.attach_new_node("plan")
        self.root.set_transparency(True)
        self.path_line = LineStrip(self.root, PATH_SAMPLES, colour, 3.0, "path")
        self.circles = [
            LineStrip(self.root, CIRCLE_SAMPLES, dim, 1.5, "turning circle") for _ in range(MAX_CIRCLES)
        ]
        self.clothoids = SegmentSet(self.root, CLOTHOID_PIECES, CLOTHOID_COLOUR, 3.0, "clothoids")
        self.joints = PointSet(self.root, MAX_JOINTS, (1.0, 1.0, 1.0, 1.0), 7.0, "segment joints")
        self.destination = PointSet(self.root, 1, colour, 12.0, "destination")
        self.arrow = LineStrip(self.root, 5, colour, 2.0, "arrival heading")
        label = TextNode("exit point")
        label.set_text("Q")
        label.set_text_color(1.0, 1.0, 1.0, 1.0)
        label.set_align(TextNode.A_center)
        self.label = self.root.attach_new_node(label)
        self.label.set_scale(0.9)
        self.label.set_billboard_point_eye()
        self.label.set_light_off()
        self.show_construction = True
        self._circle_count, self._has_label = 0, False
        self.root.hide()

    def show(self, path, start, radius, dubins):
        """Draw ``path`` (a ``TurnPath``) planned from pose ``start`` with turning ``radius``;
        ``dubins`` adds the arrival heading arrow."""
        self.root.show()
        poses = path.pose(_sample_distances(path))
        self.path_line.update(np.column_stack([poses[:, :2], np.full(PATH_SAMPLES, LIFT)]))
        table = path.table
        circles = _start_circles(start, radius, path.sharpness)
        later = table.centres()[int(path.sharpness is None) :]  # an arcs path's first is a start circle
        circles += [(tuple(centre), radius) for centre in later if not np.isnan(centre[0])]
        self._circle_count = min(len(circles), MAX_CIRCLES)
        for strip, (centre, size) in zip(self.circles, circles):
            strip.update(circle_points(centre, size, LIFT))
        joints = [tuple(joint) for joint in table.ends()[:-1, :2][table.lengths[1:] > 0.0]][:MAX_JOINTS]
        joints = joints + [joints[-1] if joints else tuple(poses[0, :2])] * (MAX_JOINTS - len(joints))
        self.joints.update(np.column_stack([np.array(joints), np.full(MAX_JOINTS, LIFT)]))
        self.clothoids.update(_clothoid_chords(path))
        end = poses[-1]
        self.destination.update([(end[0], end[1], LIFT)])
        self.arrow.show(dubins)
        if dubins:
            self.arrow.update(arrow_points(*end))
        lines = np.flatnonzero((table.turns == STRAIGHT) & (table.sharpness == 0.0))
        exit_point = tuple(table.starts[lines[0]]) if path.word in ("LS", "RS") and lines.size else None
        self._has_label = exit_point is not None
        if exit_point is not None:
            self.label.set_pos(exit_point[0], exit_point[1], 1.0)
        self._apply_construction()

    def set_construction(self, visible):
        """Show or hide the turning circles, the joints and the Q label."""
        self.show_construction = visible
        self._apply_construction()

    def hide(self):
        """Hide the whole drawing (no plan)."""
        self.root.hide()

    def _apply_construction(self):
        visible = self.show_construction
        for index, strip in enumerate(self.circles):
            strip.show(visible and index < self._circle_count)
        self.joints.show(visible)
        self.label.show() if visible and self._has_label else self.label.hide()


def _start_circles(start, radius, sharpness):
    """The circles drawn at the start, (centre, radius) each: the turning circles left and right;
    for a unit that steers, the circles its turns start and end on (Fraichard and Scheuer's:
    about the full-lock centre, through the start)."""
    x, y, heading = start
    if sharpness is None:
        return [(circle_centre(x, y, heading, turn, radius), radius) for turn in (LEFT, RIGHT)]
    centre = full_lock_centre(1.0 / radius, sharpness)
    facing = complex(math.cos(heading), math.sin(heading))
    circles = []
    for side in (1.0, -1.0):
        here = complex(x, y) + facing * complex(centre.real, side * centre.imag)
        circles.append(((here.real, here.imag), abs(centre)))
    return circles


def _turnings(table):
    """How much each segment turns (radians): its length times its mean curvature."""
    first = table.turns / table.radii
    last = first + table.sharpness * table.gears * table.lengths
    return table.lengths * (np.abs(first) + np.abs(last)) / 2.0


def _clothoid_chords(path):
    """The ends of ``CLOTHOID_PIECES`` chords along the path's clothoids, (2 * pieces, 3), shared
    among them by how much each turns (the rest of no length)."""
    ends = np.zeros((2 * CLOTHOID_PIECES, 3))
    table = path.table
    rows = np.flatnonzero((table.sharpness != 0.0) & (table.lengths > 0.0))
    if not rows.size:
        return ends
    turning = _turnings(table)[rows]
    shares = np.maximum(1, np.floor(CLOTHOID_PIECES * turning / max(turning.sum(), 1e-300)).astype(int))
    while shares.sum() > CLOTHOID_PIECES:  # the floor of one each may overrun with many clothoids
        shares[np.argmax(shares)] -= 1
    distances = [
        np.linspace(table.begins[k], table.begins[k] + table.lengths[k], share + 1)
        for k, share in zip(rows.tolist(), shares.tolist())
    ]
    pairs = np.concatenate([np.column_stack([d[:-1], d[1:]]) for d in distances]).ravel()
    points = path.pose(pairs)[:, :2]
    ends[: len(points), :2] = points
    ends[: len(points), 2] = LIFT * 2.0
    return ends


def _sample_distances(path):
    """``PATH_SAMPLES`` distances along ``path``: the ends of each line, and points spread over the
    arcs and clothoids by how much they turn (points along a straight part would show as kinks
    in a thick line)."""
    table = path.table
    sweeps = _turnings(table)
    budget = PATH_SAMPLES - 2 * table.count
    total = sweeps.sum() or 1.0
    distances = []
    for begin, length, sweep in zip(table.begins.tolist(), table.lengths.tolist(), sweeps.tolist()):
        distances.extend(np.linspace(begin, begin + length, 2 + int(budget * sweep / total)).tolist())
    return np.array(distances + [table.length] * (PATH_SAMPLES - len(distances)))
