"""Your own track in your own ShowBase: two rails swept along a closed spline's rotation-minimising
frames (to 1 mm) and a tie every 0.6 units, each one GeomNode, lit by your lights; a glider
rides it with a MotionInterval.

    python examples/track_along_a_curve.py
"""

from direct.showbase.ShowBase import ShowBase
from panda3d.core import DirectionalLight, Filename

from scene import MotionInterval, mesh_node
from trajectory import Mesh, Motion, Profile, Spline, VelocityCurve, along, sweep

MODEL = Filename.from_os_specific(__file__).get_dirname() + "/../models/glider.egg"
TIE = Mesh.box(1.4, 0.12, 0.07)  # across the track, along it, deep


class Track(ShowBase):
    def __init__(self):
        super().__init__()
        self.disable_mouse()
        self.set_background_color(0.58, 0.72, 0.88, 1)
        sun = self.render.attach_new_node(DirectionalLight("sun"))
        sun.set_hpr(30, -50, 0)
        self.render.set_light(sun)
        self.curve = Spline([[10, 0, 2], [0, 8, 5], [-10, 0, 2], [0, -8, 1]], closed=True)
        # The track in three lines: the rails, the ties' places along it, the ties; one node each.
        rails = self.render.attach_new_node(mesh_node(sweep(self.curve, Profile.rails(1.0, 0.05), 1e-3)))
        places = along(self.curve, spacing=0.6, offset=(0, -0.09))
        ties = self.render.attach_new_node(mesh_node(TIE.placed(*places)))
        rails.set_color(0.78, 0.8, 0.84, 1)
        ties.set_color(0.5, 0.34, 0.22, 1)
        self.glider = self.loader.load_model(MODEL)
        self.glider.reparent_to(self.render)
        motion = Motion(self.curve, VelocityCurve.constant(), duration=10.0)
        self.ride = MotionInterval(self.glider, motion, "minimal")  # a loop: its frame closes
        self.ride.loop()
        self.camera.set_pos(0, -32, 18)
        self.camera.look_at(0, 0, 2)


if __name__ == "__main__":
    Track().run()
