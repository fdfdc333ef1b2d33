"""Orientation frames: orthonormal right-handed frames looking along the tangent; the minimal
frame against an independent integral of the twist; closing, banking and tilting against their
formulas; the modes through vertical tangents and stops; quaternions against the matrices."""

import collections
import itertools
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scene.curves.presets import TRAJECTORIES, VELOCITIES
from tests.budget import scaled
from trajectory import CubicBezier, FunctionCurve, Motion, Orientation, PiecewiseBezier, Spline, VelocityCurve
from trajectory._numerics.angle_keys import AngleKeys
from trajectory.orientation import frames_along, transport
from trajectory.orientation.frames import MODES
from trajectory.orientation.transport import transport_of

GAUSS_X, GAUSS_W = np.polynomial.legendre.leggauss(20)
PRESET_CURVES = {preset.name: preset.curve() for preset in TRAJECTORIES}
WINDING = 2 * math.pi * 2.5


class Helix(FunctionCurve):
    """The scene's helix with its derivatives written out (the reference below needs Q'')."""

    def __init__(self):
        super().__init__(
            lambda u: (
                3 * (1 - 0.4 * u) * np.cos(WINDING * u),
                3 * (1 - 0.4 * u) * np.sin(WINDING * u),
                0.5 + 6 * u,
            ),
            lambda u: (
                -1.2 * np.cos(WINDING * u) - 3 * (1 - 0.4 * u) * WINDING * np.sin(WINDING * u),
                -1.2 * np.sin(WINDING * u) + 3 * (1 - 0.4 * u) * WINDING * np.cos(WINDING * u),
                6 + 0 * u,
            ),
        )

    def second_derivative(self, u):
        u, w = np.asarray(u, dtype=float), WINDING
        r = 3 * (1 - 0.4 * u)
        return np.stack(
            [
                2.4 * w * np.sin(w * u) - r * w * w * np.cos(w * u),
                -2.4 * w * np.cos(w * u) - r * w * w * np.sin(w * u),
                0 * u,
            ],
            axis=-1,
        )


class Trefoil(FunctionCurve):
    """A trefoil knot: closed, smooth, twisted (its minimal frame does not close by itself)."""

    def __init__(self):
        a = 2 * math.pi
        super().__init__(
            lambda u: (
                np.sin(a * u) + 2 * np.sin(2 * a * u),
                np.cos(a * u) - 2 * np.cos(2 * a * u),
                -np.sin(3 * a * u),
            )
        )


VERTICAL = PiecewiseBezier(
    [
        [[0, 0, 0], [1, 0, 0], [2, 0, 0], [2, 0, 1]],
        [[2, 0, 1], [2, 0, 2], [2, 0, 3], [2, 0, 4]],
        [[2, 0, 4], [2, 0, 5], [2, 1, 6], [0, 2, 6]],
    ]
)
"""Along +X, a bend up, straight up for a while, then over towards +Y and back."""
OVER_THE_TOP = PiecewiseBezier(
    [
        [[0, 0, 0], [1, 0, 0], [2, 0, 0], [2, 0, 1]],
        [[2, 0, 1], [2, 0, 2], [2, 0, 3], [2, 0, 4]],
        [[2, 0, 4], [2, 0, 5], [3, 0, 6], [4, 0, 6]],
    ]
)
"""Along +X, straight up, then over on along +X: no turn forces its heading to jump."""
TWISTED_NEAR_CUSP = CubicBezier([[-5, -2, 1], [5, 5, 2], [-5, 5, 0], [5, -1.98, 1.5]])
WANDERING = Spline(np.cumsum(np.random.default_rng(5).uniform(-1.0, 1.0, (40, 3)), axis=0))
"""A spline of 40 knots: 39 segments, each refined on its own, joined."""


