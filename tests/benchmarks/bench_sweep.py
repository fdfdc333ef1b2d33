"""Sweeps and placements along a curve (issue 28's targets), median ms of repeated builds:

- a 2-rail coaster track with a tie every 0.6 units, 1 mm tolerance, on a 30-unit loop: <= 20 ms
  in the library, <= 40 ms with its Panda3D Geoms;
- the sweep's vertices per second on a large mesh: >= 5 M/s;
- the scene's coaster track rebuilt for one drag step (its coarser tolerance, with Geoms): within
  a frame at 30 fps (33 ms);
- against a fixed-step sweep of the same accuracy: the fewest even stations whose mesh is within
  the tolerance of the true surface (the same dense check as the tests), its vertices and time.

    python tests/benchmarks/bench_sweep.py
"""

import itertools
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from panda3d.core import NodePath

from scene import load_curves, mesh_node
from scene.curves.track_drawing import TIE_SIZE, TIE_SPACING, Look, TrackDrawing
from tests.benchmarks.timing import median_ms, sized
from tests.trajectory.meshes.test_sweep import fewest_even_stations
from trajectory import FunctionCurve, Mesh, Profile, along, sweep
from trajectory.meshes.placing import Placer
from trajectory.meshes.sweep import Sweep, _rings, _strips

ROOT = Path(__file__).resolve().parents[2]
RAILS = Profile.rails(1.0, 0.05, 8)
TIE = Mesh.box(*TIE_SIZE)
TOLERANCE = 1e-3


def loop_of_length(length):
    """A closed loop with hills, ``length`` units long: a rounded rectangle that rises and falls."""

    def point(u):
        angle = 2 * np.pi * u
        return (np.cos(angle) * 1.6, np.sin(angle), 0.25 * np.sin(3 * angle) + 0.4)

    unit = FunctionCurve(point)
    scale = length / unit.length
    return FunctionCurve(lambda u: tuple(np.asarray(c) * scale for c in point(u)))


def track(curve):
    rails = sweep(curve, RAILS, TOLERANCE)
    places, frames = along(curve, spacing=TIE_SPACING)
    return rails, TIE.placed(places, frames)


def fixed_step(curve, profile, count):
    """A sweep on ``count`` even stations (what a fixed-step tool builds)."""
    stations = np.linspace(0.0, 1.0, count)
    points, right, up, _ = Placer(curve, "minimal", {}).frames(stations)
    positions = _rings(points, right, up, profile.vertices).reshape(-1, 3)
    normals = _rings(np.zeros_like(points), right, up, profile.normals).reshape(-1, 3)
    uvs = np.zeros((len(positions), 2))
    return Sweep(
        positions,
        normals,
        uvs,
        _strips(count, len(profile.vertices), profile.edges),
        stations,
        len(profile.vertices),
    )


def main():
    repeat = sized(15, 1)
    loop = loop_of_length(30.0)
    loop.arc_length  # noqa: B018 - its tables first, as a game's curve has them
    rails, ties = track(loop)
    print(f"== A 2-rail track with ties on a 30-unit loop, {TOLERANCE * 1e3:g} mm (median of {repeat}) ==")
    print(
        f"  {len(rails.stations)} rings, {len(rails.positions)} rail vertices,"
        f" {len(ties.positions)} tie vertices"
    )
    library = median_ms(lambda: track(loop), repeat)
    print(f"  library (rails, ties placed):  {library:6.2f} ms   target <= 20 ms")

    def with_geoms():
        for mesh in track(loop):
            mesh_node(mesh)

    print(f"  with the two Geoms:           {median_ms(with_geoms, repeat):6.2f} ms   target <= 40 ms")

    fine = sweep(loop, Profile.circle(0.2, sized(128, 8)), tolerance=sized(1e-6, 1e-2))
    vertices = len(fine.positions)
    took = median_ms(
        lambda: sweep(loop, Profile.circle(0.2, sized(128, 8)), tolerance=sized(1e-6, 1e-2)), sized(5, 1)
    )
    print(
        f"  a large tube: {vertices} vertices in {took:.1f} ms:"
        f" {vertices / took / 1e3:.1f} M vertices/s   target >= 5"
    )

    # Two of the same curve, shown in turn: the drawing builds nothing for the one it shows, and
    # a drag's first frame chooses the rings, the next ones sweep on them.
    coaster, dragged = (load_curves(ROOT / "models" / "coaster.egg")[0] for _ in range(2))
    drawing = TrackDrawing(NodePath("scene"), print)
    drawing.show(dragged, Look.RAILS, live=True)
    steps = itertools.cycle([coaster, dragged])
    drag = median_ms(lambda: drawing.show(next(steps), Look.RAILS, live=True), repeat)
    print(
        f"  the scene's coaster track, one drag step (rails, ties, posts, Geoms): {drag:.1f} ms"
        "   target <= 33 ms"
    )

    print("== Against a fixed-step sweep of the same accuracy: rails, 1 mm ==")
    print("  (even: the fewest even stations that keep within 1 mm, found by checking against the")
    print("  true surface; its time is for the mesh on those stations, not for finding them)")
    for name, curve in (("the 30-unit loop", loop), ("the coaster (50 units)", coaster)):
        adaptive = sweep(curve, RAILS, TOLERANCE)
        took = median_ms(lambda curve=curve: sweep(curve, RAILS, TOLERANCE), repeat)
        print(
            f"  {name}: adaptive {len(adaptive.stations):5d} rings,"
            f" {len(adaptive.positions):6d} vertices, {took:5.2f} ms"
        )
        if sized(True, False):
            count = fewest_even_stations(curve, RAILS, TOLERANCE)
            even = median_ms(lambda curve=curve, count=count: fixed_step(curve, RAILS, count), repeat)
            print(
                f"  {' ' * len(name)}  even     {count:5d} rings,"
                f" {count * adaptive.ring:6d} vertices, {even:5.2f} ms"
            )

    against_references(coaster, repeat)


