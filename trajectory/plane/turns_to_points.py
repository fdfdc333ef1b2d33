"""Paths to points for many units at once, as arrays: ``turn_to_point``'s seed's turn then go
straight and truly shortest path, each unit's shortest candidate chosen by array operations."""

import dataclasses
import math

import numpy as np

from trajectory._numerics.angles import wrapped
from trajectory._numerics.checks import flag
from trajectory._numerics.maths import ARRAYS
from trajectory.plane.cc_to_point import steering_paths_to_points
from trajectory.plane.steering_turns import steering_sharpness
from trajectory.plane.turn_paths import MIRRORED, GoalPlace, TurnPaths, radii_for, rows
from trajectory.plane.turn_to_point import MIRRORED_PLACES, TIE, tangent_exit, touching_turns


def plan_turns(starts, goals, radius, *, reverse=False, sharpness=None):
    """``plan_turn`` for many units at once: start poses (n, 3), goal points (n, 2), one radius or
    one per unit.

    Returns:
        ``TurnPaths`` of an arc and a line per unit, words "LS" or "RS" (with ``gears`` when
        ``reverse``); for units that steer (``sharpness``, as ``plan_turn``), clothoids too.

    Raises:
        ValueError: On input of the wrong shape, non-finite values, radii or a sharpness that are
            not positive finite numbers, or (units that steer) a point the turn cannot reach.
    """
    sharpness = steering_sharpness(sharpness, radius)
    if sharpness is not None:
        return _steering_to_points(starts, goals, radius, reverse, sharpness, seed_only=True)
    return _to_points(starts, goals, radius, reverse, _seed_options)


def shortest_paths_to_points(starts, goals, radius, *, reverse=False, sharpness=None):
    """``shortest_path_to_point`` for many units at once: start poses (n, 3), goal points (n, 2),
    one radius or one per unit.

    Returns:
        ``TurnPaths`` of two segments per unit, with ``goal_places`` saying where each point lay (and
        ``gears`` when ``reverse``); for units that steer (``sharpness``, as
        ``shortest_path_to_point``), clothoids too and no ``goal_places``.

    Raises:
        ValueError: As ``plan_turns``.
    """
    sharpness = steering_sharpness(sharpness, radius)
    if sharpness is not None:
        return _steering_to_points(starts, goals, radius, reverse, sharpness)
    return _to_points(starts, goals, radius, reverse, _shortest_options)


def _steering_to_points(starts, goals, radius, reverse, sharpness, seed_only=False):
    """``cc_to_point``'s paths for many units, checked; with ``reverse`` each the shorter of that
    and of backing (the unit turned round, driven in reverse)."""
    starts, goals = rows(starts, "starts", 3), rows(goals, "goals", 2)
    if starts.shape[0] != goals.shape[0]:
        raise ValueError(f"starts (n, 3) and goals (n, 2) must be as many, got {len(starts)}, {len(goals)}")
    reverse = flag(reverse, "reverse")
    starts = np.column_stack([starts[:, :2], wrapped(starts[:, 2])])
    paths, missed = steering_paths_to_points(
        starts, goals, radii_for(radius, len(starts)), sharpness, reverse, TIE, seed_only
    )
    if missed.size:
        raise ValueError(
            f"{missed.size} unit(s) cannot turn towards their points and go straight "
            f"(the first: unit {missed[0]})"
        )
    return paths


