"""Every benchmark script still runs: each once in its smoke form (``--smoke``: tiny sizes, one
repeat, no timing asserted), so that none can break unnoticed (``bench_scene.py`` had, calling a
method that had moved)."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = sorted((ROOT / "tests" / "benchmarks").glob("bench_*.py"))


def test_every_benchmark_script_is_found():
    assert len(SCRIPTS) >= 8


@pytest.mark.parametrize("script", SCRIPTS, ids=[script.stem for script in SCRIPTS])
def test_the_benchmark_runs_in_its_smoke_form(script):
    run = subprocess.run(
        [sys.executable, str(script), "--smoke"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    assert "smoke run" in run.stdout and "Traceback" not in run.stderr
