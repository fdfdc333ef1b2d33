"""What a trajectory is built as under the rider: the line alone, a tube, a ribbon, a coaster's
track, a road, or a pipe of our model's sections bent along it (``track_drawing`` builds them)."""

import enum


class Look(enum.Enum):
    LINE = "line"
    TUBE = "tube"
    RIBBON = "ribbon"
    RAILS = "rails"
    ROAD = "road"
    PIPE = "pipe"


LOOK_WORDS = {
    Look.LINE: "the line",
    Look.TUBE: "a tube",
    Look.RIBBON: "a ribbon",
    Look.RAILS: "a coaster track",
    Look.ROAD: "a road",
    Look.PIPE: "a pipe (a model bent along it)",
}


def next_look(look):
    """The look after ``look``, round to the first after the last (what W steps through)."""
    looks = list(Look)
    return looks[(looks.index(look) + 1) % len(looks)]
