"""The curves mode's state, in one place and without a window: the presets, which are shown and
how (their timing, ``run_timing``; their looks), the selection, each preset's history, and the
curves and motions built from them (kept by what they were built from, so that a preset shown
again, or a drive's fastest motion for the same curve and car, is not built twice), which points
a press grabs and what the mouse holds. How a preset differs from what it came as is in
``preset_origins``.

The tools change it only by ``apply``ing an edit (``curve_edits``): the model checks it (a
refusal, ``Refused``, leaves everything as it was and says why), records it for undo and answers
with the ``Change`` it made, which the views redraw.
"""

import collections
import dataclasses
import logging

import numpy as np

from scene.curves import curve_edits as edits
from scene.curves.curve_edits import KEEP, Change
from scene.curves.looks import Look
from scene.curves.preset_origins import origin
from scene.curves.presets import TimeOutOfPlace
from scene.curves.rider_settings import RiderSettings
from scene.curves.run import Playback
from scene.curves.run_timing import RunTiming
from scene.kit.refusal import Refused
from scene.ui.history import Histories

log = logging.getLogger(__name__)

NO_KNOTS = "This trajectory has no knots: P makes it an editable spline"
KEPT = 64
"""Things built (curves, velocity curves, motions) that are kept (the ones used longest ago
forgotten)."""


