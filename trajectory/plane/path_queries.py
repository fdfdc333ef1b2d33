"""What steering asks of a ``SegmentTable`` every tick, for many points at once: the point of a
segment nearest a point, and the direction of travel at a distance. Points, feet and directions
are complex numbers x + iy (one numpy operation per vector operation)."""

import math

import numpy as np

from trajectory.plane.segments import STRAIGHT


def nearest(table, points, rows):
    """The point of each row's segment of ``table`` nearest each of ``points``, with its distance
    into the segment: ``(feet, local)``, shape (n,) each; ``rows`` (n,) picks the segment of each
    point."""
    start, facing = table.complex_starts[rows], table.complex_directions[rows]
    lengths = table.lengths[rows]
    unit = facing * table.gears[rows]  # the direction of travel
    local = np.clip(((points - start) * unit.conj()).real, 0.0, lengths)
    feet = start + local * unit
    if table.has_arcs:
        arcs = table.turns[rows] != STRAIGHT
        if arcs.any():
            turns, spins, radii, start, facing = (
                table.turns[rows][arcs],
                table.turns[rows][arcs] * table.gears[rows][arcs],
                table.radii[rows][arcs],
                start[arcs],
                facing[arcs],
            )
            centre = start + 1j * turns * radii * facing  # a radius to the side it steers to
            # How far round (the way it moves) from its start the point lies, seen from the
            # centre; past the end, the nearer end.
            swept = (spins * np.angle((points[arcs] - centre) / (start - centre))) % (2.0 * math.pi)
            sweep = lengths[arcs] / radii
            swept = np.where(
                (swept > sweep) & (swept - sweep > 2.0 * math.pi - swept), 0.0, np.minimum(swept, sweep)
            )
            local[arcs] = radii * swept
            feet[arcs] = centre + (start - centre) * np.exp(1j * spins * swept)
    return feet, local


def tangent(table, distance):
    """The unit tangent of ``table`` (the direction of travel) at each ``distance`` (an array,
    clamped), as complex numbers cos + i sin, shape (n,)."""
    rows, local = table.locate(distance)
    unit = table.complex_directions[rows] * table.gears[rows]
    if table.has_arcs:
        turned = table.turns[rows] * table.gears[rows] * local / table.radii[rows]
        arcs = turned != 0.0
        unit[arcs] = unit[arcs] * np.exp(1j * turned[arcs])
    return unit
