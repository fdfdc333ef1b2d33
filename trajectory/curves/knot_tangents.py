"""The arithmetic of a spline's knots and tangents, on plain arrays: the modes that keep a knot's
two tangents and what each does to them, the tangents a knot's neighbours give it (centripetal
Catmull-Rom, or pointing at them), a Bezier segment split in two without changing its shape, and
two segments merged into the one cubic nearest to them.

Knots are shaped (k, 3); a knot's tangents are its in and out handles as offsets from it,
shaped (k, 2, 3) for all knots: the Bezier control points of the segment from knot i to knot j
are knot i, knot i + out i, knot j + in j, knot j.
"""

import enum

import numpy as np

from trajectory._numerics.checks import finite_points, real_array
from trajectory._numerics.vectors import norms
from trajectory.curves.bezier import CubicBezier

IN, OUT = 0, 1
"""The two sides of a knot's tangents, as ``tangents[:, side]`` indexes them."""

_MERGE_SAMPLES = 16
"""Points per old segment that the merged segment is fitted to."""


class TangentMode(enum.Enum):
    """What keeps a knot's two tangents."""

    AUTO = "auto"
    """The centripetal Catmull-Rom tangent, from the neighbours (recomputed as they move)."""
    LINEAR = "linear"
    """Each handle a third of the way to its neighbour: straight segments between linear knots."""
    MIRRORED = "mirrored"
    """In = -out: the curve's derivative continuous through the knot."""
    ALIGNED = "aligned"
    """In and out opposite, their lengths free: the direction continuous through the knot."""
    BROKEN = "broken"
    """Each its own: a corner."""
    NATURAL = "natural"
    """In = -out, solved with the other natural knots' so that the curve is C² through them
    (curvature continuous): open ends natural (no bending at the ends), a closed run periodic."""


KEPT = (TangentMode.AUTO, TangentMode.LINEAR, TangentMode.NATURAL)
"""Modes whose tangents the neighbours decide."""


def neighbours(knots, closed):
    """Each knot's previous and next knot (k, 3) each: round the loop when ``closed``, else the
    open ends' missing neighbours reflected through the end (as ``catmull_rom`` extends them)."""
    if closed:
        return np.roll(knots, 1, axis=0), np.roll(knots, -1, axis=0)
    before = np.concatenate(([2.0 * knots[0] - knots[1]], knots[:-1]))
    after = np.concatenate((knots[1:], [2.0 * knots[-1] - knots[-2]]))
    return before, after


def auto_tangents(knots, closed):
    """The centripetal Catmull-Rom handles (k, 2, 3) of every knot: the tangent
    ``PiecewiseBezier.catmull_rom`` gives the segment on each side, a third of it as the handle."""
    p0, p2 = neighbours(knots, closed)
    p1 = knots
    d01, d12 = (norms(b - a)[:, None] ** 0.5 for a, b in ((p0, p1), (p1, p2)))
    # The tangent at p1 of the segment p1 -> p2, and of the segment p0 -> p1 at its end: one
    # formula, each segment's own spacing (so the two handles differ in length, not direction).
    out = d12 * ((p1 - p0) / d01 - (p2 - p0) / (d01 + d12)) + (p2 - p1)
    into = d01 * ((p2 - p1) / d12 - (p2 - p0) / (d01 + d12)) + (p1 - p0)
    return np.stack((-into / 3.0, out / 3.0), axis=1)


def linear_tangents(knots, closed):
    """Handles (k, 2, 3) pointing a third of the way to each neighbour: straight segments between
    linear knots. An open end's missing side mirrors its other one."""
    before, after = neighbours(knots, closed)
    return np.stack(((before - knots) / 3.0, (after - knots) / 3.0), axis=1)


