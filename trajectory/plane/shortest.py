"""The shortest path for a unit with a turning radius, whatever it is asked: to a point or to a
pose, forwards only or backing up too. One call for what a game's order is; the planners it
chooses from say how."""

from trajectory._numerics.checks import flag
from trajectory.plane.dubins import dubins_path, dubins_paths
from trajectory.plane.reeds_shepp import reeds_shepp_path
from trajectory.plane.reeds_shepp_paths import reeds_shepp_paths
from trajectory.plane.turn_to_point import shortest_path_to_point
from trajectory.plane.turns_to_points import shortest_paths_to_points


def shortest_path(start, goal, radius, *, heading=None, reverse=False, sharpness=None):
    """The shortest path from pose ``start`` (x, y, heading) to the point ``goal`` (x, y) for a
    unit turning no tighter than ``radius``: arriving facing any way (``shortest_path_to_point``)
    or facing ``heading`` (``dubins_path``; ``reeds_shepp_path`` where the unit may back up,
    ``reverse``); for a unit that steers, with its ``sharpness`` (continuous curvature).

    Returns:
        A ``TurnPath`` (with ``gears`` where it backs up).

    Raises:
        ValueError: As the planner it chooses.

    >>> shortest_path((0.0, 0.0, 0.0), (-3.0, 0.0), 1.0, heading=0.0, reverse=True).gears
    (-1.0,)
    """
    if heading is None:
        return shortest_path_to_point(start, goal, radius, reverse=reverse, sharpness=sharpness)
    if flag(reverse, "reverse"):
        return reeds_shepp_path(start, goal, radius, heading=heading, sharpness=sharpness)
    return dubins_path(start, goal, radius, heading=heading, sharpness=sharpness)


def shortest_paths(starts, goals, radius, *, headings=None, reverse=False, sharpness=None):
    """``shortest_path`` for many units at once: start poses (n, 3), goal points (n, 2), one radius
    or one per unit, and the headings to arrive facing (n,) or None for any; ``sharpness`` for
    units that steer.

    Returns:
        ``TurnPaths``.

    Raises:
        ValueError: As the planner it chooses.
    """
    if headings is None:
        return shortest_paths_to_points(starts, goals, radius, reverse=reverse, sharpness=sharpness)
    if flag(reverse, "reverse"):
        return reeds_shepp_paths(starts, goals, radius, headings=headings, sharpness=sharpness)
    return dubins_paths(starts, goals, radius, headings=headings, sharpness=sharpness)
