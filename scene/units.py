"""Units with a turning radius: what each kind is, and a unit following its planned path in time."""

import dataclasses
import enum
import math

import numpy as np

from trajectory import Case, PlanStatus, dubins_path, plan_turn, reeds_shepp_path, shortest_path_to_point
from trajectory.turn_paths import path_from_turns


class Planner(enum.Enum):
    """How a click plans a path to a point: (origin, heading, destination, radius) -> TurnPath."""

    SEED = (plan_turn,)
    SHORTEST = (shortest_path_to_point,)

    @property
    def plan(self):
        return self.value[0]


PLANNER_WORDS = {Planner.SEED: "the seed's arc + line", Planner.SHORTEST: "the truly shortest path"}
NO_PATH_WORDS = {
    PlanStatus.UNREACHABLE: "no path: walled off",
    PlanStatus.GAVE_UP: "no path found (the search gave up)",
}
CASE_WORDS = {
    Case.OUTSIDE: "outside both turning circles",
    Case.INSIDE_LEFT: "inside the left turning circle",
    Case.INSIDE_RIGHT: "inside the right turning circle",
}


@dataclasses.dataclass(frozen=True)
class UnitKind:
    """One kind of unit.

    Attributes:
        name: What the HUD calls it; also its model, ``models/<name>.egg``.
        radius: Turning radius, ground units.
        speed: Ground units per second.
        colour: RGBA of its path and construction lines.
        start: Where it stands at the start, (x, y, heading in radians).
        footprint: The radius of the disc it keeps clear of buildings and other units.
        reverses: Whether it may back up at the start (B toggles it).
    """

    name: str
    radius: float
    speed: float
    colour: tuple
    start: tuple
    footprint: float
    reverses: bool = False


KINDS = (
    UnitKind("tank", 5.0, 3.0, (0.62, 0.85, 0.35, 1.0), (-12.0, -8.0, 0.0), 1.6),
    UnitKind("car", 3.0, 6.0, (1.0, 0.45, 0.38, 1.0), (-12.0, 0.0, 0.0), 1.1),
    UnitKind("person", 0.6, 1.6, (0.45, 0.7, 1.0, 1.0), (-12.0, 8.0, 0.0), 0.35),
    UnitKind("truck", 4.0, 3.5, (0.95, 0.75, 0.25, 1.0), (6.0, -21.0, 0.0), 1.2, reverses=True),
)


class Unit:
    """A unit of ``kind`` that stands still until sent somewhere, then follows its path at its
    speed; times are the mode's scene time in seconds."""

    def __init__(self, kind):
        self.kind = kind
        self.path = None
        self.started = 0.0
        self.rest = kind.start
        self.reversing = kind.reverses
        self.planned = None  # what the last plan found (a ``scene.ground.Planned``)

    def pose(self, now):
        """(x, y, heading) at time ``now``."""
        if self.path is None:
            return self.rest
        return tuple(self.path.pose_at_time(now - self.started, self.kind.speed).tolist())

    def progress(self, now):
        """The fraction of the current path travelled at ``now`` (1 when standing)."""
        if self.path is None or self.path.length == 0.0:
            return 1.0
        return min((now - self.started) * self.kind.speed / self.path.length, 1.0)

    def send(self, now, destination, planner, ground, heading=None, others=()):
        """Plan from the pose at ``now`` to ``destination`` (x, y) on ``ground`` (a
        ``scene.ground.Ground``), around its buildings and the discs ``others`` (x, y, radius)
        where other units will stand: the direct path where it is clear (by ``planner``, a
        ``Planner``, or with an arrival ``heading`` Dubins, or Reeds-Shepp when backing up is
        allowed), else around. Without a path the unit stops where it is. Returns the
        ``Planned``."""
        x, y, current = self.pose(now)
        start, radius = (x, y, current), self.kind.radius
        if heading is None:
            direct = planner.plan((x, y), current, destination, radius)
            if self.reversing:  # or backing to it: the plan for the unit turned round, driven in reverse
                backed = planner.plan((x, y), current + math.pi, destination, radius)
                if backed.length < direct.length:
                    turns = [-turn for turn in backed.turns]
                    gears = [-1.0] * len(turns)
                    direct = path_from_turns(start, radius, turns, backed.parts, backed.word, gears=gears)
        else:
            shortest = reeds_shepp_path if self.reversing else dubins_path
            direct = shortest(start, (*destination, heading), radius)
        self.planned = ground.plan(
            start, destination, heading, radius, self.kind.footprint, self.reversing, direct, others
        )
        self.path, self.started, self.rest = self.planned.path, now, start
        return self.planned

    def standing_disc(self):
        """Where it will stand once there (its goal, or where it waits): (x, y, footprint)."""
        x, y, _ = self.rest if self.path is None else self.path.pose(self.path.length)
        return (float(x), float(y), self.kind.footprint)

    def reset(self):
        """Back to the start, standing, in its own gear."""
        self.path, self.rest, self.planned = None, self.kind.start, None
        self.reversing = self.kind.reverses

    def describe(self, now):
        """One line for the HUD."""
        kind = self.kind
        head = f"{kind.name:6} r {kind.radius:g}, {kind.speed:g}/s"
        if self.planned is not None and self.planned.path is None:
            return f"{head}: {NO_PATH_WORDS[self.planned.status]}"
        if self.path is None:
            return f"{head}: waiting"
        state = "arrived" if self.progress(now) >= 1.0 else f"{100 * self.progress(now):3.0f} %"
        inside = self.path.case not in (None, Case.OUTSIDE)
        case = f", {CASE_WORDS[self.path.case]}" if inside else ""
        backing = ", backs up" if self.path.gears is not None and -1.0 in self.path.gears else ""
        return f"{head}: {self.path.word} {self.path.length:.2f} units{case}{backing}, {state}"


def side_by_side(here, destination, heading, spacing):
    """Goals for units standing at ``here`` (n, 2), sent together to ``destination`` (2,):
    ``spacing`` apart on a line through it, square to the arrival ``heading`` (or, for None, to
    the way they come), in the order they stand along that line (no crossing over), (n, 2)."""
    if len(here) == 1:
        return destination[None, :]
    if heading is None:
        way = destination - here.mean(axis=0)
        heading = math.atan2(way[1], way[0]) if np.hypot(*way) > 1e-9 else 0.0
    across = np.array([-math.sin(heading), math.cos(heading)])
    order = np.argsort(np.argsort(here @ across))
    offsets = (order - (len(here) - 1) / 2.0) * spacing
    return destination + offsets[:, None] * across
