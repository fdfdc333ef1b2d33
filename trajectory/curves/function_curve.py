"""A trajectory given by any user function u -> (x, y, z)."""

import numpy as np

from trajectory._numerics.checks import breakpoints as checked_breakpoints
from trajectory._numerics.checks import real_values
from trajectory._numerics.differences import DIFFERENCE_STEP, richardson_differences
from trajectory.curves.curve import Curve

_COMPLEX_STEP = 1e-30
"""Imaginary step of the complex-step derivative: exact to rounding, so it can be tiny."""
_AGREEMENT = 1e-6
"""Relative agreement between the complex-step and difference derivatives that trusts the former."""
_CHECK_STEPS = (DIFFERENCE_STEP, 1e-4, 1e-5)
"""The difference steps tried, in turn, for that agreement."""
_SMOOTH = 1e-4
"""Finite differences at two steps that disagree by more than this (relative to the curve's typical
speed) mean f is not smooth at the scale of the step there (a kink not named, sqrt(u) near 0): its
derivative is refused rather than guessed."""
_PROBES = np.linspace(0.0, 1.0, 17)


class FunctionCurve(Curve):
    """The curve u -> f(u) for u in [0, 1].

    Args:
        f: ``f(u)`` returns the point as three components ``(x, y, z)``: each a float for a
            scalar u, or an array shaped like u. A function that only takes scalars is called
            once per value.
        df: The derivative dQ/du in the same form. When omitted it is computed by the complex
            step ``Im f(u + ih) / h`` if ``f`` works on complex numbers (exact to rounding),
            else by Richardson-extrapolated finite differences (about 1e-11 relative), central
            where they can be and one-sided within 2e-3 of a breakpoint or an end, so that they
            never reach across a kink nor outside [0, 1].
        breakpoints: Interior values of u where f is not smooth, if any.

    Raises:
        ValueError: If ``f`` (or ``df``) does not give three finite components on [0, 1], or a
            breakpoint is not a number in [0, 1]. Values that are not finite at other u are
            refused when they are met: when the arc-length table is built, or by ``evaluate``.

    >>> import numpy as np
    >>> circle = FunctionCurve(lambda u: (np.cos(2 * np.pi * u), np.sin(2 * np.pi * u), 0 * u))
    >>> round(circle.length / np.pi, 12)
    2.0
    >>> kink = FunctionCurve(lambda u: (abs(u - 0.5), 0 * u, 0 * u), breakpoints=(0.5,))
    >>> round(kink.length, 12)
    1.0
    """

    def __init__(self, f, df=None, *, breakpoints=()):
        if not callable(f) or (df is not None and not callable(df)):
            raise ValueError("f and df must be functions of u")
        self.breakpoints = checked_breakpoints(breakpoints)
        self._f = _vectorised(f, "f")
        self._name = getattr(f, "__name__", type(f).__name__)
        if df is not None:
            self._df = _vectorised(df, "df")
        elif _complex_step_works(self._f):
            self._df = lambda u: _complex_step(self._f, u)
        else:
            edges = np.array([0.0, *self.breakpoints, 1.0])
            scale = np.max(np.abs(richardson_differences(self._f, _PROBES, edges)[0]))
            self._df = lambda u: _checked_differences(self._f, u, edges, scale)

    def _parts(self):
        joints = f", {len(self.breakpoints)} breakpoints" if self.breakpoints else ""
        return f"of {self._name}{joints}"

    def evaluate(self, u):
        """f(u): ``(3,)`` for a scalar u, ``(n, 3)`` for shape ``(n,)``.

        Raises:
            ValueError: If u holds NaN, or f is not finite there.
        """
        u = real_values(u, "u")
        return _finite(self._f(u), u, "f")

    def derivative(self, u):
        """dQ/du, shaped like ``evaluate``."""
        u = real_values(u, "u")
        return _finite(self._df(u), u, "the derivative of f")

    def second_derivative(self, u):
        """d²Q/du², by differences of the derivative (see ``Curve.second_derivative``)."""
        return _finite(super().second_derivative(u), u, "the second derivative of f")


def _finite(points, u, what):
    if not np.all(np.isfinite(points)):
        bad = np.asarray(u, dtype=float).reshape(-1)[~np.all(np.isfinite(points.reshape(-1, 3)), axis=1)][0]
        raise ValueError(f"{what} must be finite on [0, 1], but at u = {bad:.6g} it is not")
    return points


def _points(result, u, name):
    """Turn f's components into shape u.shape + (3,), or raise."""
    try:
        components = [np.asarray(c) for c in result]
    except TypeError:
        raise ValueError(f"{name}(u) must return three components (x, y, z)") from None
    if len(components) != 3:
        raise ValueError(f"{name}(u) must return three components (x, y, z), got {len(components)}")
    if any(c.dtype.kind not in "biufc" for c in components):
        raise ValueError(f"{name}(u) must return numbers, got {[c.dtype.name for c in components]}")
    shape = np.shape(u)
    return np.stack([np.broadcast_to(c, shape) for c in components], axis=-1)


def _vectorised(f, name):
    """Wrap f so that it takes a scalar or an array of u and returns points; check it once."""

    def per_value(u):
        u = np.asarray(u)
        if u.ndim == 0:
            return _points(f(u.item()), u, name)
        return np.stack([per_value(v) for v in u.ravel()]).reshape(u.shape + (3,))

    try:
        _points(f(_PROBES), _PROBES, name)
        wrapped = lambda u: _points(f(np.asarray(u) if np.ndim(u) else u), u, name)
    except (TypeError, ValueError):
        wrapped = per_value
    with np.errstate(all="ignore"):
        probe = wrapped(_PROBES)
    if not np.all(np.isfinite(probe)):
        raise ValueError(f"{name}(u) must be finite on [0, 1]")
    return wrapped


def _complex_step(f, u):
    """Im f(u + ih) / h; NaN where f itself is not finite (its imaginary part can be 0 there)."""
    values = f(np.asarray(u) + 1j * _COMPLEX_STEP)
    return np.where(np.isfinite(values.real), np.imag(values) / _COMPLEX_STEP, np.nan)


def _checked_differences(f, u, edges, scale):
    """``richardson_differences``' derivative, refused where its two steps disagree (see _SMOOTH)."""
    derivative, disagreement = richardson_differences(f, u, edges)
    rough = disagreement > _SMOOTH * (np.linalg.norm(derivative, axis=-1) + scale)
    if np.any(rough):
        at = np.asarray(u, dtype=float).reshape(-1)[np.reshape(rough, -1)][0]
        raise ValueError(
            f"f is not smooth enough near u = {at:.4g} for its derivative to be estimated: give df, "
            "or name its kinks as breakpoints"
        )
    return derivative


def _complex_step_works(f):
    """Whether f is analytic enough for the complex step: it takes complex u and agrees with finite
    differences at the inner probes (at the ends a derivative may be infinite, as sqrt(u)'s is),
    at one of ``_CHECK_STEPS`` (a function that turns fast, cos(200 u), needs a small one)."""
    inner = _PROBES[1:-1]
    try:
        with np.errstate(all="ignore"):
            exact = _complex_step(f, inner)
    except (TypeError, ValueError):
        return False
    if not np.all(np.isfinite(exact)):
        return False
    for step in _CHECK_STEPS:
        with np.errstate(all="ignore"):
            estimate, _ = richardson_differences(f, inner, np.array([0.0, 1.0]), step)
        scale = np.max(np.abs(estimate)) + np.finfo(float).tiny
        if np.max(np.abs(exact - estimate)) <= _AGREEMENT * scale:
            return True
    return False
