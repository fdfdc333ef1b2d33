"""A model bent along a curve: Blender's Curve modifier, Unreal's spline mesh.

A mesh is given in its own space, x across (the frame's right), y along (forward), z up. Its
point (x, y, z) goes to C(d) + x R(d) + z U(d): the curve's point C and frame's right R and up U
at the arc length d that y maps to, d = start + scale (y - the mesh's least y). Every vertex
lands there exactly. Between vertices a triangle stays flat, so the mesh is first cut across
its axis (``slicing``) at stations where the bend needs them (``stations``: the bound a sweep
uses, for the mesh's cross section, with what the frame's turn moves off the flat triangles:
faces that lean along the axis and edges that bound the surface across it, ``_Tipping``; the
stations spread so that each interval's error is about the same), so that its triangles are
within the tolerance of the truly bent surface (a straight stretch cut nowhere). Normals go by
the inverse transpose of the map's Jacobian, whose along column, scale x dM/dd, is a central
difference (about 1e-8): so a face that leans along the axis leans more on the inside of a bend,
where the map compresses it.
"""

import math

import numpy as np

from trajectory._numerics.checks import finite_number, positive_finite
from trajectory._numerics.vectors import cross, dot, length
from trajectory.meshes.mesh import Mesh
from trajectory.meshes.placing import Placer
from trajectory.meshes.slicing import sliced, spans
from trajectory.meshes.stations import (
    Bound,
    FramesMemo,
    about,
    box_corners,
    fewest_stations,
    starting,
)

FITS = ("stretch", "repeat", "place")
"""How a mesh is fitted along the curve: stretched over a length, repeated end to end in whole
copies over it, or placed once at its own length."""
_STEP = 1e-5
"""The central difference's step, as a share of the curve's length."""
_FOLD = 1e-9
"""A Jacobian whose determinant (relative to the stretch along) is at most this has folded."""
MAX_VERTICES = 2**23
"""The most vertices a bent mesh gets (its copies', and one on every edge a cut crosses), about
4 GB at the bend's peak (it holds about 480 bytes a vertex while it cuts): more is refused
before anything is cut."""


