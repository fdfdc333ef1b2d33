"""The curves the scene offers: plain data, and how to turn each into a trajectory object.

A trajectory preset is a Bezier (4 control points), a spline (any number of points it passes
through), knots (an editable ``Spline``: knots with handles, inserted, deleted, closed) or a
function (no points to drag; it can be made knots). A velocity preset is editable (a CSS-style cubic with
two control points (t, s) in the unit square, or keys (t, s) the object passes through), fixed (a
factory of the library), or "drive it": the fastest motion a car makes along the trajectory.

To add a preset, append an entry to ``TRAJECTORIES`` or ``VELOCITIES``; the number keys follow the
order of these lists.
"""

import dataclasses
import math

import numpy as np

from trajectory import CubicBezier, FunctionCurve, PiecewiseBezier, VelocityCurve
from trajectory.curves import NoLengthError
from trajectory.timing import DistanceOutOfRange

DRIVE_LIMITS = {"v_max": 5.0, "a_lat": 6.0, "accel": 3.0, "brake": 5.0, "jerk": 8.0}
"""The "drive it" preset's car, in board units and seconds: a top speed it reaches on the presets'
straights, cornering that binds in their bends, gentler acceleration than braking (so that all
four limits show in the plot's band on most presets), and a jerk limit (J changes it) that
takes a second to go from full acceleration to full braking."""
COORDINATE_LIMIT = 1e4
"""Largest |coordinate| of an editable point: the scene draws in float32 around a board 32 units
wide, and a point further out could not be seen or grabbed back."""


@dataclasses.dataclass(frozen=True)
class TrajectoryPreset:
    """A named trajectory: ``kind`` is ``"bezier"``, ``"spline"``, ``"knots"`` or ``"function"``.

    ``points`` (shape ``(n, 3)``) are the control points of a Bezier or the points a spline passes
    through; a knots preset holds a ``Spline`` (``spline``, never edited in place: an edit makes
    a new preset of an edited copy); a function preset gives its curve through ``function``.
    """

    name: str
    kind: str
    points: tuple = ()
    function: object = None
    spline: object = None

    @property
    def editable(self):
        """Whether the preset has points to drag."""
        return self.kind != "function"

    @property
    def knots(self):
        """Whether the preset is an editable spline of knots."""
        return self.kind == "knots"

    def curve(self, points=None):
        """The trajectory, from the preset's points or from ``points`` (edited, shape (n, 3)),
        with its arc-length table built: everything a motion needs is checked here.

        Raises:
            ValueError: If the points do not make a curve with a length, or lie further than
                ``COORDINATE_LIMIT`` from the origin.
        """
        if self.kind == "function":
            return self.function()
        if self.knots:
            curve = self.spline
            points = np.concatenate((curve.knots, (curve.knots[:, None] + curve.tangents).reshape(-1, 3)))
        else:
            points = np.asarray(self.points if points is None else points, dtype=float)
            curve = CubicBezier(points) if self.kind == "bezier" else PiecewiseBezier.catmull_rom(points)
        if np.any(np.abs(points) > COORDINATE_LIMIT):
            raise ValueError(
                f"a point that far out (beyond {COORDINATE_LIMIT:g} on an axis) "
                "could not be seen or grabbed back"
            )
        try:
            curve.arc_length  # noqa: B018 - builds the table, which checks that there is a length
        except NoLengthError as error:
            raise ValueError(
                "the points would all be in one place: the curve would have no length"
            ) from error
        except ValueError as error:
            raise ValueError("the curve would turn too sharply at one point to be measured") from error
        return curve

    def with_spline(self, spline):
        """A knots preset of the same name holding ``spline`` (the caller's to leave unedited)."""
        return dataclasses.replace(self, kind="knots", points=(), function=None, spline=spline)

    def with_points(self, points):
        """A copy holding ``points`` instead (as nested tuples, so that it stays hashable)."""
        points = _numbers(points, "points must be (x, y, z) numbers")
        return dataclasses.replace(self, points=tuple(map(tuple, points.tolist())))


