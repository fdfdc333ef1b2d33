"""``MotionInterval``: a ``trajectory.Motion`` played on a NodePath as a Panda3D interval, which
also reports the motion's events as the node passes them, from the same clock. The replacement
for ``MopathInterval`` (which drives a curve's parameter, so its speed is uneven, and only looks
along the tangent) and for a ``Playhead`` kept beside an interval (two clocks that drift apart).

    glide = MotionInterval(glider, motion, events=[(0.5, "halfway")])
    base.accept("halfway", say_halfway)
    glide.loop()  # or start() once, pingpong(), set_play_rate(-1.0), reverse()

Played on its own, the interval keeps a ``trajectory.Playhead``: each frame it moves it on by the
frame's time (times the play rate), puts the node at the playhead's pose, then reports the events
passed in the frame, in order, each once per pass, also when one frame skips past several, with
the exact time of each. Looping and ping-pong are the playhead's, so a loop goes on from the exact
time it wrapped to (Panda3D's own looping interval would stop at the end for the frame that wraps),
and a pass played once ends with the node exactly at the motion's end pose. Inside a ``Sequence``
(or set by ``setT``) the interval goes where it is told, reporting what it passes on the way.
"""

import itertools
import math

from direct.interval.Interval import Interval
from direct.showbase.MessengerGlobal import messenger
from panda3d.core import ClockObject, LPoint3, LQuaternion
from panda3d.direct import CInterval

from trajectory import Marker, Motion, Orientation, Playhead

_NAMES = itertools.count(1)


