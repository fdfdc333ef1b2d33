"""What a rider feels, as a person sees it in the curves mode: the plot's strip draws the
vertical and lateral g-forces of the rider's own frame (redrawn when the rider turns another way
or the curve is edited), and the HUD says them while riding (V)."""

import re

import numpy as np
import pytest

from scene.curves.force_strip import G_RANGE
from scene.curves.presets import COASTER_INDEX
from tests.scene.helpers import press, step


def drawn_heights(line):
    """The heights (z) of a ``LineStrip``'s vertices."""
    rows = memoryview(line.path.node().get_geom(0).get_vertex_data().get_array(0)).cast("B")
    return np.frombuffer(rows, dtype=np.float32).reshape(line.count, 4)[:, 2]


def expected(mode):
    """The g-forces the strip should show: the library's, in the riders' frame, at its times."""
    motion = mode.motion
    t = np.linspace(0.0, motion.duration, len(mode.plot.forces.felt))
    return motion.g_forces(t, mode.riders.orientation())


def test_the_strip_draws_the_vertical_and_lateral_g_the_rider_feels(app):
    mode = app.mode
    press(app, str(COASTER_INDEX + 1))
    strip = mode.plot.forces
    felt = expected(mode)
    np.testing.assert_allclose(strip.felt, felt, rtol=0, atol=1e-12)
    assert felt[:, 2].max() > 2.0 and felt[:, 0].std() > 0.1  # a coaster: a real ride, both ways
    low, high = G_RANGE
    for line, column in ((strip.vertical, 2), (strip.lateral, 0)):
        heights = strip.base + np.clip((felt[:, column] - low) / (high - low), 0.0, 1.0) * strip.height
        np.testing.assert_allclose(drawn_heights(line), heights, rtol=0, atol=1e-6)


def test_turning_the_rider_another_way_or_editing_the_curve_redraws_the_strip(app):
    mode = app.mode
    before = mode.plot.forces.felt.copy()
    press(app, "o")  # the next orientation mode: another frame, other forces
    assert not np.array_equal(mode.plot.forces.felt, before)
    np.testing.assert_allclose(mode.plot.forces.felt, expected(mode), rtol=0, atol=1e-12)
    turned = mode.plot.forces.felt.copy()
    point = np.array(mode.model.grabbable()[1], dtype=float)
    mode.apply(mode.model.point_edit(1, point + (0.0, 0.0, 1.5)))
    step(app)
    assert not np.array_equal(mode.plot.forces.felt, turned)
    np.testing.assert_allclose(mode.plot.forces.felt, expected(mode), rtol=0, atol=1e-12)


def test_the_hud_says_what_the_rider_feels_while_riding(app):
    mode = app.mode
    press(app, str(COASTER_INDEX + 1))
    step(app, 30)
    assert not any(line.startswith("felt:") for line in mode.status_lines())
    press(app, "v")
    line = next(line for line in mode.status_lines() if line.startswith("felt:"))
    up, right, forward = (float(number) for number in re.findall(r"[-+]\d+\.\d+", line))
    motion = mode.motion
    felt = motion.g_forces(mode.run.time, mode.riders.orientation())
    np.testing.assert_allclose([right, forward, up], felt, rtol=0, atol=0.005)


def test_forces_past_the_strips_scale_are_said_with_their_peaks():
    """The strip clipped a 14.5 g spike at 6 g without saying its size."""
    from scene.curves.force_strip import clipped_words

    calm = np.array([[0.5, 0.0, 1.0], [-1.2, 0.0, 3.0]])
    assert clipped_words(calm) == ""
    spiked = np.array([[0.5, 0.0, 1.0], [-12.7, 0.0, 14.5], [3.0, 0.0, -4.0]])
    assert clipped_words(spiked) == "off the scale: vertical +14.5 / -4.0 g, lateral -12.7 g"
    assert clipped_words(spiked[:, ::-1]) == "off the scale: vertical -12.7 g, lateral +14.5 / -4.0 g"


def test_the_strip_says_the_peaks_it_clips_and_nothing_when_none(app):
    """The coaster's ride stays on the strip's scale, and it says nothing; a train rolled down
    the first curve with its top raised 20 units (a drop no rider survives) goes off it, and the
    strip says how far."""
    from scene.curves.force_strip import clipped_words

    mode = app.mode
    press(app, str(COASTER_INDEX + 1))
    strip = mode.plot.forces
    assert strip.clipped.getText() == ""
    press(app, "1")
    press(app, "shift-9")  # roll under gravity
    top = int(np.argmax([point[2] for point in mode.model.grabbable()]))
    raised = np.array(mode.model.grabbable()[top], dtype=float) + (0.0, 0.0, 20.0)
    mode.apply(mode.model.point_edit(top, raised))
    step(app)
    assert np.abs(strip.felt[:, [0, 2]]).max() > G_RANGE[1]
    assert strip.clipped.getText() == clipped_words(strip.felt)
    assert strip.clipped.getText().startswith("off the scale: vertical +")
    strip.felt = np.array([[-345.6, 0.0, 1234.5], [456.7, 0.0, -987.6]])  # the longest words
    strip.say_clipped()
    assert strip.clipped.getText() == "off the scale: vertical +1234.5 / -987.6 g, lateral +456.7 / -345.6 g"
    shown = strip.clipped.textNode.get_width() * strip.clipped.getScale()[0]
    assert shown == pytest.approx(strip.width, rel=1e-9)  # shrunk to the strip, not out of the panel
