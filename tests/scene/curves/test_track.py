"""The curves mode builds the trajectory as a person asks: the coaster as a track (rails, a tie
every 0.6 units, posts to the ground), D as a road, W cycling the looks of each curve; a drag
rebuilds the track as it moves (at the rings its first frame chose); riding shows a sky and a
ground, and the seat sees the rails."""

import itertools

import numpy as np
from panda3d.core import NodePath

from scene.curves import curve_edits as edits
from scene.curves import presets
from scene.curves.horizon import RIDING_NEAR, SKY
from scene.curves.presets import COASTER_INDEX
from scene.curves.track_drawing import GAUGE, RAIL_RADIUS, RIDE_DROP, TIE_SPACING, Look
from tests.scene.helpers import press, step
from trajectory import Spline, along
from trajectory.orientation import frames_along


def parts(mode):
    """The track's parts shown, by name."""
    return {name: part for name, part in mode.track.parts.items() if not part.is_hidden()}


def vertices(part):
    return part.node().get_geom(0).get_vertex_data().get_num_rows()


def test_the_coaster_is_a_track_of_rails_ties_and_posts(app):
    mode = app.mode
    assert mode.model.look is Look.LINE and not parts(mode)
    press(app, str(COASTER_INDEX + 1))
    built = parts(mode)
    assert set(built) == {"rails", "ties", "posts"}
    assert "the curve built as a coaster track (W)" in mode.status_lines()
    curve = mode.motion.trajectory
    ties = len(along(curve, spacing=TIE_SPACING)[0])
    assert ties == round(curve.length / TIE_SPACING)  # a closed loop: its seam once
    tie = vertices(built["ties"]) // ties
    assert vertices(built["ties"]) == ties * tie
    # Each post stands on the ground and reaches up to the track.
    posts = np.array(built["posts"].get_tight_bounds()[0]), np.array(built["posts"].get_tight_bounds()[1])
    assert abs(posts[0][2]) < 1e-6 and posts[1][2] > 1.0


def test_w_cycles_the_looks_of_each_curve_and_d_builds_a_road(app):
    mode = app.mode
    seen = []
    for _ in range(6):
        press(app, "w")
        seen.append(mode.model.look)
        assert "built as" in app.messages.current
    assert seen == [Look.TUBE, Look.RIBBON, Look.RAILS, Look.ROAD, Look.PIPE, Look.LINE]
    press(app, "w")  # a tube for the S-bend
    press(app, "2")
    assert mode.model.look is Look.LINE  # the loop keeps its own
    press(app, "1")
    assert mode.model.look is Look.TUBE and set(parts(mode)) == {"tube"}
    press(app, "2")
    press(app, "d")
    assert mode.model.look is Look.ROAD and set(parts(mode)) == {"road", "edges"}


def test_a_dragged_point_rebuilds_the_track_as_it_moves(app, pointer):
    from scene.ui.pointer import to_film

    mode = app.mode
    press(app, "w")
    press(app, "w")
    press(app, "w")  # the S-bend as a track
    before = vertices(parts(mode)["rails"])
    bounds_before = parts(mode)["rails"].get_tight_bounds()
    pointer.at = to_film(app, mode.model.grabbable()[1])
    press(app, "mouse1")
    rings, bounds = [], [bounds_before[0]]
    for _ in range(3):
        pointer.at = (pointer.at[0] + 0.05, pointer.at[1] - 0.05)
        step(app)
        rings.append(vertices(parts(mode)["rails"]))
        bounds.append(parts(mode)["rails"].get_tight_bounds()[0])
    assert all(a != b for a, b in itertools.pairwise(bounds))  # rebuilt where the curve now is
    while_dragged = rings[0]
    assert while_dragged < before  # coarser while dragged: built within the frame
    assert rings == [while_dragged] * 3  # the drag's first frame chose the rings, the next kept them
    press(app, "mouse1-up")
    assert vertices(parts(mode)["rails"]) > while_dragged  # to the full tolerance when let go


