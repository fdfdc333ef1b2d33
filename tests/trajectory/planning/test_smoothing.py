"""The smoothing's bookkeeping: what a run of pieces costs (length, and a price per change of gear)."""

import math

from hypothesis import given
from hypothesis import strategies as st

from trajectory.planning.smoothing import _suffix_costs, cost

pieces = st.lists(
    st.tuples(st.sampled_from([1.0, 0.0, -1.0]), st.sampled_from([1.0, -1.0]), st.floats(0.0, 10.0)),
    max_size=12,
)


@given(pieces, st.floats(0.0, 5.0))
def test_the_cost_of_every_tail_is_its_length_and_a_price_per_change_of_gear(run, gear_change):
    tails = _suffix_costs(run, gear_change)
    assert len(tails) == len(run) + 1 and tails[-1] == 0.0
    for i, tail in enumerate(tails):
        lengths = sum(length for _, _, length in run[i:])
        stops = sum(a[1] != b[1] for a, b in zip(run[i:], run[i + 1 :]))
        expected = lengths + gear_change * stops  # worked out here, not by the module
        assert math.isclose(tail, expected, rel_tol=1e-12, abs_tol=1e-12)
        assert math.isclose(cost(run[i:], gear_change), expected, rel_tol=1e-12, abs_tol=1e-12)


def test_a_change_of_gear_costs_its_price_once():
    run = [(1.0, 1.0, 2.0), (0.0, 1.0, 1.0), (-1.0, -1.0, 3.0), (0.0, 1.0, 0.5)]
    assert cost(run, 10.0) == 2.0 + 1.0 + 3.0 + 0.5 + 2 * 10.0
    assert _suffix_costs(run, 10.0) == [26.5, 24.5, 13.5, 0.5, 0.0]
