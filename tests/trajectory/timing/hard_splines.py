"""Random splines' knots that found faults in the fastest motion, shared by its tests."""

DOUBLING_BACK = [
    (0.0, 0.0, 0.0),
    (0.0, -7.285005172248752, -5.4231393443862976e-05),
    (0.0, 0.0, 2.6388781621187167),
    (0.0, 0.0, -4.660725558176217),
]
"""Knots on the axes that double back: random splines that start so found several faults."""
MISSED_BETWEEN_CHECKS = {
    # The accelerating and braking lines of one interval met 0.07 above v_max² (8.004 units/s)
    # between its checks.
    "lines meeting above v_max": [
        (6.0, 0.5, 7.75),
        (8.0, 3.125, -0.5),
        (1.0, -8.8125, -4.125),
        (-9.0, -1.0, 4.0),
    ],
    # A braking line crossed a narrow bend just before a knot (v² κ 0.15 % over a_lat).
    "a braking line across a bend at a knot": [
        *DOUBLING_BACK,
        (0.0, -7.852268983229536, 0.0),
        (9.0, 6.54915236878983, 7.1875),
        (0.0, 0.0, -6.0),
    ],
}
