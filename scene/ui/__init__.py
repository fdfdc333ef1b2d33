"""What every mode of the app shares: the mode protocol and registry (``mode``), key bindings,
the orbiting camera, the mouse pointer on the ground, the overlays (HUD, help, messages,
banners), line geometry and the model files. Modules are imported where used, so that
``scene.ui.mode`` (which ``main.py --help`` reads) stays free of Panda3D."""

__all__ = ["assets", "bindings", "camera", "geometry", "mode", "overlay", "pointer"]
