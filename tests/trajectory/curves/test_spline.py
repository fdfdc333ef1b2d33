"""The editable spline: auto knots are the library's Catmull-Rom spline, an insert keeps the shape
to rounding, every mode keeps its invariant through random edits, a closed loop is smooth at its
seam, and a bad edit changes nothing."""

import json
import math

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from tests.budget import cases, scaled
from trajectory import FunctionCurve, Motion, NurbsCurve, PiecewiseBezier, Spline, VelocityCurve
from trajectory.curves import TangentMode, spline_data, spline_from_data
from trajectory.curves.arclength import ArcLength
from trajectory.curves.knot_tangents import farthest

MODES = list(TangentMode)
points = st.lists(
    st.tuples(*[st.floats(-50, 50, allow_nan=False)] * 3), min_size=2, max_size=7, unique=True
).filter(lambda p: all(math.dist(a, b) > 1e-3 for a, b in zip(p, p[1:] + p[:1])))


def state(spline):
    return (
        spline.knots.tolist(),
        spline.tangents.tolist(),
        spline.modes,
        spline.tilts.tolist(),
        spline.closed,
    )


def with_modes(knots, modes, closed):
    spline = Spline(knots, closed=closed)
    for index, mode in enumerate(modes[: len(knots)]):
        spline.set_mode(index, mode)
    return spline


def test_a_spline_of_auto_knots_is_the_centripetal_catmull_rom_spline():
    knots = [[0, 0, 0], [4, 2, 0], [8, 0, 1], [10, 5, 2], [3, 9, -1]]
    spline, reference = Spline(knots), PiecewiseBezier.catmull_rom(knots)
    np.testing.assert_array_equal(spline.to_bezier().control_points, reference.control_points)
    spline.move(2, (7.0, -1.0, 0.5))  # the neighbours follow, as the library's spline would
    knots[2] = [7.0, -1.0, 0.5]
    np.testing.assert_allclose(
        spline.to_bezier().control_points, PiecewiseBezier.catmull_rom(knots).control_points, atol=1e-13
    )


@settings(max_examples=scaled(300), deadline=None)
@given(
    points, st.lists(st.sampled_from(MODES), min_size=7, max_size=7), st.booleans(), st.floats(0.001, 0.999)
)
def test_an_insert_keeps_the_shape_to_rounding(knots, modes, closed, u):
    spline = with_modes(knots, modes, closed)
    segments = len(spline.to_bezier().control_points)
    segment = min(int(u * segments), segments - 1)
    t0 = u * segments - segment
    if t0 == 0.0:
        return
    old = spline.to_bezier()
    spline.insert(u)
    new, size = spline.to_bezier(), max(1.0, np.abs(spline.knots).max())
    t = np.linspace(0.0, 1.0, 41)
    for k in range(segments):  # each old segment's points, where they are on the new curve
        where = (k + t) / segments
        if k < segment:
            on_new = (k + t) / (segments + 1)
        elif k > segment:
            on_new = (k + 1 + t) / (segments + 1)
        else:
            local = np.where(t < t0, t / t0, (t - t0) / (1.0 - t0))
            on_new = (k + (t >= t0) + local) / (segments + 1)
        np.testing.assert_allclose(new.evaluate(on_new), old.evaluate(where), rtol=0, atol=1e-12 * size)


