"""Paths for units with a turning radius: arcs and lines in the ground plane.

Angles are in radians, counter-clockwise from +x; headings come out in [-pi, pi). A path is a sequence of at most four segments
(the seed's data structure); ``TurnPath.pose`` reads position and heading at a distance along it,
``TurnPath.pose_at_time`` at a time for a speed (the seed's Listing 2).
"""

import dataclasses
import math

import numpy as np

from trajectory._checks import positive_finite

TWO_PI = 2.0 * math.pi
ON_CIRCLE_TOLERANCE = 1e-9
"""Relative slack with which a point counts as on a turning circle rather than inside it."""
_FULL_TURN_SLACK = 1e-12
"""A sweep this close to a full turn is rounding of no turn at all."""


@dataclasses.dataclass(frozen=True)
class Arc:
    """Part of a circle: ``centre`` (x, y), ``radius``, the angle of the start point seen from the
    centre, and the signed ``sweep`` (positive: a left, counter-clockwise turn; its sign holds the
    direction even for a zero sweep, -0.0 being a right turn)."""

    centre: tuple
    radius: float
    start_angle: float
    sweep: float

    @property
    def length(self):
        return self.radius * abs(self.sweep)


@dataclasses.dataclass(frozen=True)
class Line:
    """A straight segment from ``start`` (x, y) in direction ``angle``."""

    start: tuple
    angle: float
    length: float


@dataclasses.dataclass(frozen=True)
class TurnPath:
    """At most four arcs and lines, end to end.

    Attributes:
        segments: The segments in order.
        word: Which kind of path: "LS"/"RS" (turn then go straight), "LR"/"RL" (turn one way, then
            the other), or a Dubins word such as "LSR".
        case: For a path to a point, where the point lay: "outside both turning circles",
            "inside the left turning circle" or "inside the right turning circle".
    """

    segments: tuple
    word: str
    case: str = ""

    @property
    def length(self):
        """The total length."""
        return float(sum(segment.length for segment in self.segments))

    def pose(self, distance):
        """(x, y, heading) at ``distance`` along the path: shape (3,) for a scalar, (n, 3) for (n,).

        Distances below 0 give the start pose, past the end the end pose.
        """
        d = np.asarray(distance, dtype=float)
        flat = np.clip(d.ravel(), 0.0, self.length)
        poses = np.empty((flat.size, 3))
        before = 0.0
        for number, segment in enumerate(self.segments):
            last = number == len(self.segments) - 1
            inside = (flat >= before) & ((flat < before + segment.length) | last)
            local = flat[inside] - before
            poses[inside] = _segment_pose(segment, local)
            flat = np.where(inside, -np.inf, flat)  # taken
            before += segment.length
        return poses[0] if d.ndim == 0 else poses.reshape(d.shape + (3,))

    def pose_at_time(self, time, speed):
        """(x, y, heading) after ``time`` seconds at ``speed`` length units per second."""
        return self.pose(np.asarray(time, dtype=float) * positive_finite(speed, "speed"))


def _segment_pose(segment, local):
    if isinstance(segment, Line):
        x = segment.start[0] + local * math.cos(segment.angle)
        y = segment.start[1] + local * math.sin(segment.angle)
        return np.stack([x, y, np.full_like(local, _wrapped(segment.angle))], axis=-1)
    turn = math.copysign(1.0, segment.sweep)  # a zero sweep keeps its sign: -0.0 turns right
    theta = segment.start_angle + turn * local / segment.radius
    x = segment.centre[0] + segment.radius * np.cos(theta)
    y = segment.centre[1] + segment.radius * np.sin(theta)
    return np.stack([x, y, _wrapped(theta + turn * math.pi / 2.0)], axis=-1)


def _wrapped(angle):
    """The angle in [-pi, pi)."""
    return (angle + math.pi) % TWO_PI - math.pi


