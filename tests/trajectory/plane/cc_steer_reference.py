"""Fraichard and Scheuer's CC-Steer for forwards-only paths ("Continuous-curvature path planning
for car-like vehicles", IEEE Transactions on Robotics 20(6), 2004), written for the tests from
the paper's closed forms, in plain floats with mpmath's Fresnel integrals: the length of the
shortest of their paths (a CC turn, a line, a CC turn; or three CC turns), every turn within the
unit's curvature and sharpness.

A CC circle: a turn from a pose with zero curvature, a clothoid up to full lock, an arc, a
clothoid down, ends on the circle about the full-lock arc's centre through the start (radius R,
the start's heading at mu to its tangent). Every pose on that circle at mu to its tangent is
reached so ("regular": deflection at least 2 delta_min, or round once more); for a smaller
deflection their "elementary" turn, two clothoids of a gentler sharpness sigma0 = 4 pi D1(delta /
2)^2 / chord^2, ends at the same pose. Their library uses it whatever sigma0 is; here only
where sigma0 is at most the unit's (a valid path). The two measure-zero cases (the goal on the
start's circle, or straight ahead) are left out.
"""

import math

import mpmath

ELEMENTARY_REACH = 4.5948
"""The deflection past which two symmetric clothoids' chord runs backwards (D1 <= 0)."""


def fresnel(x):
    """C(x), S(x) with the integrands cos and sin of pi t^2 / 2."""
    return float(mpmath.fresnelc(x)), float(mpmath.fresnels(x))


class CCCircles:
    """The CC circles of a unit of ``curvature`` and ``sharpness``."""

    def __init__(self, curvature, sharpness):
        self.curvature, self.sharpness = curvature, sharpness
        self.delta_min = curvature * curvature / (2.0 * sharpness)  # each clothoid's turn to full lock
        c, s = fresnel(curvature / math.sqrt(math.pi * sharpness))
        scale = math.sqrt(math.pi / sharpness)
        x_i, y_i, theta_i = scale * c, scale * s, self.delta_min
        x_c = x_i - math.sin(theta_i) / curvature
        y_c = y_i + math.cos(theta_i) / curvature
        self.radius, self.mu = math.hypot(x_c, y_c), math.atan2(x_c, y_c)

    def leaving(self, pose, side):
        """The centre of the circle of ``side`` (1 left, -1 right) a turn from ``pose`` runs on."""
        return _placed(pose, self.radius * math.sin(self.mu), side * self.radius * math.cos(self.mu))

    def arriving(self, pose, side):
        """The centre of the circle of ``side`` a turn that ends at ``pose`` runs on."""
        return _placed(pose, -self.radius * math.sin(self.mu), side * self.radius * math.cos(self.mu))

    def turn(self, begin, end, side, gear=1.0):
        """The shortest valid CC turn of ``side`` driven in ``gear`` from pose ``begin`` to pose
        ``end`` (both on the same circle): its length."""
        deflection = (side * gear * (end[2] - begin[2])) % (2.0 * math.pi)
        chord = math.hypot(end[0] - begin[0], end[1] - begin[1])
        if deflection < 1e-12:
            return chord  # straight ahead, 2 R sin mu
        two_min = 2.0 * self.delta_min
        lengths = [
            2.0 * self.curvature / self.sharpness
            + ((deflection - two_min) % (2.0 * math.pi)) / self.curvature
        ]
        if deflection < min(two_min, ELEMENTARY_REACH):
            half = deflection / 2.0
            c, s = fresnel(math.sqrt(2.0 * half / math.pi))
            gentler = 4.0 * math.pi * (math.cos(half) * c + math.sin(half) * s) ** 2 / chord**2
            if gentler <= self.sharpness:
                lengths.append(2.0 * math.sqrt(deflection / gentler))
        return min(lengths)


