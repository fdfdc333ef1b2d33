"""The edits of the curves mode, as values: what the tools (the mouse, the keys) ask of the
``CurvesModel``, which applies them, checks them and records them for undo. Each trajectory or
velocity edit turns the preset shown into a new one (``edited``), never changing it in place;
``Change`` says what an applied edit changed, for the views to redraw that and nothing else.

>>> edit = MoveKnot(2, (1.0, 0.0, 1.0))
>>> edit.words
'moving a control point'
"""

import dataclasses
import enum

import numpy as np

from scene.kit.refusal import Refused
from trajectory.curves import TangentMode


class Change(enum.Flag):
    """What an applied edit changed, for the views that draw it."""

    NONE = 0
    SHAPE = enum.auto()
    """The trajectory's shape: its curve, its drawing, its track (and so the motion too)."""
    TIMING = enum.auto()
    """The motion's timing alone: its velocity curve, duration, method or car; no rail moves."""
    LOOK = enum.auto()
    """What the trajectory is built as (line, tube, ribbon, rails, road)."""
    SELECTION = enum.auto()
    """The selected knot or velocity key."""
    CHOICE = enum.auto()
    """Which presets are shown."""
    KEYFRAMES = enum.auto()
    """The time between keyframes."""
    EVENTS = enum.auto()
    """The events along the curve."""
    PLAYBACK = enum.auto()
    """How the run plays: paused, its rate and direction, its loop mode."""
    RIDERS = enum.auto()
    """What rides the curve and how (``rider_settings.RiderSettings``)."""
    HELD = enum.auto()
    """What the mouse holds: a drag began or ended."""


KEEP = object()
"""A knot edit's selection when it leaves the selected knot as it is."""


def positive(value, what):
    """``value`` as a positive finite float, or ``Refused`` naming ``what``."""
    try:
        number = float(value)
    except (TypeError, ValueError):
        number = float("nan")
    if not (np.isfinite(number) and number > 0.0):
        raise Refused(f"{what} must be a positive number of seconds or units, got {value!r}")
    return number


# Trajectory edits: ``edited(preset)`` -> (the new preset, the knot selected after it or KEEP).


@dataclasses.dataclass(frozen=True)
class MovePoint:
    """Control point ``index`` of a Bezier or a spline through points to ``position`` (3,)."""

    index: int
    position: tuple
    words = "moving a control point"

    def edited(self, preset):
        points = np.array(preset.points, dtype=float)
        points[self.index] = self.position
        return preset.with_points(points), KEEP


def _spline_edit(preset, change):
    """``preset`` (knots) with a copy of its spline edited by ``change(spline)``, and its result."""
    spline = preset.spline.copy()
    result = change(spline)
    return preset.with_spline(spline), result


@dataclasses.dataclass(frozen=True)
class MoveKnot:
    """Knot ``index`` to ``position`` (3,), its handles with it."""

    index: int
    position: tuple
    words = "moving a control point"

    def edited(self, preset):
        return _spline_edit(preset, lambda spline: spline.move(self.index, self.position))[0], KEEP


@dataclasses.dataclass(frozen=True)
class MoveTangent:
    """Knot ``knot``'s ``side`` ("in" or "out") handle to ``vector`` (3,), an offset from it."""

    knot: int
    side: str
    vector: tuple
    words = "moving a control point"

    def edited(self, preset):
        change = lambda spline: spline.move_tangent(self.knot, self.side, self.vector)
        return _spline_edit(preset, change)[0], KEEP


@dataclasses.dataclass(frozen=True)
class InsertKnot:
    """A knot at curve parameter ``u``, the shape kept; the new knot selected."""

    u: float
    words = "inserting a knot"

    def edited(self, preset):
        return _spline_edit(preset, lambda spline: spline.insert(self.u))


@dataclasses.dataclass(frozen=True)
class AddKnot:
    """A knot at ``point`` (3,) past the end (the start when ``at_start``); selected."""

    point: tuple
    at_start: bool = False
    words = "adding a knot"

    def edited(self, preset):
        return _spline_edit(preset, lambda spline: spline.add(self.point, at_start=self.at_start))


