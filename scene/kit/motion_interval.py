"""``MotionInterval``: a ``trajectory.Motion`` played on a NodePath as a Panda3D interval, the
replacement for ``MopathInterval`` (which drives a curve's parameter, so its speed is uneven, and
only looks along the tangent).

    interval = MotionInterval(glider, motion, orientation="minimal", bank=9.81)
    Sequence(Wait(1.0), interval).loop()
"""

import itertools

from direct.interval.Interval import Interval
from panda3d.core import LPoint3, LQuaternion

from trajectory import Motion, Orientation

_NAMES = itertools.count(1)


class MotionInterval(Interval):
    """Plays ``motion`` on ``node`` over its duration: its position, and (unless
    ``orientation`` is None) its rotation by an orientation mode.

    Args:
        node: The NodePath to move.
        motion: A ``trajectory.Motion``.
        orientation: ``"minimal"``, ``"yaw"``, ``"up"`` (see ``trajectory.orientation.frames``), an
            ``Orientation``, or None to leave the node's rotation alone.
        other: A NodePath whose coordinate frame the motion is in, as in Panda3D's lerp
            intervals (by default the node's parent's).
        name: The interval's name (unique by default).
        options: ``closed``, ``bank``, ``max_bank``, ``tilt``: see ``trajectory.Orientation``.

    Raises:
        ValueError: If ``motion`` is not a Motion or an orientation option is not valid.
    """

    def __init__(self, node, motion, orientation="minimal", *, other=None, name=None, **options):
        if not isinstance(motion, Motion):
            raise ValueError(f"motion must be a trajectory.Motion, got {type(motion).__name__}")
        self.node, self.motion, self.other = node, motion, other
        if orientation is None:
            if options:
                raise ValueError("orientation options need an orientation mode")
            self.orientation = None
        else:
            chosen = Orientation.of(orientation, options)
            self.orientation = chosen.mode if chosen.plain else chosen  # a bare mode takes the fast path
        super().__init__(name or f"MotionInterval-{next(_NAMES)}", motion.duration)

    def privStep(self, t):  # Panda3D calls this by its name
        t = float(t)
        if self.orientation is None:
            position = LPoint3(*self.motion.position(t))
            if self.other is None:
                self.node.set_pos(position)
            else:
                self.node.set_pos(self.other, position)
        else:
            at, quaternion = self.motion.pose(t, self.orientation)
            position, rotation = LPoint3(*at), LQuaternion(*quaternion)
            if self.other is None:
                self.node.set_pos_quat(position, rotation)
            else:
                self.node.set_pos_quat(self.other, position, rotation)
        super().privStep(t)
