"""The curves mode's riders as a user drives them with keys: O turns them by the next
orientation mode, G swaps the sphere for the glider (which banks), K and Shift+K make a train,
V rides on the leader, X draws the frames; the coaster preset comes from the egg file."""

import math
import re

import numpy as np
import pytest

from scene.curves.presets import TRAJECTORIES
from scene.curves.rider_settings import DEFAULT_MODE, MAX_BANK, MAX_CARS
from scene.curves.riders import CAR_GAP, RIDE_OFFSET, RIDE_PITCH
from scene.curves.roll import LIFT_SPEEDS
from tests.scene.helpers import press, step
from trajectory import Orientation
from trajectory.orientation import MODES as ORIENTATION_MODES
from trajectory.orientation import frames_along

COASTER = next(i for i, preset in enumerate(TRAJECTORIES) if "coaster" in preset.name)


def quaternion_of(node, other=None):
    q = node.get_quat(other) if other is not None else node.get_quat()
    return np.array([q.get_r(), q.get_i(), q.get_j(), q.get_k()])


def same_rotation(a, b, tolerance=2e-6):
    return min(np.abs(a - b).max(), np.abs(a + b).max()) <= tolerance


def hud_line(app, start):
    app.hud.set_lines(app.mode.status_lines())
    return next(line for line in app.hud.text.getText().split("\n") if line.startswith(start))


def test_the_sphere_turns_by_each_orientation_mode_in_turn(app):
    mode = app.mode
    start = ORIENTATION_MODES.index(DEFAULT_MODE)
    for turn in range(1, len(ORIENTATION_MODES) + 1):
        press(app, "o")
        expected = ORIENTATION_MODES[(start + turn) % len(ORIENTATION_MODES)]
        assert mode.model.rider_settings.mode == mode.riders.settings.mode == expected
        step(app, 7)
        t = mode.run.time
        assert same_rotation(quaternion_of(mode.sphere), mode.motion.quaternion(t, expected))
        if expected == "minimal":
            assert re.search(r"facing: rotation-minimising \(O\)", hud_line(app, "sphere"))


def test_the_glider_banks_into_turns(app):
    mode = app.mode
    press(app, "g")
    assert mode.riders.leader is not mode.sphere and mode.sphere.is_hidden()
    step(app, 40)
    t = mode.run.time
    banked = mode.motion.quaternion(t, DEFAULT_MODE, bank=True, max_bank=MAX_BANK)
    assert same_rotation(quaternion_of(mode.riders.leader), banked)
    assert not same_rotation(banked, mode.motion.quaternion(t, DEFAULT_MODE), 1e-3)  # it does lean
    assert hud_line(app, "glider").startswith("glider (banks) (G), facing")
    press(app, "g")
    assert mode.riders.leader is mode.sphere and not mode.sphere.is_hidden()


def test_k_makes_a_train_spaced_along_the_curve(app):
    mode = app.mode
    press(app, "g")
    for _ in range(3):
        press(app, "k")
    step(app, 150)  # well into the run, the train all on the curve
    assert len(mode.riders.cars) == 3
    curve = mode.motion.trajectory
    t = mode.run.time
    lead_s = float(mode.motion.distance(t)) * curve.length
    for number, car in enumerate(mode.riders.cars, start=1):
        u = curve.arc_length.parameter((lead_s - number * CAR_GAP) / curve.length)
        assert np.abs(np.array(car.get_pos()) - curve.evaluate(u)).max() <= 1e-5
        assert np.allclose(
            frames_along(curve, u, DEFAULT_MODE)[:, 1], np.array(car.get_quat().get_forward()), atol=1e-5
        )
    assert "train of 4 (K)" in hud_line(app, "glider")
    for _ in range(MAX_CARS + 2):
        press(app, "k")
    assert len(mode.riders.cars) == MAX_CARS
    for _ in range(MAX_CARS + 1):
        press(app, "shift-k")
    assert mode.riders.cars == []


def test_v_rides_on_the_rider_and_back(app):
    """The camera sits RIDE_OFFSET from the rider in its frame (not scaled with the sphere's
    model) and looks RIDE_PITCH degrees down from its forward axis."""
    mode = app.mode
    before = np.array(app.camera.get_pos())
    press(app, "v")
    step(app, 20)
    t = mode.run.time
    frame = mode.motion.frame(t, DEFAULT_MODE)
    at = np.array(mode.riders.leader.get_pos())
    assert np.allclose(app.camera.get_pos(), at + frame @ np.array(RIDE_OFFSET), atol=1e-4)
    pitch = math.radians(RIDE_PITCH)
    looking = frame @ np.array([0.0, math.cos(pitch), math.sin(pitch)])
    assert np.allclose(app.camera.get_quat().get_forward(), looking, atol=1e-5)
    assert "riding (V)" in hud_line(app, "sphere")
    assert mode.riders.leader.is_hidden()  # the camera is in its place
    press(app, "v")
    assert np.allclose(app.camera.get_pos(), before, atol=1e-4)
    assert not mode.riders.leader.is_hidden()


