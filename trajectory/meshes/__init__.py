"""Geometry built along a curve's frames: a profile swept into a mesh (rails, roads, tubes),
objects placed at an exact arc-length spacing (ties, posts, lamps), and a model bent to follow
the curve (a fence, a pipe)."""

from trajectory.meshes.along import along, along_stations
from trajectory.meshes.bend import bend
from trajectory.meshes.mesh import Mesh
from trajectory.meshes.profile import Profile
from trajectory.meshes.segment_places import SegmentPlaces
from trajectory.meshes.sweep import Sweep, sweep

__all__ = ["Mesh", "Profile", "SegmentPlaces", "Sweep", "along", "along_stations", "bend", "sweep"]
