"""What every path of a unit that steers must be: its curvature within 1 / radius, continuous
where its segments meet (a change of gear included), changing no faster than the sharpness."""

import math

import numpy as np
from hypothesis import strategies as st


def check_steering(path, radius, sharpness, samples=4000):
    """Assert the steering limits along ``path`` (a ``TurnPath``), sampled ``samples`` times."""
    table = path.table
    s = np.linspace(0.0, path.length, samples)
    curvature = table.curvature(s)
    assert np.abs(curvature).max() <= (1.0 + 1e-12) / radius
    steps = np.diff(s)
    moved = steps > 0.0  # a path a few subnormals long has samples that round onto each other
    if moved.any():
        rates = np.abs(np.diff(curvature)[moved]) / steps[moved]
        assert rates.max() <= sharpness * (1.0 + 1e-9)
    starts = table.turns / table.radii
    ends = starts + table.sharpness * table.gears * table.lengths  # each segment's last curvature
    assert np.abs(ends[:-1] - starts[1:]).max(initial=0.0) <= 1e-12 / radius
    assert starts[0] == 0.0 and abs(ends[-1]) <= 1e-12 / radius


def segments_end(path):
    """Where the path's segments themselves end (not the goal written into it): (x, y, heading)."""
    return path.table.ends()[-1]


def sharpness_for(radius, ease):
    """The sharpness of a unit whose clothoids to full lock are ``ease`` radii long."""
    return 1.0 / (radius * radius * ease)


def check_reaches(path, start, goal, radius, heading=None):
    """Assert the path's segments themselves end at ``goal`` (x, y) to 1e-9 of the distance plus a
    radius, and facing ``heading`` to 1e-9 rad when given."""
    end = segments_end(path)
    scale = math.hypot(goal[0] - start[0], goal[1] - start[1]) + radius
    assert math.hypot(end[0] - goal[0], end[1] - goal[1]) <= 1e-9 * scale
    if heading is not None:
        assert abs(math.remainder(end[2] - heading, 2 * math.pi)) <= 1e-9


def steering_problems(coordinates, angles):
    """Hypothesis strategies for a problem of a unit that steers: a start pose and a goal pose
    from ``coordinates`` and ``angles``, log10 of the radius (0.1 to 10) and of the sharpness
    (0.01 to 100)."""
    pose = st.tuples(coordinates, coordinates, angles)
    return pose, pose, st.floats(-1.0, 1.0), st.floats(-2.0, 2.0)