def natural_tangents(knots, tangents, natural, closed):
    """The handles (k, 2, 3) that make the curve C² through the ``natural`` knots (k,) bool, the
    other knots' ``tangents`` (k, 2, 3) as given. With D the derivative at knot i (in = -D/3,
    out = D/3), equal second derivatives either side of it (each segment's own t) is

        out_{i-1} + 4 D_i / 3 - in_{i+1} = k_{i+1} - k_{i-1},

    where a natural neighbour's handle is +-D/3; an open end's natural knot has no bending:
    2 D_0 / 3 - in_1 = k_1 - k_0 (and likewise at the last). One tridiagonal system (cyclic on a
    closed spline), diagonally dominant, solved in O(k)."""
    count = len(knots)
    below, diagonal, above = np.zeros(count), np.ones(count), np.zeros(count)
    right = np.zeros((count, 3))
    for i in np.flatnonzero(natural):
        before, after = (i - 1) % count, (i + 1) % count
        has_before, has_after = closed or i > 0, closed or i < count - 1
        diagonal[i] = 4.0 / 3.0 if has_before and has_after else 2.0 / 3.0
        right[i] = (knots[after] if has_after else knots[i]) - (knots[before] if has_before else knots[i])
        if has_before:
            if natural[before]:
                below[i] = 1.0 / 3.0
            else:
                right[i] -= tangents[before, OUT]
        if has_after:
            if natural[after]:
                above[i] = 1.0 / 3.0
            else:
                right[i] += tangents[after, IN]
    solve = _cyclic if closed else _tridiagonal
    derivatives = solve(below, diagonal, above, right)
    return np.stack((-derivatives / 3.0, derivatives / 3.0), axis=1)


def _tridiagonal(below, diagonal, above, right):
    """x (k, 3) of the tridiagonal system below[i] x[i-1] + diagonal[i] x[i] + above[i] x[i+1] =
    right[i] (below[0] and above[-1] unused): Thomas's elimination, on plain floats."""
    count = len(diagonal)
    below, diagonal, above = below.tolist(), diagonal.tolist(), above.tolist()
    rows = right.tolist()
    scaled_above, scaled = [0.0] * count, [None] * count
    for i in range(count):
        pivot = diagonal[i] - (below[i] * scaled_above[i - 1] if i else 0.0)
        scaled_above[i] = above[i] / pivot
        previous = scaled[i - 1] if i else (0.0, 0.0, 0.0)
        scaled[i] = tuple((rows[i][c] - (below[i] * previous[c] if i else 0.0)) / pivot for c in range(3))
    x = [None] * count
    x[-1] = scaled[-1]
    for i in range(count - 2, -1, -1):
        x[i] = tuple(scaled[i][c] - scaled_above[i] * x[i + 1][c] for c in range(3))
    return np.array(x)


def _cyclic(below, diagonal, above, right):
    """``_tridiagonal`` with the corners: below[0] couples x[0] to x[-1], above[-1] x[-1] to x[0]
    (Sherman and Morrison's correction of the plain system)."""
    if len(diagonal) < 3:  # two knots round a loop: each the other's both neighbours
        matrix = np.diag(diagonal)
        matrix[0, 1] += below[0] + above[0]
        matrix[1, 0] += below[1] + above[1]
        return np.linalg.solve(matrix, right)
    gamma = -diagonal[0]
    plain = diagonal.copy()
    plain[0] -= gamma
    plain[-1] -= above[-1] * below[0] / gamma
    x = _tridiagonal(below, plain, above, right)
    u = np.zeros(len(diagonal))
    u[0], u[-1] = gamma, above[-1]
    z = _tridiagonal(below, plain, above, np.repeat(u[:, None], 3, axis=1))[:, 0]
    factor = (x[0] + below[0] * x[-1] / gamma) / (1.0 + z[0] + below[0] * z[-1] / gamma)
    return x - np.outer(z, factor)


def of_segments(controls):
    """The knots (k, 3), tangents (k, 2, 3) and closedness of Bezier segments ``controls``
    (m, 4, 3) joined end to end (closed where the last ends at the first's start); an open end's
    unused side mirrors its used one.

    Raises:
        ValueError: If the segments do not join.
    """
    if not np.array_equal(controls[1:, 0], controls[:-1, 3]):
        raise ValueError("the Bezier segments must join end to end to make a spline")
    closed = len(controls) > 1 and bool(np.array_equal(controls[-1, 3], controls[0, 0]))
    knots = controls[:, 0] if closed else np.concatenate((controls[:, 0], controls[-1:, 3]))
    tangents = np.zeros((len(knots), 2, 3))
    tangents[: len(controls), OUT] = controls[:, 1] - controls[:, 0]
    tangents[np.arange(1, len(controls) + 1) % len(knots), IN] = controls[:, 2] - controls[:, 3]
    if not closed:
        tangents[0, IN], tangents[-1, OUT] = -tangents[0, OUT], -tangents[-1, IN]
    return knots, tangents, closed