@settings(max_examples=scaled(200), deadline=None)
@given(
    points,
    st.lists(st.sampled_from(MODES), min_size=7, max_size=7),
    st.booleans(),
    st.lists(
        st.tuples(st.integers(0, 6), st.sampled_from(["move", "in", "out"]), *[st.floats(-5, 5)] * 3),
        max_size=6,
    ),
)
@example([(0.0, 0.0, 0.0), (0.0, 0.0, 1.0)], [TangentMode.AUTO] * 7, False, [(0, "in", 0.0, 0.0, 5.4e-161)])
def test_every_mode_keeps_its_invariant_through_random_edits(knots, modes, closed, edits):
    spline = with_modes(knots, modes, closed)
    for index, what, dx, dy, dz in edits:
        index %= len(spline.knots)
        try:
            if what == "move":
                spline.move(index, spline.knots[index] + (dx, dy, dz))
            else:
                spline.move_tangent(index, what, (dx, dy, dz))
        except ValueError:
            continue  # a refused edit (a knot onto its neighbour) changes nothing: tested below
    knots, tangents = spline.knots, spline.tangents
    before, after = np.roll(knots, 1, axis=0), np.roll(knots, -1, axis=0)
    catmull = PiecewiseBezier.catmull_rom(np.concatenate((knots, knots[:1])) if closed else knots)
    for index, mode in enumerate(spline.modes):
        into, out = tangents[index]
        if mode is TangentMode.MIRRORED:
            np.testing.assert_array_equal(into, -out)
        elif mode is TangentMode.ALIGNED and np.abs(out).max() > 0 and np.abs(into).max() > 0:
            # Each scaled to about 1 first: a handle 5e-161 long squares below the normal floats.
            into, out = into / np.abs(into).max(), out / np.abs(out).max()
            cosine = np.dot(into, out) / np.linalg.norm(into) / np.linalg.norm(out)
            assert cosine == pytest.approx(-1.0, abs=1e-12)
        elif mode is TangentMode.LINEAR:
            if closed or index < len(knots) - 1:
                np.testing.assert_allclose(out, (after[index] - knots[index]) / 3, atol=1e-12)
            if closed or index > 0:
                np.testing.assert_allclose(into, (before[index] - knots[index]) / 3, atol=1e-12)
        elif mode is TangentMode.AUTO and not closed and 0 < index < len(knots) - 1:
            # an inner auto knot's handles, as the library's Catmull-Rom spline of the knots has them
            np.testing.assert_allclose(out, catmull.control_points[index, 1] - knots[index], atol=1e-9)
        elif mode is TangentMode.NATURAL:
            np.testing.assert_array_equal(into, -out)
            before_end, after_start = bending_at(spline, index)
            scale = max(1.0, np.abs(knots).max())
            np.testing.assert_allclose(before_end, after_start, rtol=0, atol=1e-9 * scale)


def bending_at(spline, index):
    """Q'' (each segment's own t) just before and just after knot ``index``; an open end's
    missing side is 0 (a natural end bends not at all)."""
    controls = spline.to_bezier().control_points
    count = len(controls)
    before = index - 1 if spline.closed or index > 0 else None
    after = index % count if spline.closed or index < len(spline.knots) - 1 else None
    into = (
        np.zeros(3)
        if before is None
        else 6 * (controls[before % count, 3] - 2 * controls[before % count, 2] + controls[before % count, 1])
    )
    out = (
        np.zeros(3)
        if after is None
        else 6 * (controls[after, 0] - 2 * controls[after, 1] + controls[after, 2])
    )
    return into, out


@pytest.mark.parametrize("closed", [False, True])
def test_natural_knots_solve_the_textbook_spline_system(closed):
    """Every knot natural: D_(i-1) + 4 D_i + D_(i+1) = 3 (k_(i+1) - k_(i-1)), natural ends
    (2 D_0 + D_1 = 3 (k_1 - k_0)) or periodic, solved here densely: the same handles, and the
    curve's curvature continuous at every knot."""
    knots = np.random.default_rng(7).uniform(-10, 10, (12, 3))
    spline = Spline(knots, closed=closed)
    spline.set_all_modes(TangentMode.NATURAL)
    count = len(knots)
    matrix, right = np.zeros((count, count)), np.zeros((count, 3))
    for i in range(count):
        if not closed and i in (0, count - 1):
            other = 1 if i == 0 else count - 2
            matrix[i, i], matrix[i, other] = 2.0, 1.0
            right[i] = 3 * (knots[i] - knots[other]) * (1 if i else -1)
            continue
        matrix[i, i] = 4.0
        matrix[i, (i - 1) % count] += 1.0
        matrix[i, (i + 1) % count] += 1.0
        right[i] = 3 * (knots[(i + 1) % count] - knots[(i - 1) % count])
    derivatives = np.linalg.solve(matrix, right)
    np.testing.assert_allclose(spline.tangents[:, 1], derivatives / 3, rtol=0, atol=1e-12)
    np.testing.assert_allclose(spline.tangents[:, 0], -derivatives / 3, rtol=0, atol=1e-12)
    u = (np.arange(1, count if closed else count - 1)) / len(spline.to_bezier().control_points)
    left, right_side = spline.curvature(u - 1e-9), spline.curvature(u + 1e-9)
    np.testing.assert_allclose(left, right_side, rtol=1e-6)
    auto = Spline(knots, closed=closed)  # the auto spline's curvature jumps at its knots
    assert np.abs(auto.curvature(u - 1e-9) - auto.curvature(u + 1e-9)).max() > 1e-3


