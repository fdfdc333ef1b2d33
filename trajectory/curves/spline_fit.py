"""A spline fitted to any curve: auto knots at equal arc lengths and broken ones at its corners,
as few as keep the curve within a tolerance (what turns a function or a rational NURBS into
knots to edit). The tolerance is checked where the distance can peak: at the curve's samples,
its breakpoints, and closer between the samples farthest away."""

import itertools

import numpy as np

from trajectory._numerics.checks import positive_finite
from trajectory._numerics.vectors import norms
from trajectory.curves import knot_tangents
from trajectory.curves.curve import Curve, seam_turns, unit_tangents
from trajectory.curves.knot_tangents import TangentMode

FIT_KNOTS = 1024
"""The most knots ``fit`` tries."""
_FIT_SAMPLES = 2000
"""Points along a curve that a fitted spline must pass near."""
_PEAKS = 16
"""The samples farthest from a candidate spline that are looked at closer (between their
neighbours), where the distance peaks between samples (at a corner's apex, say)."""
_PEAK_SAMPLES = 65


CORNER = 1e-4
"""A breakpoint where the curve's direction turns by more than this (radians) is a corner: a
broken knot of the fitted spline stands there, its handles along the curve's two directions."""


def fit(make, curve, tolerance=None):
    """``make(points, closed=)`` (a ``Spline`` class) of knots along ``curve``: see ``Spline.fit``."""
    if not isinstance(curve, Curve):
        raise ValueError(f"a spline is fitted to a Curve, got {type(curve).__name__}")
    table = curve.arc_length
    u = np.unique(
        np.concatenate((table.parameter(np.linspace(0.0, 1.0, _FIT_SAMPLES)), curve.breakpoints, table.stops))
    )
    along = curve.evaluate(u)
    size = float(np.ptp(along, axis=0).max())
    tolerance = 1e-3 * size if tolerance is None else positive_finite(tolerance, "tolerance")
    corners, before, after = _corners(curve)
    corner_fractions = table.at(corners) / table.length
    count = 4
    while count <= FIT_KNOTS:
        fractions, at_corners = _fractions(count, corner_fractions, curve.closed)
        spline = make(curve.evaluate(table.parameter(fractions)), closed=curve.closed)
        for index, into, out in zip(at_corners, before, after):
            _break(spline, index, into, out)
        if _farthest(curve, u, along, spline) <= tolerance:
            return spline
        count *= 2
    raise ValueError(f"no spline of up to {FIT_KNOTS} knots keeps within {tolerance:g} of the curve")


def _corners(curve):
    """Where ``curve`` turns a corner: breakpoints where its direction jumps by more than
    ``CORNER``, and 0 for a loop with a corner at its seam (its end's direction coming in).
    Returns their u (k,), sorted, and the unit directions (k, 3) before and after each."""
    joints = np.asarray(curve.breakpoints, dtype=float)
    if curve.closed and seam_turns(curve):
        joints = np.concatenate(([0.0], joints))
    before = unit_tangents(curve, np.where(joints == 0.0, 1.0, np.nextafter(joints, -np.inf))).T
    after = unit_tangents(curve, joints).T
    turned = (norms(after - before) > CORNER) | (joints == 0.0)
    return joints[turned], before[turned], after[turned]


def _fractions(count, corners, loop):
    """About ``count`` knots' arc-length fractions, evenly spread between the ``corners`` (each
    a knot), and the index of each corner's knot."""
    bounds = np.unique(np.concatenate(([0.0, 1.0], corners)))
    pieces = [
        np.linspace(a, b, max(1, round(count * (b - a))) + 1)[:-1] for a, b in itertools.pairwise(bounds)
    ]
    fractions = np.concatenate(pieces if loop else [*pieces, [1.0]])
    return fractions, np.searchsorted(fractions, corners)


def _break(spline, index, before, after):
    """Make knot ``index`` of ``spline`` a corner: broken, its handles along the unit directions
    ``before`` and ``after`` (3,), a third of the way to its neighbours."""
    knots = spline.knots
    previous, following = knots[index - 1], knots[(index + 1) % len(knots)]
    spline.set_mode(index, TangentMode.BROKEN)
    spline.move_tangent(index, "in", -before * float(norms(knots[index] - previous)) / 3.0)
    spline.move_tangent(index, "out", after * float(norms(following - knots[index])) / 3.0)


def _farthest(curve, u, along, spline):
    """How far ``curve`` strays from ``spline`` at most: at its samples ``along`` (at ``u``),
    then between the neighbours of the farthest ones, where the distance can peak."""
    segments = len(spline.geometry.control_points)
    drawn = spline.evaluate(
        np.union1d(np.linspace(0.0, 1.0, 4 * _FIT_SAMPLES), np.arange(segments + 1) / segments)
    )
    gaps = knot_tangents.gaps(along, drawn)
    peaks = np.argsort(gaps)[-_PEAKS:]
    lo, hi = u[np.maximum(peaks - 1, 0)], u[np.minimum(peaks + 1, len(u) - 1)]
    closer = (lo[:, None] + (hi - lo)[:, None] * np.linspace(0.0, 1.0, _PEAK_SAMPLES)).ravel()
    return max(float(gaps.max()), knot_tangents.farthest(curve.evaluate(closer), drawn))
