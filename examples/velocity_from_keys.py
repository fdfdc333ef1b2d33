"""A velocity profile from keys, as an animator sets them: at these fractions of the time, be at
these fractions of the way; a hold where two keys share a distance. Never backwards, never past a key.

    python examples/velocity_from_keys.py
"""

from trajectory import CubicBezier, Motion, VelocityCurve

keys = [(0.0, 0.0), (0.3, 0.5), (0.5, 0.5), (1.0, 1.0)]  # (time fraction, distance fraction)
pace = VelocityCurve.from_keys(keys)
track = CubicBezier([[0, 0, 0], [4, 6, 0], [8, -6, 2], [12, 0, 2]])
motion = Motion(track, pace, duration=5.0)

for t in (0.0, 1.5, 2.0, 2.5, 5.0):
    x, y, z = motion.position(t)
    print(
        f"t = {t:3.1f} s: {motion.distance(t):.3f} of the way, at ({x:6.2f}, {y:6.2f}, {z:5.2f}), "
        f"speed {motion.speed(t):5.2f}"
    )
