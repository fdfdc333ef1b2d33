"""The turning mode's game without drawing: the ground with its buildings, the units and their
orders, and the traffic rule that keeps them apart (``scene.turning.traffic``), in scene time.

An order plans a unit's way (``Unit.plan``: its direct path where clear, else around the
buildings and where the other units will stand), then sends it when it can drive the way without
meeting another (it may wait first), or refuses with a ``Refusal``. What the units of one order
say is kept (``told``) for the mode to show together; which units' ways changed is kept too
(``take_changed``), so the mode redraws those alone.

>>> game = TurningGame()
>>> game.send(0, (10.0, -10.0), None)
>>> game.units[0].path.word, game.take_changed()
('RS', [0])
"""

import math

import numpy as np

from scene.kit.refusal import Refusal
from scene.turning import traffic
from scene.turning.ground import Ground
from scene.turning.units import KINDS, Planner, Unit, no_path_sentence, side_by_side

BOARD_HALF_SIZE, GRID_SPACING = 24.0, 2.0
"""The board reaches this far from its centre in x and y; its cells are this wide."""
SIDE_BY_SIDE_GAP = 1.0
"""Ground units between the footprints of units sent together to one point: side by side,
across the way they come (or across the arrival heading), not stacked."""


class TurningGame:
    """The units of ``KINDS`` on a ground ``half_size`` from its centre, in cells ``cell`` wide.

    Attributes:
        now: Scene time, seconds (``advance``).
        ground: The ``Ground``: buildings, and planning on it.
        units: One ``Unit`` per kind.
        goals: Per unit, (goal, arrival heading or None) of its last order, or None.
        planner: How a click plans the direct path to a point (a ``Planner``).
        steering: Whether units ease into their turns (their kinds' sharpness).
        last_plan: (kind's name, milliseconds) of the last plan, or None.
        searches: Per unit, the poses its last search expanded ((k, 3)), or None.
    """

    def __init__(self, half_size=BOARD_HALF_SIZE, cell=GRID_SPACING):
        self.now = 0.0
        self.ground = Ground(half_size, cell)
        self.units = [Unit(kind) for kind in KINDS]
        self.planner, self.steering = Planner.SEED, True
        self.restart()

    def restart(self):
        """Every unit back to its start, standing; goals, plans and searches cleared."""
        for unit in self.units:
            unit.reset()
        self.goals = [None] * len(self.units)
        self.searches = [None] * len(self.units)
        self.last_plan = None
        self._told = []
        self._changed = set(range(len(self.units)))

    def advance(self, dt):
        """Scene time ``dt`` seconds on."""
        self.now += dt

    # Orders.

    def order(self, chosen, destination, heading=None):
        """Send the units ``chosen`` (indices) to ``destination`` (x, y), side by side, arriving
        at ``heading`` if given; a point off the board is refused (told)."""
        half_size = self.ground.half_size
        if np.max(np.abs(destination)) > half_size:
            self.tell("That point is off the board: click on the grid", warning=True)
            return
        here = np.array([self.units[i].pose(self.now)[:2] for i in chosen])
        footprints = [self.units[i].kind.footprint for i in chosen]
        goals = side_by_side(
            here, np.asarray(destination, dtype=float), heading, footprints, SIDE_BY_SIDE_GAP
        )
        for index, goal in zip(chosen, np.clip(goals, -half_size, half_size)):
            self.send(index, goal, heading)

    def send(self, index, goal, heading, stop_if_refused=False):
        """Plan unit ``index``'s way to ``goal``, around buildings and where the other units will
        stand, and send it when it can drive it without meeting another (it may wait first);
        else tell why, and it goes on as it was (or, with ``stop_if_refused``, when its way is
        blocked, stops where it is)."""
        unit, kind = self.units[index], self.units[index].kind
        goal = tuple(map(float, goal))
        refusal, other = self._refusal(index, goal)
        others = [unit for number, unit in enumerate(self.units) if number != index]
        if refusal is None:
            try:
                planned = unit.plan(
                    self.now,
                    goal,
                    self.planner,
                    self.ground,
                    heading,
                    [other.standing_disc() for other in others],
                    self.steering,
                )
            except ValueError:  # its footprint where it stands touches a building
                planned, refusal = None, Refusal.HEMMED_IN
        if refusal is None:
            self.last_plan = (kind.name, planned.milliseconds)
            self.searches[index] = planned.explored
            self._changed.add(index)
            if planned.snapped:
                self.tell(f"The {kind.name} has no room to ease into its turns there: it turns at full lock.")
            if planned.path is None:
                self.stop(index, planned)
                unit.refuse(planned.status)
                self.tell(no_path_sentence(kind, planned.status, unit.reversing), warning=True)
                return
            wait, met = traffic.earliest_start(
                planned.path, kind.speed, kind.footprint, self.now, [other.drive for other in others]
            )
            if wait is None:
                refusal, other = Refusal.WOULD_MEET, others[met]
        if refusal is not None:
            if stop_if_refused:
                self.stop(index, unit.planned)
            unit.refuse(refusal)
            self.tell(_refusal_sentence(refusal, kind, other), warning=True)
            return
        unit.follow(planned, self.now, self.now + wait)
        self.goals[index] = (goal, heading)
        self._changed.add(index)
        if wait > 0.0:
            self.tell(f"The {kind.name} waits {wait:.1f} s for its way to clear of the others.")

    def stop(self, index, planned=None):
        """Unit ``index`` stands where it is now; units whose drives would meet it standing there
        plan again (or stop too: each at most once, so this ends)."""
        self.units[index].stop(self.now, planned)
        self._changed.add(index)
        standing = self.units[index].drive
        for number, unit in enumerate(self.units):
            moving = unit.path is not None and unit.progress(self.now) < 1.0
            if number != index and moving and traffic.meets(unit.drive, [standing], self.now) is not None:
                self.send(number, *self.goals[number], stop_if_refused=True)

    def replan_blocked(self):
        """Units on their way whose way the ground now blocks plan again from where they are (or
        stop there, telling why)."""
        for index, unit in enumerate(self.units):
            if unit.path is None or unit.progress(self.now) >= 1.0:
                continue
            along = unit.progress(self.now) * unit.path.length
            if not self.ground.keeps_clear(unit.path, unit.kind.footprint, since=along):
                self.send(index, *self.goals[index], stop_if_refused=True)

    def standing_discs(self):
        """Where the units stand now and will stand: discs (x, y, footprint) to keep free."""
        discs = [unit.standing_disc() for unit in self.units]
        return discs + [(*unit.pose(self.now)[:2], unit.kind.footprint) for unit in self.units]

    # What the view reads.

    def tell(self, sentence, warning=False):
        """Keep ``sentence`` for the message line: what every unit of one order says shows
        together (``take_told``), not only the last."""
        self._told.append((sentence, warning))

    def take_told(self):
        """What ``tell`` kept, as one message (text, warning: whether any part is), or None;
        then nothing is kept."""
        if not self._told:
            return None
        told, self._told = self._told, []
        return " ".join(sentence for sentence, _ in told), any(warning for _, warning in told)

    def take_changed(self):
        """The units (sorted indices) whose way or search changed since the last call."""
        changed, self._changed = sorted(self._changed), set()
        return changed

    def _refusal(self, index, goal):
        """Why unit ``index`` cannot stand at ``goal`` (a ``Refusal``) and the unit in the way, if
        one is; or (None, None)."""
        kind = self.units[index].kind
        if self.ground.leaves(goal, kind.footprint):
            return Refusal.EDGE_AT_GOAL, None
        if self.ground.touches(goal, kind.footprint):
            return Refusal.BUILDING_AT_GOAL, None
        for number, other in enumerate(self.units):
            x, y, footprint = other.standing_disc()
            if (
                number != index
                and math.hypot(goal[0] - x, goal[1] - y) < kind.footprint + footprint + traffic.MARGIN
            ):
                return Refusal.UNIT_AT_GOAL, other
        return None, None


def _refusal_sentence(refusal, kind, other):
    """What the message line says of a refused order of a unit of ``kind`` (``other``: the unit
    in the way, where there is one)."""
    if refusal is Refusal.EDGE_AT_GOAL:
        return f"The {kind.name} cannot stand there: it would reach over the board's edge."
    if refusal is Refusal.BUILDING_AT_GOAL:
        return f"The {kind.name} cannot stand there: a building is in the way."
    if refusal is Refusal.UNIT_AT_GOAL:
        return f"The {kind.name} cannot stand there: the {other.kind.name} stands (or will stand) there."
    if refusal is Refusal.HEMMED_IN:
        return f"The {kind.name} is hemmed in by a building where it stands: free a cell beside it (O)."
    return (
        f"The {kind.name} would meet the {other.kind.name} however long it waited "
        f"(up to {traffic.MAX_WAIT:g} s): send it another way or later."
    )
