"""Your own model along a curve in your own ShowBase: one MotionInterval moves and turns it at the
pace of a velocity curve and tells the game where it is, from the same clock.

    python examples/model_along_a_curve.py
"""

from direct.showbase.ShowBase import ShowBase
from panda3d.core import Filename, LineSegs

from scene import MotionInterval
from trajectory import CubicBezier, Motion, VelocityCurve

MODEL = Filename.from_os_specific(__file__).get_dirname() + "/../models/glider.egg"


class Glide(ShowBase):
    def __init__(self):
        super().__init__()
        self.disable_mouse()  # the camera stays where it is put
        self.set_background_color(0.12, 0.14, 0.16, 1)
        curve = CubicBezier([[-8, 0, 1], [-3, 12, 6], [3, -12, 6], [8, 0, 1]])
        self.motion = Motion(curve, VelocityCurve.ease_in_out(), duration=6.0)
        self.glider = self.loader.load_model(MODEL)
        self.glider.reparent_to(self.render)
        line = LineSegs("curve")
        for point in curve.evaluate([k / 100 for k in range(101)]).tolist():
            line.draw_to(*point)
        self.render.attach_new_node(line.create())
        # Turned along the curve, up nearest +Z, leaning into the turns as if the units were metres;
        # each mark passed is sent as a Panda3D event.
        self.glide = MotionInterval(
            self.glider, self.motion, bank=True, events=[(0.25, "a quarter"), (0.5, "halfway")]
        )
        self.passed = []
        self.accept("a quarter", self.say, ["a quarter"])
        self.accept("halfway", self.say, ["halfway"])
        self.glide.loop()
        self.cam.set_pos(0, -22, 12)
        self.cam.look_at(0, 0, 3)

    def say(self, mark):
        where = self.glider.get_pos()  # already where this frame puts it
        self.passed.append((mark, list(where)))
        print(f"passed {mark} at ({where.x:.2f}, {where.y:.2f}, {where.z:.2f})")


if __name__ == "__main__":
    Glide().run()
