"""The functions closed-form path formulas need, for one value (``FLOATS``: Python floats, the
planners' per-call path) and for many (``ARRAYS``: numpy arrays, the batch forms), so that one
formula serves both."""

import math
import operator
import types

import numpy as np

FLOATS = types.SimpleNamespace(
    sin=math.sin,
    cos=math.cos,
    atan2=math.atan2,
    asin=math.asin,
    sqrt=math.sqrt,
    hypot=math.hypot,
    maximum=max,
    minimum=min,
    clip=lambda x, low, high: min(max(x, low), high),
    where=lambda condition, yes, no: yes if condition else no,
    both=operator.and_,  # of two bools, a bool
    either=operator.or_,
)
ARRAYS = types.SimpleNamespace(
    sin=np.sin,
    cos=np.cos,
    atan2=np.arctan2,
    asin=np.arcsin,
    sqrt=np.sqrt,
    hypot=np.hypot,
    maximum=np.maximum,
    minimum=np.minimum,
    clip=np.clip,
    where=np.where,
    both=np.logical_and,
    either=np.logical_or,
)
