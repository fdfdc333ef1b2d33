"""Write ``tank.egg``, ``car.egg``, ``person.egg``, ``truck.egg``, ``enemy.egg``,
``tower.egg``, ``turret.egg`` and ``glider.egg``: low-poly models built from boxes, coloured per
vertex (the scene tints nothing), Z up; and ``crowd_enemy.egg``, a dart of four corners. The units
face +x and stand on z = 0; the crowd's enemy (drawn by ``scene.ui.crowd_nodes``) looks along +Y,
as Panda3D models do; the glider is centred on its track point and looks along +Y too (the curves
mode turns it by frames whose forward axis is +Y).

Run ``python models/make_units.py`` to regenerate them; the scene loads the .egg files.
"""

from pathlib import Path

FACES = (
    ((1, 0, 0), ((1, -1, -1), (1, 1, -1), (1, 1, 1), (1, -1, 1))),
    ((-1, 0, 0), ((-1, 1, -1), (-1, -1, -1), (-1, -1, 1), (-1, 1, 1))),
    ((0, 1, 0), ((1, 1, -1), (-1, 1, -1), (-1, 1, 1), (1, 1, 1))),
    ((0, -1, 0), ((-1, -1, -1), (1, -1, -1), (1, -1, 1), (-1, -1, 1))),
    ((0, 0, 1), ((-1, -1, 1), (1, -1, 1), (1, 1, 1), (-1, 1, 1))),
    ((0, 0, -1), ((-1, 1, -1), (1, 1, -1), (1, -1, -1), (-1, -1, -1))),
)
"""A unit cube's faces: outward normal and corners, counter-clockwise seen from outside."""

HULL, DARK, TRACK = (0.42, 0.5, 0.3, 1), (0.3, 0.36, 0.22, 1), (0.16, 0.16, 0.17, 1)
BODY, GLASS, TYRE = (0.85, 0.22, 0.18, 1), (0.55, 0.75, 0.9, 1), (0.1, 0.1, 0.11, 1)
SHIRT, SKIN, TROUSERS = (0.25, 0.45, 0.85, 1), (0.93, 0.76, 0.6, 1), (0.2, 0.2, 0.28, 1)
WING, FUSELAGE, NOSE = (0.92, 0.93, 0.95, 1), (0.2, 0.45, 0.95, 1), (1.0, 0.8, 0.15, 1)
CAB, BOX = (0.95, 0.68, 0.16, 1), (0.86, 0.86, 0.82, 1)
SHELL, EYES, STONE, METAL = (
    (0.75, 0.2, 0.55, 1),
    (1.0, 0.9, 0.3, 1),
    (0.55, 0.55, 0.6, 1),
    (0.25, 0.27, 0.32, 1),
)

UNITS = {
    # name: boxes as (centre (x, y, z), size (x, y, z), colour)
    "tank": (
        ((0.0, 0.0, 0.55), (3.0, 1.7, 0.6), HULL),
        ((0.0, 0.95, 0.35), (3.2, 0.45, 0.7), TRACK),
        ((0.0, -0.95, 0.35), (3.2, 0.45, 0.7), TRACK),
        ((-0.2, 0.0, 1.1), (1.4, 1.1, 0.5), DARK),
        ((1.15, 0.0, 1.15), (1.5, 0.18, 0.18), DARK),
    ),
    "car": (
        ((0.0, 0.0, 0.5), (2.4, 1.1, 0.5), BODY),
        ((-0.15, 0.0, 0.95), (1.2, 0.95, 0.45), GLASS),
        ((0.75, 0.6, 0.3), (0.6, 0.2, 0.6), TYRE),
        ((0.75, -0.6, 0.3), (0.6, 0.2, 0.6), TYRE),
        ((-0.75, 0.6, 0.3), (0.6, 0.2, 0.6), TYRE),
        ((-0.75, -0.6, 0.3), (0.6, 0.2, 0.6), TYRE),
    ),
    "truck": (  # a cab in front (+x) of a long box: you see which way it backs
        ((-0.55, 0.0, 1.05), (2.7, 1.5, 1.5), BOX),
        ((1.35, 0.0, 0.8), (0.95, 1.45, 1.0), CAB),
        ((1.45, 0.0, 1.2), (0.6, 1.3, 0.35), GLASS),
        ((1.2, 0.72, 0.3), (0.6, 0.2, 0.6), TYRE),
        ((1.2, -0.72, 0.3), (0.6, 0.2, 0.6), TYRE),
        ((-1.3, 0.72, 0.3), (0.6, 0.2, 0.6), TYRE),
        ((-1.3, -0.72, 0.3), (0.6, 0.2, 0.6), TYRE),
    ),
    "person": (
        ((0.0, 0.17, 0.45), (0.25, 0.22, 0.9), TROUSERS),
        ((0.0, -0.17, 0.45), (0.25, 0.22, 0.9), TROUSERS),
        ((0.0, 0.0, 1.25), (0.32, 0.62, 0.7), SHIRT),
        ((0.03, 0.0, 1.78), (0.3, 0.3, 0.32), SKIN),
        ((0.2, 0.0, 1.8), (0.08, 0.12, 0.08), SKIN),  # a nose, so that you can see which way it faces
    ),
    # Tower-defense pieces, in the game's units (a cell is 40 wide).
    "enemy": (
        ((-2.0, 0.0, 6.0), (16.0, 12.0, 8.0), SHELL),
        ((8.0, 0.0, 5.0), (6.0, 8.0, 6.0), SHELL),
        ((11.2, 2.2, 6.5), (1.2, 2.0, 2.0), EYES),
        ((11.2, -2.2, 6.5), (1.2, 2.0, 2.0), EYES),
        ((-1.0, 7.0, 2.0), (10.0, 2.0, 4.0), METAL),
        ((-1.0, -7.0, 2.0), (10.0, 2.0, 4.0), METAL),
    ),
    "tower": (
        ((0.0, 0.0, 5.0), (30.0, 30.0, 10.0), STONE),
        ((0.0, 0.0, 16.0), (20.0, 20.0, 12.0), STONE),
    ),
    "turret": (  # sits on the tower at z = 22 and turns to aim
        ((0.0, 0.0, 3.0), (14.0, 14.0, 6.0), METAL),
        ((12.0, 0.0, 3.0), (18.0, 3.5, 3.5), METAL),
    ),
    "glider": (  # looks along +Y; its fin stands up (+Z) and its wings reach right and left (X)
        ((0.0, 0.0, 0.0), (0.26, 1.5, 0.24), FUSELAGE),
        ((0.0, 0.82, 0.0), (0.2, 0.16, 0.18), NOSE),
        ((0.0, 0.1, 0.06), (2.2, 0.36, 0.05), WING),
        ((0.0, -0.62, 0.06), (0.8, 0.2, 0.04), WING),
        ((0.0, -0.64, 0.3), (0.05, 0.26, 0.46), FUSELAGE),
    ),
}


