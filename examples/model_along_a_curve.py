"""Your own model along a curve in your own ShowBase: a MotionInterval moves and turns it at the
pace of a velocity curve, and a Playhead beside it fires events where the model passes marks.

    python examples/model_along_a_curve.py
"""

from direct.interval.IntervalGlobal import Sequence, Wait
from direct.showbase.ShowBase import ShowBase
from panda3d.core import Filename, LineSegs

from scene import MotionInterval
from trajectory import CubicBezier, Motion, Playhead, VelocityCurve

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
        # Turned along the curve, up nearest +Z, leaning into the turns as if the units were metres.
        glide = MotionInterval(self.glider, self.motion, orientation="up", bank=9.81)
        Sequence(glide, Wait(1.0)).loop()
        # The same motion's marks, reported by a playhead that keeps the interval's time.
        self.marks = Playhead(self.motion, loop="loop", events=[(0.25, "a quarter"), (0.5, "halfway")])
        self.passed = []
        self.taskMgr.add(self.report, "report")
        self.cam.set_pos(0, -22, 12)
        self.cam.look_at(0, 0, 3)

    def report(self, task):
        for crossing in self.marks.advance(self.clock.get_dt()):
            if isinstance(crossing.event, str):
                self.passed.append(crossing.event)
                print("passed", crossing.event)
        return task.cont


if __name__ == "__main__":
    Glide().run()
