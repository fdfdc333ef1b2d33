"""Input validation shared by the trajectory modules: every failure is a ``ValueError`` naming the problem."""

import math

import numpy as np


def positive_finite(value, name):
    """Return ``value`` as a float, or raise if it is not a positive finite number."""
    if type(value) is float and 0.0 < value < math.inf:  # the common case, first
        return value
    try:
        number = float(real_array(value, name, "a positive finite number"))
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be a positive finite number, got {_shown(value)}") from None
    if not (math.isfinite(number) and number > 0.0):
        raise ValueError(f"{name} must be a positive finite number, got {value!r}")
    return number


def at_least_zero(value, name):
    """Return ``value`` as a float, or raise if it is not a finite number >= 0."""
    number = finite_number(value, f"{name} must be a finite number >= 0")
    if number < 0.0:
        raise ValueError(f"{name} must be a finite number >= 0, got {value!r}")
    return number


def finite_number(value, message):
    """``value`` as a finite float, or a ValueError "``message``, got ``value``" (for text, None,
    bools, complex numbers, arrays (even of one number) and integers too large for a float alike)."""
    if type(value) is float and math.isfinite(value):  # the common case, first
        return value
    try:
        array = real_array(value, "value", "a number")
    except ValueError:
        raise ValueError(f"{message}, got {_shown(value)}") from None
    if array.ndim != 0 or isinstance(value, (bool, np.bool_)) or not math.isfinite(float(array)):
        raise ValueError(f"{message}, got {_shown(value)}")
    return float(array)


def whole_number(value, name, low, high):
    """``value`` as an int from ``low`` to ``high``, or a ValueError naming ``name``: a Python or
    numpy integer, or a float with no fraction; not a bool, text, an array or 3.7 (never
    truncated)."""
    counted = isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))
    rounded = isinstance(value, (float, np.floating)) and math.isfinite(value) and value == int(value)
    if not (counted or rounded) or not low <= int(value) <= high:
        raise ValueError(f"{name} must be a whole number from {low:,} to {high:,}, got {_shown(value)}")
    return int(value)


def flag(value, name):
    """``value`` as a bool, or a ValueError unless it is True or False (numpy's too): text such
    as "no" is not taken as True."""
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    raise ValueError(f"{name} must be True or False, got {_shown(value)}")


def breakpoints(values):
    """Breakpoints (values of u where a curve may be less smooth) as a sorted tuple of distinct
    interior values: numbers in [0, 1], the ends dropped (they are piece boundaries anyway); a
    ValueError for anything else, NaN included."""
    try:
        numbers = [float(real_array(b, "breakpoints", "numbers in [0, 1]")) for b in values]
    except (TypeError, ValueError):
        raise ValueError(f"breakpoints must be numbers in [0, 1], got {_shown(values)}") from None
    if not all(0.0 <= b <= 1.0 for b in numbers):
        raise ValueError(f"breakpoints must be numbers in [0, 1], got {_shown(values)}")
    return tuple(sorted({b for b in numbers if 0.0 < b < 1.0}))


def finite_points(points, name, *, count=None, min_count=1, dims=3):
    """Return ``points`` as a float array of shape ``(n, dims)``, or raise naming the problem.

    Args:
        points: Anything ``numpy.asarray`` accepts, shaped ``(n, dims)``.
        name: What the points are, for the message.
        count: The exact number of points required, if any.
        min_count: The least number of points accepted.
        dims: The number of coordinates of a point: 3, or 2 in the plane.
    """
    array = real_array(points, name, f"numbers shaped (n, {dims})")
    if array.ndim != 2 or array.shape[1] != dims:
        raise ValueError(f"{name} must be shaped (n, {dims}), got shape {array.shape}")
    if count is not None and array.shape[0] != count:
        raise ValueError(f"{name} must be exactly {count} points, got {array.shape[0]}")
    if array.shape[0] < min_count:
        raise ValueError(f"{name} needs at least {min_count} points, got {array.shape[0]}")
    if not np.all(np.isfinite(array)):
        bad = np.argwhere(~np.isfinite(array))[0]
        raise ValueError(f"{name} must be finite: point {bad[0]} is {array[bad[0]].tolist()}")
    return array


def real_array(value, name, what):
    """``value`` as a float array, or a ValueError "``name`` must be ``what``" if it holds anything
    but real numbers (text, None, complex numbers, ragged lists, integers too large for a float)."""
    try:
        array = np.asarray(value)
    except (TypeError, ValueError, OverflowError):
        raise ValueError(f"{name} must be {what}, got {_shown(value)}") from None
    if array.dtype.kind not in "iuf":
        raise ValueError(f"{name} must be {what}, got {_shown(value)}")
    return array.astype(float, copy=False)


def one_each(value, count, name, what):
    """``value`` as ``count`` floats (one given for all, or one each), or a ValueError naming
    ``name``."""
    array = real_array(value, name, f"{what}, one or one each")
    if array.ndim > 1 or array.size not in (1, count):
        raise ValueError(f"{name} must be {what}, one or one each ({count}), got shape {array.shape}")
    return np.broadcast_to(array.reshape(-1) if array.size == count else array.reshape(()), (count,))


def positive_each(value, count, name, what):
    """``one_each``, every one a positive finite number."""
    values = one_each(value, count, name, what)
    if not np.all(np.isfinite(values) & (values > 0.0)):
        raise ValueError(f"{name} must be {what}, got {_shown(value)}")
    return values


def real_values(value, name):
    """``value`` as a float (one number) or a float array (numbers), or a ValueError naming ``name``.

    NaN, complex numbers, text, None and numbers too large for a float are refused; infinities
    are kept (callers clamp them). The per-frame case, a Python float, is checked first and fast.
    """
    if type(value) is float:
        if math.isnan(value):
            raise ValueError(f"{name} must be a number, got nan")
        return value
    array = real_array(value, name, "real numbers")
    if np.isnan(array).any():
        raise ValueError(f"{name} must be numbers, got nan")
    return float(array) if array.ndim == 0 else array


def one_number(value):
    """(``value`` as a float, whether it was a (1,) array) where it is one number (a Python or
    numpy number, or a (1,) array of one), else (None, False); NaN is left to the array path,
    which refuses it by name. How a per-frame call finds its fast path, whatever form it was
    given one time in."""
    if type(value) is float:
        return (None, False) if math.isnan(value) else (value, False)
    if isinstance(value, np.ndarray):
        if value.shape != (1,) or value.dtype.kind not in "fiu":
            return None, False
        one, shaped = float(value[0]), True
    elif isinstance(value, (int, float, np.integer, np.floating)) and not isinstance(value, bool):
        one, shaped = float(value), False
    else:
        return None, False
    return (None, False) if math.isnan(one) else (one, shaped)


def _shown(value):
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
