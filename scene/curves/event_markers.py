"""The events on the curve in the curves mode: markers at arc-length fractions (a few fixed ones,
and those the user places) that flash when the rider passes them, and how many it has passed."""

import numpy as np

from scene.ui.geometry import PointSet

FIXED = (0.25, 0.5, 0.75)
"""Arc-length fractions of the events every curve has."""
MOST = 24
"""The most events a curve holds (the user's beyond this replace the oldest of theirs)."""
FLASH_SECONDS = 0.4
MARKER_COLOUR = (0.8, 0.45, 1.0, 1.0)
FLASH_COLOUR = (1.0, 1.0, 1.0, 1.0)


class EventMarkers:
    """Markers under ``parent``; ``fractions`` are the events' arc-length fractions, in order of
    placing (an event's name is its index here)."""

    def __init__(self, parent):
        self.parent = parent
        self.fractions = list(FIXED)
        self.passed = 0
        self._flashing = {}  # index -> seconds of flash left
        self._markers = []  # (marker, flash) PointSets of one point each

    def events(self):
        """The events as (s, name) pairs for a ``Playhead``."""
        return [(s, index) for index, s in enumerate(self.fractions)]

    def add(self, s):
        """An event at arc-length fraction ``s`` (the rider's place); the oldest of the user's
        goes when there are ``MOST``."""
        if len(self.fractions) >= MOST:
            del self.fractions[len(FIXED)]
        self.fractions.append(float(s))

    def show(self, trajectory):
        """Put the markers on ``trajectory`` (a ``Curve``)."""
        while len(self._markers) < len(self.fractions):
            flash = PointSet(self.parent, 1, FLASH_COLOUR, 20.0, "event flash")
            flash.show(False)
            self._markers.append((PointSet(self.parent, 1, MARKER_COLOUR, 11.0, "event"), flash))
        points = trajectory.evaluate(trajectory.arc_length.parameter(np.array(self.fractions)))
        for (marker, flash), point in zip(self._markers, points):
            marker.update([point])
            flash.update([point])

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
