"""A tower-defense game's pace: its speed (x1, x2, x4, x8) and whether it is paused, with the
keys that set them and the words the HUD shows. Both tower-defense modes keep one."""

from scene.ui.bindings import KeyBinding, bind

GAME_SPEEDS = (1, 2, 4, 8)
"""Game seconds in a second of frames."""


class GamePace:
    """The speed and the pause; ``bindings`` are the keys for them."""

    def __init__(self):
        self.speed, self.paused = GAME_SPEEDS[0], False
        self.bindings = (
            KeyBinding(
                " / ".join(map(str, GAME_SPEEDS)),
                "game speed " + ", ".join(f"x{speed}" for speed in GAME_SPEEDS),
                tuple((str(speed), self.set_speed, (speed,)) for speed in GAME_SPEEDS),
            ),
            bind("Space", "pause or go on", self.toggle_pause, event="space"),
        )

    def set_speed(self, speed):
        """Game speed x``speed``, one of ``GAME_SPEEDS``."""
        if speed not in GAME_SPEEDS:
            raise ValueError(f"a game speed is one of {GAME_SPEEDS}, not {speed!r}")
        self.speed = speed

    def toggle_pause(self):
        """Pause the game, or go on."""
        self.paused = not self.paused

    def words(self):
        """The HUD's words for the speed, e.g. ``Game speed x2 (1, 2, 4, 8)``."""
        return f"Game speed x{self.speed} ({', '.join(map(str, GAME_SPEEDS))})"
