"""The smoothing's bookkeeping: what a run of pieces costs (length, and a price per change of gear)."""

import math

from hypothesis import given
from hypothesis import strategies as st

from trajectory.smoothing import _suffix_costs, cost

pieces = st.lists(
    st.tuples(st.sampled_from([1.0, 0.0, -1.0]), st.sampled_from([1.0, -1.0]), st.floats(0.0, 10.0)),
    max_size=12,
)


@given(pieces, st.floats(0.0, 5.0))
def test_the_costs_of_every_tail_in_one_pass_are_those_of_each_tail(run, gear_change):
    tails = _suffix_costs(run, gear_change)
    assert len(tails) == len(run) + 1 and tails[-1] == 0.0
    for i, tail in enumerate(tails):
        assert math.isclose(tail, cost(run[i:], gear_change), rel_tol=1e-12, abs_tol=1e-12)


def test_a_change_of_gear_costs_its_price_once():
    run = [(1.0, 1.0, 2.0), (0.0, 1.0, 1.0), (-1.0, -1.0, 3.0), (0.0, 1.0, 0.5)]
    assert cost(run, 10.0) == 2.0 + 1.0 + 3.0 + 0.5 + 2 * 10.0
    assert _suffix_costs(run, 10.0) == [26.5, 24.5, 13.5, 0.5, 0.0]
