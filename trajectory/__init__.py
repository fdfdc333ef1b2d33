"""Motion along 3D curves at the pace of a velocity curve: pure numpy, no engine.

The public names, documented in the README:

>>> from trajectory import CubicBezier, VelocityCurve, Motion
>>> curve = CubicBezier([[0, 0, 0], [1, 2, 0], [3, 2, 0], [4, 0, 0]])
>>> motion = Motion(curve, VelocityCurve.ease_in_out(), duration=3.0)
>>> motion.position(1.5).round(12).tolist()  # halfway in time, halfway along: the top
[2.0, 1.5, 0.0]
>>> float(motion.speed(1.5))  # ease in-out peaks at twice the mean speed, 2 L / 3 s
3.51...
"""

from trajectory.arclength import ArcLength
from trajectory.bezier import CubicBezier, PiecewiseBezier
from trajectory.chain import MotionChain
from trajectory.crossings import Crossing, Marker
from trajectory.curve import Curve
from trajectory.dubins import dubins_path, dubins_paths
from trajectory.followers import Followers
from trajectory.frames import MODES as ORIENTATION_MODES
from trajectory.frames import Orientation
from trajectory.function_curve import FunctionCurve
from trajectory.game_clock import GameClock
from trajectory.grid import SEED_PATH_CELLS, Grid
from trajectory.keyframes import KeyframeSampler
from trajectory.motion import METHODS, Motion
from trajectory.nurbs import NurbsCurve
from trajectory.obstacles import ObstacleMap
from trajectory.piecewise import PiecewisePolynomial
from trajectory.planning import Plan, PlanStatus, plan_path
from trajectory.playback import Playhead
from trajectory.playheads import Playheads
from trajectory.reeds_shepp import reeds_shepp_path
from trajectory.reeds_shepp_paths import reeds_shepp_paths
from trajectory.seed_method import SeedTables
from trajectory.segments import Arc, Line, SegmentTable
from trajectory.steering import SteeringFollowers
from trajectory.turn_paths import Case, TurnPath, TurnPaths
from trajectory.turn_to_point import plan_turn, plan_turns, shortest_path_to_point, shortest_paths_to_points
from trajectory.velocity import VelocityCurve
from trajectory.waypoints import WaypointPath

__all__ = [
    "METHODS",
    "ORIENTATION_MODES",
    "SEED_PATH_CELLS",
    "Arc",
    "ArcLength",
    "Case",
    "Crossing",
    "CubicBezier",
    "Curve",
    "Followers",
    "FunctionCurve",
    "GameClock",
    "Grid",
    "KeyframeSampler",
    "Line",
    "Marker",
    "Motion",
    "MotionChain",
    "NurbsCurve",
    "ObstacleMap",
    "Orientation",
    "PiecewiseBezier",
    "PiecewisePolynomial",
    "Plan",
    "PlanStatus",
    "Playhead",
    "Playheads",
    "SeedTables",
    "SegmentTable",
    "SteeringFollowers",
    "TurnPath",
    "TurnPaths",
    "VelocityCurve",
    "WaypointPath",
    "dubins_path",
    "dubins_paths",
    "plan_path",
    "plan_turn",
    "plan_turns",
    "reeds_shepp_path",
    "reeds_shepp_paths",
    "shortest_path_to_point",
    "shortest_paths_to_points",
]