def test_x_draws_the_frames_at_the_keyframes(app):
    mode = app.mode
    assert mode.riders._frames is None
    press(app, "x")
    drawn = mode.riders._frames
    assert drawn is not None and drawn.get_num_children() == 3  # right, forward, up
    lines = drawn.get_child(0).node().get_geom(0).get_primitive(0)
    assert lines.get_num_primitives() == len(mode.sampler.keyframe_times)
    press(app, "o")
    assert mode.riders._frames is not drawn  # redrawn for the new orientation
    press(app, "x")
    assert mode.riders._frames is None


def test_the_coaster_is_a_closed_nurbs_whose_minimal_frame_closes(app):
    mode = app.mode
    press(app, str(COASTER + 1))
    curve = mode.motion.trajectory
    assert type(curve).__name__ == "NurbsCurve" and curve.closed
    press(app, "o")  # the rotation-minimising frame, which must be closed on a loop
    orientation = mode.riders.orientation()
    assert orientation == Orientation("minimal") and orientation.closes_on(curve)
    start, end = mode.motion.frame(np.array([0.0, mode.motion.duration]), orientation)
    assert np.abs(start - end).max() <= 1e-9
    for _ in range(2):
        press(app, "k")
    step(app, 5)  # just after the start: the train's cars wrap round the loop behind the leader
    behind = mode.riders.cars[0].get_pos()
    s = float(mode.motion.distance(mode.run.time)) - CAR_GAP / curve.length
    assert s < 0.0
    assert np.abs(np.array(behind) - curve.evaluate(curve.arc_length.parameter(s % 1.0))).max() <= 1e-5


@pytest.mark.parametrize(
    ("preset", "turns", "glider"), [(1, 0, False), (1, 1, True), (5, 0, False), (5, 0, True)]
)
def test_riding_the_loop_and_the_helix_never_flips_the_camera(app, preset, turns, glider):
    """The riding camera's up axis turns smoothly and never turns over; on the loop also in the
    rotation-minimising frame (O once), with the glider banking. A flip turns it by 90 to 180
    degrees at once; the fastest honest turn here is the banked glider's through the loop's tight
    middle (radius 0.46 at 5.5 units/s: 11.5 degrees a frame at 60 Hz)."""
    press(app, str(preset + 1))
    for _ in range(turns):
        press(app, "o")
    if glider:
        press(app, "g")
    press(app, "v")
    ups = []
    for _ in range(int(5.5 * 60)):  # within one run (the loop wraps to the start at 6 s)
        step(app)
        ups.append(np.array(app.camera.get_quat(app.render).get_up()))
    ups = np.array(ups)
    steps = np.degrees(np.arccos(np.clip(np.sum(ups[1:] * ups[:-1], axis=1), -1, 1)))
    assert steps.max() < (15.0 if glider else 5.0)
    assert ups[:, 2].min() > (-0.5 if glider else 0.0)  # banked 69 degrees on a tilted loop: past level
    assert math.isfinite(steps.sum())


@pytest.mark.parametrize("lift_speed", LIFT_SPEEDS)
def test_the_coasters_ride_stays_within_a_riders_limits_at_every_lift_speed(lift_speed):
    """Rolling from its lift, the built-in coaster peaked at +14.5 g up and 12.7 g to the side:
    now at most 6 g up, 1.5 g down and 1.8 g to the side (as ride standards allow), in the
    riders' level seat, at every lift speed Up / Down offers."""
    from scene.curves.force_strip import LATERAL_LIMIT
    from scene.curves.presets import COASTER_INDEX
    from scene.curves.roll import first_climb
    from trajectory import Motion

    coaster = TRAJECTORIES[COASTER_INDEX].curve()
    ride = Motion.rolling(coaster, lift_speed, lifts=first_climb(coaster, lift_speed))
    felt = ride.g_forces(np.linspace(0.0, ride.duration, 20001), "up")
    assert felt[:, 2].max() <= 6.0 and felt[:, 2].min() >= -1.5
    assert np.abs(felt[:, 0]).max() <= LATERAL_LIMIT
    assert felt[:, 2].max() > 1.5  # still a ride