def twist_reference(curve, u, axis):
    """The minimal frame's up axes at sorted ``u`` (n,), by integrating its twist against the
    frame made from a fixed ``axis`` (never along the tangent): with U0 = the axis made normal
    to T and R0 = T x U0, the minimal up cos(a) U0 + sin(a) R0 turns at a' = -U0' . R0
    (Gauss-Legendre, 20 points between consecutive u). The start angle is taken from ours."""
    axis = np.asarray(axis, dtype=float)

    def frame_and_rate(v):
        d, dd = curve.derivative(v), curve.second_derivative(v)
        speed = np.linalg.norm(d, axis=1)[:, None]
        tangent = d / speed
        turning = (dd - np.sum(dd * tangent, 1, keepdims=True) * tangent) / speed
        w = axis - np.sum(axis * tangent, 1, keepdims=True) * tangent
        w_rate = (
            -np.sum(axis * turning, 1, keepdims=True) * tangent
            - np.sum(axis * tangent, 1, keepdims=True) * turning
        )
        size = np.linalg.norm(w, axis=1)
        up0 = w / size[:, None]
        right0 = np.cross(tangent, up0)
        return tangent, up0, right0, -np.sum(w_rate * right0, 1) / size

    half = np.diff(u) / 2
    points = (u[:-1] + half)[:, None] + half[:, None] * GAUSS_X
    rate = frame_and_rate(points.ravel())[3].reshape(points.shape)
    tangent, up0, right0, _ = frame_and_rate(u)
    ours = frames_along(curve, u)[:, :, 2]
    start = math.atan2(ours[0] @ right0[0], ours[0] @ up0[0])
    angle = start + np.concatenate([[0.0], np.cumsum(half * (rate @ GAUSS_W))])
    return tangent, np.cos(angle)[:, None] * up0 + np.sin(angle)[:, None] * right0


def signed_angles(a, b, about):
    """The angles (radians) from vectors a to b (n, 3) about unit axes ``about``."""
    return np.arctan2(np.sum(np.cross(a, b) * about, 1), np.sum(a * b, 1))


def rotation_of(q):
    """The rotation matrix of unit quaternions (w, x, y, z) (n, 4), by the textbook formula."""
    w, x, y, z = q.T
    return np.stack(
        [
            np.stack([1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)], -1),
            np.stack([2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)], -1),
            np.stack([2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)], -1),
        ],
        axis=1,
    )


def unit_tangent(curve, u):
    d = curve.derivative(u)
    return d / np.linalg.norm(d, axis=-1, keepdims=True)


@pytest.mark.parametrize("name", list(PRESET_CURVES))
@pytest.mark.parametrize("mode", MODES)
def test_frames_are_rotations_looking_along_the_way(name, mode):
    curve = PRESET_CURVES[name]
    u = np.linspace(0.0, 1.0, 2001)
    frames = frames_along(curve, u, mode)
    assert np.abs(np.einsum("nij,nik->njk", frames, frames) - np.eye(3)).max() <= 1e-12
    assert np.abs(np.linalg.det(frames) - 1.0).max() <= 1e-12
    if mode == "yaw":
        assert np.all(frames[:, :, 2] == [0.0, 0.0, 1.0])
        horizontal = unit_tangent(curve, u) * [1, 1, 0]
        horizontal /= np.linalg.norm(horizontal, axis=1, keepdims=True)
        assert np.abs(frames[:, :, 1] - horizontal).max() <= 1e-12
    else:
        assert np.abs(frames[:, :, 1] - unit_tangent(curve, u)).max() <= 1e-12


@settings(max_examples=scaled(40), deadline=None)
@given(st.lists(st.floats(-10, 10), min_size=12, max_size=12), st.sampled_from(MODES))
def test_frames_of_any_bezier_are_rotations(coordinates, mode):
    points = np.reshape(coordinates, (4, 3))
    if np.ptp(points, axis=0).max() < 1e-3:
        return  # no length
    curve = CubicBezier(points)
    frames = frames_along(curve, np.linspace(0.0, 1.0, 257), mode)
    assert np.all(np.isfinite(frames))
    assert np.abs(np.einsum("nij,nik->njk", frames, frames) - np.eye(3)).max() <= 1e-12
    assert np.abs(np.linalg.det(frames) - 1.0).max() <= 1e-12


