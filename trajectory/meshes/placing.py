"""Where things go along a path: its curve's points and frames at arc-length fractions, in an
orientation (a closed loop's minimal frame closed, a motion's speeds for banking)."""

from trajectory.curves.curve import Curve
from trajectory.meshes.segment_places import SegmentPlaces
from trajectory.orientation import Orientation
from trajectory.orientation.frames import frame_columns
from trajectory.playback import Motion


class Placer:
    """Points and frames along ``path`` (a ``Curve`` or a ``Motion``) in ``mode`` with
    ``options`` (as for ``Orientation``: a loop gets the minimal frame closed unless
    ``closed=False``, its twist spread over the loop, so the frame at the end is the one at the
    start).

    Raises:
        ValueError: On a path that is neither, an orientation that is not valid, or banking
            along a curve (which has no speed).
    """

    def __init__(self, path, mode, options):
        if isinstance(path, Motion):
            self.curve, self.motion = path.trajectory, path
        elif isinstance(path, Curve):
            self.curve, self.motion = path, None
        else:
            raise ValueError(f"a path must be a Curve or a Motion, got {type(path).__name__}")
        self.orientation = Orientation.of(mode, options)
        if self.orientation.bank and self.motion is None:
            raise ValueError("banking needs a speed, and a curve has none: give a Motion")
        self.closed = self.curve.closed

    def frames(self, s):
        """Points, right, up and forward axes at arc-length fractions ``s`` (n,), or at
        ``SegmentPlaces``: each ``(n, 3)``."""
        if isinstance(s, SegmentPlaces):
            return s.frames(self)
        u = self.curve.arc_length.parameter(s)
        speeds = None
        if self.orientation.bank:
            speeds = self.motion.speed(self.motion.time_at_distance(s))
        right, forward, up = frame_columns(self.curve, self.orientation, u, s, speeds)
        return self.curve.evaluate(u), right.T, up.T, forward.T