class CurvesModel:
    """The presets and how they are shown.

    Args:
        trajectories: The trajectory presets (``presets.TrajectoryPreset``), a list the model owns.
        velocities: The velocity presets (``presets.VelocityPreset``), likewise.
        duration: Seconds of a run (a velocity curve's; a drive's duration comes from the car).
        interval: Seconds between exact keyframe positions.
        unedited: The trajectories as they come (built in, or opened): not saved unless edited.
        builtin_velocities: The velocity presets as they come.
        coaster: The index of the trajectory built as a track unless the user chooses otherwise.
        trajectory_index, velocity_index: The presets shown first.
    """

    def __init__(
        self,
        trajectories,
        velocities,
        duration,
        interval,
        unedited=(),
        builtin_velocities=(),
        coaster=None,
        trajectory_index=0,
        velocity_index=0,
    ):
        self.trajectories, self.velocities = trajectories, velocities
        self.trajectory_index, self.velocity_index = trajectory_index, velocity_index
        self.timing = RunTiming(duration, interval)
        self.unedited, self.builtin_velocities = tuple(unedited), tuple(builtin_velocities)
        self.saved = tuple(trajectories)
        """The trajectories as the presets file holds them (loaded, or last saved)."""
        self.coaster = coaster
        self.roll_index = next((i for i, preset in enumerate(self.velocities) if preset.rolling), None)
        """The velocity preset of a train rolling under gravity: the coaster's own."""
        self.looks = {}
        """The look the user chose (W) for each trajectory, by index."""
        self.selected_knot = self.selected_key = None
        self.playback = Playback()
        """How the run plays (paused, rate, loop): a value, set by ``SetPlayback``."""
        self.rider_settings = RiderSettings()
        """What rides the curve and how: a value, set by ``SetRiders``."""
        self.events = edits.FIXED_EVENTS
        """The events' arc-length fractions, in the order they were placed (an event's name is its
        index here): the fixed ones, then the user's."""
        self.drag = None
        """What the mouse holds (a ``curve_edits.PointDrag`` or ``HandleDrag``), None between
        drags: the one record of a live drag (``Grab``, ``LetGo``)."""
        self._drag_steps = {}
        """While a drag is live: each history key it changed, with its state before the drag and
        the words of its first edit."""
        self.history = Histories()
        self._built = _BuiltCache()

    # What is shown.

    @property
    def trajectory(self):
        """The trajectory preset shown."""
        return self.trajectories[self.trajectory_index]

    @property
    def velocity(self):
        """The velocity preset shown."""
        return self.velocities[self.velocity_index]

    @property
    def driving(self):
        """Whether the motion is the car's fastest one ("drive it")."""
        return self.velocity.drive

    @property
    def rolling(self):
        """Whether the motion is a train's rolling under gravity."""
        return self.velocity.rolling

    @property
    def made_from_curve(self):
        """Whether the motion is made from the curve itself (driving or rolling): its velocity
        curve and duration come with it."""
        return self.driving or self.rolling

    @property
    def spline(self):
        """The spline of the trajectory shown, or None when it is not a knots preset."""
        return self.trajectory.spline if self.trajectory.knots else None

    @property
    def look(self):
        """What the trajectory shown is built as: the look chosen (W), else a road while driving,
        a track on the coaster, the line on any other."""
        if self.trajectory_index in self.looks:
            return self.looks[self.trajectory_index]
        return (
            Look.ROAD if self.driving else Look.RAILS if self.trajectory_index == self.coaster else Look.LINE
        )

    @property
    def curve(self):
        """The trajectory shown, built (with its arc-length table)."""
        preset = self.trajectory
        return self._built.get(("curve", id(preset)), (preset,), preset.curve)

    @property
    def velocity_curve(self):
        """The velocity curve shown, built (None while driving or rolling: it comes with the
        motion)."""
        if self.made_from_curve:
            return None
        preset = self.velocity
        return self._built.get(("velocity", id(preset)), (preset,), preset.curve)

    @property
    def motion(self):
        """The ``Motion`` of the presets shown: the curve at the velocity curve's pace for the
        duration, or the car's fastest motion along it."""
        return self._motion_of(self.curve)

    def grabbable(self):
        """The points a press grabs, (k, 3): a Bezier's or a spline's control points; a spline
        of knots' knots, then the selected knot's in and out handle tips; none for a function."""
        preset = self.trajectory
        if not preset.editable:
            return np.zeros((0, 3))
        if not preset.knots:
            return np.array(preset.points, dtype=float)
        if self.selected_knot is None:
            return preset.spline.knots
        return np.concatenate((preset.spline.knots, self.handle_tips()))

    def handle_tips(self):
        """The selected knot's in and out handle tips, (2, 3)."""
        spline = self.spline
        return spline.knots[self.selected_knot] + spline.tangents[self.selected_knot]

    def point_edit(self, index, position):
        """The edit that moves grabbable point ``index`` to ``position`` (3,): a control point, a
        knot, or a handle tip of the selected knot (its mode deciding the other handle)."""
        position = tuple(map(float, position))
        if not self.trajectory.knots:
            return edits.MovePoint(index, position)
        spline = self.spline
        count = len(spline.knots)
        if index < count:
            return edits.MoveKnot(index, position)
        vector = tuple(map(float, np.asarray(position) - spline.knots[self.selected_knot]))
        return edits.MoveTangent(self.selected_knot, ("in", "out")[index - count], vector)

    def tilt_keys(self):
        """The rider's tilt keys (s, angle) from the knots' tilts, () when none is tilted."""
        spline = self.spline
        if spline is None or not np.any(spline.tilts):
            return ()
        return tuple(map(tuple, spline.tilt_keys().tolist()))

    def edited(self):
        """How the presets shown differ from what they came as: (the trajectory's, the
        velocity's), each a ``preset_origins.Edited``."""
        return origin(self.trajectory, self.unedited, self.saved), origin(
            self.velocity, self.builtin_velocities
        )

    def mark_saved(self):
        """The presets file now holds the trajectories as they are."""
        self.saved = tuple(self.trajectories)

    # Edits.

    def apply(self, edit):
        """Make ``edit`` (a ``curve_edits`` value), recorded as one step of the undo history
        (inside a drag: one step for the whole drag, at its ``LetGo``).

        Returns:
            The ``Change`` it made.

        Raises:
            Refused: If the edit would make an invalid curve or motion, or does not apply to
                what is shown; nothing is changed.
        """
        if isinstance(edit, edits.TRAJECTORY_EDITS):
            return self._edit_trajectory(edit)
        if isinstance(edit, edits.VELOCITY_EDITS):
            return self._edit_velocity(edit)
        if isinstance(edit, edits.AddEvent):
            try:
                events = edit.edited(self.events)
            except ValueError as error:
                raise Refused(str(error)) from error
            self._record(("events", 0), self.events, events, edit.words)
            self.events = events
            return Change.EVENTS
        if isinstance(edit, edits.Grab | edits.LetGo):
            return self._hold(edit)
        return self._set(edit)

    def undo(self):
        """Put back the presets shown as they were before their newest edit: (the ``Change``,
        the words of what was undone), or None when there is nothing to undo (a live drag is let
        go first: its step is the newest). Nothing is built: the curve and motion are, once, when
        next asked for."""
        let_go = self._hold(edits.LetGo())
        found = self._restore(self.history.undo(list(self._shown())))
        return found and (found[0] | let_go, found[1])

    def redo(self):
        """Make again the newest edit undone of the presets shown, as ``undo`` does."""
        let_go = self._hold(edits.LetGo())
        found = self._restore(self.history.redo(list(self._shown())))
        return found and (found[0] | let_go, found[1])

    # How edits are made.

    def _edit_trajectory(self, edit):
        preset = self.trajectory
        if isinstance(edit, edits.MovePoint) and (preset.knots or not preset.editable):
            raise Refused(
                "This trajectory has no control points to move" if not preset.editable else NO_KNOTS
            )
        if not isinstance(edit, edits.MovePoint | edits.MakeSpline) and not preset.knots:
            raise Refused(NO_KNOTS)
        try:
            if isinstance(edit, edits.MovePoint) and not 0 <= edit.index < len(preset.points):
                raise ValueError(f"there is no control point {edit.index}")
            edited, selected = edit.edited(preset)
            curve = edited.curve()
            if self.made_from_curve:  # the motion too: an edit it refuses is refused
                self._motion_of(curve)
        except ValueError as error:
            raise Refused(self._words(error)) from error
        self._built.keep(("curve", id(edited)), (edited,), curve)
        change = Change.SHAPE | self._put(("trajectory", self.trajectory_index), edited, edit.words)
        if selected is not KEEP:
            change |= self._select(selected, None)
        return change

    def _edit_velocity(self, edit):
        preset = self.velocity
        if preset.handles is None:
            raise Refused("This velocity curve is fixed: it has no handles to move")
        if not isinstance(edit, edits.MoveHandle) and not preset.keys:
            raise Refused("Only a keyed velocity curve has keys to add or delete")
        try:
            if not 0 <= getattr(edit, "index", 0) < len(preset.handles):
                raise ValueError(f"there is no key {edit.index + 1}")
            edited, selected = edit.edited(preset)
            # Checked against the keys before the edit: a refusal names the key it moved.
            velocity = preset.curve(edited.handles)
        except ValueError as error:
            raise Refused(self._words(error)) from error
        self._built.keep(("velocity", id(edited)), (edited,), velocity)
        change = Change.TIMING | self._put(("velocity", self.velocity_index), edited, edit.words)
        if selected is not KEEP:
            change |= self._select(None, selected)
        return change

    def _select(self, knot, key):
        """Select ``knot`` and ``key`` (one of them None); SELECTION if that is a change."""
        before = (self.selected_knot, self.selected_key)
        self.selected_knot, self.selected_key = knot, key
        return Change.SELECTION if (knot, key) != before else Change.NONE

    def _put(self, key, preset, words):
        """``preset`` in place of the one shown of ``key``'s kind, recorded; no change else."""
        kind, index = key
        before = self._presets_of(kind)[index]
        self._presets_of(kind)[index] = preset
        self._record(key, before, preset, words)
        return Change.NONE

    def _record(self, key, before, after, words):
        """An edit of history ``key`` from ``before`` to ``after``: a step of its history, or
        inside a drag part of the drag's one step."""
        if self.drag is None:
            self.history.record(key, before, after, words)
        else:
            self._drag_steps.setdefault(key, (before, words))

    def _hold(self, edit):
        """A drag begins (``Grab``: a knot or a velocity key grabbed is selected; a drag still
        live is let go first) or ends (``LetGo``: one step for each preset it changed)."""
        change = Change.NONE
        if self.drag is not None:
            shown = self._shown()
            for key, (before, words) in self._drag_steps.items():
                self.history.record(key, before, shown[key], words)
            self.drag, self._drag_steps = None, {}
            change = Change.HELD
        if isinstance(edit, edits.LetGo):
            return change
        drag = edit.drag
        if isinstance(drag, edits.HandleDrag | edits.PointDrag) and drag.index is None:
            drag = self._selected_drag(drag)
        if isinstance(drag, edits.HandleDrag):
            if not 0 <= drag.index < len(self.velocity.handles or ()):
                raise Refused(f"there is no velocity handle {drag.index + 1}")
            change |= self._select(None, drag.index)
        elif isinstance(drag, edits.PointDrag):
            if not 0 <= drag.index < len(self.grabbable()):
                raise Refused(f"there is no control point {drag.index + 1} to hold")
            spline = self.spline
            if spline is not None and drag.index < len(spline.knots):
                change |= self._select(drag.index, None)
        else:
            raise Refused(f"not a drag: {drag!r}")
        self.drag = drag
        return change | Change.HELD

    def _selected_drag(self, drag):
        """``drag`` of the knot or velocity key selected (just inserted or added), where it is."""
        if isinstance(drag, edits.HandleDrag):
            if self.selected_key is None:
                raise Refused("no velocity key is selected to hold")
            return dataclasses.replace(
                drag, index=self.selected_key, start=tuple(self.velocity.handles[self.selected_key])
            )
        if self.selected_knot is None:
            raise Refused("no knot is selected to hold")
        return dataclasses.replace(
            drag, index=self.selected_knot, start=self.spline.knots[self.selected_knot]
        )

    def _presets_of(self, kind):
        """The presets of ``kind``, "trajectory" or "velocity" (a history key's first part)."""
        return self.trajectories if kind == "trajectory" else self.velocities

    def _set(self, edit):
        """A change of what is shown or how (not recorded for undo)."""
        look, selection = self.look, (self.selected_knot, self.selected_key)
        match edit:
            case edits.ChooseTrajectory(index) | edits.ChooseVelocity(index):
                kind = self.trajectories if isinstance(edit, edits.ChooseTrajectory) else self.velocities
                if not (isinstance(index, int) and 0 <= index < len(kind)):
                    raise Refused(f"there is no preset {index + 1}: there are {len(kind)}")
                if isinstance(edit, edits.ChooseTrajectory):
                    self.trajectory_index, self.selected_knot = index, None
                    change = Change.CHOICE | Change.SHAPE | Change.TIMING
                    if index == self.coaster and self.roll_index is not None:  # its train rolls
                        self.velocity_index, self.selected_key = self.roll_index, None
                else:
                    self.velocity_index, self.selected_key = index, None
                    change = Change.CHOICE | Change.TIMING
            case edits.AddTrajectory(preset):
                self.trajectories.append(preset)
                return self._set(edits.ChooseTrajectory(len(self.trajectories) - 1))
            case edits.SetPlayback(playback):
                if not isinstance(playback, Playback):
                    raise Refused(f"not a playback: {playback!r}")
                self.playback = playback
                change = Change.PLAYBACK
            case edits.SetRiders(settings):
                if not isinstance(settings, RiderSettings):
                    raise Refused(f"not rider settings: {settings!r}")
                self.rider_settings = settings
                change = Change.RIDERS
            case edits.SetLook(chosen):
                if not isinstance(chosen, Look):
                    raise Refused(f"a look is one of {', '.join(look.value for look in Look)}")
                self.looks[self.trajectory_index] = chosen
                change = Change.NONE
            case edits.Select(knot, key):
                spline = self.spline
                if knot is not None and (spline is None or not 0 <= knot < len(spline.knots)):
                    raise Refused(NO_KNOTS if spline is None else f"there is no knot {knot + 1}")
                if key is not None and not 0 <= key < len(self.velocity.handles or ()):
                    raise Refused(f"there is no velocity key {key + 1}")
                self.selected_knot, self.selected_key = knot, key
                change = Change.NONE
            case _:
                change = self.timing.set(edit)
                if change is None:
                    raise Refused(f"not an edit of the curves: {edit!r}")
        if self.look is not look:
            change |= Change.LOOK
        if (self.selected_knot, self.selected_key) != selection:
            change |= Change.SELECTION
        return change

    def _restore(self, found):
        if found is None:
            return None
        (kind, index), state, words = found
        if kind == "events":
            self.events = state
            return Change.EVENTS, words
        change = Change.SHAPE if kind == "trajectory" else Change.TIMING
        presets_of_kind = self._presets_of(kind)
        selection = (self.selected_knot, self.selected_key)
        if kind == "trajectory" and _knot_count(presets_of_kind[index]) != _knot_count(state):
            self.selected_knot = None  # its index may name another knot now
        if kind == "velocity" and len(presets_of_kind[index].keys) != len(state.keys):
            self.selected_key = None
        presets_of_kind[index] = state
        if (self.selected_knot, self.selected_key) != selection:
            change |= Change.SELECTION
        return change, words

    def _shown(self):
        """The presets shown by their history keys."""
        return {
            ("trajectory", self.trajectory_index): self.trajectory,
            ("velocity", self.velocity_index): self.velocity,
            ("events", 0): self.events,
        }

    def _words(self, error):
        """Why an edit was refused, in the user's words; the library's own reason (if the words
        replace one) goes to the log."""
        if error.__cause__ is not None:
            log.info("edit refused: %s", error.__cause__)
        return error.words(self.motion.duration) if isinstance(error, TimeOutOfPlace) else str(error)

    def _motion_of(self, curve):
        """The motion along ``curve`` (a built trajectory) of what is shown, made once for the
        same curve object, velocity curve object, duration, method and car or train."""
        return self._built.get(*self.timing.motion_recipe(curve, self.velocity, self.velocity_curve))


def _knot_count(preset):
    """The number of knots of a trajectory preset, None when it is not a spline of knots."""
    return len(preset.spline.knots) if preset.knots else None


class _BuiltCache:
    """Things built, each under a key naming its sources by ``id`` and kept with them (so that
    no id is reused while its entry lives)."""

    def __init__(self):
        self._entries = collections.OrderedDict()  # key -> (sources, built)

    def get(self, key, sources, build):
        """What ``build()`` made of ``sources`` (a tuple of objects) under ``key``, made once for
        the very same objects."""
        found = self._entries.get(key)
        if found is not None and all(a is b for a, b in zip(found[0], sources, strict=True)):
            self._entries.move_to_end(key)
            return found[1]
        return self.keep(key, sources, build())

    def keep(self, key, sources, built):
        """Keep ``built`` as what ``sources`` make under ``key``; returns ``built``."""
        self._entries[key] = (sources, built)
        self._entries.move_to_end(key)
        while len(self._entries) > KEPT:
            self._entries.popitem(last=False)
        return built