@pytest.mark.parametrize(
    ("curve", "axis"),
    [
        (PRESET_CURVES["S-bend"], (0.3, 0.5, 0.81)),
        (PRESET_CURVES["loop"], (0.3, 0.5, 0.81)),
        (PRESET_CURVES["climb"], (0.3, 0.5, 0.81)),
        (PRESET_CURVES["spline through 9 points"], (0.3, 0.5, 0.81)),
        (Helix(), (0.0, 0.0, 1.0)),
        (VERTICAL, (0.3, 0.5, 0.81)),
        (TWISTED_NEAR_CUSP, (0.3, 0.5, 0.81)),
        (WANDERING, (0.3, 0.5, 0.81)),
    ],
    ids=["S-bend", "loop", "climb", "spline", "helix", "vertical", "twisted near-cusp", "40 knots"],
)
def test_minimal_frame_is_parallel_transport_to_1e_9_rad(curve, axis):
    """Against the twist integral, on 4,000 steps and (where the curve nearly stops) on the
    table's own finer steps: the integral is accurate whatever the steps."""
    u = np.union1d(np.linspace(0.0, 1.0, 4001), transport_of(curve).nodes)
    u = np.union1d(u, (u[:-1] + u[1:]) / 2)
    tangent, expected = twist_reference(curve, u, axis)
    ours = frames_along(curve, u)[:, :, 2]
    assert np.abs(signed_angles(expected, ours, tangent)).max() <= 1e-9


def test_a_spline_edit_refines_only_the_segments_it_changed(monkeypatch):
    """A knot moved: the new table refines the four segments the move changed, and it is the
    table built with nothing kept, to the bit."""
    transport_of(WANDERING)  # its segments kept
    edited = WANDERING.copy()
    edited.move(20, WANDERING.knots[20] + (0.1, -0.2, 0.3))
    refined = []
    keep_going = transport._segments_stepped

    def counted(control_points, scale):
        refined.append(len(control_points))
        return keep_going(control_points, scale)

    monkeypatch.setattr(transport, "_segments_stepped", counted)
    table = transport_of(edited)
    assert refined == [4]
    monkeypatch.setattr(transport, "_stepped", collections.OrderedDict())
    fresh = transport.Transport(edited.geometry)
    assert refined == [4, len(edited.knots) - 1]
    for name in ("nodes", "points", "tangents", "ups"):
        assert np.array_equal(getattr(table, name), getattr(fresh, name)), name


def test_a_few_ups_turned_alone_are_the_ups_made_for_many():
    """A query of fewer points than the table has nodes turns their references itself; one of
    more makes every up once: the two give the same ups, to rounding."""
    edited = WANDERING.copy()
    edited.move(7, WANDERING.knots[7] + (0.3, 0.1, -0.2))
    table = transport.Transport(edited.geometry)
    u = np.random.default_rng(3).uniform(0.0, 1.0, 50)
    points, tangents = edited.evaluate(u).T, unit_tangent(edited, u).T
    few = table.up(u, points, tangents)
    assert "_stacked" not in table.__dict__  # turned alone
    many = np.linspace(0.0, 1.0, 2 * table.nodes.size)
    table.up(many, edited.evaluate(many).T, unit_tangent(edited, many).T)
    assert "_stacked" in table.__dict__
    np.testing.assert_allclose(table.up(u, points, tangents), few, rtol=0, atol=1e-14)


def test_a_query_within_a_few_segments_reads_their_own_tables_without_joining_them():
    """A drag's query (the segments it changed) turns each segment's own table by the angle its
    start is turned by, and joins nothing; the same ups as from the joined table, to rounding."""
    edited = WANDERING.copy()
    edited.move(11, WANDERING.knots[11] + (-0.2, 0.3, 0.1))
    table = transport.Transport(edited.geometry)
    count = len(edited.knots) - 1
    u = (9 + np.random.default_rng(5).uniform(0.0, 3.0, 40)) / count  # in segments 9 to 11
    points, tangents = edited.evaluate(u).T, unit_tangent(edited, u).T
    few = table.up(u, points, tangents)
    assert "_table" not in table.__dict__  # nothing joined
    spread = np.linspace(0.0, 1.0, 3 * count)  # in every segment: joined first
    table.up(spread, edited.evaluate(spread).T, unit_tangent(edited, spread).T)
    assert "_table" in table.__dict__
    np.testing.assert_allclose(table.up(u, points, tangents), few, rtol=0, atol=1e-14)
    ends = np.arange(count) / count  # each segment's start: its reference turned by its angle
    reference = table._table[6:9, np.searchsorted(table.nodes, ends, side="right") - 1]
    right = np.cross(unit_tangent(edited, ends), reference.T).T
    turned = np.cos(table.segment_angles) * reference + np.sin(table.segment_angles) * right
    np.testing.assert_allclose(
        table.up(ends, edited.evaluate(ends).T, unit_tangent(edited, ends).T), turned, atol=1e-12
    )


