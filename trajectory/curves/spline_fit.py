"""A spline fitted to any curve: auto knots at equal arc lengths, as few as keep the curve
within a tolerance (what turns a function or a rational NURBS into knots to edit)."""

import numpy as np

from trajectory._numerics.checks import positive_finite
from trajectory.curves import knot_tangents

FIT_KNOTS = 1024
"""The most knots ``fit`` tries."""
_FIT_SAMPLES = 2000
"""Points along a curve that a fitted spline must pass near."""


def fit(make, curve, tolerance=None):
    """``make(points, closed=)`` (a ``Spline`` class) of knots along ``curve``: see ``Spline.fit``."""
    along = curve.evaluate(curve.arc_length.parameter(np.linspace(0.0, 1.0, _FIT_SAMPLES)))
    size = float(np.ptp(along, axis=0).max())
    tolerance = 1e-3 * size if tolerance is None else positive_finite(tolerance, "tolerance")
    count = 4
    while count <= FIT_KNOTS:
        fractions = np.linspace(0.0, 1.0, count + 1)[:-1] if curve.closes else np.linspace(0.0, 1.0, count)
        spline = make(curve.evaluate(curve.arc_length.parameter(fractions)), closed=curve.closes)
        if (
            knot_tangents.farthest(along, spline.evaluate(np.linspace(0.0, 1.0, 4 * _FIT_SAMPLES)))
            <= tolerance
        ):
            return spline
        count *= 2
    raise ValueError(f"no spline of up to {FIT_KNOTS} knots keeps within {tolerance:g} of the curve")
