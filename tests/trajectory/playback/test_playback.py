"""Playheads: events against fine stepping in every loop mode, each once per crossing and in
order; no jump at any change of rate, direction or motion; the inverse of distance; many at once
against one at a time; bad input named."""

import math

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from tests.budget import scaled
from trajectory import CubicBezier, Marker, Motion, MotionChain, Playhead, Playheads, VelocityCurve
from trajectory.playback.playheads import LOOP_MODES

CURVE = CubicBezier([[0, 0, 0], [3, 4, 1], [-1, 4, -1], [2, 0, 2]])
VELOCITIES = {
    "constant": VelocityCurve.constant(),
    "ease in-out": VelocityCurve.ease_in_out(),
    "dash and rest": VelocityCurve.cubic_bezier(0.05, 0.7, 0.45, 0.95),
}


def motion(velocity="ease in-out", duration=0.1):
    return Motion(CURVE, VELOCITIES[velocity], duration)


def run(head, dt, total):
    """Every crossing over ``total`` seconds in steps of ``dt`` (the last one shorter), as
    (event, absolute time)."""
    found, now = [], 0.0
    steps = math.floor(total / dt)
    lengths = [dt] * steps + ([total - steps * dt] if total - steps * dt > 0 else [])
    for length in lengths:
        found += [(c.event, now + c.after) for c in head.advance(length)]
        now += length
    return found


loops = st.sampled_from([*LOOP_MODES, 3])
events = st.lists(
    st.tuples(st.one_of(st.floats(0, 1), st.sampled_from([0.0, 1.0, 0.5])), st.sampled_from("abcd")),
    max_size=4,
)


@settings(max_examples=scaled(25), deadline=None)
@given(loops, events, st.floats(1e-4, 10.0), st.sampled_from(list(VELOCITIES)), st.booleans())
@example("once", [], 1 / 3, "constant", False)  # three steps sum to the end as rounded: it arrives
@example("loop", [(0.0, "a")], 3.0, "constant", False)  # lap starts counted across a long step
def test_events_match_fine_stepping_in_order_each_once(loop, marks, steps_per_duration, velocity, backwards):
    """dt from 1e-4 to 10 durations against dt = 1e-5 s, over 3.3 durations (0.1 s each)."""
    played = motion(velocity)
    total = 3.3 * played.duration
    dt = steps_per_duration * played.duration

    def fresh():
        head = Playhead(played, loop=loop, events=marks)
        if backwards:
            head.seek(time=played.duration * 0.7)
            head.reverse()
        return head

    coarse, fine = run(fresh(), dt, total), run(fresh(), 1e-5, total)
    assert [event for event, _ in coarse] == [event for event, _ in fine]
    assert all(abs(a - b) <= 1e-9 for (_, a), (_, b) in zip(coarse, fine))


def test_a_step_that_lands_on_an_event_fires_it_once():
    played = motion("constant", 1.0)
    head = Playhead(played, loop="loop", events=[(0.25, "quarter")])
    t = float(played.time_at_distance(0.25))
    assert [c.event for c in head.advance(t)] == ["quarter"]
    assert head.advance(0.0) == [] and head.advance(1e-9) == []
    found = [c.event for c in head.advance(1.0)]
    assert found == [Marker.END, "quarter"]


def test_ten_durations_in_one_step_report_every_lap_in_order():
    played = motion("constant", 1.0)
    head = Playhead(played, loop="loop", events=[(0.5, "half")])
    found = head.advance(10.25)
    assert [c.event for c in found] == ["half", Marker.END] * 10
    assert np.allclose([c.after for c in found], np.repeat(np.arange(10), 2) + np.tile([0.5, 1.0], 10))
    pingpong = Playhead(played, loop="pingpong", events=[(0.5, "half")])
    assert [c.event for c in pingpong.advance(4.0)] == ["half", Marker.END, "half", Marker.START] * 2


def test_each_crossing_says_when_the_motion_reaches_it():
    played = motion("dash and rest", 2.0)
    head = Playhead(played, loop="pingpong", events=[(0.3, "a"), (0.8, "b")])
    found = head.advance(9.0)
    assert {c.event for c in found} == {"a", "b", Marker.END, Marker.START}
    for crossing in found:
        # The time along the motion, found independently: where the motion's distance is the mark's.
        assert float(played.distance(crossing.time)) == pytest.approx(crossing.distance, abs=1e-12)
    ends = {c.event: c.time for c in found if isinstance(c.event, Marker)}
    assert ends == {Marker.END: 2.0, Marker.START: 0.0}


