"""A unit with a turning radius planning around obstacles in your own ShowBase: the map's blocked
cells drawn as boxes, the planned path as a line, the tank driving it at its speed.

    python examples/unit_around_obstacles.py
"""

from direct.showbase.ShowBase import ShowBase
from panda3d.core import Filename, LineSegs

from trajectory import ObstacleMap, PlanStatus, plan_path

MODELS = Filename.from_os_specific(__file__).get_dirname() + "/../models/"
SPEED = 3.0  # units per second; the tank model fits in a disc of 1.6 (its footprint)


class Drive(ShowBase):
    def __init__(self):
        super().__init__()
        self.disable_mouse()  # the camera stays where it is put
        self.set_background_color(0.12, 0.14, 0.16, 1)
        walls = ObstacleMap(24, 16, cell_size=1.0)
        walls.block([(12, row) for row in range(11)])  # a wall with a gap at the top
        for row, col in zip(*walls.blocked.nonzero()):  # blocked is (rows, cols)
            box = self.loader.load_model("models/box")  # Panda3D's own unit cube
            box.reparent_to(self.render)
            box.set_pos_hpr_scale(col, row, 0, 0, 0, 0, 1, 1, 0.3)
            box.set_texture_off(1)
            box.set_color(0.6, 0.55, 0.5, 1)
        plan = plan_path((4.0, 3.0, 0.0), (20.0, 3.0), 2.0, obstacles=walls, heading=0.0, footprint=1.6)
        if plan.status is not PlanStatus.FOUND:
            raise SystemExit(f"no path: {plan.status.value}")
        self.path = plan.path
        line = LineSegs("path")
        line.set_thickness(3)
        line.set_color(1.0, 0.8, 0.2, 1)
        for x, y, _ in self.path.pose([d * self.path.length / 200 for d in range(201)]).tolist():
            line.draw_to(x, y, 0.05)
        self.render.attach_new_node(line.create())
        self.tank = self.loader.load_model(MODELS + "tank.egg")
        self.tank.reparent_to(self.render)
        self.taskMgr.add(self.move_tank, "move the tank")
        self.cam.set_pos(12, -10, 26)
        self.cam.look_at(12, 8, 0)

    def move_tank(self, task):
        x, y, heading = self.path.pose_at_time(task.time, SPEED).tolist()
        # A model looks along +Y: its Panda3D heading (degrees) is ours (radians from +X) less 90.
        self.tank.set_pos_hpr(x, y, 0, heading * 57.29577951308232 - 90.0, 0, 0)
        return task.cont


if __name__ == "__main__":
    Drive().run()
