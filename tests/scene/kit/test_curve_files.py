"""Curves from Panda3D files: the coaster egg read back as the NURBS it holds (against Panda3D's
own evaluation of the same curve, to its float32 precision), and files that hold none."""

import numpy as np
import pytest
from panda3d.core import Filename, Loader, LoaderOptions, LPoint3f, NodePath, NurbsCurveEvaluator

from models.make_coaster import coaster_points
from scene import load_curves
from scene.kit.curve_files import save_curve
from trajectory import NurbsCurve, Spline
from trajectory.curves import TangentMode

MODELS = __import__("pathlib").Path(__file__).resolve().parents[3] / "models"


def panda_curve(path):
    node = Loader.get_global_ptr().load_sync(Filename.from_os_specific(str(path)), LoaderOptions())
    return NodePath(node).find("**/+NurbsCurve").node()


def test_the_coaster_egg_is_read_as_the_curve_panda3d_draws():
    (curve,) = load_curves(MODELS / "coaster.egg")
    assert curve.name == "coaster" and curve.degree == 3
    panda = panda_curve(MODELS / "coaster.egg")
    u = np.linspace(0.0, 1.0, 201)
    point = LPoint3f()
    theirs = []
    for value in u:
        panda.get_point(float(value * panda.get_max_t()), point)
        theirs.append(tuple(point))
    scale = np.abs(curve.control_points).max()
    assert np.abs(curve.evaluate(u) - np.array(theirs)).max() <= 1e-6 * scale
    assert np.allclose(curve.evaluate(0.0), coaster_points()[0], atol=1e-6)
    assert np.allclose(curve.evaluate(1.0), curve.evaluate(0.0), rtol=0, atol=1e-12)  # it closes


def test_rational_curves_match_panda3ds_nurbs_evaluator():
    rng = np.random.default_rng(3)
    points, weights = rng.uniform(-4, 4, (7, 3)), rng.uniform(0.3, 2.5, 7)
    knots = np.sort(rng.uniform(0, 5, 11))
    ours = NurbsCurve(points, knots=knots, weights=weights, degree=3)
    evaluator = NurbsCurveEvaluator()
    evaluator.set_order(4)
    evaluator.reset(len(points))
    for i, (p, w) in enumerate(zip(points, weights)):
        evaluator.set_vertex(i, (*(p * w), w))  # homogeneous
    for i, k in enumerate(knots):
        evaluator.set_knot(i, k)
    result = evaluator.evaluate()
    start, end = result.get_start_t(), result.get_end_t()
    point = LPoint3f()
    for u in np.linspace(0.0, 1.0, 51):
        result.eval_point(float(start + u * (end - start)), point)
        assert np.abs(ours.evaluate(u) - np.array(point)).max() <= 1e-5 * np.abs(points).max()


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        ("missing.egg", None, "no curve file"),
        ("notes.txt", "hello", "not a Panda3D model"),
        ("broken.egg", "<Group> { <NurbsCurve> {", "could not be read"),
        ("sphere.egg", None, "holds no NURBS curve"),
    ],
)
def test_files_without_curves_are_refused_clearly(tmp_path, name, text, message):
    path = MODELS / name if name == "sphere.egg" else tmp_path / name
    if text is not None:
        path.write_text(text)
    with pytest.raises(ValueError, match=message):
        load_curves(path)


COASTER_EGG = (MODELS / "coaster.egg").read_text()
THIRD_POINT = next(line for line in COASTER_EGG.splitlines() if "<Vertex> 3 {" in line)
"""A control point's line, its weight (1.0) last: "<Vertex> 3 { x y z 1.0 }"."""


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("<Order> { 4 }", "<Order> { 0 }", "<Order> of 1 to 4"),
        ("<Order> { 4 }", "<Order> { 5 }", "<Order> of 1 to 4"),
        ("<Order> { 4 }", "<Order> { 10 }", "<Order> of 1 to 4"),
        ("<Order> { 4 }", "<Order> { 1 }", "number of knots"),
        (THIRD_POINT, THIRD_POINT.replace(" 1.0 }", " 0.0 }"), "weights must be positive"),
        (THIRD_POINT, THIRD_POINT.replace(" 1.0 }", " -1.0 }"), "weights must be positive"),
    ],
)
def test_curves_panda3d_refuses_are_value_errors_saying_why(tmp_path, old, new, message):
    """<Order> 0, 5 or 10 and a zero weight let Panda3D's AssertionError out of load_curves."""
    assert old in COASTER_EGG
    path = tmp_path / "edited.egg"
    path.write_text(COASTER_EGG.replace(old, new, 1))
    with pytest.raises(ValueError, match=message):
        load_curves(path)


def edited_track():
    track = Spline([[0, 0, 1], [8, 2, 2], [10, 9, 4], [2, 8, 1], [-3, 4, 2]], closed=True)
    track.set_mode(2, TangentMode.BROKEN)
    track.move_tangent(2, "out", (-1.0, 3.0, -1.0))
    track.insert(0.3)
    return track


def test_a_spline_written_as_an_egg_is_what_panda3d_and_mopath_read(tmp_path):
    """Panda3D's own loader reads the file; Mopath plays it through the spline's points (within
    Panda3D's float32); read back and made a spline again, it is the same curve to float32."""
    from direct.directutil.Mopath import Mopath

    track, path = edited_track(), tmp_path / "track.egg"
    save_curve(path, track, name="track")
    panda = panda_curve(path)
    u = np.linspace(0.0, 1.0, 401)
    point, theirs = LPoint3f(), []
    for value in u:
        panda.get_point(float(value * panda.get_max_t()), point)
        theirs.append(tuple(point))
    scale = np.abs(track.knots).max()
    np.testing.assert_allclose(theirs, track.evaluate(u), rtol=0, atol=1e-6 * scale)
    node = Loader.get_global_ptr().load_sync(Filename.from_os_specific(str(path)), LoaderOptions())
    mopath, rider = Mopath(objectToLoad=NodePath(node)), NodePath("rider")
    for value in (0.0, 0.37, 0.8):
        mopath.goTo(rider, value * mopath.getMaxT())
        np.testing.assert_allclose(tuple(rider.get_pos()), track.evaluate(value), rtol=0, atol=1e-5 * scale)
    (read,) = load_curves(path)
    again = Spline.from_nurbs(read)
    assert read.name == "track" and again.closed and len(again.knots) == len(track.knots)
    np.testing.assert_allclose(again.evaluate(u), track.evaluate(u), rtol=0, atol=1e-6 * scale)


@pytest.mark.parametrize(
    "path, curve, name, message",
    [
        ("track.txt", None, "track", ".egg"),
        ("track.egg", "a curve", "track", "NURBS"),
        ("track.egg", None, "my track {}", "plain word"),
    ],
)
def test_writing_a_curve_refuses_what_a_game_could_not_read(tmp_path, path, curve, name, message):
    with pytest.raises(ValueError, match=message):
        save_curve(tmp_path / path, edited_track() if curve is None else curve, name=name)
    assert not (tmp_path / path).exists()