def _point(value, name):
    try:
        point = np.array(value, dtype=float)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be two numbers (x, y), got {value!r}") from None
    if point.shape != (2,) or not np.all(np.isfinite(point)):
        raise ValueError(f"{name} must be two finite numbers (x, y), got {value!r}")
    return point


def _angle(value, name):
    try:
        angle = float(value)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be a finite angle in radians, got {value!r}") from None
    if not math.isfinite(angle):
        raise ValueError(f"{name} must be a finite angle in radians, got {value!r}")
    return angle


def plan_turn(origin, heading, destination, radius):
    """The seed's path to a point: turn fully left or right until facing it, then go straight.

    Of the two, the shorter one that exists; a destination inside a turning circle cannot be
    reached by that turn (a destination on the circle, within ``ON_CIRCLE_TOLERANCE``, can).

    Returns:
        A ``TurnPath`` with word "LS" or "RS".

    Raises:
        ValueError: On non-finite input or a radius that is not a positive finite number.
    """
    origin, destination = _point(origin, "origin"), _point(destination, "destination")
    heading, radius = _angle(heading, "heading"), positive_finite(radius, "radius")
    # The two circles touch only at the origin, so the destination is outside at least one.
    candidates = [
        path
        for turn in (1.0, -1.0)
        if (path := _turn_then_straight(origin, heading, destination, radius, turn))
    ]
    return min(candidates, key=lambda path: path.length)


def shortest_path_to_point(origin, heading, destination, radius):
    """The truly shortest forward path to a point, turning no tighter than ``radius``.

    Outside both turning circles that is the seed's turn-then-straight path. A point inside one
    circle cannot be reached that way on that side, and the other side's arc-and-line may be long
    or impossible; there a path that turns one way and then the other (arc-arc), with the second
    circle touching the first and passing through the point, can be shorter. All candidates are
    built and the shortest returned; ``case`` says where the point lay.

    Raises:
        ValueError: On non-finite input or a radius that is not a positive finite number.
    """
    origin, destination = _point(origin, "origin"), _point(destination, "destination")
    heading, radius = _angle(heading, "heading"), positive_finite(radius, "radius")
    candidates = []
    inside = []
    for turn in (1.0, -1.0):
        path = _turn_then_straight(origin, heading, destination, radius, turn)
        if path is None:
            inside.append("left" if turn > 0 else "right")
        else:
            candidates.append(path)
        candidates.extend(_turn_then_turn(origin, heading, destination, radius, turn))
    case = f"inside the {inside[0]} turning circle" if inside else "outside both turning circles"
    best = min(candidates, key=lambda path: path.length)
    return dataclasses.replace(best, case=case)


def _turn_then_turn(origin, heading, destination, radius, turn):
    """Paths turning ``turn`` (1 left, -1 right) on the start circle, then the other way on a
    circle of the same radius that touches it and passes through the destination."""
    side = heading + turn * math.pi / 2.0
    first = origin + radius * np.array([math.cos(side), math.sin(side)])
    offset = destination - first
    gap = math.hypot(*offset)
    if (
        not (radius * (1.0 - ON_CIRCLE_TOLERANCE) <= gap <= 3.0 * radius * (1.0 + ON_CIRCLE_TOLERANCE))
        or gap == 0.0
    ):
        return []
    # Second centre: 2r from the first, r from the destination.
    along = (4.0 * radius * radius - radius * radius + gap * gap) / (2.0 * gap)
    across = math.sqrt(max(4.0 * radius * radius - along * along, 0.0))
    unit = offset / gap
    normal = np.array([-unit[1], unit[0]])
    paths = []
    for sign in (1.0, -1.0):
        second = first + along * unit + sign * across * normal
        switch = (first + second) / 2.0
        start_angle = side + math.pi
        switch_angle = math.atan2(*(switch - first)[::-1])
        sweep = turn * ((turn * (switch_angle - start_angle)) % TWO_PI)
        arc1 = Arc(tuple(first.tolist()), radius, start_angle, sweep)
        entry_angle = switch_angle + math.pi
        end_angle = math.atan2(*(destination - second)[::-1])
        sweep2 = -turn * ((-turn * (end_angle - entry_angle)) % TWO_PI)
        arc2 = Arc(tuple(second.tolist()), radius, entry_angle, sweep2)
        paths.append(TurnPath((arc1, arc2), "LR" if turn > 0 else "RL"))
    return paths


