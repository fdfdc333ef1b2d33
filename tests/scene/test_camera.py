"""The orbit camera: framing shows everything, orbit and pan follow the mouse, zoom is bounded."""

import numpy as np
import pytest

from scene.ui.camera import DISTANCE_LIMITS, ORBIT_DEGREES_PER_UNIT, PITCH_LIMITS
from scene.ui.mode import Drag
from scene.ui.pointer import to_film
from tests.scene.helpers import step


def test_framing_puts_every_point_on_the_film(app):
    points = np.random.default_rng(1).uniform(-40, 40, (200, 3))
    app.orbit.frame(points)
    for point in points:
        film = to_film(app, point)
        assert film is not None and abs(film[0]) <= 1.0 and abs(film[1]) <= 1.0
    assert app.orbit.target == pytest.approx((points.min(axis=0) + points.max(axis=0)) / 2)


def test_an_orbit_drag_turns_by_the_mouse_travel_and_keeps_the_pitch_in_bounds(app, pointer):
    orbit = app.orbit
    yaw, pitch = orbit.yaw, orbit.pitch
    pointer.at = (0.0, 0.0)
    orbit.begin(Drag.ORBIT)
    pointer.at = (0.25, -0.1)
    orbit.update()
    assert orbit.yaw == pytest.approx(yaw - 0.25 * ORBIT_DEGREES_PER_UNIT)
    assert orbit.pitch == pytest.approx(pitch + 0.1 * ORBIT_DEGREES_PER_UNIT / 2)
    pointer.at = (0.0, -5.0)
    orbit.update()
    assert orbit.pitch == PITCH_LIMITS[1]
    orbit.end()
    pointer.at = (1.0, 1.0)
    orbit.update()  # no drag under way: nothing moves
    assert orbit.pitch == PITCH_LIMITS[1]


def test_a_pan_drag_carries_the_scene_with_the_mouse(app, pointer):
    orbit = app.orbit
    app.orbit.keep_clear_of(0.0)
    anchor = orbit.target.copy()
    before = to_film(app, anchor)
    pointer.at = (0.0, 0.0)
    orbit.begin(Drag.PAN)
    pointer.at = (0.2, 0.1)
    orbit.update()
    after = to_film(app, anchor)
    assert after[0] - before[0] == pytest.approx(0.2, abs=0.02)
    assert after[1] - before[1] == pytest.approx(0.1, abs=0.02)


def test_zoom_stays_within_its_limits(app):
    for _ in range(100):
        app.orbit.zoom(0.5)
    assert app.orbit.distance == DISTANCE_LIMITS[0]
    for _ in range(100):
        app.orbit.zoom(2.0)
    assert app.orbit.distance == DISTANCE_LIMITS[1]
    step(app)
    camera_distance = np.linalg.norm(np.array(app.camera.get_pos()) - app.orbit.target)
    assert camera_distance == pytest.approx(DISTANCE_LIMITS[1], rel=1e-5)
