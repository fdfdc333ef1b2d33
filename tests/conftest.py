import os
import shutil
import tempfile

from tests import budget


def pytest_addoption(parser):
    parser.addoption(
        "--full",
        action="store_true",
        help="run the long randomised tests at their nightly size (tests/budget.py)",
    )


def pytest_configure(config):
    budget.FULL = config.getoption("--full")
    # Each test process (and the apps and examples it starts) its own Panda3D model cache: two
    # processes writing the same cache file at once (a fresh clone's models, loaded by both
    # workers) can leave one reading half a file.
    os.environ["XDG_CACHE_HOME"] = tempfile.mkdtemp(prefix="tests-cache-")
    config.model_cache = os.environ["XDG_CACHE_HOME"]


def pytest_unconfigure(config):
    shutil.rmtree(getattr(config, "model_cache", ""), ignore_errors=True)