@dataclasses.dataclass(frozen=True)
class DeleteKnot:
    """Knot ``index`` taken out; none selected after."""

    index: int
    words = "deleting a knot"

    def edited(self, preset):
        return _spline_edit(preset, lambda spline: spline.remove(self.index))[0], None


@dataclasses.dataclass(frozen=True)
class SetTangentMode:
    """Knot ``index``'s ``TangentMode``."""

    index: int
    mode: TangentMode

    @property
    def words(self):
        return f"making knot {self.index + 1} {self.mode.value}"

    def edited(self, preset):
        return _spline_edit(preset, lambda spline: spline.set_mode(self.index, self.mode))[0], KEEP


@dataclasses.dataclass(frozen=True)
class SetAllTangentModes:
    """Every knot's ``TangentMode``."""

    mode: TangentMode

    @property
    def words(self):
        return f"making every knot {self.mode.value}"

    def edited(self, preset):
        return _spline_edit(preset, lambda spline: spline.set_all_modes(self.mode))[0], KEEP


@dataclasses.dataclass(frozen=True)
class SetClosed:
    """The loop closed (the last knot joined to the first) or opened."""

    closed: bool

    @property
    def words(self):
        return "closing the loop" if self.closed else "opening the loop"

    def edited(self, preset):
        def change(spline):
            spline.closed = self.closed

        return _spline_edit(preset, change)[0], KEEP


@dataclasses.dataclass(frozen=True)
class SetTilt:
    """Knot ``index``'s tilt, ``angle`` radians counter-clockwise about the direction of travel."""

    index: int
    angle: float

    @property
    def words(self):
        return f"tilting knot {self.index + 1}"

    def edited(self, preset):
        return _spline_edit(preset, lambda spline: spline.set_tilt(self.index, self.angle))[0], KEEP


@dataclasses.dataclass(frozen=True, eq=False)
class MakeSpline:
    """The trajectory replaced by ``spline`` (a ``trajectory.Spline`` the caller leaves
    unedited): any preset made an editable spline of knots."""

    spline: object
    words = "making an editable spline"

    def edited(self, preset):
        return preset.with_spline(self.spline.copy()), None


TRAJECTORY_EDITS = (MovePoint, MoveKnot, MoveTangent, InsertKnot, AddKnot, DeleteKnot)
TRAJECTORY_EDITS += (SetTangentMode, SetAllTangentModes, SetClosed, SetTilt, MakeSpline)


# Velocity edits: ``edited(preset)`` -> (the new preset, the key selected after it or KEEP).


@dataclasses.dataclass(frozen=True)
class MoveHandle:
    """Velocity control point or key ``index`` to ``unit`` (t, s)."""

    index: int
    unit: tuple
    words = "moving a velocity handle"

    def edited(self, preset):
        handles = [list(handle) for handle in preset.handles]
        handles[self.index] = [float(self.unit[0]), float(self.unit[1])]
        return preset.with_handles(handles), KEEP


@dataclasses.dataclass(frozen=True)
class AddKey:
    """A key of a keyed velocity curve at ``unit`` (t, s), among the others by its time; selected."""

    unit: tuple
    words = "adding a velocity key"

    def edited(self, preset):
        key = tuple(float(value) for value in self.unit)
        keys = sorted([*map(tuple, preset.keys), key])
        return preset.with_keys(keys), keys.index(key)


@dataclasses.dataclass(frozen=True)
class DeleteKey:
    """Velocity key ``index`` taken out (one stays at least)."""

    index: int
    words = "deleting a velocity key"

    def edited(self, preset):
        if len(preset.keys) == 1:
            raise ValueError("a keyed velocity curve keeps one key at least")
        return preset.with_keys([key for k, key in enumerate(preset.keys) if k != self.index]), None


VELOCITY_EDITS = (MoveHandle, AddKey, DeleteKey)


# The events along the curve: recorded for undo, as the presets' edits.

FIXED_EVENTS = (0.25, 0.5, 0.75)
"""Arc-length fractions of the events every curve has."""
MOST_EVENTS = 24
"""The most events a curve holds (the user's beyond this replace the oldest of theirs)."""


