"""The turning mode's buildings (issue 15): units plan around them and around each other's final
positions, the mouse paints them, B lets a unit back up, V shows the searches, and a unit with no
path says so. Offscreen, on a fixed 60 Hz clock, with the events a person sends."""

import math

import numpy as np
import pytest

from scene.turning.turning_mode import DEMONSTRATION
from scene.turning.units import KINDS
from tests.scene.helpers import FRAME_RATE, press, step
from tests.scene.turning.test_turning_mode import click, model_pose
from trajectory import PlanStatus

TRUCK, CAR, TANK = 3, 1, 0


@pytest.fixture
def mode(turning):
    return turning


def sample_points(path, step_length=0.05):
    return path.pose(np.linspace(0.0, path.length, max(2, int(path.length / step_length))))


def arrive(app, unit):
    step(app, math.ceil(unit.path.length / unit.kind.speed * FRAME_RATE) + 3)


def test_the_truck_backs_into_the_bay_among_the_buildings(app, mode):
    assert mode.game.ground.map.blocked.sum() > 20  # the buildings and the bay's walls
    assert mode.obstacles.buildings.node().get_num_geoms() == 1
    truck = mode.game.units[TRUCK]
    path = truck.path
    assert path is not None and -1.0 in path.gears and path.gears[-1] == -1.0  # it ends backing in
    x, y, heading = DEMONSTRATION[TRUCK]
    assert path.pose(path.length).tolist() == [x, y, heading]
    assert mode.game.ground.keeps_clear(path, KINDS[TRUCK].footprint)
    assert "backs up" in app.hud.text.getText()
    arrive(app, truck)
    position, facing = model_pose(mode, TRUCK)
    np.testing.assert_allclose(position, (x, y), atol=1e-4)
    assert abs(math.remainder(facing - heading, 2 * math.pi)) < 1e-4  # facing out of the bay


def test_a_click_behind_a_building_goes_around_it_and_the_hud_gives_the_plan_time(app, pointer, mode):
    press(app, "2")
    target = (22.0, 7.0)  # behind the building at x 14..20, y 4..10, from the car at (-12, 0)
    click(app, pointer, target)
    car = mode.game.units[CAR]
    assert car.planned.status is PlanStatus.FOUND and len(car.path.segment_lengths) > 3
    np.testing.assert_allclose(car.path.pose(car.path.length)[:2], target, atol=1e-3)
    assert mode.game.ground.keeps_clear(car.path, KINDS[CAR].footprint)
    step(app, 20)  # the HUD is rewritten a few times a second
    assert f"last plan: car, {car.planned.milliseconds:.1f} ms" in app.hud.text.getText()


def test_units_plan_around_where_the_others_will_stand(app, pointer, mode):
    press(app, "1")
    click(app, pointer, (0.0, 0.0))  # the tank will stand at the origin
    press(app, "2")
    click(app, pointer, (12.0, 0.0))  # the car's direct way runs through the origin
    car, tank = mode.game.units[CAR], mode.game.units[TANK]
    gaps = np.hypot(*(sample_points(car.path)[:, :2] - tank.path.pose(tank.path.length)[:2]).T)
    assert gaps.min() > KINDS[CAR].footprint + KINDS[TANK].footprint


def test_painting_blocks_and_frees_cells_and_units_replan_around_them(app, pointer, mode):
    press(app, "2")
    click(app, pointer, (12.0, 0.0))
    car = mode.game.units[CAR]
    before = car.path
    press(app, "o")
    step(app, 20)
    assert "Painting" in app.hud.text.getText()
    cell = mode.game.ground.cell_at(
        (5.0, 1.0)
    )  # points in the middle of cells (their edges are at even numbers)
    blocked = mode.game.ground.map.blocked.sum()
    click(app, pointer, (5.0, 1.0), drag_to=(5.0, 9.0))  # a wall across the car's way, as a drag
    assert mode.game.ground.blocked(cell) and mode.game.ground.map.blocked.sum() >= blocked + 4
    assert car.path is not before and mode.game.ground.keeps_clear(car.path, KINDS[CAR].footprint)
    click(app, pointer, (5.0, 1.0))  # a click on a building pulls that cell down
    assert not mode.game.ground.blocked(cell)
    click(app, pointer, (-11.5, 8.5))  # where the person stands: refused, nothing lost
    assert "stays free" in app.messages.current and not mode.game.ground.blocked(
        mode.game.ground.cell_at((-11.5, 8.5))
    )
    press(app, "o")
    click(app, pointer, (0.0, -4.0))
    assert car.path.pose(car.path.length)[:2].round(3).tolist() == [0.0, -4.0]  # clicks send units again


