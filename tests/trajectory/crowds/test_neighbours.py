"""Who is near whom: close pairs against all pairs, and the separation push against its sum
written out over all pairs (uncrowded) or over the bodies of crowded cells."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.budget import scaled
from trajectory.crowds.neighbours import close_pairs, pairs_within, separation_push


def random_points(count, seed, spread):
    """``count`` points: half uniform over ``spread``, half in a small cluster (so that pairs
    exist however wide the spread: a wide one makes the grid search its cells by bisection)."""
    rng = np.random.default_rng(seed)
    wide = rng.uniform(-spread, spread, (count - count // 2, 2))
    return np.vstack([wide, rng.uniform(-20, 20, (count // 2, 2))])


def all_pair_pushes(points, radius):
    """Σ (p_i - p_j) / |p_i - p_j|² over every j closer than ``radius``, by all n² pairs."""
    z = points[:, 0] + 1j * points[:, 1]
    gap = z[:, None] - z[None, :]
    square = np.abs(gap) ** 2
    near = (square < radius * radius) & (square > 0)
    return np.where(near, gap / np.where(near, square, 1.0), 0.0).sum(axis=1)


@settings(max_examples=scaled(50), deadline=None)
@given(st.integers(0, 60), st.floats(0.5, 30), st.integers(0, 1000), st.sampled_from([50.0, 1e7]))
def test_close_pairs_are_exactly_the_pairs_closer_than_the_radius(count, radius, seed, spread):
    points = random_points(count, seed, spread)
    first, second = close_pairs(points, radius)
    found = {tuple(sorted(pair)) for pair in zip(first.tolist(), second.tolist())}
    assert len(found) == len(first)  # each pair once
    expected = {
        (i, j) for i in range(count) for j in range(i + 1, count) if math.dist(points[i], points[j]) < radius
    }
    assert found == expected


@settings(max_examples=scaled(50), deadline=None)
@given(st.integers(0, 80), st.floats(0.5, 30), st.integers(0, 1000), st.sampled_from([50.0, 1e7]))
def test_uncrowded_points_push_pair_by_pair(count, radius, seed, spread):
    """With no cell crowded, the push is the sum over all pairs (to rounding: 1e-12 of the
    largest single push, 1 / the closest gap)."""
    points = random_points(count, seed, spread)
    push = separation_push(points, radius, crowd=count)
    expected = all_pair_pushes(points, radius)
    scale = 1.0 / max(np.min(np.abs(all_pair_pushes(points, np.inf)), initial=1.0), 1e-300)
    np.testing.assert_allclose(push, expected, rtol=0, atol=1e-12 * max(scale, 1.0))


def test_a_crowded_cell_pushes_as_one_body_at_its_centroid():
    """Six points in the cell [0, 10)², crowd 4: a lone point in the next cell feels six points at
    their centroid; a point of the crowd feels the other five at theirs and the lone point as
    itself (a body of one)."""
    crowd_points = np.array([[1.0, 1.0], [2.0, 5.0], [4.0, 2.0], [6.0, 7.0], [8.0, 3.0], [5.0, 5.0]])
    lone = np.array([[14.0, 6.0]])
    push = separation_push(np.vstack([crowd_points, lone]), 10.0, crowd=4)

    def body(at, others):
        gap = complex(*(at - others.mean(axis=0)))
        return len(others) * gap / abs(gap) ** 2 if abs(gap) < 10.0 else 0.0

    assert np.isclose(push[6], body(lone[0], crowd_points), rtol=1e-13, atol=0)
    for index, point in enumerate(crowd_points):
        others = np.delete(crowd_points, index, axis=0)
        expected = body(point, others) + body(point, lone)
        assert np.isclose(push[index], expected, rtol=1e-13, atol=1e-15), index


def cell_by_cell_pushes(points, radius, crowd):
    """The push on each point written out loop by loop from ``separation_push``'s rule: each of
    the nine cells around a point's own pushes point by point, or as one body at its centroid
    when it or the point's own cell holds more than ``crowd``."""
    cells = [tuple(cell) for cell in np.floor(points / radius).astype(int).tolist()]
    members = {}
    for index, cell in enumerate(cells):
        members.setdefault(cell, []).append(index)

    def push(at, others, weight):
        gap = complex(*(at - others))
        square = gap.real**2 + gap.imag**2
        return weight * gap / max(square, 1e-12) if square < radius * radius else 0.0

    result = np.zeros(len(points), dtype=complex)
    for index, (x, y) in enumerate(cells):
        own_crowded = len(members[(x, y)]) > crowd
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                others = [j for j in members.get((x + dx, y + dy), []) if j != index]
                if not others:
                    continue
                if own_crowded or len(members[(x + dx, y + dy)]) > crowd:
                    result[index] += push(points[index], points[others].mean(axis=0), len(others))
                else:
                    result[index] += sum(push(points[index], points[j], 1) for j in others)
    return result


