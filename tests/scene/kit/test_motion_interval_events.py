"""A MotionInterval played on its own: the node and the events on one clock. Frame times are
random (some frames skip several events, some whole laps); the interval's pose at each frame and
the crossings it reports are checked against an independent model of where the motion is at a
given clock time (a phase, wrapped for a loop, folded for ping-pong)."""

import numpy as np
import pytest
from panda3d.core import ClockObject

from scene import MotionInterval
from tests.scene.helpers import step
from trajectory import CubicBezier, Motion, VelocityCurve

EVENTS = [(0.2, "mark a"), (0.5, "mark b"), (0.9, "mark c")]  # not key names: one messenger
CURVE = CubicBezier([[-8, 0, 1], [-3, 12, 6], [3, -12, 6], [8, 0, 1]])
SIZE = float(np.ptp(CURVE.evaluate(np.linspace(0, 1, 201)), axis=0).max())
POSE = 1e-9 * SIZE
FLOAT32_STEP = 4 * float(np.spacing(np.float32(SIZE)))


@pytest.fixture
def motion():
    return Motion(CURVE, VelocityCurve.ease_in_out(), duration=4.0)


@pytest.fixture
def clock(app):
    """The global clock, set by the test frame by frame."""
    clock = ClockObject.get_global_clock()
    mode, time, count = clock.get_mode(), clock.get_frame_time(), clock.get_frame_count()
    clock.set_mode(ClockObject.M_slave)
    clock.set_frame_time(0.0)
    yield clock
    clock.set_frame_time(time)  # the clock as it was, for the tests that come next
    clock.set_frame_count(count)
    clock.set_mode(mode)


def frame(app, clock, time):
    clock.set_frame_time(time)
    step(app)


def model_time(phase, duration, loop, rate):
    """Where along the motion (s) an interval is ``phase`` seconds of motion after it started,
    played in ``loop`` mode at ``rate`` (from the start, or from the end when going back)."""
    if loop == "loop":
        t = np.fmod(phase, duration)
    else:  # there and back: a triangle wave
        t = duration - np.abs(np.fmod(phase, 2 * duration) - duration)
    return t if rate > 0 else duration - t


