"""The curves mode (``curves_mode.CurvesMode``): a sphere (or a train of riders) along a 3D curve
at the pace of a velocity curve, the curve drawn and edited by mouse, the velocity plot, the
presets and the user's presets file. Its state is one model (``curves_model.CurvesModel``, no
Panda3D), changed by edits (``curve_edits``) that tools make and views draw."""

__all__ = [
    "curve_drawing",
    "curve_editor",
    "curve_edits",
    "curves_mode",
    "curves_model",
    "drive",
    "edit_tools",
    "event_markers",
    "force_strip",
    "knot_tools",
    "limit_band",
    "looks",
    "made_motion",
    "preset_origins",
    "presets",
    "riders",
    "roll",
    "run",
    "run_timing",
    "setting_tools",
    "track_drawing",
    "user_presets",
    "velocity_plot",
]
