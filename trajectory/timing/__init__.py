"""When a thing is where along its curve: velocity curves V(u) = (S(u), T(u)) from the seed's
Bezier timing, CSS-style timing functions and keyed speeds, speed limits along a curve, and the
fastest motion that keeps to them. A velocity curve's parts (``VelocityCurve.S``, ``.T``) and the
arc-length tables are ``PiecewisePolynomial``s: pieces of polynomials evaluated exactly and fast."""

from trajectory._numerics.piecewise import PiecewisePolynomial
from trajectory.timing.fastest import Stretch
from trajectory.timing.speed_limits import Binding, SpeedLimits
from trajectory.timing.velocity import VelocityCurve
from trajectory.timing.velocity_checks import DistanceOutOfRange

__all__ = ["Binding", "DistanceOutOfRange", "PiecewisePolynomial", "SpeedLimits", "Stretch", "VelocityCurve"]
