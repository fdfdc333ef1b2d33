"""The two tower-defense modes: the seed's board, waves of enemies along its waypoint path
(``defense_mode``, its rules in ``defense_game``), and the maze the player builds on an open
field (``maze_mode``, its rules in ``maze_game``, its fields in ``maze_maps``); the shots that
lead in both (``shots``) and the game speed and pause they share (``game_pace``)."""

__all__ = ["defense_game", "defense_mode", "game_pace", "maze_game", "maze_maps", "maze_mode", "shots"]
