"""Clothoids, whose curvature changes at a constant rate (the sharpness, curvature per unit
length), and the continuous-curvature turn a steering unit makes of them: the one place where a
clothoid's points and a turn's shape are computed.

A clothoid is measured from its point of zero curvature: facing +x there, after a signed distance
t its curvature is sharpness * t, its heading sharpness * t² / 2, and it has reached

    sqrt(pi / |sharpness|) (C(x) + i sign(sharpness) S(x)),   x = t sqrt(|sharpness| / pi),

with C and S the Fresnel integrals (odd, so a negative t runs back along the same curve).

A turn starts and ends straight (curvature 0). Turning left through ``deflection`` with at most
``curvature`` and ``sharpness``: a clothoid up to full lock, an arc at full lock, a clothoid back
down ("regular"), or, where the deflection is too small for full lock (below curvature² /
sharpness), two clothoids meeting at a lower peak ("elementary"). Both are symmetric, so a turn
whose first clothoid reaches ``F`` (a complex number, from the turn's start) ends at
F + e^(i deflection) conj(F) where F is the clothoid's end for an elementary turn, and the centre
of the full-lock arc, seen from the start, for a regular one (Fraichard and Scheuer's outer
circle: start and end lie on the circle about that centre through the start).
"""

import cmath
import math

import numpy as np

from trajectory._numerics.fresnel import fresnel


def clothoid_offset(distance, sharpness):
    """Where a clothoid of ``sharpness`` (signed, not 0) reaches after signed ``distance`` from its
    point of zero curvature, facing +x there: x + iy, a complex for floats or an array for arrays."""
    if type(distance) is float and type(sharpness) is float:
        scale = math.sqrt(math.pi / abs(sharpness))
        c, s = fresnel(distance / scale)
        return complex(scale * c, scale * s if sharpness > 0.0 else -scale * s)
    scale = np.sqrt(np.pi / np.abs(sharpness))
    c, s = fresnel(np.asarray(distance / scale, dtype=float))
    return scale * (c + 1j * np.sign(sharpness) * s)


def full_lock_centre(curvature, sharpness):
    """The centre of a left turn's full-lock arc seen from where the turn starts (facing +x):
    x + iy, beyond the first clothoid's end by 1 / curvature to its left. Floats or arrays."""
    reach = curvature / sharpness
    if type(reach) is float:
        return clothoid_offset(reach, sharpness) + 1j * cmath.exp(0.5j * curvature * reach) / curvature
    return clothoid_offset(reach, sharpness) + 1j * np.exp(0.5j * curvature * reach) / curvature


def turn_offset(deflection, curvature, sharpness, centre=None):
    """Where a left turn through ``deflection`` (radians, >= 0) ends, seen from its start facing
    +x: x + iy (a right turn ends at the conjugate). ``centre`` is ``full_lock_centre`` when
    known. Floats or arrays alike."""
    if centre is None:
        centre = full_lock_centre(curvature, sharpness)
    if type(deflection) is float:
        if deflection >= curvature * curvature / sharpness:
            reach = centre
        else:
            reach = clothoid_offset(math.sqrt(deflection / sharpness), sharpness)
        return reach + cmath.exp(1j * deflection) * reach.conjugate()
    regular = deflection >= curvature * curvature / sharpness
    reach = np.where(regular, centre, 0.0j)
    elementary = ~regular
    if elementary.any():
        reach[elementary] = clothoid_offset(
            np.sqrt(deflection[elementary] / _at(sharpness, elementary)), _at(sharpness, elementary)
        )
    return reach + np.exp(1j * deflection) * reach.conj()


def turn_parts(deflection, curvature, sharpness):
    """A turn's clothoid length (each of its two), arc length, and peak curvature, for
    ``deflection`` (radians, >= 0): floats or arrays alike."""
    maths = math if type(deflection) is float else np
    least = curvature * curvature / sharpness  # the deflection of two clothoids to full lock and back
    clothoid = maths.sqrt(maths.minimum(deflection, least) / sharpness) if maths is np else None
    if maths is math:
        clothoid = math.sqrt(min(deflection, least) / sharpness)
        arc = max(deflection - least, 0.0) / curvature
        return clothoid, arc, sharpness * clothoid
    return clothoid, np.maximum(deflection - least, 0.0) / curvature, sharpness * clothoid


def turn_length(deflection, curvature, sharpness):
    """The length of a turn through ``deflection`` (radians, >= 0): floats or arrays alike."""
    clothoid, arc, _ = turn_parts(deflection, curvature, sharpness)
    return 2.0 * clothoid + arc


def _at(value, mask):
    """``value`` where ``mask`` holds: one number as it is, an array indexed."""
    return value[mask] if np.ndim(value) else value
