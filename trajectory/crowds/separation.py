"""Discs pushed apart until none overlaps another (nor an obstacle edge) by more than a share of
its radius: what a crowd that avoids by ORCA does after each step, where a squeeze (a corner, a
gap, two streams) has let discs overlap. Each round, every overlapping pair is pushed apart
along the line between the centres, each disc by half the overlap and half the tolerance (the
pair left as far apart as it was let overlap: a pack settles in about half the rounds it takes
to just touch; an edge pushes by the whole overlap), averaged over its contacts so that a disc
in a pack does not overshoot; rounds go on until every overlap is within the tolerance.

>>> separated(np.array([[0.0, 0.0], [0.5, 0.0]]), np.array([0.5, 0.5])).round(6).tolist()
[[-0.2525, 0.0], [0.7525, 0.0]]
"""

import numpy as np

from trajectory._numerics.checks import finite_points, positive_each
from trajectory.crowds.neighbours import close_pairs
from trajectory.crowds.orca_obstacles import obstacle_neighbours

TOLERANCE = 0.01
"""The overlap left (a share of the smaller radius) after ``separated``."""
MAX_ROUNDS = 1000
SKIN = 0.5
"""How much further than touching (a share of the largest radius) the pairs and edges a round
looks at are found; they are found again once a disc has moved half as far."""


def separated(positions, radii, edges=None, tolerance=TOLERANCE, fixed=None, rounds=None):
    """``positions`` (n, 2) of discs of ``radii`` (one, or (n,)) moved the least way (pair by pair) so
    that no two overlap by more than ``tolerance`` of the smaller radius and none reaches past
    an obstacle edge (``edges``, an ``orca_obstacles.Edges``, from its outer side) by more than
    that of its radius, nor into one of the ``fixed`` discs (centres (m, 2) and radii, one or
    (m,): discs that do not move, such as vehicles; one pushes by the whole overlap, as an edge
    does): a new (n, 2) array. With ``rounds`` (a crowd's step, which must go on), at most that
    many rounds, and the discs as far apart as they got.

    Raises:
        ValueError: On positions that are not finite (n, 2) numbers, radii that are not positive,
            or (without ``rounds``) when the discs cannot be separated in ``MAX_ROUNDS`` rounds
            (packed tighter than they fit).
    """
    positions = finite_points(positions, "positions", min_count=0, dims=2)
    count = len(positions)
    radii = positive_each(radii, count, "radii", "a positive number (length units)")
    if count == 0:
        return positions.copy()
    if fixed is not None:
        still = finite_points(fixed[0], "fixed discs' centres", min_count=0, dims=2)
        still_radii = positive_each(fixed[1], len(still), "fixed discs' radii", "a positive number")
        positions, radii = np.concatenate([positions, still]), np.concatenate([radii, still_radii])
    else:
        positions = positions.copy()
    movable = np.arange(len(positions)) < count
    skin = SKIN * float(radii.max())
    listed = None  # where the discs were when the candidate pairs and edges were found
    for _ in range(MAX_ROUNDS if rounds is None else rounds):
        if listed is None or _moved_sq(positions, listed) > (skin / 2.0) ** 2:
            listed = positions.copy()
            first, second = close_pairs(positions, 2.0 * float(radii.max()) + skin)
            first, second = np.asarray(first, dtype=np.int64), np.asarray(second, dtype=np.int64)
            either = movable[first] | movable[second]
            first, second = first[either], second[either]
            agent, edge = _edge_candidates(edges, positions[:count], radii[:count], skin)
        push, contacts = np.zeros((len(positions), 2)), np.zeros(len(positions))
        worst = _pair_pushes(positions, radii, movable, first, second, tolerance, push, contacts)
        if len(agent):
            outward, depth = _edge_depths(edges, positions, radii, agent, edge, tolerance)
            inside = depth > 0.0
            if inside.any():
                worst = max(worst, float(depth[inside].max()))
                np.add.at(push, agent[inside], outward[inside] * depth[inside, None])
                np.add.at(contacts, agent[inside], 1.0)
        if worst == 0.0:
            return positions[:count]
        moving = contacts > 0.0
        positions[moving] += push[moving] / contacts[moving][:, None]
    if rounds is not None:
        return positions[:count]
    raise ValueError(
        f"{count} discs could not be separated in {MAX_ROUNDS} rounds: are they packed tighter than they fit?"
    )


