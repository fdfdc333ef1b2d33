"""Static obstacles for reciprocal collision avoidance, as RVO2 has them: polygons (vertices
counter-clockwise; two vertices make a wall passable on neither side) cut into the edges its
obstacle tree keeps (an edge that an other edge's line crosses is split there, as RVO2 splits it
building the tree, so that both see the same edges), and each agent's half-planes from the
edges it can see within its reach, RVO2's cases for every agent at once, edge by edge.
"""

import numpy as np

from trajectory._numerics.checks import finite_points
from trajectory.crowds.neighbours import pairs_within
from trajectory.planning.cell_grid import CellGrid

EPSILON = 1e-5
"""RVO2's ``RVO_EPSILON``."""


class Edges:
    """Obstacle vertices linked into edges, as RVO2's ``Obstacle`` list after its tree is built
    (polygons given as lists of (k, 2) vertices); or a map's blocked cells' outlines, the space
    beyond the map's edge blocked too (a ``CellGrid``: its edges are not cut, since they are
    many and a tower's placing rebuilds them).

    Attributes:
        points: (m, 2) each vertex; vertex i's edge runs to ``points[next[i]]``.
        next, previous: (m,) the vertex after and before each.
        directions: (m, 2) the unit direction of each vertex's edge.
        convex: (m,) whether the polygon turns left (or not at all) at each vertex.
    """

    def __init__(self, polygons):
        split = not isinstance(polygons, CellGrid)
        if not split:
            polygons = cell_outlines(polygons)
        points, following, before, directions, convex = [], [], [], [], []
        for number, polygon in enumerate(polygons):
            vertices = finite_points(polygon, f"obstacle {number}", min_count=2, dims=2)
            first, count = len(points), len(vertices)
            for k in range(count):
                after = vertices[(k + 1) % count]
                step = after - vertices[k]
                length = np.hypot(*step)
                if length == 0.0:
                    raise ValueError(f"obstacle {number} has two equal vertices in a row (vertex {k})")
                points.append(vertices[k])
                following.append(first + (k + 1) % count)
                before.append(first + (k - 1) % count)
                directions.append(step / length)
                convex.append(count == 2 or _left_of(vertices[k - 1], vertices[k], after) >= 0.0)
        self.points = points
        self.next, self.previous, self.directions, self.convex = following, before, directions, convex
        if points and split:
            _split_as_rvo2_does(self, list(range(len(points))))
        self.points = np.array(self.points, dtype=float).reshape(-1, 2)
        self.next = np.array(self.next, dtype=np.int64)
        self.previous = np.array(self.previous, dtype=np.int64)
        self.directions = np.array(self.directions, dtype=float).reshape(-1, 2)
        self.convex = np.array(self.convex, dtype=bool)

    def __len__(self):
        return len(self.points)