def _to_points(starts, goals, radius, reverse, options):
    """``_to_point`` over arrays: per unit the shortest of ``options`` (a function of the units ->
    the candidates and the places), and with ``reverse`` of their backed forms too."""
    starts, goals = rows(starts, "starts", 3), rows(goals, "goals", 2)
    if starts.shape[0] != goals.shape[0]:
        raise ValueError(f"starts (n, 3) and goals (n, 2) must be as many, got {len(starts)}, {len(goals)}")
    origins, headings, radii = starts[:, :2], wrapped(starts[:, 2]), radii_for(radius, len(starts))
    candidates, places = options(origins, headings, goals, radii)
    paths = _shortest(origins, headings, radii, candidates)
    if not flag(reverse, "reverse"):
        return dataclasses.replace(paths, goal_places=places)
    turned, turned_places = options(origins, wrapped(headings + math.pi), goals, radii)
    backed = _shortest(origins, headings, radii, turned)
    better = (backed.lengths < paths.lengths * (1.0 - TIE))[:, None]
    mirrored = np.char.translate(backed.words.astype(str), MIRRORED)
    if places is not None:
        flipped = np.vectorize(MIRRORED_PLACES.get, otypes=[object])(turned_places)
        places = np.where(better[:, 0], flipped, places)
    return dataclasses.replace(
        paths,
        turns=np.where(better, -backed.turns, paths.turns),
        segment_lengths=np.where(better, backed.segment_lengths, paths.segment_lengths),
        words=np.where(better[:, 0], mirrored, paths.words),
        goal_places=places,
        gears=np.where(better, -1.0, 1.0) * np.ones_like(paths.segment_lengths),
    )


def _seed_options(origins, headings, destinations, radii):
    """``plan_turns``' candidates, and no places."""
    return [_arcs_then_straight(origins, headings, destinations, radii, turn) for turn in (1.0, -1.0)], None


def _shortest_options(origins, headings, destinations, radii):
    """``shortest_paths_to_points``' candidates, and where each point lay."""
    straight = [_arcs_then_straight(origins, headings, destinations, radii, turn) for turn in (1.0, -1.0)]
    arc_arc = [
        _arcs_then_arcs(origins, headings, destinations, radii, turn, sign)
        for turn in (1.0, -1.0)
        for sign in (1.0, -1.0)
    ]
    inside_left, inside_right = (~exists for exists, _, _, _ in straight)
    places = np.where(
        inside_left, GoalPlace.INSIDE_LEFT, np.where(inside_right, GoalPlace.INSIDE_RIGHT, GoalPlace.OUTSIDE)
    )
    return straight + arc_arc, places


def _shortest(origins, headings, radii, options):
    """Per unit the shortest of ``options``, each (exists (n,), parts (n, 2), turns (2,), word)."""
    totals = np.stack([np.where(exists, parts.sum(axis=1), np.inf) for exists, parts, _, _ in options])
    best = np.argmax(totals <= totals.min(axis=0) * (1.0 + TIE), axis=0)
    units = np.arange(best.size)
    parts = np.stack([parts for _, parts, _, _ in options])[best, units]
    turns = np.array([turns for _, _, turns, _ in options])[best]
    words = np.array([word for _, _, _, word in options])[best]
    return TurnPaths(np.column_stack([origins, headings]), radii, turns, parts, words)


def _arcs_then_straight(origins, headings, destinations, radii, turn):
    """``_turn_then_straight`` over arrays: (reachable, parts (arc, line), turns, word)."""
    c, s = np.cos(headings), np.sin(headings)
    dx, dy = (destinations - origins).T
    reachable, sweep, straight = tangent_exit(c * dx + s * dy, turn * (c * dy - s * dx), radii, ARRAYS)
    return reachable, np.column_stack([radii * sweep, straight]), (turn, 0.0), "LS" if turn > 0 else "RS"


def _arcs_then_arcs(origins, headings, destinations, radii, turn, sign):
    """``_turn_then_turn`` over arrays, one of its two solutions (``sign``): (exists, parts, turns, word)."""
    c, s = np.cos(headings), np.sin(headings)
    dx, dy = (destinations - origins).T
    exists, sweep, sweep2 = touching_turns(c * dx + s * dy, turn * (c * dy - s * dx), radii, sign, ARRAYS)
    parts = np.column_stack([radii * sweep, radii * sweep2])
    return exists, parts, (turn, -turn), "LR" if turn > 0 else "RL"
