"""The curves mode's model alone, without a window: each edit and its undo bit for bit, refusals
that leave everything as it was, the ``Change`` each edit answers, what is built once, and random
edit sequences undone and redone against a model built afresh."""

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scene.curves import curve_edits as edits
from scene.curves import presets, run_timing
from scene.curves.curve_edits import Change
from scene.curves.curves_model import CurvesModel
from scene.curves.looks import Look
from scene.kit.refusal import Refused
from trajectory import Motion, Spline
from trajectory.curves import TangentMode

ROOT = Path(__file__).resolve().parents[3]
CSS_EASE, HOLD = 5, 6
"""An editable cubic velocity preset, and a keyed one."""
KNOTS = ((-4.0, 0.0, 1.0), (-1.0, 3.0, 2.0), (2.0, -1.0, 1.5), (5.0, 2.0, 3.0), (7.0, -2.0, 1.0))


def knots_model(velocity_index=CSS_EASE):
    """A model showing a spline of five knots (added as N does) and ``velocity_index``."""
    model = CurvesModel(
        list(presets.TRAJECTORIES),
        list(presets.VELOCITIES),
        6.0,
        0.1,
        unedited=presets.TRAJECTORIES,
        builtin_velocities=presets.VELOCITIES,
        coaster=presets.COASTER_INDEX,
        velocity_index=velocity_index,
    )
    model.apply(edits.AddTrajectory(presets.TrajectoryPreset("five knots", "knots", spline=Spline(KNOTS))))
    return model


def state(model):
    """Everything an edit may change, as values: compared bit for bit."""
    return (
        list(model.trajectories),
        list(model.velocities),
        model.trajectory_index,
        model.velocity_index,
        model.selected_knot,
        model.selected_key,
        model.timing.duration,
        model.timing.interval,
        model.timing.method,
        model.timing.drive.v_max,
        dict(model.looks),
    )


def positions(model, count=257):
    """The motion's positions at ``count`` times over the run, (count, 3)."""
    motion = model.motion
    return motion.position(np.linspace(0.0, motion.duration, count))


def test_the_model_runs_without_panda3d():
    """The model is plain Python: importing it (and building a motion) loads no Panda3D."""
    code = (
        "import sys; from scene.curves import curves_model, presets; "
        "m = curves_model.CurvesModel(list(presets.TRAJECTORIES), list(presets.VELOCITIES), 6.0, 0.1); "
        "m.motion; print(sorted(n for n in sys.modules if n.split('.')[0] in ('panda3d', 'direct')))"
    )
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert run.stdout.strip() == "[]"


TRAJECTORY_EDITS = [
    (edits.MoveKnot(2, (2.0, 0.0, 2.5)), Change.SHAPE),
    (edits.MoveTangent(1, "out", (1.0, 1.0, 0.0)), Change.SHAPE),
    (edits.InsertKnot(0.3), Change.SHAPE | Change.SELECTION),
    (edits.AddKnot((9.0, 1.0, 1.0)), Change.SHAPE | Change.SELECTION),
    (edits.AddKnot((-7.0, 1.0, 1.0), at_start=True), Change.SHAPE | Change.SELECTION),
    (edits.DeleteKnot(3), Change.SHAPE),
    (edits.SetTangentMode(2, TangentMode.LINEAR), Change.SHAPE),
    (edits.SetClosed(True), Change.SHAPE),
    (edits.SetTilt(2, 0.4), Change.SHAPE),
    (edits.MakeSpline(Spline(KNOTS[:3])), Change.SHAPE),
]


@pytest.mark.parametrize(("edit", "changed"), TRAJECTORY_EDITS, ids=lambda value: type(value).__name__)
def test_a_trajectory_edit_changes_the_shape_and_its_undo_puts_back_every_bit(edit, changed):
    model = knots_model()
    before, shown = state(model), positions(model)
    assert model.apply(edit) == changed
    edited = model.trajectory
    assert edited != before[0][model.trajectory_index]
    assert not np.array_equal(positions(model), shown) or model.tilt_keys()  # a tilt turns the rider
    change, words = model.undo()
    assert change & Change.SHAPE and words == edit.words
    assert model.trajectory is before[0][model.trajectory_index]  # the very preset
    np.testing.assert_array_equal(positions(model), shown)
    assert model.tilt_keys() == ()
    assert model.redo()[1] == edit.words and model.trajectory is edited


def test_a_control_point_of_a_bezier_moves_and_comes_back():
    model = knots_model()
    model.apply(edits.ChooseTrajectory(0))
    before, shown = model.trajectory, positions(model)
    assert model.apply(edits.MovePoint(1, (0.0, 5.0, 2.0))) == Change.SHAPE
    assert model.trajectory.points[1] == (0.0, 5.0, 2.0)
    model.undo()
    assert model.trajectory is before
    np.testing.assert_array_equal(positions(model), shown)