def cell_outlines(grid):
    """The outlines of ``grid``'s blocked cells and of the space beyond its edge, as polygons
    (k, 2) in world coordinates that keep the free cells on their right (counter-clockwise round
    a block of cells, clockwise round the free space inside the map's edge), straight runs of
    cell sides joined into one edge; where two blocked cells meet only at a corner, each keeps
    its own outline."""
    blocked = np.pad(grid.blocked, 1, constant_values=True)  # (rows + 2, cols + 2), row first
    free = ~blocked
    starts, steps = [], []
    rows, cols = np.nonzero(blocked)
    # Each side between a blocked cell and a free one, heading with the free cell on its right.
    for d_row, d_col, start, step in (
        (-1, 0, (0, 0), (1, 0)),  # free below: along the bottom, +x
        (0, 1, (1, 0), (0, 1)),  # free to the right: up the right side, +y
        (1, 0, (1, 1), (-1, 0)),  # free above: along the top, -x
        (0, -1, (0, 1), (0, -1)),  # free to the left: down the left side, -y
    ):
        inside = (
            (rows + d_row >= 0)
            & (rows + d_row < blocked.shape[0])
            & (cols + d_col >= 0)
            & (cols + d_col < blocked.shape[1])
        )
        side = np.zeros(len(rows), dtype=bool)
        side[inside] = free[rows[inside] + d_row, cols[inside] + d_col]
        starts.append(np.column_stack([cols[side] + start[0], rows[side] + start[1]]))
        steps.append(np.tile(step, (int(side.sum()), 1)))
    starts, steps = np.concatenate(starts), np.concatenate(steps)
    leaving = {}
    for index, corner in enumerate(map(tuple, starts.tolist())):
        leaving.setdefault(corner, []).append(index)
    used = np.zeros(len(starts), dtype=bool)
    polygons = []
    for first in range(len(starts)):
        if used[first]:
            continue
        loop, edge = [], first
        while not used[edge]:
            used[edge] = True
            loop.append(edge)
            end = tuple((starts[edge] + steps[edge]).tolist())
            choices = [other for other in leaving[end] if not used[other]] or leaving[end]
            # Where two blocked cells meet at a corner, turn left: round the same cell.
            edge = max(choices, key=lambda other: _cross(steps[edge], steps[other]))
        heading = steps[loop]
        turning = (heading != np.roll(heading, 1, axis=0)).any(axis=1)  # a corner, not a straight run
        polygons.append((starts[loop][turning] - 1) * grid.cell_size + np.array(grid.origin))
    return polygons


def _left_of(a, b, c):
    """RVO2's ``leftOf``: > 0 where ``c`` is left of the line from ``a`` to ``b``."""
    return (a[0] - c[0]) * (b[1] - a[1]) - (a[1] - c[1]) * (b[0] - a[0])


def _split_as_rvo2_does(edges, obstacles):
    """RVO2's ``buildObstacleTreeRecursive`` on vertices ``obstacles`` of ``edges`` (lists, while
    built): the edge whose line divides the rest most evenly chosen, every edge its line crosses
    split there (a convex vertex added at the crossing), and each side done again."""
    if not obstacles:
        return
    points, following = edges.points, edges.next
    best, least = 0, (len(obstacles), len(obstacles))
    for i in obstacles:
        left = right = 0
        a, b = points[i], points[following[i]]
        for j in obstacles:
            if i == j:
                continue
            j1, j2 = _left_of(a, b, points[j]), _left_of(a, b, points[following[j]])
            if j1 >= -EPSILON and j2 >= -EPSILON:
                left += 1
            elif j1 <= EPSILON and j2 <= EPSILON:
                right += 1
            else:
                left += 1
                right += 1
            if (max(left, right), min(left, right)) >= least:
                break
        if (max(left, right), min(left, right)) < least:
            least, best = (max(left, right), min(left, right)), i
    a, b = points[best], points[following[best]]
    left_side, right_side = [], []
    for j in obstacles:
        if j == best:
            continue
        j1, j2 = _left_of(a, b, points[j]), _left_of(a, b, points[following[j]])
        if j1 >= -EPSILON and j2 >= -EPSILON:
            left_side.append(j)
        elif j1 <= EPSILON and j2 <= EPSILON:
            right_side.append(j)
        else:
            start, end = points[j], points[following[j]]
            t = _cross(b - a, start - a) / _cross(b - a, start - end)
            new = len(points)
            points.append(start + t * (end - start))
            edges.directions.append(edges.directions[j])
            edges.convex.append(True)
            following.append(following[j])
            edges.previous.append(j)
            edges.previous[following[j]] = new
            following[j] = new
            if j1 > 0.0:
                left_side.append(j)
                right_side.append(new)
            else:
                right_side.append(j)
                left_side.append(new)
    _split_as_rvo2_does(edges, left_side)
    _split_as_rvo2_does(edges, right_side)


def _cross(a, b):
    return a[..., 0] * b[..., 1] - a[..., 1] * b[..., 0]


def _dot(a, b):
    return a[..., 0] * b[..., 0] + a[..., 1] * b[..., 1]


def _normalised(vectors):
    return vectors / np.sqrt(_dot(vectors, vectors))[..., None]


