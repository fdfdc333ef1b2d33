"""Sending the turning mode's units: planning a unit's way, the rule that keeps units apart in
time (``scene.turning.traffic``: it may wait first, or the order is refused), stopping a unit where it
is, and what the units of one order say, shown together."""

import math

from scene.kit.refusal import Refusal
from scene.turning import traffic
from scene.turning.units import KINDS, no_path_sentence


class UnitOrders:
    """Orders to ``mode``'s (a ``TurningMode``) units."""

    def __init__(self, mode):
        self.mode = mode
        self._told = []  # what the units of the order under way have said

    def send(self, index, goal, heading, stop_if_refused=False):
        """Plan unit ``index``'s way to ``goal``, around buildings and where the other units will
        stand, and send it when it can drive it without meeting another (``scene.turning.traffic``: it
        may wait first); else say why on screen, and it goes on as it was (or, with
        ``stop_if_refused``, when its way is blocked, stops where it is)."""
        mode = self.mode
        unit, kind = mode.units[index], KINDS[index]
        goal = tuple(map(float, goal))
        refusal, other = self._refusal(index, goal)
        if refusal is None:
            others = [other.standing_disc() for number, other in enumerate(mode.units) if number != index]
            try:
                planned = unit.plan(mode.now, goal, mode.planner, mode.ground, heading, others, mode.steering)
            except ValueError:  # its footprint where it stands touches a building
                planned, refusal = None, Refusal.HEMMED_IN
        if refusal is None:
            mode.last_plan = (kind.name, planned.milliseconds)
            if planned.snapped:
                self.tell(f"The {kind.name} has no room to ease into its turns there: it turns at full lock.")
            mode.obstacles.show_search(index, planned.explored, kind.colour)
            if planned.path is None:
                self.stop(index, planned)
                unit.refuse(planned.status)
                self.tell(no_path_sentence(kind, planned.status, unit.reversing), warning=True)
                return
            drives = [other.drive for number, other in enumerate(mode.units) if number != index]
            wait, met = traffic.earliest_start(planned.path, kind.speed, kind.footprint, mode.now, drives)
            if wait is None:
                refusal = Refusal.WOULD_MEET
                other = [other for number, other in enumerate(mode.units) if number != index][met]
        if refusal is not None:
            if stop_if_refused:
                self.stop(index, unit.planned)
            unit.refuse(refusal)
            self.tell(_refusal_sentence(refusal, kind, other), warning=True)
            return
        unit.follow(planned, mode.now, mode.now + wait)
        mode.goals[index] = (goal, heading)
        mode.drawings[index].show(planned.path, unit.rest, kind.radius, dubins=heading is not None)
        if wait > 0.0:
            self.tell(f"The {kind.name} waits {wait:.1f} s for its way to clear of the others.")

    def stop(self, index, planned=None):
        """Unit ``index`` stands where it is now; its drawing goes; units whose drives would
        meet it standing there plan again (or stop too: each at most once, so this ends)."""
        mode = self.mode
        mode.units[index].stop(mode.now, planned)
        mode.drawings[index].hide()
        standing = mode.units[index].drive
        for number, unit in enumerate(mode.units):
            moving = unit.path is not None and unit.progress(mode.now) < 1.0
            if number != index and moving and traffic.meets(unit.drive, [standing], mode.now) is not None:
                self.send(number, *mode.goals[number], stop_if_refused=True)

    def replan_blocked(self):
        """Units on their way whose way on a stroke blocked plan again from where they are (or
        stop there, saying why)."""
        mode = self.mode
        for index, unit in enumerate(mode.units):
            if unit.path is None or unit.progress(mode.now) >= 1.0:
                continue
            along = unit.progress(mode.now) * unit.path.length
            if not mode.ground.keeps_clear(unit.path, unit.kind.footprint, since=along):
                self.send(index, *mode.goals[index], stop_if_refused=True)
        self.say_told()

    def tell(self, sentence, warning=False):
        """Keep ``sentence`` for the message line: what every unit of one order says shows
        together (``say_told``), not only the last."""
        self._told.append((sentence, warning))

    def say_told(self):
        """Show what ``tell`` kept, as one message (a warning if any part is)."""
        if self._told:
            self.mode.app.messages.say(
                " ".join(sentence for sentence, _ in self._told), warning=any(w for _, w in self._told)
            )
            self._told = []

    def _refusal(self, index, goal):
        """Why unit ``index`` cannot stand at ``goal`` (a ``Refusal``) and the unit in the way, if
        one is; or (None, None)."""
        kind = KINDS[index]
        if self.mode.ground.leaves(goal, kind.footprint):
            return Refusal.EDGE_AT_GOAL, None
        if self.mode.ground.touches(goal, kind.footprint):
            return Refusal.BUILDING_AT_GOAL, None
        for number, other in enumerate(self.mode.units):
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
