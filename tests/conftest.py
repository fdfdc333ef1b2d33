from tests import budget


def pytest_addoption(parser):
    parser.addoption(
        "--full",
        action="store_true",
        help="run the long randomised tests at their nightly size (tests/budget.py)",
    )


def pytest_configure(config):
    budget.FULL = config.getoption("--full")
