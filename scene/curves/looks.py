"""What a trajectory is built as under the rider: the line alone, a tube, a ribbon, a coaster's
track, a road, or a model bent along it end to end, our pipe's sections or the user's own
(``track_drawing`` builds them)."""

import enum
from pathlib import Path


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


def look_words(look, bent_model=None):
    """How the HUD and the messages name ``look``; the model look by the file of ``bent_model``,
    the user's own model (None: our pipe)."""
    if look is Look.PIPE and bent_model is not None:
        return f"your model {Path(bent_model).name} (bent along it)"
    return LOOK_WORDS[look]


def next_look(look):
    """The look after ``look``, round to the first after the last (what W steps through)."""
    looks = list(Look)
    return looks[(looks.index(look) + 1) % len(looks)]
