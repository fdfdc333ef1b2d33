"""What rides the curve in the curves mode, drawn as the model's ``RiderSettings`` say: the sphere
or the glider, turned by an orientation mode; the cars of a train a fixed arc length behind it; a
camera riding on it; and the frames drawn at the keyframes, so that the twist (or its absence)
can be seen."""

import numpy as np
from panda3d.core import LPoint3, LQuaternion, LVector3

from scene.curves.rider_settings import GLIDER, SPHERE, RiderSettings
from scene.ui.assets import load_model
from scene.ui.geometry import blob_shadow, segments
from trajectory.playback import train_poses

CAR_GAP = 1.6
"""Arc length between the cars of a train."""
RIDE_OFFSET = (0.0, 0.0, 1.1)
"""Where the riding camera sits in the rider's frame: on it, a seat above the track (the rider
itself is hidden while the camera rides: it is the camera)."""
RIDE_PITCH = -11.0
"""Degrees the riding camera looks down from the rider's forward axis."""
_RIDE_TILT = LQuaternion()
_RIDE_TILT.set_hpr((0.0, RIDE_PITCH, 0.0))
FRAME_AXIS = 0.55
AXIS_COLOURS = ((0.95, 0.3, 0.3, 1), (0.3, 0.9, 0.3, 1), (0.35, 0.55, 1.0, 1))
SHADOW_RADIUS = 0.7
SHADOW_LIFT = 0.01
"""The rider's shadow: a soft disc on the ground (z = 0) under it, just above the grid, so that
its height over the ground reads at a glance."""
"""Right (red), forward (green), up (blue)."""


class Riders:
    """The rider and its train under ``root``, as ``settings`` (a ``RiderSettings``, the model's,
    which ``follow`` takes) say; ``sphere`` is the curves mode's sphere, ``horizon`` the sky and
    ground shown while riding, ``line`` the curve's line, hidden while riding on a track built
    along it (``on_a_track()`` says whether one is: it would run through the seat)."""

    def __init__(self, app, root, sphere, horizon, line, on_a_track):
        self.app, self.root, self.horizon = app, root, horizon
        self.line, self.on_a_track = line, on_a_track
        self.models = {SPHERE: sphere, GLIDER: load_model(app, GLIDER)}
        self.models[GLIDER].reparent_to(root)
        self.models[GLIDER].hide()
        self.settings = RiderSettings()
        self.cars = []
        self._frames = None
        self.tilt = ()
        """Tilt keys (s, angle) of the trajectory (a spline's tilted knots), () for none."""
        self.shadow = blob_shadow(root, SHADOW_RADIUS)

    @property
    def leader(self):
        """The node of the rider at the front."""
        return self.models[self.settings.rider]

    @property
    def riding(self):
        return self.settings.riding

    def orientation(self):
        """The ``Orientation`` the riders turn by (``RiderSettings.orientation``, with the
        trajectory's ``tilt`` keys)."""
        return self.settings.orientation(self.tilt)

    def follow(self, settings):
        """Draw the riders as ``settings`` (a ``RiderSettings``) say: the other rider, cars more
        or fewer, the camera riding on it or orbiting again."""
        before, self.settings = self.settings, settings
        if settings.rider != before.rider:
            self.models[before.rider].hide()
            if not settings.riding:
                self.leader.show()
            for car in self.cars:
                car.remove_node()
            self.cars = []
        while len(self.cars) < settings.cars:
            self.cars.append(self._car())
        while len(self.cars) > settings.cars:
            self.cars.pop().remove_node()
        if settings.riding != before.riding:
            self.horizon.show(settings.riding)
            self.show_line()
            if settings.riding:
                self.leader.hide()
            else:
                self.leader.show()
                self.app.orbit.apply()

    def show_line(self):
        """The curve's line: hidden while riding on a track, shown otherwise (call when the
        track's look changes)."""
        if self.settings.riding and self.on_a_track():
            self.line.hide()
        else:
            self.line.show()

    # Placed every frame.

    def place(self, motion, t, position):
        """Put the rider at ``position`` (the keyframe sampler's, (3,)) turned as the motion is at
        time ``t``, the cars behind it, and the riding camera on it."""
        orientation = self.orientation()
        rotation = LQuaternion(*motion.quaternion(t, orientation))
        self.leader.set_pos_quat(tuple(position), rotation)  # its scale (the sphere's size) stays
        self.shadow.set_pos(position[0], position[1], SHADOW_LIFT)  # on the ground under it
        if self.cars:
            self._place_cars(motion, t, orientation)
        if self.settings.riding:  # in the rider's frame, not scaled with the model
            self.app.camera.set_pos_quat(
                self.root, LPoint3(*position) + rotation.xform(LVector3(*RIDE_OFFSET)), _RIDE_TILT * rotation
            )

    def show_frames(self, motion, times):
        """Draw (when shown) the frames at ``times`` (k,) as small axes."""
        if self._frames is not None:
            self._frames.remove_node()
            self._frames = None
        if not self.settings.frames:
            return
        self._frames = self.root.attach_new_node("frames")
        at = motion.position(times)
        matrices = motion.frame(times, self.orientation())
        for axis, colour in enumerate(AXIS_COLOURS):
            ends = at + FRAME_AXIS * matrices[:, :, axis]
            segments(self._frames, np.stack([at, ends], axis=1), colour, 2.0, "frame axis")

    def _place_cars(self, motion, t, orientation):
        """Each car a multiple of ``CAR_GAP`` behind the leader along the curve (round a closed
        loop; bunched at the start of an open curve), turned by the same orientation, at the
        leader's speed (a train moves as one)."""
        gaps = CAR_GAP * np.arange(1, len(self.cars) + 1)
        positions, rotations = train_poses(motion, t, gaps, orientation)
        for car, position, rotation in zip(self.cars, positions.tolist(), rotations.tolist()):
            car.set_pos_quat(tuple(position), LQuaternion(*rotation))

    def _car(self):
        car = self.leader.copy_to(self.root)
        car.set_color_scale(0.8, 0.8, 0.8, 1.0)
        return car
