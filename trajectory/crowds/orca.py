"""Reciprocal collision avoidance (ORCA: van den Berg, Guy, Lin and Manocha, "Reciprocal n-body
collision avoidance", 2011), as RVO2 steps it, for a whole crowd at once: each agent's nearest
neighbours give it a half-plane of velocities each (the ones that cannot collide with that
neighbour within the time horizon, each taking half the responsibility), and the velocity
nearest its preferred one inside them all (and inside its top speed) is found by RVO2's
incremental linear program, line by line for every agent together; where the half-planes leave
nothing, the velocity that breaks them least (RVO2's 3D program).

The arithmetic is RVO2's, in double precision (RVO2's is single). Neighbours are the nearest
``max_neighbours`` within ``neighbour_distance``, nearest first; RVO2 orders equally distant
ones by its k-d tree, here in the order the grid finds them. Static obstacles
(``orca_obstacles``) come first, as in RVO2: their half-planes are kept whole where the
program must break some.

The pieces of a step, for every agent at once: ``nearest_neighbours``, ``agent_lines`` (the
neighbours' half-planes), ``wall_lines`` (the obstacles'), ``orca_velocities`` (the programs).
``Avoidance`` puts them together; ``Agents`` is RVO2's simulator made of them.
"""

import math

import numpy as np

from trajectory.crowds.neighbours import close_pairs, pairs_within
from trajectory.crowds.orca_obstacles import EPSILON, obstacle_lines, obstacle_neighbours

FEW_AGENTS = 48
"""Up to this many agents, neighbours are found from every distance at once rather than a grid."""


def orca_velocities(lines, line_counts, walls, max_speeds, preferred):
    """RVO2's new velocities (n, 2) for agents of ``max_speeds`` (n,) that would rather move at
    ``preferred`` (n, 2): nearest it on the allowed side of each agent's first ``line_counts``
    (n,) half-planes of ``lines`` (points and directions (n, k, 2), as ``agent_lines`` gives
    them: its neighbours') and of the obstacles' half-planes ``walls`` (as ``wall_lines``
    gives them)."""
    agent_points, agent_directions = lines
    count, width = agent_points.shape[:2]
    points, directions, fixed = walls
    # The obstacles' lines first, then the neighbours', packed.
    points = np.concatenate([points, np.zeros((count, width, 2))], axis=1)
    directions = np.concatenate([directions, np.zeros((count, width, 2))], axis=1)
    rows, columns = np.arange(count)[:, None], fixed[:, None] + np.arange(width)[None]
    points[rows, columns], directions[rows, columns] = agent_points, agent_directions
    counts = fixed + line_counts
    new, failed = _closest(points, directions, counts, max_speeds, preferred)
    broken = np.flatnonzero(failed < counts)
    if broken.size:
        new[broken] = _least_broken(
            points[broken],
            directions[broken],
            counts[broken],
            failed[broken],
            fixed[broken],
            max_speeds[broken],
            new[broken],
        )
    return new


def wall_lines(edges, positions, velocities, radii, max_speeds, obstacle_time_horizon):
    """The ORCA half-planes of the obstacle ``edges`` (an ``orca_obstacles.Edges``) for agents
    at ``positions`` moving at ``velocities`` (n, 2), of ``radii`` and ``max_speeds`` (n,): points
    and unit directions (n, e, 2) and how many each agent has (n,), as RVO2 makes them for the
    edges each can reach within ``obstacle_time_horizon``."""
    reach = obstacle_time_horizon * max_speeds + radii
    near = obstacle_neighbours(edges, positions, reach)
    return obstacle_lines(edges, positions, velocities, radii, near, 1.0 / obstacle_time_horizon)


def wall_velocities(walls, max_speeds, preferred):
    """The velocities (n, 2) nearest ``preferred`` that only the obstacles' half-planes
    ``walls`` (as ``wall_lines`` gives them) allow, within ``max_speeds``; where they allow none,
    the velocity of the last line they could meet."""
    points, directions, counts = walls
    return _closest(points, directions, counts, max_speeds, preferred)[0]


