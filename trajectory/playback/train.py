"""A train along a motion: cars a fixed arc length apart behind the leader, each turned by the
leader's orientation at its own place and banked by the leader's speed (a train moves as one)."""

import numpy as np

from trajectory._numerics.checks import finite_number, real_array
from trajectory.orientation import frames, rotations


def train_poses(motion, t, gaps, mode="minimal", **options):
    """The cars of a train at time ``t`` (one number): each ``gaps`` (k,) length units behind the
    leader along the curve, round the loop on a closed curve (``Curve.closed``), bunched at the
    start of an open one.

    ``mode`` and ``options`` as for ``Motion.frame``; banking leans every car by the leader's
    speed at t and the curvature where the car is.

    Returns:
        The cars' positions ``(k, 3)`` and quaternions ``(k, 4)`` (w, x, y, z), w >= 0.

    Raises:
        ValueError: On a time that is not one real number, a gap that is negative or not
            finite, or a mode or option that is not valid.

    >>> from trajectory import CubicBezier, Motion, VelocityCurve
    >>> line = CubicBezier([[0, 0, 0], [1, 0, 0], [2, 0, 0], [3, 0, 0]])
    >>> motion = Motion(line, VelocityCurve.constant(), 3.0)
    >>> positions, quaternions = train_poses(motion, 3.0, [1.0, 2.0])
    >>> positions.round(12).tolist()  # at the end of the line, one and two units behind
    [[2.0, 0.0, 0.0], [1.0, 0.0, 0.0]]
    """
    orientation = frames.Orientation.of(mode, options)
    t = finite_number(t, "time must be one real number")
    gaps = real_array(gaps, "gaps", "distances along the curve").reshape(-1)
    if not np.all(np.isfinite(gaps) & (gaps >= 0.0)):
        raise ValueError(f"gaps must be finite distances of 0 or more, got {gaps.tolist()}")
    curve = motion.trajectory
    behind = float(motion.distance(t)) - gaps / curve.length
    s = np.mod(behind, 1.0) if curve.closed else np.clip(behind, 0.0, 1.0)
    u = curve.arc_length.parameter(s)
    speeds = np.full(s.shape, float(motion.speed(t))) if orientation.bank else None
    columns = frames.frame_columns(curve, orientation, u, s, speeds)
    return curve.evaluate(u), rotations.quaternions_of_columns(*columns)
