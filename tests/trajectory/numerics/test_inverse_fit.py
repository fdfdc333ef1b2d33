"""The numerical core: fitting y as a piecewise polynomial of x when both are functions of u."""

import math

import numpy as np
import pytest

from trajectory._numerics import inverse_fit


def sampler(x_of_u, y_of_u):
    def sample(lo, hi):
        u = inverse_fit.sample_parameters(lo, hi)
        x = x_of_u(u)
        return x - x[:, :1], y_of_u(u), 1.0, 0.0

    return sample


def x_wavy(u):
    return u + 0.3 * np.sin(2 * math.pi * u) / (2 * math.pi)  # increasing: x' = 1 + 0.3 cos >= 0.7


def u_of_x(x):
    """The inverse of x_wavy by bisection, written out."""
    lo, hi = np.zeros_like(x), np.ones_like(x)
    for _ in range(70):
        middle = (lo + hi) / 2
        below = x_wavy(middle) < x
        lo, hi = np.where(below, middle, lo), np.where(below, hi, middle)
    return (lo + hi) / 2


def test_the_fit_inverts_a_smooth_map_to_its_tolerance():
    fit = inverse_fit.fit_inverse(
        sampler(x_wavy, lambda u: u), [0.0, 1.0], tolerance=1e-13, initial_pieces=4, min_width=1e-10
    )
    assert fit.worst == 0.0  # every piece reached the tolerance
    assert np.all(np.diff(fit.u_starts) > 0) and fit.u_starts[0] == 0.0
    assert fit.widths.sum() == pytest.approx(1.0, rel=1e-15)  # x runs from 0 to 1
    table = inverse_fit.normalised_table(fit.widths, fit.coeffs, variable="x")
    x = np.random.default_rng(0).random(2000)
    np.testing.assert_allclose(table(x), u_of_x(x), atol=2e-13)
    assert (table(0.0), table(1.0)) == (0.0, 1.0)  # pinned ends


def test_pieces_are_split_where_the_inverse_bends_hardest():
    steep = lambda u: u**3 + 1e-3 * u  # x' is 1e-3 at 0: u(x) bends hard there
    fit = inverse_fit.fit_inverse(
        sampler(steep, lambda u: u), [0.0, 1.0], tolerance=1e-12, initial_pieces=4, min_width=1e-12
    )
    near_zero = fit.u_starts < 0.05
    assert np.sum(near_zero) > np.sum(fit.u_starts > 0.5)  # more, smaller pieces near the bend
    assert fit.worst == 0.0


def test_a_piece_that_cannot_reach_the_tolerance_is_reported():
    """x = u^2 inverts to u = sqrt(x), with an infinite slope at 0: no polynomial of x follows it
    there to 1e-14 with pieces 1e-6 wide; the fit says where and by how much it missed."""
    fit = inverse_fit.fit_inverse(
        sampler(np.square, lambda u: u),
        [0.0, 1.0],
        tolerance=1e-14,
        initial_pieces=2,
        min_width=1e-6,
    )
    assert fit.worst > 1e-14 and fit.worst_at < 1e-5


def test_where_x_stands_still_a_piece_holds_its_end_value():
    flat = lambda u: np.where(u < 0.5, u, 0.5)  # x stops moving at u = 0.5
    fit = inverse_fit.fit_inverse(
        sampler(flat, lambda u: u), [0.0, 0.5, 1.0], tolerance=1e-12, initial_pieces=2, min_width=1e-10
    )
    still = fit.widths == 0.0
    assert still.any() and np.all(fit.u_starts[still] >= 0.5)
    piece_ends = np.append(fit.u_starts[1:], 1.0)
    np.testing.assert_allclose(fit.coeffs[still][:, 0], piece_ends[still])  # u where the piece ends
    assert np.all(fit.coeffs[still][:, 1:] == 0.0)


def test_sample_points_run_from_the_start_to_the_end_of_each_piece():
    u = inverse_fit.sample_parameters(np.array([0.0, 0.25]), np.array([0.25, 1.0]))
    assert u.shape == (2, inverse_fit.SAMPLE_POINTS.size)
    assert u[:, 0].tolist() == [0.0, 0.25] and u[:, inverse_fit.END_SAMPLE].tolist() == [0.25, 1.0]
