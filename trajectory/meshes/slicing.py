"""A triangle mesh cut by planes y = c: every triangle that a plane crosses is split along it, so
that no triangle of the result spans a plane (what ``bend`` does before it bends a model, so that
its long straight edges follow the curve).

Each triangle is cut into its slabs between consecutive planes, each slab a convex polygon of 3
to 5 corners, fanned into triangles. A corner on an edge is keyed by that edge of the input and
its plane, and worked out from the edge's own ends: the two triangles beside an edge share it,
exactly (no cracks, no doubled vertices).
"""

import numpy as np


def sliced(positions, attributes, triangles, cuts):
    """``triangles`` (m, 3) of ``positions`` (n, 3) cut by the planes y = ``cuts`` (k,, ascending):
    (positions (n', 3), attributes (n', a), triangles (m', 3)). ``attributes`` (n, a) (normals,
    texture coordinates) are interpolated linearly along the cut edges; the first n vertices are
    the input's, unchanged; triangles keep their winding."""
    y = positions[:, 1]
    corners = y[triangles]
    low, high = corners.min(axis=1), corners.max(axis=1)
    first = np.searchsorted(cuts, low, side="right")
    spanned = np.searchsorted(cuts, high, side="left") - first  # planes strictly inside
    crossed = np.flatnonzero(spanned > 0)
    if not crossed.size:
        return positions, attributes, triangles
    kept = triangles[spanned == 0]
    sorted_corners, keeps_winding = _by_height(triangles[crossed], corners[crossed])  # a, b, c by y
    # Slab j of a crossed triangle lies between its planes j - 1 and j (its own lowest and
    # highest corners at the ends).
    slabs = spanned[crossed] + 1
    owner = np.repeat(np.arange(crossed.size), slabs)
    j = np.arange(owner.size) - np.repeat(np.cumsum(slabs) - slabs, slabs)
    plane_below = np.where(j > 0, first[crossed][owner] + j - 1, -1)
    plane_above = np.where(j < slabs[owner] - 1, first[crossed][owner] + j, -1)
    a, b, c = sorted_corners[owner].T
    requests = _Requests(positions, cuts)
    polygon = np.stack(
        [
            requests.on_edge(a, c, plane_below, a),  # up the long side
            requests.on_edge(a, c, plane_above, c),
            requests.on_short_side(a, b, c, plane_above, c),  # down the other
            np.where(
                (y[b] >= _level(cuts, plane_below, y[a])) & (y[b] <= _level(cuts, plane_above, y[c])), b, -1
            ),
            requests.on_short_side(a, b, c, plane_below, a),
        ],
        axis=1,
    )
    new_positions, new_attributes, ids = requests.vertices(attributes)
    polygon = np.where(polygon < -1, ids[np.maximum(-polygon - 2, 0)], polygon)
    with_b = polygon[:, 3] >= 0
    fans = [polygon[:, [0, 1, 2]], np.where(with_b[:, None], polygon[:, [0, 2, 3]], polygon[:, [0, 2, 4]])]
    fans.append(polygon[with_b][:, [0, 3, 4]])
    flips = [keeps_winding[owner], keeps_winding[owner], keeps_winding[owner][with_b]]
    made = []
    for fan, flip in zip(fans, flips):
        # The slab's corners run round the way (a, c, b) does: back to the input's winding.
        fan = np.where(flip[:, None], fan[:, [0, 2, 1]], fan)
        whole = (fan[:, 0] != fan[:, 1]) & (fan[:, 1] != fan[:, 2]) & (fan[:, 0] != fan[:, 2])
        made.append(fan[whole])
    return (
        np.concatenate([positions, new_positions]),
        np.concatenate([attributes, new_attributes]),
        np.concatenate([kept, *made]).astype(triangles.dtype, copy=False),
    )


def _by_height(triangles, heights):
    """Each triangle's corners (m, 3) from the lowest to the highest of ``heights`` (m, 3), and
    whether that order keeps its winding (m,): three compare-and-swaps, counted."""
    corners, heights = triangles.T.copy(), heights.T.copy()
    keeps = np.ones(len(triangles), dtype=bool)
    for i, k in ((0, 1), (1, 2), (0, 1)):
        swap = heights[i] > heights[k]
        corners[[i, k]] = np.where(swap, corners[[k, i]], corners[[i, k]])
        heights[[i, k]] = np.where(swap, heights[[k, i]], heights[[i, k]])
        keeps ^= swap
    return corners.T, keeps


def _level(cuts, plane, otherwise):
    """The y of ``plane`` (an index into cuts), or ``otherwise`` where it is -1 (a corner)."""
    return np.where(plane >= 0, cuts[np.maximum(plane, 0)], otherwise)


class _Requests:
    """The vertices where input edges meet planes, asked for slab by slab: each ask answers a
    code -2 - k for the k-th ask, resolved to a vertex index by ``vertices`` once all are in."""

    def __init__(self, positions, cuts):
        self.positions, self.cuts = positions, cuts
        self.asks = []  # (ends p (r,), ends q (r,), planes (r,)), each edge with p < q
        self.count = 0

    def on_edge(self, p, q, plane, corner):
        """The vertex on edge p-q at ``plane``, or ``corner`` where the plane is -1."""
        at = np.flatnonzero(plane >= 0)
        codes = np.array(corner, copy=True)
        codes[at] = -2 - (self.count + np.arange(at.size))
        self.asks.append((np.minimum(p, q)[at], np.maximum(p, q)[at], plane[at]))
        self.count += at.size
        return codes

    def on_short_side(self, a, b, c, plane, corner):
        """The vertex at ``plane`` on the short sides a-b-c (b itself at its own level), or
        ``corner`` where the plane is -1."""
        y = self.positions[:, 1]
        level = _level(self.cuts, plane, y[corner])
        below = self.on_edge(a, b, np.where((plane >= 0) & (level < y[b]), plane, -1), corner)
        above = self.on_edge(b, c, np.where((plane >= 0) & (level > y[b]), plane, -1), corner)
        return np.where(plane < 0, corner, np.where(level < y[b], below, np.where(level > y[b], above, b)))

    def vertices(self, attributes):
        """(positions (v, 3), attributes (v, a), ids (asks,)): one new vertex per distinct
        (edge, plane), numbered after the input's; ids[k] the vertex of the k-th ask."""
        p, q, plane = (np.concatenate(column) for column in zip(*self.asks))
        n, planes = len(self.positions), len(self.cuts)
        edges = p.astype(np.int64) * n + q
        if n * n * planes >= 2**62:  # the key would overflow: edges numbered first
            edges = np.unique(edges, return_inverse=True)[1].ravel()
        keys = edges * planes + plane
        order = np.argsort(keys)
        ordered = keys[order]
        new = np.concatenate([[True], ordered[1:] != ordered[:-1]])
        first = order[new]
        ids = np.empty_like(order)
        ids[order] = np.cumsum(new) - 1
        p, q, plane = p[first], q[first], plane[first]
        level = self.cuts[plane]
        y_p, y_q = self.positions[p, 1], self.positions[q, 1]
        share = ((level - y_p) / (y_q - y_p))[:, None]
        positions = self.positions[p] + share * (self.positions[q] - self.positions[p])
        positions[:, 1] = level  # on the plane exactly
        made = attributes[p] + share * (attributes[q] - attributes[p])
        return positions, made, n + ids
