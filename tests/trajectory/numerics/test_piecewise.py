import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.budget import scaled
from trajectory._numerics.piecewise import PiecewisePolynomial


def two_pieces():
    # y = x^2 on [0, 1] written in each piece's local coordinate z in [-1, 1]:
    # piece [0, 0.5]: x = 0.25 + 0.25 z, y = 0.0625 + 0.125 z + 0.0625 z^2
    # piece [0.5, 1]: x = 0.75 + 0.25 z, y = 0.5625 + 0.375 z + 0.0625 z^2
    return PiecewisePolynomial([0.0, 0.5, 1.0], [[0.0625, 0.125, 0.0625], [0.5625, 0.375, 0.0625]])


def test_scalar_sorted_and_unsorted_queries_agree_with_the_function():
    p = two_pieces()
    x = np.array([0.0, 0.1, 0.5, 0.7, 1.0])
    assert p(0.7) == pytest.approx(0.49, abs=1e-15)
    np.testing.assert_allclose(p(x), x**2, atol=1e-15)
    np.testing.assert_allclose(p(x[::-1]), x[::-1] ** 2, atol=1e-15)


def test_queries_outside_are_clamped():
    p = two_pieces()
    assert p(-3.0) == 0.0
    assert p(7.0) == pytest.approx(1.0, abs=1e-15)
    np.testing.assert_allclose(p([-1.0, 2.0]), [0.0, 1.0], atol=1e-15)


def test_vector_values_and_shapes():
    p = PiecewisePolynomial([0.0, 2.0], [[[1.0, 0.0, 5.0], [1.0, 1.0, 0.0]]])  # (1 + z, z, 5)
    assert p(1.0).shape == (3,)
    np.testing.assert_allclose(p(2.0), [2.0, 1.0, 5.0])
    assert p(np.zeros((2, 4))).shape == (2, 4, 3)
    assert p(np.array([0.0, 1.0, 2.0])).shape == (3, 3)


def test_derivative_of_x_squared_is_two_x():
    d = two_pieces().derivative()
    x = np.linspace(0, 1, 11)
    np.testing.assert_allclose(d(x), 2 * x, atol=1e-14)


@settings(max_examples=scaled(50), deadline=None)
@given(st.lists(st.floats(-5, 5), min_size=1, max_size=200))
def test_sorted_and_unsorted_paths_give_the_same_values(values):
    p = two_pieces()
    x = np.array(values)
    sorted_x = np.sort(x)
    np.testing.assert_allclose(p(x), np.clip(x, 0, 1) ** 2, atol=1e-14)
    np.testing.assert_allclose(p(sorted_x), np.clip(sorted_x, 0, 1) ** 2, atol=1e-14)
    np.testing.assert_allclose([p(v) for v in values], np.clip(x, 0, 1) ** 2, atol=1e-14)


def test_large_unsorted_batches_take_the_low_memory_path_and_agree():
    p = PiecewisePolynomial(
        [0.0, 0.5, 1.0],
        [[[0.0625, 1.0], [0.125, 0.0], [0.0625, 0.0]], [[0.5625, 2.0], [0.375, 0.0], [0.0625, 0.0]]],
    )
    x = np.random.default_rng(3).uniform(-0.2, 1.2, 80_000)  # above the all-at-once gather's limit
    values = p(x)
    assert values.shape == (80_000, 2)
    np.testing.assert_allclose(values[:, 0], np.clip(x, 0, 1) ** 2, atol=1e-14)
    np.testing.assert_allclose(values[:, 1], np.where(np.clip(x, 0, 1) < 0.5, 1.0, 2.0), atol=0)


@pytest.mark.parametrize("dim", [1, 2, 3, 4])
def test_one_points_derivatives_are_the_derivative_tables(dim):
    """``scalar_derivatives`` (one lookup, written out for 3 and 4 components) against the
    tables of the first and second derivative, at random points, the breakpoints and the ends."""
    rng = np.random.default_rng(dim)
    breaks = np.sort(np.concatenate([[0.0, 1.0], rng.random(5)]))
    table = PiecewisePolynomial(breaks, rng.normal(size=(6, 5, dim)))
    slope, bending = table.derivative(), table.derivative().derivative()
    for x in np.concatenate([rng.random(20), breaks]).tolist():
        values, slopes, bendings = table.scalar_derivatives(x)
        for ours, theirs in (
            (values, table(np.array([x]))),
            (slopes, slope(np.array([x]))),
            (bendings, bending(np.array([x]))),
        ):
            np.testing.assert_allclose(ours, theirs[0], rtol=1e-13, atol=1e-12)


@settings(max_examples=scaled(30), deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 4))
def test_pieces_made_as_they_are_read_give_the_bulk_paths_values_in_any_order(seed, dim):
    """The one-point paths make a piece's Python coefficients when it is first read: read in a
    random order, by value and by value with slope, then in a sorted batch, they agree with the
    numpy path (unsorted batches gather the coefficients as arrays, never as Python floats)."""
    rng = np.random.default_rng(seed)
    breaks = np.sort(np.concatenate([[0.0, 1.0], rng.random(29)]))
    table = PiecewisePolynomial(breaks, rng.normal(size=(30, 4, dim)))
    slope = table.derivative()
    x = rng.uniform(-0.1, 1.1, 200)
    expected, expected_slopes = table(x), slope(x)
    for k, value in enumerate(x.tolist()):
        if k % 2:
            values, slopes = table.scalar_with_slope(value)
            np.testing.assert_allclose(slopes, expected_slopes[k], rtol=1e-12, atol=1e-11)
        else:
            values = table.scalar(value)
        np.testing.assert_allclose(values, expected[k], rtol=1e-13, atol=1e-13)
    dense = np.linspace(0.0, 1.0, 1000 * table.pieces)  # the sorted path, pieces made and not
    np.testing.assert_allclose(table(dense), table(dense[::-1])[::-1], rtol=1e-13, atol=1e-13)
