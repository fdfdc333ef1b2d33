"""The turning mode's units on screen: each kind's model with a soft shadow under it, and a ring
in its colour around the selected ones."""

import math

from scene.turning.plan_drawing import LIFT
from scene.ui.assets import load_model
from scene.ui.geometry import CIRCLE_SAMPLES, LineStrip, blob_shadow, circle_points


class UnitModels:
    """One model and one selection ring per kind in ``kinds``, under ``parent``."""

    def __init__(self, app, parent, kinds):
        self.models = [_load_model(app, parent, kind.name) for kind in kinds]
        self.rings = [_selection_ring(model, kind) for model, kind in zip(self.models, kinds)]

    def place(self, poses):
        """Put each model at its pose (x, y, heading)."""
        for model, (x, y, heading) in zip(self.models, poses):
            model.set_pos(x, y, 0.0)
            model.set_h(math.degrees(heading))

    def select(self, index):
        """Ring unit ``index``, or every unit for None."""
        for number, ring in enumerate(self.rings):
            ring.show(index is None or number == index)


def _selection_ring(model, kind):
    """A ring on the ground around ``model``, moving with it, in the colour of its paths."""
    low, high = model.get_tight_bounds()
    radius = 0.6 * max(high.x - low.x, high.y - low.y) + 0.2
    ring = LineStrip(model, CIRCLE_SAMPLES, kind.colour, 2.0, "selection ring")
    ring.update(circle_points((0.0, 0.0), radius, LIFT))
    return ring


def _load_model(app, parent, name):
    model = load_model(app, name)
    model.reparent_to(parent)
    low, high = model.get_tight_bounds()
    shadow = blob_shadow(model, 0.75 * max(high.x - low.x, high.y - low.y), darkness=0.45)
    shadow.set_z(0.01)  # under the unit, moving with it
    return model
