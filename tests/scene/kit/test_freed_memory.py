"""Freed memory kept: the page faults of a tick's worth of numpy temporaries, counted by the
kernel, with and without."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]

CHURN = """
import resource, sys
import numpy as np
if sys.argv[1] == "kept":
    from scene.kit.freed_memory import keep_freed_memory
    assert keep_freed_memory()

def churn():
    for _ in range(40):
        temporaries = [np.ones(50_000) for _ in range(8)]  # 400 KB each, as a tick of 10,000 makes
        del temporaries

churn()  # the first round faults its pages in either way
before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
churn()
print(resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before)
"""


def faults(how):
    result = subprocess.run(
        [sys.executable, "-c", CHURN, how], cwd=ROOT, capture_output=True, text=True, timeout=60, check=True
    )
    return int(result.stdout)


@pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="glibc's malloc is asked; elsewhere it is a no-op"
)
def test_kept_memory_is_not_faulted_in_again_every_round():
    returned, kept = faults("returned"), faults("kept")
    assert returned > 10_000  # 40 rounds of 8 x 98 pages, given back and faulted in again
    assert kept < 200