def bend(
    mesh,
    path,
    *,
    fit="stretch",
    start=0.0,
    length=None,
    tolerance=1e-3,
    mode="minimal",
    extent=None,
    **options,
):
    """``mesh`` bent along ``path``: a ``Mesh``.

    Args:
        mesh: A ``Mesh`` in its own space: x across, y along (it runs from its least y), z up.
        path: A ``Curve``, or a ``Motion`` (its trajectory; banking takes its speeds).
        fit: ``"stretch"``: one copy scaled along to ``length``. ``"repeat"``: whole copies end to
            end, as many as fit ``length`` best, each scaled to fill it exactly. ``"place"``: one
            copy at its own length.
        start: The arc length (length units) where the mesh's least y goes.
        length: The length along the curve to fill (stretch, repeat): the rest of an open curve
            from ``start`` by default, a closed curve's whole loop.
        tolerance: The largest distance (length units) of the truly bent surface from the mesh.
        mode, options: The orientation, as for ``sweep`` (``closed``, ``tilt``, ``bank``, ...).
            A closed curve is bent round seamlessly (its minimal frame closed).
        extent: (least, greatest) y taken as the mesh's length, its own by default: the parts of
            one model, bent one by one, given the whole model's so that they bend alike.

    Texture coordinates (and colours) are the mesh's own, each copy's; vertices made where the
    mesh is cut get theirs (and their normals) interpolated along the cut edge.

    Raises:
        ValueError: On a mesh that is no ``Mesh`` or has no length along y, a fit not in
            ``FITS``, a start or length that does not fit an open curve, a length with
            ``"place"``, a tolerance that is not positive, an extent that leaves out some of the
            mesh, or a mesh that reaches across further than a bend's radius (it would fold
            over itself there).
    """
    if not isinstance(mesh, Mesh):
        raise ValueError(f"mesh must be a Mesh, got {type(mesh).__name__}")
    place = Placer(path, mode, options)
    tolerance = positive_finite(tolerance, "tolerance")
    total = place.curve.length
    low, high = _extent(mesh.positions[:, 1], extent)
    own = high - low
    start = finite_number(start, "start must be an arc length in length units")
    if not 0.0 <= start <= total:
        raise ValueError(f"start must be within the curve's length {total:g}, got {start!r}")
    copies, scale = _fitted(fit, own, start, length, total, place.closed)
    covered = copies * own * scale
    if not place.closed and start + covered > total * (1.0 + 1e-12):
        raise ValueError(f"the mesh runs {covered:g} from start {start:g}, past the curve's end at {total:g}")
    count = len(mesh.positions)
    if copies * count > MAX_VERTICES:
        raise ValueError(f"{copies:,} copies of {count:,} vertices are more than {MAX_VERTICES:,}")
    along = _Along(place, start, covered)
    section = mesh.positions[:, [0, 2]]  # across and up
    edges = mesh.triangles[:, [0, 1, 1, 2, 2, 0]].reshape(-1, 2)
    reaches = section[edges[:, 1]] - section[edges[:, 0]]
    widest = float(np.hypot(reaches[:, 0], reaches[:, 1]).max()) if len(edges) else 0.0
    corners = box_corners(section.min(axis=0), section.max(axis=0))
    tipping = _Tipping(mesh.positions * [1.0, scale, 1.0], mesh.triangles, covered)
    bound = Bound(FramesMemo(along.frames), corners, widest, tipping)
    ends = np.arange(copies + 1) / copies
    ordered = np.sort(edges, axis=1)
    once = np.unique(
        ordered[:, 0] * len(mesh.positions) + ordered[:, 1]
    )  # each edge, as a cut makes one vertex on it
    heights = mesh.positions[:, 1][np.column_stack(np.divmod(once, len(mesh.positions)))]
    crossed = float(np.abs(heights[:, 1] - heights[:, 0]).sum()) / own  # edges a cut crosses
    stations = fewest_stations(
        bound,
        tolerance,
        *along.initial(ends),
        refuse=lambda needed: _refuse_too_many_cuts(copies * count + needed * crossed, tolerance),
    )
    # All copies end to end as one mesh along y from 0, cut at the stations.
    laid = np.tile(mesh.positions, (copies, 1))
    laid[:, 1] += np.repeat(np.arange(copies) * own, count) - low
    columns = [mesh.normals, mesh.uvs] + ([] if mesh.colours is None else [mesh.colours])
    attributes = np.tile(np.hstack(columns), (copies, 1))
    triangles = (mesh.triangles[None] + (np.arange(copies) * count)[:, None, None]).reshape(-1, 3)
    heights = laid[:, 1][triangles]
    cuts = _needed(stations * copies * own, heights)
    laid, attributes, triangles = sliced(laid, attributes, triangles, cuts)
    x, y, z = laid.T
    bent, normals = along.bent(y * scale, x, z, attributes[:, :3], scale)
    colours = None if mesh.colours is None else attributes[:, 5:]
    return Mesh(bent, normals, attributes[:, 3:5], triangles, colours=colours)


def _refuse_too_many_cuts(vertices, tolerance):
    """A ValueError, before anything is cut, where the cuts ``tolerance`` needs would make about
    ``vertices``, more than ``MAX_VERTICES`` (each cut adds a vertex on every edge it crosses)."""
    if vertices > MAX_VERTICES:
        raise ValueError(
            f"a tolerance of {tolerance:g} needs about {about(vertices)} vertices for this mesh here, "
            f"more than {MAX_VERTICES:,}: ask for a coarser one"
        )


def _extent(y, extent):
    """The (least, greatest) y of the mesh's length: ``extent``, checked, or its own."""
    low, high = (float(y.min()), float(y.max())) if len(y) else (0.0, 0.0)
    if extent is not None:
        given = [finite_number(value, "extent must be (least, greatest) y") for value in np.ravel(extent)]
        if len(given) != 2 or not given[0] <= low or not high <= given[1]:
            raise ValueError(
                f"extent must be (least, greatest) y around the mesh's {low:g} to {high:g}, got {extent!r}"
            )
        low, high = given
    if not high > low:
        raise ValueError("the mesh has no length along y (its axis): nothing to bend along the curve")
    return low, high