def test_natural_knots_read_back_and_every_mode_set_at_once():
    spline = Spline([[0, 0, 0], [4, 2, 0], [8, 0, 1], [10, 5, 2]])
    spline.set_all_modes(TangentMode.NATURAL)
    again = spline_from_data(json.loads(json.dumps(spline_data(spline))))
    assert list(again.modes) == [TangentMode.NATURAL] * 4
    np.testing.assert_array_equal(again.tangents, spline.tangents)
    spline.move_tangent(1, "out", (1.0, 1.0, 0.0))  # a handle dragged: aligned from then on
    assert spline.modes[1] is TangentMode.ALIGNED
    with pytest.raises(ValueError, match="TangentMode"):
        spline.set_all_modes("natural")


@pytest.mark.parametrize("mode", [TangentMode.AUTO, TangentMode.MIRRORED, TangentMode.ALIGNED])
def test_a_closed_loop_is_smooth_at_its_seam(mode):
    loop = Spline([[0, 0, 0], [6, 1, 0], [7, 6, 2], [1, 5, 1]], closed=True)
    loop.set_mode(0, mode)
    if mode is TangentMode.ALIGNED:
        loop.move_tangent(0, "out", (2.0, -1.0, 0.3))
    end, start = loop.derivative(1.0), loop.derivative(0.0)
    np.testing.assert_array_equal(loop.evaluate(1.0), loop.evaluate(0.0))
    np.testing.assert_allclose(end / np.linalg.norm(end), start / np.linalg.norm(start), atol=1e-12)
    if mode is TangentMode.MIRRORED:
        np.testing.assert_allclose(end, start, atol=1e-12)  # C1: the same derivative
    assert loop.closed


def test_removing_an_end_knot_keeps_the_rest_and_an_inner_one_stays_near():
    """An end knot goes with its segment, the rest exact; an inner one's two segments become the
    cubic nearest them where the neighbours keep their handles (aligned: within 1.5 % of the
    span), and the library's Catmull-Rom spline of the knots left where they are auto."""
    spline = Spline([[0, 0, 0], [4, 3, 0], [8, 4, 0], [12, 3, 0], [16, 0, 0]])
    kept = spline.to_bezier().control_points[1:]
    spline.remove(0)
    np.testing.assert_array_equal(spline.to_bezier().control_points, kept)
    auto = Spline(spline.knots)
    for index in range(4):
        spline.set_mode(index, TangentMode.ALIGNED)
    dense = np.linspace(0.0, 1.0, 2001)
    before = spline.evaluate(dense)
    spline.remove(2)
    after = spline.evaluate(dense)
    gaps = np.min(np.linalg.norm(before[:, None] - after[None], axis=2), axis=1)
    assert gaps.max() < 0.015 * np.linalg.norm(np.subtract((16, 0, 0), (8, 4, 0)))
    np.testing.assert_array_equal(spline.knots, [[4, 3, 0], [8, 4, 0], [16, 0, 0]])
    auto.remove(2)
    reference = PiecewiseBezier.catmull_rom([[4, 3, 0], [8, 4, 0], [16, 0, 0]])
    np.testing.assert_allclose(auto.to_bezier().control_points, reference.control_points, atol=1e-13)


@pytest.mark.parametrize(
    "edit, message",
    [
        (lambda s: Spline([[0, 0, 0], [4, 3, 0]]).remove(0), "two knots"),
        (lambda s: s.move(1, (math.nan, 0, 0)), "finite"),
        (lambda s: s.move(1, (0, 0, 0)), "one place"),
        (lambda s: s.move_tangent(1, "sideways", (1, 0, 0)), "side"),
        (lambda s: s.move_tangent(1, "in", (math.inf, 0, 0)), "finite"),
        (lambda s: s.insert(0.5), "already"),
        (lambda s: s.insert(1.5), "inside"),
        (lambda s: s.set_mode(0, "auto"), "TangentMode"),
        (lambda s: s.set_tilt(0, math.nan), "tilt"),
        (lambda s: s.remove(7), "no knot"),
    ],
)
def test_a_bad_edit_is_refused_and_changes_nothing(edit, message):
    spline = Spline([[0, 0, 0], [4, 3, 0], [8, 0, 1]])
    before = state(spline)
    with pytest.raises(ValueError, match=message):
        edit(spline)
    assert state(spline) == before


