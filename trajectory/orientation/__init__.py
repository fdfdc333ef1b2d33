"""Which way a thing on a curve faces: frames along a curve (minimal-twist, up, yaw; banked or
tilted), parallel transport, and rotations as matrices and quaternions (w, x, y, z)."""

from trajectory.orientation.frames import MODES, Orientation, frames_along

__all__ = ["MODES", "Orientation", "frames_along"]
