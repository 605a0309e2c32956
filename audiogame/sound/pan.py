"""Where a seat's cues come from in the stereo field, and how a pan becomes two channel gains."""

from __future__ import annotations

import math


def seat_pan(seat: int | None, players: int) -> float:
    """Stereo position of ``seat`` at a table of ``players``: -1 full left .. +1 full right.

    You (seat 0) are in the middle: your own cues sound inside your head. The others sit
    around the table in seat order, clockwise from your left: the first half on your left,
    the rest on your right, each side spread evenly out to the far edge, and nobody else in the
    middle, so that no opponent can be mistaken for you. ``None`` (no single seat) is the middle.

    >>> [seat_pan(s, 2) for s in range(2)]
    [0.0, -1.0]
    >>> [seat_pan(s, 3) for s in range(3)]
    [0.0, -1.0, 1.0]
    >>> [seat_pan(s, 5) for s in range(5)]
    [0.0, -1.0, -0.5, 0.5, 1.0]
    """
    others = players - 1
    if seat is None or seat <= 0 or others < 1 or seat > others:
        return 0.0
    left = (others + 1) // 2
    if seat <= left:
        # seat 1 is the far left; the last left seat is nearest the middle.
        return round(-(left - seat + 1) / left, 3)
    right = others - left
    return round((seat - left) / right, 3)


def pan_gains(pan: float) -> tuple[float, float]:
    """Left and right gains for ``pan`` with the equal-power law, so that a cue is as loud
    wherever it sits; out-of-range pans are clamped and a non-number is the middle.

    >>> pan_gains(-1.0)
    (1.0, 0.0)
    >>> [round(g, 3) for g in pan_gains(0.0)]
    [0.707, 0.707]
    """
    if not math.isfinite(pan):
        pan = 0.0
    angle = (max(-1.0, min(1.0, pan)) + 1.0) * math.pi / 4
    return round(math.cos(angle), 6), round(math.sin(angle), 6)