def test_two_knots_in_one_place_or_a_loop_of_one_point_are_refused():
    with pytest.raises(ValueError, match="one place"):
        Spline([[1, 1, 1], [1, 1, 1]])
    with pytest.raises(ValueError, match="one place"):
        Spline([[0, 0, 0], [1, 0, 0], [0, 0, 0]], closed=True)


def test_it_converts_to_bezier_and_nurbs_and_back():
    spline = Spline([[0, 0, 0], [4, 3, 0], [8, 0, 1], [5, -4, 2]], closed=True)
    spline.set_mode(1, TangentMode.BROKEN)
    spline.move_tangent(1, "out", (1.0, -2.0, 0.5))
    u = np.linspace(0.0, 1.0, 501)
    nurbs = spline.to_nurbs()
    assert isinstance(nurbs, NurbsCurve)
    np.testing.assert_allclose(nurbs.evaluate(u), spline.evaluate(u), rtol=0, atol=1e-13)
    again = Spline.from_bezier(spline.to_bezier())
    np.testing.assert_array_equal(again.evaluate(u), spline.evaluate(u))
    assert again.closed and again.modes[1] is TangentMode.BROKEN


def test_a_motion_sees_the_spline_as_it_was_and_a_new_one_as_it_is():
    spline = Spline([[0, 0, 0], [4, 3, 0], [8, 0, 1]])
    motion = Motion(spline, VelocityCurve.constant(), 2.0)
    middle = motion.position(1.0)
    spline.move(1, (4.0, 6.0, 0.0))
    np.testing.assert_array_equal(motion.position(1.0), middle)
    assert Motion(spline, VelocityCurve.constant(), 2.0).length > motion.length


def test_an_inserted_knot_takes_the_tilt_between_its_neighbours():
    spline = Spline([[0, 0, 0], [4, 3, 0], [8, 0, 1]])
    spline.set_tilt(0, 0.2)
    spline.set_tilt(1, 0.6)
    spline.insert(0.125)  # a quarter of the way along the first segment
    assert spline.tilts.tolist() == pytest.approx([0.2, 0.3, 0.6, 0.0])


def test_a_plain_nurbs_becomes_its_spline_exactly_and_a_rational_one_is_fitted():
    rng = np.random.default_rng(5)
    for degree in (1, 2, 3):
        points = rng.uniform(-5, 5, (7, 3))
        nurbs = NurbsCurve(points, degree=degree)  # clamped uniform knots: uniform spans, as the spline's
        spline = Spline.from_nurbs(nurbs)
        u = np.linspace(0.0, 1.0, 1001)
        np.testing.assert_allclose(spline.evaluate(u), nurbs.evaluate(u), rtol=0, atol=1e-13)
        assert len(spline.knots) == 7 - degree + 1
    circle = NurbsCurve(
        [[1, 0, 0], [1, 1, 0], [0, 1, 0]], knots=[0, 0, 0, 1, 1, 1], weights=[1, math.sqrt(0.5), 1], degree=2
    )
    with pytest.raises(ValueError, match="rational"):
        Spline.from_nurbs(circle)
    fitted = Spline.fit(circle, tolerance=1e-4)
    radii = np.linalg.norm(fitted.evaluate(np.linspace(0.0, 1.0, 20001))[:, :2], axis=1)
    assert np.abs(radii - 1.0).max() <= 1e-4  # the stated tolerance, checked on the exact circle


def test_a_closed_curve_is_fitted_by_a_closed_spline():
    ring = Spline.fit(FunctionCurve(lambda u: (4 * np.cos(2 * np.pi * u), 3 * np.sin(2 * np.pi * u), 0 * u)))
    assert ring.closed and len(ring.knots) >= 4
    u = np.linspace(0.0, 1.0, 20001)
    x, y = ring.evaluate(u)[:, :2].T
    assert np.abs(np.hypot(x / 4, y / 3) - 1.0).max() * 4 <= 1e-3 * 8 * 1.01  # 1e-3 of its size (8 across)