@dataclasses.dataclass(frozen=True)
class VelocityPreset:
    """A named velocity curve: ``controls`` ((x1, y1), (x2, y2)) for an editable cubic, ``keys``
    (the (t, s) keys between (0, 0) and (1, 1)) for an editable keyed curve, a ``factory`` of a
    fixed one, ``drive``: the fastest motion a car (``DRIVE_LIMITS``) makes along the
    trajectory, or ``rolling``: a train rolling along it under gravity; for the last two the
    duration is the result."""

    name: str
    controls: tuple = ()
    factory: object = None
    keys: tuple = ()
    drive: bool = False
    rolling: bool = False

    @property
    def editable(self):
        """Whether the preset has points to drag in the plot."""
        return bool(self.controls or self.keys)

    @property
    def handles(self):
        """The points dragged in the plot: the controls or the keys, as (t, s) pairs (or None)."""
        return (self.controls or self.keys) if self.editable else None

    def curve(self, handles=None):
        """The velocity curve, from the preset's handles or from ``handles`` (edited); not for a
        ``drive`` or ``rolling`` preset, whose curve comes with its motion (``Motion.fastest``,
        ``Motion.rolling``).

        Raises:
            ValueError: If edited controls make T non-monotone or S leave [0, 1], or edited keys
                leave their order (naming the key and its bounds).
        """
        if self.drive or self.rolling:
            raise ValueError("a drive's or a rolling train's velocity curve comes with its motion")
        if self.keys:
            keys = _checked_keys(self.keys if handles is None else handles, before=self.keys)
            return VelocityCurve.from_keys([(0.0, 0.0), *keys, (1.0, 1.0)], name=self.name)
        if not self.editable:
            return self.factory()
        (x1, y1), (x2, y2) = _checked_controls(self.controls if handles is None else handles)
        try:
            velocity = VelocityCurve.cubic_bezier(x1, y1, x2, y2, name=self.name)
        except DistanceOutOfRange as error:
            if error.value > 1.0:
                raise ValueError(
                    f"that would carry the object past the end of the curve ({100 * error.value:.0f}% of "
                    "the way) and back"
                ) from None
            raise ValueError("that would send the object back before the start of the curve first") from None
        velocity.timing  # noqa: B018 - builds what the motion will use, so nothing fails later
        return velocity

    def with_handles(self, handles):
        """A copy holding ``handles`` instead: controls or keys, as the preset has."""
        return self.with_keys(handles) if self.keys else self.with_controls(handles)

    def with_controls(self, controls):
        """A copy holding ``controls`` instead: two (t, s) pairs of numbers.

        Raises:
            ValueError: If they are not.
        """
        return dataclasses.replace(
            self, controls=_pairs(controls, "controls must be two (t, s) pairs of numbers", 2)
        )

    def with_keys(self, keys):
        """A copy holding ``keys`` instead: (t, s) pairs of numbers, at least one.

        Raises:
            ValueError: If they are not.
        """
        return dataclasses.replace(
            self, keys=_pairs(keys, "keys must be (t, s) pairs of numbers, at least one")
        )


def _pairs(values, message, count=None):
    """``values`` as a tuple of (t, s) float pairs (``count`` of them if given), or ValueError."""
    pairs = _numbers(values, message)
    if (
        pairs.ndim != 2
        or pairs.shape[1] != 2
        or len(pairs) == 0
        or (count is not None and len(pairs) != count)
    ):
        raise ValueError(message)
    return tuple(map(tuple, pairs.tolist()))


def _numbers(values, message):
    """``values`` as a float array, or ValueError(``message``) if they are anything but numbers
    (text such as "0.5", true or false, ragged lists, integers too large for a float)."""
    try:
        array = np.asarray(values)
    except (TypeError, ValueError, OverflowError):
        raise ValueError(message) from None
    if array.dtype.kind not in "iuf":
        raise ValueError(message)
    return array.astype(float)


class TimeOutOfPlace(ValueError):
    """An edit that would move a handle's time out of its place: ``what`` (words: "key 2", "a
    control point") must stay between the fractions ``low`` and ``high`` of the run, for
    ``reason`` (words), and would be at the fraction ``value``; ``words(duration)`` says it in
    seconds, the plot's time axis."""

    def __init__(self, what, low, high, reason, value):
        super().__init__(f"{what} must stay between t = {low:.2f} and {high:.2f} of the run ({reason})")
        self.what, self.low, self.high, self.reason, self.value = what, low, high, reason, value

    def words(self, duration):
        """The refusal with the times in seconds of a run of ``duration`` seconds."""
        low, high, value = self.low * duration, self.high * duration, self.value * duration
        return (
            f"{self.what} must stay between {low:.2f} s and {high:.2f} s ({self.reason}: "
            f"it would be at {value:.2f} s)"
        )


def _checked_controls(controls):
    """A cubic's two control points (time, distance), or a ``TimeOutOfPlace``: a time outside
    [0, 1] would run time backwards (the library checks the distance, exactly)."""
    for x, _ in controls:
        if not 0.0 <= x <= 1.0:
            raise TimeOutOfPlace("a control point", 0.0, 1.0, "or the run would go back in time", x)
    return controls