def nearest_neighbours(positions, neighbour_distance, max_neighbours):
    """Each of ``positions``' (n, 2) neighbours (n, max_neighbours): the nearest others whose
    centres are closer than ``neighbour_distance``, nearest first (equally near ones, to about
    1e-16 of the agent count times the distance squared, in a fixed order), -1 past the last."""
    count, most = len(positions), max_neighbours
    found = np.full((count, most), -1, dtype=np.int64)
    if not most or count < 2:
        return found
    if count <= FEW_AGENTS:
        return _nearest_among_few(positions, neighbour_distance, most)
    # First within the radius that holds about twice as many at the crowd's mean density:
    # an agent with max_neighbours there has all of its nearest; the rest look as far as asked.
    low, high = positions.min(axis=0), positions.max(axis=0)
    area = float(np.prod(high - low + neighbour_distance))  # padded: a line has an area
    near = min(neighbour_distance, math.sqrt(2.0 * most * area / (math.pi * count)))
    first, second = close_pairs(positions, near)
    agent, other = np.concatenate([first, second]), np.concatenate([second, first])
    if near < neighbour_distance:
        short = np.flatnonzero(np.bincount(agent, minlength=count) < most)
        settled = np.ones(count, dtype=bool)
        settled[short] = False
        owner, point = pairs_within(positions, positions[short], neighbour_distance)
        again = point != short[owner]
        kept = settled[agent]
        agent = np.concatenate([agent[kept], short[owner[again]]])
        other = np.concatenate([other[kept], point[again]])
    gaps = positions[other] - positions[agent]
    squares = gaps[:, 0] ** 2 + gaps[:, 1] ** 2
    keep = squares < neighbour_distance**2
    agent, other, squares = agent[keep], other[keep], squares[keep]
    # By agent, then nearest first: one sort of a key that holds both (the squares are under
    # the span each agent's part of it has; a stable sort keeps near-ties in a fixed order).
    order = np.argsort(agent * (2.0 * neighbour_distance**2) + squares, kind="stable")
    agent, other = agent[order], other[order]
    starts = np.flatnonzero(np.diff(agent, prepend=-1))
    rank = np.arange(len(agent)) - np.repeat(starts, np.diff(np.append(starts, len(agent))))
    kept = rank < most
    found[agent[kept], rank[kept]] = other[kept]
    return found


def _nearest_among_few(positions, neighbour_distance, most):
    """``nearest_neighbours`` by every distance at once (n, n): for a few agents, far quicker
    than a grid; equally near ones by index."""
    gaps = positions[None] - positions[:, None]
    squares = gaps[..., 0] ** 2 + gaps[..., 1] ** 2
    np.fill_diagonal(squares, np.inf)
    squares[squares >= neighbour_distance**2] = np.inf
    order = np.argsort(squares, axis=1, kind="stable")[:, :most]
    near = np.take_along_axis(squares, order, axis=1) < np.inf
    found = np.where(near, order, -1)
    if found.shape[1] < most:
        found = np.pad(found, ((0, 0), (0, most - found.shape[1])), constant_values=-1)
    return found


def _cross(a, b):
    """The 2D cross products (RVO2's ``det``) of (..., 2) vectors."""
    return a[..., 0] * b[..., 1] - a[..., 1] * b[..., 0]


def _dot(a, b):
    return a[..., 0] * b[..., 0] + a[..., 1] * b[..., 1]


