"""Independent references for the tests: closed forms, and a brute-force quadrature that shares
no code with the library's adaptive tables."""

import itertools

import numpy as np

_NODES, _WEIGHTS = np.polynomial.legendre.leggauss(20)


def angle_gap(a, b):
    """How far apart two angles are (radians, the shorter way round), in [0, pi]."""
    import math

    return abs((a - b + math.pi) % (2 * math.pi) - math.pi)


def brute_force_arc_length(speed, u0, u1, panels=2000):
    """Integral of ``speed`` over [u0, u1]: ``panels`` equal panels of 20-point Gauss-Legendre."""
    edges = np.linspace(u0, u1, panels + 1)
    half = np.diff(edges) / 2.0
    points = (edges[:-1] + half)[:, None] + half[:, None] * _NODES
    return float(np.sum(half * (speed(points.ravel()).reshape(points.shape) @ _WEIGHTS)))


def bezier_point(control_points, u):
    """Q(u) by the Bernstein form, written out: shape (n, 3) for u of shape (n,)."""
    p = np.asarray(control_points, dtype=float)
    u = np.asarray(u, dtype=float)[:, None]
    v = 1.0 - u
    return v**3 * p[0] + 3 * u * v**2 * p[1] + 3 * u**2 * v * p[2] + u**3 * p[3]


def bezier_speed(control_points, u):
    """|Q'(u)| from the hodograph, written out: shape (n,)."""
    p = np.asarray(control_points, dtype=float)
    u = np.asarray(u, dtype=float)[:, None]
    v = 1.0 - u
    d = 3 * v**2 * (p[1] - p[0]) + 6 * u * v * (p[2] - p[1]) + 3 * u**2 * (p[3] - p[2])
    return np.linalg.norm(d, axis=1)


def parabola_arc_length(x):
    """Arc length of y = x^2 from 0 to x: x sqrt(1 + 4x^2) / 2 + asinh(2x) / 4."""
    return x * np.sqrt(1.0 + 4.0 * x * x) / 2.0 + np.arcsinh(2.0 * x) / 4.0


def parabola_bezier(a):
    """The cubic Bezier tracing y = x^2 for x = a u, u in [0, 1] (a quadratic, degree-raised)."""
    return np.array([[0, 0, 0], [a / 3, 0, 0], [2 * a / 3, a * a / 3, 0], [a, a * a, 0]], dtype=float)


def walk_polyline(points, distance):
    """The point ``distance`` along the polyline through ``points``, walked in plain Python, one
    segment at a time, and the heading there (the end point past the end)."""
    import math

    left = max(float(distance), 0.0)
    heading = 0.0
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        length = math.hypot(x1 - x0, y1 - y0)
        if length == 0.0:
            continue
        heading = math.atan2(y1 - y0, x1 - x0)
        if left <= length:
            return (x0 + (x1 - x0) * left / length, y0 + (y1 - y0) * left / length), heading
        left -= length
    return tuple(points[-1]), heading


def distance_to_polyline(points, query):
    """Shortest distance from each of ``query`` (n, 2) to the polyline through ``points``."""
    points, query = np.asarray(points, dtype=float), np.asarray(query, dtype=float)
    best = np.full(len(query), np.inf)
    for a, b in itertools.pairwise(points):
        step = b - a
        t = np.clip(((query - a) @ step) / max(step @ step, 1e-300), 0.0, 1.0)
        best = np.minimum(best, np.linalg.norm(query - (a + t[:, None] * step), axis=1))
    return best


