"""A triangle mesh cut by planes y = c: every triangle that a plane crosses is split along it, so
that no triangle of the result spans a plane (what ``bend`` does before it bends a model, so that
its long straight edges follow the curve).

Each triangle is cut into its slabs between consecutive planes, each slab a convex polygon of 3
to 5 corners, fanned into triangles. The vertices where planes cross an edge of the input are
made once per edge, from the edge's own ends, and numbered edge by edge: the two triangles beside
an edge share them exactly (no cracks, no doubled vertices).
"""

import numpy as np


def sliced(positions, attributes, triangles, cuts):
    """``triangles`` (m, 3) of ``positions`` (n, 3) cut by the planes y = ``cuts`` (k,, ascending):
    (positions (n', 3), attributes (n', a), triangles (m', 3)). ``attributes`` (n, a) (normals,
    texture coordinates) are interpolated linearly along the cut edges; the first n vertices are
    the input's, unchanged; triangles keep their winding."""
    y = positions[:, 1]
    corners = y[triangles]
    low, high = spans(corners)
    first = np.searchsorted(cuts, low, side="right")
    spanned = np.searchsorted(cuts, high, side="left") - first  # planes strictly inside
    crossed = np.flatnonzero(spanned > 0)
    if not crossed.size:
        return positions, attributes, triangles
    kept = triangles[spanned == 0]
    (a, b, c), keeps_winding = _by_height(triangles[crossed], corners[crossed])
    edges = _CutEdges(positions, cuts, a, b, c)
    # Slab j of a crossed triangle lies between its planes j - 1 and j (its own lowest and
    # highest corners at the ends).
    slabs = spanned[crossed] + 1
    owner = np.repeat(np.arange(crossed.size), slabs)
    j = np.arange(owner.size) - np.repeat(np.cumsum(slabs) - slabs, slabs)
    plane_below = np.where(j > 0, first[crossed][owner] + j - 1, -1)
    plane_above = np.where(j < slabs[owner] - 1, first[crossed][owner] + j, -1)
    level_below = _level(cuts, plane_below, y[a][owner])
    level_above = _level(cuts, plane_above, y[c][owner])
    a, b, c, y_b = a[owner], b[owner], c[owner], y[b][owner]
    polygon = np.stack(
        [
            edges.vertex(edges.long[owner], plane_below, a),  # up the long side
            edges.vertex(edges.long[owner], plane_above, c),
            edges.on_short_sides(owner, plane_above, level_above, y_b, b, c),  # down the other
            np.where((y_b >= level_below) & (y_b <= level_above), b, -1),
            edges.on_short_sides(owner, plane_below, level_below, y_b, b, a),
        ],
        axis=1,
    )
    with_b = polygon[:, 3] >= 0
    flip = keeps_winding[owner]
    made = []
    for fan, flipped in (
        (polygon[:, [0, 1, 2]], flip),
        (np.where(with_b[:, None], polygon[:, [0, 2, 3]], polygon[:, [0, 2, 4]]), flip),
        (polygon[with_b][:, [0, 3, 4]], flip[with_b]),
    ):
        # The slab's corners run round the way (a, c, b) does: back to the input's winding.
        fan = np.where(flipped[:, None], fan[:, [0, 2, 1]], fan)
        whole = (fan[:, 0] != fan[:, 1]) & (fan[:, 1] != fan[:, 2]) & (fan[:, 0] != fan[:, 2])
        made.append(fan[whole])
    new_positions, new_attributes = edges.made(attributes)
    return (
        np.concatenate([positions, new_positions]),
        np.concatenate([attributes, new_attributes]),
        np.concatenate([kept, *made]).astype(triangles.dtype, copy=False),
    )


def spans(heights):
    """The least and greatest (each (m,)) of the triangles' corners' ``heights`` (m, 3)."""
    one, two, three = heights.T
    return np.minimum(np.minimum(one, two), three), np.maximum(np.maximum(one, two), three)


def _by_height(triangles, heights):
    """Each triangle's corners, three (m,) arrays from the lowest to the highest of ``heights``
    (m, 3) (ties in their order), and whether that order keeps the winding (m,): an even
    permutation."""
    h0, h1, h2 = heights.T
    after_01, after_02, after_12 = h0 > h1, h0 > h2, h1 > h2  # the first of each pair goes after
    ranks = (
        after_01.astype(np.int8) + after_02,
        (~after_01).astype(np.int8) + after_12,
        (~after_02).astype(np.int8) + ~after_12,
    )
    one, two, three = triangles.T
    ordered = [np.where(ranks[0] == rank, one, np.where(ranks[1] == rank, two, three)) for rank in range(3)]
    return ordered, ~(after_01 ^ after_02 ^ after_12)


def _level(cuts, plane, otherwise):
    """The y of ``plane`` (an index into cuts), or ``otherwise`` where it is -1 (a corner)."""
    return np.where(plane >= 0, cuts[np.maximum(plane, 0)], otherwise)


class _CutEdges:
    """The distinct edges of the crossed triangles (their corners ``a``, ``b``, ``c`` (t,), by
    height) and the vertices where the planes strictly inside an edge's span cross it, numbered
    after the input's ``positions``, edge by edge and up each edge plane by plane."""

    def __init__(self, positions, cuts, a, b, c):
        self.positions, self.cuts = positions, cuts
        t = len(a)
        one, other = np.concatenate([a, b, a]), np.concatenate([b, c, c])  # sides ab, bc, ac
        n = len(positions)
        keys = np.minimum(one, other).astype(np.int64) * n + np.maximum(one, other)
        keys, inverse = np.unique(keys, return_inverse=True)
        inverse = inverse.ravel()
        self.lower, self.upper, self.long = inverse[:t], inverse[t : 2 * t], inverse[2 * t :]
        self.p, self.q = keys // n, keys % n
        y_p, y_q = positions[self.p, 1], positions[self.q, 1]
        self.first = np.searchsorted(cuts, np.minimum(y_p, y_q), side="right")
        self.counts = np.maximum(np.searchsorted(cuts, np.maximum(y_p, y_q), side="left") - self.first, 0)
        # The vertex of edge e at plane k is base[e] + k.
        self.base = len(positions) + np.cumsum(self.counts) - self.counts - self.first

    def vertex(self, edge, plane, corner):
        """The vertex on ``edge`` at ``plane``, or ``corner`` where the plane is -1."""
        return np.where(plane >= 0, self.base[edge] + plane, corner)

    def on_short_sides(self, owner, plane, level, y_b, b, corner):
        """The vertex at ``plane`` (its ``level``) on the short sides a-b-c of the ``owner``
        triangles (``b`` itself at its own height ``y_b``), or ``corner`` where the plane is -1."""
        lower = self.vertex(self.lower[owner], plane, corner)
        upper = self.vertex(self.upper[owner], plane, corner)
        return np.where(plane < 0, corner, np.where(level < y_b, lower, np.where(level > y_b, upper, b)))

    def made(self, attributes):
        """(positions (v, 3), attributes (v, a)) of the new vertices, in their numbering."""
        counts = self.counts
        edge = np.repeat(np.arange(len(counts)), counts)
        plane = np.arange(edge.size) - np.repeat(np.cumsum(counts) - counts - self.first, counts)
        level = self.cuts[plane]
        table = np.hstack([self.positions, attributes])
        low, high = np.take(table, self.p[edge], axis=0), np.take(table, self.q[edge], axis=0)
        share = ((level - low[:, 1]) / (high[:, 1] - low[:, 1]))[:, None]
        made = low + share * (high - low)
        made[:, 1] = level  # on the plane exactly
        return made[:, :3], made[:, 3:]
