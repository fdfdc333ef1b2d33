"""The Fresnel integrals C(x) = int_0^x cos(pi t² / 2) dt and S(x) = int_0^x sin(pi t² / 2) dt,
in numpy, to a few units in the last place over the whole real line: what a clothoid's points
are made of.

Near 0 (|x| <= ``SERIES_REACH``) their power series, whose alternating terms stay small there;
beyond, C + i S = (1 + i) / 2 (1 - e^(i pi x² / 2) h(x)) with h from the continued fraction of the
complementary error function (Lentz's method), which converges in a few steps for large x; up to
``FITTED_REACH``, where it would take up to 41, h is read from Chebyshev pieces made from it. The
phase pi x² / 2 is reduced exactly first (x² modulo 4, x split so that its square's parts are
exact), so that far out, where C and S wave by 1 / (pi x) about 1/2, the wave is in the right place.
"""

import bisect
import functools
import math

import numpy as np

SERIES_REACH = 1.6
"""Up to this |x| the series: its largest term is about 10 times its sum, so 1 digit at most goes."""
FITTED_REACH = 4.0
"""Up to this |x| (from ``SERIES_REACH``) h comes from its Chebyshev pieces."""
_PIECES, _DEGREE = 24, 16
_TERMS = 22
_ROUNDS = 120
"""Continued-fraction steps at most (near ``SERIES_REACH`` it takes about 60)."""
_CONVERGED = 1e-17
HALF_REACH = 2.0**55
"""From here every float is a multiple of 8, so the phase is a whole number of turns, and the
wave's 1 / (pi x) is under half a rounding of 1/2: C = S = 1/2 to the last place."""
_FEW = 4
"""Up to this many values near 0 are summed in plain floats."""
_SPLIT = 134217729.0
"""2^27 + 1: Dekker's split of a float into two halves whose products are exact."""


def _series_coefficients():
    """Ascending coefficients in w = (pi x² / 2)² of C(x) / x and of S(x) / (x pi x² / 2)."""
    cosine = [(-1) ** n / (math.factorial(2 * n) * (4 * n + 1)) for n in range(_TERMS)]
    sine = [(-1) ** n / (math.factorial(2 * n + 1) * (4 * n + 3)) for n in range(_TERMS)]
    return cosine, sine


_COSINE, _SINE = _series_coefficients()
_ENOUGH = [
    min((1e-17 / abs(_COSINE[terms])) ** (1.0 / terms), (1e-17 / abs(_SINE[terms])) ** (1.0 / terms))
    for terms in range(1, _TERMS)
]
"""Up to (below) _ENOUGH[k - 1], k terms of the series in w leave the rest under 1e-17 (ascending)."""
_HORNER = [list(zip(_COSINE[terms - 2 :: -1], _SINE[terms - 2 :: -1])) for terms in range(_TERMS + 1)]
"""The coefficients of the series of so many terms, but the highest, in Horner's order."""


def fresnel(x):
    """C(x) and S(x) for ``x`` (scalar or array): two floats, or two arrays shaped like ``x``.
    Odd functions; 1/2 each at +infinity; NaN for NaN.

    Raises:
        TypeError: On something that is not a number or an array of numbers.
    """
    if type(x) is float:
        return _scalar(x)
    values = np.asarray(x)
    if values.dtype.kind not in "biuf":
        raise TypeError(f"fresnel takes numbers, got {type(x).__name__}")
    values = values.astype(float)
    a = np.abs(values).ravel()
    c, s = np.empty_like(a), np.empty_like(a)
    near = a <= SERIES_REACH
    if near.all() and 0 < a.size <= _FEW:  # a planner's one path: numpy's per-call cost would dominate
        c, s = (np.array(column) for column in zip(*map(_scalar_series, a.tolist())))
    elif near.all():  # a clothoid's turns: the series alone
        c, s = _series(a)
    else:
        c[near], s[near] = _series(a[near])
        far = ~near & (a < HALF_REACH)
        c[far], s[far] = _asymptotic(a[far])
        halves = a >= HALF_REACH
        c[halves] = s[halves] = 0.5
        c[np.isnan(a)] = s[np.isnan(a)] = np.nan
    sign = np.sign(values).ravel()
    c, s = (sign * c).reshape(values.shape), (sign * s).reshape(values.shape)
    if np.ndim(x) == 0:
        return float(c), float(s)
    return c, s


def _scalar(x):
    """``fresnel`` of one Python float in plain floats: a planner's path (numpy's per-call cost
    would be most of the time)."""
    a = abs(x)
    if a <= SERIES_REACH:
        return _scalar_series(x)
    if not a < HALF_REACH:
        c = s = math.nan if math.isnan(a) else 0.5
    else:
        if a <= FITTED_REACH:
            h = _scalar_from_pieces(a)
        else:  # a few rounds of the fraction, as an array of one (no clothoid of a turn reaches here)
            h = complex(_continued_fraction(np.array([a]))[0])
        phase = (math.pi / 2.0) * _square_modulo_4(a, math.fmod)
        cs = (0.5 + 0.5j) * (1.0 - complex(math.cos(phase), math.sin(phase)) * h)
        c, s = cs.real, cs.imag
    return math.copysign(c, x), math.copysign(s, x)


def _scalar_series(x):
    """``fresnel`` of one Python float within ``SERIES_REACH``, in plain floats: a planner's path."""
    z = math.pi * x * x / 2.0
    w = z * z
    terms = _terms_for(w)
    c, s = _COSINE[terms - 1], _SINE[terms - 1]
    for cosine, sine in _HORNER[terms]:
        c = c * w + cosine
        s = s * w + sine
    return x * c, x * z * s


