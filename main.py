"""Run the scene from the checkout: ``python main.py`` (``--help`` lists the options). Installed,
``curves-in-motion`` and ``python -m scene`` run the same (``scene.cli``)."""

import sys

from scene.cli import main

if __name__ == "__main__":
    sys.exit(main())
