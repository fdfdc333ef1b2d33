"""Which way an object faces along a curve: rotation matrices whose columns are the object's
right, forward and up axes in world coordinates (Panda3D's convention: a model looks along +Y with
+Z up). Forward is the direction of travel.

Modes (``MODES``):

- ``"minimal"``: a rotation-minimising frame, the up axis carried along the curve by parallel
  transport, so the frame never spins about the tangent and never flips where a Frenet frame
  does (vertical tangents, loops, inflections). Up starts as near world +Z as the tangent allows.
- ``"yaw"``: for ground units: up is world +Z, forward the horizontal direction of travel (held
  where the tangent is vertical).
- ``"up"``: forward is the tangent, up as near world +Z as it allows: the yaw frame pitched up or
  down by the tangent's elevation, so it is defined (and continuous) through vertical tangents.

Rolls about forward, all counter-clockwise seen from behind, add up: ``closed`` spreads the
minimal frame's twist mismatch evenly over the arc length, ``tilt`` keys a roll by arc-length
fraction, and ``bank`` (for a ``Motion``) leans into turns by atan(v² κ / g), ``g`` the gravity.

>>> from trajectory import CubicBezier
>>> from trajectory.orientation import frames_along
>>> climb = CubicBezier([[0, 0, 0], [1, 0, 0], [2, 0, 1], [3, 0, 1]])
>>> frames_along(climb, 0.0).round(12).tolist()  # along +X: right is -Y, up is +Z
[[0.0, 1.0, 0.0], [-1.0, 0.0, 0.0], [0.0, 0.0, 1.0]]
"""

import dataclasses
import math

import numpy as np

from trajectory._numerics.angle_keys import AngleKeys
from trajectory._numerics.checks import finite_number, flag, positive_finite, real_values
from trajectory._numerics.vectors import cross, dot, length
from trajectory.curves.curve import STOPPED, unit_tangents
from trajectory.orientation.transport import VERTICAL, transport_of

MODES = ("minimal", "yaw", "up")
OPTIONS = frozenset({"closed", "bank", "g", "max_bank", "tilt"})
"""The keyword options of an ``Orientation`` besides its mode."""


GRAVITY = 9.81
"""Standard gravity, metres per second²: the g banking leans against, and ``Motion.g_forces``'
(length units as metres)."""

_MADE = {}
"""``Orientation.of``'s last orientations, by (mode, options)."""
_KEPT = 64


