"""The fastest motion of a car on your road: never over its top speed, never leaning on more
grip than it has in a bend, accelerating and braking within its limits. The duration is the answer.

    python examples/fastest_car.py
"""

import numpy as np

from trajectory import CubicBezier, Motion
from trajectory.timing import Binding

road = CubicBezier([[-60, -20, 0], [-20, 70, 0], [20, -70, 0], [60, 20, 0]])
car = Motion.fastest(road, v_max=30.0, a_lat=8.0, accel=4.0, brake=7.0)  # m/s, m/s²

print(f"{road.length:.1f} m in {car.duration:.2f} s, {road.length / car.duration:.1f} m/s on average")
for stretch in car.velocity.stretches:
    print(f"from {stretch.time:6.2f} s: {stretch.binding.name.lower()}")
times = np.linspace(0.0, car.duration, 1001)
top = times[np.argmax(car.speed(times))]
print(f"top speed {car.speed(top):.2f} m/s at {top:.2f} s")
assert any(stretch.binding is Binding.CORNERING for stretch in car.velocity.stretches)
