"""A curve and a velocity curve played in time: ``Motion`` (position, speed, frames at a time),
chains of motions, keyframe samplers, playheads that loop and fire events, and the seed's chord
tables."""

from trajectory.orientation.frames import GRAVITY
from trajectory.playback.chain import MotionChain
from trajectory.playback.chord_tables import ChordTables
from trajectory.playback.crossings import Crossing, Marker
from trajectory.playback.keyframes import KeyframeSampler
from trajectory.playback.motion import Motion
from trajectory.playback.playhead import Playhead
from trajectory.playback.playheads import Playheads
from trajectory.playback.train import train_poses

__all__ = [
    "GRAVITY",
    "ChordTables",
    "Crossing",
    "KeyframeSampler",
    "Marker",
    "Motion",
    "MotionChain",
    "Playhead",
    "Playheads",
    "train_poses",
]
