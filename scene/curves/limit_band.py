"""The speed panel's extras for a fastest motion ("drive it"): the speed limit its curve's bends
set (grey), and, in a band under the panel, which limit binds when (accelerating, top speed,
cornering, braking, the jerk changing the acceleration), with its legend."""

from panda3d.core import TextNode

from scene.ui.geometry import LineStrip, segments
from trajectory.timing import Binding

LIMIT_COLOUR = (0.6, 0.6, 0.62, 1)
BINDINGS = {
    Binding.ACCELERATING: ("accel", (0.35, 0.9, 0.4, 1)),
    Binding.CRUISING: ("top speed", (0.85, 0.85, 0.9, 1)),
    Binding.CORNERING: ("cornering", (1.0, 0.65, 0.2, 1)),
    Binding.BRAKING: ("brake", (1.0, 0.35, 0.35, 1)),
    Binding.JERK: ("jerk", (0.7, 0.5, 1.0, 1)),
}
"""How the band under the speed panel names and colours each binding limit."""
BAND_DROP = 0.02
"""How far under the speed panel the binding band runs."""
LEGEND_GAP = 0.025
"""Between the band's legend words (aspect2d units)."""


class LimitBand:
    """The limit line and the binding band of ``plot`` (a ``VelocityPlot``), whose speed panel
    is ``width`` wide and starts at height ``base``; ``samples`` points a line."""

    def __init__(self, plot, samples, width, base, text_scale):
        self.plot, self.width, self.base = plot, width, base
        self.line = LineStrip(plot.root, samples, LIMIT_COLOUR, 1.0, "speed limit")
        self.band = None
        self.legend, x, ruler = [], 0.0, TextNode("ruler")
        for word, colour in BINDINGS.values():  # one after the other, as wide as each word is
            self.legend.append(plot.text(word, x, base - BAND_DROP - 0.045, TextNode.A_left, colour=colour))
            x += ruler.calc_width(word) * text_scale + LEGEND_GAP

    def show(self, motion, t, s, heights):
        """For a fastest motion, the speed limit at the samples ``t`` (reaching ``s``), as panel
        ``heights`` (a function of ds/dt), and the band of binding limits; hidden for any other
        motion."""
        stretches = getattr(motion.velocity, "stretches", None)
        fastest = stretches is not None
        self.line.show(fastest)
        for text in self.legend:
            text.show() if fastest else text.hide()
        if self.band is not None:
            self.band.remove_node()
            self.band = None
        if not fastest:
            return
        limit = motion.velocity.limits.speeds(motion.trajectory, s) * (motion.duration / motion.length)
        self.line.update(heights(t, limit))
        self.band = self.plot.root.attach_new_node("binding band")
        height = self.base - BAND_DROP
        ends = [stretch.time / motion.duration for stretch in stretches[1:]] + [1.0]
        for binding, (_, colour) in BINDINGS.items():
            pieces = [
                ((start.time / motion.duration * self.width, 0, height), (end * self.width, 0, height))
                for start, end in zip(stretches, ends)
                if start.binding == binding
            ]
            if pieces:
                segments(self.band, pieces, colour, 4.0, binding.name.lower())
