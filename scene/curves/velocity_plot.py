"""The 2D velocity plot, kept in the bottom-right corner: distance s over time t, the speed, what
a rider feels (``force_strip``), the speed error of the current method magnified, markers at the
current time, and the draggable control points or keys of an editable velocity curve. For a
fastest motion ("drive it") the speed panel also shows the speed limit the curve's bends set
(grey) and, in a band under it, which limit binds when (accelerating, top speed, cornering,
braking): ``limit_band``."""

import numpy as np
from direct.gui.OnscreenText import OnscreenText
from panda3d.core import Point3, TextNode

from scene.curves.force_strip import ForceStrip
from scene.curves.limit_band import LimitBand
from scene.ui.geometry import LineStrip, PointSet, segments
from scene.ui.overlay import panel

WIDTH = 0.78
"""Width of the panels, in aspect2d units (the window is 2 units high)."""
DISTANCE_HEIGHT = 0.5
SPEED_HEIGHT = 0.18
FORCE_HEIGHT = 0.26
ERROR_HEIGHT = 0.15
GAP = 0.11
"""Between two panels: room for the time labels under one and the title over the next."""
ERROR_DECADES = (-16, -1)
"""The speed error strip's logarithmic scale: |actual - intended speed| / mean speed from 1e-16 (the
bottom: float64 rounding) to 1e-1 (the top): the seed's ripple (1e-3) near the top, ours (1e-12
and below) near the bottom."""
ERROR_TICKS = (-15, -10, -5)
"""Decades labelled on the strip."""
CORNER_OFFSET = (-0.9, 0.13)
"""Where the plot's origin sits relative to the window's bottom-right corner."""
METHOD_WORDS = {"exact": "exact", "chord": "the seed's chord tables"}
METHOD_SHORT = {"exact": "exact", "chord": "seed"}
"""How the screen names a ``Motion`` method: in full (the HUD), in short (the plot)."""
SAMPLES = 400
"""Times at which the curves are drawn; fine enough to show the seed method's ripple."""
TOP_SAMPLES = 4001
"""Times at which the top speed is looked for, for the speed panel's title."""
PEAK_CAP = 8.0
"""The speed panel's scale stops at this many times the mean speed: a velocity curve with a vertical
tangent (an infinite speed for an instant) keeps a readable scale, its spike running off the top."""
PICK_RADIUS = 0.035
"""How near (aspect2d units) the mouse must be to grab a control point."""
TEXT_SCALE = 0.04
BACKGROUND = (0.05, 0.06, 0.08, 0.78)
FRAME_COLOUR = (0.55, 0.58, 0.65, 1)
DISTANCE_COLOUR = (0.95, 0.75, 0.25, 1)
INTENDED_COLOUR = (0.55, 0.58, 0.65, 1)
SPEED_COLOUR = (0.4, 0.8, 1.0, 1)
ERROR_COLOUR = (1.0, 0.45, 0.4, 1)
MARKER_COLOUR = (1, 1, 1, 1)
HANDLE_COLOUR = (0.3, 1.0, 0.6, 1)
MAX_HANDLES = 8
"""The most control points or keys the plot can show."""


