"""Avoidance for a crowd: its members step clear of each other and of obstacles by ORCA (RVO2's
step, ``orca``), and two rules of the crowds' own go beyond RVO2, which lets discs overlap in a
squeeze and lets a symmetric crowd jam for good:

- **Keep to the right when held up.** A member going slower than it wants turns the way it
  wants to its right, by up to ``RIGHT_HAND_TURN`` when it stands still: two streams meeting
  head on pass right of each other, and a ring of members jammed round a shared goal turns into
  a roundabout and unwinds.
- **Never overlap.** After each step, discs that overlap (each other, or an obstacle edge) are
  pushed apart (``separation.separated``) until none does by more than ``TOLERANCE`` of a
  radius.

>>> avoidance = Avoidance(radius=0.5)
>>> positions, velocities = np.array([[-2.0, 0.0], [2.0, 0.0]]), np.zeros((2, 2))
>>> wanted = np.array([[1.0, 0.0], [-1.0, 0.0]])  # exactly head on
>>> new = avoidance.velocities(positions, velocities, wanted, 0.5, 1.0, 0.25)
>>> bool(new[0, 1] < 0.0 < new[1, 1])  # each passes right of the other
True
"""

import numpy as np

from trajectory._numerics.checks import finite_points, positive_each, positive_finite, whole_number
from trajectory.crowds.orca import (
    agent_lines,
    nearest_neighbours,
    orca_velocities,
    wall_lines,
    wall_velocities,
)
from trajectory.crowds.orca_obstacles import Edges
from trajectory.crowds.separation import TOLERANCE, separated
from trajectory.planning.cell_grid import CellGrid

RIGHT_HAND_TURN = 1.0
"""How far (radians) a member that stands still turns its wanted way to its right."""
STEP_ROUNDS = 300
"""The most rounds of pushing apart in one step: a crowd packed tighter than it fits (a wall
of towers built on it) is parted as far as that gets it, and further in the steps after, rather
than stopping the game. A crowd that fits needs a few dozen (a hundred at worst, measured)."""


