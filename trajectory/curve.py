"""The interface every trajectory curve Q(u), u in [0, 1], shares."""

import functools

import numpy as np


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
        tangent = np.asarray(self.derivative(u))
        return np.sqrt(np.einsum("...i,...i->...", tangent, tangent))

    @functools.cached_property
    def arc_length(self):
        """The curve's arc-length table (built on first use), an ``ArcLength``."""
        from trajectory.arclength import ArcLength

        return ArcLength(self)

    @property
    def length(self):
        """The true arc length of the whole curve, integrated to float64 accuracy."""
        return self.arc_length.length