@dataclasses.dataclass(frozen=True)
class Orientation:
    """How an object is turned along its path: a mode of ``MODES`` and its options.

    Args:
        mode: ``"minimal"``, ``"yaw"`` or ``"up"``.
        closed: Spread the minimal frame's twist mismatch round a closed loop over its arc
            length, so that the frame at the end equals the frame at the start. None (the
            default): wherever the curve is closed (``Curve.closed``), as ``sweep`` does; False
            keeps a loop's seam.
        bank: Lean into turns by atan(v² κ / g) (True or False).
        g: The gravity banking leans against, length units per second² (``GRAVITY``: metres).
        max_bank: The largest bank angle (radians, in (0, pi/2]), or None.
        tilt: ``(s, angle)`` keys: a roll (radians) keyed by arc-length fraction s,
            increasing s in [0, 1], interpolated as an angle (smoothly, without overshoot).

    Raises:
        ValueError: Naming the first option that is not valid.
    """

    mode: str = "minimal"
    closed: bool | None = None
    bank: bool = False
    max_bank: float | None = None
    tilt: tuple = ()
    g: float = GRAVITY

    def __post_init__(self):
        if self.mode not in MODES:
            raise ValueError(f"orientation mode must be one of {MODES}, got {self.mode!r}")
        if not isinstance(self.bank, (bool, np.bool_)):  # once a gravity: a number is refused
            raise ValueError(f"bank must be True or False (the gravity is g=), got {self.bank!r}")
        object.__setattr__(self, "bank", bool(self.bank))
        object.__setattr__(self, "g", positive_finite(self.g, "g (a gravity, length units per second²)"))
        if self.max_bank is not None:
            limit = finite_number(self.max_bank, "max_bank must be an angle in (0, pi/2]")
            if not 0.0 < limit <= math.pi / 2:
                raise ValueError(f"max_bank must be an angle in (0, pi/2], got {limit!r}")
            object.__setattr__(self, "max_bank", limit)
        if self.closed is not None:
            object.__setattr__(self, "closed", flag(self.closed, "closed"))
        no_keys = isinstance(self.tilt, (tuple, list)) and not self.tilt
        keys = None if no_keys else AngleKeys(self.tilt, "tilt")
        object.__setattr__(self, "tilt", tuple(keys.keys) if keys else ())
        object.__setattr__(self, "_tilt_keys", keys)

    @classmethod
    def of(cls, mode, options):
        """``mode`` if it is an ``Orientation`` already (with no ``options``), else one built (the
        last few kept: asking with keywords every frame costs no more than with the object)."""
        if isinstance(mode, Orientation):
            if options:
                raise ValueError("give the options in the Orientation, not beside it")
            return mode
        try:
            # Each option's type in the key too: bank=1.0 (refused) equals and hashes as True.
            key = (mode, tuple(sorted((name, type(value), value) for name, value in options.items())))
            made = _MADE.get(key)
        except TypeError:  # an unhashable mode or option (tilt keys as a list): not kept
            key = made = None
        if made is not None:
            return made
        unknown = sorted(set(options) - OPTIONS)
        if unknown:
            raise ValueError(f"unknown orientation option {unknown[0]!r}: the options are {sorted(OPTIONS)}")
        made = cls(mode, **options)
        if key is not None:
            if len(_MADE) >= _KEPT:
                _MADE.pop(next(iter(_MADE)))
            _MADE[key] = made
        return made

    @property
    def plain(self):
        """Whether it is its bare mode: no option but the defaults."""
        return self.closed is None and not (self.bank or self.tilt)

    def closes_on(self, curve):
        """Whether the frame is closed on ``curve``: as ``closed`` says, or (None) wherever the
        minimal frame runs round a loop."""
        if self.closed is None:
            return self.mode == "minimal" and curve.closed
        return self.closed

    def rolls_on(self, curve):
        """Whether there is a roll to add on ``curve``."""
        return bool(self.bank or self.tilt) or self.closes_on(curve)

    def tilt_at(self, s):
        """The tilt roll at arc-length fractions ``s`` (radians), 0 without keys."""
        return self._tilt_keys(s) if self._tilt_keys else np.zeros(np.shape(s))


def frames_along(curve, u, mode="minimal", **options):
    """How an object on ``curve`` at parameter u is turned: a rotation matrix whose columns are
    its right, forward and up axes, ``(3, 3)`` for a scalar u, ``(n, 3, 3)`` for shape ``(n,)``.

    ``mode`` is one of ``MODES`` or an ``Orientation``; ``options`` (``closed``, ``tilt``) as for
    ``Orientation``. Banking needs a speed: see ``Motion.frame``.

    Raises:
        ValueError: On a u that is not a number, or a mode or option that is not valid.
    """
    orientation = Orientation.of(mode, options)
    if orientation.bank:
        raise ValueError("banking needs a speed, and a curve has none: ask a Motion's frame")
    u = np.clip(real_values(u, "u"), 0.0, 1.0)
    return frames(curve, orientation, u, curve.arc_length.at(u) / curve.length)


def frames(curve, orientation, u, s, speeds=None):
    """The frames at curve parameters ``u`` (scalar or (n,)) that lie at arc-length fractions
    ``s``: ``(3, 3)`` or ``(n, 3, 3)``. ``speeds`` (length units per second, like u) are needed
    to bank."""
    result = matrices(*frame_columns(curve, orientation, np.atleast_1d(u), np.atleast_1d(s), speeds))
    return result[0] if np.ndim(u) == 0 else result


