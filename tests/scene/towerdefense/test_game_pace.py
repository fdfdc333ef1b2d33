import pytest

from scene.towerdefense.game_pace import GAME_SPEEDS, GamePace


def test_a_speed_outside_the_four_is_refused_by_name_and_the_pace_stays():
    pace = GamePace()
    pace.set_speed(4)
    with pytest.raises(ValueError, match=r"one of \(1, 2, 4, 8\), not 3"):
        pace.set_speed(3)
    assert pace.speed == 4 and pace.words() == "Game speed x4 (1, 2, 4, 8)"


def test_each_speed_has_its_key_and_space_pauses_and_goes_on():
    pace = GamePace()
    speeds, space = pace.bindings
    for (key, action, arguments), speed in zip(speeds.events, GAME_SPEEDS, strict=True):
        action(*arguments)
        assert key == str(speed) and pace.speed == speed
    ((event, pause, arguments),) = space.events
    assert event == "space"
    pause(*arguments)
    assert pace.paused
    pause(*arguments)
    assert not pace.paused
