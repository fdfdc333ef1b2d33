"""Where the library's public names live: its root, and each subpackage's ``__all__``."""

PUBLIC_MODULES = (
    "trajectory",
    "trajectory.curves",
    "trajectory.timing",
    "trajectory.orientation",
    "trajectory.playback",
    "trajectory.meshes",
    "trajectory.plane",
    "trajectory.planning",
    "trajectory.crowds",
)