def test_a_dragged_knot_rebuilds_the_rails_on_the_true_surface_of_the_curve_as_it_moves(app, pointer):
    """A knot of a 20-knot spline dragged as rails: each frame, the rails of the segments the
    drag left are taken as built and rolled into place, and every ring lies on the two rails of
    the new curve's own rotation-minimising frame (``frames_along``, computed afresh)."""
    from scene.ui.pointer import to_film

    mode = app.mode
    knots = np.cumsum(np.random.default_rng(4).uniform(-1.0, 1.0, (20, 3)), axis=0) + (0.0, 0.0, 3.0)
    mode.apply(edits.AddTrajectory(presets.TrajectoryPreset("wander", "knots", spline=Spline(knots))))
    mode.apply(edits.SetLook(Look.RAILS))
    pointer.at = to_film(app, mode.model.spline.knots[10])
    press(app, "mouse1")
    rings = []
    for _ in range(3):
        pointer.at = (pointer.at[0] + 0.03, pointer.at[1] - 0.02)
        step(app)
        curve, rails = mode.model.curve, mode.track.meshes["rails"]
        rings.append(len(rails.stations))
        frames = frames_along(
            curve, curve.arc_length.parameter(rails.stations)
        )  # (n, 3, 3): right, forward, up
        points = curve.evaluate(curve.arc_length.parameter(rails.stations))
        offsets = rails.positions.reshape(len(points), -1, 3) - points[:, None]
        right, forward, up = (np.einsum("nvx,nx->nv", offsets, frames[:, :, axis]) for axis in range(3))
        off_centre = np.hypot(np.abs(right) - GAUGE / 2, up + RIDE_DROP)
        assert np.abs(forward).max() <= 1e-9 and np.abs(off_centre - RAIL_RADIUS).max() <= 1e-9
    assert rings == [rings[0]] * 3  # the rings its first frame chose
    press(app, "mouse1-up")
    assert len(mode.track.meshes["rails"].stations) > rings[0]  # to the full tolerance when let go


def pipe_vertices(mode):
    node = mode.track.pipe.root.find("**/+GeomNode").node()
    return node.get_geom(0).get_vertex_data().get_num_rows()


def test_the_pipe_look_bends_the_pipe_model_along_the_curve_and_follows_a_drag(app, pointer):
    """W to the pipe: sections of models/pipe.egg end to end along the S-bend, cut where it
    bends; a drag rebuilds them coarse as it moves and fine when let go; round the near-cusp they
    would fold, so they are hidden and the message says why."""
    from scene.ui.pointer import to_film

    mode = app.mode
    while mode.model.look is not Look.PIPE:
        press(app, "w")
    assert "a pipe (a model bent along it)" in app.messages.current
    pipe = mode.track.pipe
    assert not pipe.root.is_hidden() and not parts(mode)
    section = len(pipe.parts[0].mesh.positions)
    copies = round(mode.motion.trajectory.length / 2.0)
    built = pipe_vertices(mode)
    assert built > copies * section  # cut across where the curve bends
    low, high = (np.array(corner) for corner in pipe.root.get_tight_bounds())
    curve = mode.motion.trajectory.evaluate(np.linspace(0.0, 1.0, 400))
    assert np.all(low <= curve.min(axis=0) + 1e-3) and np.all(high >= curve.max(axis=0) - 1e-3)
    pointer.at = to_film(app, mode.model.grabbable()[1])
    press(app, "mouse1")
    pointer.at = (pointer.at[0] + 0.05, pointer.at[1] - 0.05)
    step(app)
    while_dragged = pipe_vertices(mode)
    assert while_dragged < built
    press(app, "mouse1-up")
    assert pipe_vertices(mode) > while_dragged
    press(app, "3")  # the near-cusp: a turn far tighter than the pipe is wide
    while mode.model.look is not Look.PIPE:
        press(app, "w")
    assert pipe.root.is_hidden()
    assert "The pipe cannot follow this curve" in app.messages.current
    # The message goes after a few seconds; the HUD keeps saying why nothing is drawn.
    assert (
        "the curve built as a pipe (a model bent along it) (W): hidden, the pipe cannot follow this curve"
        in (mode.status_lines())
    )
    press(app, "1")  # a curve it can follow
    assert not pipe.root.is_hidden()
    assert not any("cannot follow" in line for line in mode.status_lines())


