"""Undo and redo: each edit kept as the state before it and the state after it, so that undoing
puts back exactly what was (bit for bit), whatever the edit did. One history per thing edited
(each preset its own), undone across the things on screen in the order the edits were made."""

import dataclasses
import itertools

LIMIT = 200
"""Edits kept per history (the oldest are forgotten)."""


@dataclasses.dataclass
class _Edit:
    before: object
    after: object
    what: str
    when: int
    """When it was last done or undone: the newest is undone (or redone) first."""


class Histories:
    """A history per key (any hashable: which preset), of states the caller keeps immutable."""

    def __init__(self, limit=LIMIT):
        self.limit = limit
        self._done, self._undone = {}, {}
        self._clock = itertools.count()

    def record(self, key, before, after, what):
        """An edit of ``key`` from state ``before`` to ``after``, said as ``what`` ("moving a
        control point"); nothing when they are equal. What was undone of ``key`` cannot be redone
        after it."""
        if before == after:
            return
        done = self._done.setdefault(key, [])
        done.append(_Edit(before, after, what, next(self._clock)))
        del done[: -self.limit]
        self._undone.pop(key, None)

    def undo(self, keys):
        """Undo the newest edit of any of ``keys``: (key, the state to restore, what was
        undone), or None when none of them has one."""
        key = self._newest(self._done, keys)
        if key is None:
            return None
        edit = self._done[key].pop()
        edit.when = next(self._clock)
        self._undone.setdefault(key, []).append(edit)
        return key, edit.before, edit.what

    def redo(self, keys):
        """Redo the newest undone edit of any of ``keys``: (key, the state to restore, what was
        redone), or None."""
        key = self._newest(self._undone, keys)
        if key is None:
            return None
        edit = self._undone[key].pop()
        edit.when = next(self._clock)
        self._done.setdefault(key, []).append(edit)
        return key, edit.after, edit.what

    @staticmethod
    def _newest(stacks, keys):
        tops = [(stacks[key][-1].when, key) for key in keys if stacks.get(key)]
        return max(tops, key=lambda top: top[0])[1] if tops else None