@settings(max_examples=scaled(50), deadline=None)
@given(st.integers(0, 80), st.floats(2, 30), st.integers(0, 1000), st.integers(1, 6))
def test_crowded_and_uncrowded_cells_push_by_their_rule(count, radius, seed, crowd):
    """A cluster (many crowded cells) beside a wide spread (few): every point's push is the one
    its neighbourhood's rule gives, to rounding (sums of up to ``count`` terms: 1e-13 of count
    times the largest push)."""
    points = random_points(count, seed, 50.0)
    expected = cell_by_cell_pushes(points, radius, crowd)
    tolerance = 1e-13 * max(count, 1) * max(np.abs(expected).max(initial=0.0), 1.0)
    np.testing.assert_allclose(separation_push(points, radius, crowd), expected, rtol=0, atol=tolerance)


def test_a_dense_crowd_pushes_its_edge_outwards_about_as_all_pairs_do():
    """2,000 points in a disk of radius 40 (about 20 to a cell of 12, all crowded): the rim is
    pushed outwards on the whole, nearly as much as by the sum over all pairs (a close neighbour
    further out can push a rim point inwards in both: 15 of 566 with all pairs)."""
    rng = np.random.default_rng(4)
    angle = rng.uniform(0, 2 * math.pi, 2000)
    distance = 40.0 * np.sqrt(rng.uniform(0, 1, 2000))
    points = np.column_stack([distance * np.cos(angle), distance * np.sin(angle)])
    rim = distance > 34.0

    def outward(push):
        return np.mean(np.cos(np.angle(push[rim]) - angle[rim]))

    by_bodies, by_pairs = (
        outward(separation_push(points, 12.0, crowd=4)),
        outward(all_pair_pushes(points, 12.0)),
    )
    assert by_pairs > 0.85 and by_bodies > 0.85 * by_pairs


def test_no_points_no_push():
    assert separation_push(np.zeros((0, 2)), 12.0, 4).shape == (0,)
    assert close_pairs(np.zeros((0, 2)), 12.0)[0].size == 0


@settings(max_examples=scaled(50), deadline=None)
@given(
    st.integers(0, 60),
    st.integers(0, 8),
    st.floats(0.5, 30),
    st.integers(0, 1000),
    st.sampled_from([50.0, 1e7]),
)
def test_pairs_within_are_exactly_the_points_in_reach_of_each_centre(count, centres, radius, seed, spread):
    points = random_points(count, seed, spread)
    places = np.random.default_rng(seed + 1).uniform(-spread - 2 * radius, spread + 2 * radius, (centres, 2))
    owner, point = pairs_within(points, places, radius)
    assert np.all(np.diff(owner) >= 0)
    found = set(zip(owner.tolist(), point.tolist()))
    assert len(found) == len(owner)
    expected = {
        (k, i) for k in range(centres) for i in range(count) if math.dist(places[k], points[i]) <= radius
    }
    assert found == expected


@pytest.mark.parametrize(
    ("points", "centres", "radius", "words"),
    [
        ([[0.0, 0.0], [np.nan, 1.0], [0.5, 0.0]], [[0.0, 0.0]], 1.0, "points must be finite"),
        ([[0.0, 0.0], [np.inf, 1.0]], [[0.0, 0.0]], 1.0, "points must be finite"),
        ([[0.0, 0.0]], [[np.nan, 0.0]], 1.0, "centres must be finite"),
        ([[0.0, 0.0]], [[0.0, 0.0]], -1.0, "radius must be a positive"),
        ([[0.0, 0.0]], [[0.0, 0.0]], 0.0, "radius must be a positive"),
        ([[0.0, 0.0, 0.0]], [[0.0, 0.0]], 1.0, "shaped \\(n, 2\\)"),
        ("x", [[0.0, 0.0]], 1.0, "points must be"),
    ],
)
def test_pairs_within_refuses_what_it_cannot_answer(points, centres, radius, words):
    """One NaN point once dropped almost every pair (it poisoned the cell grid's origin), and a
    negative radius answered as if it were a distance."""
    with pytest.raises(ValueError, match=words):
        pairs_within(points, centres, radius)