@pytest.mark.parametrize("change", ["rate", "pause", "reverse", "velocity", "duration", "time", "nearest"])
def test_no_jump_at_a_change(change):
    played = motion("ease in-out", 4.0)
    head = Playhead(played, loop="pingpong")
    head.advance(1.37)
    before = head.position
    if change == "rate":
        head.set_rate(2.5)
    elif change == "pause":
        head.set_rate(0.0)
    elif change == "reverse":
        head.reverse()
    elif change == "velocity":
        head.switch(Motion(CURVE, VELOCITIES["dash and rest"], 4.0))
    elif change == "duration":
        head.switch(Motion(CURVE, VELOCITIES["ease in-out"], 9.0))
    elif change == "time":
        head.switch(Motion(CURVE, VELOCITIES["ease in-out"], 9.0), keep="time")
    else:
        moved = CubicBezier(CURVE.control_points[0] + [0.0, 0.0, 1e-3])  # the same curve, a hair higher
        head.switch(Motion(moved, VELOCITIES["ease in-out"], 4.0), keep="nearest")
    after = head.position
    tolerance = 2e-3 if change == "nearest" else 1e-12 * CURVE.length
    assert np.abs(after - before).max() <= tolerance
    head.advance(1e-6)
    assert np.abs(head.position - after).max() <= 1e-3  # it goes on from there


def test_rate_and_direction():
    played = motion("constant", 2.0)
    head = Playhead(played)
    head.advance(0.5)
    head.set_rate(2.0)
    head.advance(0.25)
    assert math.isclose(head.time, 1.0)
    head.set_rate(0.0)
    head.advance(5.0)
    assert head.time == 1.0
    head.set_rate(-1.0)
    found = head.advance(3.0)
    assert head.time == 0.0 and [c.event for c in found] == [Marker.START]  # "once", going back: stops
    head = Playhead(played, loop="once")
    assert [c.event for c in head.advance(5.0)] == [Marker.END] and head.finished
    assert head.advance(1.0) == [] and head.time == 2.0


def test_time_at_distance_inverts_distance():
    for name, velocity in VELOCITIES.items():
        played = Motion(CURVE, velocity, 4.0)
        t = np.linspace(0.0, 4.0, 2001)
        back = played.time_at_distance(played.distance(t))
        rate = velocity.rate_at_time(t / 4.0)
        with np.errstate(divide="ignore"):
            bound = 4.0 * (1e-12 + 4 * np.finfo(float).eps / rate)  # the inverse's own conditioning
        assert np.all(np.abs(back - t) <= bound), name
    u = np.linspace(0, 1, 11)
    assert np.abs(played.parameter(played.time_at_parameter(u)) - u).max() <= 1e-12


def test_a_hold_returns_its_first_time():
    hold = VelocityCurve(
        lambda u: np.minimum(2 * u, 1.0) * 0 + np.clip(2 * u, 0, 1), lambda u: u, breakpoints=(0.5,)
    )
    played = Motion(CURVE, hold, 2.0)
    assert abs(played.time_at_distance(1.0) - 1.0) <= 1e-12  # s reaches 1 at t = 1 s, then holds


def test_many_playheads_equal_one_at_a_time():
    played = motion("ease in-out", 1.0)
    marks = [(0.1, "a"), (0.5, "b"), (1.0, "c")]
    rng = np.random.default_rng(5)
    rates = rng.uniform(-2.0, 2.0, 20)
    starts = rng.uniform(0.0, 1.0, 20)
    for loop in (*LOOP_MODES, 2):
        many = Playheads(played, 20, loop=loop, events=marks)
        many.seek(starts)
        many.set_rates(rates)
        singles = []
        for start, rate in zip(starts, rates):
            head = Playhead(played, loop=loop, events=marks)
            head.seek(time=start)
            head.set_rate(rate)
            singles.append(head)
        for dt in (0.07, 0.9, 2.3):
            found = many.crossings(many.advance(dt))
            expected = [(i, c.event) for i, head in enumerate(singles) for c in head.advance(dt)]
            assert [(c.index, c.event) for c in found] == expected, loop
            assert np.allclose(many.times, [head.time for head in singles], rtol=0, atol=1e-12)


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda m: Playhead(m, loop="bounce"), "loop must be"),
        (lambda m: Playhead(m, loop=0), "at least 1"),
        (lambda m: Playhead(m, events=[(1.5, "x")]), r"\[0, 1\]"),
        (lambda m: Playhead(m, events=[(math.nan, "x")]), "number"),
        (lambda m: Playhead(m, events=["x"]), "pairs"),
        (lambda m: Playhead(m).advance(-1.0), "dt"),
        (lambda m: Playhead(m).advance(math.inf), "dt"),
        (lambda m: Playhead(m).switch(m, keep="speed"), "keep"),
        (lambda m: Playhead(m).set_rate(math.nan), "rate"),
        (lambda m: Playheads(m, -1), "count"),
    ],
)
def test_bad_input_is_refused_by_name(make, message):
    with pytest.raises(ValueError, match=message):
        make(motion())


