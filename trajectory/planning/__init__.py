"""Planning around obstacles: a map of blocked cells, the clearance of a unit's footprint, grid
distances to the goal, a hybrid A* search over poses with shots to the goal, the smoothing of
what it finds, and flow fields that lead any number of walkers to their goals."""

from trajectory.planning.cell_grid import CellGrid
from trajectory.planning.flow_field import FlowField
from trajectory.planning.obstacles import ObstacleMap
from trajectory.planning.planner import Plan, PlanStatus, plan_path, plan_paths

__all__ = ["CellGrid", "FlowField", "ObstacleMap", "Plan", "PlanStatus", "plan_path", "plan_paths"]
