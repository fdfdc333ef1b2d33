"""Angles in radians reduced to [-pi, pi), exactly, however large. (As floats that is the closed
range from -math.pi to math.pi: the float nearest pi lies just below pi.)

``(a + pi) % (2 pi) - pi`` is wrong twice: it changes angles already in range (0.1 comes back as
0.10000000000000009), and for a large angle it reduces by the float nearest 2 pi, which is 2.4e-16
short, so a heading of 1e16 rad comes out 0.39 rad wrong. Here an angle in range is returned as it
is, one a few turns out is reduced by 2 pi held in two floats, and any larger one by 2 pi held to
1300 bits in a Python integer.

>>> wrapped(0.1), wrapped(math.pi) == math.pi, round(wrapped(7.0), 15), round(wrapped(1e16), 12)
(0.1, True, 0.716814692820414, 2.247425249162)
"""

import math

import numpy as np

TWO_PI = 2.0 * math.pi
_TWO_PI_LOW = 2.4492935982947064e-16
"""2 pi - TWO_PI: with TWO_PI, 2 pi to about 1e-32."""
_NEAR = 2.0 * TWO_PI
"""Angles up to this size are reduced with the two-float 2 pi, a turn at a time (subtracting TWO_PI
from an angle in [pi, 4 pi] is exact)."""
_BITS = 1300
"""Bits of 2 pi for the exact reduction: the largest float is 2^1024, and the nearest a float comes
to a multiple of 2 pi leaves about 61 more bits to resolve."""


def _two_pi_scaled(bits):
    """2 pi times 2^bits, to the nearest integer below, by Machin's formula in integers."""
    scale = 1 << (bits + 16)

    def arctan_inverse(n):  # atan(1 / n) * scale
        total, term, k, sign = 0, scale // n, 1, 1
        while term:
            total += sign * (term // k)
            term //= n * n
            k += 2
            sign = -sign
        return total

    return (2 * (16 * arctan_inverse(5) - 4 * arctan_inverse(239))) >> 16


_TWO_PI_SCALED = _two_pi_scaled(_BITS)


def _two_pi_parts():
    """2 pi as three floats, the first two of _PART_BITS significant bits each (Cody and Waite):
    n times either is exact for |n| < 2^(53 - _PART_BITS)."""
    parts, rest, shift = [], _TWO_PI_SCALED, _BITS
    for _ in range(2):
        drop = rest.bit_length() - _PART_BITS
        head = (rest >> drop) << drop
        parts.append(head / (1 << shift))  # exact: _PART_BITS bits
        rest -= head
    parts.append(rest / (1 << shift))
    return tuple(parts)


_PART_BITS = 33
_TWO_PI_PARTS = _two_pi_parts()
_MIDDLE = 1024.0 * TWO_PI
"""Angles up to this size are reduced with the three-float 2 pi (Cody and Waite), which keeps
every digit for them; larger ones in integers."""


def wrapped(angle):
    """``angle`` (radians, a finite float or array) in [-pi, pi): unchanged if it is already."""
    if isinstance(angle, (float, int)):  # one angle, the per-frame case: plain floats
        angle = float(angle)
        if -math.pi <= angle <= math.pi:
            return angle
        if abs(angle) <= _NEAR:
            return _reduce_near(angle)
        return _reduce_middle(angle) if abs(angle) <= _MIDDLE else _reduce_far(angle)
    angle = np.asarray(angle, dtype=float)
    if angle.ndim == 0:
        return wrapped(float(angle))
    size = np.abs(angle)
    outside = size > math.pi
    if not outside.any():
        return angle
    result = angle.copy()
    result[outside] = _reduce_middle(angle[outside])
    far = size > _MIDDLE
    if far.any():
        result[far] = [_reduce_far(a) for a in angle[far].tolist()]
    return result


def _reduce_near(angle):
    """Reduce |angle| <= _NEAR by whole turns of the two-float 2 pi (floats or arrays): the turns
    of TWO_PI come off exactly (at most two, each from a value it is within a factor 2 of), then
    their low parts in one rounding."""
    if isinstance(angle, float):
        turns = float(round(angle / TWO_PI))
        reduced = (angle - turns * TWO_PI) - turns * _TWO_PI_LOW
        return reduced - TWO_PI if reduced > math.pi else reduced + TWO_PI if reduced < -math.pi else reduced
    turns = np.round(angle / TWO_PI)
    reduced = (angle - turns * TWO_PI) - turns * _TWO_PI_LOW
    return np.where(
        reduced > math.pi, reduced - TWO_PI, np.where(reduced < -math.pi, reduced + TWO_PI, reduced)
    )


def _reduce_middle(angle):
    """Reduce |angle| <= _MIDDLE (floats or arrays): n (2 pi) comes off in three exact products,
    the first subtraction exact too (the two are within a factor 2), then two roundings of the
    small remainder."""
    first, second, third = _TWO_PI_PARTS
    if isinstance(angle, float):
        turns = float(round(angle / TWO_PI))
        reduced = ((angle - turns * first) - turns * second) - turns * third
        return reduced - TWO_PI if reduced > math.pi else reduced + TWO_PI if reduced < -math.pi else reduced
    turns = np.round(angle / TWO_PI)
    reduced = ((angle - turns * first) - turns * second) - turns * third
    return np.where(
        reduced > math.pi, reduced - TWO_PI, np.where(reduced < -math.pi, reduced + TWO_PI, reduced)
    )


def _reduce_far(angle):
    """Reduce any finite float exactly, in integers: angle = m / 2^k, 2 pi = P / 2^_BITS."""
    numerator, denominator = angle.as_integer_ratio()
    scaled = numerator << _BITS  # angle * 2^_BITS * denominator
    modulus = _TWO_PI_SCALED * denominator  # 2 pi * 2^_BITS * denominator
    turns = (2 * scaled + modulus) // (2 * modulus)  # round(angle / 2 pi)
    return _reduce_near((scaled - turns * modulus) / (denominator << _BITS))  # int / int: rounded once


SAME_HEADING = 4.0 * math.ulp(math.pi)
"""Headings whose difference, reduced, is no more than this (1.8e-15 rad) are the same: an angle
written h + 2 pi k is off by that much rounding, and a unit must not drive a loop for it."""


def same_headings(first, second):
    """Whether headings ``first`` and ``second`` (radians in [-pi, pi), floats or arrays) differ by
    no more than SAME_HEADING, modulo a whole turn."""
    return abs(wrapped(second - first)) <= SAME_HEADING
