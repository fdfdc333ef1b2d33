"""Key bindings as data: one table per mode (and one for the app), registered in a loop and listed
by the help overlay from the same table."""

import dataclasses


@dataclasses.dataclass(frozen=True)
class KeyBinding:
    """One line of help and the Panda3D events behind it.

    Args:
        keys: How the help shows the key or keys, e.g. ``"R"`` or ``"1-6"``.
        help: What it does.
        events: ``(event name, handler, arguments)`` triples: the handler (a bound method) is
            called with the arguments when the event comes.
    """

    keys: str
    help: str
    events: tuple


def bind(keys, help, handler, *args, event=None):
    """A binding of one event (by default the key itself, lower-cased) to ``handler(*args)``."""
    return KeyBinding(keys, help, ((event or keys.lower(), handler, args),))


def pair(keys, help, handler, first, second):
    """Two keys calling ``handler`` with opposite arguments: ``first`` and ``second`` are
    ``(event name, argument)``, e.g. ``("arrow_up", 1)`` and ``("arrow_down", -1)``."""
    return KeyBinding(keys, help, tuple((event, handler, (argument,)) for event, argument in (first, second)))


def numbered(keys_label, help, handler, count, prefix=""):
    """Keys 1..count (with an optional modifier ``prefix`` such as ``"shift-"``) calling
    ``handler(index)`` with index 0..count-1."""
    events = tuple((f"{prefix}{i + 1}", handler, (i,)) for i in range(min(count, 9)))
    return KeyBinding(keys_label, help, events)


def register(showbase, table, guard=None):
    """Accept every event of ``table`` on ``showbase``, calling its handlers (each wrapped by
    ``guard`` when given)."""
    for binding in table:
        for event, handler, args in binding.events:
            showbase.accept(event, guard(handler) if guard else handler, list(args))


def unregister(showbase, table):
    """Stop accepting the events of ``table``."""
    for binding in table:
        for event, _, _ in binding.events:
            showbase.ignore(event)


ORBIT_ON_RIGHT_DRAG = (
    ("right drag", "orbit the camera"),
    ("middle drag", "pan (or ctrl + left drag)"),
    ("wheel", "zoom"),
)
"""The camera's mouse help for modes whose left button gives orders (the right button orbits)."""