def _needed(stations, corners):
    """The interior ``stations`` (along y, ascending) some triangle needs cut at: one longer
    along y than the narrowest interval between stations it overlaps (a triangle no longer is
    within the tolerance as it is, the error falling with its length). Every triangle across a
    kept station is cut there, so that neighbours share their new vertices: no cracks.
    ``corners``: (m, 3) the triangles' corners' y."""
    low, high = spans(corners)
    widths = np.diff(stations)
    first = np.clip(np.searchsorted(stations, low, side="right") - 1, 0, len(widths) - 1)
    last = np.clip(np.searchsorted(stations, high, side="left") - 1, 0, len(widths) - 1)
    short = (last - first <= 1) & (high - low <= np.minimum(widths[first], widths[last]))
    inner = stations[1:-1]
    begin = np.searchsorted(inner, low[~short], side="right")
    end = np.searchsorted(inner, high[~short], side="left")
    count = np.zeros(len(inner) + 1, dtype=int)
    np.add.at(count, begin, 1)
    np.add.at(count, end, -1)
    return inner[np.cumsum(count)[:-1] > 0]


def _fitted(fit, own, start, length, total, closed):
    """The number of copies and the scale along for ``fit``."""
    if fit not in FITS:
        raise ValueError(f"fit must be one of {FITS}, got {fit!r}")
    if fit == "place":
        if length is not None:
            raise ValueError("a placed mesh keeps its own length: give no length with fit='place'")
        return 1, 1.0
    if length is None:
        length = total if closed else total - start
        if not length > 0.0:
            raise ValueError(f"start {start:g} leaves no length of the curve to fill")
    length = positive_finite(length, "length")
    copies = max(1, round(length / own)) if fit == "repeat" else 1
    return copies, length / (copies * own)