def obstacle_neighbours(edges, positions, reach, either_side=False):
    """Each agent's obstacle edges (n, e) (vertex indices, -1 past the last): those it stands
    on the outer (right) side of (or either side, ``either_side``), nearer than its ``reach``
    (n,), nearest first (equally near ones, to rounding, by index). Found through a grid:
    points along each edge (no further apart than the longest reach) are matched with the
    agents near them, then measured exactly."""
    count = len(positions)
    if not len(edges) or not count:
        return np.full((count, 0), -1, dtype=np.int64)
    start = edges.points
    along = edges.points[edges.next] - start
    spacing = float(reach.max())
    pieces = np.maximum(np.ceil(np.sqrt(_dot(along, along)) / spacing).astype(np.int64), 1)
    edge_of = np.repeat(np.arange(len(start)), pieces)
    share = (np.arange(pieces.sum()) - np.repeat(np.cumsum(pieces) - pieces, pieces) + 0.5) / pieces[edge_of]
    samples = start[edge_of] + share[:, None] * along[edge_of]
    owner, agent = pairs_within(positions, samples, spacing * 1.5)  # within half a piece and a reach
    edge = edge_of[owner]
    offset = positions[agent] - start[edge]
    side = _cross(-offset, along[edge])  # RVO2's leftOf(start, end, agent): < 0 on the right
    r = np.clip(_dot(offset, along[edge]) / _dot(along[edge], along[edge]), 0.0, 1.0)
    gap = offset - r[:, None] * along[edge]
    squares = _dot(gap, gap)
    seen = ((side < 0.0) | either_side) & (squares < reach[agent] ** 2)
    edge, agent, squares = edge[seen], agent[seen], squares[seen]
    twice = pieces[edge] > 1  # a long edge's pieces may find an agent more than once
    if twice.any():
        _, once = np.unique(edge * count + agent, return_index=True)
        edge, agent, squares = edge[once], agent[once], squares[once]
    # By agent, then nearest, then edge: the squares are under the span of each agent's part of
    # the key (a stable sort of pairs in edge order keeps equal ones by edge).
    by_edge = np.argsort(edge, kind="stable")
    edge, agent, squares = edge[by_edge], agent[by_edge], squares[by_edge]
    order = np.argsort(agent * (2.0 * spacing * spacing) + squares, kind="stable")
    edge, agent = edge[order], agent[order]
    starts = np.flatnonzero(np.diff(agent, prepend=-1))
    rank = np.arange(len(agent)) - np.repeat(starts, np.diff(np.append(starts, len(agent))))
    found = np.full((count, int(rank.max()) + 1 if len(rank) else 0), -1, dtype=np.int64)
    found[agent, rank] = edge
    return found


def obstacle_lines(edges, positions, velocities, radii, neighbours, inverse_horizon):
    """Each agent's ORCA half-planes from its obstacle ``neighbours`` (n, e): points and unit
    directions (n, e, 2) packed first, and how many each agent has (n,) (an edge already kept
    out by the lines before, or seen from behind a concave corner, gives none)."""
    count, slots = neighbours.shape
    points, directions = np.zeros((count, slots, 2)), np.zeros((count, slots, 2))
    made = np.zeros(count, dtype=np.int64)
    edge_points, following = edges.points, edges.next
    for slot in range(slots):
        agents = np.flatnonzero(neighbours[:, slot] >= 0)
        if not agents.size:
            continue
        first = neighbours[agents, slot]
        second = following[first]
        position, velocity = positions[agents], velocities[agents]
        radius = radii[agents]
        relative1, relative2 = edge_points[first] - position, edge_points[second] - position
        # Covered: both ends already kept out by one of the lines made before (all at once).
        lines = int(made[agents].max())
        point, direction = points[agents, :lines], directions[agents, :lines]  # (a, lines, 2)
        reach = (inverse_horizon * radius)[:, None] - EPSILON
        covered = (
            (np.arange(lines)[None] < made[agents][:, None])
            & (_cross(inverse_horizon * relative1[:, None] - point, direction) >= reach)
            & (_cross(inverse_horizon * relative2[:, None] - point, direction) >= reach)
        ).any(axis=1)
        new_point, new_direction, adds = _edge_line(edges, first, position, velocity, radius, inverse_horizon)
        adds &= ~covered
        chosen = agents[adds]
        points[chosen, made[chosen]] = new_point[adds]
        directions[chosen, made[chosen]] = new_direction[adds]
        made[chosen] += 1
    return points, directions, made