def agent_lines(positions, velocities, radii, neighbours, inverse_horizon, inverse_step):
    """Each agent's ORCA half-plane from each of its ``neighbours`` (n, k; -1 none): a point on
    its line and the line's unit direction, each (n, k, 2), the allowed side on the left. Every
    case is worked out for every pair, component by component, and the pair's own kept: no
    gathering of the pairs of each case (a crowd's pairs are mostly of one)."""
    valid = neighbours >= 0
    other = np.where(valid, neighbours, np.arange(len(positions))[:, None])
    px, py = positions[other, 0] - positions[:, 0, None], positions[other, 1] - positions[:, 1, None]
    vx, vy = velocities[:, 0, None] - velocities[other, 0], velocities[:, 1, None] - velocities[other, 1]
    distance_sq = px * px + py * py
    combined = radii[:, None] + radii[other]
    combined_sq = combined * combined
    with np.errstate(divide="ignore", invalid="ignore"):
        apart = distance_sq > combined_sq
        # Apart: the relative velocity from the cut-off circle's centre, projected on the circle
        # or on a leg.
        wx, wy = vx - inverse_horizon * px, vy - inverse_horizon * py
        w_length_sq = wx * wx + wy * wy
        along = wx * px + wy * py
        on_cutoff = apart & (along < 0.0) & (along * along > combined_sq * w_length_sq)
        leg = np.sqrt(distance_sq - combined_sq)
        side = np.where(px * wy - py * wx > 0.0, 1.0, -1.0)  # the right leg is the left mirrored
        scale = side / distance_sq
        leg_x, leg_y = (px * leg - side * py * combined) * scale, (side * px * combined + py * leg) * scale
        projected = vx * leg_x + vy * leg_y
        # Overlapping already: clear within the time step, from that cut-off circle.
        touching = ~apart
        inverse = np.where(touching, inverse_step, inverse_horizon)
        wx, wy = (
            np.where(touching, vx - inverse_step * px, wx),
            np.where(touching, vy - inverse_step * py, wy),
        )
        w_length = np.sqrt(wx * wx + wy * wy)
        # Standing on each other, at the same velocity (RVO2's answer is NaN): the one listed
        # first steps off along -x, the other along +x.
        still = w_length == 0.0
        away = np.where(np.arange(len(positions))[:, None] < other, -1.0, 1.0)
        unit_x = np.where(still, away, wx / w_length)
        unit_y = np.where(still, 0.0, wy / w_length)
        circle = on_cutoff | touching
        shrink = combined * inverse - w_length
        direction_x = np.where(circle, unit_y, leg_x)
        direction_y = np.where(circle, -unit_x, leg_y)
        u_x = np.where(circle, shrink * unit_x, projected * leg_x - vx)
        u_y = np.where(circle, shrink * unit_y, projected * leg_y - vy)
    points = np.stack([velocities[:, 0, None] + 0.5 * u_x, velocities[:, 1, None] + 0.5 * u_y], axis=-1)
    directions = np.stack([direction_x, direction_y], axis=-1)
    return np.where(valid[..., None], points, 0.0), np.where(valid[..., None], directions, 0.0)


def _closest(points, directions, counts, radii, preferred):
    """RVO2's ``linearProgram2`` for every agent: the velocity (n, 2) nearest ``preferred``
    within ``radii`` (n,) on the allowed side of each agent's first ``counts`` (n,) lines, and
    the line (n,) where that first failed (its count where none did; the velocity then the
    last that worked)."""
    speed_sq = _dot(preferred, preferred)
    outside = speed_sq > radii * radii
    scale = np.where(outside, radii / np.sqrt(np.where(outside, speed_sq, 1.0)), 1.0)
    result = preferred * scale[:, None]
    return _incremental(points, directions, counts, radii, preferred, result, direction_only=False)


def _incremental(points, directions, counts, radii, optimum, result, direction_only):
    """``linearProgram2`` from ``result`` (n, 2): lines taken in turn, each one the result
    breaks moving it onto that line (``_onto_line``); an agent stops at its first line that
    cannot be met."""
    lines = points.shape[1]
    failed = counts.copy()
    for line in range(lines):
        live = (failed == counts) & (line < counts)
        breaks = live & (_cross(directions[:, line], points[:, line] - result) > 0.0)
        agents = np.flatnonzero(breaks)
        if not agents.size:
            continue
        moved, met = _onto_line(
            points[agents], directions[agents], line, radii[agents], optimum[agents], direction_only
        )
        result[agents[met]] = moved[met]
        failed[agents[~met]] = line
    return result, failed


