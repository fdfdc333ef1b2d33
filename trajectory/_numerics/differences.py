"""Derivatives by finite differences, Richardson-extrapolated, that never reach across a kink:
for curves whose derivative is not given, and second derivatives of those that give only one."""

import numpy as np

DIFFERENCE_STEP = 1e-3
"""The default step of the differences, in the parameter (u in [0, 1])."""


def richardson_differences(f, u, edges, h=DIFFERENCE_STEP):
    """Finite differences of f at u, Richardson-extrapolated: central where [u - 2h, u + 2h] stays
    between two ``edges`` (breakpoints and ends), else five-point one-sided away from the edge, so
    that no difference reaches across a kink or outside [0, 1].

    Returns:
        The derivative, shaped like ``f(u)``, and how far the estimates at the two steps differ
        (shaped like u): far more than their own error where f is not smooth at that scale.
    """
    u = np.asarray(u, dtype=float)
    lower = edges[np.clip(np.searchsorted(edges, u, side="right") - 1, 0, edges.size - 2)]
    upper = edges[np.clip(np.searchsorted(edges, u, side="right"), 1, edges.size - 1)]
    # Forward near the lower edge, backward near the upper one: a sign for the one-sided step.
    side = np.where(u - lower < 2 * h, 1.0, np.where(upper - u < 2 * h, -1.0, 0.0))
    central, one_sided = side == 0.0, side != 0.0
    result, disagreement = np.empty(u.shape + (3,)), np.empty(u.shape)
    with np.errstate(all="ignore"):
        if central.any():
            v = u[central]

            def centred(step):  # error O(step^2)
                return (f(v + step) - f(v - step)) / (2.0 * step)

            coarse, fine = centred(h), centred(h / 2.0)
            result[central] = (4.0 * fine - coarse) / 3.0
            disagreement[central] = np.linalg.norm(fine - coarse, axis=-1)
        if one_sided.any():
            v, s = u[one_sided], side[one_sided]

            def forward(step):  # five points on one side: error O(step^4)
                values = [f(v + k * s * step) for k in range(5)]
                weights = (-25.0, 48.0, -36.0, 16.0, -3.0)
                return sum(w * value for w, value in zip(weights, values)) / (12.0 * step * s)[..., None]

            coarse, fine = forward(h), forward(h / 2.0)
            result[one_sided] = (16.0 * fine - coarse) / 15.0
            disagreement[one_sided] = np.linalg.norm(fine - coarse, axis=-1)
    return result, disagreement