def test_minimal_frame_turns_the_least_way_at_a_spline_s_corner():
    """Where a spline's tangents break, the up turns about the axis normal to both tangents, by
    their angle: nothing about the tangent (the corner's twist is zero)."""
    corner = PiecewiseBezier(
        [[[0, 0, 0], [1, 0, 0], [3, 0, 0], [4, 0, 0]], [[4, 0, 0], [4, 1, 0.7], [4, 2, 1.3], [4, 3, 2]]]
    )
    before, after = unit_tangent(corner, 0.5 - 1e-12), unit_tangent(corner, 0.5)
    axis = np.cross(before, after) / np.linalg.norm(np.cross(before, after))
    angle = math.acos(np.dot(before, after))
    up_before = frames_along(corner, 0.5 - 1e-12)[:, 2]
    turned = (  # Rodrigues: up_before turned by the corner's angle about the axis
        up_before * math.cos(angle)
        + np.cross(axis, up_before) * math.sin(angle)
        + axis * np.dot(axis, up_before) * (1 - math.cos(angle))
    )
    assert np.allclose(frames_along(corner, 0.5)[:, 2], turned, rtol=0, atol=1e-9)


def test_minimal_frame_of_a_plane_curve_keeps_the_plane_normal():
    """The near-cusp preset lies in z = 1: its minimal up is +Z all along, through the turn."""
    frames = frames_along(PRESET_CURVES["near-cusp"], np.linspace(0.0, 1.0, 100001))
    assert np.abs(frames[:, :, 2] - [0.0, 0.0, 1.0]).max() <= 1e-12


def test_minimal_frame_starts_with_up_nearest_z():
    curve = PRESET_CURVES["S-bend"]
    tangent = unit_tangent(curve, 0.0)
    nearest = np.array([0.0, 0.0, 1.0]) - tangent[2] * tangent
    assert np.allclose(frames_along(curve, 0.0)[:, 2], nearest / np.linalg.norm(nearest), rtol=0, atol=1e-15)


def test_closed_spreads_the_twist_so_the_frame_closes():
    knot = Trefoil()
    open_frames = frames_along(knot, np.array([0.0, 1.0]), closed=False)
    assert np.abs(open_frames[0] - open_frames[1]).max() > 1e-3  # the mismatch exists
    u = np.linspace(0.0, 1.0, 1001)
    closed = frames_along(knot, u, closed=True)
    assert np.abs(closed[0] - closed[-1]).max() <= 1e-9
    # The correction is a roll growing evenly with arc length.
    s = knot.arc_length.at(u) / knot.length
    plain = frames_along(knot, u, closed=False)
    roll = signed_angles(plain[:, :, 2], closed[:, :, 2], closed[:, :, 1])
    assert np.abs(roll - roll[-1] * s).max() <= 1e-12
    assert np.abs(signed_angles(plain[-1:, :, 2], plain[:1, :, 2], plain[:1, :, 1]) - roll[-1]).max() <= 1e-9


TWISTED = [[0, 0, 0], [4, 1, 3], [2, 5, -1], [3, -2, 4]]
LOOPS = {
    "a twisted closed spline (14 degrees)": lambda: Spline(
        [[0, 0, 0], [4, 1, 3], [2, 5, -1], [3, -2, 4]], closed=True
    ),
    "a trefoil": lambda: Trefoil(),
}


@pytest.mark.parametrize("make", LOOPS.values(), ids=LOOPS.keys())
def test_a_loop_s_minimal_frame_closes_without_being_asked(make):
    """The issue's model on a closed spline twisted 8.5 degrees at every lap's seam unless
    ``closed=True`` was given again: now the default closes it, in every path to a frame (by
    parameter, a motion's bulk and per-frame quaternions, a bare mode or an ``Orientation``),
    and each equals the frame asked for with ``closed=True`` to 1e-12."""
    loop = make()
    u = np.linspace(0.0, 1.0, 41)
    asked = frames_along(loop, u, closed=True)
    seam = frames_along(loop, np.array([0.0, 1.0]), closed=False)
    assert np.abs(seam[0] - seam[1]).max() > 1e-3  # a seam to close
    np.testing.assert_allclose(frames_along(loop, u), asked, rtol=0, atol=1e-12)
    np.testing.assert_allclose(frames_along(loop, u, Orientation()), asked, rtol=0, atol=1e-12)
    motion = Motion(loop, VelocityCurve.ease_in_out(), 5.0)
    times = np.linspace(0.0, 5.0, 11)
    expected = motion.quaternion(times, "minimal", closed=True)
    np.testing.assert_allclose(motion.quaternion(times), expected, rtol=0, atol=1e-12)
    one_by_one = [motion.quaternion(float(t)) for t in times]
    np.testing.assert_allclose(one_by_one, expected, rtol=0, atol=1e-12)
    np.testing.assert_allclose(motion.quaternion(0.0), motion.quaternion(5.0), rtol=0, atol=1e-9)


