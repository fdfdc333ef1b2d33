"""Every public class of ``trajectory`` (at its root or in a subpackage) says what it is when
printed: its kind and the few facts that tell one from another (a curve's parts and length, a
motion's duration and length, a field's size and goals, a crowd's count), never an address."""

import enum
import importlib
import inspect
import re
from types import SimpleNamespace

import numpy as np
import pytest

from tests.trajectory.public_names import PUBLIC_MODULES
from trajectory.plane import reeds_shepp_path

# Every public name, from wherever it is public.
t = SimpleNamespace(
    **{
        name: getattr(module, name)
        for module in map(importlib.import_module, PUBLIC_MODULES)
        for name in module.__all__
    }
)

POINTS = [[0, 0, 0], [1, 2, 0], [3, 2, 1], [4, 0, 0]]
PATH = t.WaypointPath([(0, 0), (10, 0), (10, 5)])


def helix(u):
    return np.stack([np.cos(6 * u), np.sin(6 * u), u], axis=-1)


def _examples():
    curve = t.CubicBezier(POINTS)
    motion = t.Motion(curve, t.VelocityCurve.ease_in_out(), 3.0)
    walkers = t.FieldWalkers(t.FlowField(np.zeros((4, 5), dtype=bool), [(4, 3)]))
    walkers.spawn([[0.5, 0.5]], speed=1.0)
    followers = t.Followers(PATH)
    followers.spawn(3, speed=2.0)
    return {
        t.ArcLength: (t.ArcLength(curve), ["length 5.37128"]),
        t.ChordTables: (t.ChordTables(curve, t.VelocityCurve.constant(), 101), ["entries", "length 5.37"]),
        t.CubicBezier: (curve, ["1 segment", "length 5.37128"]),
        t.Curve: (t.PiecewiseBezier([POINTS, POINTS]), ["2 segments"]),
        t.PiecewiseBezier: (t.PiecewiseBezier([POINTS, POINTS]), ["2 segments"]),
        t.Spline: (t.Spline(POINTS, closed=True), ["4 knots, closed", "length"]),
        t.NurbsCurve: (t.NurbsCurve(POINTS), ["degree 3, 4 control points"]),
        t.FunctionCurve: (t.FunctionCurve(helix), ["of helix"]),
        t.Motion: (motion, ["duration 3 s", "length 5.37128", "'ease in-out"]),
        t.MotionChain: (t.MotionChain([motion, motion]), ["2 motions", "duration 6 s"]),
        t.VelocityCurve: (t.VelocityCurve.constant(), ["constant"]),
        t.KeyframeSampler: (t.KeyframeSampler(motion, 0.1), ["every 0.1 s of a 3 s motion"]),
        t.Playhead: (t.Playhead(motion, loop="loop"), ["t 0 of 3 s", "'loop'"]),
        t.Playheads: (t.Playheads(motion, 7), ["7 of a 3 s motion"]),
        t.PiecewisePolynomial: (t.PiecewisePolynomial([0.0, 2.0], [[1.0, 1.0]]), ["1 pieces of degree 1"]),
        t.SegmentTable: (PATH.table, ["2 segments", "length 15"]),
        t.Profile: (t.Profile.circle(1.0, sides=8), ["1 polylines (1 closed)"]),
        t.FieldWalkers: (walkers, ["1 walkers"]),
        t.Followers: (followers, ["3 on a path of 15"]),
        t.SteeringFollowers: (t.SteeringFollowers(PATH), ["0 on a path of 15"]),
        t.FlowField: (walkers.field, ["5 x 4 cells of 1", "1 goals", "0 blocked"]),
        t.GameClock: (t.GameClock(1 / 60), ["tick 0.0166667 s", "0 ticks"]),
        t.ObstacleMap: (t.ObstacleMap(), ["20 x 12 cells of 40", "0 blocked"]),
        t.WaypointPath: (PATH, ["3 waypoints", "length 15"]),
        t.Arc: (t.plan_turn((0, 0, 0), (5, 5), 1.0).segments[0], ["radius=1.0"]),
        t.Line: (t.plan_turn((0, 0, 0), (5, 5), 1.0).segments[1], ["length=6.32"]),
        t.Clothoid: (
            t.dubins_path((0, 0, 0), (5, 5), 1.0, heading=1.0, sharpness=0.5).segments[0],
            ["sharpness=0.5"],
        ),
        t.TurnPath: (
            t.plan_turn((0, 0, 0), (5, 5), 1.0),
            ["LS, length 7.15611", "radius 1,", "from (0, 0, 0)"],
        ),
        t.TurnPaths: (t.shortest_paths(np.zeros((2, 3)), np.full((2, 2), 5.0), 1.0), ["2 paths, lengths"]),
        t.Plan: (
            t.plan_path((3, 2, 0), (17, 2), 2.0, obstacles=t.ObstacleMap(20, 12, 1.0)),
            ["found, LS, length 14, 0 expansions"],
        ),
        t.Orientation: (t.Orientation.of("up", {}), ["mode='up'"]),
        t.SpeedLimits: (t.SpeedLimits(3.0), ["v_max=3.0"]),
        t.Stretch: (t.Motion.fastest(curve, v_max=2.0, accel=1.0).velocity.stretches[0], ["binding="]),
        t.Mesh: (t.Mesh.box(1, 1, 1), ["24 vertices, 12 triangles"]),
        t.Sweep: (t.sweep(curve, t.Profile.circle(0.2, sides=6)), ["rings of 7 vertices"]),  # the seam twice
        t.CellGrid: (t.CellGrid(4, 3, 2.0), ["4 x 3 cells of 2", "0 blocked"]),
        t.Agents: (t.Agents([[0.0, 0.0], [3.0, 0.0]]), ["2 agents"]),
        t.Avoidance: (t.Avoidance(0.25, obstacles=t.ObstacleMap(2, 2, 1.0)), ["radius=0.25", "4 obstacle"]),
        t.Crowd: (_crowd(), ["2 members, 1 reached"]),
        t.Others: (t.Others([[0.0, 0.0]], [[1.0, 0.0]], 2.0), ["1 mover)"]),
        t.SegmentPlaces: (
            t.SegmentPlaces.of(t.Spline([[0, 0, 0], [1, 0, 0], [1, 1, 0]]), [0.0, 0.5, 1.0]),
            ["3 places in 2 segments"],
        ),
    }


