"""The legend overlay (issue 11): a key to every mark on the screen now, over the live game screen.

:class:`LegendPanel` dims the screen a little and lists ``game.view.legend`` entries in a column on one side
(the live screen stays in view beside it), each with
its swatch drawn by the code that draws the mark itself: the map's textures (``map_render.Textures``: arcs,
footbases, orientation icons, Atk/Def badges, clock pills, planned steps, the party ring, allegiance marks,
the crown, health pips) and the arrow pad's and HUD's mesh calls (dots, lines, outlines, pips), in the
screen's palette (the colour-blind one too). More entries than fit are split into pages.
Hit actions: ``("legend", "close")`` and ``("legend", "page", ±1)``.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence

import arcade

from game.view.arrow_pad import Mark
from game.view.floor_items import floor_texture
from game.view.legend import Kind, LegendEntry
from game.view.map_render import Textures
from game.view.mesh import rounded_rect_points
from game.view.palette import ArcState, Initiative, Outline, Palette
from game.view.widgets import (
    ACCENT,
    PANEL,
    PANEL_EDGE,
    PANEL_HEADER,
    ROW,
    TEXT,
    TEXT_DIM,
    Panel,
    elide,
    fit_width,
    touch,
)

DIM: tuple[int, int, int, int] = (6, 7, 10, 90)
ROW_H = 44.0  # px per entry at scale 1
SWATCH_W, SWATCH_H = 64.0, 34.0
MIN_FONT = 9.0  # pt: the legend stays readable on a small window
MIN_ROW = 40.0  # px: two lines of at least MIN_FONT


class LegendPanel(Panel):
    """The overlay's drawing; :class:`game.view.modes.LegendMode` owns its keys."""

    def __init__(self) -> None:
        super().__init__()
        self.entries: list[LegendEntry] = []
        self.palette: Palette | None = None
        self.textures: Textures | None = None
        self.page = 0
        self.pages = 1
        self.top_limit = 0.0
        self.rect = (0.0, 0.0, 0.0, 0.0)
        self.visible = False
        self.sprites: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.shown: list[LegendEntry] = []  # the entries on the page drawn last

    def open(self, entries: Sequence[LegendEntry], palette: Palette, textures: Textures) -> None:
        self.entries = list(entries)
        self.palette = palette
        self.textures = textures
        self.page = 0
        self.visible = True
        self.invalidate()

    def close(self) -> None:
        self.visible = False
        self.sprites.clear()
        self.invalidate()

    def turn(self, delta: int) -> None:
        self.page = (self.page + delta) % max(1, self.pages)
        self.invalidate()

    def content_key(self) -> Hashable:
        return (tuple(e.key for e in self.entries), self.page, self.top_limit,
                None if self.palette is None else self.palette.name)

    def build(self) -> None:
        pal, tex = self.palette, self.textures
        if pal is None or tex is None:
            return
        k = self.scale
        w, h = self.width, self.height
        top = (self.top_limit or h) - 10 * k
        self.sprites.clear()
        self.box((-10, -10, w + 20, h + 20), DIM, 0)
        width = min(w - 24 * k, 640 * k)  # one column: the live screen stays in view beside it
        left = self.x_for(width, 12 * k)
        bottom = 12 * k
        self.rect = (left, bottom, width, top - bottom)
        self.box(self.rect, PANEL, 12, edge=PANEL_EDGE, shadow=True)
        header = 48 * k
        self.box((left, top - header, width, header), PANEL_HEADER, 12)
        self.texts.put("title", "Legend: what the marks on screen mean", left + 16 * k, top - header / 2,
                       size=16 * k, bold=True, anchor_y="center")
        close_w = max(touch(k), 120 * k)
        close = (left + width - close_w - 6 * k, top - header + 4 * k, close_w, header - 8 * k)
        self.button("close", close, "Close", ("legend", "close"), size=13,
                    hit_rect=(close[0], top - touch(k), close_w, touch(k)))
        columns = 1
        gap = 14 * k
        col_w = (width - 24 * k - gap * (columns - 1)) / columns
        footer = 34 * k
        list_top = top - header - 8 * k
        row_h = max(ROW_H * k, MIN_ROW)
        per_col = max(1, int((list_top - bottom - footer) // row_h))
        per_page = per_col * columns
        self.pages = max(1, math.ceil(len(self.entries) / per_page))
        self.page = min(self.page, self.pages - 1)
        self.shown = self.entries[self.page * per_page:(self.page + 1) * per_page]
        if not self.entries:
            self.texts.put("none", "No marks on screen right now.", left + 16 * k, list_top - 20 * k,
                           size=13 * k, colour=TEXT_DIM, anchor_y="top")
        chars = max(12, int((col_w - (SWATCH_W + 22) * k) / (6.4 * max(k, MIN_FONT / 10))))
        for i, entry in enumerate(self.shown):
            col, row = divmod(i, per_col)
            x = left + 12 * k + col * (col_w + gap)
            y = list_top - row * row_h
            cell = (x, y - row_h + 4 * k, col_w, row_h - 4 * k)
            self.box(cell, ROW, 8)
            sx, sy = x + (SWATCH_W / 2 + 6) * k, y - row_h / 2 + 2 * k
            self._swatch(entry, sx, sy)
            tx = x + (SWATCH_W + 16) * k
            room = x + col_w - 8 * k - tx
            name = self.texts.put(("n", i), elide(entry.name, chars), tx, y - 5 * k, size=max(MIN_FONT + 1, 11 * k),
                                  bold=True, colour=TEXT, anchor_y="top")
            fit_width(name, entry.name, room)
            meaning = self.texts.put(("m", i), elide(entry.meaning, int(chars * 1.12)), tx, y - row_h + 8 * k,
                                     size=max(MIN_FONT, 10 * k), colour=(184, 192, 208, 255), anchor_y="bottom")
            fit_width(meaning, entry.meaning, room)
        hint = "The marks on screen now. ? or Esc closes."
        if self.pages > 1:
            hint = f"Page {self.page + 1} of {self.pages} (arrows turn). " + hint
            bw = max(touch(k) * 0.75, 54 * k)
            for side in (-1, 1):  # at the footer's right end, clear of the hint
                bx = left + width - 10 * k - (2 * bw + 6 * k if side < 0 else bw)
                rect = (bx, bottom + 4 * k, bw, footer - 6 * k)
                self.button(("page", side), rect, "", ("legend", "page", side),
                            hit_rect=(bx, bottom, bw, max(footer, touch(k) / 2)))
                self.arrow_glyph(bx + bw / 2, bottom + 4 * k + (footer - 6 * k) / 2, side, 11 * k, TEXT)
        self.texts.put("hint", elide(hint, int((width - 160 * k) / (5.8 * max(k, MIN_FONT / 10)))), left + 16 * k,
                       bottom + footer / 2, size=max(MIN_FONT, 10 * k), colour=TEXT_DIM, anchor_y="center")

    # --- swatches: the marks drawn by their own code ---------------------------------------------------------
    def _sprite(self, texture: arcade.Texture, cx: float, cy: float, grow: float = 2.0) -> None:
        k = self.scale
        fit = min(SWATCH_W * k / texture.width, SWATCH_H * k / texture.height, grow * k)
        sprite = arcade.Sprite(texture, scale=fit)
        sprite.center_x, sprite.center_y = cx, cy
        self.sprites.append(sprite)

    def _swatch(self, entry: LegendEntry, cx: float, cy: float) -> None:
        pal, tex, k = self.palette, self.textures, self.scale
        assert pal is not None and tex is not None
        kind, variant = entry.key.kind, entry.key.variant
        if kind is Kind.ARC:
            self._sprite(tex.arc(ArcState(variant), 1), cx, cy)
        elif kind is Kind.FOOTBASE:
            self._sprite(tex.footbase("primary" if variant.startswith("primary") else variant,
                                      variant == "primary_faded"), cx, cy)
        elif kind is Kind.ORIENTATION:
            self._sprite(tex.icon(variant), cx, cy)
        elif kind is Kind.ROLL:
            self._sprite(tex.mark(Mark(variant)), cx, cy)
        elif kind is Kind.CLOCK:
            self._sprite(tex.pill(variant == "mine"), cx, cy)
        elif kind is Kind.PLANNED:
            self._sprite(tex.planned(variant == "wait"), cx, cy)
        elif kind is Kind.PARTY:
            self._sprite(tex.shadow(True), cx, cy)
        elif kind is Kind.MOBILITY:  # issue 13: the map's threading arrow and flank bracket
            self._sprite(tex.mobility(variant), cx, cy)
        elif kind in (Kind.ALLEGIANCE, Kind.LEADER):
            self._sprite(tex.side_mark(variant), cx, cy, grow=1.4)
        elif kind is Kind.FLOOR:  # the map's own pile and relic pictures (game.view.floor_items)
            self._sprite(floor_texture(variant, tex.px), cx, cy, grow=1.0)
        elif kind is Kind.HEALTH:
            ht, down, bleeding, wounds = {"ht": (5, False, False, 0), "ht_lost": (2, False, False, 0),
                                          "bleeding": (3, False, True, 0), "down": (0, True, False, 0),
                                          "wound": (5, False, False, 2)}[variant]
            self._sprite(tex.pips(ht, 5, bleeding, down, wounds), cx, cy, grow=1.6)
        elif kind is Kind.PAD_DOT:
            self.mesh.glyph(cx, cy, 10 * k, pal.initiative(Initiative(variant)), pal.ink)
        elif kind in (Kind.PAD_INNER_LINE, Kind.PAD_OUTER_LINE):
            style = pal.initiative(Initiative(variant))
            if kind is Kind.PAD_INNER_LINE:  # from the pad's centre ring outwards
                self.mesh.ring(cx - 22 * k, cy, 9 * k, 2 * k, pal.glyph)
                self.mesh.styled_line([(cx - 11 * k, cy), (cx + 28 * k, cy)], 8 * k, style, pal.ink, scale=k)
            else:  # outside a button
                self.mesh.rounded_rect(cx - 18 * k, cy, 26 * k, 26 * k, 5 * k, pal.button_fill)
                self.mesh.styled_line([(cx - 1 * k, cy), (cx + 30 * k, cy)], 8 * k, style, pal.ink, scale=k)
        elif kind is Kind.PAD_OUTLINE:
            style = pal.outline(Outline(variant))
            s, band = 24 * k, 5 * k
            path = rounded_rect_points(cx, cy, s + band, s + band, 6 * k + band / 2)
            self.mesh.styled_line(path, band, style, pal.ink, closed=True, scale=k)
            self.mesh.rounded_rect(cx, cy, s, s, 6 * k, pal.button_fill)
        elif kind is Kind.HUD_PIP:
            for i in range(3):  # as the HUD draws them (game.view.hud.Hud.build)
                x = cx - 16 * k + i * 16 * k
                if variant in ("ht", "ht_lost"):
                    self.mesh.disc(x, cy, 6 * k, (60, 20, 24, 255))
                    if variant == "ht":
                        self.mesh.disc(x, cy, 4.6 * k, (232, 72, 72, 255))
                else:
                    full = variant == "cp"
                    self.mesh.disc(x, cy, 4.8 * k, (40, 30, 6, 255) if full else (70, 62, 30, 255))
                    if full:
                        self.mesh.disc(x, cy, 3.8 * k, ACCENT)
        elif entry.colour is not None:
            self.mesh.disc(cx, cy, 9 * k, entry.colour)

    def draw(self, *, fresh: bool = True) -> None:
        if not self.visible:
            return
        if fresh:
            self.refresh()
        if self._shape is not None:
            ctx = arcade.get_window().ctx
            ctx.enable(ctx.BLEND)  # a lone Shape does not set blending: the dimmed screen must show through
            self._shape.draw()
        self.sprites.draw()
        self.texts.draw()
