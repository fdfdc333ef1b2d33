"""Freed memory kept in the process, for ticks of big crowds. A tick of 10,000 enemies makes
numpy temporaries of 0.1 to 1 MB; glibc's malloc gives blocks that size back to the system when
they are freed (each mapped on its own, or trimmed off the heap's top), so every tick faulted
them in again, page by page: a quarter of the maze's tick (5.5 ms against 4.0). Kept, they
cost at most ``KEPT`` bytes more."""

import ctypes
import sys

M_TRIM_THRESHOLD, M_MMAP_THRESHOLD = -1, -3
"""``mallopt``'s parameters, as glibc's malloc.h numbers them."""
MAPPED_FROM = 32 << 20
"""Bytes: blocks this big or bigger are still mapped on their own, and returned when freed."""
KEPT = 128 << 20
"""Bytes: free memory at the heap's top is kept up to this much."""


def keep_freed_memory():
    """Ask glibc's malloc to keep freed blocks for the next tick; whether it took the settings
    (False on other systems and other C libraries: nothing changes there)."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        mallopt = ctypes.CDLL("libc.so.6").mallopt
    except (OSError, AttributeError):
        return False
    return bool(mallopt(M_MMAP_THRESHOLD, MAPPED_FROM)) and bool(mallopt(M_TRIM_THRESHOLD, KEPT))
