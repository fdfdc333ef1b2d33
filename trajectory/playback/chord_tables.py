"""The chord-length tables: the seed's literal method, kept so that its error can be measured and shown.

Tables of T(u_i), S(u_i) and of the chord-length sums S(u_k) = sum |Q(u_k) - Q(u_k - step)| at
``size + 1`` equally spaced u, normalised to [0, 1]; each query is a binary search and a linear
interpolation (``numpy.interp`` does both).
"""

import numpy as np

from trajectory.curves.arclength import NoLengthError

DEFAULT_TABLE_SIZE = 1000
"""The seed's "very small step": 1,000 steps of u."""


class ChordTables:
    """The seed's chord-length tables for one trajectory and velocity curve.

    Args:
        trajectory: A ``Curve``.
        velocity: A ``VelocityCurve``.
        size: The number of steps of u in each table.

    Raises:
        ValueError: If size is not an integer >= 2, or the chords add up to no length.
    """

    def __repr__(self):
        return f"ChordTables({len(self.u)} entries, length {self.length:.6g})"

    def __init__(self, trajectory, velocity, size=DEFAULT_TABLE_SIZE):
        if isinstance(size, bool) or not isinstance(size, (int, np.integer)) or size < 2:
            raise ValueError(f"table size must be an integer >= 2, got {size!r}")
        u = np.linspace(0.0, 1.0, size + 1)
        self.times = velocity.time(u)
        self.distances = velocity.distance(u)
        chords = np.linalg.norm(np.diff(trajectory.evaluate(u), axis=0), axis=1)
        arc = np.concatenate(([0.0], np.cumsum(chords)))
        if not arc[-1] > 0.0:
            raise NoLengthError("the trajectory has no length (its chords add up to 0)")
        self.length = float(arc[-1])
        self.arc_fractions = arc / arc[-1]
        self.u = u

    def distance_at_time(self, t):
        """s at normalised time t: search T(u_i), interpolate S(u_i)."""
        return _interp(t, self.times, self.distances)

    def parameter(self, s):
        """u_k at normalised distance s: search the chord sums, interpolate u."""
        return _interp(s, self.arc_fractions, self.u)


def _interp(x, xs, ys):
    value = np.interp(x, xs, ys)
    return float(value) if np.ndim(value) == 0 else value
