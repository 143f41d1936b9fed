"""Fewer frames while nothing on screen moves: the game's window and its frame pacer.

The window redraws 60 times a second; on a software rasterizer a frame of the game screen costs several ms of
CPU, so a game left open and still kept a core busy. :class:`GameWindow` asks its view, if the view has an
``idle()`` method, whether anything on screen moves by itself (animations, the camera, a walk under way, work
waiting for a frame); once that has been so for :data:`IDLE_AFTER` seconds since the last event the window got
(a key, the mouse, a resize, an expose), it draws one frame in :data:`IDLE_EVERY` (10 a second at 60: a change
that comes without any event, such as a toast running out, shows at most that late). Any event brings the full
rate back at once. Updates (``on_update``) keep their rate: only drawing and the buffer swap are skipped, so the
window keeps showing the last frame drawn, which is what would have been drawn again.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import arcade

IDLE_AFTER = 1.0  # seconds without an event (and with a still screen) before frames thin out
IDLE_EVERY = 6  # while idle, one frame drawn in this many
NOT_ACTIVITY = frozenset({"on_draw", "on_refresh", "on_update", "on_fixed_update"})  # the window's own clock


class FramePacer:
    """Decides, frame by frame, whether to draw (see the module docstring)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.last_event = clock()
        self._skipped = 0

    def event(self) -> None:
        """Something came from outside (input, a resize, an expose): the full rate, now."""
        self.last_event = self.clock()
        self._skipped = 0

    def draw_now(self, still: bool) -> bool:
        """Whether to draw this frame; ``still``: the view has nothing moving by itself."""
        if still and self.clock() - self.last_event >= IDLE_AFTER and self._skipped < IDLE_EVERY - 1:
            self._skipped += 1
            return False
        self._skipped = 0
        return True


class GameWindow(arcade.Window):
    """The game's window: an ``arcade.Window`` whose frames thin out while its view is idle."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.pacer = FramePacer()  # before the window's own events (a resize while it is made)
        super().__init__(*args, **kwargs)

    def dispatch_event(self, *args: Any) -> Any:
        if args and args[0] not in NOT_ACTIVITY:
            self.pacer.event()
        return super().dispatch_event(*args)

    def draw(self, dt: float) -> None:
        idle = getattr(self.current_view, "idle", None)
        if not self.pacer.draw_now(bool(idle()) if callable(idle) else False):
            return
        super().draw(dt)