def test_a_chain_plays_its_parts_one_after_another_without_a_jump():
    first = CubicBezier([[0, 0, 0], [1, 1, 0], [2, 1, 0], [3, 0, 0]])
    second = CubicBezier([[3, 0, 0], [4, -1, 1], [5, 0, 2], [6, 1, 2]])
    a, b = Motion(first, VelocityCurve.ease_in_out(), 1.5), Motion(second, VelocityCurve.constant(), 2.0)
    chain = MotionChain([a, b])
    assert chain.duration == 3.5 and math.isclose(chain.length, first.length + second.length, rel_tol=1e-15)
    join = 1.5
    for gap in (1e-9, 1e-12):
        jump = np.abs(chain.position(join + gap) - chain.position(join - gap)).max()
        assert jump <= 4 * gap * max(float(a.speed(1.5)), float(b.speed(0.0))) + 1e-15
    t = np.linspace(0.0, 3.5, 701)
    assert np.allclose(chain.position(t[t > join]), b.position(t[t > join] - join), rtol=0, atol=1e-14)
    assert np.abs(chain.time_at_distance(chain.distance(t)) - t).max() <= 1e-8  # ease ends: conditioning
    half = first.length / chain.length
    head = Playhead(chain, loop="loop", events=[(half, "join"), (0.9, "late")])
    assert [c.event for c in head.advance(5.0)] == ["join", "late", Marker.END, "join"]
    assert float(chain.distance(1.5)) == pytest.approx(half, abs=1e-15)
    assert chain.quaternion(np.array([0.5, 2.0])).shape == (2, 4) and chain.frame(2.0).shape == (3, 3)


def test_bad_chains_are_refused():
    with pytest.raises(ValueError, match="at least one"):
        MotionChain([])
    with pytest.raises(ValueError, match="Motions"):
        MotionChain([motion(), "a path"])
    with pytest.raises(ValueError, match="nearest"):
        Playhead(MotionChain([motion()])).switch(MotionChain([motion()]), keep="nearest")


@settings(max_examples=scaled(40), deadline=None)
@given(
    st.sampled_from(list(VELOCITIES)),
    st.floats(0.5, 20.0),
    st.floats(0.0, 1.0),
    st.sampled_from(["rate", "reverse", "pause", "velocity", "duration", "time"]),
    st.floats(-4.0, 4.0),
    st.sampled_from(list(VELOCITIES)),
    st.floats(0.5, 20.0),
)
def test_any_change_leaves_the_object_where_it_is(
    velocity, duration, fraction, change, rate, other, other_duration
):
    """For drawn motions, times and changes, the position right after the change is the one right
    before, to 1e-12 of the length (the curve is the same; only how it is played changes)."""
    played = Motion(CURVE, VELOCITIES[velocity], duration)
    head = Playhead(played, loop="pingpong")
    head.advance(fraction * duration * 1.7)
    before = head.position
    if change == "rate":
        head.set_rate(rate)
    elif change == "reverse":
        head.reverse()
    elif change == "pause":
        head.set_rate(0.0)
    elif change == "velocity":
        head.switch(Motion(CURVE, VELOCITIES[other], duration))
    elif change == "duration":
        head.switch(Motion(CURVE, VELOCITIES[velocity], other_duration))
    else:
        head.switch(Motion(CURVE, VELOCITIES[velocity], other_duration), keep="time")
    assert np.abs(head.position - before).max() <= 1e-12 * CURVE.length


@pytest.mark.parametrize("loop", ["loop", "pingpong"])
@pytest.mark.parametrize("step", [1e300, 1e7 + 0.5, 250.25])
def test_a_step_of_any_length_takes_bounded_work_and_lands_where_exact_arithmetic_says(loop, step):
    """``advance(1e300)`` never returned (a lap at a time: 1e300 - 4 == 1e300); 1e7 took minutes.
    The whole cycles before the last ``LISTED_CYCLES`` are counted, not listed."""
    from fractions import Fraction

    from trajectory.playback.playheads import LISTED_CYCLES

    played = Motion(CURVE, VELOCITIES["constant"], 4.0)
    head = Playhead(played, loop=loop, events=[(0.5, "half")])
    found = head.advance(step)
    cycle = Fraction(8 if loop == "pingpong" else 4)
    cycles = Fraction(step) // cycle
    assert head.skipped_cycles == max(float(cycles) - LISTED_CYCLES, 0.0)
    ends_per_cycle = 2 if loop == "pingpong" else 1
    listed_ends = sum(c.event in (Marker.END, Marker.START) for c in found)
    assert listed_ends == ends_per_cycle * min(cycles, LISTED_CYCLES) + (Fraction(step) % cycle >= 4)
    within = Fraction(step) % cycle  # where exact arithmetic puts it in its cycle
    expected = within if within <= 4 else 8 - within
    assert head.time == float(expected) or (expected == 0 and head.time == 4.0 and loop != "pingpong")
    assert all(0.0 <= c.after <= step for c in found)
    assert [c.after for c in found] == sorted(c.after for c in found)