def _moved_sq(positions, listed):
    """The largest squared distance any disc has moved since ``listed`` (n, 2)."""
    moved = positions - listed
    return float((moved[:, 0] ** 2 + moved[:, 1] ** 2).max())


def _pair_pushes(positions, radii, movable, first, second, tolerance, push, contacts):
    """Add to ``push`` (n, 2) and ``contacts`` (n,) each candidate pair's push apart (each of
    ``first``, ``second`` (p,) by half the overlap and half the tolerance; a ``movable`` one
    with a fixed one, by all of it), where it overlaps by more than the tolerance; the worst
    overlap past it (0 where none does)."""
    gap = positions[second] - positions[first]
    distance = np.hypot(gap[:, 0], gap[:, 1])
    overlap = radii[first] + radii[second] - distance
    allowed = tolerance * np.minimum(radii[first], radii[second])
    over = overlap > allowed
    if not over.any():
        return 0.0
    worst = float((overlap[over] - allowed[over]).max())
    first, second, gap, distance = first[over], second[over], gap[over], distance[over]
    overlap = overlap[over] + allowed[over]
    # Coincident centres part along a direction of their own (by their indices).
    angle = (first * 0.618034 + second * 0.381966) * 2.0 * np.pi
    apart = np.where(
        (distance > 0.0)[:, None],
        gap / np.where(distance > 0.0, distance, 1.0)[:, None],
        np.column_stack([np.cos(angle), np.sin(angle)]),
    )
    first_moves, second_moves = movable[first], movable[second]
    share = 1.0 / (first_moves.astype(float) + second_moves)  # a half each, or all to the one that moves
    np.add.at(push, first, -(overlap * share * first_moves)[:, None] * apart)
    np.add.at(push, second, (overlap * share * second_moves)[:, None] * apart)
    np.add.at(contacts, first, first_moves.astype(float))
    np.add.at(contacts, second, second_moves.astype(float))
    return worst


def _edge_candidates(edges, positions, radii, skin):
    """The discs (k,) and obstacle edges (k,) (vertex indices) within their radius and ``skin``
    (on either side: a disc pushed across an edge's line faces it from outside): the only ones
    that can touch while no disc moves half the skin."""
    if edges is None or not len(edges):
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    near = obstacle_neighbours(edges, positions, radii + skin, either_side=True)
    agent, slot = np.nonzero(near >= 0)
    return agent, near[agent, slot]


def _edge_depths(edges, positions, radii, agent, edge, tolerance):
    """For each disc ``agent`` (k,) and its edge ``edge`` (k,): the unit direction (k, 2)
    straight out of the edge, and how far (k,) the disc must move to touch it where it stands on
    the edge's outer side and reaches past it by more than the tolerance (else 0)."""
    start = edges.points[edge]
    along = edges.points[edges.next[edge]] - start
    offset = positions[agent] - start
    share = np.clip((offset * along).sum(axis=1) / (along * along).sum(axis=1), 0.0, 1.0)
    gap = offset - share[:, None] * along
    distance = np.hypot(gap[:, 0], gap[:, 1])
    normal = np.column_stack([along[:, 1], -along[:, 0]])  # the edge's right: its outer side
    normal /= np.hypot(normal[:, 0], normal[:, 1])[:, None]
    safe = np.where(distance > 0.0, distance, 1.0)[:, None]
    direction = np.where((distance > 0.0)[:, None], gap / safe, normal)
    depth = radii[agent] - distance
    outer = offset[:, 0] * along[:, 1] - offset[:, 1] * along[:, 0] > 0.0  # right of its line
    return direction, np.where(outer & (depth > tolerance * radii[agent]), depth, 0.0)
