"""The shortest path for a unit with a turning radius that may also back up (a car, a truck): the
Reeds-Shepp paths.

A path is a word of at most five letters, L (steer left), S (straight) and R (steer right), each
driven forwards or in reverse. Reeds and Shepp (1990) give closed forms for a few base words
(formulas 8.1-8.11, with the corrections to 8.3/8.4 and 8.11 that OMPL uses); every other word is
one of them seen through a symmetry:

- time-flip: driving the same steering backwards (x and the heading change sign, so do the lengths);
- reflection: the mirror image across the start's axis (y and the heading change sign, L and R swap);
- backwards: the path from the goal to the start, read in the opposite order.

All 44 candidates, lengths in units of the radius (negative: in reverse), are tried and the
shortest kept: the candidate set of OMPL's ``ReedsSheppStateSpace`` (its equivalent of the paper's
48 words), with whose lengths ours agree to 1e-14 on random cases.

>>> path = reeds_shepp_path((0.0, 0.0, 0.0), (-3.0, 0.0), radius=1.0, heading=0.0)
>>> path.word, path.length, path.gears  # the goal straight behind: back up to it
('S', 3.0, (-1.0,))
"""

import math
from math import acos, asin, atan2, cos, remainder, sin, sqrt

import numpy as np

from trajectory._numerics.angles import same_headings, wrapped
from trajectory._numerics.checks import positive_finite
from trajectory._numerics.maths import FLOATS
from trajectory.plane.cc_reeds_shepp import cc_reeds_shepp_paths
from trajectory.plane.steering_turns import steering_sharpness
from trajectory.plane.turn_paths import MIRRORED, TurnPaths, angle, path_from_turns, point, pose

_ZERO = 10.0 * 2.0**-52
"""How far below 0 a computed length may be and still count as 0 (the formulas' rounding)."""
NEGLIGIBLE = 1e-12
"""Segments shorter than this part of the path (in radii, at least) are left out."""
_HALF_PI = math.pi / 2.0
_TWO_PI = 2.0 * math.pi  # remainder(angle, _TWO_PI): the angle reduced to [-pi, pi]
_TURNS = {"L": 1.0, "S": 0.0, "R": -1.0}

# The formulas. Each takes the goal (x, y, phi) seen from the origin facing +x, radius 1, through
# the centre of one of its turning circles relative to the start's left circle (0, 1): (xi, eta),
# its distance rho and direction theta (worked out once for all the formulas of a reading), phi,
# and rho² - 4 without the cancellation of a circle 2 away (``room``); it returns the signed
# lengths of its word, or None where the word does not reach the goal.
# The left circle's centre is (x - sin phi, y + cos phi), the right one's (x + sin phi, y - cos phi).


def _tau_omega(u, v, xi, eta, phi):
    """The first and last turns (t, v) of the four-turn words, given the middle ones (8.7, 8.8)."""
    delta = remainder(u - v, _TWO_PI)
    a = sin(u) - sin(delta)
    b = cos(u) - cos(delta) - 1.0
    t1 = atan2(eta * a - xi * b, xi * a + eta * b)
    t2 = 2.0 * (cos(delta) - cos(v) - cos(u)) + 3.0
    tau = remainder(t1 + math.pi, _TWO_PI) if t2 < 0.0 else remainder(t1, _TWO_PI)
    return tau, remainder(tau - u + v - phi, _TWO_PI)


def _lsl(xi, eta, rho, theta, phi, room):
    """8.1: L+ S+ L+ (the left circle)."""
    v = remainder(phi - theta, _TWO_PI)
    return (theta, rho, v) if theta >= -_ZERO and v >= -_ZERO else None


def _lsr(xi, eta, rho, theta, phi, room):
    """8.2: L+ S+ R+ (the right circle). The first turn theta + atan2(2, u) written as
    atan2(xi, -eta) - atan2(u, 2): no cancellation of two angles near pi / 2 (a goal a hair beside
    the start's line, straight ahead or behind)."""
    if room < 0.0:
        return None
    u = sqrt(room)
    t = remainder(atan2(xi, -eta) - atan2(u, 2.0), _TWO_PI)
    v = remainder(t - phi, _TWO_PI)
    return (t, u, v) if t >= -_ZERO and v >= -_ZERO else None