@pytest.mark.parametrize(
    ("index", "edit", "changed"),
    [
        (CSS_EASE, edits.MoveHandle(0, (0.3, 0.2)), Change.TIMING),
        (HOLD, edits.MoveHandle(1, (0.7, 0.55)), Change.TIMING),
        (HOLD, edits.AddKey((0.2, 0.3)), Change.TIMING | Change.SELECTION),
        (HOLD, edits.DeleteKey(0), Change.TIMING),
    ],
    ids=["control", "key moved", "key added", "key deleted"],
)
def test_a_velocity_edit_changes_the_timing_alone_and_its_undo_puts_back_every_bit(index, edit, changed):
    model = knots_model(index)
    curve, before, shown = model.curve, model.velocity, positions(model)
    assert model.apply(edit) == changed  # no SHAPE: the curve, its drawing and its track stay
    assert model.curve is curve
    assert not np.array_equal(positions(model), shown)
    assert model.undo() == (Change.TIMING | (changed & Change.SELECTION), edit.words)
    assert model.velocity is before and model.curve is curve
    np.testing.assert_array_equal(positions(model), shown)


REFUSED = [
    (CSS_EASE, edits.MoveKnot(1, (2e4, 0.0, 0.0)), "could not be seen"),
    (CSS_EASE, edits.MovePoint(0, (0.0, 0.0, 0.0)), "P makes it an editable spline"),
    (CSS_EASE, edits.MoveKnot(9, (0.0, 0.0, 0.0)), "there is no knot 9"),
    (CSS_EASE, edits.MoveHandle(0, (1.4, 0.2)), "must stay between"),
    (HOLD, edits.MoveHandle(0, (0.35, 0.7)), "s may not decrease"),
    (HOLD, edits.MoveHandle(1, (0.2, 0.5)), "key 2 must stay between 2.10 s and 6.00 s"),
    (1, edits.MoveHandle(0, (0.3, 0.3)), "fixed"),
    (CSS_EASE, edits.AddKey((0.5, 0.5)), "Only a keyed velocity curve"),
    (CSS_EASE, edits.Select(knot=7), "there is no knot 8"),
    (CSS_EASE, edits.SetDuration(-1.0), "positive"),
    (CSS_EASE, edits.SetInterval(float("nan")), "positive"),
    (CSS_EASE, edits.SetMethod("guess"), "the method is one of"),
    (CSS_EASE, edits.ChooseTrajectory(99), "there is no preset 100"),
    (CSS_EASE, "not an edit", "not an edit of the curves"),
]


@pytest.mark.parametrize(("index", "edit", "said"), REFUSED)
def test_a_refused_edit_says_why_and_leaves_everything_as_it_was(index, edit, said):
    model = knots_model(index)
    model.apply(edits.MoveKnot(0, (-4.0, 0.5, 1.0)))  # a step to undo after the refusal
    before, shown = state(model), positions(model)
    with pytest.raises(Refused, match=said):
        model.apply(edit)
    assert state(model) == before
    np.testing.assert_array_equal(positions(model), shown)
    assert model.undo()[1] == "moving a control point"  # the history untouched


def test_a_spline_keeps_two_knots_and_the_refusal_changes_nothing():
    model = knots_model()
    for _ in range(3):
        model.apply(edits.DeleteKnot(0))
    before = state(model)
    with pytest.raises(Refused, match="two knots at least"):
        model.apply(edits.DeleteKnot(0))
    assert state(model) == before


@pytest.mark.parametrize(
    ("edit", "changed"),
    [
        (edits.SetLook(Look.RAILS), Change.LOOK),
        (edits.SetLook(Look.LINE), Change.NONE),  # the line already
        (edits.SetInterval(0.05), Change.KEYFRAMES),
        (edits.SetDuration(4.0), Change.TIMING),
        (edits.SetMethod("chord"), Change.TIMING),
        (edits.ChooseVelocity(2), Change.CHOICE | Change.TIMING),
        (edits.ChooseTrajectory(0), Change.CHOICE | Change.SHAPE | Change.TIMING),
        (
            edits.ChooseTrajectory(presets.COASTER_INDEX),
            Change.CHOICE | Change.SHAPE | Change.TIMING | Change.LOOK,
        ),
        (edits.Select(knot=2), Change.SELECTION),
        (edits.ChooseVelocity(presets.DRIVE_INDEX), Change.CHOICE | Change.TIMING | Change.LOOK),  # a road
    ],
    ids=str,
)
def test_each_setting_answers_exactly_what_it_changed(edit, changed):
    model = knots_model()
    assert model.apply(edit) == changed
    assert model.undo() is None  # settings are no steps of the history


