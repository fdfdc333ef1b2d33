"""Which graphics driver the window will be drawn by, asked before it opens: a driver that renders
on the CPU draws every sample of a multisampled window, and there multisampling costs more than
its smoother edges are worth (the maze's crowd of 10,000 at 34 frames a second with 4 samples a
pixel, 52 with one, Mesa's llvmpipe)."""

from panda3d.core import (
    FrameBufferProperties,
    GraphicsEngine,
    GraphicsPipe,
    GraphicsPipeSelection,
    WindowProperties,
)

SOFTWARE_RENDERERS = ("llvmpipe", "softpipe", "swrast")
"""Drivers that render on the CPU (Mesa's), as their renderer strings name them."""


def renders_on_the_cpu():
    """Whether the default graphics pipe's driver renders on the CPU, by a 1 x 1 offscreen buffer
    opened and closed again (some 0.1 s); False where none opens."""
    pipe = GraphicsPipeSelection.get_global_ptr().make_default_pipe()
    if pipe is None or not pipe.is_valid():
        return False
    engine = GraphicsEngine.get_global_ptr()
    probe = engine.make_output(
        pipe,
        "renderer probe",
        0,
        FrameBufferProperties(),
        WindowProperties.size(1, 1),
        GraphicsPipe.BF_refuse_window,
    )
    if probe is None:
        return False
    engine.open_windows()
    gsg = probe.get_gsg()
    renderer = gsg.get_driver_renderer().lower() if gsg is not None else ""
    engine.remove_window(probe)
    return any(name in renderer for name in SOFTWARE_RENDERERS)
