"""Dubins lengths against OMPL's ``DubinsStateSpace``, an established motion-planning library
(an independent C++ implementation), on random cases."""

import math

import numpy as np
from ompl import base as ompl_base

from trajectory.plane import dubins_path, dubins_paths


def ompl_length(start, goal, radius, space_type=ompl_base.DubinsStateSpace):
    """OMPL's distance between two poses in a state space of ``space_type`` (Dubins by default)."""
    space = space_type(radius)
    a, b = space.allocState(), space.allocState()
    for state, (x, y, heading) in ((a, start), (b, goal)):
        state.setX(x)
        state.setY(y)
        state.setYaw(heading)
    return space.distance(a, b)


def test_dubins_lengths_agree_with_ompl_to_1e_9():
    rng = np.random.default_rng(2026)
    count = 3000
    starts = np.column_stack([rng.uniform(-10, 10, (count, 2)), rng.uniform(-math.pi, math.pi, count)])
    goals = np.column_stack([rng.uniform(-10, 10, (count, 2)), rng.uniform(-math.pi, math.pi, count)])
    # A third of the goals within two radii of the start, where RLR and LRL win.
    radii = rng.uniform(0.2, 4.0, count)
    near = slice(0, count // 3)
    goals[near, :2] = starts[near, :2] + radii[near, None] * rng.uniform(-2, 2, (count // 3, 2))
    theirs = np.array([ompl_length(s, g, r) for s, g, r in zip(starts.tolist(), goals.tolist(), radii)])
    batch = dubins_paths(starts, goals[:, :2], radii, headings=goals[:, 2])
    np.testing.assert_allclose(batch.lengths, theirs, rtol=0, atol=1e-9)
    assert {"RLR", "LRL"} & set(batch.words[near].tolist())
    singles = [
        dubins_path(s, g[:2], r, heading=g[2]).length
        for s, g, r in zip(starts[:300], goals[:300], radii[:300])
    ]
    np.testing.assert_allclose(singles, theirs[:300], rtol=0, atol=1e-9)


def test_exact_cases_agree_with_ompl():
    cases = [
        ((0, 0, 0), (5, 0, 0), 1.0, 5.0),  # straight ahead
        ((0, 0, 0), (0, 2, math.pi), 1.0, math.pi),  # half a turn, goal on the start circle
        ((0, 0, 0), (1, 1, math.pi / 2), 1.0, math.pi / 2),  # a quarter circle
        ((1, 1, 0.3), (1, 1, 0.3), 2.0, 0.0),  # start equals goal
    ]
    for start, goal, radius, exact in cases:
        assert abs(dubins_path(start, goal[:2], radius, heading=goal[2]).length - exact) <= 1e-12
        assert abs(ompl_length(start, goal, radius) - exact) <= 1e-12