def test_a_walled_in_goal_is_said_on_screen_and_the_unit_stops(app, pointer, mode):
    press(app, "o")
    ring = [(col, row) for col in range(8, 13) for row in range(12, 17) if col in (8, 12) or row in (12, 16)]
    for col, row in ring:
        click(app, pointer, (col * 2.0 - 23.0, row * 2.0 - 23.0))
    assert all(mode.game.ground.blocked(cell) for cell in ring)
    press(app, "o")
    press(app, "2")
    step(app, 30)
    click(app, pointer, (-2.0, 6.0))  # the middle of the ring
    car = mode.game.units[CAR]
    assert car.planned.status is PlanStatus.WALLED_OFF and car.path is None
    assert app.messages.current == "The car cannot get there: buildings wall that point off."
    here = model_pose(mode, CAR)[0]
    step(app, 30)
    np.testing.assert_allclose(model_pose(mode, CAR)[0], here)  # it stopped where it was
    assert "car    r 3, 6/s: standing, no order (last order refused: no way there: walled off)" in hud(app)


def test_b_lets_the_selected_unit_back_up_and_v_shows_the_searches(app, pointer, mode):
    press(app, "2")
    press(app, "b")
    assert mode.game.units[CAR].reversing and "may back up" in app.messages.current
    step(app, 20)
    assert "Backing up (B): car, truck" in app.hud.text.getText()
    click(app, pointer, (-18.0, 0.0))  # straight behind the car: it backs up
    car = mode.game.units[CAR]
    assert car.path.gears is not None and car.path.gears[0] == -1.0
    click(app, pointer, (22.0, 7.0))  # behind a building: a search
    assert len(car.planned.explored) > 0
    assert mode.obstacles.searches.is_hidden()
    press(app, "v")
    assert not mode.obstacles.searches.is_hidden() and mode.obstacles.searches.get_num_children() >= 1
    press(app, "b")
    assert not mode.game.units[CAR].reversing


def test_a_goal_inside_a_building_is_refused_and_loses_nothing(app, pointer, mode):
    press(app, "2")
    click(app, pointer, (0.0, -4.0))
    planned = mode.game.units[CAR].path
    click(app, pointer, (17.0, 7.0))  # inside the building at x 14..20, y 4..10
    assert "cannot stand there" in app.messages.current
    assert mode.game.units[CAR].path is planned


def test_the_searches_v_shows_stand_out_on_the_ground(app, pointer, mode):
    """The search dots were 0.55 of the unit's colour, 3 pixels: nearly invisible on the dark
    ground. In the picture, each expanded pose is a dot of the lightened colour."""
    from panda3d.core import PNMImage

    press(app, "2")
    click(app, pointer, (22.0, 7.0))  # behind a building: a search
    explored = len(mode.game.units[CAR].planned.explored)
    assert explored > 5
    press(app, "v")
    step(app, 2)
    image = PNMImage()
    assert app.win.get_screenshot(image)
    width, height = image.get_x_size(), image.get_y_size()
    pixels = np.array([[image.get_xel(x, y) for x in range(0, width, 2)] for y in range(0, height, 2)])
    pixels = pixels.reshape(-1, 3)
    light = 0.4 + 0.6 * np.array(KINDS[CAR].colour[:3])
    dots = (np.abs(pixels - light).max(axis=1) < 0.03).sum()
    ground = np.median(pixels, axis=0)
    assert dots >= explored / 4  # sampled every other pixel: a 5-pixel dot shows a few times
    assert np.abs(light - ground).sum() > 1.0  # far from the ground's colour


def hud(app):
    step(app, 20)  # the HUD is rewritten a few times a second
    return app.hud.text.getText()


def test_the_hud_gives_the_last_order_s_refusal_and_a_unit_without_one_stands(app, pointer, mode):
    """After a walled-off goal, a goal on a building: the car's HUD line gives the second reason
    (the message line's), not the first; a good order clears it; units never ordered stand."""
    press(app, "2")
    click(app, pointer, (17.0, 7.0))  # on the building at x 14..20, y 4..10
    assert app.messages.current == "The car cannot stand there: a building is in the way."
    assert "(last order refused: a building stands there)" in hud(app)
    click(app, pointer, (-12.0, -8.0))
    assert "last order refused" not in hud(app)
    click(app, pointer, (23.8, 0.0))  # on the board, within a footprint of its edge
    assert app.messages.current == "The car cannot stand there: it would reach over the board's edge."
    assert "(last order refused: too near the board's edge)" in hud(app)
    press(app, "r")
    assert "truck  r 4, 3.5/s: standing, no order" in hud(app) and "waiting" not in hud(app)
