"""Your own model bent along a curve in your own ShowBase: a flanged pipe section (any .egg or
.bam, made in Blender) repeated end to end round a closed spline, every section bent to follow
it, its colours and materials kept; a glider flies through it.

    python examples/pipe_along_a_curve.py
"""

from direct.showbase.ShowBase import ShowBase
from panda3d.core import AmbientLight, DirectionalLight, Filename

from scene import MotionInterval, bend_model
from trajectory import Motion, Spline, VelocityCurve

HERE = Filename.from_os_specific(__file__).get_dirname()
PIPE, GLIDER = HERE + "/../models/pipe.egg", HERE + "/../models/glider.egg"


class Pipeline(ShowBase):
    def __init__(self):
        super().__init__()
        self.disable_mouse()
        self.set_background_color(0.58, 0.72, 0.88, 1)
        sun = self.render.attach_new_node(DirectionalLight("sun"))
        sun.set_hpr(30, -50, 0)
        sky = self.render.attach_new_node(AmbientLight("sky"))
        sky.node().set_color((0.35, 0.35, 0.4, 1))
        self.render.set_light(sun)
        self.render.set_light(sky)
        self.curve = Spline([[10, 0, 2], [0, 8, 5], [-10, 0, 2], [0, -8, 1]], closed=True)
        # The model's +Y runs along the curve: whole sections round the loop, each bent to it.
        self.pipe = bend_model(self.loader.load_model(PIPE), self.curve, fit="repeat", tolerance=1e-3)
        self.pipe.reparent_to(self.render)
        self.glider = self.loader.load_model(GLIDER)
        self.glider.reparent_to(self.render)
        self.glider.set_scale(0.15)
        motion = Motion(self.curve, VelocityCurve.constant(), duration=12.0)
        self.ride = MotionInterval(self.glider, motion, "minimal")  # a loop: its frame closes
        self.ride.loop()
        self.camera.set_pos(0, -30, 20)
        self.camera.look_at(0, 0, 2)


if __name__ == "__main__":
    Pipeline().run()