def _lrl(xi, eta, rho, theta, phi, room):
    """8.3/8.4: L+ R- L (the left circle)."""
    if rho > 4.0:
        return None
    u = -2.0 * asin(rho / 4.0)
    t = remainder(theta + u / 2.0 + math.pi, _TWO_PI)
    v = remainder(phi - t + u, _TWO_PI)
    return (t, u, v) if t >= -_ZERO and u <= _ZERO else None


def _lrlr_opposed(xi, eta, rho, theta, phi, room):
    """8.7: L+ R+ L- R-, the middle turns equal and opposite (the right circle)."""
    rho = (2.0 + rho) / 4.0
    if rho > 1.0:
        return None
    u = acos(rho)
    t, v = _tau_omega(u, -u, xi, eta, phi)
    return (t, u, -u, v) if t >= -_ZERO and v <= _ZERO else None


def _lrlr_equal(xi, eta, rho, theta, phi, room):
    """8.8: L+ R- L- R+, the middle turns equal (the right circle)."""
    rho = (20.0 - xi * xi - eta * eta) / 16.0
    if not 0.0 <= rho <= 1.0:
        return None
    u = -acos(rho)
    if u < -_HALF_PI:
        return None
    t, v = _tau_omega(u, u, xi, eta, phi)
    return (t, u, u, v) if t >= -_ZERO and v >= -_ZERO else None


def _lrsl(xi, eta, rho, theta, phi, room):
    """8.9: L+ R-(pi/2) S- L- (the left circle)."""
    if rho < 2.0:
        return None
    r = sqrt(rho * rho - 4.0)
    u = 2.0 - r
    t = remainder(theta + atan2(r, -2.0), _TWO_PI)
    v = remainder(phi - _HALF_PI - t, _TWO_PI)
    return (t, -_HALF_PI, u, v) if t >= -_ZERO and u <= _ZERO and v <= _ZERO else None


def _lrsr(xi, eta, rho, theta, phi, room):
    """8.10: L+ R-(pi/2) S- R- (the right circle)."""
    if rho < 2.0:
        return None
    t = atan2(xi, -eta)
    u = 2.0 - rho
    v = remainder(t + _HALF_PI - phi, _TWO_PI)
    return (t, -_HALF_PI, u, v) if t >= -_ZERO and u <= _ZERO and v <= _ZERO else None


def _lrslr(xi, eta, rho, theta, phi, room):
    """8.11: L+ R-(pi/2) S- L-(pi/2) R+ (the right circle)."""
    if rho < 2.0:
        return None
    u = 4.0 - sqrt(max(room, 0.0))
    if u > _ZERO:
        return None
    t = remainder(atan2((4.0 - u) * xi - 2.0 * eta, -2.0 * xi + (u - 4.0) * eta), _TWO_PI)
    v = remainder(t - phi, _TWO_PI)
    return (t, -_HALF_PI, u, -_HALF_PI, v) if t >= -_ZERO and v >= -_ZERO else None


_LEFT, _RIGHT = 0, 1
_ROOM = 1e-9
"""Slack on the bounds within which a word can exist: the formula itself decides near them."""
_ANY = (-math.pi, math.pi)
_FAMILIES = (
    # (formula, its word, the goal's circle it takes, whether its backwards reading is another
    # word, and the distances rho and directions theta of the circle where it can exist: checked
    # before calling it. The first turn t must lie in [0, pi], and is theta plus a turn of known
    # size: LSL 0, LSR (0, pi/2], LRSR pi/2. (LRL's and LRSL's, in [pi/2, pi], would give theta
    # <= pi/2 but for theta = pi, t = 0 on a circle's edge.))
    (_lsl, "LSL", _LEFT, False, (0.0, math.inf), (-_ZERO, math.pi)),
    (_lsr, "LSR", _RIGHT, False, (2.0 - _ROOM, math.inf), (-_HALF_PI - _ROOM, math.pi)),
    (_lrl, "LRL", _LEFT, True, (0.0, 4.0 + _ROOM), _ANY),
    (_lrlr_opposed, "LRLR", _RIGHT, False, (0.0, 2.0 + _ROOM), _ANY),
    (_lrlr_equal, "LRLR", _RIGHT, False, (2.0 - _ROOM, math.sqrt(20.0) + _ROOM), _ANY),
    (_lrsl, "LRSL", _LEFT, True, (2.0 - _ROOM, math.inf), _ANY),
    (_lrsr, "LRSR", _RIGHT, True, (2.0 - _ROOM, math.inf), (-_HALF_PI - _ROOM, _HALF_PI + _ROOM)),
    (_lrslr, "LRSLR", _RIGHT, False, (math.sqrt(20.0) - _ROOM, math.inf), _ANY),
)
_CSC = _FAMILIES[:2]
_SYMMETRIES = ((False, False), (True, False), (False, True), (True, True))  # (time-flip, reflect)


