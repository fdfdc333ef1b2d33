"""The turning mode (``turning_mode.TurningMode``): units with a turning radius (tank, car,
truck, person) ordered about a ground with buildings painted by mouse, planning around them and
keeping out of each other's way."""

__all__ = [
    "ground",
    "ground_painting",
    "obstacle_drawing",
    "order_drag",
    "plan_drawing",
    "traffic",
    "turning_game",
    "turning_mode",
    "unit_models",
    "units",
]
