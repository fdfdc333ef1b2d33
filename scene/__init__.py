"""The Panda3D scene: the only package that talks to Panda3D.

``MotionInterval``, ``load_curves``, ``mesh_node``, ``bend_model`` (``ModelBender``) and
``write_model`` are the pieces a Panda3D game can use on its own; they are imported on first use, so that
``import scene`` (and ``main.py --help``) stays free of Panda3D.
"""

from trajectory import __version__ as __version__  # one version for the one distribution

_LAZY = {
    "MotionInterval": "scene.kit.motion_interval",
    "load_curves": "scene.kit.curve_files",
    "mesh_node": "scene.kit.mesh_nodes",
    "bend_model": "scene.kit.bent_models",
    "ModelBender": "scene.kit.bent_models",
    "write_model": "scene.kit.model_files",
}


def __getattr__(name):
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'scene' has no attribute {name!r}")
