"""The turning mode in an offscreen window on a fixed 60 Hz clock: orders given with the same mouse
and key events a person sends, the pointer placed where a person would put it."""

import math

import numpy as np
import pytest

from scene.turning.turning_game import BOARD_HALF_SIZE, SIDE_BY_SIDE_GAP
from scene.turning.turning_mode import DEMONSTRATION
from scene.turning.units import KINDS
from scene.ui.pointer import to_film
from tests.reference import angle_gap
from tests.scene.helpers import FRAME_RATE, assert_documented, press, step
from trajectory.plane import GoalPlace


@pytest.fixture
def mode(turning):
    return turning


def click(app, pointer, ground, drag_to=None):
    """Press the left button over ``ground`` (x, y), optionally move to ``drag_to``, release."""
    pointer.at = to_film(app, (*ground, 0.0))
    app.messenger.send("mouse1")
    step(app)
    if drag_to is not None:
        pointer.at = to_film(app, (*drag_to, 0.0))
        step(app)
    app.messenger.send("mouse1-up")
    step(app)


def model_pose(mode, index):
    model = mode.models[index]
    return np.array([model.get_x(), model.get_y()]), math.radians(model.get_h())


def test_a_click_sends_the_selected_unit_and_it_arrives(app, pointer, mode):
    press(app, "2")
    car, target = mode.game.units[1], (8.0, -6.0)
    others = [mode.game.units[0].path, mode.game.units[2].path]  # on their demonstration paths
    click(app, pointer, target)
    assert car.path is not None and car.path.word in ("LS", "RS")
    np.testing.assert_allclose(car.path.pose(car.path.length)[:2], target, atol=1e-3)  # float32 camera
    assert [mode.game.units[0].path, mode.game.units[2].path] == others  # only the selected one is sent
    step(app, math.ceil(car.path.length / KINDS[1].speed * FRAME_RATE) + 2)
    position, _ = model_pose(mode, 1)
    np.testing.assert_allclose(position, car.path.pose(car.path.length)[:2], atol=1e-4)
    assert "arrived" in car.describe(mode.game.now)
    step(app, 10)
    assert "arrived" in app.hud.text.getText().split("\n")[5]


def test_the_unit_moves_at_its_own_speed_facing_its_heading(app, pointer, mode):
    press(app, "1")
    click(app, pointer, (0.0, 12.0))
    tank = mode.game.units[0]
    before, _ = model_pose(mode, 0)
    step(app, 30)
    after, heading = model_pose(mode, 0)
    travelled = KINDS[0].speed * 30 / FRAME_RATE
    chord = np.linalg.norm(after - before)
    assert travelled * 0.98 <= chord <= travelled + 1e-6  # an arc's chord is a little shorter
    expected = tank.path.pose_at_time(mode.game.now - tank.started, KINDS[0].speed)
    np.testing.assert_allclose(after, expected[:2], atol=1e-4)
    assert angle_gap(heading, expected[2]) <= 1e-5


def test_a_drag_sets_the_arrival_heading_by_a_dubins_path(app, pointer, mode):
    press(app, "2")
    click(app, pointer, (6.0, 6.0), drag_to=(9.0, 9.0))
    car = mode.game.units[1]
    assert car.path.word in ("LSL", "RSR", "LSR", "RSL", "RLR", "LRL")
    step(app, math.ceil(car.path.length / KINDS[1].speed * FRAME_RATE) + 2)
    position, heading = model_pose(mode, 1)
    np.testing.assert_allclose(position, (6.0, 6.0), atol=1e-3)
    assert angle_gap(heading, math.pi / 4) <= 1e-3
    assert mode.drawings[1].arrow.path.is_hidden() is False


def test_a_new_click_mid_way_replans_from_the_current_pose(app, pointer, mode):
    press(app, "2")
    click(app, pointer, (10.0, 10.0))
    step(app, 40)
    car = mode.game.units[1]
    before, heading_before = model_pose(mode, 1)
    click(app, pointer, (-10.0, -12.0))
    after, heading_after = model_pose(mode, 1)
    # The new path starts where the car was: no jump, no turn on the spot.
    np.testing.assert_allclose(car.path.pose(0.0)[:2], car.rest[:2], atol=1e-12)
    assert np.linalg.norm(after - before) <= 3 * KINDS[1].speed / FRAME_RATE + 1e-6
    assert (
        angle_gap(heading_after, heading_before) <= 3 * KINDS[1].speed / FRAME_RATE / KINDS[1].radius + 1e-6
    )
    np.testing.assert_allclose(car.path.pose(car.path.length)[:2], (-10.0, -12.0), atol=1e-3)


def test_all_units_go_and_the_construction_is_drawn(app, pointer, mode):
    press(app, "2")
    assert [ring.path.is_hidden() for ring in mode.rings] == [True, False, True, True]
    press(app, "a")
    assert not any(ring.path.is_hidden() for ring in mode.rings)
    click(app, pointer, (4.0, -3.0))
    goals = np.array([unit.path.pose(unit.path.length)[:2] for unit in mode.game.units])
    # Side by side, not stacked: on a line through the point clicked, each two neighbours
    # SIDE_BY_SIDE_GAP apart beyond their footprints, the row centred on the point.
    direction = (goals[-1] - goals[0]) / np.linalg.norm(goals[-1] - goals[0])
    along = (goals - (4.0, -3.0)) @ direction
    np.testing.assert_allclose((goals - (4.0, -3.0)) @ (-direction[1], direction[0]), 0.0, atol=2e-3)
    order = np.argsort(along)
    sizes = np.array([kind.footprint for kind in KINDS])[order]
    np.testing.assert_allclose(np.diff(along[order]), sizes[1:] + sizes[:-1] + SIDE_BY_SIDE_GAP, atol=2e-3)
    assert abs(along.min() + along.max()) <= 2e-3
    for drawing in mode.drawings:
        assert not drawing.root.is_hidden() and not drawing.circles[0].path.is_hidden()
    press(app, "c")
    assert all(d.circles[0].path.is_hidden() and d.label.is_hidden() for d in mode.drawings)
    press(app, "c")
    assert not mode.drawings[0].circles[0].path.is_hidden()


