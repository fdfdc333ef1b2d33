"""Curves in 3D: a parameter u in [0, 1] to a point, with derivatives and an arc-length table
(Bezier, NURBS, any function of u, an editable spline). Everything that moves along a curve
starts here."""

from trajectory.curves.arclength import ArcLength, NoLengthError
from trajectory.curves.bezier import CubicBezier, PiecewiseBezier
from trajectory.curves.curve import Curve
from trajectory.curves.function_curve import FunctionCurve
from trajectory.curves.nurbs import NurbsCurve
from trajectory.curves.spline import Spline, TangentMode
from trajectory.curves.spline_data import spline_data, spline_from_data

__all__ = [
    "ArcLength",
    "CubicBezier",
    "Curve",
    "FunctionCurve",
    "NoLengthError",
    "NurbsCurve",
    "PiecewiseBezier",
    "Spline",
    "TangentMode",
    "spline_data",
    "spline_from_data",
]
