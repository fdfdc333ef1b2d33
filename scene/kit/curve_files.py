"""Curves and Panda3D model files: the NURBS curves of an .egg or .bam file (what ``Mopath``
reads, and what Blender's exporters write) read as ``trajectory.NurbsCurve``s, and a curve
written as an egg file that a game's ``Mopath`` plays."""

from pathlib import Path

import numpy as np
from panda3d.core import (
    PCT_NONE,
    PCT_XYZ,
    NurbsCurve,
)

from scene.kit import atomic_file, user_files
from scene.kit.model_files import first_error, read_model
from trajectory import NurbsCurve as Nurbs
from trajectory import PiecewiseBezier, Spline
from trajectory.curves import spline_from_data

_SUFFIXES = (".egg", ".bam", ".egg.pz", ".bam.pz")
MAX_FILE_BYTES = 64_000_000
"""Larger curve files are refused unread (a JSON spline of 5,000 knots takes about 1 MB)."""
MAX_KNOTS = 100_000
"""The most knots of a spline the scene opens (measuring it takes about 30 s and 1.5 GB)."""
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
    try:
        root, errors = read_model(path, MAX_FILE_BYTES)
    except FileNotFoundError:
        raise ValueError(f"no curve file at {path}") from None
    curves = []
    for found in root.find_all_matches("**/+NurbsCurve"):
        curve = found.node()
        if not isinstance(curve, NurbsCurve) or curve.get_curve_type() not in _POSITION_CURVES:
            continue
        matrix = np.array(found.get_mat(root), dtype=float)  # row vectors: p' = p M
        homogeneous = np.array([tuple(curve.get_cv(i)) for i in range(curve.get_num_cvs())])
        weights = homogeneous[:, 3]
        if np.any(weights <= 0.0):  # Panda3D asserts on a point of weight 0
            raise ValueError(
                f"{path.name}: curve {found.get_name()!r}: NURBS weights must be positive, "
                f"got {weights.tolist()}"
            )
        points = homogeneous[:, :3] / weights[:, None] @ matrix[:3, :3] + matrix[3, :3]
        knots = [curve.get_knot(i) for i in range(curve.get_num_knots())]
        try:
            curves.append(Nurbs(points, knots, weights, degree=curve.get_order() - 1, name=found.get_name()))
        except ValueError as error:
            raise ValueError(f"{path.name}: curve {found.get_name()!r}: {error}") from None
    if not curves:
        raise ValueError(f"{path.name} holds no NURBS curve{first_error(errors)}")
    return curves


def load_spline(path):
    """The curve of the file at ``path`` as a ``trajectory.Spline`` and its name: an egg or bam
    file's first position NURBS curve (exactly where it is a plain cubic or less, else fitted to
    1/1000 of its size), or a JSON spline (``trajectory.spline_data``'s), whatever its name ends in.

    Raises:
        ValueError: If the file is missing or not one of those, naming why.
    """
    path = Path(path)
    if not path.name.lower().endswith(_SUFFIXES):  # a JSON spline, by its name or its text
        try:
            content = user_files.read_bytes(path, MAX_FILE_BYTES)
        except FileNotFoundError:
            raise ValueError(f"no curve file at {path}") from None
        try:
            data = user_files.parsed_json(content)
        except ValueError as error:
            if path.suffix.lower() == ".json":
                raise ValueError(f"{path.name} could not be read as JSON: {error}") from None
            raise ValueError(
                f"{path.name} is neither a JSON spline nor a Panda3D model file (.json, .egg or .bam)"
            ) from None
        name = data.get("name") if isinstance(data, dict) else None
        return (name if isinstance(name, str) and name.strip() else path.stem), knots_checked(
            spline_from_data(data)
        )
    curve = load_curves(path)[0]
    return curve.name or path.stem, knots_checked(spline_of(curve)[0])


def knots_checked(spline):
    """``spline`` if it has at most ``MAX_KNOTS`` knots; else a ValueError saying so."""
    if len(spline.knots) > MAX_KNOTS:
        raise ValueError(f"a spline of {len(spline.knots):,} knots; the scene opens at most {MAX_KNOTS:,}")
    return spline


def spline_of(curve):
    """``curve`` as a ``trajectory.Spline``: exactly for Bezier segments and plain NURBS curves of
    degree 3 or less, else fitted (to 1e-3 of its size); and whether it was fitted."""
    if isinstance(curve, PiecewiseBezier):
        return Spline.from_bezier(curve), False
    if isinstance(curve, Nurbs):
        try:
            return Spline.from_nurbs(curve), False
        except ValueError:  # rational, or of a higher degree: no chain of cubic segments
            pass
    return Spline.fit(curve), True


def save_curve(path, curve, name="curve"):
    """Write ``curve`` to ``path`` (ending in .egg) as an egg file of one NURBS curve named
    ``name``: what ``Mopath`` and ``load_curves`` read (Panda3D keeps its points in float32).

    Args:
        curve: A ``trajectory.NurbsCurve``, or a curve that converts to one (``to_nurbs()``, as a
            ``trajectory.Spline`` does).

    Raises:
        ValueError: If the path does not end in .egg, the name is not a plain word, or the curve
            is neither.
    """
    path = Path(path)
    if not path.name.lower().endswith(".egg"):
        raise ValueError(f"{path.name}: a curve is written as an .egg file")
    if hasattr(curve, "to_nurbs"):
        curve = curve.to_nurbs(name)
    if not isinstance(curve, Nurbs):
        raise ValueError(f"a NURBS curve or a spline is written, got {type(curve).__name__}")
    atomic_file.write(path, egg_text(curve, name).encode())


def egg_text(curve, name="curve"):
    """The egg file of one ``trajectory.NurbsCurve``: its points in homogeneous form (x w, y w,
    z w, w), its knots and order, in a group of ``name``."""
    if not name.replace("-", "").replace("_", "").isalnum():
        raise ValueError(f"a curve's name in an egg file is a plain word, got {name!r}")
    homogeneous = np.column_stack([curve.control_points * curve.weights[:, None], curve.weights])
    vertices = [
        f"    <Vertex> {i} {{ {' '.join(map(repr, row))} }}" for i, row in enumerate(homogeneous.tolist())
    ]
    return "\n".join(
        [
            "<CoordinateSystem> { Z-up }",
            f"<Group> {name} {{",
            f"  <VertexPool> {name}-points {{",
            *vertices,
            "  }",
            f"  <NurbsCurve> {name} {{",
            "    <Scalar> type { XYZ }",
            f"    <Order> {{ {curve.degree + 1} }}",
            f"    <Knots> {{ {' '.join(map(repr, curve.knots.tolist()))} }}",
            f"    <VertexRef> {{ {' '.join(map(str, range(len(homogeneous))))} <Ref> {{ {name}-points }} }}",
            "  }",
            "}",
            "",
        ]
    )