def matrices(right, forward, up):
    """Rotation matrices (n, 3, 3) whose columns are ``right``, ``forward``, ``up`` (each (3, n))."""
    return np.stack([right, forward, up]).transpose(2, 1, 0)


def frame_columns(curve, orientation, u, s, speeds=None):
    """``frames``' right, forward and up axes at ``u`` (n,), each ``(3, n)`` (components first:
    the layout the vector arithmetic here runs fastest on)."""
    u, s = np.asarray(u, dtype=float), np.asarray(s, dtype=float)
    tangent = unit_tangents(curve, u)
    if orientation.mode == "minimal":
        forward, up = tangent, transport_of(curve).up(u, curve.evaluate(u).T, tangent)
    else:
        heading = headings(curve, u, tangent)
        horizontal = np.stack([np.cos(heading), np.sin(heading), np.zeros_like(heading)])
        if orientation.mode == "yaw":
            forward, up = horizontal, np.zeros_like(horizontal)
            up[2] = 1.0
        else:  # pitched by the elevation: up = -sin(e) h + cos(e) z, made exactly normal to forward
            forward = tangent
            up = -tangent[2] * horizontal
            up[2] += np.hypot(tangent[0], tangent[1])
            up -= dot(up, tangent) * tangent
            up /= length(up)
    right = cross(forward, up)
    roll = _roll(curve, orientation, u, s, tangent, right, speeds)
    if roll is not None:
        right, up = rolled_axes(right, up, roll)
    return right, forward, up


def rolled_axes(right, up, angles):
    """The ``right`` and ``up`` axes (3, n) rolled about forward by ``angles`` (n,) (radians,
    counter-clockwise seen from behind)."""
    cos, sin = np.cos(angles), np.sin(angles)
    return cos * right - sin * up, cos * up + sin * right


def scalar_frame(curve, mode, u, point=None, d=None):
    """The point (3 floats) and the plain ``mode`` frame at one Python float ``u``, as three
    columns (right, forward, up) of 3 floats each, with no numpy dispatch: the per-frame path.
    None where the curve stops or turns vertical (``frames`` handles those). ``point`` and ``d``
    are Q(u) and Q'(u) where the caller has them."""
    if d is None:
        point, d = curve.point_and_tangent(u)
    speed = math.hypot(d[0], d[1], d[2])
    horizontal = math.hypot(d[0], d[1])
    if speed <= STOPPED * curve.length or horizontal <= VERTICAL * speed:
        return None
    forward = [d[0] / speed, d[1] / speed, d[2] / speed]
    if mode == "minimal":
        up = transport_of(curve).scalar_up(u, point, forward)
    elif mode == "yaw":
        forward = [d[0] / horizontal, d[1] / horizontal, 0.0]
        up = [0.0, 0.0, 1.0]
    else:  # the tangent's elevation e: up = -sin(e) h + cos(e) z
        sin_e, cos_e = d[2] / speed, horizontal / speed
        up = [-sin_e * d[0] / horizontal, -sin_e * d[1] / horizontal, cos_e]
    f0, f1, f2 = forward
    u0, u1, u2 = up
    return point, ([f1 * u2 - f2 * u1, f2 * u0 - f0 * u2, f0 * u1 - f1 * u0], forward, up)


def rolled(found, angle):
    """``scalar_frame``'s answer with its frame rolled by ``angle`` (radians) about forward."""
    point, ((r0, r1, r2), forward, (v0, v1, v2)) = found
    c, s = math.cos(angle), math.sin(angle)
    return point, (
        [c * r0 - s * v0, c * r1 - s * v1, c * r2 - s * v2],
        forward,
        [c * v0 + s * r0, c * v1 + s * r1, c * v2 + s * r2],
    )