def _edge_line(edges, first, position, velocity, radius, inverse_horizon):
    """RVO2's cases for one obstacle edge of ``edges`` per agent (from vertex ``first`` (a,) to
    the next), the agents at ``position`` with ``velocity`` (a, 2) and ``radius`` (a,): the
    line's point and direction (a, 2), and whether there is one (a,)."""
    edge_points, previous, edge_directions, convex = (
        edges.points,
        edges.previous,
        edges.directions,
        edges.convex,
    )
    second = edges.next[first]
    relative1, relative2 = edge_points[first] - position, edge_points[second] - position
    size = len(first)
    point, direction = np.zeros((size, 2)), np.zeros((size, 2))
    adds = np.zeros(size, dtype=bool)
    pending = np.ones(size, dtype=bool)
    distance1, distance2 = _dot(relative1, relative1), _dot(relative2, relative2)
    radius_sq = radius * radius
    edge = edge_points[second] - edge_points[first]
    s = _dot(-relative1, edge) / _dot(edge, edge)
    off_line = -relative1 - s[:, None] * edge
    line_sq = _dot(off_line, off_line)

    def settle(where, line_direction=None, line_point=None):
        nonlocal pending
        if line_direction is not None:
            direction[where] = line_direction
            point[where] = 0.0 if line_point is None else line_point
            adds[where] = True
        pending &= ~where

    # Colliding with the start vertex, the end vertex or the edge itself.
    left_vertex = pending & (s < 0.0) & (distance1 <= radius_sq)
    settle(
        left_vertex & convex[first],
        _normalised(np.column_stack([-relative1[:, 1], relative1[:, 0]]))[left_vertex & convex[first]],
    )
    settle(left_vertex)
    right_vertex = pending & (s > 1.0) & (distance2 <= radius_sq)
    keeps = right_vertex & convex[second] & (_cross(relative2, edge_directions[second]) >= 0.0)
    settle(keeps, _normalised(np.column_stack([-relative2[:, 1], relative2[:, 0]]))[keeps])
    settle(right_vertex)
    on_edge = pending & (s >= 0.0) & (s <= 1.0) & (line_sq <= radius_sq)
    settle(on_edge, -edge_directions[first][on_edge])
    # Not colliding: the legs, from one vertex where the edge is seen end on.
    one = first.copy()
    two = second.copy()
    oblique_left = pending & (s < 0.0) & (line_sq <= radius_sq)
    settle(oblique_left & ~convex[first])
    oblique_right = pending & (s > 1.0) & (line_sq <= radius_sq)
    settle(oblique_right & ~convex[second])
    two[oblique_left] = first[oblique_left]
    one[oblique_right] = second[oblique_right]
    relative_one = edge_points[one] - position
    relative_two = edge_points[two] - position
    square_one, square_two = _dot(relative_one, relative_one), _dot(relative_two, relative_two)
    with np.errstate(invalid="ignore"):
        leg_one, leg_two = np.sqrt(square_one - radius_sq), np.sqrt(square_two - radius_sq)
    x1, y1, x2, y2 = relative_one[:, 0], relative_one[:, 1], relative_two[:, 0], relative_two[:, 1]
    with np.errstate(invalid="ignore", divide="ignore"):
        left_leg = (
            np.column_stack([x1 * leg_one - y1 * radius, x1 * radius + y1 * leg_one]) / square_one[:, None]
        )
        right_from_two = (
            np.column_stack([x2 * leg_two + y2 * radius, -x2 * radius + y2 * leg_two]) / square_two[:, None]
        )
        right_from_one = (
            np.column_stack([x1 * leg_one + y1 * radius, -x1 * radius + y1 * leg_one]) / square_one[:, None]
        )
        left_from_two = (
            np.column_stack([x2 * leg_two - y2 * radius, x2 * radius + y2 * leg_two]) / square_two[:, None]
        )
    usual = ~(oblique_left | oblique_right)
    left = np.where(usual[:, None], np.where(convex[one][:, None], left_leg, -edge_directions[one]), 0.0)
    right = np.where(
        usual[:, None], np.where(convex[two][:, None], right_from_two, edge_directions[one]), 0.0
    )
    left[oblique_left], right[oblique_left] = left_leg[oblique_left], right_from_one[oblique_left]
    left[oblique_right], right[oblique_right] = left_from_two[oblique_right], right_from_two[oblique_right]
    # A leg pointing into the neighbouring edge takes that edge's line, and projects on nothing.
    neighbour_direction = edge_directions[previous[one]]
    left_foreign = convex[one] & (_cross(left, -neighbour_direction) >= 0.0)
    left[left_foreign] = -neighbour_direction[left_foreign]
    right_foreign = convex[two] & (_cross(right, edge_directions[two]) <= 0.0)
    right[right_foreign] = edge_directions[two][right_foreign]
    left_cutoff = inverse_horizon * (edge_points[one] - position)
    right_cutoff = inverse_horizon * (edge_points[two] - position)
    cutoff = right_cutoff - left_cutoff
    same = one == two
    with np.errstate(invalid="ignore", divide="ignore"):
        t = np.where(same, 0.5, _dot(velocity - left_cutoff, cutoff) / _dot(cutoff, cutoff))
    t_left = _dot(velocity - left_cutoff, left)
    t_right = _dot(velocity - right_cutoff, right)
    reach = (radius * inverse_horizon)[:, None]
    on_left_circle = pending & (((t < 0.0) & (t_left < 0.0)) | (same & (t_left < 0.0) & (t_right < 0.0)))
    unit_w = _normalised(velocity - left_cutoff)
    settle(
        on_left_circle,
        np.column_stack([unit_w[:, 1], -unit_w[:, 0]])[on_left_circle],
        (left_cutoff + reach * unit_w)[on_left_circle],
    )
    on_right_circle = pending & (t > 1.0) & (t_right < 0.0)
    unit_w = _normalised(velocity - right_cutoff)
    settle(
        on_right_circle,
        np.column_stack([unit_w[:, 1], -unit_w[:, 0]])[on_right_circle],
        (right_cutoff + reach * unit_w)[on_right_circle],
    )
    with np.errstate(invalid="ignore"):
        to_cutoff = np.where(
            (t < 0.0) | (t > 1.0) | same, np.inf, _squared(velocity - (left_cutoff + t[:, None] * cutoff))
        )
        to_left = np.where(t_left < 0.0, np.inf, _squared(velocity - (left_cutoff + t_left[:, None] * left)))
        to_right = np.where(
            t_right < 0.0, np.inf, _squared(velocity - (right_cutoff + t_right[:, None] * right))
        )
    on_cutoff = pending & (to_cutoff <= to_left) & (to_cutoff <= to_right)
    line_direction = -edge_directions[one]
    settle(on_cutoff, line_direction[on_cutoff], (left_cutoff + reach * _outward(line_direction))[on_cutoff])
    on_left = pending & (to_left <= to_right)
    settle(
        on_left & ~left_foreign,
        left[on_left & ~left_foreign],
        (left_cutoff + reach * _outward(left))[on_left & ~left_foreign],
    )
    settle(on_left)
    on_right = pending & ~right_foreign
    settle(on_right, -right[on_right], (right_cutoff + reach * _outward(-right))[on_right])
    return point, direction, adds


def _squared(vectors):
    return _dot(vectors, vectors)


def _outward(direction):
    """(-y, x): the line's normal towards its allowed side."""
    return np.column_stack([-direction[:, 1], direction[:, 0]])
