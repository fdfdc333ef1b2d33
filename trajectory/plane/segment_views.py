"""Views of a path's segments, for reading and drawing: an ``Arc``, a ``Clothoid`` or a ``Line``
each (``SegmentTable.views``)."""

import dataclasses


@dataclasses.dataclass(frozen=True)
class Arc:
    """A view of an arc segment: ``centre`` (x, y), ``radius``, the angle of its start point seen
    from the centre, and the signed ``sweep`` (positive: counter-clockwise, a left turn driven forwards
    or a right turn backed; its sign holds the direction even for a zero sweep)."""

    centre: tuple
    radius: float
    start_angle: float
    sweep: float

    @property
    def length(self):
        return self.radius * abs(self.sweep)


@dataclasses.dataclass(frozen=True)
class Clothoid:
    """A view of a clothoid segment: from ``start`` (x, y) facing ``heading`` with ``curvature``,
    which changes by ``sharpness`` per unit of distance along it for its ``length``, driven in
    ``gear``: 1 the way it faces, -1 backed (the distance then counts negative: its ground lies
    behind the unit)."""

    start: tuple
    heading: float
    curvature: float
    sharpness: float
    length: float
    gear: float = 1.0


@dataclasses.dataclass(frozen=True)
class Line:
    """A view of a straight segment from ``start`` (x, y) in direction ``angle``."""

    start: tuple
    angle: float
    length: float
