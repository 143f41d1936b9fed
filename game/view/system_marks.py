"""Combat systems' markers by the miniatures (issue 14: Combat basics' stumbling, dazed, readied, delayed;
Sophia's Children's Stunned, Asleep, Hidden, Dying): each a small tag of plain words under the fighter's feet,
several stacked downwards, and the tags of fighters close together (a combat cluster) moved down clear of
each other's (`game.view.declutter`). Light text on a dark plate with a gold rim: the word carries the
meaning, never the colour, so it reads the same in either palette and to the colour-blind. The data is the player view's
(`game.sim.player_view.system_marks`); this module only draws it, in screen space (crisp text), reusing its
`arcade.Text`s from frame to frame, and says what it drew for the legend (`keys`)."""

from __future__ import annotations

from collections.abc import Callable

import arcade
import pyglet

from game.sim.player_view import MarkView
from game.view.declutter import stack
from game.view.legend import SYSTEM_MARK_COLOUR, MarkKey, system_mark_key

Point = tuple[float, float]
TEXT_COLOUR = (255, 246, 222, 255)
PLATE_COLOUR = (16, 14, 22, 230)
PAD_X, PAD_Y, GAP = 4.0, 2.0, 2.0  # screen pixels: the plate round the words, between stacked tags


class MarkLayer:
    """Draws the marker tags in screen space (call after the world, with the screen camera)."""

    def __init__(self, font: str) -> None:
        self.font = font
        self.batch = pyglet.graphics.Batch()
        self._texts: list[arcade.Text] = []  # slots, reused in order; only a changed label is set anew
        self.drawn: tuple[MarkView, ...] = ()  # the tags drawn last frame
        self.plates: tuple[tuple[float, float, float, float], ...] = ()  # their plates (left, bottom, w, h), screen

    def draw(self, marks: tuple[MarkView, ...], anchor: Callable[[str], Point | None],
             project: Callable[[Point], Point], size: float) -> None:
        """Each mark under its fighter: ``anchor(actor)`` is his feet in world space (None: not shown),
        ``project`` turns it into screen space; ``size`` is the font size in pixels."""
        drawn: list[MarkView] = []
        below: dict[str, float] = {}  # actor -> the screen y under his last tag
        plates: list[tuple[float, float, float, float]] = []
        for mark in marks:
            at = anchor(mark.actor)
            if at is None:
                continue
            sx, sy = project(at)
            top = below.get(mark.actor, sy - GAP)
            text = self._slot(len(drawn), mark.label, size)
            w, h = text.content_width + 2 * PAD_X, text.content_height + 2 * PAD_Y
            plates.append((round(sx) - w / 2, top - h, w, h))
            below[mark.actor] = top - h - GAP
            drawn.append(mark)
        # the tags of fighters close together (a combat cluster on one square) go down past each other's
        shifts = stack(plates, GAP, up=False) if len(below) > 1 else [0.0] * len(plates)
        for i, (left, bottom, w, h) in enumerate(plates):
            plates[i] = (left, bottom + shifts[i], w, h)
            text = self._texts[i]
            pos = (round(left + w / 2), round(bottom + shifts[i] + h - PAD_Y))
            if text.position[:2] != pos:
                text.position = pos
        for text in self._texts[len(drawn):]:
            if text.visible:
                text.visible = False
        for left, bottom, w, h in plates:
            arcade.draw_lbwh_rectangle_filled(left, bottom, w, h, PLATE_COLOUR)
            arcade.draw_lbwh_rectangle_outline(left, bottom, w, h, SYSTEM_MARK_COLOUR, 1.5)
        if drawn:
            self.batch.draw()
        self.drawn = tuple(drawn)
        self.plates = tuple(plates)

    def _slot(self, i: int, label: str, size: float) -> arcade.Text:
        if i == len(self._texts):
            self._texts.append(arcade.Text(label, 0, 0, TEXT_COLOUR, font_size=size, font_name=self.font,
                                           bold=True, anchor_x="center", anchor_y="top", batch=self.batch))
        text = self._texts[i]
        if text.text != label:
            text.text = label
        if text.font_size != size:
            text.font_size = size
        if not text.visible:
            text.visible = True
        return text

    def keys(self) -> set[MarkKey]:
        """The legend keys of the tags drawn last frame."""
        return {system_mark_key(m.label) for m in self.drawn}