def test_closed_refuses_an_open_curve():
    with pytest.raises(ValueError, match="ends where it starts"):
        frames_along(PRESET_CURVES["S-bend"], 0.5, closed=True)


def test_bank_leans_into_turns_by_the_speed_the_velocity_curve_gives():
    """atan(v^2 k / g), k the curvature's component along the unbanked right axis, computed here
    from the Bezier's control points; braking into the bend (ease in-out) banks less than
    running through it at constant speed."""
    points = np.array(TRAJECTORIES[0].points, dtype=float)
    curve = CubicBezier(points)
    gravity = 9.81
    for velocity in (VelocityCurve.constant(), VelocityCurve.ease_in_out()):
        motion = Motion(curve, velocity, duration=4.0)
        t = np.linspace(0.0, 4.0, 97)
        u = motion.parameter(t)
        first = (
            3 * ((1 - u) ** 2)[:, None] * (points[1] - points[0])
            + 6 * ((1 - u) * u)[:, None] * (points[2] - points[1])
            + 3 * (u**2)[:, None] * (points[3] - points[2])
        )
        second = 6 * (1 - u)[:, None] * (points[2] - 2 * points[1] + points[0]) + 6 * u[:, None] * (
            points[3] - 2 * points[2] + points[1]
        )
        tangent = first / np.linalg.norm(first, axis=1, keepdims=True)
        curvature = (second - np.sum(second * tangent, 1, keepdims=True) * tangent) / np.sum(
            first**2, 1, keepdims=True
        )
        plain, banked = motion.frame(t), motion.frame(t, bank=True, g=gravity)
        expected = np.arctan(motion.speed(t) ** 2 * np.sum(curvature * plain[:, :, 0], 1) / gravity)
        roll = signed_angles(plain[:, :, 2], banked[:, :, 2], plain[:, :, 1])
        assert np.abs(roll - expected).max() <= 1e-9
        assert np.abs(banked[:, :, 1] - plain[:, :, 1]).max() <= 1e-15
        capped = motion.frame(t, bank=True, g=gravity, max_bank=0.2)
        capped_roll = signed_angles(plain[:, :, 2], capped[:, :, 2], plain[:, :, 1])
        assert np.abs(capped_roll - np.clip(expected, -0.2, 0.2)).max() <= 1e-9
    steady = Motion(curve, VelocityCurve.constant(), 4.0)
    braking = Motion(curve, VelocityCurve.ease_in_out(), 4.0)
    near_end = np.array([3.8])  # ease in-out is slow here, the constant motion is not
    lean = [
        signed_angles(
            m.frame(near_end)[:, :, 2],
            m.frame(near_end, bank=True, g=gravity)[:, :, 2],
            m.frame(near_end)[:, :, 1],
        )
        for m in (steady, braking)
    ]
    assert abs(lean[1][0]) < abs(lean[0][0])


def test_tilt_keys_are_hit_exactly_at_their_arc_length():
    curve = PRESET_CURVES["climb"]
    keys = [(0.0, 0.0), (0.3, 1.2), (0.6, -0.5), (1.0, 2 * math.pi)]
    s = np.array([key[0] for key in keys])
    u = curve.arc_length.parameter(s)
    for mode in MODES:
        plain, tilted = frames_along(curve, u, mode), frames_along(curve, u, mode, tilt=keys)
        roll = signed_angles(plain[:, :, 2], tilted[:, :, 2], plain[:, :, 1])
        gap = np.angle(np.exp(1j * (roll - [key[1] for key in keys])))  # a frame knows angles mod 2 pi
        assert np.abs(gap).max() <= 1e-12