def model_crossings(event_times, duration, loop, rate, phase_end):
    """Every (phase, name) at which the interval passes an event, up to ``phase_end``, in order."""
    forward = event_times if rate > 0 else duration - event_times
    back = 2 * duration - forward
    found = []
    period = duration if loop == "loop" else 2 * duration
    for lap in range(int(phase_end // period) + 1):
        found += [(lap * period + p, name) for p, name in zip(forward, NAMES)]
        if loop == "pingpong":
            found += [(lap * period + p, name) for p, name in zip(back, NAMES)]
    return sorted(item for item in found if item[0] <= phase_end)


NAMES = [name for _, name in EVENTS]


@pytest.mark.parametrize(
    ("loop", "rate"), [("loop", 1.0), ("loop", 2.5), ("loop", -1.0), ("pingpong", 1.0), ("pingpong", -1.5)]
)
def test_random_frames_keep_the_node_and_the_events_on_one_clock(app, clock, motion, loop, rate):
    rng = np.random.default_rng(7)
    node = app.render.attach_new_node("glider")
    reported = []
    interval = MotionInterval(
        node, motion, events=EVENTS, on_event=lambda c: reported.append((frames[-1], c))
    )
    frames = [(0.0, 0.0)]  # (start, end) clock times of each frame; the first is the start's
    getattr(interval, loop)(playRate=rate)
    now = 0.0
    for _ in range(500):
        # Mostly game frames; one in ten a stall that skips several events, some whole laps.
        dt = rng.uniform(0.0, 0.1) if rng.random() > 0.1 else rng.uniform(0.5, 9.0)
        frames.append((now, now + dt))
        now += dt
        frame(app, clock, now)
        expected = model_time(abs(rate) * now, motion.duration, loop, rate)
        position, quaternion = motion.pose(expected, "up")
        assert abs(interval.playhead.time - expected) * float(motion.speed(expected)) <= POSE
        assert np.abs(np.array(node.get_pos()) - position).max() <= FLOAT32_STEP
        q = node.get_quat()
        got = np.array([q.get_r(), q.get_i(), q.get_j(), q.get_k()])
        assert min(np.abs(got - quaternion).max(), np.abs(got + quaternion).max()) <= 1e-6
    assert abs(rate) * now > 60 * motion.duration  # many laps

    event_times = motion.time_at_distance(np.array([s for s, _ in EVENTS]))
    expected = model_crossings(event_times, motion.duration, loop, rate, abs(rate) * now)
    assert [c.event for _, c in reported] == [name for _, name in expected]  # each once, in order
    for ((start, end), crossing), (phase, name) in zip(reported, expected):
        at = start + crossing.after  # the crossing's clock time
        assert start - 1e-9 <= at <= end + 1e-9  # within the frame that reported it
        assert abs(at - phase / abs(rate)) <= 1e-9 * now
        assert crossing.time == pytest.approx(float(event_times[NAMES.index(name)]), abs=1e-12)
        assert crossing.distance == EVENTS[NAMES.index(name)][0]


def test_a_frame_that_skips_laps_sends_each_event_once_in_order(app, clock, motion):
    node = app.render.attach_new_node("glider")
    heard = []
    for name in NAMES:
        app.accept(name, heard.append, [name])
    interval = MotionInterval(node, motion, events=EVENTS)
    interval.loop()
    frame(app, clock, 2.5 * motion.duration)  # two and a half laps in one frame
    in_a_lap = [name for t, name in sorted(zip(motion.time_at_distance([0.2, 0.5, 0.9]).tolist(), NAMES))]
    halfway_lap = [
        name for t, name in zip(motion.time_at_distance([0.2, 0.5, 0.9]).tolist(), NAMES) if t <= 2.0
    ]
    assert heard == in_a_lap * 2 + halfway_lap
    assert interval.playhead.time == pytest.approx(0.5 * motion.duration, abs=1e-12)


def test_one_pass_ends_exactly_at_the_end_pose(app, clock, motion):
    node = app.render.attach_new_node("glider")
    done = []
    interval = MotionInterval(node, motion)
    interval.setDoneEvent("glided")
    app.accept("glided", done.append, [True])
    interval.start()
    for k in range(1, 60):
        frame(app, clock, k * 0.0937)  # frames that never land on the end
    end, quaternion = motion.pose(motion.duration, "up")
    assert np.array(node.get_pos()).tolist() == np.float32(end).tolist()
    assert interval.playhead.time == motion.duration and not interval.isPlaying() and done == [True]
    q = node.get_quat()
    got = np.array([q.get_r(), q.get_i(), q.get_j(), q.get_k()])
    assert min(np.abs(got - quaternion).max(), np.abs(got + quaternion).max()) <= 1e-6


def test_backwards_once_starts_at_the_end_and_ends_at_the_start(app, clock, motion):
    node = app.render.attach_new_node("glider")
    passed = []
    interval = MotionInterval(node, motion, events=EVENTS, on_event=passed.append)
    interval.start(playRate=-2.0)
    assert np.abs(np.array(node.get_pos()) - motion.position(motion.duration)).max() <= FLOAT32_STEP
    frame(app, clock, 5.0)
    assert [c.event for c in passed] == ["mark c", "mark b", "mark a"]
    assert np.array(node.get_pos()).tolist() == np.float32(motion.position(0.0)).tolist()


def test_rate_changes_and_reverse_do_not_move_the_node(app, clock, motion):
    node = app.render.attach_new_node("glider")
    interval = MotionInterval(node, motion, events=EVENTS)
    interval.loop()
    frame(app, clock, 1.0)
    held = np.array(node.get_pos())
    interval.set_play_rate(3.0)
    assert np.array(node.get_pos()).tolist() == held.tolist()
    frame(app, clock, 1.5)  # 1.5 s of motion at three times the pace
    assert interval.playhead.time == pytest.approx(2.5, abs=1e-12)
    interval.reverse()
    frame(app, clock, 2.0)
    assert interval.playhead.time == pytest.approx(1.0, abs=1e-12)
    interval.pause()
    frame(app, clock, 10.0)  # a pause is not played
    interval.resume()
    frame(app, clock, 10.25)
    assert interval.playhead.time == pytest.approx(0.25, abs=1e-12)


def test_a_sequence_driving_it_reports_each_pass(app, clock, motion):
    from direct.interval.IntervalGlobal import Sequence, Wait

    node = app.render.attach_new_node("glider")
    passed = []
    sequence = Sequence(Wait(1.0), MotionInterval(node, motion, events=EVENTS, on_event=passed.append))
    sequence.loop()
    for k in range(1, 201):
        frame(app, clock, k * 0.1)  # 20 s: four passes of the 5 s sequence
    assert [c.event for c in passed] == NAMES * 4


def test_bad_arguments_are_named(motion):
    from panda3d.core import NodePath

    node = NodePath("glider")
    with pytest.raises(ValueError, match="on_event"):
        MotionInterval(node, motion, on_event="say halfway")
    with pytest.raises(ValueError, match="s must be a number"):
        MotionInterval(node, motion, events=[(2.0, "beyond")])
    interval = MotionInterval(node, motion)
    with pytest.raises(ValueError, match="playRate"):
        interval.set_play_rate("fast")
    with pytest.raises(ValueError, match="endT"):
        interval.start(0.0, 2.0)