def split(controls, t):
    """The Bezier segment ``controls`` (4, 3) cut at its parameter t in (0, 1) by de Casteljau's
    construction: the two segments (4, 3) each, which trace it exactly."""
    p0, p1, p2, p3 = controls
    a, b, c = p0 + t * (p1 - p0), p1 + t * (p2 - p1), p2 + t * (p3 - p2)
    d, e = a + t * (b - a), b + t * (c - b)
    f = d + t * (e - d)
    return np.array([p0, a, d, f]), np.array([f, e, c, p3])


def merged(first, second):
    """The one cubic segment (4, 3) from ``first``'s start to ``second``'s end (each (4, 3), the
    first ending where the second starts) nearest to both: its handles keep the directions of the
    outer handles and take the lengths that fit points along the two by least squares."""
    start, end = first[0], second[3]
    out_direction, in_direction = (
        _direction(first[1] - start, end - start),
        _direction(second[2] - end, start - end),
    )
    lengths = np.array([_polygon_length(first), _polygon_length(second)])
    share = lengths[0] / lengths.sum()
    t = (np.arange(_MERGE_SAMPLES) + 0.5) / _MERGE_SAMPLES
    targets = np.concatenate((CubicBezier(first).evaluate(t), CubicBezier(second).evaluate(t)))
    s = np.concatenate((share * t, share + (1.0 - share) * t))  # where each lies on the merged one
    b0, b1, b2, b3 = (1 - s) ** 3, 3 * s * (1 - s) ** 2, 3 * s**2 * (1 - s), s**3
    rest = targets - np.outer(b0 + b1, start) - np.outer(b2 + b3, end)
    columns = np.stack((np.outer(b1, out_direction).ravel(), np.outer(b2, in_direction).ravel()), axis=1)
    (along_out, along_in), *_ = np.linalg.lstsq(columns, rest.ravel(), rcond=None)
    scale = norms(end - start)
    along_out, along_in = (min(max(x, 1e-3 * scale), scale) for x in (along_out, along_in))
    return np.array([start, start + along_out * out_direction, end + along_in * in_direction, end])


def farthest(points, polyline):
    """The largest distance from any of ``points`` (n, 3) to the dense ``polyline`` (m, 3)."""
    return float(gaps(points, polyline).max())


def gaps(points, polyline, chunk=256):
    """The distance (n,) from each of ``points`` (n, 3) to the dense ``polyline`` (m, 3): each
    point's nearest vertex, then the nearer of the two pieces of line beside it (so the answer
    does not stop at the vertices' spacing)."""
    found = np.empty(len(points))
    for start in range(0, len(points), chunk):
        block = points[start : start + chunk]
        nearest = np.argmin(np.sum((block[:, None] - polyline[None]) ** 2, axis=2), axis=1)
        best = np.full(len(block), np.inf)
        for a, b in ((nearest - 1, nearest), (nearest, nearest + 1)):
            a, b = np.clip(a, 0, len(polyline) - 1), np.clip(b, 0, len(polyline) - 1)
            piece = polyline[b] - polyline[a]
            length2 = np.maximum(np.sum(piece**2, axis=1), 1e-300)
            t = np.clip(np.sum((block - polyline[a]) * piece, axis=1) / length2, 0.0, 1.0)
            best = np.minimum(best, norms(block - polyline[a] - t[:, None] * piece))
        found[start : start + chunk] = best
    return found


def _direction(handle, fallback):
    """The unit vector along ``handle``, or along ``fallback`` where the handle has no length."""
    size = norms(handle)
    return handle / size if size > 0.0 else fallback / norms(fallback)


