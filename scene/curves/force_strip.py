"""The plot's strip of what a rider feels: the vertical and lateral g-forces over the run (the
rider's own frame: its facing and any banking), the bands a coaster designer keeps clear of
shaded, and markers at the current time."""

import math

import numpy as np
from panda3d.core import CardMaker, TextNode

from scene.ui.geometry import LineStrip, PointSet, segments

G_RANGE = (-2.5, 6.0)
"""The strip's scale, in g, bottom to top."""
VERTICAL_LIMITS = (-1.5, 5.0)
"""The vertical g a ride should stay within (a common design limit): past them is shaded."""
LATERAL_LIMIT = 1.8
"""The lateral g a ride should stay within, either way: lines at ±this."""
VERTICAL_COLOUR = (0.8, 0.6, 1.0, 1)
LATERAL_COLOUR = (0.4, 0.9, 0.85, 1)
SHADE_COLOUR = (0.9, 0.3, 0.3, 0.22)
AXIS_LABELS = (5, 1, -1.5)
"""The g values labelled on the strip's side."""


class ForceStrip:
    """The strip of ``plot`` (a ``VelocityPlot``), ``width`` wide from height ``base``, ``height``
    high; ``samples`` points a line; its legend under it."""

    def __init__(self, plot, samples, width, base, height, text_scale):
        self.plot, self.width, self.base, self.height = plot, width, base, height
        self.text_scale = text_scale
        self.felt = np.zeros((samples, 3))
        """The g-forces (right, forward, up) at the plot's even times, for the current motion."""
        self._shade(VERTICAL_LIMITS[1], G_RANGE[1])
        self._shade(G_RANGE[0], VERTICAL_LIMITS[0])
        lateral = [((0, 0, z), (width, 0, z)) for z in self._heights([-LATERAL_LIMIT, LATERAL_LIMIT])]
        segments(plot.root, lateral, LATERAL_COLOUR[:3] + (0.3,), 1.0, "lateral limits")
        for g, z in zip(AXIS_LABELS, self._heights(AXIS_LABELS)):
            plot.text(f"{g}", -0.015, z - 0.012, TextNode.A_right)
        self.vertical = LineStrip(plot.root, samples, VERTICAL_COLOUR, 2.0, "vertical g")
        self.lateral = LineStrip(plot.root, samples, LATERAL_COLOUR, 1.5, "lateral g")
        self.markers = PointSet(plot.root, 2, (1, 1, 1, 1), 7.0, "felt now")
        self.clipped = plot.text(
            "", width, base + height - 0.04, TextNode.A_right, colour=SHADE_COLOUR[:3] + (1,)
        )
        """Where the forces leave the strip's scale, the peaks it clips (an empty text where none)."""
        x, ruler = 0.0, TextNode("ruler")
        for word, colour in (
            ("vertical g", VERTICAL_COLOUR),
            ("lateral g", LATERAL_COLOUR),
            (f"(limits {VERTICAL_LIMITS[0]:g} to {VERTICAL_LIMITS[1]:g}, ±{LATERAL_LIMIT:g})", None),
        ):
            plot.text(word, x, base - 0.045, TextNode.A_left, **({"colour": colour} if colour else {}))
            x += ruler.calc_width(word + "  ") * text_scale

    def show(self, motion, orientation):
        """Draw the g-forces ``motion``'s rider feels, turned by ``orientation`` (an
        ``Orientation``), at the plot's even times."""
        t = np.linspace(0.0, 1.0, len(self.felt))
        self.felt = motion.g_forces(t * motion.duration, orientation)
        for line, column in ((self.vertical, 2), (self.lateral, 0)):
            points = np.zeros((len(t), 3))
            points[:, 0] = t * self.width
            points[:, 2] = self._heights(self.felt[:, column])
            line.update(points)
        self.say_clipped()

    def say_clipped(self):
        """Say which peaks of ``felt`` the strip clips, shrunk to its width rather than run out
        of the panel."""
        words = clipped_words(self.felt)
        if words == self.clipped.text:  # laid out already (a drag's frames mostly say the same)
            return
        self.clipped.setText(words)
        wide = self.clipped.textNode.get_width() * self.text_scale if words else 0.0
        fits = self.width / wide if 0.0 < wide < math.inf else 1.0  # no words, nothing to fit
        self.clipped.setScale(self.text_scale * min(1.0, fits))

    def set_now(self, t):
        """The markers at normalised time ``t``: the g-forces at the sample nearest it."""
        right, _, up = self.felt[round(t * (len(self.felt) - 1))]
        heights = self._heights([up, right])
        self.markers.update([(t * self.width, 0, heights[0]), (t * self.width, 0, heights[1])])

    def _heights(self, g):
        """g-forces as heights in the strip, clipped to its scale."""
        low, high = G_RANGE
        return self.base + np.clip((np.asarray(g, dtype=float) - low) / (high - low), 0.0, 1.0) * self.height

    def _shade(self, low, high):
        """A translucent band over the strip from ``low`` to ``high`` g."""
        bottom, top = self._heights([low, high])
        card = CardMaker("shaded g")
        card.set_frame(0.0, self.width, bottom, top)
        band = self.plot.root.attach_new_node(card.generate())
        band.set_color(*SHADE_COLOUR)
        band.set_transparency(True)


def clipped_words(felt):
    """What the strip says of the g-forces ``felt`` ((n, 3): right, forward, up) past its scale,
    ``G_RANGE``: each peak that leaves it, signed, by the axis it is felt along; "" where none
    does."""
    low, high = G_RANGE
    axes = []
    for column, word in ((2, "vertical"), (0, "lateral")):
        peaks = [
            f"{peak:+.1f}"
            for peak in (felt[:, column].max(), felt[:, column].min())
            if not low <= peak <= high
        ]
        if peaks:
            axes.append(f"{word} {' / '.join(peaks)} g")
    return "off the scale: " + ", ".join(axes) if axes else ""
