"""What the curves model builds (curves, velocity curves, motions), kept by what it was built
from, so that a preset shown again, or a motion asked for again, is not built twice."""

import collections

KEPT = 64
"""Things built that are kept (the ones used longest ago forgotten)."""


class BuiltCache:
    """Things built, each under a key naming its sources by ``id`` and kept with them (so that
    no id is reused while its entry lives)."""

    def __init__(self):
        self._entries = collections.OrderedDict()  # key -> (sources, built)

    def get(self, key, sources, build):
        """What ``build()`` made of ``sources`` (a tuple of objects) under ``key``, made once for
        the very same objects."""
        found = self._entries.get(key)
        if found is not None and all(a is b for a, b in zip(found[0], sources, strict=True)):
            self._entries.move_to_end(key)
            return found[1]
        return self.keep(key, sources, build())

    def keep(self, key, sources, built):
        """Keep ``built`` as what ``sources`` make under ``key``; returns ``built``."""
        self._entries[key] = (sources, built)
        self._entries.move_to_end(key)
        while len(self._entries) > KEPT:
            self._entries.popitem(last=False)
        return built