class Avoidance:
    """How a crowd keeps clear: the settings of ORCA by RVO2's names, the obstacles, and the
    crowds' own rules (see the module). One ``Avoidance`` may serve several crowds.

    Args:
        radius: The radius members spawn with (each may have its own), length units.
        neighbour_distance: How far (centre to centre) a member looks for neighbours.
        max_neighbours: How many of the nearest it takes into account.
        time_horizon: How far ahead (seconds) a velocity must keep clear of the neighbours.
        obstacle_time_horizon: The same for the obstacles.
        obstacles: Polygons (each (k, 2) counter-clockwise) or a map (a ``CellGrid``, such as a
            ``FlowField``: its blocked cells and the space beyond its edge). A map is read
            again whenever its blocked cells change (a tower placed).
        right_hand_turn: ``RIGHT_HAND_TURN``, or 0 for RVO2's plain choice.

    Raises:
        ValueError: Naming the first argument that is not valid.
    """

    def __init__(
        self,
        radius=0.5,
        neighbour_distance=15.0,
        max_neighbours=10,
        time_horizon=10.0,
        obstacle_time_horizon=10.0,
        obstacles=(),
        right_hand_turn=RIGHT_HAND_TURN,
    ):
        self.radius = positive_finite(radius, "radius")
        self.neighbour_distance = positive_finite(neighbour_distance, "neighbour_distance")
        self.max_neighbours = whole_number(max_neighbours, "max_neighbours", 0, 10**6)
        self.time_horizon = positive_finite(time_horizon, "time_horizon")
        self.obstacle_time_horizon = positive_finite(obstacle_time_horizon, "obstacle_time_horizon")
        turn = float(right_hand_turn)
        if not 0.0 <= turn <= np.pi / 2:
            raise ValueError(f"right_hand_turn must be from 0 to pi / 2 radians, got {right_hand_turn!r}")
        self.right_hand_turn = turn
        self.obstacles = obstacles
        self._map_blocked = None
        self._edges = Edges(obstacles)
        if isinstance(obstacles, CellGrid):
            self._map_blocked = obstacles.blocked.copy()

    def __repr__(self):
        return f"Avoidance(radius={self.radius:g}, {len(self.edges)} obstacle edges)"

    def on(self, obstacles):
        """The same settings among other ``obstacles`` (as the constructor takes them)."""
        return Avoidance(
            self.radius,
            self.neighbour_distance,
            self.max_neighbours,
            self.time_horizon,
            self.obstacle_time_horizon,
            obstacles,
            self.right_hand_turn,
        )

    @property
    def edges(self):
        """The obstacles' edges (``orca_obstacles.Edges``), a map's made again if it changed."""
        if self._map_blocked is not None and not np.array_equal(self._map_blocked, self.obstacles.blocked):
            self._edges = Edges(self.obstacles)
            self._map_blocked = self.obstacles.blocked.copy()
        return self._edges

    def velocities(self, positions, velocities, wanted, radii, max_speeds, dt, others=None):
        """The velocities (n, 2) members at ``positions`` (n, 2), moving at ``velocities`` (n, 2),
        take over the next ``dt`` seconds when they want ``wanted`` (n, 2): ORCA's, from the way
        they want turned right as far as they are held up. ``radii`` and ``max_speeds`` are one
        or (n,). ``others``: movers that do not avoid (vehicles on their paths, a player), as
        ``Others``; members keep clear of them taking the whole responsibility."""
        count = len(positions)
        radii = positive_each(radii, count, "radii", "a positive number (length units)")
        max_speeds = positive_each(max_speeds, count, "max_speeds", "a positive number (units per second)")
        velocities, wanted = np.asarray(velocities, dtype=float), np.asarray(wanted, dtype=float)
        walls = wall_lines(self.edges, positions, velocities, radii, max_speeds, self.obstacle_time_horizon)
        preferred = wanted
        if self.right_hand_turn:
            held_up = _share_of(wall_velocities(walls, max_speeds, wanted), wanted) - _share_of(
                velocities, wanted
            )
            preferred = _turned_right(wanted, self.right_hand_turn * np.clip(held_up, 0.0, 1.0))
        everyone, moving, sizes = positions, velocities, radii
        if others is not None:
            everyone = np.concatenate([positions, others.positions])
            moving = np.concatenate([velocities, others.velocities])
            sizes = np.concatenate([radii, others.radii])
        neighbours = nearest_neighbours(everyone, self.neighbour_distance, self.max_neighbours)
        neighbours[count:] = -1  # the others' own lines are not wanted
        points, directions = agent_lines(
            everyone, moving, sizes, neighbours, 1.0 / self.time_horizon, 1.0 / dt
        )
        neighbours, points, directions = neighbours[:count], points[:count], directions[:count]
        whole = (neighbours >= count)[..., None]  # an other does not avoid: the whole of it, not half
        points = np.where(whole, 2.0 * points - velocities[:, None], points)
        return orca_velocities(
            (points, directions), (neighbours >= 0).sum(axis=1), walls, max_speeds, preferred
        )

    def speeds_along(self, positions, velocities, ways, wanted, radii, ahead, dt):
        """Speeds (n,) for members that keep to their paths (vehicles, lane followers): each at
        ``positions`` moving at ``velocities`` (n, 2) may only go its way ``ways`` (n, 2, unit)
        at a speed from 0 to ``wanted`` (n,): the fastest that ORCA's half-plane of each
        neighbour further ``ahead`` (n,; a tie goes to the lower index) allows, the one behind
        taking the whole responsibility (it slows, the one ahead goes on: no two wait for each
        other). A half-plane that would need it to go faster is left out: it cannot swerve."""
        count = len(positions)
        radii = positive_each(radii, count, "radii", "a positive number (length units)")
        neighbours = nearest_neighbours(positions, self.neighbour_distance, self.max_neighbours)
        index = np.arange(count)[:, None]
        other = np.where(neighbours >= 0, neighbours, index)
        in_front = (neighbours >= 0) & (
            (ahead[other] > ahead[:, None]) | ((ahead[other] == ahead[:, None]) & (other < index))
        )
        points, directions = agent_lines(
            positions,
            velocities,
            radii,
            np.where(in_front, neighbours, -1),
            1.0 / self.time_horizon,
            1.0 / dt,
        )
        points = 2.0 * points - velocities[:, None]  # the whole of the responsibility, not half
        # On the left of each line: s cross(d, way) >= cross(d, point), a bound on s where the
        # line crosses the way (from above where cross(d, way) < 0).
        facing = directions[..., 0] * ways[:, None, 1] - directions[..., 1] * ways[:, None, 0]
        offset = directions[..., 0] * points[..., 1] - directions[..., 1] * points[..., 0]
        with np.errstate(divide="ignore", invalid="ignore"):
            bound = np.where(in_front & (facing < 0.0), offset / facing, np.inf)
        return np.clip(np.minimum(wanted, bound.min(axis=1, initial=np.inf)), 0.0, None)

    def step(self, positions, velocities, wanted, radii, max_speeds, dt, others=None):
        """One step of ``dt`` seconds for members at ``positions`` moving at ``velocities``
        (n, 2) that want ``wanted`` (n, 2): their new positions and velocities (n, 2) each, the
        velocities as ``velocities`` gives them (clear of ``others`` too), the positions moved at
        them and then pushed apart (``separated``; from the others' discs where they will be)."""
        velocities = self.velocities(positions, velocities, wanted, radii, max_speeds, dt, others)
        moved = positions + velocities * dt
        if others is None or not len(others.positions):
            return self.separated(moved, radii), velocities
        later = others.positions + others.velocities * dt
        parted = separated(
            moved, radii, self.edges, TOLERANCE, fixed=(later, others.radii), rounds=STEP_ROUNDS
        )
        return parted, velocities

    def separated(self, positions, radii):
        """``positions`` (n, 2) pushed apart so that no two discs of ``radii`` (one or (n,))
        overlap, nor reach into an obstacle, by more than ``TOLERANCE`` of a radius (or as far
        as ``STEP_ROUNDS`` rounds get them, where they are packed tighter than they fit)."""
        return separated(positions, radii, self.edges, TOLERANCE, rounds=STEP_ROUNDS)


