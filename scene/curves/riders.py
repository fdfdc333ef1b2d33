"""What rides the curve in the curves mode: the sphere or the glider, turned by an orientation
mode; the cars of a train a fixed arc length behind it; a camera riding on it; and the frames
drawn at the keyframes, so that the twist (or its absence) can be seen."""

import numpy as np
from panda3d.core import LPoint3, LQuaternion, LVector3

from scene.ui.assets import load_model
from scene.ui.bindings import bind, pair
from scene.ui.geometry import blob_shadow, segments
from trajectory import Orientation
from trajectory.orientation import MODES as ORIENTATION_MODES
from trajectory.playback import train_poses

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
CAR_GAP = 1.6
"""Arc length between the cars of a train."""
MAX_CARS = 8
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
    """The rider and its train under ``root``; ``sphere`` is the curves mode's sphere, ``horizon``
    the sky and ground shown while riding, ``line`` the curve's line, hidden while riding on a
    track built along it (``on_a_track()`` says whether one is: it would run through the seat)."""

    def __init__(self, app, root, sphere, horizon, line, on_a_track):
        self.app, self.root, self.horizon = app, root, horizon
        self.line, self.on_a_track = line, on_a_track
        self.models = {SPHERE: sphere, GLIDER: load_model(app, GLIDER)}
        self.models[GLIDER].reparent_to(root)
        self.models[GLIDER].hide()
        self.rider = SPHERE
        self.mode = DEFAULT_MODE
        self.cars = []
        self.riding = False
        self.frames_shown = False
        self._frames = None
        self.tilt = ()
        """Tilt keys (s, angle) of the trajectory (a spline's tilted knots), () for none."""
        self.shadow = blob_shadow(root, SHADOW_RADIUS)

    @property
    def leader(self):
        """The node of the rider at the front."""
        return self.models[self.rider]

    def orientation(self):
        """The ``Orientation`` the riders turn by: banked for the glider (against standard
        gravity: units as metres), rolled by the ``tilt`` keys; closed on a loop, as every
        minimal frame is."""
        glider = self.rider == GLIDER
        return Orientation(
            self.mode,
            bank=glider,
            max_bank=MAX_BANK if glider else None,
            tilt=self.tilt,
        )

    def status(self):
        """The HUD's line for the riders."""
        train = f", train of {len(self.cars) + 1} (K)" if self.cars else ""
        riding = ", riding (V)" if self.riding else ""
        return f"{RIDER_WORDS[self.rider]} (G){train}, facing: {ORIENTATION_WORDS[self.mode]} (O){riding}"

    def bindings(self, redraw_frames):
        """The riders' keys; ``redraw_frames`` is called after a change that the frames show."""

        def then_redraw(change):
            change()
            redraw_frames()

        return (
            bind("O", "the next way of facing along the curve", then_redraw, self.cycle_orientation),
            bind("G", "the sphere or a glider", then_redraw, self.toggle_rider),
            pair(
                "K / Shift+K", "a car more or fewer in the train", self.change_cars, ("k", 1), ("shift-k", -1)
            ),
            bind("V", "ride on the rider, or orbit again", self.toggle_ride),
            bind("X", "show the frames at the keyframes", then_redraw, self.toggle_frames),
        )

    # Bound to keys.

    def cycle_orientation(self):
        self.mode = ORIENTATION_MODES[(ORIENTATION_MODES.index(self.mode) + 1) % len(ORIENTATION_MODES)]

    def toggle_rider(self):
        self.leader.hide()
        self.rider = GLIDER if self.rider == SPHERE else SPHERE
        if not self.riding:
            self.leader.show()
        for index in range(len(self.cars)):
            self.cars[index].remove_node()
            self.cars[index] = self._car()

    def change_cars(self, step):
        """One car more (step 1) or fewer (step -1)."""
        if step > 0 and len(self.cars) < MAX_CARS:
            self.cars.append(self._car())
        elif step < 0 and self.cars:
            self.cars.pop().remove_node()

    def toggle_ride(self):
        """Ride on the rider (which hides: the camera is in its place), or go back to the orbit
        camera."""
        self.riding = not self.riding
        self.horizon.show(self.riding)
        self.show_line()
        if self.riding:
            self.leader.hide()
        else:
            self.leader.show()
            self.app.orbit.apply()

    def show_line(self):
        """The curve's line: hidden while riding on a track, shown otherwise (call when the
        track's look changes)."""
        if self.riding and self.on_a_track():
            self.line.hide()
        else:
            self.line.show()

    def toggle_frames(self):
        self.frames_shown = not self.frames_shown

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
        if self.riding:  # in the rider's frame, not scaled with the model
            self.app.camera.set_pos_quat(
                self.root, LPoint3(*position) + rotation.xform(LVector3(*RIDE_OFFSET)), _RIDE_TILT * rotation
            )

    def show_frames(self, motion, times):
        """Draw (when shown) the frames at ``times`` (k,) as small axes."""
        if self._frames is not None:
            self._frames.remove_node()
            self._frames = None
        if not self.frames_shown:
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