def cc_steer_length(start, goal, curvature, sharpness):
    """The length of the shortest CC-Steer path from pose ``start`` to pose ``goal`` (x, y,
    heading): inf where none of its words exists."""
    circles = CCCircles(curvature, sharpness)
    best = math.inf
    for first in (1.0, -1.0):
        for last in (1.0, -1.0):
            c1, c2 = circles.leaving(start, first), circles.arriving(goal, last)
            best = min(best, _turn_line_turn(circles, start, goal, c1, c2, first, last))
            if first == last:
                best = min(best, _three_turns(circles, start, goal, c1, c2, first))
    return best


def _turn_line_turn(circles, start, goal, c1, c2, first, last):
    """TST: the line leaves circle 1 and reaches circle 2 at mu to their tangents."""
    r, mu = circles.radius, circles.mu
    dx, dy = c2[0] - c1[0], c2[1] - c1[1]
    distance = math.hypot(dx, dy)
    if first == last:
        line = distance - 2.0 * r * math.sin(mu)
        if line < 0.0:
            return math.inf
        direction = math.atan2(dy, dx)
    else:
        if distance < 2.0 * r:
            return math.inf
        along = math.sqrt(distance * distance - (2.0 * r * math.cos(mu)) ** 2)
        line = along - 2.0 * r * math.sin(mu)
        direction = math.atan2(dy, dx) - math.atan2(-2.0 * first * r * math.cos(mu), along)
    off = _turned((-r * math.sin(mu), first * r * math.cos(mu)), direction)
    q1 = (c1[0] - off[0], c1[1] - off[1], direction)
    off = _turned((r * math.sin(mu), last * r * math.cos(mu)), direction)
    q2 = (c2[0] - off[0], c2[1] - off[1], direction)
    return circles.turn(start, q1, first) + line + circles.turn(q2, goal, last)


def _three_turns(circles, start, goal, c1, c2, side):
    """TTT: a middle circle of the other side 2 R from both (either of the two places), each
    turn meeting the next at the midpoint of their centres."""
    r, mu = circles.radius, circles.mu
    dx, dy = c2[0] - c1[0], c2[1] - c1[1]
    distance = math.hypot(dx, dy)
    if distance > 4.0 * r or distance == 0.0:
        return math.inf
    height = math.sqrt(4.0 * r * r - distance * distance / 4.0)
    best = math.inf
    for sign in (1.0, -1.0):
        middle = (
            c1[0] + dx / 2.0 - sign * height * dy / distance,
            c1[1] + dy / 2.0 + sign * height * dx / distance,
        )
        meet_a = math.atan2(middle[1] - c1[1], middle[0] - c1[0]) + side * (math.pi / 2.0 - mu)
        q_a = ((c1[0] + middle[0]) / 2.0, (c1[1] + middle[1]) / 2.0, meet_a)
        meet_b = math.atan2(c2[1] - middle[1], c2[0] - middle[0]) - side * (math.pi / 2.0 - mu)
        q_b = ((middle[0] + c2[0]) / 2.0, (middle[1] + c2[1]) / 2.0, meet_b)
        length = (
            circles.turn(start, q_a, side) + circles.turn(q_a, q_b, -side) + circles.turn(q_b, goal, side)
        )
        best = min(best, length)
    return best


def _placed(pose, ahead, left):
    """The point ``ahead`` and ``left`` of ``pose`` in its own frame."""
    x, y, heading = pose
    return x + ahead * math.cos(heading) - left * math.sin(heading), y + ahead * math.sin(
        heading
    ) + left * math.cos(heading)


def _turned(vector, angle):
    """``vector`` (x, y) turned by ``angle``."""
    x, y = vector
    return x * math.cos(angle) - y * math.sin(angle), x * math.sin(angle) + y * math.cos(angle)