_READINGS = tuple((backwards, flip, reflect) for backwards in (False, True) for flip, reflect in _SYMMETRIES)
CANDIDATES = tuple(
    (formula, word, circle, reading, near, far, lowest, highest)
    for formula, word, circle, has_backwards, (near, far), (lowest, highest) in _FAMILIES
    for reading in _READINGS
    if has_backwards or not reading[0]
)
"""The 44 candidates in the order they are tried: each family through each reading (backwards,
time-flip, reflect) of the goal, forwards first, its backwards readings only where they are
another word; then its circle and the bounds on rho and theta where it can exist."""


def _readings(x, y, phi, backwards, m=FLOATS):
    """The goal (x, y, phi), seen from the origin facing +x with radius 1 (read ``backwards``:
    the path from the goal to the start), through each of ``_SYMMETRIES``: a dict (backwards,
    time-flip, reflect) -> the goal's left and right circles as the formulas take them (floats,
    or arrays with ``m = maths.ARRAYS``)."""
    cos_phi, sin_phi = m.cos(phi), m.sin(phi)
    if backwards:
        x, y = x * cos_phi + y * sin_phi, x * sin_phi - y * cos_phi
    # ry - 1 + cos(phi) and (for the right circle, qy + 2) ry + 1 - cos(phi) written without
    # losing a tiny ry to the 1: a goal a hair beside the start's line.
    versine = 2.0 * m.sin(phi / 2.0) ** 2
    readings = {}
    for flip, reflect in _SYMMETRIES:
        # A time-flip negates x, a reflection y; either one (not both) the turn.
        sign = -1.0 if flip != reflect else 1.0
        rx, ry, turn, sine = -x if flip else x, -y if reflect else y, sign * phi, sign * sin_phi
        lx, ly, qx, qy = rx - sine, ry - versine, rx + sine, ry - 1.0 - cos_phi
        right_room = qx * qx + (qy - 2.0) * (ry + versine)
        readings[backwards, flip, reflect] = (
            (lx, ly, m.hypot(lx, ly), m.atan2(ly, lx), turn, lx * lx + ly * ly - 4.0),
            (qx, qy, m.hypot(qx, qy), m.atan2(qy, qx), turn, right_room),
        )
    return readings


def _all_readings(x, y, phi, m=FLOATS):
    """``_readings`` forwards, then backwards."""
    return _readings(x, y, phi, False, m) | _readings(x, y, phi, True, m)


def _shortest_candidate(readings, families=_FAMILIES):
    """The shortest word of ``families`` that reaches the goal of ``readings`` (``_readings``):
    (its length, its formula's lengths, how to read them: (word, time-flip, reflect,
    backwards)); (inf, None, None) where none does. ``_read`` gives the word and its signed
    lengths; the total length does not depend on the reading. Of equal lengths, the first of
    ``families`` wins, then the forwards reading, then the first of ``_SYMMETRIES``."""
    least, best, reading = math.inf, None, None
    for formula, word, circle, has_backwards, (near, far), (lowest, highest) in families:
        for key, circles in readings.items():
            if key[0] and not has_backwards:
                continue
            xi, eta, rho, theta, phi, room = circles[circle]
            if near <= rho <= far and lowest <= theta <= highest:
                lengths = formula(xi, eta, rho, theta, phi, room)
                if lengths is not None:
                    total = sum(map(abs, lengths))
                    if total < least:
                        least, best, reading = total, lengths, (word, key[1], key[2], key[0])
    return least, best, reading


def _read(lengths, word, flip, reflect, backwards):
    """A candidate's word and signed lengths (negative: in reverse)."""
    letters = word.translate(MIRRORED) if reflect else word
    if flip:
        lengths = tuple(-length for length in lengths)
    if backwards:
        letters, lengths = letters[::-1], lengths[::-1]
    return letters, lengths


