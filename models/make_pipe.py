"""Write ``pipe.egg``: a pipe section 2 units long along +Y with a flange at each end, bolted,
coloured per vertex, smooth round and hard at the flanges' edges, with texture coordinates (u
round, v along). Its long sides are single quads from flange to flange: bent along a curve
(``scene.kit.bend_model``, the curves mode's pipe look) they are cut where the bend needs it.

Run ``python models/make_pipe.py`` to regenerate it; the scene loads the .egg file.
"""

import math
from pathlib import Path

SIDES = 16
LENGTH, RADIUS = 2.0, 0.16
FLANGE_RADIUS, FLANGE_DEPTH = 0.26, 0.08
BOLTS, BOLT_SIZE = 6, 0.045
COPPER, STEEL, BOLT = (0.78, 0.46, 0.26, 1.0), (0.36, 0.38, 0.42, 1.0), (0.16, 0.16, 0.18, 1.0)

PROFILE = (
    # (radius, y) from the start's centre round to the end's: a flange, the pipe, a flange
    ((0.0, 0.0), (FLANGE_RADIUS, 0.0), STEEL),
    ((FLANGE_RADIUS, 0.0), (FLANGE_RADIUS, FLANGE_DEPTH), STEEL),
    ((FLANGE_RADIUS, FLANGE_DEPTH), (RADIUS, FLANGE_DEPTH), STEEL),
    ((RADIUS, FLANGE_DEPTH), (RADIUS, LENGTH - FLANGE_DEPTH), COPPER),
    ((RADIUS, LENGTH - FLANGE_DEPTH), (FLANGE_RADIUS, LENGTH - FLANGE_DEPTH), STEEL),
    ((FLANGE_RADIUS, LENGTH - FLANGE_DEPTH), (FLANGE_RADIUS, LENGTH), STEEL),
    ((FLANGE_RADIUS, LENGTH), (0.0, LENGTH), STEEL),
)
"""Each side of the half-section revolved round the Y axis, with its colour."""


def _point(radius, y, angle):
    return (radius * math.cos(angle), y, radius * math.sin(angle))


def _cross(u, v):
    return (u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0])


class _Egg:
    """Vertices and polygons of an egg file, each polygon wound to face its vertices' normals."""

    def __init__(self, name):
        self.name, self.vertices, self.polygons = name, [], []

    def vertex(self, position, normal, colour, uv):
        self.vertices.append(
            f"  <Vertex> {len(self.vertices)} {{ {' '.join(f'{v:.5f}' for v in position)} "
            f"<Normal> {{ {' '.join(f'{n:.5f}' for n in normal)} }} "
            f"<UV> {{ {uv[0]:.5f} {uv[1]:.5f} }} <RGBA> {{ {' '.join(map(str, colour))} }} }}"
        )
        return len(self.vertices) - 1

    def polygon(self, refs, positions, facing):
        a, b, c = positions[0], positions[1], positions[2]
        normal = _cross([q - p for p, q in zip(a, b)], [q - p for p, q in zip(a, c)])
        if sum(n * f for n, f in zip(normal, facing)) < 0.0:
            refs = refs[::-1]
        self.polygons.append(
            f"  <Polygon> {{ <VertexRef> {{ {' '.join(map(str, refs))} <Ref> {{ {self.name}-vertices }} }} }}"
        )

    def text(self):
        return "\n".join(
            ["<CoordinateSystem> { Z-up }", f"<VertexPool> {self.name}-vertices {{", *self.vertices, "}"]
            + [f"<Group> {self.name} {{", *self.polygons, "}", ""]
        )


def _revolved(egg):
    """The profile's sides revolved: quads (triangles at the axis), each side its own normals."""
    for (r0, y0), (r1, y1), colour in PROFILE:
        dr, dy = r1 - r0, y1 - y0
        length = math.hypot(dr, dy)
        outward_r, outward_y = dy / length, -dr / length  # the side's normal in (radius, y)
        rings = []
        for r, y in ((r0, y0), (r1, y1)):
            ring = []
            for k in range(SIDES + 1):
                angle = 2.0 * math.pi * k / SIDES
                normal = (outward_r * math.cos(angle), outward_y, outward_r * math.sin(angle))
                position = _point(r, y, angle)
                ring.append((egg.vertex(position, normal, colour, (k / SIDES, y / LENGTH)), position))
            rings.append(ring)
        for k in range(SIDES):
            corners = [rings[0][k], rings[0][k + 1], rings[1][k + 1], rings[1][k]]
            corners = [corner for i, corner in enumerate(corners) if i == 0 or corner[1] != corners[i - 1][1]]
            if len(corners) > 1 and corners[-1][1] == corners[0][1]:
                corners = corners[:-1]
            middle = 2.0 * math.pi * (k + 0.5) / SIDES
            facing = (outward_r * math.cos(middle), outward_y, outward_r * math.sin(middle))
            egg.polygon([ref for ref, _ in corners], [p for _, p in corners], facing)


def _bolts(egg):
    """Bolt heads on the inner face of each flange: small boxes, flat shaded."""
    half = BOLT_SIZE / 2.0
    middle_radius = (RADIUS + FLANGE_RADIUS) / 2.0
    for face_y, outward in ((FLANGE_DEPTH, 1.0), (LENGTH - FLANGE_DEPTH, -1.0)):
        for bolt in range(BOLTS):
            angle = 2.0 * math.pi * (bolt + 0.5) / BOLTS
            centre = _point(middle_radius, face_y + outward * half, angle)
            for axis in range(3):
                for sign in (-1.0, 1.0):
                    normal = [0.0, 0.0, 0.0]
                    normal[axis] = sign
                    u_axis, v_axis = (axis + 1) % 3, (axis + 2) % 3
                    refs, positions = [], []
                    for du, dv in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
                        position = list(centre)
                        position[axis] += sign * half
                        position[u_axis] += du * half
                        position[v_axis] += dv * half
                        refs.append(egg.vertex(position, normal, BOLT, ((du + 1) / 2, (dv + 1) / 2)))
                        positions.append(position)
                    egg.polygon(refs, positions, normal)


def pipe_egg():
    """The text of ``pipe.egg``."""
    egg = _Egg("pipe")
    _revolved(egg)
    _bolts(egg)
    return egg.text()


if __name__ == "__main__":
    target = Path(__file__).with_name("pipe.egg")
    target.write_text(pipe_egg())
    print(f"wrote {target}")