def test_a_selection_goes_when_its_knot_does_and_comes_back_with_the_undo_of_an_insert():
    model = knots_model()
    model.apply(edits.Select(knot=4))
    assert model.apply(edits.InsertKnot(0.1)) == Change.SHAPE | Change.SELECTION
    assert model.selected_knot == 1  # the new knot, selected
    assert model.undo()[0] == Change.SHAPE | Change.SELECTION  # another count: its index meant another
    assert model.selected_knot is None


def knot_drag(index):
    """The drag of knot ``index`` as a press at the middle of the screen makes it."""
    return edits.PointDrag(index, np.zeros(3), np.array([0.0, 1.0, 0.0]), False, 0.0, (0.0, 0.0))


def test_a_drag_is_one_step_of_each_preset_it_changed():
    model = knots_model()
    before = model.trajectory
    assert model.apply(edits.Grab(knot_drag(2))) == Change.HELD | Change.SELECTION  # the knot selected
    assert model.drag is not None and model.selected_knot == 2
    for k in range(10):
        model.apply(edits.MoveKnot(2, (2.0, -1.0 + 0.1 * k, 1.5)))
    assert model.apply(edits.LetGo()) == Change.HELD and model.drag is None
    assert model.apply(edits.LetGo()) == Change.NONE  # nothing held
    model.undo()
    assert model.trajectory is before and model.undo() is None


def test_an_undo_in_a_drag_lets_go_and_undoes_the_whole_drag():
    model = knots_model()
    before = model.trajectory
    model.apply(edits.Grab(knot_drag(2)))
    model.apply(edits.MoveKnot(2, (2.0, -1.0, 1.5)))
    model.apply(edits.MoveKnot(2, (2.0, -0.5, 1.5)))
    change, words = model.undo()
    assert change & Change.HELD and change & Change.SHAPE and model.drag is None
    assert model.trajectory is before and words == "moving a control point"


def test_a_grab_of_what_is_not_there_is_refused():
    model = knots_model()
    with pytest.raises(Refused, match="no control point 99"):
        model.apply(edits.Grab(knot_drag(98)))
    with pytest.raises(Refused, match="no velocity handle"):
        model.apply(edits.Grab(edits.HandleDrag(50, (0.5, 0.5), (0.0, 0.0))))
    with pytest.raises(Refused, match="not a drag"):
        model.apply(edits.Grab("knot 2"))
    assert model.drag is None


def test_what_is_built_is_built_once_and_kept_for_an_undo():
    model = knots_model()
    curve, motion = model.curve, model.motion
    assert model.curve is curve and model.motion is motion
    model.apply(edits.MoveKnot(2, (2.0, 0.0, 2.5)))
    assert model.curve is not curve
    model.undo()
    assert model.curve is curve and model.motion is motion


def test_a_drive_edit_works_out_the_fastest_motion_once(monkeypatch):
    model = knots_model()
    model.apply(edits.ChooseVelocity(presets.DRIVE_INDEX))
    model.motion  # noqa: B018
    calls = []
    real = Motion.fastest
    monkeypatch.setattr(Motion, "fastest", lambda *a, **k: calls.append(1) or real(*a, **k))
    model.apply(edits.MoveKnot(2, (2.0, 0.0, 2.5)))  # checked: the car's motion is built
    motion = model.motion  # and kept, not built again
    assert len(calls) == 1 and model.motion is motion
    model.apply(edits.SetTopSpeed(3.0))
    model.motion  # noqa: B018
    assert len(calls) == 2


def test_undoing_builds_nothing_until_the_motion_is_asked_for(monkeypatch):
    model = knots_model()
    for k in range(5):
        model.apply(edits.MoveKnot(2, (2.0, float(k), 1.5)))
    built = []
    monkeypatch.setattr(run_timing, "Motion", lambda *a, **k: built.append(1))
    for _ in range(5):
        model.undo()
    assert not built


def rebuilt(model):
    """A new model showing the presets ``model`` shows, as they now are."""
    return CurvesModel([model.trajectory], [model.velocity], model.timing.duration, model.timing.interval)


