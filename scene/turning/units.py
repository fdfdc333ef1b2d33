"""Units with a turning radius: what each kind is, and a unit following its planned path in time."""

import dataclasses
import enum
import math

import numpy as np

from scene.kit.refusal import Refusal
from trajectory import PlanStatus, shortest_path
from trajectory.plane import GoalPlace, plan_turn


class Planner(enum.Enum):
    """How a click plans the direct path to a point."""

    SEED = "seed"
    SHORTEST = "shortest"

    def plan(self, start, goal, radius, *, heading=None, reverse=False, sharpness=None):
        """The direct path from pose ``start`` to the point ``goal`` (a ``TurnPath``); to a
        ``heading`` always the shortest path (the seed's arc + line cannot arrive at one). A
        unit that steers (``sharpness``) takes the shortest where the seed's turn cannot reach
        the point (just beside it)."""
        ways = {"reverse": reverse, "sharpness": sharpness}
        if self is Planner.SEED and heading is None:
            try:
                return plan_turn(start, goal, radius, **ways)
            except ValueError:
                if sharpness is None:
                    raise
        return shortest_path(start, goal, radius, heading=heading, **ways)


PLANNER_WORDS = {Planner.SEED: "the seed's arc + line", Planner.SHORTEST: "the truly shortest path"}


