"""The vectorised searches behind Motion.fastest: roots and least values in many brackets at once,
against closed forms, with the number of calls counted."""

import numpy as np
from hypothesis import example, given, settings
from hypothesis import strategies as st

from tests.budget import scaled
from trajectory._numerics import bracket_search


class Counted:
    """A function that counts its (vectorised) calls."""

    def __init__(self, f):
        self.f, self.calls = f, 0

    def __call__(self, x):
        self.calls += 1
        return self.f(x)


@settings(max_examples=scaled(50), deadline=None)
@given(st.lists(st.floats(0.05, 0.95), min_size=1, max_size=20))
def test_roots_of_smooth_and_kinked_functions_in_a_few_calls(targets):
    """Lines through a kink (min(v², ...) as the speed limit has) and a cubic, asked for |f| <=
    1e-13 as the speed profile asks: each root to 2e-13 (the slopes are at least 1/2) and rounding, all
    brackets together in at most 10 calls (8 at worst over 4,001 roots each). (Asked for f = 0
    exactly, the bracket must close to a few rounding steps, which regula falsi does not promise
    to do fast: up to 27 calls for the cubic.)"""
    root = np.array(targets)

    def f(x):
        smooth = (x - root) * (1.0 + x * x)
        kinked = np.minimum(2.0 * (x - root), 0.5 * (x - root))
        return np.where(np.arange(x.size) % 2 == 0, smooth, kinked)

    counted = Counted(f)
    low, high = np.zeros(root.size), np.ones(root.size)
    found = bracket_search.roots(counted, low, high, f(low), f(high), 1e-13)
    np.testing.assert_allclose(found, root, rtol=0, atol=2.5e-13)  # 2e-13 and rounding
    assert counted.calls <= 10


def test_a_root_stops_at_the_tolerance_and_keeps_what_it_found():
    f = Counted(lambda x: np.exp(x) - 2.0)
    low, high = np.array([0.0, 0.0]), np.array([1.0, 3.0])
    found = bracket_search.roots(f, low, high, f(low), f(high), np.array([1e-3, 1e-15]))
    assert abs(np.exp(found[0]) - 2.0) <= 1e-3 and abs(np.exp(found[1]) - 2.0) <= 1e-15


@settings(max_examples=scaled(50), deadline=None)
@given(st.lists(st.floats(0.0, 1.0), min_size=1, max_size=20))
def test_least_closes_in_on_minima_smooth_or_kinked(centres):
    centre = np.array(centres)

    def f(x):
        return np.where(
            np.arange(len(x))[:, None] % 2 == 0, (x - centre[:, None]) ** 2, np.abs(x - centre[:, None])
        )

    low, high = bracket_search.least(f, np.zeros(centre.size), np.ones(centre.size))
    assert np.all((low <= centre) & (centre <= high))
    assert np.all(high - low <= 2 * (2 / 128) ** 3 + 1e-15)


def bisected(f, targets):
    """The least x with f(x) >= target by 64 halvings of [0, 1], one target at a time: the
    independent answer ``first_reaching`` must agree with."""
    found = []
    for target in targets.tolist():
        if f(np.array([0.0]))[0] >= target:
            found.append(0.0)
            continue
        low, high = 0.0, 1.0
        for _ in range(64):
            middle = 0.5 * (low + high)
            low, high = (low, middle) if f(np.array([middle]))[0] >= target else (middle, high)
        found.append(high)
    return np.array(found)


def ramps_and_holds(knots):
    """A non-decreasing piecewise-linear f on [0, 1] from 0 to 1 through sorted knot pairs:
    where two knots share a value it holds still, where two share an x it jumps."""
    xs = np.concatenate([[0.0], np.sort([x for x, _ in knots]), [1.0]])
    ys = np.concatenate([[0.0], np.sort([y for _, y in knots]), [1.0]])
    return lambda x: np.interp(x, xs, ys), ys


@settings(max_examples=scaled(60), deadline=None)
@given(
    st.lists(st.tuples(st.floats(0.0, 1.0), st.sampled_from([0.25, 0.5]) | st.floats(0.0, 1.0)), max_size=6),
    st.lists(st.floats(0.0, 1.0), min_size=1, max_size=40),
)
@example(knots=[(0.375, 5e-324)], targets=[0.0])  # halved, a subnormal end's value became 0: 0 / 0
def test_first_reaching_agrees_with_bisection_on_ramps_holds_and_jumps(knots, targets):
    """Every target, and every knot's value (where a hold begins), against 64 halvings: within 4
    floats or 2^-52, as stated; and f really reaches the target there."""
    f, values = ramps_and_holds(knots)
    goals = np.sort(np.concatenate([targets, values]))
    found = bracket_search.first_reaching(f, goals)
    expected = bisected(f, goals)
    tolerance = np.maximum(4.0 * np.spacing(expected), 2.0**-52)
    assert np.all(np.abs(found - expected) <= tolerance)
    assert np.all(f(found) >= goals - 1e-15)


def test_first_reaching_a_smooth_function_costs_a_few_calls_a_point():
    """A million sorted targets on a smooth f: the table, then three calls that close nearly
    every bracket (counted in points evaluated, at most 3.2 a target), each answer within 4
    floats of the exact inverse (the cube root, to rounding)."""
    points = []

    def cube(x):
        points.append(x.size)
        return x * x * x

    targets = np.sort(np.random.default_rng(5).uniform(0.001, 1.0, 10**6))
    found = bracket_search.first_reaching(cube, targets)
    assert np.all(np.abs(found - np.cbrt(targets)) <= 4.0 * np.spacing(found) + 2.0**-52)
    assert sum(points) <= 3.2 * targets.size