def test_riding_shows_a_sky_and_a_ground_and_the_near_track(app):
    mode = app.mode
    press(app, str(COASTER_INDEX + 1))
    near = app.camLens.get_near()
    press(app, "v")
    horizon = mode.riders.horizon
    assert horizon.shown and not horizon.ground.is_hidden()
    np.testing.assert_allclose(tuple(app.get_background_color()), SKY, atol=1e-6)
    assert app.camLens.get_near() == np.float32(RIDING_NEAR)
    press(app, "v")
    assert not horizon.shown and horizon.ground.is_hidden() and app.camLens.get_near() == near
    press(app, "v")
    app.messenger.send("tab")  # leaving the mode ends the ride
    step(app)
    assert not horizon.shown and app.camLens.get_near() == near


def line_points(line):
    """The vertices of a ``LineStrip`` as drawn, (count, 3)."""
    from scene.ui.geometry import _FLOATS_PER_ROW

    rows = np.frombuffer(memoryview(line._data.get_array(0)).cast("B"), dtype=np.float32)
    return rows.reshape(line.count, _FLOATS_PER_ROW)[:, :3].astype(float)


def test_the_centre_line_lies_on_a_road_and_hides_while_riding(app):
    """It floated half a unit over a ribbon's or road's surface, and ran through the seat riding
    on a track."""
    from scene.curves.track_drawing import RIDE_DROP, SURFACE_LIFT, Look
    from trajectory.orientation import frames_along

    mode = app.mode
    line = mode.drawing.curve_line
    while mode.model.look is not Look.ROAD:
        press(app, "w")
    curve = mode.motion.trajectory
    u = curve.arc_length.parameter(np.linspace(0.0, 1.0, line.count))
    on_road = curve.evaluate(u) - (RIDE_DROP - SURFACE_LIFT) * frames_along(curve, u, mode="up")[:, :, 2]
    np.testing.assert_allclose(line_points(line), on_road, atol=1e-5)  # float32 vertices
    press(app, "v")
    assert line.path.is_hidden()
    press(app, "v")
    assert not line.path.is_hidden()
    while mode.model.look is not Look.LINE:
        press(app, "w")
    np.testing.assert_allclose(line_points(line), curve.evaluate(u), atol=1e-5)  # on the curve again
    press(app, "v")  # riding the bare line: the line is all there is to see of the way
    assert not line.path.is_hidden()
    press(app, "w")  # a tube built while riding: the line goes
    assert line.path.is_hidden()
    press(app, "v")


def test_a_model_of_the_users_own_is_bent_in_the_pipes_place(presets_file, tmp_path):
    """``main.py --bend fence.egg``: the model look bends the user's model (a fence piece made as
    a box 0.1 wide, 2 long, 1 high) end to end along the curve, named by its file in the HUD and
    the message; round the near-cusp it is hidden and the message names it."""
    from scene import mesh_node, write_model
    from scene.app import SceneApp
    from tests.scene.conftest import FRAME_RATE, stop_intervals
    from trajectory import Mesh

    fence = tmp_path / "fence.egg"
    write_model(NodePath(mesh_node(Mesh.box(0.1, 2.0, 1.0), "fence")), fence)
    app = SceneApp(
        "curves",
        presets_file,
        window_type="offscreen",
        frame_rate=FRAME_RATE,
        options={"curves": {"bent_model": fence}},
    )
    try:
        mode = app.mode
        while mode.model.look is not Look.PIPE:
            press(app, "w")
        assert "your model fence.egg (bent along it)" in app.messages.current
        assert any("your model fence.egg" in line for line in mode.status_lines())
        bent = mode.track.pipe
        assert not bent.root.is_hidden() and len(bent.parts) == 1
        copies = round(mode.motion.trajectory.length / 2.0)
        assert pipe_vertices(mode) > copies * len(bent.parts[0].mesh.positions)  # cut where it bends
        low, high = (np.array(corner) for corner in bent.root.get_tight_bounds())
        curve = mode.motion.trajectory.evaluate(np.linspace(0.0, 1.0, 400))
        assert np.all(low <= curve.min(axis=0) + 1e-3) and np.all(high >= curve.max(axis=0) - 1e-3)
        press(app, "3")
        while mode.model.look is not Look.PIPE:
            press(app, "w")
        assert bent.root.is_hidden()
        assert "Your model fence.egg cannot follow this curve" in app.messages.current
        assert any(
            line.endswith("hidden, your model fence.egg cannot follow this curve")
            for line in mode.status_lines()
        )
    finally:
        stop_intervals(app)
        app.destroy()