def test_the_planner_key_chooses_the_truly_shortest_path(app, pointer, mode):
    press(app, "s")  # arcs and lines: where the point lay, for the seed's circles
    assert "snap to full lock" in app.messages.current
    press(app, "3")
    person = mode.game.units[2]
    x, y, _ = KINDS[2].start
    inside = (x + 0.3, y + 0.5)  # inside the person's left turning circle (radius 0.6)
    click(app, pointer, inside)
    seed_length = person.path.length
    press(app, "r")
    press(app, "p")
    assert "truly shortest" in app.messages.current
    click(app, pointer, inside)
    assert person.path.goal_place is GoalPlace.INSIDE_LEFT
    step(app, 10)
    assert "inside the left turning circle" in app.hud.text.getText()
    assert person.path.length < seed_length


def test_odd_input_is_refused_visibly_and_loses_nothing(app, pointer, mode):
    press(app, "2")
    click(app, pointer, (5.0, 5.0))
    planned = mode.game.units[1].path
    mode.order((BOARD_HALF_SIZE + 10.0, 0.0))
    assert "off the board" in app.messages.current
    assert mode.game.units[1].path is planned
    pointer.at = None  # the mouse left the window
    press(app, "mouse1")
    press(app, "mouse1-up")
    assert mode.game.units[1].path is planned


def test_r_restarts_and_space_pauses(app, pointer, mode):
    press(app, "a")
    click(app, pointer, (0.0, 0.0))
    press(app, "space")
    frozen = model_pose(mode, 1)[0]
    step(app, 20)
    np.testing.assert_allclose(model_pose(mode, 1)[0], frozen)
    press(app, "space")
    step(app, 5)
    assert np.linalg.norm(model_pose(mode, 1)[0] - frozen) > 0.1
    press(app, "r")
    for index, kind in enumerate(KINDS):
        np.testing.assert_allclose(model_pose(mode, index)[0], kind.start[:2], atol=1e-5)
        assert mode.game.units[index].path is None and mode.drawings[index].root.is_hidden()


def test_tab_cycles_the_modes_and_help_follows(app, mode):
    assert "Turning mode" in app.hud.text.getText()
    assert "select a unit" in app.help.helps.getText() and "Dubins" in app.help.helps.getText()
    press(app, "tab")
    assert app.mode.name == "towerdefense" and mode.root.is_hidden()
    assert "build a cannon tower" in app.help.helps.getText()
    press(app, "tab")
    assert app.mode.name == "maze" and "the enemies' way if a tower stood there" in app.help.helps.getText()
    press(app, "tab")
    assert app.mode.name == "curves" and "choose the trajectory" in app.help.helps.getText()


def test_the_docs_list_every_binding_of_the_mode(app, mode):
    assert_documented((*app.bindings, *mode.bindings), mode.mouse_help)


def test_the_mode_opens_with_a_demonstration_and_one_unit_selected(app, mode):
    """Something moves at once: each unit is on its way to its demonstration goal; the tank alone
    is selected, so the first click sends it."""
    assert [ring.path.is_hidden() for ring in mode.rings] == [False, True, True, True]
    before = [model_pose(mode, index)[0] for index in range(len(mode.game.units))]
    step(app, 30)
    for index, (unit, (x, y, _)) in enumerate(zip(mode.game.units, DEMONSTRATION)):
        np.testing.assert_allclose(unit.path.pose(unit.path.length)[:2], (x, y), atol=1e-9)
        assert np.linalg.norm(model_pose(mode, index)[0] - before[index]) > 0.1


def test_units_steer_into_their_turns_and_the_key_snaps_them(app, pointer, mode):
    """By default a unit eases into its turns: its path's curvature is continuous and changes at
    most at its kind's sharpness, its clothoids are drawn, and the HUD gives its curvature; S
    makes the next order snap to full lock (arcs and lines) to compare."""
    tank, kind = mode.game.units[0], KINDS[0]
    press(app, "1")
    click(app, pointer, (10.0, 14.0))
    path = tank.path
    assert path.sharpness == pytest.approx(kind.sharpness)
    s = np.linspace(0.0, path.length, 3000)
    curvature = path.curvature(s)
    assert np.abs(np.diff(curvature)).max() <= kind.sharpness * (s[1] - s[0]) * (1 + 1e-9)
    assert np.abs(curvature).max() == pytest.approx(1.0 / kind.radius)  # it reaches full lock
    chords = mode.drawings[0].clothoids
    assert not chords.path.is_hidden()
    step(app, 20)
    hud_line = next(line for line in app.hud.text.getText().split("\n") if line.startswith("tank"))
    assert "curvature" in hud_line and "Steering (S): units ease into turns" in app.hud.text.getText()
    press(app, "s")
    assert "snap to full lock" in app.messages.current
    click(app, pointer, (-10.0, 14.0))
    assert tank.path.sharpness is None
    jumps = np.abs(np.diff(tank.path.curvature(np.linspace(0.0, tank.path.length, 3000))))
    assert jumps.max() >= 0.99 / kind.radius  # from straight to full lock at once