def _turn_then_straight(origin, heading, destination, radius, turn):
    """The path turning left (turn = 1) or right (-1), or None if the destination is inside."""
    side = heading + turn * math.pi / 2.0
    centre = origin + radius * np.array([math.cos(side), math.sin(side)])
    offset = destination - centre
    h = math.hypot(*offset)
    if h < radius * (1.0 - ON_CIRCLE_TOLERANCE):
        return None
    # On the circle (within the tolerance) the straight part vanishes; computing it from
    # h^2 - r^2 would turn rounding in h into a spurious sliver of line and a near-full turn.
    h = max(h, radius)
    straight = 0.0 if h <= radius * (1.0 + ON_CIRCLE_TOLERANCE) else math.sqrt(h * h - radius * radius)
    # The exit point Q, where the tangent leaves for the destination: P + r (cos, -turn sin) of
    # theta = acos(r / h) from the destination's direction, written without acos, which loses
    # half the digits when the destination is (nearly) on the circle.
    perpendicular = np.array([-offset[1], offset[0]])
    to_exit = (radius * radius * offset - turn * radius * straight * perpendicular) / (h * h)
    exit_angle = math.atan2(to_exit[1], to_exit[0])
    start_angle = side + math.pi
    sweep = turn * ((turn * (exit_angle - start_angle)) % TWO_PI)
    if TWO_PI - abs(sweep) < _FULL_TURN_SLACK:  # facing the destination already, up to rounding
        sweep = math.copysign(0.0, turn)
    exit_point = centre + radius * np.array([math.cos(exit_angle), math.sin(exit_angle)])
    arc = Arc(tuple(centre.tolist()), radius, start_angle, sweep)
    line = Line(tuple(exit_point.tolist()), start_angle + sweep + turn * math.pi / 2.0, straight)
    return TurnPath((arc, line), "LS" if turn > 0 else "RS")


_DUBINS_WORDS = ("LSL", "RSR", "LSR", "RSL", "RLR", "LRL")
_COINCIDENT = 1e-12
"""Normalised distances below this count as zero in the Dubins closed forms."""


def dubins_path(start, goal, radius):
    """The shortest path from pose ``start`` to pose ``goal`` (each (x, y, heading)) turning no
    tighter than ``radius``: the shortest of the six Dubins words.

    Returns:
        A ``TurnPath`` with ``word`` one of LSL, RSR, LSR, RSL, RLR, LRL.

    Raises:
        ValueError: On non-finite poses or a radius that is not a positive finite number.
    """
    x0, y0, heading0 = _pose(start, "start")
    x1, y1, heading1 = _pose(goal, "goal")
    radius = positive_finite(radius, "radius")
    dx, dy = x1 - x0, y1 - y0
    d = math.hypot(dx, dy) / radius
    phi = math.atan2(dy, dx) if d > 0.0 else 0.0
    alpha, beta = (heading0 - phi) % TWO_PI, (heading1 - phi) % TWO_PI
    best = None
    for word in _DUBINS_WORDS:
        parts = _dubins_word(word, alpha, beta, d)
        if parts is not None and (best is None or sum(parts) < sum(best[1])):
            best = (word, parts)
    word, parts = best
    return _build(word, parts, (x0, y0, heading0), radius)


def _pose(value, name):
    try:
        pose = [float(v) for v in value]
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be three numbers (x, y, heading), got {value!r}") from None
    if len(pose) != 3 or not all(map(math.isfinite, pose)):
        raise ValueError(f"{name} must be three finite numbers (x, y, heading), got {value!r}")
    return pose


