"""Curves from Panda3D model files: the NURBS curves of an .egg or .bam file (what ``Mopath``
reads, and what Blender's exporters write), as ``trajectory.NurbsCurve``s."""

from pathlib import Path

import numpy as np
from panda3d.core import PCT_NONE, PCT_XYZ, Filename, Loader, LoaderOptions, NodePath, NurbsCurve

from trajectory import NurbsCurve as Nurbs

_SUFFIXES = (".egg", ".bam", ".egg.pz", ".bam.pz")
_POSITION_CURVES = (PCT_NONE, PCT_XYZ)
"""Curve types that hold positions (a file may also hold HPR or timing curves for Mopath)."""


def load_curves(path):
    """The position NURBS curves of the model file at ``path``, in the file's world coordinates
    (each curve's transforms applied), in the order they appear; each has the name of its node.

    Raises:
        ValueError: If the file is missing, cannot be read as a model, or holds no such curve.
    """
    path = Path(path)
    if not path.name.lower().endswith(_SUFFIXES):
        raise ValueError(f"{path.name} is not a Panda3D model file (.egg or .bam)")
    if not path.is_file():
        raise ValueError(f"no curve file at {path}")
    options = LoaderOptions(LoaderOptions.LF_no_cache)
    node = Loader.get_global_ptr().load_sync(Filename.from_os_specific(str(path.resolve())), options)
    if node is None:
        raise ValueError(f"{path.name} could not be read as a Panda3D model (.egg or .bam)")
    root = NodePath(node)
    curves = []
    for found in root.find_all_matches("**/+NurbsCurve"):
        curve = found.node()
        if not isinstance(curve, NurbsCurve) or curve.get_curve_type() not in _POSITION_CURVES:
            continue
        matrix = np.array(found.get_mat(root), dtype=float)  # row vectors: p' = p M
        points = np.array([tuple(curve.get_cv_point(i)) for i in range(curve.get_num_cvs())])
        points = points @ matrix[:3, :3] + matrix[3, :3]
        weights = [curve.get_cv_weight(i) for i in range(curve.get_num_cvs())]
        knots = [curve.get_knot(i) for i in range(curve.get_num_knots())]
        try:
            curves.append(Nurbs(points, knots, weights, degree=curve.get_order() - 1, name=found.get_name()))
        except ValueError as error:
            raise ValueError(f"{path.name}: curve {found.get_name()!r}: {error}") from None
    if not curves:
        raise ValueError(f"{path.name} holds no NURBS curve")
    return curves