REFUSAL_WORDS = {
    PlanStatus.WALLED_OFF: "no way there: walled off",
    PlanStatus.UNREACHABLE: "no room to turn there",
    PlanStatus.GAVE_UP: "no way found: the search gave up",
    Refusal.EDGE_AT_GOAL: "too near the board's edge",
    Refusal.BUILDING_AT_GOAL: "a building stands there",
    Refusal.UNIT_AT_GOAL: "another unit stands there",
    Refusal.HEMMED_IN: "hemmed in by a building",
    Refusal.WOULD_MEET: "it would meet another unit",
}
"""What the HUD says of a unit's last refused order, after its name."""
GOAL_PLACE_WORDS = {
    GoalPlace.OUTSIDE: "outside both turning circles",
    GoalPlace.INSIDE_LEFT: "inside the left turning circle",
    GoalPlace.INSIDE_RIGHT: "inside the right turning circle",
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
        steering: How far it drives (ground units) while its steering goes from straight to full
            lock: its curvature changes at most at sharpness = 1 / (radius * steering).
        reverses: Whether it may back up at the start (B toggles it).
    """

    name: str
    radius: float
    speed: float
    colour: tuple
    start: tuple
    footprint: float
    steering: float
    reverses: bool = False

    @property
    def sharpness(self):
        """The most its curvature changes per ground unit driven (1 / length²)."""
        return 1.0 / (self.radius * self.steering)


KINDS = (
    UnitKind("tank", 5.0, 3.0, (0.62, 0.85, 0.35, 1.0), (-12.0, -8.0, 0.0), 1.6, 3.0),
    UnitKind("car", 3.0, 6.0, (1.0, 0.45, 0.38, 1.0), (-12.0, 0.0, 0.0), 1.1, 1.5),
    UnitKind("person", 0.6, 1.6, (0.45, 0.7, 1.0, 1.0), (-12.0, 8.0, 0.0), 0.35, 0.2),
    UnitKind("truck", 4.0, 3.5, (0.95, 0.75, 0.25, 1.0), (6.0, -21.0, 0.0), 1.2, 2.4, reverses=True),
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
        self.planned = None  # what the last plan found (a ``scene.turning.ground.Planned``)
        self.refusal = None  # why its last order was refused (``refuse``), None once one is not

    def pose(self, now):
        """(x, y, heading) at time ``now`` (at the path's start while it waits to leave)."""
        if self.path is None:
            return self.rest
        return tuple(self.path.pose_at_time(max(now - self.started, 0.0), self.kind.speed).tolist())

    def progress(self, now):
        """The fraction of the current path travelled at ``now`` (0 while it waits, 1 when
        standing)."""
        if self.path is None or self.path.length == 0.0:
            return 1.0
        return min(max(now - self.started, 0.0) * self.kind.speed / self.path.length, 1.0)

    @property
    def drive(self):
        """Its drive in time, for ``scene.turning.traffic``: (path, started, rest, speed, footprint)."""
        return (self.path, self.started, self.rest, self.kind.speed, self.kind.footprint)

    def plan(self, now, destination, planner, ground, heading=None, others=(), steering=False):
        """Plan from the pose at ``now`` to ``destination`` (x, y) on ``ground`` (a
        ``scene.turning.ground.Ground``), around its buildings and the discs ``others`` (x, y, radius)
        where other units will stand: the direct path where it is clear (by ``planner``, a
        ``Planner``, or with an arrival ``heading`` Dubins, or Reeds-Shepp when backing up is
        allowed), else around; with ``steering``, easing into and out of its turns (its kind's
        sharpness). The unit goes on as it was: ``follow`` or ``stop`` it. Returns the
        ``Planned``.

        Raises:
            ValueError: If its footprint where it is touches a building."""
        start, radius = tuple(self.pose(now)), self.kind.radius
        sharpness = self.kind.sharpness if steering else None
        ways = {"heading": heading, "reverse": self.reversing}
        direct = planner.plan(start, destination, radius, **ways, sharpness=sharpness)
        where = {"footprint": self.kind.footprint, "others": others}
        planned = ground.plan(start, destination, radius, **ways, **where, sharpness=sharpness, direct=direct)
        if planned.status is PlanStatus.GAVE_UP and sharpness is not None:  # no room to ease in: snap
            direct = planner.plan(start, destination, radius, **ways)
            planned = ground.plan(start, destination, radius, **ways, **where, sharpness=None, direct=direct)
            planned = dataclasses.replace(planned, snapped=planned.path is not None)
        return planned

    def follow(self, planned, now, leaves):
        """Drive ``planned``'s path (a ``Planned`` from the pose at ``now``), leaving at ``leaves``
        (``now`` or later: it waits where it is until then)."""
        self.rest, self.planned, self.refusal = self.pose(now), planned, None
        self.path, self.started = planned.path, leaves

    def stop(self, now, planned=None):
        """Stand where it is at ``now`` (keeping ``planned``, a plan that found no path, for the
        HUD)."""
        self.rest, self.path, self.planned = self.pose(now), None, planned

    def standing_disc(self):
        """Where it will stand once there (its goal, or where it waits): (x, y, footprint)."""
        x, y, _ = self.rest if self.path is None else self.path.pose(self.path.length)
        return (float(x), float(y), self.kind.footprint)

    def refuse(self, why):
        """Keep why its last order was refused (a ``Refusal`` or ``PlanStatus``) for the HUD; it
        goes on as it was."""
        self.refusal = why

    def reset(self):
        """Back to the start, standing, in its own gear."""
        self.path, self.rest, self.planned, self.refusal = None, self.kind.start, None, None
        self.reversing = self.kind.reverses

    def describe(self, now):
        """One line for the HUD."""
        kind = self.kind
        head = f"{kind.name:6} r {kind.radius:g}, {kind.speed:g}/s"
        refused = "" if self.refusal is None else f" (last order refused: {REFUSAL_WORDS[self.refusal]})"
        if self.path is None:
            return f"{head}: standing, no order{refused}"
        if now < self.started:
            state = f"leaves in {self.started - now:.1f} s"
        else:
            state = "arrived" if self.progress(now) >= 1.0 else f"{100 * self.progress(now):3.0f} %"
        inside = self.path.goal_place not in (None, GoalPlace.OUTSIDE)
        case = f", {GOAL_PLACE_WORDS[self.path.goal_place]}" if inside else ""
        backing = ", backs up" if self.path.gears is not None and -1.0 in self.path.gears else ""
        steer = f", {curvature_words(self.path.curvature(self.progress(now) * self.path.length))}"
        return (
            f"{head}: {self.path.word} {self.path.length:.2f} units{case}{backing}, {state}{steer}{refused}"
        )


def curvature_words(curvature):
    """The HUD's words for a unit's curvature (1 / ground unit; positive: steering left)."""
    if abs(curvature) < 5e-4:
        return "curvature 0 (straight)"
    return f"curvature {abs(curvature):.3f} {'left' if curvature > 0.0 else 'right'}"


def no_path_sentence(kind, status, reversing):
    """What the screen says when a unit of ``kind`` found no path (a ``PlanStatus``): a sentence."""
    if status is PlanStatus.WALLED_OFF:
        return f"The {kind.name} cannot get there: buildings wall that point off."
    if status is PlanStatus.UNREACHABLE:
        advice = (
            "try a point with more room"
            if reversing
            else "press B to let it back up, or try a point with more room"
        )
        return f"The {kind.name} has no room to turn there with radius {kind.radius:g}: {advice}."
    return f"The {kind.name} found no way there before its search gave up: try a point with more room."


def side_by_side(here, destination, heading, footprints, gap):
    """Goals for units standing at ``here`` (n, 2), sent together to ``destination`` (2,): on a
    line through it, square to the arrival ``heading`` (or, for None, to the way they come), in
    the order they stand along that line (no crossing over), each two neighbours ``gap`` apart
    beyond their ``footprints`` (n,), the row centred on the destination; (n, 2)."""
    if len(here) == 1:
        return destination[None, :]
    if heading is None:
        way = destination - here.mean(axis=0)
        heading = math.atan2(way[1], way[0]) if np.hypot(*way) > 1e-9 else 0.0
    across = np.array([-math.sin(heading), math.cos(heading)])
    order = np.argsort(here @ across)  # the units from one end of the row to the other
    sizes = np.asarray(footprints, dtype=float)[order]
    along = np.concatenate([[0.0], np.cumsum(sizes[:-1] + sizes[1:] + gap)])
    offsets = np.empty(len(here))
    offsets[order] = along - (along[0] + along[-1]) / 2.0
    return destination + offsets[:, None] * across