def _dubins_word(word, alpha, beta, d):
    """Normalised lengths (t, p, q) of one word (radius 1), or None where it does not exist.

    The closed forms of Shkel and Lumelsky, in the arrangement of A. Walker's dubins library.
    """
    sa, sb, ca, cb = math.sin(alpha), math.sin(beta), math.cos(alpha), math.cos(beta)
    # 2 - 2 cos(alpha - beta), written so that it keeps its digits when alpha and beta are close
    # (2 + d^2 - 2 cos would lose a tiny d^2 to rounding).
    gap = 4.0 * math.sin((alpha - beta) / 2.0) ** 2
    c_ab = 1.0 - gap / 2.0
    if word == "LSL":
        p_squared = gap + d * d + 2.0 * d * (sa - sb)
        if p_squared < 0.0:
            return None
        direction = _direction(cb - ca, d + sa - sb, alpha)
        return ((direction - alpha) % TWO_PI, math.sqrt(p_squared), (beta - direction) % TWO_PI)
    if word == "RSR":
        p_squared = gap + d * d + 2.0 * d * (sb - sa)
        if p_squared < 0.0:
            return None
        direction = _direction(ca - cb, d - sa + sb, alpha)
        return ((alpha - direction) % TWO_PI, math.sqrt(p_squared), (direction - beta) % TWO_PI)
    if word == "LSR":
        p_squared = -gap + d * d + 2.0 * d * (sa + sb)
        if p_squared < 0.0:
            return None
        p = math.sqrt(p_squared)
        direction = math.atan2(-ca - cb, d + sa + sb) - math.atan2(-2.0, p)
        return ((direction - alpha) % TWO_PI, p, (direction - beta) % TWO_PI)
    if word == "RSL":
        p_squared = -gap + d * d - 2.0 * d * (sa + sb)
        if p_squared < 0.0:
            return None
        p = math.sqrt(p_squared)
        direction = math.atan2(ca + cb, d - sa - sb) - math.atan2(2.0, p)
        return ((alpha - direction) % TWO_PI, p, (beta - direction) % TWO_PI)
    if word == "RLR":
        cosine = (6.0 - d * d + 2.0 * c_ab + 2.0 * d * (sa - sb)) / 8.0
        if abs(cosine) > 1.0 + 1e-12:
            return None
        p = (TWO_PI - math.acos(max(-1.0, min(1.0, cosine)))) % TWO_PI
        t = (alpha - math.atan2(ca - cb, d - sa + sb) + p / 2.0) % TWO_PI
        return (t, p, (alpha - beta - t + p) % TWO_PI)
    cosine = (6.0 - d * d + 2.0 * c_ab + 2.0 * d * (sb - sa)) / 8.0  # LRL
    if abs(cosine) > 1.0 + 1e-12:
        return None
    p = (TWO_PI - math.acos(max(-1.0, min(1.0, cosine)))) % TWO_PI
    t = (-alpha - math.atan2(ca - cb, d + sa - sb) + p / 2.0) % TWO_PI
    return (t, p, (beta - alpha - t + p) % TWO_PI)


def _direction(y, x, alpha):
    """atan2(y, x), or ``alpha`` where both vanish (start and goal coincide: no turn needed)."""
    return alpha if math.hypot(x, y) < _COINCIDENT else math.atan2(y, x)


def _segment_end(segment):
    """The (x, y) where ``segment`` ends, in plain floats."""
    if isinstance(segment, Line):
        return (
            segment.start[0] + segment.length * math.cos(segment.angle),
            segment.start[1] + segment.length * math.sin(segment.angle),
        )
    angle = segment.start_angle + segment.sweep
    return (
        segment.centre[0] + segment.radius * math.cos(angle),
        segment.centre[1] + segment.radius * math.sin(angle),
    )


