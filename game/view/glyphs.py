"""Glyph warming: the UI font's glyphs rasterized before a text needs them, a few at a time in quiet frames.

pyglet makes a glyph the first time a text shows a character at a font size and weight, and blits it into
its glyph atlas then; on a software renderer, in the middle of a frame, that costs about a millisecond a glyph
(the frame after a tick, with a new panel at a new size, made dozens: issue 11's frame time). The warmer
keeps every make the view uses (its sizes at the panel scale, both weights; :meth:`GlyphWarmer.want`), makes
their glyphs for :data:`CHARS` within a small time budget per quiet frame (:meth:`GlyphWarmer.step`), and holds
the fonts (pyglet caches them weakly: a font no text shows would be dropped with its glyphs).
"""

from __future__ import annotations

import time
from collections import deque

import pyglet

from game.view.assets import load_ui_fonts

# every character the view writes: printable ASCII and the symbols of its labels (arrows, dashes, pips, marks)
CHARS = "".join(chr(c) for c in range(32, 127)) + "…·×–—−→←↑↓•▲▼°½‹›"
# the base sizes of the panels' texts (times the panel scale; see widgets.Panel and the HUD's panels)
BASE_SIZES = (8.0, 9.0, 9.5, 10.0, 10.5, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 20.0, 22.0)
CHUNK = 4  # characters per pyglet call (each call checks its budget; 12 at a large bold size took 3 ms)
MAX_HELD = 64  # fonts held at most (each has its glyph texture); the oldest goes first (a UI scale long left)
DPI = 96  # pyglet's default, as arcade.Text uses


class GlyphWarmer:
    """Makes wanted fonts' glyphs ahead of need. One per process: fonts and their atlas are the GL context's."""

    def __init__(self) -> None:
        self.font_name = ""
        self._fonts: dict[tuple[float, bool], pyglet.font.base.Font] = {}  # held: pyglet's cache is weak
        self._queue: deque[tuple[float, bool]] = deque()
        self._queued: set[tuple[float, bool]] = set()
        self._offset = 0  # into CHARS, for the make at the head of the queue

    def want(self, size: float, bold: bool) -> None:
        """Warm ``size`` (points) in that weight when there is time (a make already warm or queued: nothing)."""
        key = (float(size), bool(bold))
        if key in self._fonts or key in self._queued:
            return
        self._queued.add(key)
        self._queue.append(key)

    def want_scale(self, scale: float) -> None:
        """Every base size of the panels at ``scale``, both weights."""
        for size in BASE_SIZES:
            for bold in (False, True):
                self.want(size * scale, bold)

    @property
    def pending(self) -> int:
        """Makes still to warm."""
        return len(self._queue)

    def warm(self, size: float, bold: bool) -> bool:
        """Whether that make's glyphs are all made."""
        return (float(size), bool(bold)) in self._fonts and (float(size), bool(bold)) not in self._queued

    def step(self, budget: float = 0.002) -> int:
        """Make glyphs for about ``budget`` seconds (at least one chunk); returns how many makes are left."""
        if not self._queue:
            return 0
        if not self.font_name:
            self.font_name = load_ui_fonts()
        deadline = time.perf_counter() + budget
        while self._queue:
            key = self._queue[0]
            font = self._fonts.get(key)
            if font is None:
                weight = pyglet.text.Weight.BOLD if key[1] else pyglet.text.Weight.NORMAL
                font = self._fonts[key] = pyglet.font.load(self.font_name, key[0], weight=weight, dpi=DPI)
                while len(self._fonts) > MAX_HELD:  # let pyglet drop the oldest once no text shows it
                    del self._fonts[next(iter(self._fonts))]
            font.get_glyphs(CHARS[self._offset:self._offset + CHUNK])
            self._offset += CHUNK
            if self._offset >= len(CHARS):
                self._queue.popleft()
                self._queued.discard(key)
                self._offset = 0
            if time.perf_counter() >= deadline:
                break
        return len(self._queue)

    def finish(self) -> None:
        """Warm everything wanted now (tests, and a loading screen's spare time)."""
        while self.step(1.0):
            pass


WARMER = GlyphWarmer()
