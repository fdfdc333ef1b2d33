"""The Fresnel integrals C(x) = int_0^x cos(pi t² / 2) dt and S(x) = int_0^x sin(pi t² / 2) dt,
in numpy, to a few units in the last place over the whole real line: what a clothoid's points
are made of.

Near 0 (|x| <= ``SERIES_REACH``) their power series, whose alternating terms stay small there;
beyond, C + i S = (1 + i) / 2 (1 - e^(i pi x² / 2) h(x)) with h from the continued fraction of the
complementary error function (Lentz's method), which converges in a few steps for large x. The
phase pi x² / 2 is reduced exactly first (x² modulo 4, x split so that its square's parts are
exact), so that far out, where C and S wave by 1 / (pi x) about 1/2, the wave is in the right place.
"""

import math

import numpy as np

SERIES_REACH = 1.6
"""Up to this |x| the series: its largest term is about 10 times its sum, so 1 digit at most goes."""
_TERMS = 22
_ROUNDS = 120
"""Continued-fraction steps at most (near ``SERIES_REACH`` it takes about 60)."""
_CONVERGED = 1e-17
_SPLIT = 134217729.0
"""2^27 + 1: Dekker's split of a float into two halves whose products are exact."""


def _series_coefficients():
    """Ascending coefficients in w = (pi x² / 2)² of C(x) / x and of S(x) / (x pi x² / 2)."""
    cosine = [(-1) ** n / (math.factorial(2 * n) * (4 * n + 1)) for n in range(_TERMS)]
    sine = [(-1) ** n / (math.factorial(2 * n + 1) * (4 * n + 3)) for n in range(_TERMS)]
    return cosine, sine


_COSINE, _SINE = _series_coefficients()


def fresnel(x):
    """C(x) and S(x) for ``x`` (scalar or array): two floats, or two arrays shaped like ``x``.
    Odd functions; 1/2 each at +infinity; NaN for NaN."""
    values = np.asarray(x, dtype=float)
    a = np.abs(values).ravel()
    c, s = np.empty_like(a), np.empty_like(a)
    near = a <= SERIES_REACH
    c[near], s[near] = _series(a[near])
    far = ~near & np.isfinite(a)
    c[far], s[far] = _asymptotic(a[far])
    infinite = np.isinf(a)
    c[infinite] = s[infinite] = 0.5
    c[np.isnan(a)] = s[np.isnan(a)] = np.nan
    sign = np.sign(values).ravel()
    c, s = (sign * c).reshape(values.shape), (sign * s).reshape(values.shape)
    if np.ndim(x) == 0:
        return float(c), float(s)
    return c, s


def _series(a):
    z = np.pi * a * a / 2.0
    w = z * z
    c, s = np.full(a.shape, _COSINE[-1]), np.full(a.shape, _SINE[-1])
    for cosine, sine in zip(_COSINE[-2::-1], _SINE[-2::-1]):
        c = c * w + cosine
        s = s * w + sine
    return a * c, a * z * s


def _asymptotic(a):
    """C and S for a > ``SERIES_REACH``: the continued fraction for h, Lentz's way, all at once."""
    pi_x2 = np.pi * a * a
    b = 1.0 - 1j * pi_x2
    d = 1.0 / b
    h = d.copy()
    c = np.full(a.shape, 1e300, dtype=complex)
    done = np.empty(a.shape, dtype=complex)
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
        settled = np.abs(step - 1.0) <= _CONVERGED
        done[index[settled]] = h[settled]
        going = ~settled
        index, b, d, c, h = index[going], b[going], d[going], c[going], h[going]
    done[index] = h
    h = done
    h *= a - 1j * a
    phase = (np.pi / 2.0) * _square_modulo_4(a)
    cs = (0.5 + 0.5j) * (1.0 - (np.cos(phase) + 1j * np.sin(phase)) * h)
    return cs.real, cs.imag


def _square_modulo_4(a):
    """a² modulo 4, for a >= 0 (n,), with no more than a rounding of the result's own size: a
    split into halves whose products are exact, each reduced on its own (fmod is exact)."""
    big = a * _SPLIT
    high = big - (big - a)
    low = a - high
    parts = np.fmod(high * high, 4.0) + np.fmod(2.0 * high * low, 4.0) + low * low
    return np.fmod(parts, 4.0)