class MotionInterval(Interval):
    """Plays ``motion`` on ``node``: its position, its rotation by an orientation mode (unless
    ``orientation`` is None), and its events.

    Args:
        node: The NodePath to move.
        motion: A ``trajectory.Motion``.
        orientation: ``"up"`` (a model's default: turned along the curve, its top nearest +Z),
            ``"yaw"``, ``"minimal"`` (see ``trajectory.orientation.frames``), an ``Orientation``,
            or None to leave the node's rotation alone.
        events: ``(s, name)`` pairs at arc-length fractions s in [0, 1], as a ``Playhead`` takes
            them. Each time the node passes one, its name is sent through Panda3D's
            ``messenger`` (no arguments: ``base.accept(name, handler)``; the messenger also
            carries the keys, so "a" would be heard as the A key), and ``on_event`` is
            called with the ``trajectory.Crossing`` (its ``time`` is where along the motion,
            in seconds). The node is already where the frame puts it.
        on_event: A function of one ``Crossing``, or None.
        other: A NodePath whose coordinate frame the motion is in, as in Panda3D's lerp
            intervals (by default the node's parent's).
        name: The interval's name (unique by default).
        options: ``closed``, ``bank``, ``max_bank``, ``tilt``: see ``trajectory.Orientation``.

    Raises:
        ValueError: If ``motion`` is not a Motion, ``on_event`` cannot be called, an
            orientation option or an event is not valid.
    """

    def __repr__(self, indent=0):
        return " " * indent + (
            f"MotionInterval({self.name!r}, {self.motion.duration:g} s, t {self.playhead.time:.6g}, "
            f"{self.playhead.loop!r}, rate {self.playhead.rate:g})"
        )

    def __init__(
        self, node, motion, orientation="up", *, events=(), on_event=None, other=None, name=None, **options
    ):
        if not isinstance(motion, Motion):
            raise ValueError(f"motion must be a trajectory.Motion, got {type(motion).__name__}")
        if on_event is not None and not callable(on_event):
            raise ValueError(f"on_event must be a function of one Crossing, got {type(on_event).__name__}")
        self.node, self.motion, self.other, self.on_event = node, motion, other, on_event
        if orientation is None:
            if options:
                raise ValueError("orientation options need an orientation mode")
            self.orientation = None
        else:
            chosen = Orientation.of(orientation, options)
            self.orientation = chosen.mode if chosen.plain else chosen  # a bare mode takes the fast path
        self.playhead = Playhead(motion, "once", events)
        """Where the interval is along its motion (read it; play through the interval)."""
        self._events = events
        self._clock = 0.0  # the frame time the playhead was last moved to
        self._jumping = False  # in setT: the playhead is already where it is going
        super().__init__(name or f"MotionInterval-{next(_NAMES)}", motion.duration)

    # Played on its own: one playhead, moved by the frame's time.

    def start(self, startT=0.0, endT=-1.0, playRate=1.0):
        """Play one pass from ``startT`` seconds (from the end, when ``playRate`` is negative
        and ``startT`` is 0); returns Panda3D's awaitable task."""
        return self._play("once", startT, endT, playRate)

    def loop(self, startT=0.0, endT=-1.0, playRate=1.0):
        """Play round and round, each lap going on from where the last one ended."""
        return self._play("loop", startT, endT, playRate)

    def pingpong(self, startT=0.0, playRate=1.0):
        """Play there and back for ever, the velocity curve run backwards on the way back."""
        return self._play("pingpong", startT, -1.0, playRate)

    def setPlayRate(self, playRate):
        """Play at ``playRate`` from now on (0 holds, negative goes back); the node does not jump."""
        rate = _rate(playRate)
        super().setPlayRate(rate)
        self.playhead.set_rate(rate)

    def reverse(self):
        """Go back the way it came, from where it is."""
        self.setPlayRate(-self.playhead.rate)

    set_play_rate = setPlayRate

    def setupResume(self):
        super().setupResume()
        self._clock = ClockObject.get_global_clock().get_frame_time()  # a pause is not played

    def stepPlay(self):  # Panda3D's interval task calls this each frame while the interval plays
        now = ClockObject.get_global_clock().get_frame_time()
        dt, self._clock = max(now - self._clock, 0.0), now
        self._report(self.playhead.advance(dt))
        if self.playhead.finished:
            self.state = CInterval.SFinal
            self.intervalDone()
            return False
        return True

    def _play(self, loop, start_t, end_t, rate):
        if end_t not in (-1, -1.0, None) and end_t < self.motion.duration:
            raise ValueError("a MotionInterval plays its whole motion: endT is not supported")
        rate = _rate(rate)
        if self.playhead.loop != loop:
            self.playhead = Playhead(self.motion, loop, self._events)
        start = min(max(float(start_t), 0.0), self.motion.duration)
        if rate < 0.0 and start == 0.0:
            start = self.motion.duration
        self.playhead.seek(time=start)
        self.playhead.set_rate(rate)
        self.setupPlay(start_t, -1.0, rate, int(loop != "once"))
        self._clock = ClockObject.get_global_clock().get_frame_time()
        self._place()
        self.state = CInterval.SStarted
        return self._Interval__spawnTask()  # Interval's own task, which calls stepPlay

    # Driven from outside (a Sequence, setT): go where told, reporting what is passed.

    def setT(self, t):
        """Jump to ``t`` seconds (no events fire)."""
        self.playhead.seek(time=float(t))
        self._jumping = True
        try:
            super().setT(t)
        finally:
            self._jumping = False

    def privInitialize(self, t):  # a Sequence starting this interval: from its start
        if not self._jumping:
            self._once().seek(time=0.0)
        super().privInitialize(t)

    def privReverseInitialize(self, t):  # a Sequence going back into this interval: from its end
        if not self._jumping:
            self._once().seek(time=self.motion.duration)
        super().privReverseInitialize(t)

    def privStep(self, t):  # Panda3D calls this by its name
        t = min(max(float(t), 0.0), self.motion.duration)
        step, crossings = t - self.playhead.time, []
        if step != 0.0:
            playhead = self._once()
            playhead.set_rate(math.copysign(1.0, step))
            crossings = playhead.advance(abs(step))
            playhead.seek(time=t)  # exactly t, whatever the sum rounded to
        self._report(crossings)
        super().privStep(t)

    def _once(self):
        """The playhead, playing one pass (a Sequence or ``setT`` drives it)."""
        if self.playhead.loop != "once":
            at = self.playhead.time
            self.playhead = Playhead(self.motion, "once", self._events)
            self.playhead.seek(time=at)
        return self.playhead

    def _report(self, crossings):
        """Put the node where the playhead is, then send the events passed."""
        self._place()
        for crossing in crossings:
            if isinstance(crossing.event, Marker):
                continue
            messenger.send(crossing.event)
            if self.on_event is not None:
                self.on_event(crossing)

    def _place(self):
        t = self.playhead.time
        self.currT = t
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


def _rate(rate):
    try:
        checked = float(rate)
    except (TypeError, ValueError):
        checked = math.nan
    if not math.isfinite(checked):
        raise ValueError(f"playRate must be a finite number, got {rate!r}")
    return checked
