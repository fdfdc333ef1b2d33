"""Paths in the plane for a unit with a turning radius: arcs and lines end to end, a turn to a
point, Dubins paths (forwards only) and Reeds-Shepp paths (backing up too), one or many at once;
for a unit that steers (``sharpness=``), clothoids where its curvature changes."""

from trajectory.plane.clothoids import full_lock_centre
from trajectory.plane.dubins import dubins_path, dubins_paths
from trajectory.plane.reeds_shepp import reeds_shepp_path
from trajectory.plane.reeds_shepp_paths import reeds_shepp_paths
from trajectory.plane.segment_poses import circle_centre
from trajectory.plane.segment_views import Arc, Clothoid, Line
from trajectory.plane.segments import LEFT, RIGHT, STRAIGHT, SegmentTable
from trajectory.plane.shortest import shortest_path, shortest_paths
from trajectory.plane.turn_paths import GoalPlace, TurnPath, TurnPaths
from trajectory.plane.turn_to_point import plan_turn, shortest_path_to_point
from trajectory.plane.turns_to_points import plan_turns, shortest_paths_to_points

__all__ = [
    "LEFT",
    "RIGHT",
    "STRAIGHT",
    "Arc",
    "Clothoid",
    "GoalPlace",
    "Line",
    "SegmentTable",
    "TurnPath",
    "TurnPaths",
    "circle_centre",
    "dubins_path",
    "dubins_paths",
    "full_lock_centre",
    "plan_turn",
    "plan_turns",
    "reeds_shepp_path",
    "reeds_shepp_paths",
    "shortest_path",
    "shortest_path_to_point",
    "shortest_paths",
    "shortest_paths_to_points",
]