def _build(word, parts, start, radius):
    """Segments of a Dubins word with normalised lengths ``parts`` from pose ``start``."""
    x, y, heading = start
    segments = []
    for letter, part in zip(word, parts):
        if letter == "S":
            segment = Line((x, y), heading, part * radius)
        else:
            turn = 1.0 if letter == "L" else -1.0
            side = heading + turn * math.pi / 2.0
            centre = (x + radius * math.cos(side), y + radius * math.sin(side))
            segment = Arc(centre, radius, side + math.pi, turn * part)
            heading += turn * part
        x, y = _segment_end(segment)
        segments.append(segment)
    return TurnPath(tuple(segments), word)


@dataclasses.dataclass(frozen=True)
class DubinsPaths:
    """Many Dubins paths at once, one per unit, as arrays.

    Attributes:
        starts: Start poses, shape (n, 3).
        radii: Turning radii, shape (n,).
        words: Index into ``WORDS`` of each path's word, shape (n,).
        parts: Lengths of each path's three segments, shape (n, 3).
    """

    starts: np.ndarray
    radii: np.ndarray
    words: np.ndarray
    parts: np.ndarray

    WORDS = _DUBINS_WORDS

    @property
    def lengths(self):
        """Each path's length, shape (n,)."""
        return self.parts.sum(axis=1)

    def pose(self, distances):
        """(x, y, heading) of each unit at its own distance along its path, shape (n, 3).

        Distances are clamped to [0, length].
        """
        distances = np.clip(
            np.broadcast_to(np.asarray(distances, dtype=float), self.radii.shape), 0.0, self.lengths
        )
        x, y, heading = (self.starts[:, k].copy() for k in range(3))
        letters = np.array([[_TURN_OF[letter] for letter in word] for word in self.WORDS])[
            self.words
        ]  # (n, 3)
        left = distances.copy()
        for k in range(3):
            step = np.minimum(left, self.parts[:, k])
            left -= step
            x, y, heading = _advance(x, y, heading, letters[:, k], step, self.radii)
        return np.stack([x, y, _wrapped(heading)], axis=1)


_TURN_OF = {"L": 1.0, "S": 0.0, "R": -1.0}


def _advance(x, y, heading, turn, step, radius):
    """Poses after moving ``step`` along a segment that turns ``turn`` (1 left, 0 straight, -1 right)."""
    straight = turn == 0.0
    safe_turn = np.where(straight, 1.0, turn)
    delta = safe_turn * step / radius
    chord_x = np.where(
        straight, step * np.cos(heading), radius / safe_turn * (np.sin(heading + delta) - np.sin(heading))
    )
    chord_y = np.where(
        straight, step * np.sin(heading), radius / safe_turn * (np.cos(heading) - np.cos(heading + delta))
    )
    return x + chord_x, y + chord_y, np.where(straight, heading, heading + delta)


def dubins_paths(starts, goals, radius):
    """The shortest Dubins path for each pair of poses, all at once.

    Args:
        starts, goals: Poses (x, y, heading), shape (n, 3).
        radius: One turning radius or one per unit, shape (n,).

    Returns:
        ``DubinsPaths``.

    Raises:
        ValueError: On poses of the wrong shape or not finite, or radii that are not positive
            finite numbers.
    """
    starts, goals = _rows(starts, "starts", 3), _rows(goals, "goals", 3)
    if starts.shape != goals.shape:
        raise ValueError(f"starts and goals must have the same shape, got {starts.shape} and {goals.shape}")
    radii = np.broadcast_to(np.asarray(radius, dtype=float), starts.shape[:1]).copy()
    if not np.all(np.isfinite(radii) & (radii > 0.0)):
        raise ValueError("radius must be a positive finite number for every unit")
    dx, dy = goals[:, 0] - starts[:, 0], goals[:, 1] - starts[:, 1]
    d = np.hypot(dx, dy) / radii
    phi = np.where(d > 0.0, np.arctan2(dy, dx), 0.0)
    alpha, beta = (starts[:, 2] - phi) % TWO_PI, (goals[:, 2] - phi) % TWO_PI
    trig = (np.sin(alpha), np.sin(beta), np.cos(alpha), np.cos(beta), 4.0 * np.sin((alpha - beta) / 2.0) ** 2)
    candidates = np.stack(
        [_dubins_word_batch(word, alpha, beta, d, trig) for word in _DUBINS_WORDS]
    )  # (6, n, 3)
    totals = np.where(np.isnan(candidates[..., 0]), np.inf, candidates.sum(axis=2))
    words = np.argmin(totals, axis=0)
    parts = candidates[words, np.arange(words.size)] * radii[:, None]
    return DubinsPaths(starts, radii, words, parts)