_EDITS = st.one_of(
    st.builds(
        edits.MoveKnot,
        st.integers(0, 7),
        st.tuples(*[st.floats(-6.0, 6.0, allow_nan=False, width=32)] * 3),
    ),
    st.builds(edits.InsertKnot, st.floats(0.01, 0.99)),
    st.builds(edits.AddKnot, st.tuples(*[st.floats(-6.0, 6.0, width=32)] * 3), st.booleans()),
    st.builds(edits.DeleteKnot, st.integers(0, 7)),
    st.builds(edits.SetTangentMode, st.integers(0, 7), st.sampled_from(list(TangentMode))),
    st.builds(edits.SetClosed, st.booleans()),
    st.builds(edits.SetTilt, st.integers(0, 7), st.floats(-1.5, 1.5)),
    st.builds(edits.MoveHandle, st.integers(0, 1), st.tuples(st.floats(0.0, 1.0), st.floats(0.0, 1.0))),
    st.builds(edits.AddKey, st.tuples(st.floats(0.01, 0.99), st.floats(0.0, 1.0))),
    st.builds(edits.DeleteKey, st.integers(0, 3)),
)


@settings(max_examples=40, deadline=None)
@given(st.lists(_EDITS, min_size=1, max_size=12))
def test_random_edits_undone_and_redone_equal_a_model_built_afresh(sequence):
    model = knots_model(HOLD)
    start = state(model)
    states, made = [start], 0
    for edit in sequence:
        try:
            model.apply(edit)
        except Refused:
            assert state(model) == states[-1]  # a refusal changes nothing
            continue
        if state(model)[:2] != states[-1][:2]:
            states.append(state(model))
            made += 1
    end = state(model)
    np.testing.assert_array_equal(positions(model), positions(rebuilt(model)))
    for undone in range(made):
        assert model.undo() is not None
        assert state(model)[:2] == states[-2 - undone][:2]
    assert model.undo() is None and state(model)[:2] == start[:2]
    for _ in range(made):
        model.redo()
    assert state(model)[:2] == end[:2]
    np.testing.assert_array_equal(positions(model), positions(rebuilt(model)))


def test_playback_is_a_value_of_the_model_set_by_an_edit():
    """The run's rate, direction, loop and pause were kept in the run beside its playhead's; they
    are one value on the model now, each key making the next (the rate kept within its limits,
    its direction with it)."""
    from scene.curves.run import LOOPS, RATE_LIMITS, Playback

    model = CurvesModel(list(presets.TRAJECTORIES), list(presets.VELOCITIES), 6.0, 0.1)
    assert model.playback == Playback(1.0, LOOPS[0], False)
    playback = model.playback.reversed().faster(2.0).next_loop().toggled()
    assert model.apply(edits.SetPlayback(playback)) == Change.PLAYBACK
    assert model.playback == Playback(-2.0, LOOPS[1], True)
    assert (
        model.playback.faster(1e6).rate == -RATE_LIMITS[1]
        and model.playback.faster(1e-6).rate == -RATE_LIMITS[0]
    )
    assert model.playback.from_the_start() == Playback(2.0, LOOPS[1], False)
    with pytest.raises(Refused, match="not a playback"):
        model.apply(edits.SetPlayback("fast"))
    assert model.playback == playback


def test_the_rider_settings_are_a_value_of_the_model_set_by_an_edit():
    """What rides the curve and how sat in the riders' drawing; it is one value on the model now
    (the drawing follows it): each key makes the next, the train kept to 0..MAX_CARS cars, the
    glider banking against standard gravity and the sphere not."""
    from scene.curves.rider_settings import GLIDER, MAX_BANK, MAX_CARS, SPHERE, RiderSettings
    from trajectory import Orientation
    from trajectory.orientation import MODES

    model = CurvesModel(list(presets.TRAJECTORIES), list(presets.VELOCITIES), 6.0, 0.1)
    settings = model.rider_settings
    assert settings == RiderSettings(SPHERE, "up", 0, False, False)
    modes = [settings.mode]
    for _ in range(len(MODES)):
        settings = settings.next_mode()
        modes.append(settings.mode)
    assert sorted(modes[:-1]) == sorted(MODES) and modes[-1] == modes[0]
    glider = settings.other_rider().more_cars(3).more_cars(MAX_CARS).ride_toggled().frames_toggled()
    assert model.apply(edits.SetRiders(glider)) == Change.RIDERS
    assert model.rider_settings == RiderSettings(GLIDER, "up", MAX_CARS, True, True)
    assert glider.more_cars(-100).cars == 0
    tilt = ((0.0, 0.0), (1.0, 0.5))
    assert glider.orientation(tilt) == Orientation("up", bank=True, max_bank=MAX_BANK, tilt=tilt)
    assert settings.orientation() == Orientation("up")
    assert (
        glider.words()
        == f"glider (banks) (G), train of {MAX_CARS + 1} (K), facing: up nearest +Z (O), riding (V)"
    )
    with pytest.raises(Refused, match="not rider settings"):
        model.apply(edits.SetRiders(None))
    assert model.rider_settings == glider
