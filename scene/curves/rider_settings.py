"""What rides the curve in the curves mode, and how, as a value the curves model keeps (the
riders' drawing, ``riders.Riders``, follows it): the sphere or the glider, the way it faces,
the cars of its train, whether the camera rides on it, whether its frames are drawn."""

import dataclasses

from trajectory import Orientation
from trajectory.orientation import MODES as ORIENTATION_MODES

ORIENTATION_WORDS = {
    "minimal": "rotation-minimising",
    "yaw": "yaw only",
    "up": "up nearest +Z",
}
DEFAULT_MODE = "up"
"""The riders start looking along the curve with up nearest +Z: upright on the helix, where the
rotation-minimising frame rolls with the helix's twist (as a cart on an unbanked track would)."""
SPHERE, GLIDER = "sphere", "glider"
RIDER_WORDS = {SPHERE: "sphere", GLIDER: "glider (banks)"}
MAX_BANK = 1.2
MAX_CARS = 8


@dataclasses.dataclass(frozen=True)
class RiderSettings:
    """``rider`` (``SPHERE`` or ``GLIDER``), the way it faces (``mode``, one of the orientation
    modes), the ``cars`` of its train (0 to ``MAX_CARS``), whether the camera is ``riding`` on
    it, whether its frames at the keyframes are shown (``frames``). Each key makes the next."""

    rider: str = SPHERE
    mode: str = DEFAULT_MODE
    cars: int = 0
    riding: bool = False
    frames: bool = False

    def next_mode(self):
        """The next way of facing along the curve."""
        index = ORIENTATION_MODES.index(self.mode)
        return dataclasses.replace(self, mode=ORIENTATION_MODES[(index + 1) % len(ORIENTATION_MODES)])

    def other_rider(self):
        """The glider for the sphere, the sphere for the glider."""
        return dataclasses.replace(self, rider=GLIDER if self.rider == SPHERE else SPHERE)

    def more_cars(self, step):
        """``step`` cars more (or fewer), from 0 to ``MAX_CARS``."""
        return dataclasses.replace(self, cars=min(max(self.cars + step, 0), MAX_CARS))

    def ride_toggled(self):
        """Riding on the rider, or orbiting again."""
        return dataclasses.replace(self, riding=not self.riding)

    def frames_toggled(self):
        """The frames shown, or hidden."""
        return dataclasses.replace(self, frames=not self.frames)

    def orientation(self, tilt=()):
        """The ``Orientation`` the riders turn by: banked for the glider (against standard
        gravity: units as metres), rolled by the ``tilt`` keys; closed on a loop, as every
        minimal frame is."""
        glider = self.rider == GLIDER
        return Orientation(self.mode, bank=glider, max_bank=MAX_BANK if glider else None, tilt=tilt)

    def words(self):
        """The HUD's line for the riders."""
        train = f", train of {self.cars + 1} (K)" if self.cars else ""
        riding = ", riding (V)" if self.riding else ""
        return f"{RIDER_WORDS[self.rider]} (G){train}, facing: {ORIENTATION_WORDS[self.mode]} (O){riding}"
