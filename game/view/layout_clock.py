"""The time the frame being drawn has spent laying out texts, against one cap the panels that lay out over frames share.

A text's layout (pyglet's, when a text is made or given another string) costs 0.5-1.5 ms on this machine, more on a
slow one. The panels that may spread their texts over frames (the combat log's new lines, the maneuver menu as it
opens) had fixed counts a frame; on a slow spell, or in the frame after a tick that also rebuilt the HUD, those
counts went over the frame. :data:`LAYOUT_CLOCK` adds up every layout's time between :meth:`LayoutClock.start_frame`
and :meth:`LayoutClock.end_frame` (the game screen's ``on_draw``); a panel with a layout budget stops early once
:meth:`LayoutClock.over`: the frame's layouts took :data:`FRAME_LAYOUT_CAP`; the log's new lines, which nobody waits
on, stop at :meth:`LayoutClock.busy` as well: the frame's drawing so far (any rebuild) took :data:`FRAME_WORK_CAP`
(each after at least one layout of its own, so it always gets on). Outside a frame the clock
never says over: a build called directly (a test, a screenshot) lays out by its count alone, the same every run.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

FRAME_LAYOUT_CAP = 0.0025  # seconds of text layout a frame, after which budgeted panels wait for the next
FRAME_WORK_CAP = 0.006  # seconds since the frame's drawing began, after which budgeted panels wait as well


class LayoutClock:
    """Layout time spent in the frame being drawn (see the module docstring)."""

    def __init__(self, cap: float = FRAME_LAYOUT_CAP, work_cap: float = FRAME_WORK_CAP) -> None:
        self.cap = cap
        self.work_cap = work_cap
        self.spent = 0.0  # seconds this frame
        self.started = 0.0  # when this frame's drawing began (perf_counter)
        self.active = False  # inside a frame's drawing

    def start_frame(self) -> None:
        self.spent = 0.0
        self.started = time.perf_counter()
        self.active = True

    def end_frame(self) -> None:
        self.active = False

    def over(self) -> bool:
        """In a frame, and its layouts have used the cap."""
        return self.active and self.spent >= self.cap

    def busy(self) -> bool:
        """In a frame, and its layouts have used the cap or its drawing so far the work cap: what can wait for
        the next frame without the player waiting on it (the log's new lines) waits (a frame that rebuilt the
        maneuver menu or the map's marks leaves them to the next). An opening panel the player waits on stops
        at :meth:`over` only."""
        return self.over() or (self.active and time.perf_counter() - self.started >= self.work_cap)

    @contextmanager
    def timing(self) -> Iterator[None]:
        """Count the time of the layout inside the block."""
        start = time.perf_counter()
        try:
            yield
        finally:
            self.spent += time.perf_counter() - start


LAYOUT_CLOCK = LayoutClock()
