"""What a playhead crosses: its events (arc-length fractions with names), read and checked as
arrays, the ends it reaches (``Marker``), and the crossings found in a step, as arrays while a
step is walked (``passed``, ``joined``) and as ``Crossing``s for the caller."""

import enum
import itertools
import operator
import typing

import numpy as np

from trajectory._numerics.checks import _shown, finite_number, real_array


class Marker(enum.Enum):
    """The crossings a playhead reports besides its events: reaching the end, or (going back)
    the start."""

    START = "start"
    END = "end"


class Crossing(typing.NamedTuple):
    """An event (its name, or a ``Marker``) crossed at arc-length fraction ``distance``, which
    the motion reaches at ``time`` seconds, ``after`` seconds (of real time) into the step, by
    playhead ``index``. (A named tuple: millions a second are made.)"""

    event: object
    distance: float
    time: float
    after: float
    index: int = 0


class Events:
    """Events read and checked: ``s`` (n,), their arc-length fractions sorted (stably), and their
    names, found through ``names``. The names stay in the order given and are reached through
    the sort's order, so that a million events are read without moving a million objects.

    Raises:
        ValueError: If ``events`` is not a list of (s, name) pairs with s a number in [0, 1].
    """

    def __init__(self, events):
        if isinstance(events, (str, bytes)) or not hasattr(events, "__iter__"):
            raise ValueError(f"events must be a list of (s, name) pairs, got {_shown(events)}")
        pairs = list(events)
        try:
            pairs_only = not pairs or set(map(len, pairs)) == {2}
        except TypeError:  # something without a length
            pairs_only = False
        if not pairs_only:
            odd = next(pair for pair in pairs if not hasattr(pair, "__len__") or len(pair) != 2)
            raise ValueError(f"events must be (s, name) pairs, got {_shown(odd)}")
        s_values = list(map(operator.itemgetter(0), pairs))
        try:
            s = real_array(s_values, "an event's s", "a number in [0, 1]").reshape(-1)
        except ValueError:
            bad = next(value for value in s_values if not _is_number(value))
            raise ValueError(f"an event's s must be a number in [0, 1], got {_shown(bad)}") from None
        outside = np.flatnonzero(~((s >= 0.0) & (s <= 1.0)))  # NaN too
        if outside.size:
            raise ValueError(f"an event's s must be a number in [0, 1], got {s_values[outside[0]]!r}")
        # The names as given, then the markers codes -2 and -1 stand for (names may be tuples: an
        # array built item by item, with no broadcasting).
        self._named = np.fromiter(
            itertools.chain(map(operator.itemgetter(1), pairs), (Marker.END, Marker.START)),
            dtype=object,
            count=len(pairs) + 2,
        )
        self._where = np.concatenate([_stable_order(s), [len(pairs), len(pairs) + 1]])
        self.s = s[self._where[:-2]]

    def names(self, codes):
        """The names of events by their index in ``s`` (k,) ints, -2 and -1 meaning
        ``Marker.END`` and ``Marker.START``: a list of k."""
        return self._named[self._where[codes]].tolist()

    def pairs(self):
        """Every event as (s, name), sorted by s."""
        return list(zip(self.s.tolist(), self.names(np.arange(self.s.size))))


def _stable_order(s):
    """The stable sorting order of ``s`` (n,): none needed for events given in order, and the
    faster unstable sort where no two are equal (then it is the stable order)."""
    if not np.any(s[1:] < s[:-1]):
        return np.arange(s.size)
    order = np.argsort(s)
    in_order = s[order]
    if np.any(in_order[1:] == in_order[:-1]):
        order = np.argsort(s, kind="stable")
    return order


def _is_number(value):
    try:
        finite_number(value, "")
    except ValueError:
        return False
    return True


def passed(event_times, rows, start, target, forward, travelled, speeds):
    """The events each of ``rows`` passes going from ``start`` to ``target`` (n,): in
    (start, target] going forward, [target, start) going back, in the order passed."""
    low = np.where(
        forward, np.searchsorted(event_times, start, "right"), np.searchsorted(event_times, target, "left")
    )
    high = np.where(
        forward, np.searchsorted(event_times, target, "right"), np.searchsorted(event_times, start, "left")
    )
    counts = high - low
    if not counts.any():
        return no_crossings()
    which = np.repeat(np.arange(rows.size), counts)
    within = np.arange(counts.sum()) - np.repeat(np.cumsum(counts) - counts, counts)
    event = np.where(forward[which], low[which] + within, high[which] - 1 - within)
    after = (travelled[which] + np.abs(event_times[event] - start[which])) / speeds[which]
    return rows[which], event, after


def joined(parts):
    """Crossing arrays (index, event, after) joined, sorted by playhead (stable: each playhead's
    crossings stay in the order found)."""
    parts = [part for part in parts if part[0].size]
    if not parts:
        return no_crossings()
    index, event, after = (np.concatenate(column) for column in zip(*parts))
    order = np.argsort(index, kind="stable")
    return index[order], event[order], after[order]


def no_crossings():
    return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64), np.zeros(0)