@settings(max_examples=scaled(40), deadline=None)
@given(points, st.booleans(), st.integers(0, 6), st.tuples(*[st.floats(-3, 3)] * 3))
def test_the_segment_by_segment_tables_are_the_whole_curves_before_and_after_an_edit(
    knots, closed, index, step
):
    """``JoinedLength`` (each segment measured alone, kept for the next edit) against the
    whole curve's ``ArcLength``, before and after a move: lengths to 1e-13; the u it gives for a
    distance s lies at that distance by the whole curve's measure, to 1e-12 of the length (in
    distance: at a stop u(s) has a cube-root point, where u itself is not the measure)."""
    spline = Spline(knots, closed=closed)
    for _ in range(2):
        ours, whole = spline.arc_length, ArcLength(spline.to_bezier())
        assert ours.length == pytest.approx(whole.length, rel=1e-13)
        s = np.linspace(0.0, 1.0, 1001)
        np.testing.assert_allclose(whole.at(ours.parameter(s)) / whole.length, s, rtol=0, atol=1e-12)
        np.testing.assert_allclose(ours.at(s), whole.at(s), rtol=0, atol=1e-12 * whole.length)
        try:
            spline.move(index % len(spline.knots), spline.knots[index % len(spline.knots)] + step)
        except ValueError:
            return


def test_a_spline_as_data_comes_back_the_same_and_bad_data_is_refused_by_name():
    spline = Spline([[0, 0, 0], [4, 3, 0], [8, 0, 1], [5, -4, 2]], closed=True)
    spline.set_mode(1, TangentMode.BROKEN)
    spline.move_tangent(1, "out", (1.0, -2.0, 0.5))
    spline.set_mode(2, TangentMode.MIRRORED)
    spline.set_tilt(3, 0.4)
    data = json.loads(json.dumps(spline_data(spline, "track")))
    again = spline_from_data(data)
    u = np.linspace(0.0, 1.0, 1001)
    np.testing.assert_array_equal(again.evaluate(u), spline.evaluate(u))
    assert (again.modes, again.tilts.tolist(), again.closed) == (spline.modes, spline.tilts.tolist(), True)
    for change, message in [
        ({"format": "a drawing"}, "not a spline file"),
        ({"version": 7}, "version"),
        ({"modes": ["auto", "wobbly", "auto", "auto"]}, "modes"),
        ({"tilts": [0.0]}, "per knot"),
        ({"closed": "yes"}, "true or false"),
        ({"knots": [[0, 0, 0], [0, 0, 0], [1, 1, 1], [2, 2, 2]]}, "one place"),
    ]:
        with pytest.raises(ValueError, match=message):
            spline_from_data(data | change)
    with pytest.raises(ValueError, match="needs 'knots'"):
        spline_from_data({key: value for key, value in data.items() if key != "knots"})


def test_a_copy_is_equal_until_either_is_edited_and_equality_is_exact():
    spline = Spline([[0, 0, 0], [4, 3, 0], [8, 0, 1]])
    twin = spline.copy()
    assert twin == spline and twin is not spline
    twin.move(1, (4.0, 3.0, 1e-12))
    assert twin != spline and state(spline)[0][1] == [4.0, 3.0, 0.0]
    twin.move(1, (4.0, 3.0, 0.0))
    assert twin == spline
    twin.set_tilt(2, 0.1)
    assert twin != spline


@pytest.mark.parametrize("at_start", [False, True])
def test_a_knot_added_past_an_end_leaves_the_far_segments_and_refuses_a_closed_loop(at_start):
    knots = [[0, 0, 0], [4, 3, 0], [8, 0, 1], [12, 2, 0]]
    spline = Spline(knots)
    before = spline.to_bezier().control_points
    index = spline.add((-3.0, 2.0, 0.5) if at_start else (15.0, -1.0, 0.5), at_start=at_start)
    assert index == (0 if at_start else 4) and spline.knots[index].tolist() == (
        [-3.0, 2.0, 0.5] if at_start else [15.0, -1.0, 0.5]
    )
    after = spline.to_bezier().control_points
    # Only the end segment beside the new knot changes its auto handles: the one beyond is kept.
    kept = (after[2:], before[1:]) if at_start else (after[:2], before[:2])
    np.testing.assert_array_equal(*kept)
    spline.closed = True
    with pytest.raises(ValueError, match="closed loop has no end"):
        spline.add((0.0, 9.0, 0.0))


def test_tilt_keys_are_the_knots_tilts_at_their_arc_length_fractions():
    knots = [[0, 0, 0], [3, 0, 0], [3, 4, 0]]  # straight segments of lengths 3 and 4 with linear knots
    spline = Spline(knots)
    for index, tilt in enumerate((0.0, 0.5, -0.25)):
        spline.set_mode(index, TangentMode.LINEAR)
        spline.set_tilt(index, tilt)
    np.testing.assert_allclose(spline.tilt_keys(), [[0.0, 0.0], [3 / 7, 0.5], [1.0, -0.25]], atol=1e-12)
    spline.closed = True  # the closing segment is 5 long: 12 in all, the first knot again at s = 1
    np.testing.assert_allclose(
        spline.tilt_keys(), [[0.0, 0.0], [0.25, 0.5], [7 / 12, -0.25], [1.0, 0.0]], atol=1e-12
    )


