"""Motion for game units and animated objects: pure numpy, no engine.

Two libraries over a numeric floor (``_numerics``): motion along 3D curves (``curves``,
``timing``, ``orientation``, ``playback``, and ``meshes`` built along them) and motion in the
plane (``plane``, ``planning``, ``crowds``). The root holds the names a game or an animation
uses; the rest (the planners one by one, arc-length tables, spline data, speed-limit details,
orientation modes, keyframe samplers, the seed's grid path...) stays in its subpackage, public
and documented there, the way ``bezier.hazmat`` keeps the low-level parts of ``bezier``:

>>> from trajectory import CubicBezier, VelocityCurve, Motion
>>> curve = CubicBezier([[0, 0, 0], [1, 2, 0], [3, 2, 0], [4, 0, 0]])
>>> motion = Motion(curve, VelocityCurve.ease_in_out(), duration=3.0)
>>> motion.position(1.5).round(12).tolist()  # halfway in time, halfway along: the top
[2.0, 1.5, 0.0]
>>> float(motion.speed(1.5))  # ease in-out peaks at twice the mean speed, 2 L / 3 s
3.51...
"""

__version__ = "0.1.0"

from trajectory.crowds import (
    Avoidance,
    Crowd,
    FieldWalkers,
    Followers,
    GameClock,
    Others,
    SteeringFollowers,
    WaypointPath,
    lead,
    lead_on_path,
    pairs_within,
)
from trajectory.curves import CubicBezier, Curve, FunctionCurve, NurbsCurve, PiecewiseBezier, Spline
from trajectory.meshes import Mesh, Profile, along, bend, sweep
from trajectory.orientation import Orientation
from trajectory.plane import TurnPath, TurnPaths, shortest_path, shortest_paths
from trajectory.planning import FlowField, ObstacleMap, Plan, PlanStatus, plan_path, plan_paths
from trajectory.playback import Crossing, Marker, Motion, MotionChain, Playhead, Playheads
from trajectory.timing import SpeedLimits, VelocityCurve

__all__ = [  # noqa: RUF022 (grouped by what a game does, not sorted)
    # Curves, and the pace along them
    "Curve",
    "CubicBezier",
    "PiecewiseBezier",
    "NurbsCurve",
    "FunctionCurve",
    "Spline",
    "VelocityCurve",
    "SpeedLimits",
    # Motion along a curve, played live
    "Motion",
    "MotionChain",
    "Orientation",
    "Playhead",
    "Playheads",
    "Crossing",
    "Marker",
    # Meshes along a curve
    "Mesh",
    "Profile",
    "sweep",
    "along",
    "bend",
    # Units in the plane: one call plans a path
    "shortest_path",
    "shortest_paths",
    "TurnPath",
    "TurnPaths",
    "ObstacleMap",
    "plan_path",
    "plan_paths",
    "Plan",
    "PlanStatus",
    # Crowds
    "WaypointPath",
    "Followers",
    "SteeringFollowers",
    "FlowField",
    "FieldWalkers",
    "Avoidance",
    "Crowd",
    "Others",
    "GameClock",
    "lead",
    "lead_on_path",
    "pairs_within",
]
