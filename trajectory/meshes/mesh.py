"""A triangle mesh as arrays, and copies of one placed by frames: the ties of a track, the posts
under it, in one mesh a game draws in one call."""

import dataclasses

import numpy as np

from trajectory._numerics.checks import finite_points, positive_finite, real_array
from trajectory._numerics.vectors import norms


@dataclasses.dataclass(frozen=True)
class Mesh:
    """A triangle mesh.

    Attributes:
        positions: ``(n, 3)`` vertex positions.
        normals: ``(n, 3)`` unit vertex normals.
        uvs: ``(n, 2)`` texture coordinates.
        triangles: ``(m, 3)`` vertex indices, counter-clockwise seen from the normals' side.
        colours: ``(n, 4)`` RGBA vertex colours (0 to 1), or None (keyword only).
    """

    positions: np.ndarray
    normals: np.ndarray
    uvs: np.ndarray
    triangles: np.ndarray
    colours: np.ndarray | None = dataclasses.field(default=None, kw_only=True)

    def __post_init__(self):
        """Each array checked and kept as a float (int for triangles) array: a mesh that would
        draw wrong or fail later (a NaN, an index past its vertices, a column of another length)
        is refused here, by name.

        Raises:
            ValueError: On arrays that are not numbers of the shapes above, positions, normals,
                uvs or colours that are not finite, or triangles that are not whole indices of
                the mesh's vertices.
        """
        positions = finite_points(self.positions, "mesh positions", min_count=0)
        count = len(positions)
        columns = {"positions": positions}
        for name, dims in (("normals", 3), ("uvs", 2), ("colours", 4)):
            value = getattr(self, name)
            if value is None and name == "colours":
                continue
            column = finite_points(value, f"mesh {name}", min_count=0, dims=dims)
            if len(column) != count:
                raise ValueError(f"mesh {name} must be one a vertex ({count}), got {len(column)}")
            columns[name] = column
        columns["triangles"] = _triangles(self.triangles, count)
        for name, column in columns.items():
            object.__setattr__(self, name, column)

    def __repr__(self):
        return f"Mesh({len(self.positions)} vertices, {len(self.triangles)} triangles)"

    @classmethod
    def box(cls, width, length, height):
        """A box around the origin, ``width`` along x (a place's right), ``length`` along y
        (forward) and ``height`` along z (up): 6 faces of 4 vertices with their own normals, each
        face's texture 0 to 1 (a tie under rails, a post).

        Raises:
            ValueError: Unless the three sizes are positive finite numbers.
        """
        half = (
            np.array(
                [
                    positive_finite(v, name)
                    for v, name in ((width, "width"), (length, "length"), (height, "height"))
                ]
            )
            / 2.0
        )
        positions, normals, triangles = [], [], []
        for axis in range(3):
            for sign in (-1.0, 1.0):
                normal = np.zeros(3)
                normal[axis] = sign
                u_axis, v_axis = np.roll(np.eye(3), -axis - 1, axis=0)[:2] * np.array([[sign], [1.0]])
                centre = normal * half
                first = len(positions)
                for du, dv in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
                    positions.append(centre + (du * u_axis + dv * v_axis) * half)
                    normals.append(normal)
                triangles += [[first, first + 1, first + 2], [first, first + 2, first + 3]]
        uvs = np.tile([[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]], (6, 1))
        return cls(np.array(positions), np.array(normals), uvs, np.array(triangles))

    def placed(self, positions, frames):
        """Copies of this mesh, one at each of ``positions`` (k, 3) turned (and, if they are not
        rotations, stretched or mirrored) by ``frames`` (k, 3, 3), e.g. ``along``'s: one
        ``Mesh``. A mirrored copy's triangles are wound the other way, so that they still run
        counter-clockwise seen from their normals' side.

        Raises:
            ValueError: Unless positions and frames are finite and shaped (k, 3) and (k, 3, 3),
                and each frame is invertible (it does not flatten the mesh).
        """
        positions = real_array(positions, "positions", "numbers shaped (k, 3)")
        frames = real_array(frames, "frames", "numbers shaped (k, 3, 3)")
        if positions.ndim != 2 or positions.shape[1] != 3 or frames.shape != (len(positions), 3, 3):
            raise ValueError(
                "positions and frames must be shaped (k, 3) and (k, 3, 3), "
                f"got {positions.shape} and {frames.shape}"
            )
        if not (np.all(np.isfinite(positions)) and np.all(np.isfinite(frames))):
            raise ValueError("positions and frames must be finite")
        count, size = len(positions), len(self.positions)
        moved = positions[:, None, :] + np.einsum("kij,nj->kni", frames, self.positions)
        # Normals go by the inverse transpose: a stretched copy's faces keep facing their way.
        # Each frame is scaled to entries of about 1 first (a direction does not change with a
        # positive scale), so that frames of 1e200 or 1e-200 give normals, not 0 / 0.
        scale = np.abs(frames).max(axis=(1, 2))
        unit = frames / np.where(scale > 0.0, scale, 1.0)[:, None, None]
        determinants = np.linalg.det(unit)
        if not np.all(determinants != 0.0):
            flat = int(np.argmin(np.abs(determinants)))
            raise ValueError(f"frames must be invertible: frame {flat} flattens the mesh")
        turned = np.einsum("kji,nj->kni", np.linalg.inv(unit), self.normals)
        turned /= norms(turned)[..., None]
        triangles = np.repeat(self.triangles[None], count, axis=0)
        mirrored = determinants < 0.0
        triangles[mirrored] = triangles[mirrored][:, :, ::-1]
        triangles += (np.arange(count) * size)[:, None, None]
        return Mesh(
            moved.reshape(-1, 3),
            turned.reshape(-1, 3),
            np.tile(self.uvs, (count, 1)),
            triangles.reshape(-1, 3),
            colours=None if self.colours is None else np.tile(self.colours, (count, 1)),
        )

    def tangents(self):
        """Each vertex's tangent and binormal, ``(tangent (n, 3), binormal (n, 3))``: the unit
        directions along the surface in which the texture's u and v grow, square to the vertex's
        normal. What a normal map is drawn in (a Panda3D model's "tangent" and "binormal"
        columns), so that a mesh bent or swept keeps its normal map's shading. Each triangle's
        dP/du and dP/dv (from its corners' positions and texture coordinates), weighted by its
        area in the texture, are summed at its corners; a mirrored texture gives a binormal
        mirrored too. A vertex whose triangles have no area in the texture gets some unit
        direction square to its normal, and the binormal that completes a right-handed frame."""
        corners = [self.positions[self.triangles[:, k]] for k in range(3)]
        uv = [self.uvs[self.triangles[:, k]] for k in range(3)]
        edges = corners[1] - corners[0], corners[2] - corners[0]
        (du1, dv1), (du2, dv2) = (uv[1] - uv[0]).T, (uv[2] - uv[0]).T
        # edges = dP/du (du1, du2) + dP/dv (dv1, dv2), solved, times the texture area's size.
        sign = np.sign(du1 * dv2 - du2 * dv1)[:, None]
        along_u = (edges[0] * dv2[:, None] - edges[1] * dv1[:, None]) * sign
        along_v = (edges[1] * du1[:, None] - edges[0] * du2[:, None]) * sign
        count, corner = len(self.positions), self.triangles.ravel()
        summed = [
            np.column_stack(
                [np.bincount(corner, np.repeat(vectors[:, k], 3), minlength=count) for k in range(3)]
            )
            for vectors in (along_u, along_v)
        ]
        normals = self.normals
        tangent, binormal = (_square_to(vectors, normals) for vectors in summed)
        fallback = np.cross(
            normals, np.where(np.abs(normals[:, :1]) < 0.9, [[1.0, 0.0, 0.0]], [[0.0, 1.0, 0.0]])
        )
        tangent = np.where((norms(tangent) > 0.0)[:, None], tangent, fallback)
        tangent = _square_to(tangent / norms(tangent)[:, None], normals)
        tangent /= norms(tangent)[:, None]
        binormal = np.where((norms(binormal) > 0.0)[:, None], binormal, np.cross(normals, tangent))
        binormal = _square_to(binormal / norms(binormal)[:, None], normals)
        return tangent, binormal / norms(binormal)[:, None]

    def write_obj(self, path):
        """Writes the mesh to ``path`` as a Wavefront ``.obj`` (what Blender, Panda3D and every
        engine read): ``v`` positions (followed by r g b where the mesh has colours, the common
        extension Blender and MeshLab read), ``vt`` texture coordinates, ``vn`` normals and
        ``f`` triangles, each corner v/vt/vn of one (1-based) index. Numbers are written with
        17 significant digits, so they read back exactly.

        Raises:
            ValueError: On a number that is not finite (arrays changed in place since the mesh
                was made), before the file is opened.
            OSError: When the file cannot be written.
        """
        for name in ("positions", "normals", "uvs", "colours"):
            column = getattr(self, name)
            if column is not None and not np.all(np.isfinite(column)):
                raise ValueError(
                    f"mesh {name} must be finite to be written, got {column[~np.isfinite(column)][0]}"
                )
        corners = np.repeat(np.asarray(self.triangles, dtype=np.int64) + 1, 3, axis=1)
        with open(path, "w", encoding="ascii", newline="\n") as file:
            file.write(f"# {len(self.positions)} vertices, {len(self.triangles)} triangles\n")
            if self.colours is None:
                np.savetxt(file, self.positions, fmt="v %.17g %.17g %.17g")
            else:
                rows = np.hstack([self.positions, self.colours[:, :3]])
                np.savetxt(file, rows, fmt="v %.17g %.17g %.17g %.17g %.17g %.17g")
            np.savetxt(file, self.uvs, fmt="vt %.17g %.17g")
            np.savetxt(file, self.normals, fmt="vn %.17g %.17g %.17g")
            np.savetxt(file, corners, fmt="f %d/%d/%d %d/%d/%d %d/%d/%d")

    @staticmethod
    def joined(*meshes):
        """One mesh of all of ``meshes`` (their triangles renumbered; coloured white where some
        have colours and others not).

        Raises:
            ValueError: Unless each of ``meshes`` is a ``Mesh``, and there is one at least.
        """
        strays = [type(mesh).__name__ for mesh in meshes if not isinstance(mesh, Mesh)]
        if strays or not meshes:
            raise ValueError(f"meshes must be Mesh objects, one at least, got {strays or 'none'}")
        offsets = np.cumsum([0] + [len(mesh.positions) for mesh in meshes[:-1]])
        coloured = any(mesh.colours is not None for mesh in meshes)
        white = [
            np.ones((len(mesh.positions), 4)) if mesh.colours is None else mesh.colours for mesh in meshes
        ]
        return Mesh(
            np.concatenate([mesh.positions for mesh in meshes]),
            np.concatenate([mesh.normals for mesh in meshes]),
            np.concatenate([mesh.uvs for mesh in meshes]),
            np.concatenate([mesh.triangles + offset for mesh, offset in zip(meshes, offsets)]),
            colours=np.concatenate(white) if coloured else None,
        )


