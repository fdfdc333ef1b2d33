"""A trajectory given by any user function u -> (x, y, z)."""

import numpy as np

from trajectory.curve import Curve

_COMPLEX_STEP = 1e-30
"""Imaginary step of the complex-step derivative: exact to rounding, so it can be tiny."""
_DIFFERENCE_STEP = 1e-3
"""Step of the central differences used when the function refuses complex input."""
_AGREEMENT = 1e-6
"""Relative agreement between the complex-step and difference derivatives that trusts the former."""
_PROBES = np.linspace(0.0, 1.0, 17)


class FunctionCurve(Curve):
    """The curve u -> f(u) for u in [0, 1].

    Args:
        f: ``f(u)`` returns the point as three components ``(x, y, z)``: each a float for a
            scalar u, or an array shaped like u. A function that only takes scalars is called
            once per value.
        df: The derivative dQ/du in the same form. When omitted it is computed by the complex
            step ``Im f(u + ih) / h`` if ``f`` works on complex numbers (exact to rounding),
            else by Richardson-extrapolated central differences (about 1e-11 relative; ``f`` is
            then also evaluated up to 2e-3 outside [0, 1]).
        breakpoints: Interior values of u where f is not smooth, if any.

    Raises:
        ValueError: If ``f`` (or ``df``) does not give three finite components on [0, 1].

    >>> import numpy as np
    >>> circle = FunctionCurve(lambda u: (np.cos(2 * np.pi * u), np.sin(2 * np.pi * u), 0 * u))
    >>> round(circle.length / np.pi, 12)
    2.0
    """

    def __init__(self, f, df=None, *, breakpoints=()):
        if not callable(f) or (df is not None and not callable(df)):
            raise ValueError("f and df must be functions of u")
        self._f = _vectorised(f, "f")
        self.breakpoints = tuple(float(b) for b in breakpoints)
        if df is not None:
            self._df = _vectorised(df, "df")
        elif _complex_step_works(self._f):
            self._df = lambda u: _complex_step(self._f, u)
        else:
            self._df = lambda u: _richardson(self._f, u)

    def evaluate(self, u):
        """f(u): ``(3,)`` for a scalar u, ``(n, 3)`` for shape ``(n,)``."""
        return self._f(u)

    def derivative(self, u):
        """dQ/du, shaped like ``evaluate``."""
        return self._df(u)


def _points(result, u, name):
    """Turn f's components into shape u.shape + (3,), or raise."""
    try:
        components = [np.asarray(c) for c in result]
    except TypeError:
        raise ValueError(f"{name}(u) must return three components (x, y, z)") from None
    if len(components) != 3:
        raise ValueError(f"{name}(u) must return three components (x, y, z), got {len(components)}")
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
    probe = wrapped(_PROBES)
    if not np.all(np.isfinite(probe)):
        raise ValueError(f"{name}(u) must be finite on [0, 1]")
    return wrapped


def _complex_step(f, u):
    return np.imag(f(np.asarray(u) + 1j * _COMPLEX_STEP)) / _COMPLEX_STEP


def _richardson(f, u):
    u = np.asarray(u, dtype=float)

    def central(step):
        return (f(u + step) - f(u - step)) / (2.0 * step)

    return (4.0 * central(_DIFFERENCE_STEP / 2.0) - central(_DIFFERENCE_STEP)) / 3.0


def _complex_step_works(f):
    try:
        with np.errstate(all="ignore"):
            exact = _complex_step(f, _PROBES)
    except (TypeError, ValueError):
        return False
    estimate = _richardson(f, _PROBES)
    scale = np.max(np.abs(estimate)) + np.finfo(float).tiny
    return bool(np.all(np.isfinite(exact)) and np.max(np.abs(exact - estimate)) <= _AGREEMENT * scale)
