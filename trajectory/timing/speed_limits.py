"""The limits a vehicle drives under, and the speed they allow at each point of a trajectory.

``v_max`` caps the speed; ``a_lat`` caps the lateral acceleration v² κ, so a bend of curvature κ
allows v <= sqrt(a_lat / κ); ``accel`` and ``brake`` cap dv/dt either way. ``Motion.fastest``
drives as fast as they allow (see ``fastest``).
"""

import dataclasses
import enum

import numpy as np

from trajectory._numerics.checks import positive_finite

LARGEST_SPEED = 1e150
"""The largest v_max (and the inverse of the least): the limits work in squared speeds."""


class Binding(enum.IntEnum):
    """Which limit sets the speed on a stretch of the fastest motion."""

    ACCELERATING = 0
    CRUISING = 1
    """At v_max."""
    CORNERING = 2
    """At sqrt(a_lat / κ)."""
    BRAKING = 3
    JERK = 4
    """Changing the acceleration as fast as the jerk limit allows."""


@dataclasses.dataclass(frozen=True)
class SpeedLimits:
    """A vehicle's limits, in length units and seconds: the top speed ``v_max``, and optionally
    (None: no limit) the lateral acceleration ``a_lat``, the acceleration ``accel``, the
    deceleration ``brake`` and the jerk ``jerk`` (how fast the acceleration may change).

    Raises:
        ValueError: If a limit is not a positive finite number (or None, for the last three), or
            v_max is beyond ``LARGEST_SPEED`` either way.

    >>> limits = SpeedLimits(v_max=20.0, a_lat=4.0)
    >>> from trajectory import FunctionCurve
    >>> import numpy as np
    >>> circle = FunctionCurve(lambda u: (25 * np.cos(2 * np.pi * u), 25 * np.sin(2 * np.pi * u), 0 * u))
    >>> round(float(limits.speeds(circle, 0.5)), 9)  # sqrt(4 * 25)
    10.0
    """

    v_max: float
    a_lat: float | None = None
    accel: float | None = None
    brake: float | None = None
    jerk: float | None = None

    def __post_init__(self):
        object.__setattr__(self, "v_max", positive_finite(self.v_max, "v_max"))
        if not 1.0 / LARGEST_SPEED <= self.v_max <= LARGEST_SPEED:
            raise ValueError(
                f"v_max must be from {1 / LARGEST_SPEED:g} to {LARGEST_SPEED:g} (its square must be a "
                f"float), got {self.v_max!r}"
            )
        for name in ("a_lat", "accel", "brake", "jerk"):
            value = getattr(self, name)
            if value is not None:
                object.__setattr__(self, name, positive_finite(value, f"{name} (or None for no limit)"))

    def squared_speeds(self, curve, s):
        """The largest v² that v_max and a_lat allow at the arc-length fractions ``s`` (scalar or
        (n,)) of ``curve``: min(v_max², a_lat / κ), 0 where κ is infinite."""
        if not hasattr(curve, "arc_length"):
            raise ValueError(f"speed limits need a curve, got {type(curve).__name__}")
        return self.squared_speeds_at_parameters(curve, curve.arc_length.parameter(s))

    def squared_speeds_at_parameters(self, curve, u):
        """``squared_speeds`` at curve parameters ``u`` (scalar or (n,))."""
        if self.a_lat is None:
            top = self.v_max * self.v_max
            return np.full(np.shape(u), top) if np.ndim(u) else top
        limit = self.squared_speeds_in_bends(np.asarray(curve.curvature(u), dtype=float))
        return float(limit) if np.ndim(u) == 0 else limit

    def squared_speeds_in_bends(self, kappa):
        """min(v_max², a_lat / κ) for curvatures ``kappa`` (an array; infinite κ gives 0)."""
        top = self.v_max * self.v_max
        if self.a_lat is None:
            return np.full(np.shape(kappa), top)
        with np.errstate(divide="ignore"):
            lateral = np.where(kappa > 0.0, self.a_lat / kappa, np.inf)
        return np.minimum(lateral, top)

    def speeds(self, curve, s):
        """The speed limit at the arc-length fractions ``s`` (scalar or (n,)): what the scene
        plots in grey under the fastest motion's speed."""
        return np.sqrt(self.squared_speeds(curve, s))