def _series(a):
    """C and S for 0 <= a <= ``SERIES_REACH``: the series, with as many terms as the largest needs."""
    z = np.pi * a * a / 2.0
    w = z * z
    terms = _terms_for(float(w.max(initial=0.0)))
    c, s = np.full(a.shape, _COSINE[terms - 1]), np.full(a.shape, _SINE[terms - 1])
    for cosine, sine in _HORNER[terms]:
        c = c * w + cosine
        s = s * w + sine
    return a * c, a * z * s


def _terms_for(w):
    """How many terms of the series in w leave the rest below a rounding of the sum."""
    return min(bisect.bisect_right(_ENOUGH, w) + 1, _TERMS)


def _asymptotic(a):
    """C and S for a > ``SERIES_REACH``: h from its pieces, or its continued fraction further out."""
    h = np.empty(a.shape, dtype=complex)
    fitted = a <= FITTED_REACH
    h[fitted] = _from_pieces(a[fitted])
    h[~fitted] = _continued_fraction(a[~fitted])
    phase = (np.pi / 2.0) * _square_modulo_4(a)
    cs = (0.5 + 0.5j) * (1.0 - (np.cos(phase) + 1j * np.sin(phase)) * h)
    return cs.real, cs.imag


@functools.cache
def _pieces():
    """h's Chebyshev coefficients on ``_PIECES`` even pieces of [SERIES_REACH, FITTED_REACH],
    (pieces, _DEGREE + 1), from the continued fraction at each piece's Chebyshev points, worked
    in long doubles (in doubles, the fraction's 41 rounds near 1.6 leave noise the fit would
    carry)."""
    wide = np.longdouble
    pi = 4 * np.arctan(wide(1))
    nodes = np.cos(pi * (np.arange(_DEGREE + 1, dtype=wide) + wide(0.5)) / (_DEGREE + 1))
    half = (wide(FITTED_REACH) - wide(SERIES_REACH)) / (2 * _PIECES)
    middles = wide(SERIES_REACH) + half * (2 * np.arange(_PIECES, dtype=wide) + 1)
    at = (middles[:, None] + half * nodes).ravel()
    values = _continued_fraction(at, pi, converged=1e-21).reshape(_PIECES, -1)
    powers = np.cos(np.outer(np.arange(_DEGREE + 1, dtype=wide), np.arccos(nodes)))  # T_k at the nodes
    coefficients = values @ powers.T * (wide(2) / (_DEGREE + 1))
    coefficients[:, 0] /= 2
    return coefficients.astype(complex)


def _from_pieces(a):
    """h at ``a`` in [SERIES_REACH, FITTED_REACH] (n,): its piece's Chebyshev sum (Clenshaw)."""
    coefficients = _pieces()
    width = (FITTED_REACH - SERIES_REACH) / _PIECES
    piece = np.clip(((a - SERIES_REACH) / width).astype(int), 0, _PIECES - 1)
    t = (a - SERIES_REACH - (piece + 0.5) * width) / (width / 2.0)
    gathered = coefficients[piece]
    later = np.zeros(a.shape, dtype=complex)
    latest = np.zeros(a.shape, dtype=complex)
    for k in range(_DEGREE, 0, -1):
        later, latest = 2.0 * t * later - latest + gathered[:, k], later
    return t * later - latest + gathered[:, 0]


@functools.cache
def _piece_coefficients():
    """``_pieces`` as lists of complex numbers, highest degree first, for the plain-float path."""
    return [row[::-1] for row in _pieces().tolist()]


def _scalar_from_pieces(a):
    """``_from_pieces`` of one float."""
    width = (FITTED_REACH - SERIES_REACH) / _PIECES
    piece = min(int((a - SERIES_REACH) / width), _PIECES - 1)
    t = (a - SERIES_REACH - (piece + 0.5) * width) / (width / 2.0)
    *highest, constant = _piece_coefficients()[piece]
    later = latest = 0j
    for coefficient in highest:
        later, latest = 2.0 * t * later - latest + coefficient, later
    return t * later - latest + constant


def _continued_fraction(a, pi=np.pi, converged=_CONVERGED):
    """h for a > ``SERIES_REACH``: the continued fraction, Lentz's way, all at once, in the
    precision of ``a`` and ``pi`` (a long double one for the pieces)."""
    pi_x2 = pi * a * a
    b = 1.0 - 1j * pi_x2
    d = 1.0 / b
    h = d.copy()
    c = np.full(a.shape, 1e300, dtype=b.dtype)
    done = np.empty(a.shape, dtype=b.dtype)
    index = np.arange(a.size)  # the values still converging: the arrays shrink as they settle
    n = -1
    for _ in range(_ROUNDS):
        if not index.size:
            break
        n += 2
        term = -float(n * (n + 1))
        b += 4.0
        d = 1.0 / (term * d + b)
        c = b + term / c
        step = c * d
        h *= step
        settled = np.abs(step - 1.0) <= converged
        done[index[settled]] = h[settled]
        going = ~settled
        index, b, d, c, h = index[going], b[going], d[going], c[going], h[going]
    done[index] = h
    return done * (a - 1j * a)


def _square_modulo_4(a, fmod=np.fmod):
    """a² modulo 4, for a >= 0 (n,; or one float with ``math.fmod``), with no more than a
    rounding of the result's own size: a split into halves whose products are exact, each
    reduced on its own (fmod is exact)."""
    big = a * _SPLIT
    high = big - (big - a)
    low = a - high
    parts = fmod(high * high, 4.0) + fmod(2.0 * high * low, 4.0) + low * low
    return fmod(parts, 4.0)
