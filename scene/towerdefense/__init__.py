"""The tower-defense mode (``defense_mode.DefenseMode``): waves of enemies along the seed's
waypoint path on a grid, towers placed by mouse; the game's rules (``defense_game``) apart from
its drawing."""

__all__ = ["defense_game", "defense_mode"]
