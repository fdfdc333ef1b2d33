"""The architecture, enforced: which package may import which (README: the map of the folders).

The library is two libraries over a numeric floor: motion along 3D curves (curves, then timing
and orientation, then playback) and motion in the plane (plane paths, then planning and crowds).
A package imports only those below it; the two sides never import each other; the scene's modes
never import each other; the scene uses only ``trajectory``'s public names (its root's, and
each subpackage's ``__all__``)."""

import ast
import importlib
import subprocess
import sys
from pathlib import Path

from tests.trajectory.public_names import PUBLIC_MODULES

ROOT = Path(__file__).resolve().parents[1]

BELOW = {
    "trajectory._numerics": set(),
    "trajectory.curves": {"trajectory._numerics"},
    "trajectory.timing": {"trajectory._numerics", "trajectory.curves"},
    "trajectory.orientation": {"trajectory._numerics", "trajectory.curves"},
    "trajectory.playback": {
        "trajectory._numerics",
        "trajectory.curves",
        "trajectory.timing",
        "trajectory.orientation",
    },
    "trajectory.meshes": {
        "trajectory._numerics",
        "trajectory.curves",
        "trajectory.orientation",
        "trajectory.playback",
    },
    "trajectory.plane": {"trajectory._numerics"},
    "trajectory.planning": {"trajectory._numerics", "trajectory.plane"},
    "trajectory.crowds": {"trajectory._numerics", "trajectory.plane", "trajectory.planning"},
    "scene.ui": {"trajectory"},
    "scene.kit": {"trajectory"},
    "scene.curves": {"trajectory", "scene.ui", "scene.kit"},
    "scene.turning": {"trajectory", "scene.ui", "scene.kit"},
    "scene.towerdefense": {"trajectory", "scene.ui", "scene.kit"},
}
"""What each package may import besides itself (``trajectory``: its public names only)."""

LAZY_WITHOUT_PANDA3D = {
    ("scene.cli", "scene.app"),
    ("scene.cli", "scene.kit.bent_models"),
    ("scene.cli", "scene.curves.presets"),
    ("scene.cli", "scene.curves.user_presets"),
    ("scene.cli", "scene.kit.freed_memory"),
    ("scene.cli", "scene.kit.curve_files"),
    ("scene.cli", "scene.towerdefense.maze_game"),
    ("scene.cli", "scene.ui.assets"),
    ("scene.cli", "scene.ui.renderer"),
    ("scene.curves.presets", "scene.kit.curve_files"),
    ("scene.curves.presets", "scene.ui.assets"),
}
"""The imports inside functions that keep Panda3D out of what runs without it, ``--help`` and the
curves mode's model (the coaster's egg is read when it is first built): (module, imported)."""


def modules():
    """(dotted name, path) of every module of the project."""
    for path in sorted([*ROOT.glob("trajectory/**/*.py"), *ROOT.glob("scene/**/*.py"), ROOT / "main.py"]):
        parts = path.relative_to(ROOT).with_suffix("").parts
        yield ".".join(parts[:-1] if parts[-1] == "__init__" else parts), path


def imports(path):
    """(imported module, names, inside a function) for each import of the file at ``path``."""
    found = []

    def visit(node, inside):
        for child in ast.iter_child_nodes(node):
            nested = inside or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef))
            if isinstance(child, ast.ImportFrom) and child.level == 0:
                found.append((child.module, [alias.name for alias in child.names], nested))
            elif isinstance(child, ast.Import):
                found.extend((alias.name, [], nested) for alias in child.names)
            visit(child, nested)

    visit(ast.parse(path.read_text()), False)
    return [(module, names, inside) for module, names, inside in found if module.split(".")[0] in PACKAGES]


PACKAGES = ("trajectory", "scene")


def package_of(module):
    """The package of ``BELOW`` that ``module`` lies in (itself for ``trajectory``/``scene`` tops)."""
    parts = module.split(".")
    return ".".join(parts[:2]) if ".".join(parts[:2]) in BELOW else parts[0]


def project_edges():
    """(importer, imported module, names, inside a function) over the project."""
    return [(name, *found) for name, path in modules() for found in imports(path)]


def test_each_package_imports_only_what_lies_below_it():
    wrong = []
    for importer, imported, names, _ in project_edges():
        home = package_of(importer)
        if home not in BELOW:
            continue
        target = package_of(imported)
        if target == home:
            continue
        if imported.split(".")[0] == "trajectory" and "trajectory" in BELOW[home]:
            public = set(importlib.import_module(imported).__all__) if imported in PUBLIC_MODULES else set()
            private = [n for n in names if n not in public | {"__version__"}]
            if not names or private:
                wrong.append(f"{importer} reaches past trajectory's public names: {imported} {private}")
        elif target not in BELOW[home]:
            wrong.append(f"{importer} imports {imported}")
    assert wrong == []


def test_no_module_imports_inside_a_function_but_to_keep_panda3d_out():
    inside = {(importer, imported) for importer, imported, _, nested in project_edges() if nested}
    assert inside == LAZY_WITHOUT_PANDA3D


def test_no_import_circles_between_modules():
    graph = {}
    for importer, imported, names, _ in project_edges():
        targets = graph.setdefault(importer, set())
        submodules = [f"{imported}.{n}" for n in names]
        targets.update(m for m in [imported, *submodules] if m in dict(modules()) and m != importer)
    circles, state = [], {}

    def visit(node, trail):
        state[node] = "open"
        for target in graph.get(node, ()):
            # A package's __init__ re-exporting its modules is not a circle through them.
            if node.startswith(target + "."):
                continue
            if state.get(target) == "open":
                circles.append(trail[trail.index(target) :] + [target])
            elif target not in state:
                visit(target, trail + [target])
        state[node] = "done"

    for node in graph:
        if node not in state:
            visit(node, [node])
    assert circles == []


def test_trajectory_does_not_import_panda3d():
    code = (
        "import sys, trajectory; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('panda3d', 'direct')))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"
