"""On-screen text: the status lines (HUD), the help overlay and a line for messages.

Texts are laid out on panels, dark cards tagged with ``PANEL_TAG`` (the status lines', the help's,
the plot's, the banner's), inside which every text stays; the help overlay is a layer of its own
over the rest (``LAYER_TAG``). The layout tests read these tags.
"""

from direct.gui.OnscreenText import OnscreenText
from panda3d.core import CardMaker, TextNode

TEXT_COLOUR = (0.92, 0.93, 0.96, 1)
DIM_COLOUR = (0.7, 0.72, 0.78, 1)
WARNING_COLOUR = (1.0, 0.62, 0.45, 1)
HUD_SCALE = 0.045
HELP_SCALE = 0.045
BANNER_SCALE = 0.13
MESSAGE_SECONDS = 6.0
"""How long a message stays on screen."""
MESSAGE_SCALE = 0.045
MESSAGE_MARGIN = 0.05
MESSAGE_BOTTOM = 0.06
"""Where the message's last line sits, in aspect2d units from the bottom-left corner."""
PANEL_TAG = "panel"
"""The Python tag (its value: the panel's name) of a card that texts are laid out on."""
LAYER_TAG = "layer"
"""The Python tag of a node whose texts are drawn over the others' (the help overlay)."""
BACKDROP = (0.03, 0.035, 0.05, 0.62)
"""The status lines' and the banner's card: dark, so text reads over any scene."""
BACKDROP_MARGIN = 0.02
"""How far (aspect2d units) a backdrop reaches beyond its text."""
HELP_HALF_WIDTH, HELP_TOP, HELP_BOTTOM = 1.25, 0.98, -0.9
"""The help box, in aspect2d units (inside the narrowest window, 4:3)."""
HELP_COLUMNS = (-0.3, -0.22)
"""Where the keys end and their descriptions begin (aspect2d x)."""


def panel(parent, name, colour):
    """A card under ``parent`` that texts are laid out on, tagged as the panel ``name``; its frame
    is set by the caller (``set_frame``-sized ``CardMaker`` output, or ``fit_backdrop``)."""
    card = CardMaker(name)
    card.set_frame(0.0, 1.0, 0.0, 1.0)
    node = parent.attach_new_node(card.generate())
    node.set_color(*colour)
    node.set_transparency(True)
    node.set_python_tag(PANEL_TAG, name)
    return node


def fit_backdrop(backdrop, *texts):
    """Stretch ``backdrop`` (a ``panel``, sibling of the OnscreenTexts ``texts``) over the texts'
    bounds and a margin; hide it when they are empty."""
    parent = backdrop.get_parent()
    boxes = [text.get_tight_bounds(parent) for text in texts if text.getText().strip()]
    boxes = [box for box in boxes if box]
    if not boxes:
        backdrop.hide()
        return
    left = min(low.x for low, _ in boxes) - BACKDROP_MARGIN
    bottom = min(low.z for low, _ in boxes) - BACKDROP_MARGIN
    right = max(high.x for _, high in boxes) + BACKDROP_MARGIN
    top = max(high.z for _, high in boxes) + BACKDROP_MARGIN
    backdrop.show()
    backdrop.set_pos(left, 0, bottom)
    backdrop.set_scale(right - left, 1, top - bottom)


class Hud:
    """Status lines in the top-left corner, wrapped within the width the mode's panel leaves."""

    def __init__(self, showbase):
        self.base = showbase
        self.root = showbase.a2dTopLeft.attach_new_node("status lines")
        self.backdrop = panel(self.root, "status lines", BACKDROP)
        self.text = OnscreenText(
            text="",
            pos=(0.05, -0.08),
            scale=HUD_SCALE,
            align=TextNode.A_left,
            fg=TEXT_COLOUR,
            shadow=(0, 0, 0, 0.8),
            parent=self.root,
            mayChange=True,
        )
        fit_backdrop(self.backdrop, self.text)

    def set_lines(self, lines):
        """Show ``lines`` (a list of strings), one per line."""
        content = "\n".join(lines)
        if content != self.text.getText():
            self.text.setText(content)
            fit_backdrop(self.backdrop, self.text)

    def fit(self, scale):
        """Text ``scale`` times its size, wrapped within the free width (call again when the window
        or the panel changes)."""
        self.text.setScale(HUD_SCALE * scale)
        free = 2.0 * self.base.get_aspect_ratio() - self.base.orbit.covered_right - 0.15
        self.text.textNode.set_wordwrap(max(free / (HUD_SCALE * scale), 10.0))
        fit_backdrop(self.backdrop, self.text)


