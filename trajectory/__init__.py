"""Motion for game units and animated objects: pure numpy, no engine.

Two libraries over a numeric floor (``_numerics``): motion along 3D curves (``curves``,
``timing``, ``orientation``, ``playback``, and ``meshes`` built along them) and motion in the
plane (``plane``, ``planning``, ``crowds``). Every public name of the subpackages is importable
from here:

>>> from trajectory import CubicBezier, VelocityCurve, Motion
>>> curve = CubicBezier([[0, 0, 0], [1, 2, 0], [3, 2, 0], [4, 0, 0]])
>>> motion = Motion(curve, VelocityCurve.ease_in_out(), duration=3.0)
>>> motion.position(1.5).round(12).tolist()  # halfway in time, halfway along: the top
[2.0, 1.5, 0.0]
>>> float(motion.speed(1.5))  # ease in-out peaks at twice the mean speed, 2 L / 3 s
3.51...
"""

__version__ = "0.1.0"

from trajectory._numerics.piecewise import PiecewisePolynomial
from trajectory.crowds import (
    SEED_PATH_CELLS,
    FieldWalkers,
    Followers,
    GameClock,
    Grid,
    SteeringFollowers,
    WaypointPath,
    lead,
    lead_on_path,
    pairs_within,
)
from trajectory.curves import (
    ArcLength,
    CubicBezier,
    Curve,
    FunctionCurve,
    NoLengthError,
    NurbsCurve,
    PiecewiseBezier,
    Spline,
    TangentMode,
    spline_data,
    spline_from_data,
)
from trajectory.meshes import Mesh, Profile, Sweep, along, sweep
from trajectory.orientation import MODES as ORIENTATION_MODES
from trajectory.orientation import Orientation, frames_along
from trajectory.plane import (
    LEFT,
    RIGHT,
    STRAIGHT,
    Arc,
    GoalPlace,
    Line,
    SegmentTable,
    TurnPath,
    TurnPaths,
    circle_centre,
    dubins_path,
    dubins_paths,
    plan_turn,
    plan_turns,
    reeds_shepp_path,
    reeds_shepp_paths,
    shortest_path,
    shortest_path_to_point,
    shortest_paths,
    shortest_paths_to_points,
)
from trajectory.planning import FlowField, ObstacleMap, Plan, PlanStatus, plan_path, plan_paths
from trajectory.playback import (
    METHODS,
    ChordTables,
    Crossing,
    KeyframeSampler,
    Marker,
    Motion,
    MotionChain,
    Playhead,
    Playheads,
    train_poses,
)
from trajectory.timing import Binding, DistanceOutOfRange, SpeedLimits, Stretch, VelocityCurve

__all__ = [
    "LEFT",
    "METHODS",
    "ORIENTATION_MODES",
    "RIGHT",
    "SEED_PATH_CELLS",
    "STRAIGHT",
    "Arc",
    "ArcLength",
    "Binding",
    "ChordTables",
    "Crossing",
    "CubicBezier",
    "Curve",
    "DistanceOutOfRange",
    "FieldWalkers",
    "FlowField",
    "Followers",
    "FunctionCurve",
    "GameClock",
    "GoalPlace",
    "Grid",
    "KeyframeSampler",
    "Line",
    "Marker",
    "Mesh",
    "Motion",
    "MotionChain",
    "NoLengthError",
    "NurbsCurve",
    "ObstacleMap",
    "Orientation",
    "PiecewiseBezier",
    "PiecewisePolynomial",
    "Plan",
    "PlanStatus",
    "Playhead",
    "Playheads",
    "Profile",
    "SegmentTable",
    "SpeedLimits",
    "Spline",
    "SteeringFollowers",
    "Stretch",
    "Sweep",
    "TangentMode",
    "TurnPath",
    "TurnPaths",
    "VelocityCurve",
    "WaypointPath",
    "along",
    "circle_centre",
    "dubins_path",
    "dubins_paths",
    "frames_along",
    "lead",
    "lead_on_path",
    "pairs_within",
    "plan_path",
    "plan_paths",
    "plan_turn",
    "plan_turns",
    "reeds_shepp_path",
    "reeds_shepp_paths",
    "shortest_path",
    "shortest_path_to_point",
    "shortest_paths",
    "shortest_paths_to_points",
    "spline_data",
    "spline_from_data",
    "sweep",
    "train_poses",
]
