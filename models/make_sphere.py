"""Write ``sphere.egg``: a smooth unit UV sphere with per-vertex normals, Z up.

Run ``python models/make_sphere.py`` to regenerate it; the scene loads the .egg file.
"""

import math
from pathlib import Path

SLICES = 48
"""Segments around the equator."""
STACKS = 24
"""Segments from pole to pole."""


def sphere_egg(slices=SLICES, stacks=STACKS):
    """The text of an egg file holding a unit sphere of ``slices`` x ``stacks`` quads."""
    vertices = []
    for i in range(stacks + 1):
        polar = math.pi * i / stacks
        for j in range(slices + 1):
            azimuth = 2 * math.pi * j / slices
            x, y, z = (
                math.sin(polar) * math.cos(azimuth),
                math.sin(polar) * math.sin(azimuth),
                math.cos(polar),
            )
            vertices.append(
                f"  <Vertex> {len(vertices)} {{ {x:.6f} {y:.6f} {z:.6f} "
                f"<Normal> {{ {x:.6f} {y:.6f} {z:.6f} }} <UV> {{ {j / slices:.6f} {1 - i / stacks:.6f} }} }}"
            )
    polygons = []
    row = slices + 1
    for i in range(stacks):
        for j in range(slices):
            a, b = i * row + j, i * row + j + 1
            c, d = a + row, b + row
            # Counter-clockwise seen from outside; the pole rows collapse to triangles.
            corners = [a, c, d, b] if 0 < i < stacks - 1 else ([a, c, d] if i == 0 else [a, c, b])
            refs = " ".join(map(str, corners))
            polygons.append(f"  <Polygon> {{ <VertexRef> {{ {refs} <Ref> {{ sphere-vertices }} }} }}")
    return "\n".join(
        [
            "<CoordinateSystem> { Z-up }",
            "<VertexPool> sphere-vertices {",
            *vertices,
            "}",
            "<Group> sphere {",
            *polygons,
            "}",
            "",
        ]
    )


if __name__ == "__main__":
    target = Path(__file__).with_name("sphere.egg")
    target.write_text(sphere_egg())
    print(f"wrote {target}")