def scalar_pose(curve, orientation, u, s, speed=None):
    """The point and frame columns (``scalar_frame``'s answer, rolled as ``orientation`` says) at
    one float ``u`` at arc-length fraction ``s``; ``orientation`` is a mode name or an
    ``Orientation``, ``speed`` (length units per second) is needed to bank. None where the bulk
    path must answer (a stop or a vertical tangent)."""
    if isinstance(orientation, str):
        if orientation != "minimal" or not curve.closed:
            return scalar_frame(curve, orientation, u)
        orientation = Orientation.of(orientation, {})  # closed round the loop
    derivatives = None
    if orientation.bank:  # Q, Q' and Q'' by one lookup
        point, d, bending = curve.point_tangent_and_bending(u)
        found, derivatives = scalar_frame(curve, orientation.mode, u, point, d), (d, bending)
    else:
        found = scalar_frame(curve, orientation.mode, u)
    if found is None or not orientation.rolls_on(curve):
        return found
    return rolled(found, scalar_roll(curve, orientation, s, speed, found[1][0], derivatives))


def scalar_roll(curve, orientation, s, speed, right, derivatives):
    """``_roll`` at arc-length fraction ``s``, moving at ``speed``, for a frame whose right axis
    is ``right`` (3 floats) where the curve's Q' and Q'' are ``derivatives`` (two lists of 3
    floats; None unless ``orientation`` banks): the per-frame path."""
    roll = float(orientation.tilt_at(s)) if orientation.tilt else 0.0
    if orientation.closes_on(curve):
        roll += closing_twist(curve, orientation.mode) * s
    if orientation.bank:
        (dx, dy, dz), (bx, by, bz) = derivatives
        # v² κ along right = (v / |Q'|)² (Q'' . right), right being normal to Q': the rate
        # v / |Q'| is of order 1 at any scale (v² and |Q'|² would overflow on a curve 1e155
        # across, and vanish on one 1e-170 across).
        rate = speed / math.hypot(dx, dy, dz)
        pull = rate * rate * (bx * right[0] + by * right[1] + bz * right[2])
        limit = orientation.max_bank or math.pi / 2
        roll += min(max(math.atan(pull / orientation.g), -limit), limit)
    return roll


def _roll(curve, orientation, u, s, tangent, right, speeds):
    """The roll about forward each frame gets from ``closed``, ``tilt`` and ``bank``, or None."""
    if not orientation.rolls_on(curve):
        return None
    roll = orientation.tilt_at(s)
    if orientation.closes_on(curve):
        roll = roll + closing_twist(curve, orientation.mode) * s
    if orientation.bank:
        rate = speeds / length(curve.derivative(u).T)  # see scalar_roll
        with np.errstate(invalid="ignore"):  # at a stop: no lean
            pull = np.nan_to_num(rate * rate * dot(curve.second_derivative(u).T, right))
        lean = np.arctan(pull / orientation.g)
        limit = orientation.max_bank or math.pi / 2
        roll = roll + np.clip(lean, -limit, limit)
    return roll


def headings(curve, u, tangent):
    """The horizontal direction of travel (radians from +X) at ``u`` (n,) with unit ``tangent``
    (3, n): the tangent's, or where it is vertical the last one before (the transport table, built
    only for such curves, keeps them)."""
    heading = np.arctan2(tangent[1], tangent[0])
    vertical = np.hypot(tangent[0], tangent[1]) <= VERTICAL
    if vertical.any():
        heading[vertical] = transport_of(curve).held_headings(u[vertical])
    return heading


def closing_twist(curve, mode):
    """The roll (radians) that, spread over the arc length, closes the ``mode`` frame of a closed
    curve: 0 for the modes that depend on the tangent alone.

    Raises:
        ValueError: If the curve does not end where it starts.
    """
    if not curve.closed:
        gap = length(curve.evaluate(1.0) - curve.evaluate(0.0)) / curve.length
        raise ValueError(
            "closed=True needs a curve that ends where it starts "
            f"(its ends are {gap:.2g} of its length apart)"
        )
    return transport_of(curve).closing_twist if mode == "minimal" else 0.0
