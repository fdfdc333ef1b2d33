"""3D vectors as numpy arrays: lengths without overflow, and dot and cross products of vectors
stored components first, shape (3, ...), the layout the frame code works in."""

import numpy as np


def norms(vectors):
    """The lengths of 3D ``vectors`` (shape ``(..., 3)``), without the overflow or underflow of a
    sum of squares: a curve 1e-160 or 1e160 across is measured as well as one 1 across."""
    vectors = np.asarray(vectors, dtype=float)
    squares = np.einsum("...i,...i->...", vectors, vectors)
    lengths = np.sqrt(squares)  # where nothing over- or underflowed, as exact as the slow way
    unsafe = ~((squares >= _SQUARES_SAFE[0]) & (squares <= _SQUARES_SAFE[1]))
    if np.any(unsafe):  # each length by its own vector's size only, whatever its neighbours'
        return np.where(
            unsafe, np.hypot(np.hypot(vectors[..., 0], vectors[..., 1]), vectors[..., 2]), lengths
        )
    return lengths


_SQUARES_SAFE = (1e-290, 1e290)
"""Sums of squares between these are normal floats, their terms measured to rounding."""


def dot(a, b):
    """Dot products of (3, ...) vectors, component by component."""
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def cross(a, b):
    """Cross products of (3, ...) vectors."""
    return np.stack([a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]])


def length(a):
    """Lengths of (3, ...) vectors, without overflow or underflow (``norms``, components first)."""
    return norms(np.moveaxis(a, 0, -1))
