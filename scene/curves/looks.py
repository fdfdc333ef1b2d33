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


BUILT_NOUNS = {
    Look.TUBE: "tube",
    Look.RIBBON: "ribbon",
    Look.RAILS: "track",
    Look.ROAD: "road",
    Look.PIPE: "pipe",
}
"""What is built as each look, in a word (an export's file name and message): the line builds nothing."""


def built_noun(look, bent_model=None):
    """``look``'s ``BUILT_NOUNS`` word; "model" where the model look bends the user's own."""
    return "model" if look is Look.PIPE and bent_model is not None else BUILT_NOUNS[look]


def model_words(bent_model=None):
    """How the messages name the model the model look bends: the user's ``bent_model`` file by
    its name, or our pipe (None)."""
    return "the pipe" if bent_model is None else f"your model {Path(bent_model).name}"


def look_words(look, bent_model=None):
    """How the HUD and the messages name ``look``; the model look by ``model_words`` when it
    bends the user's own ``bent_model`` (None: our pipe)."""
    if look is Look.PIPE and bent_model is not None:
        return f"{model_words(bent_model)} (bent along it)"
    return LOOK_WORDS[look]


def next_look(look):
    """The look after ``look``, round to the first after the last (what W steps through)."""
    looks = list(Look)
    return looks[(looks.index(look) + 1) % len(looks)]