@dataclasses.dataclass(frozen=True)
class AddEvent:
    """An event at arc-length fraction ``s`` (where the rider is); the oldest of the user's goes
    when there are ``MOST_EVENTS``."""

    s: float
    words = "adding an event"

    def edited(self, events):
        s = float(self.s)
        if not 0.0 <= s <= 1.0:
            raise ValueError(f"an event lies at an arc-length fraction in [0, 1], not {self.s!r}")
        kept = (
            events
            if len(events) < MOST_EVENTS
            else events[: len(FIXED_EVENTS)] + events[len(FIXED_EVENTS) + 1 :]
        )
        return (*kept, s)


# What is shown and how: not recorded for undo.


@dataclasses.dataclass(frozen=True)
class SetRiders:
    """What rides the curve and how from now on: a ``rider_settings.RiderSettings``."""

    settings: object


@dataclasses.dataclass(frozen=True)
class SetPlayback:
    """How the run plays from now on: a ``run.Playback``."""

    playback: object


@dataclasses.dataclass(frozen=True)
class ChooseTrajectory:
    index: int


@dataclasses.dataclass(frozen=True)
class ChooseVelocity:
    index: int


@dataclasses.dataclass(frozen=True, eq=False)
class AddTrajectory:
    """A new trajectory preset (a curve started with N), appended and shown."""

    preset: object


@dataclasses.dataclass(frozen=True)
class SetDuration:
    """The run's duration, seconds (for a velocity curve; a drive's comes from the car)."""

    seconds: float


@dataclasses.dataclass(frozen=True)
class SetTopSpeed:
    """The car's top speed, units/s."""

    speed: float


@dataclasses.dataclass(frozen=True)
class SetJerk:
    """The car's jerk limit, units/s³, or None for none."""

    jerk: float | None


@dataclasses.dataclass(frozen=True)
class SetLiftSpeed:
    """The rolling train's lift speed (and start speed), units/s."""

    speed: float


@dataclasses.dataclass(frozen=True)
class SetMethod:
    """``"exact"`` or ``"chord"`` (the seed's tables)."""

    method: str


@dataclasses.dataclass(frozen=True)
class SetInterval:
    """Seconds between exact keyframe positions."""

    seconds: float


@dataclasses.dataclass(frozen=True)
class SetLook:
    """What the trajectory shown is built as (a ``Look``)."""

    look: object


@dataclasses.dataclass(frozen=True)
class Select:
    """Knot ``knot`` selected (None: none), or velocity key ``key``: one of them at a time."""

    knot: int | None = None
    key: int | None = None


# A drag: what the mouse holds, recorded once, in the model (``CurvesModel.drag``).


@dataclasses.dataclass(frozen=True, eq=False)
class HandleDrag:
    """A velocity control point or key (``index``) held in the plot: where it was, (t, s), and
    the mouse's film position when it was grabbed. An ``index`` None (and ``start`` None) is the
    key just selected (added under the mouse): the model fills both in."""

    index: int
    start: tuple
    start_mouse: tuple


@dataclasses.dataclass(frozen=True, eq=False)
class PointDrag:
    """A trajectory control point held in 3D: which one (of ``CurvesModel.grabbable``), where it
    was (3,), the camera's view direction (3,: the plane it moves in is square to it), whether it
    moves in depth, and the mouse's film y when it was grabbed (and its whole film position). An
    ``index`` None (and ``start`` None) is the knot just selected (inserted under the mouse): the
    model fills both in."""

    index: int
    start: np.ndarray
    normal: np.ndarray
    in_depth: bool
    start_y: float
    start_mouse: tuple


@dataclasses.dataclass(frozen=True)
class Grab:
    """A drag begins: ``drag`` (a ``PointDrag`` or ``HandleDrag``) is held until ``LetGo``; a
    knot or a velocity key grabbed is selected. The drag's edits are one step of the history."""

    drag: object


@dataclasses.dataclass(frozen=True)
class LetGo:
    """The drag ends: one step of the history for each preset it changed."""


@dataclasses.dataclass(frozen=True)
class Asked:
    """What a tool asks for: its ``edits`` made in turn by the mode (the first refused is said and
    stops the rest), then ``said`` (words, or None) shown. No edits: a press taken that changes
    nothing."""

    edits: tuple = ()
    said: str = None
