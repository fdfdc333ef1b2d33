"""What a Panda3D game can use on its own, without the app: ``MotionInterval`` (a ``Motion`` as a
Panda3D interval) and ``load_curves`` (NURBS curves from an egg file). ``scene`` imports them on
first use."""

__all__ = ["curve_files", "motion_interval"]