def _checked_keys(keys, before=()):
    """The keys between (0, 0) and (1, 1) as float pairs, or a ValueError naming the key that
    leaves its place: t strictly between its neighbours', s not below the one before nor above
    the one after (the object would go back). The keys that differ from ``before`` (the ones an
    edit moved) are named first."""
    pairs = np.array(keys, dtype=float).reshape(-1, 2)
    t = np.concatenate(([0.0], pairs[:, 0], [1.0]))
    s = np.concatenate(([0.0], pairs[:, 1], [1.0]))
    moved = [
        i + 1 for i, pair in enumerate(pairs.tolist()) if i >= len(before) or tuple(pair) != tuple(before[i])
    ]
    for i in moved + [i for i in range(1, len(t) - 1) if i not in moved]:
        if not t[i - 1] < t[i] < t[i + 1]:
            raise TimeOutOfPlace(f"key {i}", t[i - 1], t[i + 1], "keys keep their order", t[i])
        if not s[i - 1] <= s[i] <= s[i + 1]:
            raise ValueError(
                f"key {i} must stay between s = {s[i - 1]:.2f} and {s[i + 1]:.2f} (s may not decrease: "
                "the object would go back)"
            )
    return pairs.tolist()


def _helix():
    turns, radius, rise = 2.5, 3.0, 6.0
    w = 2.0 * math.pi * turns

    def point(u):
        r = radius * (1.0 - 0.4 * u)
        return (r * np.cos(w * u), r * np.sin(w * u), 0.5 + rise * u)

    return FunctionCurve(point)


def _coaster():
    """The coaster of ``models/coaster.egg``."""
    # Imported here: Panda3D reads the egg, and the presets (and the model that holds them) are
    # used without it until the coaster is first built.
    from scene.kit.curve_files import load_curves
    from scene.ui.assets import MODELS

    return load_curves(MODELS / "coaster.egg")[0]


TRAJECTORIES = [
    TrajectoryPreset("S-bend", "bezier", ((-6, -2, 0.5), (-2, 7, 4.5), (2, -7, 0), (6, 2, 3))),
    TrajectoryPreset("loop", "bezier", ((-5, 0, 1), (8, 7, 3), (-8, 7, 3), (5, 0, 1))),
    TrajectoryPreset("near-cusp", "bezier", ((-5, -2, 1), (5, 5, 1), (-5, 5, 1), (5, -1.98, 1))),
    TrajectoryPreset("climb", "bezier", ((-6, -4, 0.3), (6, -4, 2), (-6, 4, 5), (6, 4, 7))),
    TrajectoryPreset(
        "spline through 9 points",
        "spline",
        (
            (-7, -3, 1),
            (-4, 2, 2),
            (-1, -1, 3),
            (2, 3, 2),
            (5, 0, 1),
            (6, -4, 2.5),
            (2, -5, 4),
            (-2, -4, 3),
            (-4, -1, 1),
        ),
    ),
    TrajectoryPreset("helix (a function)", "function", function=_helix),
    TrajectoryPreset("coaster (NURBS from models/coaster.egg)", "function", function=_coaster),
]

VELOCITIES = [
    VelocityPreset("constant", controls=((1 / 3, 1 / 3), (2 / 3, 2 / 3))),
    VelocityPreset("ease in-out (seed)", factory=VelocityCurve.ease_in_out),
    VelocityPreset("ease in", factory=VelocityCurve.ease_in),
    VelocityPreset("ease out", factory=VelocityCurve.ease_out),
    VelocityPreset("sine ease", factory=lambda: VelocityCurve.sine_ease(0.25, 0.75)),
    VelocityPreset("CSS ease", controls=((0.25, 0.1), (0.25, 1.0))),
    VelocityPreset("keys: a stop halfway", keys=((0.35, 0.5), (0.65, 0.5))),
    VelocityPreset("keys: slow through the middle", keys=((0.25, 0.4), (0.75, 0.6))),
    VelocityPreset("roll under gravity (a coaster's train)", rolling=True),
    VelocityPreset("drive it (the fastest a car can go)", drive=True),
]
ROLL_INDEX, DRIVE_INDEX = len(VELOCITIES) - 2, len(VELOCITIES) - 1
"""The train rolling under gravity (Shift+9; the coaster's own), the car's fastest drive (D)."""
COASTER_INDEX = next(index for index, preset in enumerate(TRAJECTORIES) if preset.function is _coaster)
"""The coaster, built as a track (rails, ties, posts) unless the user chooses otherwise."""