def _crowd():
    crowd = t.Crowd()
    crowd.spawn([[0.0, 0.0], [5.0, 0.0]], [[0.0, 0.0], [9.0, 0.0]], 1.0)
    crowd.step(0.05)
    return crowd


PUBLIC_CLASSES = sorted(
    name
    for name, value in vars(t).items()
    if inspect.isclass(value) and not issubclass(value, (enum.Enum, Exception, tuple))
)


@pytest.mark.parametrize("name", PUBLIC_CLASSES)
def test_a_public_class_says_what_it_is(name):
    examples = _examples()
    cls = getattr(t, name)
    assert cls in examples, f"{name} has no example here: add one, with what its repr must say"
    instance, words = examples[cls]
    shown = repr(instance)
    assert shown.startswith(f"{type(instance).__name__}(") and not re.search(r"0x[0-9a-f]{6,}", shown)
    for word in words:
        assert word in shown, (shown, word)
    assert len(shown) <= 120, shown


def test_a_steered_path_backing_up_says_so_in_one_line():
    path = reeds_shepp_path((0, 0, 0), (-3, 1), 1.0, heading=0.5, sharpness=2.0)
    shown = repr(path)
    assert "sharpness 2" in shown and "in reverse" in shown and len(shown) <= 120, shown
    turning_back = reeds_shepp_path((0, 0, 0), (3, -4), 1.0, heading=2.5)
    assert "LRSR" in repr(turning_back) and "1 change of gear" in repr(turning_back)
