"""The events on the curve in the curves mode, drawn: markers at the model's events' arc-length
fractions (``CurvesModel.events``: a few fixed ones, and those the user places, undoably) that
flash when the rider passes them, and how many it has passed."""

import numpy as np

from scene.ui.geometry import PointSet

FLASH_SECONDS = 0.4
MARKER_COLOUR = (0.8, 0.45, 1.0, 1.0)
FLASH_COLOUR = (1.0, 1.0, 1.0, 1.0)


class EventMarkers:
    """Markers under ``parent`` of the events (their arc-length fractions, in order of placing: an
    event's name is its index) last shown."""

    def __init__(self, parent):
        self.parent = parent
        self.passed = 0
        self._flashing = {}  # index -> seconds of flash left
        self._markers = []  # (marker, flash) PointSets of one point each

    def show(self, trajectory, fractions):
        """Put a marker at each of ``fractions`` (the events' arc-length fractions) on
        ``trajectory`` (a ``Curve``); markers beyond them go."""
        while len(self._markers) < len(fractions):
            flash = PointSet(self.parent, 1, FLASH_COLOUR, 20.0, "event flash")
            flash.show(False)
            self._markers.append((PointSet(self.parent, 1, MARKER_COLOUR, 11.0, "event"), flash))
        points = trajectory.evaluate(trajectory.arc_length.parameter(np.array(fractions, dtype=float)))
        for index, (marker, flash) in enumerate(self._markers):
            if index < len(fractions):
                marker.update([points[index]])
                flash.update([points[index]])
            marker.show(index < len(fractions))
            flash.show(index < len(fractions) and index in self._flashing)

    def passed_by(self, crossings, dt):
        """Count and flash the events among ``crossings``; fade the flashes by ``dt`` seconds."""
        for index in list(self._flashing):
            self._flashing[index] -= dt
            if self._flashing[index] <= 0.0:
                del self._flashing[index]
                self._markers[index][1].show(False)
        for crossing in crossings:
            if isinstance(crossing.event, int) and crossing.event < len(self._markers):
                self.passed += 1
                self._flashing[crossing.event] = FLASH_SECONDS
                self._markers[crossing.event][1].show(True)

    @property
    def flashing(self):
        """The indices of the markers flashing now."""
        return sorted(self._flashing)