class Others:
    """Movers a crowd keeps clear of that do not keep clear of it (vehicles on their paths, a
    player): their centres and velocities (m, 2) and radii (one or (m,)).

    Raises:
        ValueError: On points that are not finite (m, 2) numbers or radii that are not positive.
    """

    def __init__(self, positions, velocities, radii):
        self.positions = finite_points(positions, "others' positions", min_count=0, dims=2)
        self.velocities = finite_points(
            velocities, "others' velocities", count=len(self.positions), min_count=0, dims=2
        )
        self.radii = positive_each(radii, len(self.positions), "others' radii", "a positive number").copy()

    def __repr__(self):
        count = len(self.positions)
        return f"Others({count} mover{'' if count == 1 else 's'})"


def checked(avoidance):
    """``avoidance`` if it is None or an ``Avoidance``, else a ValueError naming it."""
    if avoidance is not None and not isinstance(avoidance, Avoidance):
        raise ValueError(f"avoidance must be None or an Avoidance, got {type(avoidance).__name__}")
    return avoidance


def _share_of(velocities, wanted):
    """(n,) how much of each ``wanted`` velocity (n, 2) ``velocities`` (n, 2) make along it,
    from 0 (none, or backwards) to 1 (all of it, or more); 1 where nothing is wanted."""
    wanted_sq = (wanted * wanted).sum(axis=1)
    with np.errstate(divide="ignore", invalid="ignore"):
        share = np.where(wanted_sq > 0.0, (velocities * wanted).sum(axis=1) / wanted_sq, 1.0)
    return np.clip(share, 0.0, 1.0)


def _turned_right(vectors, angles):
    """``vectors`` (n, 2) turned clockwise by ``angles`` (n,) radians."""
    cos, sin = np.cos(angles), np.sin(angles)
    x, y = vectors[:, 0], vectors[:, 1]
    return np.column_stack([cos * x + sin * y, cos * y - sin * x])
