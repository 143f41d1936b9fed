"""The legend overlay (issue 11): a key to every mark on the screen now, over the live game screen.

:class:`LegendPanel` dims the screen a little and lists ``game.view.legend`` entries in a column on one side
(the live screen stays in view beside it), each with
its swatch drawn by the code that draws the mark itself: the map's textures (``map_render.Textures``: arcs,
footbases, orientation icons, Atk/Def badges, clock pills, planned steps, the party ring, allegiance marks,
the crown, health pips) and the arrow pad's and HUD's mesh calls (dots, lines, outlines, pips), in the
screen's palette (the colour-blind one too). More entries than fit are split into pages.

Opening it is one frame's work (issue 11: the legend frame's spike was its ~40 texts, each a new ``arcade.Text``):
:meth:`LegendPanel.warm_step`, called in the game screen's quiet frames, makes one thing at a time ahead: a
hidden text of a kind the legend lays out (its title, a row's name and meaning, the hint, the Close button's
label) until it has enough for a page, so the build that opens it only gives spare texts their strings
(``widgets.TextPool``); then each swatch's texture (drawn and put in the atlas once, not in the opening frame).
Hit actions: ``("legend", "close")`` and ``("legend", "page", ±1)``.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Collection, Hashable, Sequence

import arcade
from arcade.shape_list import Shape

from game.view.arrow_pad import Mark
from game.view.floor_items import floor_texture
from game.view.legend import Kind, LegendEntry, MarkKey, entries
from game.view.map_render import Textures
from game.view.mesh import Mesh, rounded_rect_points
from game.view.palette import ArcState, Initiative, Outline, Palette
from game.view.panel_picture import Bounds, union
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
TITLE = "Legend: what the marks on screen mean"
HINT = "The marks on screen now. ? or Esc closes."


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
        self._warm_texts: tuple[object, list[tuple[str, float, bool, str, str]]] | None = None  # (for, to make)
        self.warm_sprites: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()  # never drawn: the atlas holds
        self._warm_swatches: tuple[object, list[LegendEntry]] | None = None  # (for whose textures, to make)
        self._dim: Shape | None = None  # the screen dimmed around the panel (drawn each frame, not in its picture)

    def open(self, entries: Sequence[LegendEntry], palette: Palette, textures: Textures) -> None:
        """Show these entries (built now unless :meth:`prepare` built them already)."""
        self._set(entries, palette, textures)
        self.visible = True

    def prepare(self, entries: Sequence[LegendEntry], palette: Palette, textures: Textures) -> None:
        """Build these entries' first page while the legend is closed (a quiet frame's work), and have its picture
        painted in a later quiet one: an opening that shows them then has nothing to build (its first frame cost
        12 ms of the main thread) and draws one textured quad (its first frames, drawn directly, cost 10-12 ms of
        the software rasterizer)."""
        self._set(entries, palette, textures)
        self.refresh()
        self.paint_ahead()

    def _set(self, entries: Sequence[LegendEntry], palette: Palette, textures: Textures) -> None:
        self.entries = list(entries)
        self.palette = palette
        self.textures = textures
        self.page = 0

    def close(self) -> None:
        self.visible = False

    def turn(self, delta: int) -> None:
        self.page = (self.page + delta) % max(1, self.pages)
        self.invalidate()

    def _chars(self, width: float) -> int:
        """Characters a row's name shows in a ``width`` wide panel (its meaning: 12 % more)."""
        k = self.scale
        col_w = width - 24 * k
        return max(12, int((col_w - (SWATCH_W + 22) * k) / (6.4 * max(k, MIN_FONT / 10))))

    def _hint_chars(self, width: float) -> int:
        k = self.scale
        return int((width - 160 * k) / (5.8 * max(k, MIN_FONT / 10)))

    def _texts_ahead(self, catalogue: list[LegendEntry]) -> list[tuple[str, float, bool, str, str]]:
        """Every text an opening may lay out at this size and scale, as it would (string, size, bold, anchor_x,
        anchor_y): the title, the Close button's label, the hint, each catalogue entry's name and meaning."""
        k = self.scale
        width = min(self.width - 24 * k, 640 * k)
        chars = self._chars(width)
        name_size, meaning_size = max(MIN_FONT + 1, 11 * k), max(MIN_FONT, 10 * k)
        ahead = [(TITLE, 16 * k, True, "left", "center"), ("Close", 13 * k, True, "center", "center"),
                 (elide(HINT, self._hint_chars(width)), max(MIN_FONT, 10 * k), False, "left", "center")]
        for entry in catalogue:
            ahead.append((elide(entry.name, chars), name_size, True, "left", "top"))
            ahead.append((elide(entry.meaning, int(chars * 1.12)), meaning_size, False, "left", "bottom"))
        return ahead

    def warm_step(self, palette: Palette, textures: Textures,
                  on_screen: Callable[[], Collection[MarkKey]] = frozenset) -> bool:
        """While the legend is closed, make one more thing its opening would make: a hidden text with the string
        the opening lays out (its build then takes that spare as it is: no layout), then a swatch's texture (drawn
        and put in the atlas). The marks ``on_screen`` (asked once a list starts) go first. False once all are made
        (nothing done this call)."""
        if self.visible:
            return False
        return self._warm_text(palette, on_screen) or self._warm_swatch(palette, textures, on_screen)

    def warm(self, palette: Palette, textures: Textures, on_screen: Callable[[], Collection[MarkKey]],
             budget: float) -> bool:
        """:meth:`warm_step` while less than a third of ``budget`` seconds has gone (a step takes 0.8 ms on
        average, 3 ms at most: the frame stays within about the budget): about 160 things to make, so a legend
        opened a second or two after the screen appeared has them all. False when nothing was left to make."""
        start = time.perf_counter()
        made = False
        while self.warm_step(palette, textures, on_screen):
            made = True
            if time.perf_counter() - start >= budget / 3:
                break
        return made

    @staticmethod
    def _catalogue(palette: Palette, on_screen: Callable[[], Collection[MarkKey]]) -> list[LegendEntry]:
        """Every entry, those of the marks on screen first (the likeliest in the next opening)."""
        shown = on_screen()
        return sorted(entries(palette), key=lambda e: e.key not in shown)

    def _warm_text(self, palette: Palette, on_screen: Callable[[], Collection[MarkKey]]) -> bool:
        owner = (self.scale, self.width, palette.name)
        if self._warm_texts is None or self._warm_texts[0] != owner:
            self._warm_texts = (owner, self._texts_ahead(self._catalogue(palette, on_screen))[::-1])
        todo = self._warm_texts[1]
        if not todo:
            return False
        text, size, bold, anchor_x, anchor_y = todo.pop()
        self.texts.stock(text, size=size, bold=bold, anchor_x=anchor_x, anchor_y=anchor_y)
        return True

    def _warm_swatch(self, palette: Palette, textures: Textures,
                     on_screen: Callable[[], Collection[MarkKey]]) -> bool:
        owner = (id(textures), palette.name)
        if self._warm_swatches is None or self._warm_swatches[0] != owner:
            self._warm_swatches = (owner, self._catalogue(palette, on_screen)[::-1])
            self.warm_sprites.clear()
        todo = self._warm_swatches[1]
        own = self.textures
        self.textures = textures
        try:
            while todo:
                made = self._swatch_texture(todo.pop())
                if made is not None:
                    self.warm_sprites.append(arcade.Sprite(made[0]))
                    return True
        finally:
            self.textures = own
        return False

    def content_key(self) -> Hashable:
        return (tuple(e.key for e in self.entries), self.page, self.top_limit,
                None if self.palette is None else self.palette.name, id(self.textures))

    def build(self) -> None:
        self._dim = None
        pal, tex = self.palette, self.textures
        if pal is None or tex is None:
            return
        k = self.scale
        w, h = self.width, self.height
        top = (self.top_limit or h) - 10 * k
        self.sprites.clear()
        width = min(w - 24 * k, 640 * k)  # one column: the live screen stays in view beside it
        left = self.x_for(width, 12 * k)
        bottom = 12 * k
        self.rect = (left, bottom, width, top - bottom)
        # the live screen dimmed around the panel (not under it: the panel is opaque, and every dimmed pixel
        # costs the software rasterizer; the edge's outline, as Panel.box draws it). A shape of its own, drawn
        # each frame: the panel's picture is then the panel alone, not a screenful to paint and to blend
        height = top - bottom
        dim = Mesh()
        dim.surround((-10, -10, w + 10, h + 10), left + width / 2, bottom + height / 2, width + 2 * k,
                     height + 2 * k, 13 * k, DIM)
        self._dim = dim.shape()
        self.box(self.rect, PANEL, 12, edge=PANEL_EDGE, shadow=True)
        header = 48 * k
        self.box((left, top - header, width, header), PANEL_HEADER, 12)
        self.texts.put("title", TITLE, left + 16 * k, top - header / 2,
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
        chars = self._chars(width)
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
        hint = HINT
        if self.pages > 1:
            hint = f"Page {self.page + 1} of {self.pages} (arrows turn). " + hint
            bw = max(touch(k) * 0.75, 54 * k)
            for side in (-1, 1):  # at the footer's right end, clear of the hint
                bx = left + width - 10 * k - (2 * bw + 6 * k if side < 0 else bw)
                rect = (bx, bottom + 4 * k, bw, footer - 6 * k)
                self.button(("page", side), rect, "", ("legend", "page", side),
                            hit_rect=(bx, bottom, bw, max(footer, touch(k) / 2)))
                self.arrow_glyph(bx + bw / 2, bottom + 4 * k + (footer - 6 * k) / 2, side, 11 * k, TEXT)
        self.texts.put("hint", elide(hint, self._hint_chars(width)), left + 16 * k,
                       bottom + footer / 2, size=max(MIN_FONT, 10 * k), colour=TEXT_DIM, anchor_y="center")

    # --- swatches: the marks drawn by their own code ---------------------------------------------------------
    def _sprite(self, texture: arcade.Texture, cx: float, cy: float, grow: float = 2.0) -> None:
        k = self.scale
        fit = min(SWATCH_W * k / texture.width, SWATCH_H * k / texture.height, grow * k)
        sprite = arcade.Sprite(texture, scale=fit)
        sprite.center_x, sprite.center_y = cx, cy
        self.sprites.append(sprite)

    def _swatch_texture(self, entry: LegendEntry) -> tuple[arcade.Texture, float] | None:
        """The map texture ``entry``'s swatch shows and how far it may grow (None: drawn with mesh calls)."""
        tex = self.textures
        assert tex is not None
        kind, variant = entry.key.kind, entry.key.variant
        if kind is Kind.ARC:
            return tex.arc(ArcState(variant), 1), 2.0
        if kind is Kind.FOOTBASE:
            return tex.footbase("primary" if variant.startswith("primary") else variant,
                                variant == "primary_faded"), 2.0
        if kind is Kind.ORIENTATION:
            return tex.icon(variant), 2.0
        if kind is Kind.ROLL:
            return tex.mark(Mark(variant)), 2.0
        if kind is Kind.CLOCK:
            return tex.pill(variant == "mine"), 2.0
        if kind is Kind.PLANNED:
            return tex.planned(variant == "wait"), 2.0
        if kind is Kind.PARTY:
            return tex.shadow(True), 2.0
        if kind is Kind.MOBILITY:  # issue 13: the map's threading arrow and flank bracket
            return tex.mobility(variant), 2.0
        if kind in (Kind.ALLEGIANCE, Kind.LEADER):
            return tex.side_mark(variant), 1.4
        if kind is Kind.FLOOR:  # the map's own pile and relic pictures (game.view.floor_items)
            return floor_texture(variant, tex.px), 1.0
        if kind is Kind.HEALTH:
            ht, down, bleeding, wounds = {"ht": (5, False, False, 0), "ht_lost": (2, False, False, 0),
                                          "bleeding": (3, False, True, 0), "down": (0, True, False, 0),
                                          "wound": (5, False, False, 2)}[variant]
            return tex.pips(ht, 5, bleeding, down, wounds), 1.6
        return None

    def _swatch(self, entry: LegendEntry, cx: float, cy: float) -> None:
        pal, tex, k = self.palette, self.textures, self.scale
        assert pal is not None and tex is not None
        kind, variant = entry.key.kind, entry.key.variant
        texture = self._swatch_texture(entry)
        if texture is not None:
            self._sprite(texture[0], cx, cy, grow=texture[1])
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
        elif kind is Kind.PAD_SUGGESTED:  # as the pad draws it (game.view.arrow_pad.ArrowPad.build_mesh)
            self.mesh.rounded_rect(cx, cy, 30 * k, 30 * k, 6 * k, pal.button_fill)
            self.mesh.rounded_frame(cx, cy, 18 * k, 18 * k, 4 * k, 2 * k, pal.suggested)
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
        if self._dim is not None and self.shown_whole:
            ctx = arcade.get_window().ctx
            ctx.enable(ctx.BLEND)  # a lone Shape does not set blending: the dimmed screen must show through
            self._dim.draw()
        super().draw(fresh=False)

    def paint_over(self) -> None:
        self.sprites.draw()
        self.texts.draw()

    def picture_bounds(self) -> Bounds | None:
        base = super().picture_bounds()
        boxes = [(s.left, s.bottom, s.right, s.top) for s in self.sprites]
        if base is not None:
            boxes.append(base)
        return union(boxes, self.width, self.height)