def _rows(value, name, columns):
    """``value`` as a finite float array shaped (n, columns), or a ValueError naming ``name``."""
    try:
        rows = np.array(value, dtype=float)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be numbers shaped (n, {columns})") from None
    if rows.ndim != 2 or rows.shape[1] != columns or not np.all(np.isfinite(rows)):
        raise ValueError(f"{name} must be finite numbers shaped (n, {columns}), got shape {rows.shape}")
    return rows


def _dubins_word_batch(word, alpha, beta, d, trig):
    """``_dubins_word`` over arrays: (n, 3) normalised lengths, NaN where the word does not exist.

    ``trig`` holds sin(alpha), sin(beta), cos(alpha), cos(beta) and 2 - 2 cos(alpha - beta) (in a
    form that keeps its digits), shared by all six words.
    """
    sa, sb, ca, cb, gap = trig
    c_ab = 1.0 - gap / 2.0
    nan = np.full_like(d, np.nan)
    with np.errstate(invalid="ignore"):
        if word in ("LSL", "RSR"):
            sign = 1.0 if word == "LSL" else -1.0
            p_squared = gap + d * d + 2.0 * d * sign * (sa - sb)
            y, x = sign * (cb - ca), d + sign * (sa - sb)
            direction = np.where(np.hypot(x, y) < _COINCIDENT, alpha, np.arctan2(y, x))
            t, q = sign * (direction - alpha) % TWO_PI, sign * (beta - direction) % TWO_PI
            p = np.sqrt(p_squared)
        elif word in ("LSR", "RSL"):
            sign = 1.0 if word == "LSR" else -1.0
            p_squared = -gap + d * d + 2.0 * d * sign * (sa + sb)
            p = np.sqrt(p_squared)
            direction = np.arctan2(-sign * (ca + cb), d + sign * (sa + sb)) - np.arctan2(-2.0 * sign, p)
            t, q = sign * (direction - alpha) % TWO_PI, sign * (direction - beta) % TWO_PI
        else:
            sign = 1.0 if word == "RLR" else -1.0
            cosine = (6.0 - d * d + 2.0 * c_ab + 2.0 * d * sign * (sa - sb)) / 8.0
            p_squared = np.where(np.abs(cosine) > 1.0 + 1e-12, -1.0, 1.0)
            p = (TWO_PI - np.arccos(np.clip(cosine, -1.0, 1.0))) % TWO_PI
            t = (sign * alpha - np.arctan2(ca - cb, d - sign * (sa - sb)) + p / 2.0) % TWO_PI
            q = (sign * (alpha - beta) - t + p) % TWO_PI
    exists = p_squared >= 0.0
    return np.stack([np.where(exists, t, nan), np.where(exists, p, nan), np.where(exists, q, nan)], axis=1)