def cc_steer_reeds_shepp_length(start, goal, curvature, sharpness):
    """The length of the shortest of Fraichard and Scheuer's CC-Reeds-Shepp paths from pose
    ``start`` to pose ``goal``: chains of CC turns, each driven in a gear of its own (a change
    of gear between two parts, the curvature 0 there), meeting or joined by a line. A turn of
    gear g whose centre is on side p of the unit (1 left) leaves a pose facing theta from the
    centre e^(i theta) (g x + i p y) ahead of it and ends at one from -g x + i p y (x + iy =
    R (sin mu + i cos mu)). Their families: TST in any gears (TcST, TScT, TcScT), TTT in any
    gears (TcTcT, TcTT, TTcT), TcTST and TSTcT (the middle circle 2 R cos mu from the end circle
    it meets, straight towards the other, or where the line to it is their internal tangent),
    TTcTT and TcTTcT (their two middle circles placed symmetrically), TcTSTcT (likewise)."""
    circles = CCCircles(curvature, sharpness)
    x, y = circles.radius * math.sin(circles.mu), circles.radius * math.cos(circles.mu)
    signs = (1.0, -1.0)
    best = math.inf

    def leaving(pose, gear, side):
        return complex(*_placed(pose, gear * x, side * y))

    def arriving(pose, gear, side):
        return complex(*_placed(pose, -gear * x, side * y))

    def chain(turns, links, middles):
        nonlocal best
        centres = [leaving(start, *turns[0]), *middles, arriving(goal, *turns[-1])]
        for roots in _roots(links):
            length = _chain_length(circles, start, goal, turns, links, centres, roots, x, y)
            best = min(best, length)

    for (g1, p1), (g2, p2) in _pairs(signs):
        c1, c2 = leaving(start, g1, p1), arriving(goal, g2, p2)
        for gl in signs:
            chain([(g1, p1), (g2, p2)], [gl], [])
        for gm, pm in ((g, p) for g in signs for p in signs):
            a, b = abs(_meeting(g1, p1, gm, pm, x, y)), abs(_meeting(gm, pm, g2, p2, x, y))
            for middle in _circle_meets(c1, c2, a, b):
                chain([(g1, p1), (gm, pm), (g2, p2)], [None, None], [middle])
        two_y = 2.0 * y
        if g2 == -g1:
            for middle in _their_rings(c1, c2, two_y):  # TcTST: cusp, then a line in -g1
                chain([(g1, p1), (-g1, -p1), (g2, p2)], [None, -g1], [middle])
            for middle in _their_rings(c2, c1, two_y):  # TSTcT: a line in g1, then the cusp
                chain([(g1, p1), (g1, -p2), (g2, p2)], [g1, None], [middle])
        if p2 == -p1:
            for gears in ((g1, g1, -g1, -g1), (g1, -g1, -g1, g1)):
                if gears[3] != g2:
                    continue
                sides = (p1, -p1, p1, -p1)
                a = abs(_meeting(gears[0], sides[0], gears[1], sides[1], x, y))
                b = abs(_meeting(gears[1], sides[1], gears[2], sides[2], x, y))
                for second, third in _symmetric(c1, c2, a, b):
                    chain(list(zip(gears, sides)), [None, None, None], [second, third])
        if g2 == g1:
            for second, third in _symmetric_lines(c1, c2, two_y):  # TcTSTcT
                chain([(g1, p1), (-g1, -p1), (-g1, -p2), (g2, p2)], [None, -g1, None], [second, third])
    return best


def _pairs(signs):
    """Every (gear, side) of the start's circle with every one of the goal's."""
    ends = [(g, p) for g in signs for p in signs]
    return [(a, b) for a in ends for b in ends]


def _roots(links):
    """Each choice of root (+ or -) for each line among ``links``."""
    count = sum(link is not None for link in links)
    return [[(1.0 if (k >> j) & 1 == 0 else -1.0) for j in range(count)] for k in range(2**count)]


def _meeting(ga, pa, gb, pb, x, y):
    """From one turn's centre to the next's where they meet, facing 0."""
    return complex((ga + gb) * x, (pb - pa) * y)


