"""MotionInterval as Panda3D's interval machinery uses it: in a Sequence, set by time, looped
by the task manager, finished; and its pose against the Motion's (float32). Its own play and
its events on one clock: ``test_motion_interval_events``."""

import numpy as np
import pytest
from direct.interval.IntervalGlobal import Sequence, Wait
from panda3d.core import NodePath

from scene import MotionInterval
from scene.curves.presets import TRAJECTORIES
from tests.scene.helpers import FRAME_RATE, step
from trajectory import Motion, VelocityCurve

FLOAT32 = 2e-6


@pytest.fixture
def motion():
    return Motion(TRAJECTORIES[1].curve(), VelocityCurve.ease_in_out(), duration=4.0)


def pose(node):
    q = node.get_quat()
    return np.array(node.get_pos()), np.array([q.get_r(), q.get_i(), q.get_j(), q.get_k()])


def assert_pose(node, motion, t, mode="up", **options):
    position, quaternion = pose(node)
    assert np.abs(position - motion.position(t)).max() <= FLOAT32 * 10
    expected = motion.quaternion(t, mode, **options)
    assert min(np.abs(quaternion - expected).max(), np.abs(quaternion + expected).max()) <= FLOAT32


@pytest.mark.parametrize("mode", ["minimal", "yaw", "up"])
def test_set_t_in_a_sequence_places_the_node_where_the_motion_is(motion, mode):
    node = NodePath("glider")
    sequence = Sequence(Wait(1.0), MotionInterval(node, motion, mode))
    for t in (1.0, 1.7, 3.2, 5.0):
        sequence.set_t(t)
        assert_pose(node, motion, t - 1.0, mode)


def test_options_and_no_orientation(motion):
    node = NodePath("cart")
    MotionInterval(node, motion, "minimal", bank=True, tilt=[(0.0, 0.0), (1.0, 1.0)]).setT(2.0)
    assert_pose(node, motion, 2.0, "minimal", bank=True, tilt=[(0.0, 0.0), (1.0, 1.0)])
    node.set_hpr(10, 20, 30)
    MotionInterval(node, motion, orientation=None).setT(2.0)
    assert np.allclose(node.get_hpr(), (10, 20, 30), atol=1e-4)
    with pytest.raises(ValueError, match="orientation mode"):
        MotionInterval(node, motion, "spin")
    with pytest.raises(ValueError, match="Motion"):
        MotionInterval(node, "a path")


def test_other_is_the_frame_the_motion_is_in(motion):
    world = NodePath("world")
    frame = world.attach_new_node("frame")
    frame.set_pos(5, -3, 2)
    frame.set_h(90)
    node = world.attach_new_node("glider")
    MotionInterval(node, motion, other=frame).setT(1.5)
    assert np.abs(np.array(node.get_pos(frame)) - motion.position(1.5)).max() <= FLOAT32 * 10
    q = node.get_quat(frame)
    quaternion, expected = (
        np.array([q.get_r(), q.get_i(), q.get_j(), q.get_k()]),
        motion.quaternion(1.5, "up"),
    )
    assert min(np.abs(quaternion - expected).max(), np.abs(quaternion + expected).max()) <= FLOAT32


def test_loop_wraps_and_finish_leaves_the_end_pose(app, motion):
    node = app.render.attach_new_node("glider")
    interval = MotionInterval(node, motion)
    sequence = Sequence(Wait(1.0), interval)
    sequence.loop()
    step(app, int(6.5 * FRAME_RATE))  # past the end of the 5 s sequence: round again
    t = sequence.get_t()
    assert 1.0 < t < 2.0
    # A Sequence hands its intervals times rounded to its precision (1 ms by default).
    assert abs(interval.getT() - (t - 1.0)) <= 1e-3
    assert_pose(node, motion, interval.getT())
    sequence.finish()
    assert_pose(node, motion, motion.duration)


def test_pause_holds_the_node_and_resume_goes_on(app, motion):
    node = app.render.attach_new_node("glider")
    interval = MotionInterval(node, motion)
    interval.start()
    step(app, 30)
    interval.pause()
    held = node.get_pos()
    step(app, 30)
    assert node.get_pos() == held
    interval.resume()
    step(app, 30)
    assert node.get_pos() != held
    assert_pose(node, motion, interval.getT())
