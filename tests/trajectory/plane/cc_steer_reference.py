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

    def turn(self, begin, end, side):
        """The shortest valid CC turn of ``side`` from pose ``begin`` to pose ``end`` (both on
        the same circle): its length."""
        deflection = (side * (end[2] - begin[2])) % (2.0 * math.pi)
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