def _triangles(triangles, count):
    """``triangles`` as an int array (m, 3) of indices below ``count`` (int32 or int64: the
    int32 a sweep makes kept, half the memory), or a ValueError."""
    array = triangles if isinstance(triangles, np.ndarray) else None
    if array is None or array.dtype.kind not in "iu":
        array = real_array(triangles, "mesh triangles", "vertex indices shaped (m, 3)")
        if not np.all(np.isfinite(array) & (array == np.round(array))):
            raise ValueError("mesh triangles must be whole vertex indices, got a fraction or NaN")
    if array.size == 0:
        array = array.reshape(0, 3)
    if array.ndim != 2 or array.shape[1] != 3:
        raise ValueError(f"mesh triangles must be shaped (m, 3), got shape {array.shape}")
    if array.size and not (array.min() >= 0 and array.max() < count):
        bad = array[(array < 0) | (array >= count)][0]
        raise ValueError(f"mesh triangles must index its {count} vertices (0 to {count - 1}), got {bad:g}")
    return array if array.dtype in (np.int32, np.int64) else array.astype(np.int64)


def _square_to(vectors, normals):
    """``vectors`` (n, 3) less their part along the unit ``normals`` (n, 3); zero where what is
    left is only rounding (under 1e-12 of the vector: it lay along the normal)."""
    square = vectors - normals * np.einsum("ij,ij->i", vectors, normals)[:, None]
    return np.where((norms(square) > 1e-12 * norms(vectors))[:, None], square, 0.0)
