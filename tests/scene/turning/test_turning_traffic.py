"""The turning mode's units never touch each other nor a building, whatever the orders and the
painting (issue 25): a stroke across a moving unit's way makes it re-plan at once or stop, a
goal where another unit stands is refused, and units whose ways cross in time wait
(``scene.turning.traffic``). Offscreen, on a fixed 60 Hz clock, with the events a person sends."""

import itertools
import math

import numpy as np
import pytest

from scene.turning import traffic
from scene.turning.units import KINDS
from scene.ui.pointer import to_film
from tests.budget import cases
from tests.scene.helpers import press, step
from tests.scene.turning.test_turning_mode import click

TANK, CAR, PERSON, TRUCK = range(4)


@pytest.fixture
def mode(turning):
    return turning


def assert_apart(mode):
    """No two footprints overlap and none touches a building, now."""
    poses = [unit.pose(mode.game.now) for unit in mode.game.units]
    for (i, a), (j, b) in itertools.combinations(enumerate(poses), 2):
        gap = math.hypot(a[0] - b[0], a[1] - b[1])
        assert gap >= KINDS[i].footprint + KINDS[j].footprint, (
            mode.game.now,
            KINDS[i].name,
            KINDS[j].name,
            gap,
        )
    for index, pose in enumerate(poses):
        assert not mode.game.ground.touches(pose, KINDS[index].footprint), (
            mode.game.now,
            KINDS[index].name,
            pose,
        )


def run(app, mode, frames):
    for _ in range(frames):
        step(app)
        assert_apart(mode)


def test_a_stroke_held_across_a_moving_units_way_never_lets_it_through(app, pointer, mode):
    """R, 1, click far right, O; press ahead of the moving tank, drag across its way and hold
    until it reaches the new wall, release: the window closed with "the start ... touches a
    blocked cell", and while the button was held the tank drove through the wall."""
    press(app, "r")
    press(app, "1")
    click(app, pointer, (20.0, -8.0))
    original = mode.game.units[TANK].path
    press(app, "o")
    pointer.at = to_film(app, (0.0, -4.0, 0.0))
    app.messenger.send("mouse1")
    step(app)
    for y in np.linspace(-4.0, -14.0, 21):  # across the tank's way, a frame a step
        pointer.at = to_film(app, (0.0, float(y), 0.0))
        run(app, mode, 1)
    run(app, mode, 8 * 60)  # held while the tank would have reached it and gone on
    app.messenger.send("mouse1-up")
    run(app, mode, 6 * 60)
    assert not mode.game.ground.keeps_clear(original, KINDS[TANK].footprint)  # the stroke crossed its way
    tank = mode.game.units[TANK]
    if tank.path is not None:  # it re-planned around the wall (or stopped, saying why)
        along = tank.progress(mode.game.now) * tank.path.length
        assert mode.game.ground.keeps_clear(tank.path, KINDS[TANK].footprint, since=along)


def test_a_goal_on_a_standing_unit_is_refused_and_loses_nothing(app, pointer, mode):
    """R, 2, B, a drag from just above the waiting tank: the car parked on top of the tank."""
    press(app, "r")
    press(app, "2")
    press(app, "b")
    before = mode.game.units[CAR].pose(mode.game.now)
    tank = KINDS[TANK].start
    click(app, pointer, (tank[0], tank[1] + 0.5), drag_to=(tank[0] + 4.0, tank[1] + 0.5))
    assert "the tank stands (or will stand) there" in app.messages.current
    assert mode.game.units[CAR].path is None and mode.game.units[CAR].pose(mode.game.now) == before


def test_all_units_sent_together_wait_rather_than_meet(app, pointer, mode):
    """R, A, a click on the ground: the tank drove through the truck."""
    press(app, "r")
    press(app, "a")
    click(app, pointer, (6.0, 2.0))
    assert all(unit.path is not None for unit in mode.game.units)
    run(app, mode, 20 * 60)
    assert all(unit.progress(mode.game.now) == 1.0 for unit in mode.game.units)


@pytest.mark.parametrize("seed", cases(2525, 7, 99))
def test_random_orders_and_strokes_keep_every_footprint_apart(app, pointer, mode, seed):
    """Orders to random points (one unit or all, some arriving at a heading, some allowed to back
    up, some walled in so that the unit stops where it is) and strokes of paint, given while the
    others drive: at every frame no two footprints overlap and none touches a building."""
    rng = np.random.default_rng(seed)
    for _ in range(40):
        choice = rng.integers(0, 6)
        if choice < 4:
            press(app, str(choice + 1))
        elif choice == 4:
            press(app, "a")
        else:
            press(app, "b")
        target = tuple(rng.uniform(-20.0, 20.0, 2))
        if rng.random() < 0.1:  # a point walled in: the unit finds no way and stops where it is
            press(app, "o")
            col, row = mode.game.ground.cell_at(target)
            for cell in [(col + dc, row + dr) for dc in (-1, 0, 1) for dr in (-1, 0, 1) if dc or dr]:
                if mode.game.ground.cell_at(mode.game.ground.centre_of(cell)) is not None:
                    click(app, pointer, mode.game.ground.centre_of(cell))
            press(app, "o")
            click(app, pointer, target)
        elif rng.random() < 0.25:
            press(app, "o")
            click(app, pointer, target, drag_to=tuple(np.array(target) + rng.uniform(-6, 6, 2)))
            press(app, "o")
        elif rng.random() < 0.3:
            click(app, pointer, target, drag_to=tuple(np.array(target) + rng.uniform(-4, 4, 2)))
        else:
            click(app, pointer, target)
        assert_apart(mode)
        run(app, mode, int(rng.integers(10, 120)))


def test_the_wait_is_the_least_that_keeps_two_crossing_units_apart():
    """Two units crossing a point: the later waits until the earlier is past by the footprints."""
    from trajectory import TurnPath

    across = TurnPath((-10.0, 0.0, 0.0), 1.0, (0.0,), (20.0,), "S")
    up = TurnPath((0.0, -10.0, math.pi / 2), 1.0, (0.0,), (20.0,), "S")
    wait, met = traffic.earliest_start(up, 2.0, 1.0, 0.0, [(across, 0.0, across.start, 2.0, 1.0)])
    assert met is None and 0.0 < wait <= traffic.MAX_WAIT
    # Leaving ``wait`` later, they never come within 2 + MARGIN; a wait one step shorter does.
    times = np.arange(0.0, 30.0, 0.001)

    def closest(delay):
        ours = up.pose(np.clip(times - delay, 0, None) * 2.0)[:, :2]
        theirs = across.pose(times * 2.0)[:, :2]
        return np.hypot(*(ours - theirs).T).min()

    assert closest(wait) >= 2.0 + traffic.MARGIN - 2 * 2.0 * traffic.SAMPLE_STEP
    assert closest(wait - traffic.WAIT_STEP) < 2.0 + traffic.MARGIN


def test_what_the_units_of_one_order_say_shows_together(app, pointer, mode, monkeypatch):
    """A + a click: each unit that waited or was refused said so, and only the last sentence
    showed. Every unit of the order now tells its sentence, and the order shows them together."""

    def send(index, goal, heading, stop_if_refused=False):
        mode.game.tell(f"The {mode.game.units[index].kind.name} says {index}.", warning=index == 2)

    monkeypatch.setattr(mode.game, "send", send)
    press(app, "a")
    click(app, pointer, (0.0, 0.0))
    assert app.messages.current == "The tank says 0. The car says 1. The person says 2. The truck says 3."