class VelocityPlot:
    """The plot, parented to ``showbase.a2dBottomRight`` so that it stays in place on resize."""

    def __init__(self, showbase):
        self.base = showbase
        self.root = showbase.a2dBottomRight.attach_new_node("velocity plot")
        self.scale = 1.0
        self.root.set_pos(CORNER_OFFSET[0], 0, CORNER_OFFSET[1])
        self._error_base = 0.0
        self._force_base = ERROR_HEIGHT + GAP
        self._speed_base = self._force_base + FORCE_HEIGHT + GAP
        self._distance_base = self._speed_base + SPEED_HEIGHT + GAP
        self._draw_static()
        self.distance_line = LineStrip(self.root, SAMPLES, DISTANCE_COLOUR, 2.0, "s(t)")
        self.intended_line = LineStrip(self.root, SAMPLES, INTENDED_COLOUR, 1.0, "intended speed")
        self.speed_line = LineStrip(self.root, SAMPLES, SPEED_COLOUR, 2.0, "actual speed")
        self.error_line = LineStrip(self.root, SAMPLES, ERROR_COLOUR, 1.0, "speed error")
        self.handle_lines = LineStrip(self.root, 4, HANDLE_COLOUR, 1.0, "handles")
        self.handles = PointSet(self.root, MAX_HANDLES, HANDLE_COLOUR, 9.0, "control points")
        self.limits = LimitBand(self, SAMPLES, WIDTH, self._speed_base, TEXT_SCALE)
        self.forces = ForceStrip(self, SAMPLES, WIDTH, self._force_base, FORCE_HEIGHT, TEXT_SCALE)
        self.markers = PointSet(self.root, 3, MARKER_COLOUR, 7.0, "now")
        self._peak = self._top = 1.0
        self._texts = {}
        self.rate_errors = np.zeros(SAMPLES)
        """(actual - intended) ds/dt at SAMPLES even times, for the current motion."""
        self._unmeasured_drawing = None

    @property
    def covered_width(self):
        """How much of the window's width (aspect2d units) the plot takes from the right edge."""
        return (-CORNER_OFFSET[0] + 0.12) * self.scale

    def set_scale(self, scale):
        """Draw the plot ``scale`` times its size (the app's text scale for small windows), kept
        in the bottom-right corner."""
        self.scale = scale
        self.root.set_scale(scale)
        self.root.set_pos(CORNER_OFFSET[0] * scale, 0, CORNER_OFFSET[1] * scale)

    def show(self, motion, handles, measure=True, polygon=True):
        """Draw the curves of ``motion`` and the velocity curve's draggable ``handles`` ((t, s)
        pairs) or None.

        Args:
            measure: Measure the speed the motion really produces (an integral per sample). Without
                it the speed error is left out until the next measured call, to keep a drag fluid.
            polygon: Join the handles from (0, 0) to (1, 1), as a cubic's control polygon.
        """
        # Unmeasured, the curves depend only on the velocity curve, the duration and the
        # handles: when those are what is drawn already (a trajectory drag), only the length in
        # the speed scale can have changed.
        drawn = (motion.velocity, motion.duration, handles)
        if not measure and self._unmeasured_drawing == drawn:
            self._show_speed_scale(motion)
            return
        self._unmeasured_drawing = None if measure else drawn
        t = np.linspace(0.0, 1.0, SAMPLES)
        duration = motion.duration
        s = motion.velocity.distance_at_time(t)
        intended = motion.velocity.rate_at_time(t)
        self.rate_errors = motion.speed_errors(t) if measure else np.zeros(SAMPLES)
        actual = intended + self.rate_errors
        # ds/dt at its largest: on a finer grid than the curves' (it names the top speed to 3 digits)
        finest = motion.velocity.rate_at_time(np.linspace(0.0, 1.0, TOP_SAMPLES))
        self._top = max(float(finest.max()), float(actual.max()))
        self._peak = min(max(self._top, 1e-9), PEAK_CAP) * 1.1
        limits = getattr(motion.velocity, "limits", None)
        if limits is not None:  # a fastest motion: the top speed at the top, the limit under it
            self._peak = max(self._peak, limits.v_max * motion.duration / motion.length * 1.1)
        self.distance_line.update(self._points(t, s, self._distance_base, DISTANCE_HEIGHT))
        self.intended_line.update(self._speed_points(t, intended))
        self.speed_line.update(self._speed_points(t, actual))
        self.error_line.update(
            self._points(t, _error_height(actual - intended), self._error_base, ERROR_HEIGHT)
        )
        ripple = float(np.max(np.abs(actual - intended)[1:-1]))
        below = self._distance_base - 0.045
        self._label("half", f"{duration / 2:.3g}", WIDTH / 2, below, TextNode.A_center)
        self._label("duration", f"{duration:.4g} s", WIDTH, below, TextNode.A_right)
        self._show_speed_scale(motion)
        self.limits.show(motion, t, s, self._speed_points)
        measured = f"max {ripple:.0e}" if measure else "when you let go"
        self._label(
            "ripple",
            f"speed error, log ({METHOD_SHORT[motion.method]}: {measured})",
            0.0,
            self._error_base - 0.045,
            TextNode.A_left,
        )
        self.show_handles(handles, polygon)

    def _show_speed_scale(self, motion):
        """Name the speed panel with the top speed, in length units per second (the panel's scale
        reaches a little higher)."""
        top = self._top * motion.length / motion.duration
        self._label(
            "peak",
            f"speed, up to {top:.3g} units/s" if np.isfinite(top) else "speed (infinite for an instant)",
            0.0,
            self._speed_base + SPEED_HEIGHT + 0.015,
            TextNode.A_left,
        )

    def show_handles(self, handles, polygon=True):
        """Show the draggable ``handles`` ((t, s) pairs, at most MAX_HANDLES), joined from (0, 0)
        to (1, 1) when ``polygon`` (a cubic's two controls); or hide them for ``None``."""
        visible = handles is not None
        self.handles.show(visible)
        self.handle_lines.show(visible and polygon)
        if not visible:
            return
        pairs = np.array(handles, dtype=float)[:MAX_HANDLES]
        parked = np.vstack(
            [pairs, np.repeat(pairs[:1], MAX_HANDLES - len(pairs), axis=0)]
        )  # unused: on the first
        base, height = self._distance_base, DISTANCE_HEIGHT
        self.handles.update(self._points(parked[:, 0], parked[:, 1], base, height))
        if polygon:
            (x1, y1), (x2, y2) = pairs[:2]
            ends = self._points(np.array([0.0, x1, x2, 1.0]), np.array([0.0, y1, y2, 1.0]), base, height)
            self.handle_lines.update(ends)

    def set_now(self, t, s, rate):
        """Move the markers to normalised time ``t``, distance ``s``, speed ``rate`` (ds/dt), and
        the measured speed error at the sample nearest ``t``."""
        x = t * WIDTH
        rate_error = self.rate_errors[round(t * (SAMPLES - 1))]
        self.markers.update(
            [
                (x, 0, self._distance_base + s * DISTANCE_HEIGHT),
                (x, 0, self._speed_base + float(self._on_scale(rate)) * SPEED_HEIGHT),
                (x, 0, self._error_base + float(_error_height(rate_error)) * ERROR_HEIGHT),
            ]
        )
        self.forces.set_now(t)

    def _speed_points(self, t, rate):
        """The speed panel's points at times ``t`` (fractions) for speeds ``rate`` (ds/dt)."""
        return self._points(t, self._on_scale(rate), self._speed_base, SPEED_HEIGHT)

    def _on_scale(self, rate):
        """A speed (ds/dt, possibly infinite) as a height in the speed panel, at most its top."""
        return np.minimum(np.asarray(rate, dtype=float) / self._peak, 1.0)

    def mouse_to_unit(self):
        """The mouse in the distance panel's (t, s) unit square, or None without a mouse."""
        local = self._mouse_local()
        if local is None:
            return None
        return np.array([local.x / WIDTH, (local.z - self._distance_base) / DISTANCE_HEIGHT])

    def covers_pointer(self):
        """Whether the mouse is over the plot's panel (a press there is the plot's, not the
        camera's)."""
        local = self._mouse_local()
        if local is None or self.root.is_hidden():
            return False
        left, right, bottom, top = self._frame
        return left <= local.x <= right and bottom <= local.z <= top

    def _mouse_local(self):
        mouse = self.base.pointer.position()
        if mouse is None:
            return None
        return self.root.get_relative_point(self.base.render2d, Point3(mouse[0], 0, mouse[1]))

    def pick(self, handles):
        """Index of the handle ((t, s) pairs) under the mouse, or None."""
        unit = self.mouse_to_unit()
        if handles is None or unit is None:
            return None
        scale = np.array([WIDTH, DISTANCE_HEIGHT])
        gaps = [np.linalg.norm((np.array(c) - unit) * scale) for c in handles]
        best = int(np.argmin(gaps))
        return best if gaps[best] <= PICK_RADIUS else None

    @staticmethod
    def _points(x, y, base, height):
        points = np.zeros((len(x), 3))
        points[:, 0] = np.asarray(x) * WIDTH
        points[:, 2] = base + np.asarray(y) * height
        return points

    def _label(self, key, text, x, z, align):
        """A text that changes with the motion, made once and then only rewritten."""
        if key in self._texts:
            self._texts[key].setText(text)
        else:
            self._texts[key] = self.text(text, x, z, align)

    def text(self, text, x, z, align, colour=FRAME_COLOUR, scale=TEXT_SCALE):
        # Kept as text nodes (not flattened into geometry): the layout tests read their bounds.
        return OnscreenText(
            text=text,
            pos=(x, z),
            scale=scale,
            align=align,
            fg=colour,
            parent=self.root,
            mayChange=True,
        )

    def _draw_static(self):
        self._frame = (-0.12, WIDTH + 0.04, -0.1, self._distance_base + DISTANCE_HEIGHT + 0.08)
        left, right, bottom, top = self._frame
        background = panel(self.root, "plot background", BACKGROUND)
        background.set_pos(left, 0, bottom)
        background.set_scale(right - left, 1, top - bottom)
        for base, height in (
            (self._distance_base, DISTANCE_HEIGHT),
            (self._speed_base, SPEED_HEIGHT),
            (self._force_base, FORCE_HEIGHT),
            (self._error_base, ERROR_HEIGHT),
        ):
            box = [((0, 0, base), (WIDTH, 0, base)), ((0, 0, base), (0, 0, base + height))]
            ticks = [((WIDTH * f, 0, base), (WIDTH * f, 0, base - 0.012)) for f in (0.25, 0.5, 0.75, 1.0)]
            segments(self.root, box + ticks, FRAME_COLOUR, 1.0, "axes")
        diagonal_ticks = [
            (
                (0, 0, self._distance_base + DISTANCE_HEIGHT * f),
                (-0.012, 0, self._distance_base + DISTANCE_HEIGHT * f),
            )
            for f in (0.25, 0.5, 0.75, 1.0)
        ]
        segments(self.root, diagonal_ticks, FRAME_COLOUR, 1.0, "s ticks")
        decades = [self._error_base + float(_error_height(10.0**k)) * ERROR_HEIGHT for k in ERROR_TICKS]
        lines = [((0, 0, z), (WIDTH, 0, z)) for z in decades]
        segments(self.root, lines, (0.25, 0.27, 0.32, 1), 1.0, "error decades")
        for k, z in zip(ERROR_TICKS, decades):
            self.text(f"1e{k}", -0.015, z - 0.012, TextNode.A_right)
        top = self._distance_base + DISTANCE_HEIGHT
        for text, x, z, align in (
            ("0.5", -0.02, self._distance_base + DISTANCE_HEIGHT / 2 - 0.012, TextNode.A_right),
            ("1", -0.02, top - 0.012, TextNode.A_right),
            ("0", -0.02, self._distance_base - 0.012, TextNode.A_right),
            ("distance s(t), a fraction of the length", 0.0, top + 0.03, TextNode.A_left),
        ):
            self.text(text, x, z, align)


def _error_height(errors):
    """Speed errors (ds/dt, relative to the mean speed) as heights in [0, 1] on the strip's
    logarithmic scale; 0 (or anything below its floor) at the bottom."""
    low, high = ERROR_DECADES
    with np.errstate(divide="ignore"):
        decades = np.log10(np.abs(np.asarray(errors, dtype=float)))
    return np.clip((decades - low) / (high - low), 0.0, 1.0)
