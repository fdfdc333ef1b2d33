"""Curvature-continuous splines as a person makes them in the curves mode: Shift+T makes every
knot natural (the curve C² through them) and the force strip loses the jumps of the auto spline
on the same knots; Shift+T again brings the auto knots back, and one undo either change."""

import numpy as np

from scene.curves import curve_edits as edits
from scene.curves import presets
from tests.scene.helpers import press
from trajectory import Spline
from trajectory.curves import TangentMode

KNOTS = [[-6, 0, 1], [-3, 4, 2], [0, -1, 3], [3, 4, 1.5], [6, 0, 2.5], [9, 3, 1]]


def jumps_at_knots(mode):
    """The largest jump (g) of the vertical or lateral force a rider feels across an inner knot."""
    motion = mode.motion
    count = len(mode.model.spline.knots)
    times = motion.time_at_parameter(np.arange(1, count - 1) / (count - 1))
    orientation = mode.riders.orientation()
    before, after = (motion.g_forces(times + step, orientation) for step in (-1e-7, 1e-7))
    return float(np.abs(after - before)[:, [0, 2]].max())


def test_shift_t_makes_every_knot_natural_and_the_felt_forces_lose_their_jumps(app):
    mode = app.mode
    mode.apply(edits.AddTrajectory(presets.TrajectoryPreset("wiggle", "knots", spline=Spline(KNOTS))))
    spline = mode.model.spline
    assert set(spline.modes) == {TangentMode.AUTO}
    auto_jumps, auto_strip = jumps_at_knots(mode), mode.plot.forces.felt.copy()
    assert auto_jumps > 0.05
    press(app, "shift-t")
    spline = mode.model.spline
    assert list(spline.modes) == [TangentMode.NATURAL] * len(spline.knots)
    assert "Every knot natural (curvature continuous)" in app.messages.current
    knots = spline.knots
    u = np.arange(1, len(knots) - 1) / (len(knots) - 1)
    curve = mode.model.curve
    np.testing.assert_allclose(curve.curvature(u - 1e-9), curve.curvature(u + 1e-9), rtol=1e-6)
    assert jumps_at_knots(mode) < 1e-4  # nothing jumps: what the strip now shows
    assert not np.array_equal(mode.plot.forces.felt, auto_strip)
    press(app, "shift-t")
    assert set(mode.model.spline.modes) == {TangentMode.AUTO}
    press(app, "shift-t")
    press(app, "control-z")
    assert set(mode.model.spline.modes) == {TangentMode.AUTO}
