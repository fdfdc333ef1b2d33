"""RVO2's simulator for agents, stepped for the whole crowd at once: ``Avoidance`` with RVO2's
choice alone (no right-hand rule, no pushing apart), the agents' state kept here.

>>> agents = Agents([[-2.0, 0.0], [2.0, 0.1]], radius=0.5, max_speed=1.0)
>>> agents.step(0.25, [[1.0, 0.0], [-1.0, 0.0]])  # nearly head on: each swerves its own way
>>> bool(agents.velocities[0, 1] < 0.0 < agents.velocities[1, 1])
True
"""

import numpy as np

from trajectory._numerics.checks import finite_points, positive_each, positive_finite
from trajectory.crowds.avoidance import Avoidance
from trajectory.crowds.orca import nearest_neighbours


class Agents:
    """Discs in the plane that step towards preferred velocities without colliding: RVO2's
    simulator for agents (its parameters by their RVO2 names).

    Args:
        positions: ``(n, 2)`` the agents' centres.
        radius: Each agent's radius, a scalar or ``(n,)``.
        max_speed: Each one's top speed (length units per second), a scalar or ``(n,)``.
        neighbour_distance: How far (centre to centre) an agent looks for neighbours.
        max_neighbours: How many of the nearest it takes into account.
        time_horizon: How far ahead (seconds) a velocity must keep clear of the neighbours.
        obstacle_time_horizon: The same for the obstacles.
        obstacles: Polygons, each (k, 2) vertices counter-clockwise (two make a wall), as RVO2
            takes them, or a map (``ObstacleMap``, any ``CellGrid``: its blocked cells and the
            space beyond its edge): no agent's velocity runs it into one within the obstacle
            horizon.

    Attributes:
        positions, velocities: ``(n, 2)``, settable (as RVO2's agents' are).

    Raises:
        ValueError: Naming the first argument that is not valid.
    """

    def __init__(
        self,
        positions,
        radius=0.5,
        max_speed=2.0,
        neighbour_distance=15.0,
        max_neighbours=10,
        time_horizon=10.0,
        obstacle_time_horizon=10.0,
        obstacles=(),
    ):
        self.positions = finite_points(positions, "positions", min_count=0, dims=2).copy()
        count = len(self.positions)
        self.velocities = np.zeros((count, 2))
        self.radius = positive_each(radius, count, "radius", "a positive number (length units)").copy()
        self.max_speed = positive_each(
            max_speed, count, "max_speed", "a positive number (units per second)"
        ).copy()
        self.avoidance = Avoidance(
            1.0,  # a spawn's default radius: the agents have their own
            neighbour_distance,
            max_neighbours,
            time_horizon,
            obstacle_time_horizon,
            obstacles,
            right_hand_turn=0.0,
        )

    def __repr__(self):
        return f"Agents({len(self.positions)} agents)"

    def step(self, dt, preferred):
        """RVO2's ``doStep``: every agent's new velocity, the one nearest ``preferred`` (n, 2)
        among those that keep clear of its neighbours, then the positions moved by ``dt``
        (seconds) at it.

        Raises:
            ValueError: On a time step that is not positive, or preferred velocities not (n, 2).
        """
        dt = positive_finite(dt, "dt")
        preferred = finite_points(preferred, "preferred velocities", min_count=0, dims=2)
        if len(preferred) != len(self.positions):
            raise ValueError(
                f"preferred velocities must be one an agent ({len(self.positions)}), got {len(preferred)}"
            )
        self.velocities = self.new_velocities(dt, preferred)
        self.positions = self.positions + self.velocities * dt

    @property
    def edges(self):
        """The obstacles' edges, as RVO2's obstacle tree keeps them (``orca_obstacles.Edges``)."""
        return self.avoidance.edges

    def new_velocities(self, dt, preferred):
        """The velocities (n, 2) ``step`` takes, the agents left where they are."""
        return self.avoidance.velocities(
            self.positions, self.velocities, preferred, self.radius, self.max_speed, dt
        )

    def neighbours(self):
        """Each agent's neighbours (n, max_neighbours), as ``nearest_neighbours`` finds them."""
        avoidance = self.avoidance
        return nearest_neighbours(self.positions, avoidance.neighbour_distance, avoidance.max_neighbours)