def _onto_line(points, directions, line, radii, optimum, direction_only):
    """RVO2's ``linearProgram1`` for m agents at once: the point of line ``line`` (of each
    agent's lines (m, k, 2)) within the speed circle and on the allowed side of the lines before
    it, nearest the ``optimum`` (or furthest along it, ``direction_only``); and whether there is
    one (m,)."""
    point, direction = points[:, line], directions[:, line]
    along = _dot(point, direction)
    discriminant = along * along + radii * radii - _dot(point, point)
    met = discriminant >= 0.0
    root = np.sqrt(np.maximum(discriminant, 0.0))
    low, high = -along - root, -along + root
    for before in range(line):
        denominator = _cross(direction, directions[:, before])
        numerator = _cross(directions[:, before], point - points[:, before])
        parallel = np.abs(denominator) <= EPSILON
        met &= ~(parallel & (numerator < 0.0))
        with np.errstate(divide="ignore", invalid="ignore"):
            t = numerator / denominator
        high = np.where(~parallel & (denominator >= 0.0), np.minimum(high, t), high)
        low = np.where(~parallel & (denominator < 0.0), np.maximum(low, t), low)
        met &= low <= high
    if direction_only:
        t = np.where(_dot(optimum, direction) > 0.0, high, low)
    else:
        t = np.clip(_dot(direction, optimum - point), low, high)
    return point + t[:, None] * direction, met


def _least_broken(points, directions, counts, first, fixed, radii, result):
    """RVO2's ``linearProgram3`` for m agents whose lines (m, k, 2) (their first ``counts`` (m,)
    of them) cannot all be met from line ``first`` (m,) on: the velocity within ``radii`` (m,)
    that breaks the worst of them least, the first ``fixed`` (m,) (an obstacle's) kept whole,
    from ``result`` (m, 2) (the program's answer for the lines before). Line by line for all of
    them at once; each agent's lines projected onto the line it breaks most, then its program
    in one dimension more (``_incremental``)."""
    worst = np.zeros(len(counts))
    for line in range(int(first.min()), int(counts.max())):
        live = (line >= first) & (line < counts)
        live[live] = _cross(directions[live, line], points[live, line] - result[live]) > worst[live]
        agents = np.flatnonzero(live)
        if not agents.size:
            continue
        own_fixed, radius = fixed[agents], radii[agents]
        width = max(line, int(own_fixed.max()))
        before_points, before_directions = points[agents, :width], directions[agents, :width]
        point, direction = points[agents, line, None], directions[agents, line, None]  # (a, 1, 2)
        determinant = _cross(direction, before_directions)
        parallel = np.abs(determinant) <= EPSILON
        with np.errstate(divide="ignore", invalid="ignore"):
            offset = _cross(before_directions, point - before_points) / determinant
            crossing = np.where(
                parallel[..., None], 0.5 * (point + before_points), point + offset[..., None] * direction
            )
            between = before_directions - direction
            between = between / np.sqrt(_dot(between, between))[..., None]
        column = np.arange(width)[None]
        obstacle = column < own_fixed[:, None]
        same_way = parallel & (_dot(direction, before_directions) > 0.0)  # the same way: no bound
        keep = obstacle | ((column < line) & ~same_way)
        projected_points = np.where(obstacle[..., None], before_points, crossing)
        projected_directions = np.where(obstacle[..., None], before_directions, between)
        order = np.argsort(~keep, axis=1, kind="stable")[..., None]  # the kept ones first, in order
        outward = np.column_stack([-direction[:, 0, 1], direction[:, 0, 0]])
        count = keep.sum(axis=1)
        found, failed = _incremental(
            np.take_along_axis(projected_points, order, axis=1),
            np.take_along_axis(projected_directions, order, axis=1),
            count,
            radius,
            outward,
            outward * radius[:, None],
            direction_only=True,
        )
        met = failed == count  # else rounding: the result already met them, kept
        result[agents[met]] = found[met]
        worst[agents] = _cross(direction[:, 0], point[:, 0] - result[agents])
    return result
