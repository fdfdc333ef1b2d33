"""What a Panda3D game can use on its own, without the app: ``MotionInterval`` (a ``Motion`` as a
Panda3D interval), ``load_curves`` (NURBS curves from an egg file), ``mesh_node`` (a swept
track or road, or objects placed along a curve, as a ``GeomNode``), ``bend_model`` (a model
bent along a curve, its textures and materials kept), ``write_model`` (a node as a .bam or
.egg file) and ``keep_freed_memory`` (a quarter off a big crowd's tick, on glibc). ``scene``
imports them on first use."""

__all__ = ["bent_models", "curve_files", "freed_memory", "mesh_nodes", "model_files", "motion_interval"]
