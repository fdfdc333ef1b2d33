"""Geometry built along a curve's frames: a profile swept into a mesh (rails, roads, tubes) and
objects placed at an exact arc-length spacing (ties, posts, lamps)."""

from trajectory.meshes.along import along
from trajectory.meshes.mesh import Mesh
from trajectory.meshes.profile import Profile
from trajectory.meshes.sweep import Sweep, sweep

__all__ = ["Mesh", "Profile", "Sweep", "along", "sweep"]
