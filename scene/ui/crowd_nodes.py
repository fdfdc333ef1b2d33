"""Many copies of one model drawn as a crowd: with hardware instancing where the graphics driver
runs GLSL 1.40 (one Geom drawn N times in one call, each copy's place, heading and colour read
from a buffer texture by a small shader, lit by a fixed sun), and one node per copy where it does
not (Panda3D's software renderer, the offscreen tests). Either way ``update`` takes arrays."""

import numpy as np
from panda3d.core import AntialiasAttrib, GeomEnums, OmniBoundingVolume, Shader, Texture

VERTEX = """#version 140
in vec4 p3d_Vertex;
in vec3 p3d_Normal;
in vec4 p3d_Color;
uniform mat4 p3d_ModelViewProjectionMatrix;
uniform samplerBuffer places;
uniform float scale;
out vec4 colour;
void main() {
    vec4 place = texelFetch(places, gl_InstanceID * 2);        // x, y, z, heading (radians)
    vec4 tint = texelFetch(places, gl_InstanceID * 2 + 1);     // rgba
    float c = cos(place.w), s = sin(place.w);
    mat2 turn = mat2(c, s, -s, c);
    vec3 at = vec3(turn * p3d_Vertex.xy, p3d_Vertex.z) * scale + place.xyz;
    vec3 normal = vec3(turn * p3d_Normal.xy, p3d_Normal.z);
    float light = 1.0;  // a model without normals (a card) is drawn unlit
    if (length(normal) > 0.0) {
        light = 0.35 + 0.65 * max(dot(normalize(normal), normalize(vec3(0.35, -0.4, 0.85))), 0.0);
    }
    colour = vec4(p3d_Color.rgb * tint.rgb * light, p3d_Color.a * tint.a);
    gl_Position = p3d_ModelViewProjectionMatrix * vec4(at, 1.0);
}
"""
FRAGMENT = """#version 140
in vec4 colour;
out vec4 p3d_FragColor;
void main() {
    p3d_FragColor = colour;
}
"""
_TEXELS = 2
"""Texels per copy: its place and heading, its colour."""


def instancing_works(app):
    """Whether ``app``'s window draws instanced copies with the shader (GLSL 1.40)."""
    gsg = app.win.get_gsg() if app.win is not None else None
    return bool(gsg is not None and gsg.get_supports_glsl() and gsg.get_supports_buffer_texture())


class CrowdNodes:
    """Up to ``capacity`` copies of ``model`` (a NodePath, its own scale ``scale``) under
    ``parent``, instanced when ``app``'s driver allows it."""

    def __init__(self, app, parent, model, capacity, scale=1.0):
        self.capacity, self.scale = int(capacity), float(scale)
        self.instanced = instancing_works(app)
        self.count = 0
        if self.instanced:
            self.node = model.copy_to(parent)
            self.node.flatten_strong()  # one Geom: one draw call for the crowd
            self.places = Texture("crowd places")
            self.places.setup_buffer_texture(
                self.capacity * _TEXELS, Texture.T_float, Texture.F_rgba32, GeomEnums.UH_dynamic
            )
            self.node.set_shader(Shader.make(Shader.SL_GLSL, VERTEX, FRAGMENT))
            # Copies a few pixels wide gain little from multisampling, and a software renderer
            # pays for it: 10,000 enemies at 11 frames a second with it, 17 without (llvmpipe).
            self.node.set_antialias(AntialiasAttrib.M_none)
            self.node.set_shader_input("places", self.places)
            self.node.set_shader_input("scale", self.scale)
            for geom_node in self.node.find_all_matches("**/+GeomNode"):  # placed by the shader:
                geom_node.node().set_bounds(OmniBoundingVolume())  # never culled as the one model
                geom_node.node().set_final(True)
            self._rows = np.zeros((self.capacity, _TEXELS, 4), dtype=np.float32)
            self.node.set_instance_count(0)
        else:
            self.node = parent.attach_new_node("crowd")
            self._model = model
            self._copies = []

    def update(self, positions, headings, colours=None):
        """Show ``len(positions)`` copies at ``positions`` (n, 3) turned ``headings`` (n,) radians
        counter-clockwise from +x (the model looks along +y), tinted ``colours`` (n, 4) (white
        by default); copies past ``capacity`` are not drawn."""
        count = min(len(positions), self.capacity)
        positions, headings = np.asarray(positions)[:count], np.asarray(headings)[:count]
        colours = np.ones((count, 4)) if colours is None else np.asarray(colours)[:count]
        self.count = count
        facing = headings - np.pi / 2  # the model's +y onto the heading
        if self.instanced:
            rows = self._rows
            rows[:count, 0, :3], rows[:count, 0, 3], rows[:count, 1] = positions, facing, colours
            memoryview(self.places.modify_ram_image())[:] = rows.tobytes()
            self.node.set_instance_count(count)
            return
        while len(self._copies) < count:
            copy = self.node.attach_new_node("copy")
            self._model.instance_to(copy)
            copy.set_scale(self.scale)
            self._copies.append(copy)
        degrees = np.degrees(facing).tolist()
        for number, copy in enumerate(self._copies):
            if number >= count:
                copy.hide()
                continue
            copy.show()
            x, y, z = positions[number].tolist()
            copy.set_pos_hpr(x, y, z, degrees[number], 0.0, 0.0)
            copy.set_color_scale(*colours[number])

    @property
    def draw_calls(self):
        """How many Geoms are drawn for the crowd (per frame, at most)."""
        return _geoms(self.node) if self.instanced else self.count * _geoms(self._model)


def _geoms(path):
    """The Geoms under ``path``, its own included."""
    nodes = [path, *path.find_all_matches("**/+GeomNode")]
    return sum(node.node().get_num_geoms() for node in nodes if node.node().is_geom_node())