@dataclasses.dataclass(frozen=True)
class TurnPaths:
    """Many turn-then-straight paths at once: per unit an arc on ``centres`` (n, 2) from
    ``start_angles`` sweeping ``sweeps``, then a line of ``straights`` at ``line_angles``."""

    centres: np.ndarray
    radii: np.ndarray
    start_angles: np.ndarray
    sweeps: np.ndarray
    line_angles: np.ndarray
    straights: np.ndarray

    @property
    def turns(self):
        """1 for a left turn, -1 for a right one, shape (n,)."""
        return np.copysign(1.0, self.sweeps)

    @property
    def lengths(self):
        """Each path's length, shape (n,)."""
        return self.radii * np.abs(self.sweeps) + self.straights

    def pose(self, distances):
        """(x, y, heading) of each unit at its own distance along its path, shape (n, 3)."""
        d = np.clip(np.broadcast_to(np.asarray(distances, dtype=float), self.radii.shape), 0.0, self.lengths)
        arc_length = self.radii * np.abs(self.sweeps)
        on_arc = np.minimum(d, arc_length)
        theta = self.start_angles + self.turns * on_arc / self.radii
        x = self.centres[:, 0] + self.radii * np.cos(theta)
        y = self.centres[:, 1] + self.radii * np.sin(theta)
        along = d - on_arc
        x = x + along * np.cos(self.line_angles)
        y = y + along * np.sin(self.line_angles)
        heading = np.where(along > 0.0, self.line_angles, theta + self.turns * math.pi / 2.0)
        return np.stack([x, y, _wrapped(heading)], axis=1)


def plan_turns(origins, headings, destinations, radius):
    """``plan_turn`` for many units at once: origins and destinations (n, 2), headings (n,), one
    radius or one per unit.

    Returns:
        ``TurnPaths``.

    Raises:
        ValueError: On input of the wrong shape, non-finite values, or radii that are not positive
            finite numbers.
    """
    origins, destinations = _rows(origins, "origins", 2), _rows(destinations, "destinations", 2)
    headings = np.asarray(headings, dtype=float)
    if (
        origins.shape != destinations.shape
        or headings.shape != origins.shape[:1]
        or not np.all(np.isfinite(headings))
    ):
        raise ValueError("origins and destinations must be shaped (n, 2) and headings (n,), all finite")
    radii = np.broadcast_to(np.asarray(radius, dtype=float), headings.shape).copy()
    if not np.all(np.isfinite(radii) & (radii > 0.0)):
        raise ValueError("radius must be a positive finite number for every unit")
    options = [_turns_then_straight(origins, headings, destinations, radii, turn) for turn in (1.0, -1.0)]
    lengths = [
        np.where(reachable, radii * np.abs(sweep) + straight, np.inf)
        for reachable, _, _, sweep, _, straight in options
    ]
    left = lengths[0] <= lengths[1]
    fields = [
        np.where(left[:, None] if a.ndim == 2 else left, a, b) for a, b in zip(options[0][1:], options[1][1:])
    ]
    centres, start_angles, sweeps, line_angles, straights = fields
    return TurnPaths(centres, radii, start_angles, sweeps, line_angles, straights)


def _turns_then_straight(origins, headings, destinations, radii, turn):
    """``_turn_then_straight`` over arrays: (reachable, centres, start angles, sweeps, line angles,
    straight lengths)."""
    side = headings + turn * math.pi / 2.0
    centres = origins + radii[:, None] * np.stack([np.cos(side), np.sin(side)], axis=1)
    offset = destinations - centres
    h = np.hypot(offset[:, 0], offset[:, 1])
    reachable = h >= radii * (1.0 - ON_CIRCLE_TOLERANCE)
    h = np.maximum(h, radii)
    straight = np.where(
        h <= radii * (1.0 + ON_CIRCLE_TOLERANCE), 0.0, np.sqrt(np.maximum(h * h - radii * radii, 0.0))
    )
    perpendicular = np.stack([-offset[:, 1], offset[:, 0]], axis=1)  # as in _turn_then_straight
    to_exit = (radii[:, None] ** 2 * offset - turn * (radii * straight)[:, None] * perpendicular) / (h * h)[
        :, None
    ]
    exit_angle = np.arctan2(to_exit[:, 1], to_exit[:, 0])
    start_angle = side + math.pi
    sweep = turn * ((turn * (exit_angle - start_angle)) % TWO_PI)
    sweep = np.where(TWO_PI - np.abs(sweep) < _FULL_TURN_SLACK, math.copysign(0.0, turn), sweep)
    return reachable, centres, start_angle, sweep, start_angle + sweep + turn * math.pi / 2.0, straight
