"""Many units on one path, as in a tower-defense game: the seed's waypoint path,
followers that keep to it exactly, steering followers that keep apart, their neighbours, a
fixed-tick game clock, shots that lead them, who is in range of whom, crowds walking a
flow field, agents that step clear of each other (ORCA, as RVO2), crowds that avoid each other
beyond RVO2 (``Avoidance``, ``Crowd``), and discs pushed apart."""

from trajectory.crowds.agents import Agents
from trajectory.crowds.avoidance import Avoidance, Others
from trajectory.crowds.crowd import Crowd
from trajectory.crowds.field_walkers import FieldWalkers
from trajectory.crowds.followers import Followers
from trajectory.crowds.game_clock import GameClock
from trajectory.crowds.intercept import lead, lead_on_path
from trajectory.crowds.neighbours import pairs_within
from trajectory.crowds.separation import separated
from trajectory.crowds.steering import SteeringFollowers
from trajectory.crowds.waypoints import SEED_PATH_CELLS, WaypointPath

__all__ = [
    "SEED_PATH_CELLS",
    "Agents",
    "Avoidance",
    "Crowd",
    "FieldWalkers",
    "Followers",
    "GameClock",
    "Others",
    "SteeringFollowers",
    "WaypointPath",
    "lead",
    "lead_on_path",
    "pairs_within",
    "separated",
]