def _chain_length(circles, start, goal, turns, links, centres, roots, x, y):
    """The length of the chain through ``centres``, or inf where a link does not fit."""
    headings = [start[2]]
    points = []  # where each link leaves and reaches (poses), for the turns' chords
    lines = 0.0
    root = iter(roots)
    for k, link in enumerate(links):
        (ga, pa), (gb, pb) = turns[k], turns[k + 1]
        gap = centres[k + 1] - centres[k]
        if link is None:
            v = _meeting(ga, pa, gb, pb, x, y)
            if abs(abs(gap) - abs(v)) > 1e-9 * (abs(gap) + abs(v)):
                return math.inf
            facing = cmath_angle(gap) - cmath_angle(v)
            line = 0.0
        else:
            across = (pb - pa) * y
            square = abs(gap) ** 2 - across * across
            if square < 0.0:
                return math.inf
            along = next(root) * math.sqrt(square)
            line = (along - (ga + gb) * x) / link
            if line < 0.0:
                return math.inf
            facing = cmath_angle(gap) - math.atan2(across, along)
        turn = complex(-ga * x, pa * y) * complex(math.cos(facing), math.sin(facing))
        leave = centres[k] - turn  # where turn k ends
        arrive = leave + link * line * complex(math.cos(facing), math.sin(facing)) if link else leave
        points.append(((leave.real, leave.imag, facing), (arrive.real, arrive.imag, facing)))
        headings.append(facing)
        lines += line
    poses = [start, *[p for pair in points for p in pair], goal]
    total = lines
    for k, (gear, side) in enumerate(turns):
        total += circles.turn(poses[2 * k], poses[2 * k + 1], side, gear)
    return total


def cmath_angle(z):
    return math.atan2(z.imag, z.real)


def _circle_meets(first, last, a, b):
    """The places ``a`` from ``first`` and ``b`` from ``last``."""
    gap = last - first
    distance = abs(gap)
    if distance == 0.0 or a == 0.0 or b == 0.0:
        return []
    along = (a * a - b * b + distance * distance) / (2.0 * distance)
    if a * a < along * along:
        return []
    height = math.sqrt(a * a - along * along)
    toward = gap / distance
    return [first + toward * complex(along, side * height) for side in (1.0, -1.0)]


def _their_rings(centre, other, radius):
    """Their places for a middle circle ``radius`` from ``centre``, towards ``other``."""
    gap = other - centre
    distance = abs(gap)
    if distance == 0.0:
        return []
    toward = gap / distance
    places = [centre + toward * radius]
    drop = radius * radius / distance
    if drop <= radius:
        ahead = math.sqrt(radius * radius - drop * drop)
        places += [centre + toward * complex(ahead, side * drop) for side in (1.0, -1.0)]
    return places


def _symmetric(first, last, a, b):
    """Two middle circles ``a`` from ``first`` and from ``last``, ``b`` apart, symmetric: mirrored
    about the line between them, or turned half round about the middle of first and last."""
    gap = last - first
    distance = abs(gap)
    if distance == 0.0:
        return []
    toward = gap / distance
    pairs = []
    for ahead in ((distance + b) / 2.0, (distance - b) / 2.0):  # mirrored (their TTcTT)
        if a * a < ahead * ahead:
            continue
        height = math.sqrt(a * a - ahead * ahead)
        for side in (1.0, -1.0):
            shift = complex(ahead, side * height)
            pairs.append((first + toward * shift, last + toward * complex(-ahead, side * height)))
    ahead = (a * a + distance * distance / 4.0 - b * b / 4.0) / distance  # turned half round (TcTTcT)
    if a * a >= ahead * ahead:
        height = math.sqrt(a * a - ahead * ahead)
        for side in (1.0, -1.0):
            shift = complex(ahead, side * height)
            pairs.append((first + toward * shift, last - toward * shift))
    return pairs


def _symmetric_lines(first, last, radius):
    """TcTSTcT's middle circles, ``radius`` from the end circles, symmetric about the middle:
    ``_their_rings`` round the first, each mirrored through the middle for the second."""
    return [(place, first + last - place) for place in _their_rings(first, last, radius)]
