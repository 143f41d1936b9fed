"""The time the frame being drawn has spent laying out texts, against one cap the panels that lay out over frames share.

A text's layout (pyglet's, when a text is made or given another string) costs 0.5-1.5 ms on this machine, more on a
slow one. The panels that may spread their texts over frames (the combat log's new lines, the maneuver menu as it
opens) had fixed counts a frame; on a slow spell, or in the frame after a tick that also rebuilt the HUD, those
counts went over the frame. :data:`LAYOUT_CLOCK` adds up every layout's time between :meth:`LayoutClock.start_frame`
and :meth:`LayoutClock.end_frame` (the game screen's ``on_draw``); a panel with a layout budget stops early once
:meth:`LayoutClock.over` (after at least one layout of its own, so it always gets on). Outside a frame the clock
never says over: a build called directly (a test, a screenshot) lays out by its count alone, the same every run.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

FRAME_LAYOUT_CAP = 0.0025  # seconds of text layout a frame, after which budgeted panels wait for the next


class LayoutClock:
    """Layout time spent in the frame being drawn (see the module docstring)."""

    def __init__(self, cap: float = FRAME_LAYOUT_CAP) -> None:
        self.cap = cap
        self.spent = 0.0  # seconds this frame
        self.active = False  # inside a frame's drawing

    def start_frame(self) -> None:
        self.spent = 0.0
        self.active = True

    def end_frame(self) -> None:
        self.active = False

    def over(self) -> bool:
        """In a frame, and its layouts have used the cap."""
        return self.active and self.spent >= self.cap

    @contextmanager
    def timing(self) -> Iterator[None]:
        """Count the time of the layout inside the block."""
        start = time.perf_counter()
        try:
            yield
        finally:
            self.spent += time.perf_counter() - start


LAYOUT_CLOCK = LayoutClock()
