"""Shots of finite speed in flight, for both tower-defense games: each fired at where its target
will be when it lands, and on landing a hit (the target within a radius of that point), a miss
(it went elsewhere: slowed, pushed, turned) or wasted (it is gone: killed, or home)."""

import dataclasses

import numpy as np


@dataclasses.dataclass
class Shot:
    """A shot from ``start`` (2,) at the enemy numbered ``target``, fired at game time ``fired``
    to land at ``aim`` (2,) at ``lands``; ``kind`` is the tower's (what a hit does)."""

    start: np.ndarray
    aim: np.ndarray
    fired: float
    lands: float
    target: int
    kind: object = None

    def done(self, time):
        """How much of its flight the shot has flown at game ``time``: 0 to 1."""
        return min(max((time - self.fired) / max(self.lands - self.fired, 1e-12), 0.0), 1.0)

    def at(self, time):
        """Where the shot is at game ``time`` (2,): on the straight from its start to its aim."""
        return self.start + (self.aim - self.start) * self.done(time)


class ShotsInFlight:
    """The shots on their way, and the count of those that landed: ``hits``, ``misses`` and
    ``wasted``; a shot hits when its target is within ``hit_radius`` of its aim."""

    def __init__(self, hit_radius):
        self.hit_radius = float(hit_radius)
        self.flying = []
        self.hits = self.misses = self.wasted = 0

    def fire(self, shot):
        self.flying.append(shot)

    def aimed_at(self, ids):
        """(n,) how many shots are on their way to each enemy of ``ids`` (n,), ascending."""
        targets = np.array([shot.target for shot in self.flying], dtype=np.int64)
        targets = targets[np.isin(targets, ids)]
        return np.bincount(np.searchsorted(ids, targets), minlength=len(ids))

    def land(self, until, ids, positions):
        """Land the shots due by game time ``until`` on the enemies numbered ``ids`` (n,),
        ascending, standing at ``positions`` (n, 2): the hits, as (the enemy's index, the shot)."""
        hits, flying = [], []
        for shot in self.flying:
            if shot.lands > until:
                flying.append(shot)
                continue
            where = int(np.searchsorted(ids, shot.target))
            if where == len(ids) or ids[where] != shot.target:
                self.wasted += 1
            elif np.hypot(*(positions[where] - shot.aim)) <= self.hit_radius:
                self.hits += 1
                hits.append((where, shot))
            else:
                self.misses += 1
        self.flying = flying
        return hits
