"""How much of the long randomised tests a run does: CI's share by default, everything with
``pytest --full`` (the nightly size). Every assertion runs either way; only the number of random
cases changes."""

FULL = False
"""Set by ``tests/conftest.py`` from ``--full``, before any test module is collected."""


def scaled(count, floor=10):
    """``count`` random cases in a full run; a quarter of them (at least ``floor``, at most
    ``count``) otherwise."""
    return count if FULL else min(count, max(floor, count // 4))


def cases(*values):
    """All of ``values`` in a full run; the first otherwise (a parametrize list of random seeds)."""
    return list(values) if FULL else list(values[:1])