@settings(max_examples=scaled(60), deadline=None)
@given(
    st.lists(st.tuples(st.floats(0, 1), st.floats(-10, 10)), min_size=1, max_size=8, unique_by=lambda k: k[0])
)
def test_angle_keys_pass_through_each_key_and_never_overshoot(keys):
    keys = sorted(keys)
    if np.any(np.diff([k[0] for k in keys]) < 1e-9):
        with pytest.raises(ValueError, match="increase"):
            AngleKeys(keys, "tilt")
        return
    interpolated = AngleKeys(keys, "tilt")
    s = np.array([k[0] for k in keys])
    angles = np.array([k[1] for k in keys])
    assert np.allclose(interpolated(s), angles, rtol=0, atol=1e-12)
    for one in np.linspace(-0.1, 1.1, 25).tolist():  # the per-frame path agrees with the bulk one
        assert abs(interpolated(one) - float(interpolated(np.array([one]))[0])) <= 1e-12
    for (s0, a0), (s1, a1) in itertools.pairwise(keys):
        between = interpolated(np.linspace(s0, s1, 50))
        assert between.min() >= min(a0, a1) - 1e-9 and between.max() <= max(a0, a1) + 1e-9
    assert np.all(np.isfinite(interpolated(np.linspace(0, 1, 400))))


def test_up_mode_and_yaw_pass_vertical_tangents_without_a_jump():
    """Straight up for a third of the parameter: yaw holds the heading (+X) it had going in, and
    the up mode's up is -X there (pitched up from heading +X); neither jumps on the way. (On
    VERTICAL the heading comes out of the climb turned to +Y: that jump the curve forces.)"""
    u = np.linspace(0.0, 1.0, 30001)
    for mode in ("yaw", "up"):
        frames = frames_along(OVER_THE_TOP, u, mode)
        assert np.all(np.isfinite(frames))
        steps = np.arccos(np.clip((np.einsum("nij,nij->n", frames[1:], frames[:-1]) - 1) / 2, -1, 1))
        assert steps.max() < 0.01, mode  # about 1e-3 rad a step at most: the curve turns smoothly
    inside = frames_along(VERTICAL, 0.5, "yaw")
    assert np.allclose(inside[:, 1], [1.0, 0.0, 0.0], atol=1e-15)
    assert np.allclose(frames_along(VERTICAL, 0.5, "up")[:, 2], [-1.0, 0.0, 0.0], atol=1e-15)


def test_a_curve_that_stops_has_finite_frames_with_one_sided_tangents():
    """P0 = P1: the curve stops at u = 0 and sets off along Q''(0) = 6 (P2 - P1); a cusp in the
    middle (the tangent turns back): the frame looks the way it goes on."""
    starts_still = CubicBezier([[0, 0, 0], [0, 0, 0], [1, 2, 0], [3, 2, 1]])
    frame = frames_along(starts_still, 0.0)
    assert np.allclose(frame[:, 1], np.array([1, 2, 0]) / math.sqrt(5), atol=1e-15)
    cusp = CubicBezier([[0, 0, 0], [2, 2, 0], [0, 2, 0], [2, 0, 0]])  # Q'(1/2) = 0
    frames = frames_along(cusp, np.array([0.5 - 1e-9, 0.5, 0.5 + 1e-9]))
    assert np.all(np.isfinite(frames))
    assert np.allclose(frames[1, :, 1], frames[2, :, 1], atol=1e-6)


@pytest.mark.parametrize("mode", MODES)
def test_quaternions_are_the_frames_rotations(mode):
    motion = Motion(PRESET_CURVES["loop"], VELOCITIES[1].curve(), duration=5.0)
    t = np.linspace(0.0, 5.0, 4001)
    q = motion.quaternion(t, mode, tilt=[(0.0, 0.0), (1.0, 7.0)])
    assert np.all(q[:, 0] >= 0.0)
    assert np.abs(np.linalg.norm(q, axis=1) - 1.0).max() <= 1e-15 * 4
    assert np.abs(rotation_of(q) - motion.frame(t, mode, tilt=[(0.0, 0.0), (1.0, 7.0)])).max() <= 1e-14
    for time in (0.0, 1.7, 5.0):
        assert np.array_equal(
            motion.quaternion(time, mode), motion.quaternion(np.array([time]), mode)[0]
        ) or np.allclose(
            motion.quaternion(time, mode), motion.quaternion(np.array([time]), mode)[0], rtol=0, atol=1e-15
        )
        assert np.allclose(
            motion.frame(time, mode), motion.frame(np.array([time]), mode)[0], rtol=0, atol=1e-15
        )