def _goal_in_start_frame(start, goal, radius):
    """The goal seen from the start (x forwards, y to the left), in radii, and the turn between."""
    x0, y0, heading0 = start
    dx, dy = goal[0] - x0, goal[1] - y0
    c, s = math.cos(heading0), math.sin(heading0)
    return (c * dx + s * dy) / radius, (c * dy - s * dx) / radius, wrapped(goal[2] - heading0)


def shortest_word(x, y, phi):
    """The shortest word to (x, y, phi) from the origin facing +x, radius 1: (word, signed lengths)."""
    _, lengths, reading = _shortest_candidate(_all_readings(x, y, phi))
    return _read(lengths, *reading)


def csc_length(start, goal, radius):
    """The length of the shortest of the eight CSC words (LSL and LSR, each time-flipped and
    reflected) between two poses (floats, the radius positive; unchecked): at least the shortest
    path's, and often equal to it away from the goal; a third of the work (the planner's
    estimate of the rest). Where none of them exists (their turns have signs to keep), the
    shortest path's."""
    x, y, phi = _goal_in_start_frame(start, goal, radius)
    readings = _readings(x, y, phi, False)  # CSC words read backwards are CSC words
    csc = _shortest_candidate(readings, _CSC)[0]
    if math.isfinite(csc):
        return radius * csc
    readings |= _readings(x, y, phi, True)
    return radius * _shortest_candidate(readings, _FAMILIES[len(_CSC) :])[0]


def reeds_shepp_path(start, goal, radius, *, heading, sharpness=None):
    """The shortest path from pose ``start`` (x, y, heading) to the point ``goal`` (x, y),
    arriving facing ``heading``, for a unit turning no tighter than ``radius`` that may drive
    forwards and in reverse.

    Returns:
        A ``TurnPath`` whose ``gears`` say which segments are backed along (its ``pose`` gives
        the heading the unit faces) and whose ``cusps`` are where it changes gear. Segments of
        no length (to 1e-12 of the path) are left out, so that it never stops to go nowhere;
        start = goal gives one empty straight segment.

    With ``sharpness`` (1 / length², the most the curvature may change per unit of length), a
    unit that steers: ``cc_reeds_shepp``'s path, its word's stretches between gear changes
    joined by "|" ("LSR|RSL"), stopping at each change of gear with its wheels straight.

    Raises:
        ValueError: On a start, goal or heading that is not finite, or a radius or sharpness
            that is not a positive finite number.
    """
    start, goal = pose(start, "start"), [*point(goal, "goal"), angle(heading, "heading")]
    radius = positive_finite(radius, "radius")
    sharpness = steering_sharpness(sharpness, radius)
    start[2] = wrapped(start[2])
    if same_headings(start[2], goal[2]):
        goal[2] = start[2]
    word, pieces = shortest(start, goal, radius)
    turns, gears, parts = zip(*pieces) if pieces else ((0.0,), (1.0,), (0.0,))
    if sharpness is not None:
        rows = (np.array([column]) for column in (start, turns, parts, goal, gears))
        starts, turns, parts, goals, gears = rows
        arcs = TurnPaths(
            starts, np.array([radius]), turns, parts, np.array([word or "S"]), ends=goals, gears=gears
        )
        return cc_reeds_shepp_paths(arcs, sharpness).path(0)
    return path_from_turns(start, radius, turns, parts, word or "S", end=goal, gears=gears)


def shortest(start, goal, radius):
    """The shortest path between two poses (floats, the radius positive; unchecked: the
    planner's fast path) as its word and pieces (turn, gear, length), none of no length."""
    word, lengths = shortest_word(*_goal_in_start_frame(start, goal, radius))
    # Turns of a few ulps are the rounding of the goal's frame (cos(pi / 2) is 6e-17, not 0): a
    # stop and a change of gear there would go nowhere.
    negligible = NEGLIGIBLE * max(1.0, sum(map(abs, lengths)))
    kept = [(letter, length) for letter, length in zip(word, lengths) if abs(length) > negligible]
    pieces = [
        (_TURNS[letter], 1.0 if length >= 0.0 else -1.0, abs(length) * radius) for letter, length in kept
    ]
    return "".join(letter for letter, _ in kept), pieces
