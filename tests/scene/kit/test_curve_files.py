"""Curves from Panda3D files: the coaster egg read back as the NURBS it holds (against Panda3D's
own evaluation of the same curve, to its float32 precision), and files that hold none."""

import numpy as np
import pytest
from panda3d.core import Filename, Loader, LoaderOptions, LPoint3f, NodePath, NurbsCurveEvaluator

from models.make_coaster import coaster_points
from scene import load_curves
from trajectory import NurbsCurve

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


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("<Order> { 4 }", "<Order> { 0 }", "<Order> of 1 to 4"),
        ("<Order> { 4 }", "<Order> { 5 }", "<Order> of 1 to 4"),
        ("<Order> { 4 }", "<Order> { 10 }", "<Order> of 1 to 4"),
        ("<Order> { 4 }", "<Order> { 1 }", "number of knots"),
        ("4.0 1.0 }", "4.0 0.0 }", "weights must be positive"),
        ("4.0 1.0 }", "4.0 -1.0 }", "weights must be positive"),
    ],
)
def test_curves_panda3d_refuses_are_value_errors_saying_why(tmp_path, old, new, message):
    """<Order> 0, 5 or 10 and a zero weight let Panda3D's AssertionError out of load_curves."""
    assert old in COASTER_EGG
    path = tmp_path / "edited.egg"
    path.write_text(COASTER_EGG.replace(old, new, 1))
    with pytest.raises(ValueError, match=message):
        load_curves(path)
