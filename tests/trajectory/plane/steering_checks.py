"""What every path of a unit that steers must be: its curvature within 1 / radius, continuous
where its segments meet (a change of gear included), changing no faster than the sharpness."""

import numpy as np


def check_steering(path, radius, sharpness, samples=4000):
    """Assert the steering limits along ``path`` (a ``TurnPath``), sampled ``samples`` times."""
    table = path.table
    s = np.linspace(0.0, path.length, samples)
    curvature = table.curvature(s)
    assert np.abs(curvature).max() <= (1.0 + 1e-12) / radius
    if path.length > 0.0:
        rates = np.abs(np.diff(curvature)) / np.diff(s)
        assert rates.max() <= sharpness * (1.0 + 1e-9)
    starts = table.turns / table.radii
    ends = starts + table.sharpness * table.gears * table.lengths  # each segment's last curvature
    assert np.abs(ends[:-1] - starts[1:]).max(initial=0.0) <= 1e-12 / radius
    assert starts[0] == 0.0 and abs(ends[-1]) <= 1e-12 / radius


def segments_end(path):
    """Where the path's segments themselves end (not the goal written into it): (x, y, heading)."""
    return path.table.ends()[-1]
