"""The curves the scene offers, as plain data."""

from trajectory import CubicBezier, VelocityCurve

S_BEND = CubicBezier([[-6.0, -2.0, 0.5], [-2.0, 7.0, 4.5], [2.0, -7.0, 0.0], [6.0, 2.0, 3.0]])
"""A 3D S-bend: the first slice of the scene shows the sphere travelling along it."""

EASE_IN_OUT = VelocityCurve.ease_in_out()
"""The seed's ease-in/ease-out."""