def against_references(coaster, repeat):
    """A 128-sided tube to 1 mm on the helix and the coaster: our rings against the fewest even
    ones (the oracle, checked with a 16-sided tube of the same radius: the rings a tube needs
    hardly depend on its sides), and our time against VTK's tube filter (pyvista) and trimesh's
    ``sweep_polygon`` (with shapely), benchmark-only references, on the oracle's even points,
    the curve's evaluation there included."""
    references = _references()
    if not references:
        print(
            "== Against VTK and trimesh: neither can run here "
            "(pip install pyvista, or trimesh shapely mapbox-earcut) =="
        )
        return
    from tests.trajectory.meshes.test_sweep import HELIX

    sides, radius = sized(128, 8), 0.3
    print(f"== A {sides}-sided tube to 1 mm against {', '.join(references)} on the fewest even points ==")
    for name, curve, target in (("the helix", HELIX, "<= 1.5x"), ("the coaster", coaster, "<= 1x")):
        ours = sweep(curve, Profile.circle(radius, sides), TOLERANCE)
        took = median_ms(lambda curve=curve: sweep(curve, Profile.circle(radius, sides), TOLERANCE), repeat)
        even = fewest_even_stations(curve, Profile.circle(radius, 16), TOLERANCE) if sized(True, False) else 8
        print(
            f"  {name}: ours {len(ours.stations)} rings ({len(ours.stations) / even:.2f}x the fewest even"
            f" {even}), {took:.1f} ms"
        )
        for reference, tube in references.items():

            def theirs(curve=curve, even=even, tube=tube):
                points = curve.evaluate(curve.arc_length.parameter(np.linspace(0.0, 1.0, even)))
                return tube(points, radius, sides)

            their_time = median_ms(theirs, repeat)
            print(f"    {reference}: {their_time:.1f} ms, ours {took / their_time:.2f}x   (VTK: {target})")


def _references():
    """The installed reference tube makers: name -> (points (n, 3), radius, sides) -> a mesh."""
    references = {}
    try:
        import pyvista

        references[f"VTK (pyvista {pyvista.__version__} tube)"] = lambda points, radius, sides: (
            pyvista.lines_from_points(points).tube(radius=radius, n_sides=sides)
        )
    except ImportError:
        pass
    try:
        import trimesh
        from shapely.geometry import Point

        def swept(points, radius, sides):
            circle = Point(0.0, 0.0).buffer(radius, quad_segs=sides // 4)
            return trimesh.creation.sweep_polygon(circle, points, cap=False)

        trimesh.creation.triangulate_polygon(Point(0.0, 0.0).buffer(1.0))  # it needs an engine
        references[f"trimesh {trimesh.__version__} sweep_polygon"] = swept
    except (ImportError, ValueError):  # not installed, or no triangulation engine (earcut)
        pass
    return references


if __name__ == "__main__":
    main()
