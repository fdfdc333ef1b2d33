"""The Panda3D scene: the only package that talks to Panda3D."""
