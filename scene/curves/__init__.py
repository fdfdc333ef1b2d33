"""The curves mode (``curves_mode.CurvesMode``): a sphere (or a train of riders) along a 3D curve
at the pace of a velocity curve, the curve drawn and edited by mouse, the velocity plot, the
presets and the user's presets file."""

__all__ = [
    "curve_drawing",
    "curve_editor",
    "curves_mode",
    "drive",
    "event_markers",
    "limit_band",
    "preset_edits",
    "presets",
    "riders",
    "run",
    "user_presets",
    "velocity_plot",
]
