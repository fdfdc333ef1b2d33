"""Units with a turning radius: what each kind is, and a unit following its planned path in time."""

import dataclasses
import enum

from trajectory import Case, dubins_path, plan_turn, shortest_path_to_point


class Planner(enum.Enum):
    """How a click plans a path to a point: (origin, heading, destination, radius) -> TurnPath."""

    SEED = (plan_turn,)
    SHORTEST = (shortest_path_to_point,)

    @property
    def plan(self):
        return self.value[0]


PLANNER_WORDS = {Planner.SEED: "the seed's arc + line", Planner.SHORTEST: "the truly shortest path"}
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
    """

    name: str
    radius: float
    speed: float
    colour: tuple
    start: tuple


KINDS = (
    UnitKind("tank", 5.0, 3.0, (0.62, 0.85, 0.35, 1.0), (-12.0, -8.0, 0.0)),
    UnitKind("car", 3.0, 6.0, (1.0, 0.45, 0.38, 1.0), (-12.0, 0.0, 0.0)),
    UnitKind("person", 0.6, 1.6, (0.45, 0.7, 1.0, 1.0), (-12.0, 8.0, 0.0)),
)


class Unit:
    """A unit of ``kind`` that stands still until sent somewhere, then follows its path at its
    speed; times are the mode's scene time in seconds."""

    def __init__(self, kind):
        self.kind = kind
        self.path = None
        self.started = 0.0
        self.rest = kind.start

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

    def send(self, now, destination, planner, heading=None):
        """Plan from the pose at ``now`` to ``destination`` (x, y): by ``planner`` (a ``Planner``),
        or, with an arrival ``heading``, the Dubins path. Returns the path."""
        x, y, current = self.pose(now)
        if heading is None:
            path = planner.plan((x, y), current, destination, self.kind.radius)
        else:
            path = dubins_path((x, y, current), (*destination, heading), self.kind.radius)
        self.path, self.started, self.rest = path, now, (x, y, current)
        return path

    def reset(self):
        """Back to the start, standing."""
        self.path, self.rest = None, self.kind.start

    def describe(self, now):
        """One line for the HUD."""
        kind = self.kind
        head = f"{kind.name:6} r {kind.radius:g}, {kind.speed:g}/s"
        if self.path is None:
            return f"{head}: waiting"
        state = "arrived" if self.progress(now) >= 1.0 else f"{100 * self.progress(now):3.0f} %"
        inside = self.path.case not in (None, Case.OUTSIDE)
        case = f", {CASE_WORDS[self.path.case]}" if inside else ""
        return f"{head}: {self.path.word} {self.path.length:.2f} units{case}, {state}"