def test_bulk_frames_agree_across_blocks():
    motion = Motion(PRESET_CURVES["S-bend"], VELOCITIES[0].curve(), duration=3.0)
    t = np.linspace(0.0, 3.0, 150001)  # more than two blocks
    assert np.allclose(motion.quaternion(t)[::5000], motion.quaternion(t[::5000]), rtol=0, atol=0)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"mode": "spin"}, "orientation mode"),
        ({"bank": 1.0}, "bank must be True or False"),  # once taken as a gravity: 70-86 degrees of lean
        ({"bank": 9.81}, "the gravity is g="),
        ({"bank": None}, "bank"),
        ({"bank": True, "g": 0.0}, "g"),
        ({"bank": True, "g": math.inf}, "g"),
        ({"bank": True, "g": -9.81}, "g"),
        ({"bank": True, "max_bank": 2.0}, "max_bank"),
        ({"max_bank": math.nan}, "max_bank"),
        ({"tilt": [(0.5, 0.0), (0.2, 1.0)]}, "increase"),
        ({"tilt": [(0.0, 0.0), (1.5, 1.0)]}, r"\[0, 1\]"),
        ({"tilt": [(0.0, math.nan)]}, "finite"),
        ({"tilt": [1, 2, 3]}, "pairs"),
    ],
)
def test_bad_orientation_options_are_refused_by_name(options, message):
    motion = Motion(PRESET_CURVES["S-bend"], VELOCITIES[0].curve(), duration=3.0)
    with pytest.raises(ValueError, match=message):
        motion.frame(1.0, **options)
    with pytest.raises(ValueError, match=message):
        motion.quaternion(np.array([1.0]), **options)


@pytest.mark.parametrize("mode", MODES)
def test_pose_is_position_and_quaternion_together(mode):
    motion = Motion(PRESET_CURVES["S-bend"], VELOCITIES[1].curve(), duration=3.0)
    for t in (0.0, 0.4, 1.5, 3.0):
        position, quaternion = motion.pose(t, mode)
        assert np.allclose(position, motion.position(t), rtol=0, atol=1e-14)
        assert np.allclose(quaternion, motion.quaternion(t, mode), rtol=0, atol=1e-15)
    t = np.linspace(0.0, 3.0, 7)
    positions, quaternions = motion.pose(t, mode, bank=True)
    assert np.array_equal(positions, motion.position(t))
    assert np.array_equal(quaternions, motion.quaternion(t, mode, bank=True))


@pytest.mark.parametrize("mode", MODES)
def test_one_time_and_many_agree_with_options(mode):
    """The per-frame path (one float time) and the bulk path give the same frame, for a plain
    mode, a closed loop's Orientation, banking, and tilt keys."""
    knot = Trefoil()
    motion = Motion(knot, VelocityCurve.ease_in_out(), duration=4.0)
    tilted = Orientation(mode, bank=True, max_bank=0.5, tilt=[(0.0, 0.0), (0.5, 1.0), (1.0, -1.0)])
    for orientation in (
        mode,
        Orientation(mode, closed=True),
        Orientation(mode, closed=True, bank=True),
        tilted,
    ):
        for t in (0.0, 1.3, 2.9, 4.0):
            one = motion.quaternion(t, orientation)
            many = motion.quaternion(np.array([t]), orientation)[0]
            assert np.allclose(one, many, rtol=0, atol=1e-14), (orientation, t)
    assert knot.closed and not PRESET_CURVES["S-bend"].closed


@pytest.mark.parametrize("scale", [1e-300, 1e-155, 1e155, 1e300])
def test_frames_do_not_depend_on_the_curve_s_size(scale):
    """Minimal frames of a curve 1e-155 across were NaN (a chord's square was subnormal): a
    frame is the same at any scale (the reflections are scale-free), to rounding."""
    points = np.array([[0, 0, 0], [1, 2, 0], [3, 2, 1], [4, 0, 0]], dtype=float)
    u = np.linspace(0.0, 1.0, 9)
    reference = frames_along(CubicBezier(points), u)
    scaled = CubicBezier(points * scale)
    assert np.abs(frames_along(scaled, u) - reference).max() <= 1e-14
    assert np.abs(np.array([frames_along(scaled, float(x)) for x in u]) - reference).max() <= 1e-14