def test_a_count_of_passes_lists_its_last_passes_and_stops_after_the_last():
    played = Motion(CURVE, VELOCITIES["constant"], 4.0)
    few = Playhead(played, loop=5, events=[(0.5, "half")])
    assert [c.event for c in few.advance(1e300)] == ["half", Marker.END] * 5 and few.finished
    many = Playheads(played, 3, loop=10**12)
    many.advance(1e300)
    assert many.finished.all() and list(many.skipped_cycles) == [10**12 - 100] * 3
    assert np.all(many.times == 4.0)


def test_a_step_beyond_the_largest_float_is_refused():
    head = Playhead(motion(), loop="loop")
    head.set_rate(1e300)
    with pytest.raises(ValueError, match="largest float"):
        head.advance(1e300)


@pytest.mark.parametrize("turn", ["reverse", "set_rate"])
def test_a_finished_playhead_is_still_and_plays_its_last_pass_back_when_turned(turn):
    """A finished "once" playhead reported the motion's end speed, and reverse() / set_rate(-1)
    were silently ignored."""
    played = Motion(CURVE, VELOCITIES["constant"], 4.0)
    head = Playhead(played)
    head.advance(5.0)
    assert head.finished and head.speed == 0.0
    head.reverse() if turn == "reverse" else head.set_rate(-1.0)
    assert not head.finished
    head.advance(1.0)
    assert head.time == 3.0 and math.isclose(head.speed, CURVE.length / 4.0, rel_tol=1e-9)
    assert [c.event for c in head.advance(5.0)] == [Marker.START] and head.finished and head.time == 0.0
    head.set_rate(-2.0)  # still pointing out of the motion: stays finished
    assert head.finished and head.advance(1.0) == []


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda m: Playhead(None), "motion must be"),
        (lambda m: Playhead(5), "motion must be"),
        (lambda m: Playhead(m, events=5), "events must be"),
        (lambda m: Playhead(m, events="ab"), "events must be"),
        (lambda m: Playhead(m, events=[(0.5, "a"), 3]), "pairs"),
        (lambda m: Playhead(m, events=[(0.5, "a"), (0.2,)]), "pairs"),
        (lambda m: Playhead(m, events=[("x", "a")]), "number"),
        (lambda m: Playhead(m, loop=2**70), "at most"),
        (lambda m: Playheads(m, 3).seek(times=1.0, which=5), "which must be"),
        (lambda m: Playheads(m, 3).seek(times=1.0, which=[True, False]), "mask"),
        (lambda m: Playheads(m, 3).reverse(which="a"), "which must be"),
        (lambda m: Playheads(m, 3).set_rates([1.0, 2.0]), "one per playhead"),
        (lambda m: Playheads(m, 3).set_rates(["a", "b", "c"]), "rates must be"),
        (lambda m: Playheads(m, 3).set_rates([[1.0], [2.0], [3.0]]), "rates must be"),
        (lambda m: Playheads(m, 3).set_rates(None), "rates must be"),
    ],
)
def test_bad_arguments_of_every_kind_are_value_errors(make, message):
    with pytest.raises(ValueError, match=message):
        make(motion())


def test_events_are_sorted_stably_and_their_names_kept_as_given():
    names = [("a", 1), ("b", 2), ["c"], "d"]
    head = Playheads(motion(), 1, events=[(0.5, names[0]), (0.2, names[1]), (0.5, names[2]), (0.2, names[3])])
    assert head.events == [(0.2, ("b", 2)), (0.2, "d"), (0.5, ("a", 1)), (0.5, ["c"])]


@settings(max_examples=scaled(60), deadline=None)
@given(st.lists(st.tuples(st.sampled_from([0.0, 0.5, 1.0]) | st.floats(0.0, 1.0), st.integers()), max_size=9))
def test_events_read_in_any_order_come_out_as_a_stable_sort_puts_them(pairs):
    """Given in order, with ties, or shuffled: the events are Python's stable sort of them by s,
    each crossing named as its event is."""
    head = Playheads(motion(), 1, events=pairs)
    assert head.events == sorted(pairs, key=lambda pair: pair[0])
    crossed = [crossing.event for crossing in head.crossings(head.advance(10.0))]  # once along, to the end
    assert [name for name in crossed if not isinstance(name, Marker)] == [
        name for s, name in head.events if s > 0.0
    ]