class HelpOverlay:
    """Every binding of the given tables, and the mouse, on a dark card over the whole window,
    dimmed; hidden until toggled (the app pauses the mode while it shows)."""

    def __init__(self, showbase):
        self.root = showbase.aspect2d.attach_new_node("help")
        self.root.set_bin("gui-popup", 50)  # above the status lines and the plot
        self.root.set_python_tag(LAYER_TAG, "help")
        dim = CardMaker("help dims the window")
        dim.set_frame(-100.0, 100.0, -1.0, 1.0)  # the whole window, however wide
        shade = self.root.attach_new_node(dim.generate())
        shade.set_color(0.0, 0.0, 0.0, 0.7)
        shade.set_transparency(True)
        self.background = panel(self.root, "help box", (0.04, 0.05, 0.07, 1.0))  # nothing shows through
        self.keys = OnscreenText(
            text="",
            pos=(HELP_COLUMNS[0], HELP_TOP - BACKDROP_MARGIN - HELP_SCALE),
            scale=HELP_SCALE,
            align=TextNode.A_right,
            fg=TEXT_COLOUR,
            parent=self.root,
            mayChange=True,
        )
        self.helps = OnscreenText(
            text="",
            pos=(HELP_COLUMNS[1], HELP_TOP - BACKDROP_MARGIN - HELP_SCALE),
            scale=HELP_SCALE,
            align=TextNode.A_left,
            fg=DIM_COLOUR,
            parent=self.root,
            mayChange=True,
        )
        self.root.hide()

    @property
    def visible(self):
        """Whether the overlay is shown."""
        return not self.root.is_hidden()

    def set_tables(self, tables, mouse_help):
        """List the bindings of ``tables`` (each a sequence of ``KeyBinding``), then ``mouse_help``
        ((what, what it does) pairs)."""
        rows = [(b.keys, b.help) for table in tables for b in table] + [("", "")] + list(mouse_help)
        # Each description wrapped within the box, its key beside its first line.
        room = (HELP_HALF_WIDTH - BACKDROP_MARGIN - HELP_COLUMNS[1]) / HELP_SCALE
        keys, helps = [], []
        for key, text in rows:
            lines = _wrapped(text, room, self.helps.textNode) or [""]
            keys += [key] + [""] * (len(lines) - 1)
            helps += lines
        self.keys.setText("\n".join(keys))
        self.helps.setText("\n".join(helps))
        for text in (self.keys, self.helps):
            text.setScale(HELP_SCALE)
        low, high = self.helps.get_tight_bounds(self.root)
        room = HELP_TOP - HELP_BOTTOM - 2.0 * BACKDROP_MARGIN
        if high.z - low.z > room:  # a long table: smaller text, every line on screen
            for text in (self.keys, self.helps):
                text.setScale(HELP_SCALE * room / (high.z - low.z))
        fit_backdrop(self.background, self.keys, self.helps)  # its height: the lines', no empty band
        self.background.set_x(-HELP_HALF_WIDTH)
        self.background.set_sx(2 * HELP_HALF_WIDTH)

    def toggle(self):
        """Show the overlay if hidden, hide it if shown."""
        self.root.hide() if self.visible else self.root.show()


def _wrapped(text, width, node):
    """``text`` in lines no wider than ``width`` (text units) in ``node``'s font, broken at spaces."""
    lines = []
    for word in text.split():
        if lines and node.calc_width(f"{lines[-1]} {word}") <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


