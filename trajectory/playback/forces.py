"""What a rider feels: the specific force, the acceleration less gravity's (what an
accelerometer reads, what pushes a rider into the seat), in g, along the rider's right, forward
and up axes. Sitting still, or on a level straight at constant speed, it is (0, 0, 1): 1 g up.

The acceleration is exact from the curve's derivatives and the velocity curve's: at speed v
and tangential acceleration dv/dt, a = dv/dt T + v² k, where k = (Q'' - (Q'' . T) T) / |Q'|² is
the curvature vector (towards the centre of the bend, 1 / radius long).
"""

import numpy as np

from trajectory._numerics.checks import positive_finite, real_values
from trajectory.curves.curve import curvature_vectors, unit_tangents


def g_forces(motion, t, orientation, g, options):
    """``Motion.g_forces``: (3,) for a scalar t, (n, 3) for (n,)."""
    g = positive_finite(g, "g (a gravity, length units per second²)")
    t = real_values(t, "time")
    times = np.atleast_1d(t)
    curve = motion.trajectory
    u = motion.parameter(times)
    tangents = unit_tangents(curve, u).T
    bending = curvature_vectors(curve, u)
    force = motion.acceleration(times)[:, None] * tangents + motion.speed(times)[:, None] ** 2 * bending
    force[:, 2] += g
    if options.get("bank"):  # the car leans against the gravity the rider feels
        options = {"g": g, **options}
    frames = motion.frame(times, orientation, **options)  # columns right, forward, up
    felt = np.einsum("nij,ni->nj", frames, force) / g
    return felt[0] if np.ndim(t) == 0 else felt
