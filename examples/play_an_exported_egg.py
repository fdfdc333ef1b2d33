"""A curve modelled in the scene, played in a game that knows only Panda3D: Ctrl+E in the curves
mode writes ``exports/<name>.egg`` beside the presets file; Panda3D's own ``Mopath`` reads it
and a ``MopathInterval`` flies a model along it, looking ahead along the track.

    python examples/play_an_exported_egg.py [path/to/curve.egg]   (models/coaster.egg if none)
"""

import sys

from direct.directutil.Mopath import Mopath
from direct.interval.MopathInterval import MopathInterval
from direct.showbase.ShowBase import ShowBase
from panda3d.core import Filename

HERE = Filename.from_os_specific(__file__).get_dirname()
CURVE = (
    Filename.from_os_specific(sys.argv[1]) if len(sys.argv) > 1 else Filename(HERE + "/../models/coaster.egg")
)


class Ride(ShowBase):
    def __init__(self):
        super().__init__()
        self.disable_mouse()
        self.set_background_color(0.12, 0.14, 0.16, 1)
        self.path = Mopath()
        self.path.loadFile(CURVE)
        self.path.fFaceForward = True  # the glider looks along the track
        self.path.draw().reparent_to(self.render)
        self.glider = self.loader.load_model(HERE + "/../models/glider.egg")
        self.glider.reparent_to(self.render)
        self.camera.set_pos(0, -36, 20)
        self.camera.look_at(0, 0, 0)
        # Once round the track in 12 s (Mopath's parameter, not its length: the pace varies).
        self.ride = MopathInterval(self.path, self.glider, duration=12.0, name="ride")
        self.ride.loop()


if __name__ == "__main__":
    Ride().run()