class MessageLine:
    """What the user should know now (saved, refused, ...), at the bottom left, wrapped within the
    width the mode's panel leaves free on the right and lifted so that its last line sits at the
    bottom."""

    def __init__(self, showbase):
        self.base = showbase
        self.text = OnscreenText(
            text="",
            pos=(MESSAGE_MARGIN, MESSAGE_BOTTOM),
            scale=MESSAGE_SCALE,
            align=TextNode.A_left,
            fg=TEXT_COLOUR,
            shadow=(0, 0, 0, 1),
            parent=showbase.a2dBottomLeft,
            mayChange=True,
        )
        self._until = 0.0
        self._scale = 1.0
        self._refusal = False

    @property
    def current(self):
        """The text on show ("" when none)."""
        return self.text.getText()

    def say(self, message, warning=False, refusal=False):
        """Show ``message`` for a few seconds; a ``refusal`` of an edit goes as soon as what was
        edited changes (``clear_refusal``)."""
        self._refusal = refusal
        self.text.setText(message)
        self.text.setFg(WARNING_COLOUR if warning else TEXT_COLOUR)
        self._until = self.base.clock.get_frame_time() + MESSAGE_SECONDS
        self.fit()

    def fit(self, scale=None):
        """Wrap the message within the free width, text ``scale`` times its size (as before when
        None; call again when the window or the panel changes)."""
        self._scale = self._scale if scale is None else scale
        size = MESSAGE_SCALE * self._scale
        self.text.setScale(size)
        free = 2.0 * self.base.get_aspect_ratio() - self.base.orbit.covered_right - 2.0 * MESSAGE_MARGIN
        node = self.text.textNode
        node.set_wordwrap(max(free / size, 8.0))
        rows = max(node.get_num_rows(), 1)
        self.text.setPos(MESSAGE_MARGIN, MESSAGE_BOTTOM + (rows - 1) * node.get_line_height() * size)

    def update(self):
        """Clear the message once its time is up (call once a frame)."""
        if self._until and self.base.clock.get_frame_time() > self._until:
            self.clear()

    def clear(self):
        """Take the message down."""
        self.text.setText("")
        self._until, self._refusal = 0.0, False

    def clear_refusal(self):
        """Take a refusal of an edit down (what it refused is no longer on show)."""
        if self._refusal:
            self.clear()


class Banner:
    """A large centred title with a smaller line under it, for what changes the game (a wave
    starts, the game is over): shown for ``seconds``, or until ``hide`` when None."""

    def __init__(self, showbase):
        self.base = showbase
        self.root = showbase.aspect2d.attach_new_node("banner")
        self.backdrop = panel(self.root, "banner", BACKDROP)
        self.title = OnscreenText(
            text="",
            pos=(0, 0.25),
            scale=BANNER_SCALE,
            fg=TEXT_COLOUR,
            shadow=(0, 0, 0, 1),
            parent=self.root,
            mayChange=True,
        )
        self.line = OnscreenText(
            text="",
            pos=(0, 0.14),
            scale=HUD_SCALE * 1.3,
            fg=TEXT_COLOUR,
            shadow=(0, 0, 0, 1),
            parent=self.root,
            mayChange=True,
        )
        self._until = None
        self.root.hide()

    @property
    def current(self):
        """The title on show ("" when none)."""
        return "" if self.root.is_hidden() else self.title.getText()

    def show(self, title, line="", seconds=None, warning=False):
        """Show ``title`` and ``line`` for ``seconds`` of frame time (None: until ``hide``)."""
        colour = WARNING_COLOUR if warning else TEXT_COLOUR
        self.title.setText(title)
        self.title.setFg(colour)
        self.line.setText(line)
        self._until = None if seconds is None else self.base.clock.get_frame_time() + seconds
        self.root.show()
        fit_backdrop(self.backdrop, self.title, self.line)

    def hide(self):
        """Take the banner down."""
        self.root.hide()
        self._until = None

    def update(self):
        """Take a timed banner down once its time is up (call once a frame)."""
        if self._until is not None and self.base.clock.get_frame_time() > self._until:
            self.hide()
