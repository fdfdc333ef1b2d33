"""``python -m scene``: the scene, as ``main.py`` runs it from the checkout (``scene.cli``)."""

import sys

from scene.cli import main

sys.exit(main())