class _Tipping:
    """How far the frame's tip along the curve (its right and up axes tipping along it where it
    turns with the curve) moves a model's bent surface off its flat triangles, for ``Bound``.
    Across an interval the map is bilinear to first order, x and z times the tip over the
    distance along, so a triangle's points leave their flat image along the axis by up to a
    quarter of the right axis's tip times the triangle's reach across (in x), and of the up
    axis's times its reach up (in z). Two parts of that move the surface:

    - off a face whose bent normal has a part along the axis: by that reach times
      min(1, (n_y + rate x |(x, z)|) / the stretch along there), where n_y is its normal's part
      along the axis, rate the frame's roll per length and |(x, z)| the face's farthest reach
      from the axis (the map's along column is the stretch times the axis plus the roll times
      the point's place turned a quarter: the bent normal's part along the axis is
      (n_y + rate (z n_x - x n_z)) / the stretch), most on the compressed inside of a bend;
    - past an edge that bounds the surface (a border, or a crease between faces that do not lie
      in one plane) and runs across as it runs along: its bent image bows within the face, off
      the flat edge, by its piece's reach times the piece's length along over the interval's,
      times the sine of the crease's angle (1 at a border or a fold).

    Called with interval widths (fractions of ``unit`` length units), the least stretch over
    each and the sine of the frame's roll over each (p,): the most of either part's reaches
    across and up (p, 2) over such an interval."""

    def __init__(self, positions, triangles, unit):
        self.unit = unit
        x, y, z = (positions[:, k][triangles] for k in range(3))  # (m, 3) each, y in length units
        sides = [(c[:, 1] - c[:, 0], c[:, 2] - c[:, 0]) for c in (x, y, z)]
        normal = cross([side[0] for side in sides], [side[1] for side in sides])
        size = np.sqrt(dot(normal, normal))
        normal = normal / np.where(size > 0.0, size, np.inf)
        self.faces = self._faces(x, y, z, np.abs(normal[1]))
        self.edges = self._bounding_edges(positions, triangles, normal.T)

    @staticmethod
    def _faces(x, y, z, lean):
        """(lengths along (ascending), [(most reach, most leaning reach, most reach x farthest
        from the axis) across, then up])."""
        low, high = spans(y)
        order = np.argsort(high - low)
        lengths = (high - low)[order]
        lean = lean[order]
        farthest = np.sqrt(x**2 + z**2).max(axis=1)[order]
        reaches = []
        for across in (x, z):
            least, most = spans(across)
            reach = (most - least)[order]
            reaches.append(
                tuple(_MostOver(lengths, value) for value in (reach, lean * reach, farthest * reach))
            )
        return lengths, reaches

    @staticmethod
    def _bounding_edges(positions, triangles, normals):
        """(lengths along (ascending), [_MostAlong across, then up]) of the edges that bound
        the surface, its vertices welded where they share a place. ``normals`` (m, 3) are the
        triangles' own (zero where a triangle has no area)."""
        by_place = np.lexsort(positions.T[::-1])
        placed = positions[by_place]
        moved = np.concatenate([[True], np.any(placed[1:] != placed[:-1], axis=1)])
        welded = np.empty(len(positions), dtype=np.int64)
        welded[by_place] = np.cumsum(moved) - 1
        pairs = np.sort(welded[triangles][:, [0, 1, 1, 2, 2, 0]].reshape(-1, 2), axis=1)
        keys = pairs[:, 0] * len(positions) + pairs[:, 1]
        order = np.argsort(keys, kind="stable")  # each edge's uses, together
        starts = np.flatnonzero(np.concatenate([[True], np.diff(keys[order]) != 0]))
        counts = np.diff(np.append(starts, len(order)))
        one = normals[order[starts] // 3]
        two = normals[order[starts + (counts > 1)] // 3]
        crease = np.where(dot(one.T, two.T) > 0.0, length(cross(one.T, two.T)), 1.0)
        sine = np.where(counts == 2, crease, 1.0)
        first = order[starts]
        ends = triangles[:, [0, 1, 1, 2, 2, 0]].reshape(-1, 2)[first]
        reach = np.abs(positions[ends[:, 1]] - positions[ends[:, 0]])  # (k, 3)
        bounding = (sine > 0.0) & (reach[:, 1] > 0.0)
        order = np.argsort(reach[bounding, 1])
        lengths = reach[bounding, 1][order]
        reaches = [_MostAlong(lengths, (sine * reach[:, k])[bounding][order]) for k in (0, 2)]
        return lengths, reaches

    def __call__(self, widths, stretch, roll):
        widths = widths * self.unit
        rate = roll / np.maximum(widths, 1e-300)
        lengths, reaches = self.faces
        at = np.searchsorted(lengths, widths)
        faces = [
            np.minimum(reach(at, widths), (leaning(at, widths) + rate * turned(at, widths)) / stretch)
            for reach, leaning, turned in reaches
        ]
        lengths, reaches = self.edges
        at = np.searchsorted(lengths, widths)
        edges = [reach(at, widths) for reach in reaches]
        return np.maximum(np.column_stack(faces), np.column_stack(edges))


class _MostOver:
    """The most of ``values`` (m,) of faces ``lengths`` (m,, ascending) long, each times
    min(its length, a width) / the width, for widths ``at`` their place among the lengths: the
    most of the values of the faces at least as long, or of value x length / width of the
    shorter ones."""

    def __init__(self, lengths, values):
        self.longer = np.maximum.accumulate(np.append(values, 0.0)[::-1])[::-1]
        self.shorter = np.maximum.accumulate(np.concatenate([[0.0], values * lengths]))

    def __call__(self, at, widths):
        return np.maximum(self.longer[at], self.shorter[at] / np.maximum(widths, 1e-300))


class _MostAlong:
    """The most, over edges ``lengths`` (m,, ascending) long reaching ``reaches`` (m,) across,
    of their pieces' reach within an interval a width w long times the piece's length over w:
    reach x min(length, w)^2 / (length w), for widths ``at`` their place among the lengths (the
    longer edges' most reach per length times w, or the shorter ones' most reach x length / w)."""

    def __init__(self, lengths, reaches):
        slopes = reaches / np.maximum(lengths, 1e-300)
        self.longer = np.maximum.accumulate(np.append(slopes, 0.0)[::-1])[::-1]
        self.shorter = np.maximum.accumulate(np.concatenate([[0.0], reaches * lengths]))

    def __call__(self, at, widths):
        widths = np.maximum(widths, 1e-300)
        return np.maximum(self.longer[at] * widths, self.shorter[at] / widths)


class _Along:
    """The curve's frames over the stretch bent along: ``covered`` length units from ``start``,
    its fractions t in [0, 1]; past a closed curve's seam it goes round again."""

    def __init__(self, place, start, covered):
        self.place, self.start, self.covered = place, start, covered
        self.total = place.curve.length

    def fractions(self, distances):
        """The curve's arc-length fractions at ``distances`` from ``start`` (length units)."""
        d = (self.start + distances) / self.total
        return d % 1.0 if self.place.closed else np.clip(d, 0.0, 1.0)

    def frames(self, t):
        """The point, right and up axis at stretch fractions ``t`` (n,), stacked: ``(n, 3, 3)``."""
        return np.moveaxis(self._frames_at(t * self.covered), 0, 1)

    def initial(self, ends):
        """``starting`` stations with the fixed ones: the copies' ``ends`` and the curve's
        breakpoints (those beyond the stretch clipped to its ends)."""
        curve = self.place.curve
        breaks = curve.arc_length.at(np.asarray(curve.breakpoints, dtype=float))
        rounds = math.ceil((self.start + self.covered) / self.total) if self.place.closed else 1
        breaks = (breaks[None, :] + self.total * np.arange(rounds)[:, None]).ravel()
        return starting(np.concatenate([ends, (breaks - self.start) / self.covered]))

    def _frames_at(self, distances):
        """The point, right and up axis (each (k, 3)) at ``distances`` (k,) from ``start``."""
        points, right, up, _ = self.place.frames(self.fractions(distances))
        return np.stack([points, right, up])

    def bent(self, distances, x, z, normals, scale):
        """The points (n, 3) at ``distances`` along (length units from ``start``), ``x`` across
        and ``z`` up, and ``normals`` (n, 3) turned by the inverse transpose of the Jacobian.
        The frames and their derivatives are worked out once per distinct distance (a model's
        vertices share them: its rings, the cuts).

        Raises:
            ValueError: Where the map folds (the mesh reaches across past a bend's radius).
        """
        levels, which = np.unique(distances, return_inverse=True)
        which = which.ravel()
        frames = self._frames_at(levels)
        step = _STEP * self.total
        if self.place.closed:
            before, after = levels - step, levels + step
        else:  # kept on the curve: a one-sided difference at its ends, still second order
            before = np.clip(levels - step, -self.start, self.total - self.start - 2.0 * step)
            after = before + 2.0 * step
        middle = (before + after) / 2.0
        first, last = self._frames_at(before), self._frames_at(after)
        # The derivative at d of the parabola through three samples a step apart (the middle
        # one is d itself but near an open curve's ends).
        rates = (last - first) / (2.0 * step)
        moved = np.flatnonzero(middle != levels)
        if moved.size:
            centre = self._frames_at(middle[moved])
            offset = (levels - middle)[moved, None]
            rates[:, moved] += offset * (last[:, moved] - 2.0 * centre + first[:, moved]) / (step * step)
        # Vertex by vertex, components first (rows of n): each level's frame, its rates and its
        # forward axis, gathered to the vertices at that level.
        forward = np.cross(frames[2], frames[1])[None]
        table = np.concatenate([frames, rates, forward]).transpose(0, 2, 1).reshape(21, -1)
        rows = np.take(np.ascontiguousarray(table), which, axis=1).reshape(7, 3, -1)
        point, right, up, point_rate, right_rate, up_rate, forward = rows
        points = point + right * x + up * z
        along = (point_rate + right_rate * x + up_rate * z) * scale
        folded = dot(along, forward) <= _FOLD * scale  # the curve runs at unit speed
        if folded.any():
            where = int(np.flatnonzero(folded)[0])
            raise ValueError(
                f"the mesh folds over itself at arc length {self.start + distances[where]:g}: it reaches "
                f"({x[where]:g} across, {z[where]:g} up) past the radius of the bend there"
            )
        across, ahead, upward = normals.T
        turned = across * cross(along, up) + ahead * forward + upward * cross(right, along)
        return points.T, (turned / length(turned)).T