def css_distance_at_time(x1, y1, x2, y2, t, digits=50):
    """s(t) of CSS cubic-bezier(x1, y1, x2, y2) to ``digits`` digits (an mpmath number): T(u) = t
    solved by bisection on the Bernstein form in high precision, then S(u). Shares no code with the
    library's solver."""
    import mpmath

    with mpmath.workdps(digits):
        x1, y1, x2, y2, t = (mpmath.mpf(v) for v in (x1, y1, x2, y2, t))
        if t <= 0:
            return mpmath.mpf(0)
        if t >= 1:
            return mpmath.mpf(1)

        def bezier(p1, p2, u):
            v = 1 - u
            return 3 * p1 * u * v * v + 3 * p2 * u * u * v + u**3

        lo, hi = mpmath.mpf(0), mpmath.mpf(1)
        for _ in range(int(digits * 3.4) + 10):
            middle = (lo + hi) / 2
            lo, hi = (middle, hi) if bezier(x1, x2, middle) < t else (lo, middle)
        return bezier(y1, y2, (lo + hi) / 2)


def dubins_length(start, goal, radius, digits=50):
    """The shortest Dubins path length from pose ``start`` to pose ``goal`` (x, y, heading), as an
    mpmath number: all six words by the textbook closed forms (Shkel and Lumelsky), in ``digits``
    digits, headings reduced with mpmath's pi. Shares no code with the library's planner."""
    import mpmath

    with mpmath.workdps(digits):
        x0, y0, h0 = (mpmath.mpf(v) for v in start)
        x1, y1, h1 = (mpmath.mpf(v) for v in goal)
        r = mpmath.mpf(radius)
        two_pi = 2 * mpmath.pi

        def mod(angle):
            return angle - two_pi * mpmath.floor(angle / two_pi)

        dx, dy = x1 - x0, y1 - y0
        d = mpmath.sqrt(dx * dx + dy * dy) / r
        theta = mod(mpmath.atan2(dy, dx))
        a, b = mod(h0 - theta), mod(h1 - theta)
        sa, sb, ca, cb = mpmath.sin(a), mpmath.sin(b), mpmath.cos(a), mpmath.cos(b)
        cab = mpmath.cos(a - b)
        lengths = []
        p2 = 2 + d * d - 2 * cab + 2 * d * (sa - sb)  # LSL
        if p2 >= 0:
            tmp = mpmath.atan2(cb - ca, d + sa - sb)
            lengths.append(mod(tmp - a) + mpmath.sqrt(p2) + mod(b - tmp))
        p2 = 2 + d * d - 2 * cab + 2 * d * (sb - sa)  # RSR
        if p2 >= 0:
            tmp = mpmath.atan2(ca - cb, d - sa + sb)
            lengths.append(mod(a - tmp) + mpmath.sqrt(p2) + mod(tmp - b))
        p2 = -2 + d * d + 2 * cab + 2 * d * (sa + sb)  # LSR
        if p2 >= 0:
            p = mpmath.sqrt(p2)
            tmp = mpmath.atan2(-ca - cb, d + sa + sb) - mpmath.atan2(-2, p)
            lengths.append(mod(tmp - a) + p + mod(tmp - b))
        p2 = d * d - 2 + 2 * cab - 2 * d * (sa + sb)  # RSL
        if p2 >= 0:
            p = mpmath.sqrt(p2)
            tmp = mpmath.atan2(ca + cb, d - sa - sb) - mpmath.atan2(2, p)
            lengths.append(mod(a - tmp) + p + mod(b - tmp))
        tmp = (6 - d * d + 2 * cab + 2 * d * (sa - sb)) / 8  # RLR
        if abs(tmp) <= 1:
            p = mod(two_pi - mpmath.acos(tmp))
            t = mod(a - mpmath.atan2(ca - cb, d - sa + sb) + p / 2)
            lengths.append(t + p + mod(a - b - t + p))
        tmp = (6 - d * d + 2 * cab + 2 * d * (sb - sa)) / 8  # LRL
        if abs(tmp) <= 1:
            p = mod(two_pi - mpmath.acos(tmp))
            t = mod(-a - mpmath.atan2(ca - cb, d + sa - sb) + p / 2)
            lengths.append(t + p + mod(b - a - t + p))
        return min(lengths) * r
