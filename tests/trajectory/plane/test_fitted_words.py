"""A word of arcs and lines refitted for a unit that steers: one word's miss in plain floats is
the batch's, and a fitted word ends where it must."""

import math

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from trajectory.plane import fitted_words
from trajectory.plane.segments import SegmentTable
from trajectory.plane.steering_turns import ONE_BY_ONE, steering_unit

pieces = st.lists(
    st.tuples(st.sampled_from([-1.0, 0.0, 1.0]), st.sampled_from([-1.0, 1.0]), st.floats(0.0, 6.0)),
    min_size=1,
    max_size=7,
)


@settings(max_examples=200, deadline=None)
@given(pieces, st.floats(0.2, 5.0), st.floats(0.05, 5.0), st.tuples(*[st.floats(-10.0, 10.0)] * 3))
def test_one_words_miss_in_plain_floats_is_the_batchs(word, radius, sharpness, goal):
    """A few words are driven one by one in plain floats, many at once in numpy: the same misses."""
    unit = steering_unit(1.0 / radius, sharpness)
    shape = [(turn, gear) for turn, gear, _ in word]
    parts = [part for _, _, part in word]
    start = (0.3, -0.2, 0.7)
    one = fitted_words._miss(start, goal, 2.0, shape, parts, unit)
    rows = ONE_BY_ONE + 1  # more than go one by one: numpy's
    starts, goals = np.tile(start, (rows, 1)), np.tile(goal, (rows, 1))
    many = fitted_words._misses(starts, goals, 2.0, shape, np.tile(parts, (rows, 1)), unit)
    np.testing.assert_allclose(many, np.tile(one, (rows, 1)), rtol=1e-12, atol=1e-12)
    few = fitted_words._misses(starts[:2], goals[:2], 2.0, shape, np.tile(parts, (2, 1)), unit)
    assert few.tolist() == [one, one]


@settings(max_examples=60, deadline=None)
@given(pieces, st.floats(0.5, 3.0), st.floats(0.1, 3.0))
def test_a_fitted_word_ends_at_the_arcs_end_keeping_the_steering_limits(word, radius, sharpness):
    """The arcs' own word, each arc a turn that steers, refitted where it can be: it ends at the
    pose the arcs end at (to ``FIT`` of the scale), within both limits."""
    start = (1.0, 2.0, 0.4)
    turns, gears, lengths = zip(*word)
    arcs = SegmentTable.chain(start, turns, lengths, radius, gears)
    goal = tuple(arcs.ends()[-1])
    rows = fitted_words.fitted_word(start, goal, word, radius, sharpness)
    if rows is None:
        return  # no fit (a word too short to ease into its turns): the planner halves it
    turns, lengths, radii, rates, gears = rows
    table = SegmentTable.chain(start, turns, lengths, radii, gears, rates)
    end = table.ends()[-1]
    scale = math.hypot(goal[0] - start[0], goal[1] - start[1]) + radius
    assert math.hypot(end[0] - goal[0], end[1] - goal[1]) <= 1e-9 * scale
    assert abs(math.remainder(end[2] - goal[2], 2 * math.pi)) <= 1e-9
    assert max(abs(turn / r) for turn, r in zip(turns, radii)) <= (1.0 + 1e-12) / radius
    assert max(abs(rate) for rate in rates) <= sharpness * (1.0 + 1e-12)