def _polygon_length(controls):
    return float(norms(np.diff(controls, axis=0)).sum())


def kept_as(mode):
    """A neighbour's mode once an insert has set its handle: the handle kept, its direction too."""
    if mode in (TangentMode.AUTO, TangentMode.MIRRORED, TangentMode.NATURAL):
        return TangentMode.ALIGNED
    return TangentMode.BROKEN if mode is TangentMode.LINEAR else mode


def kept_pair(pair, mode, leading):
    """A knot's (2, 3) handles made to keep ``mode``, the ``leading`` side deciding."""
    pair = pair.copy()
    other = 1 - leading
    if mode is TangentMode.MIRRORED:
        pair[other] = -pair[leading]
    elif mode is TangentMode.ALIGNED:
        size = norms(pair[leading])
        if size > 0.0:
            pair[other] = -norms(pair[other]) * pair[leading] / size
    return pair


def strays(pair, mode, tolerance=1e-9):
    """Whether a knot's handles (2, 3) break ``mode``'s rule by more than ``tolerance`` of their
    length (auto and linear ones are recomputed: they never do)."""
    if mode not in (TangentMode.MIRRORED, TangentMode.ALIGNED):
        return False
    scale = max(float(norms(pair[0])), float(norms(pair[1])), 1e-300)
    return float(norms(kept_pair(pair, mode, OUT)[IN] - pair[IN])) > tolerance * scale


def mode_of(pair, tolerance=1e-12):
    """The mode a knot's handles (2, 3) keep: mirrored, aligned, or broken."""
    into, out = pair
    scale = max(norms(into), norms(out), 1e-300)
    if norms(into + out) <= tolerance * scale:
        return TangentMode.MIRRORED
    if norms(np.cross(into, out)) <= tolerance * scale**2 and np.dot(into, out) < 0.0:
        return TangentMode.ALIGNED
    return TangentMode.BROKEN


def segment_controls(knots, tangents, modes, closed):
    """A spline's handles (k, 2, 3) with its auto and linear knots' recomputed (the rest as
    given), and the control points of its segments (m, 4, 3): knot i, its out handle, the next
    knot's in handle, the next knot."""
    tangents = tangents.copy()
    auto, linear, natural = (np.array([mode is kind for mode in modes]) for kind in KEPT)
    if auto.any():
        tangents[auto] = auto_tangents(knots, closed)[auto]
    if linear.any():
        tangents[linear] = linear_tangents(knots, closed)[linear]
    if natural.any():  # last: their neighbours' handles are known by now
        tangents[natural] = natural_tangents(knots, tangents, natural, closed)[natural]
    ends = np.roll(np.arange(len(knots)), -1) if closed else np.arange(1, len(knots))
    starts = np.arange(len(ends))
    controls = np.stack(
        (knots[starts], knots[starts] + tangents[starts, OUT], knots[ends] + tangents[ends, IN], knots[ends]),
        axis=1,
    )
    return tangents, controls


def checked_state(knots, tangents, modes, tilts):
    """A spline's knots (k, 3), tangents (k, 2, 3) and tilts (k,) as float arrays, checked with
    its ``modes``: see ``Spline.from_state``."""
    knots = finite_points(knots, "spline knots", min_count=2)
    tangents = np.asarray(real_array(tangents, "tangents", "numbers"), dtype=float)
    tilts = np.asarray(real_array(tilts, "tilts", "numbers"), dtype=float)
    if tangents.shape != (len(knots), 2, 3) or len(modes) != len(knots) or tilts.shape != (len(knots),):
        raise ValueError("a spline needs one in and out tangent, one mode and one tilt per knot")
    if not all(isinstance(mode, TangentMode) for mode in modes) or not np.all(np.isfinite(tilts)):
        raise ValueError("a spline's modes must be TangentModes and its tilts finite")
    for index, (pair, mode) in enumerate(zip(tangents, modes)):
        if strays(pair, mode):
            raise ValueError(f"knot {index}'s tangents are not {mode.value}")
    return knots, tangents, tilts
