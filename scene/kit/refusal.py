"""Why the scene did not do what the user asked: one code for every mode's reasons (each mode puts
a code into its own words, on screen), and the error an edit that is refused raises."""

import enum


class Refusal(enum.Enum):
    """A reason, as a code."""

    OFF_BOARD = "off board"
    """The point or cell is off the board (or the field)."""
    TAKEN = "taken"
    """A tower stands there already."""
    ON_PATH = "on path"
    """Towers cannot stand on the enemies' path."""
    FULL = "full"
    """The board holds as many towers as it may."""
    ENDS = "spawn or base"
    """The spawns and the base stay open."""
    CLOSES_THE_WAY = "closes the way"
    """It would close the last way through."""
    UNIT_THERE = "unit there"
    """A unit stands (or will stand) there."""
    EDGE_AT_GOAL = "edge at goal"
    """The goal is too near the board's edge for the unit."""
    BUILDING_AT_GOAL = "building at goal"
    """A building stands at the goal."""
    UNIT_AT_GOAL = "unit at goal"
    """Another unit stands at the goal."""
    HEMMED_IN = "hemmed in"
    """The unit is hemmed in by a building."""
    WOULD_MEET = "would meet"
    """Its way would meet another unit's."""
    INVALID_EDIT = "invalid edit"
    """An edit that would make an invalid curve or motion, or does not apply (its words are the
    error's)."""


class Refused(ValueError):
    """An edit that was not made: ``code`` (a ``Refusal``) says why, the message in the user's
    words."""

    def __init__(self, message, code=Refusal.INVALID_EDIT):
        super().__init__(message)
        self.code = code
