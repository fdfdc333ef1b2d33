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

>>> path = reeds_shepp_path((0.0, 0.0, 0.0), (-3.0, 0.0, 0.0), radius=1.0)
>>> path.word, path.length, path.gears  # the goal straight behind: back up to it
('S', 3.0, (-1.0,))
"""

import math

from trajectory._checks import positive_finite
from trajectory.angles import same_headings, wrapped
from trajectory.turn_paths import path_from_turns, pose

_ZERO = 10.0 * 2.0**-52
"""How far below 0 a computed length may be and still count as 0 (the formulas' rounding)."""
_NEGLIGIBLE = 1e-12
"""Segments shorter than this part of the path (in radii, at least) are left out."""
_HALF_PI = math.pi / 2.0
_TWO_PI = 2.0 * math.pi  # math.remainder(angle, _TWO_PI): the angle reduced to [-pi, pi]
_TURNS = {"L": 1.0, "S": 0.0, "R": -1.0}
_MIRRORED = str.maketrans("LR", "RL")


def _tau_omega(u, v, xi, eta, phi):
    """The first and last turns (t, v) of the four-turn words, given the middle ones (8.7, 8.8)."""
    delta = math.remainder(u - v, _TWO_PI)
    a = math.sin(u) - math.sin(delta)
    b = math.cos(u) - math.cos(delta) - 1.0
    t1 = math.atan2(eta * a - xi * b, xi * a + eta * b)
    t2 = 2.0 * (math.cos(delta) - math.cos(v) - math.cos(u)) + 3.0
    tau = math.remainder(t1 + math.pi, _TWO_PI) if t2 < 0.0 else math.remainder(t1, _TWO_PI)
    return tau, math.remainder(tau - u + v - phi, _TWO_PI)


def _lsl(x, y, phi, sin_phi, cos_phi):
    """8.1: L+ S+ L+."""
    xi, eta = x - sin_phi, y - 1.0 + cos_phi
    u, t = math.hypot(xi, eta), math.atan2(eta, xi)
    v = math.remainder(phi - t, _TWO_PI)
    return (t, u, v) if t >= -_ZERO and v >= -_ZERO else None


def _lsr(x, y, phi, sin_phi, cos_phi):
    """8.2: L+ S+ R+."""
    xi, eta = x + sin_phi, y - 1.0 - cos_phi
    squared = xi * xi + eta * eta
    if squared < 4.0:
        return None
    u = math.sqrt(squared - 4.0)
    t = math.remainder(math.atan2(eta, xi) + math.atan2(2.0, u), _TWO_PI)
    v = math.remainder(t - phi, _TWO_PI)
    return (t, u, v) if t >= -_ZERO and v >= -_ZERO else None


def _lrl(x, y, phi, sin_phi, cos_phi):
    """8.3/8.4: L+ R- L."""
    xi, eta = x - sin_phi, y - 1.0 + cos_phi
    rho = math.hypot(xi, eta)
    if rho > 4.0:
        return None
    u = -2.0 * math.asin(rho / 4.0)
    t = math.remainder(math.atan2(eta, xi) + u / 2.0 + math.pi, _TWO_PI)
    v = math.remainder(phi - t + u, _TWO_PI)
    return (t, u, v) if t >= -_ZERO and u <= _ZERO else None


def _lrlr_opposed(x, y, phi, sin_phi, cos_phi):
    """8.7: L+ R+ L- R-, the middle turns equal and opposite."""
    xi, eta = x + sin_phi, y - 1.0 - cos_phi
    rho = (2.0 + math.hypot(xi, eta)) / 4.0
    if rho > 1.0:
        return None
    u = math.acos(rho)
    t, v = _tau_omega(u, -u, xi, eta, phi)
    return (t, u, -u, v) if t >= -_ZERO and v <= _ZERO else None


def _lrlr_equal(x, y, phi, sin_phi, cos_phi):
    """8.8: L+ R- L- R+, the middle turns equal."""
    xi, eta = x + sin_phi, y - 1.0 - cos_phi
    rho = (20.0 - xi * xi - eta * eta) / 16.0
    if not 0.0 <= rho <= 1.0:
        return None
    u = -math.acos(rho)
    if u < -_HALF_PI:
        return None
    t, v = _tau_omega(u, u, xi, eta, phi)
    return (t, u, u, v) if t >= -_ZERO and v >= -_ZERO else None


def _lrsl(x, y, phi, sin_phi, cos_phi):
    """8.9: L+ R-(pi/2) S- L-."""
    xi, eta = x - sin_phi, y - 1.0 + cos_phi
    rho = math.hypot(xi, eta)
    if rho < 2.0:
        return None
    r = math.sqrt(rho * rho - 4.0)
    u = 2.0 - r
    t = math.remainder(math.atan2(eta, xi) + math.atan2(r, -2.0), _TWO_PI)
    v = math.remainder(phi - _HALF_PI - t, _TWO_PI)
    return (t, -_HALF_PI, u, v) if t >= -_ZERO and u <= _ZERO and v <= _ZERO else None


def _lrsr(x, y, phi, sin_phi, cos_phi):
    """8.10: L+ R-(pi/2) S- R-."""
    xi, eta = x + sin_phi, y - 1.0 - cos_phi
    rho = math.hypot(eta, xi)
    if rho < 2.0:
        return None
    t = math.atan2(xi, -eta)
    u = 2.0 - rho
    v = math.remainder(t + _HALF_PI - phi, _TWO_PI)
    return (t, -_HALF_PI, u, v) if t >= -_ZERO and u <= _ZERO and v <= _ZERO else None


def _lrslr(x, y, phi, sin_phi, cos_phi):
    """8.11: L+ R-(pi/2) S- L-(pi/2) R+."""
    xi, eta = x + sin_phi, y - 1.0 - cos_phi
    rho = math.hypot(xi, eta)
    if rho < 2.0:
        return None
    u = 4.0 - math.sqrt(rho * rho - 4.0)
    if u > _ZERO:
        return None
    t = math.remainder(math.atan2((4.0 - u) * xi - 2.0 * eta, -2.0 * xi + (u - 4.0) * eta), _TWO_PI)
    v = math.remainder(t - phi, _TWO_PI)
    return (t, -_HALF_PI, u, -_HALF_PI, v) if t >= -_ZERO and v >= -_ZERO else None


_FAMILIES = (
    # (formula, its word, whether its backwards reading is another word); a formula takes the
    # goal (x, y, phi) and the sine and cosine of phi, worked out once for all the candidates
    # (a reading changes only their signs)
    (_lsl, "LSL", False),
    (_lsr, "LSR", False),
    (_lrl, "LRL", True),
    (_lrlr_opposed, "LRLR", False),
    (_lrlr_equal, "LRLR", False),
    (_lrsl, "LRSL", True),
    (_lrsr, "LRSR", True),
    (_lrslr, "LRSLR", False),
)
_SYMMETRIES = ((False, False), (True, False), (False, True), (True, True))  # (time-flip, reflect)


def _candidates(x, y, phi, families=_FAMILIES):
    """Every word of ``families`` that reaches (x, y, phi) from the origin facing +x with radius 1, as (its
    formula's lengths, how to read them: (word, time-flip, reflect, backwards)); ``_read`` gives
    the word and its signed lengths. The total length does not depend on the reading."""
    cos_phi, sin_phi = math.cos(phi), math.sin(phi)
    back_x, back_y = x * cos_phi + y * sin_phi, x * sin_phi - y * cos_phi
    for formula, word, has_backwards in families:
        readings = ((x, y, False), (back_x, back_y, True)) if has_backwards else ((x, y, False),)
        for gx, gy, backwards in readings:
            for flip, reflect in _SYMMETRIES:
                sign = -1.0 if flip != reflect else 1.0  # the turn's, and so its sine's
                lengths = formula(
                    -gx if flip else gx, -gy if reflect else gy, sign * phi, sign * sin_phi, cos_phi
                )
                if lengths is not None:
                    yield lengths, (word, flip, reflect, backwards)


def _read(lengths, word, flip, reflect, backwards):
    """A candidate's word and signed lengths (negative: in reverse)."""
    letters = word.translate(_MIRRORED) if reflect else word
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
    best, least = None, math.inf
    for lengths, reading in _candidates(x, y, phi):
        total = sum(map(abs, lengths))
        if total < least:
            best, least = (lengths, reading), total
    return _read(best[0], *best[1])


def shortest_length(x, y, phi, families=_FAMILIES):
    """The length of the shortest path of ``families`` to (x, y, phi) from the origin facing +x,
    radius 1; inf where none reaches it (every goal has a word of all the families)."""
    return min((sum(map(abs, lengths)) for lengths, _ in _candidates(x, y, phi, families)), default=math.inf)


def csc_length(start, goal, radius):
    """The length of the shortest of the eight CSC words (LSL and LSR, each time-flipped and
    reflected) between two poses (floats, the radius positive; unchecked): at least the shortest
    path's, and often equal to it away from the goal; a fifth of the work (the planner's
    estimate of the rest). Where none of them exists (their turns have signs to keep), the
    shortest path's."""
    x, y, phi = _goal_in_start_frame(start, goal, radius)
    csc = shortest_length(x, y, phi, _FAMILIES[:2])
    return radius * (csc if math.isfinite(csc) else shortest_length(x, y, phi))


def reeds_shepp_path(start, goal, radius):
    """The shortest path from pose ``start`` to pose ``goal`` (each (x, y, heading)) for a unit
    turning no tighter than ``radius`` that may drive forwards and in reverse.

    Returns:
        A ``TurnPath`` whose ``gears`` say which segments are backed along (its ``pose`` gives
        the heading the unit faces) and whose ``cusps`` are where it changes gear. Segments of
        no length (to 1e-12 of the path) are left out, so that it never stops to go nowhere;
        start = goal gives one empty straight segment.

    Raises:
        ValueError: On non-finite poses or a radius that is not a positive finite number.
    """
    start, goal = pose(start, "start"), pose(goal, "goal")
    radius = positive_finite(radius, "radius")
    start[2], goal[2] = wrapped(start[2]), wrapped(goal[2])
    if same_headings(start[2], goal[2]):
        goal[2] = start[2]
    word, pieces = shortest(start, goal, radius)
    turns, gears, parts = zip(*pieces) if pieces else ((0.0,), (1.0,), (0.0,))
    return path_from_turns(start, radius, turns, parts, word or "S", end=goal, gears=gears)


def shortest(start, goal, radius):
    """The shortest path between two poses (floats, the radius positive; unchecked: the
    planner's fast path) as its word and pieces (turn, gear, length), none of no length."""
    word, lengths = shortest_word(*_goal_in_start_frame(start, goal, radius))
    # Turns of a few ulps are the rounding of the goal's frame (cos(pi / 2) is 6e-17, not 0): a
    # stop and a change of gear there would go nowhere.
    negligible = _NEGLIGIBLE * max(1.0, sum(map(abs, lengths)))
    kept = [(letter, length) for letter, length in zip(word, lengths) if abs(length) > negligible]
    pieces = [
        (_TURNS[letter], 1.0 if length >= 0.0 else -1.0, abs(length) * radius) for letter, length in kept
    ]
    return "".join(letter for letter, _ in kept), pieces
