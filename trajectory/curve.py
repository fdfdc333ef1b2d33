"""The interface every trajectory curve Q(u), u in [0, 1], shares."""

import functools

import numpy as np


def norms(vectors):
    """The lengths of 3D ``vectors`` (shape ``(..., 3)``), without the overflow or underflow of a
    sum of squares: a curve 1e-160 or 1e160 across is measured as well as one 1 across."""
    vectors = np.asarray(vectors, dtype=float)
    return np.hypot(np.hypot(vectors[..., 0], vectors[..., 1]), vectors[..., 2])


class Curve:
    """A parametric 3D curve Q(u) on u in [0, 1].

    Subclasses implement ``evaluate`` and ``derivative`` (a scalar u gives shape ``(3,)``, an array
    of shape ``(n,)`` gives ``(n, 3)``) and may list ``breakpoints``: interior values of u where
    the curve may be less smooth, such as the joints of a composite curve.
    """

    breakpoints = ()

    def evaluate(self, u):
        """The point Q(u): ``(3,)`` for a scalar u, ``(n, 3)`` for shape ``(n,)``."""
        raise NotImplementedError

    def derivative(self, u):
        """The tangent Q'(u) = dQ/du, shaped like ``evaluate``."""
        raise NotImplementedError

    def speed(self, u):
        """|Q'(u)|: a float for a scalar u, shape ``(n,)`` for shape ``(n,)``."""
        return norms(self.derivative(u))

    @functools.cached_property
    def arc_length(self):
        """The curve's arc-length table (built on first use), an ``ArcLength``."""
        from trajectory.arclength import ArcLength

        return ArcLength(self)

    @property
    def length(self):
        """The true arc length of the whole curve, integrated to float64 accuracy."""
        return self.arc_length.length