def unit_egg(name, boxes):
    """The text of an egg file holding ``boxes`` as one group."""
    vertices, polygons = [], []
    for centre, size, colour in boxes:
        for normal, corners in FACES:
            refs = []
            for corner in corners:
                position = [c + s * k / 2.0 for c, s, k in zip(centre, size, corner)]
                refs.append(str(len(vertices)))
                vertices.append(
                    f"  <Vertex> {len(vertices)} {{ {' '.join(f'{v:.4f}' for v in position)} "
                    f"<Normal> {{ {' '.join(map(str, normal))} }} "
                    f"<RGBA> {{ {' '.join(map(str, colour))} }} }}"
                )
            polygons.append(
                f"  <Polygon> {{ <VertexRef> {{ {' '.join(refs)} <Ref> {{ {name}-vertices }} }} }}"
            )
    return "\n".join(
        ["<CoordinateSystem> { Z-up }", f"<VertexPool> {name}-vertices {{", *vertices, "}"]
        + [f"<Group> {name} {{", *polygons, "}", ""]
    )


DART = (
    ((0.0, 10.0, 5.0), EYES),  # its tip, ahead (+Y)
    ((-7.0, -8.0, 2.0), SHELL),
    ((7.0, -8.0, 2.0), SHELL),
    ((0.0, -8.0, 11.0), SHELL),
)
"""The crowd's enemy in the game's units: a dart's corners and their colours. Its three faces
(no floor) share them, smooth-shaded: the crowd's cost under a software renderer is its vertices
(10,000 of these drew at 93 frames a second in the maze mode, as many boxes of 20 at 48)."""
DART_FACES = ((0, 1, 3), (0, 3, 2), (1, 2, 3))
"""Counter-clockwise seen from outside: left, right, back."""


def dart_egg(name):
    """The text of an egg file holding ``DART``, each corner's normal the mean of its faces'."""
    corners = [corner for corner, _ in DART]
    normals = [[0.0, 0.0, 0.0] for _ in corners]
    for face in DART_FACES:
        a, b, c = (corners[k] for k in face)
        u, v = [q - p for p, q in zip(a, b)], [q - p for p, q in zip(a, c)]
        cross = (u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0])
        length = sum(x * x for x in cross) ** 0.5
        for k in face:
            normals[k] = [n + x / length for n, x in zip(normals[k], cross)]
    vertices = []
    for number, ((corner, colour), normal) in enumerate(zip(DART, normals)):
        length = sum(x * x for x in normal) ** 0.5
        vertices.append(
            f"  <Vertex> {number} {{ {' '.join(f'{v:.4f}' for v in corner)} "
            f"<Normal> {{ {' '.join(f'{n / length:.4f}' for n in normal)} }} "
            f"<RGBA> {{ {' '.join(map(str, colour))} }} }}"
        )
    polygons = [
        f"  <Polygon> {{ <VertexRef> {{ {' '.join(map(str, face))} <Ref> {{ {name}-vertices }} }} }}"
        for face in DART_FACES
    ]
    return "\n".join(
        ["<CoordinateSystem> { Z-up }", f"<VertexPool> {name}-vertices {{", *vertices, "}"]
        + [f"<Group> {name} {{", *polygons, "}", ""]
    )


if __name__ == "__main__":
    texts = {name: unit_egg(name, boxes) for name, boxes in UNITS.items()}
    texts["crowd_enemy"] = dart_egg("crowd_enemy")
    for name, text in texts.items():
        target = Path(__file__).with_name(f"{name}.egg")
        target.write_text(text)
        print(f"wrote {target}")