def test_a_state_read_back_is_the_same_spline_exactly_and_a_false_mode_is_refused():
    spline = Spline([[0, 0, 0], [4, 3, 0], [8, 0, 1], [9, 5, 2]], closed=True)
    spline.set_mode(1, TangentMode.ALIGNED)
    spline.move_tangent(1, "out", (1.1, -0.3, 0.7))
    spline.set_mode(2, TangentMode.MIRRORED)
    spline.set_tilt(3, 0.4)
    state = (spline.knots, spline.tangents, spline.modes, spline.tilts, spline.closed)
    assert Spline.from_state(*state) == spline
    assert spline_from_data(json.loads(json.dumps(spline_data(spline)))) == spline  # JSON keeps every bit
    tangents = spline.tangents
    tangents[2, 0] *= 1.01  # no longer mirrored
    with pytest.raises(ValueError, match="knot 2's tangents are not mirrored"):
        Spline.from_state(spline.knots, tangents, spline.modes, spline.tilts, True)
    with pytest.raises(ValueError, match="one mode and one tilt per knot"):
        Spline.from_state(spline.knots, spline.tangents, spline.modes[:3], spline.tilts, True)


@pytest.mark.parametrize("knots", [4097, 100_000])
def test_a_spline_of_any_size_is_measured_against_quadrature(knots):
    """Splines past the 4096 segment tables kept between edits (which once evicted the tables
    a measure had just made: a KeyError) are measured, to 1e-12 of their length by 64-point
    Gauss-Legendre quadrature of each segment's speed, and again after an edit."""
    rng = np.random.default_rng(knots)
    spline = Spline(np.cumsum(rng.normal(size=(knots, 3)), axis=0))
    x, w = np.polynomial.legendre.leggauss(64)
    for _ in range(2):
        controls = spline.geometry.control_points
        t = (x + 1.0) / 2.0
        a, b, c = (
            3.0 * (controls[:, 1] - controls[:, 0]),
            6.0 * (controls[:, 0] - 2.0 * controls[:, 1] + controls[:, 2]),
            3.0 * (controls[:, 3] - controls[:, 0] + 3.0 * (controls[:, 1] - controls[:, 2])),
        )
        velocity = a[:, None] + t[None, :, None] * (b[:, None] + t[None, :, None] * c[:, None])
        exact = float(np.sum(np.linalg.norm(velocity, axis=2) @ w) / 2.0)
        assert spline.length == pytest.approx(exact, rel=1e-12)
        assert spline.arc_length.parameter(0.5) == pytest.approx(spline.arc_length.parameter(0.5))
        spline.move(knots // 2, spline.knots[knots // 2] + 1.0)


@pytest.mark.parametrize("seed", cases(2, 1, 5))
def test_a_fitted_spline_keeps_its_tolerance_at_a_corner_s_apex(seed):
    """A polygon's sharp corners (where the fit's error peaks, between its samples): every point
    of the curve, the apexes most densely, lies within the tolerance of the fitted spline (it
    once missed by 1.6 times the tolerance there)."""
    rng = np.random.default_rng(seed)
    corners = int(rng.integers(3, 9))
    angles = np.sort(rng.uniform(0, 2 * np.pi, corners))
    radii = rng.uniform(1, 5, corners)
    polygon = np.column_stack((radii * np.cos(angles), radii * np.sin(angles), np.zeros(corners)))
    ends = np.roll(polygon, -1, axis=0)
    curve = PiecewiseBezier(np.stack([polygon + (ends - polygon) * k / 3 for k in range(4)], axis=1))
    tolerance = 1e-2
    spline = Spline.fit(curve, tolerance)
    apexes = (np.arange(corners)[:, None] + np.linspace(-0.02, 0.02, 401)) / corners % 1.0
    u = np.concatenate((np.linspace(0.0, 1.0, 4001), apexes.ravel()))
    drawn = spline.evaluate(np.linspace(0.0, 1.0, 60001))
    assert farthest(curve.evaluate(u), drawn) <= tolerance
