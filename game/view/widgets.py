"""Small retained-mode HUD toolkit: text pools in one pyglet batch, panels drawn as one mesh, hit regions.

A panel rebuilds its geometry and texts only when the content key it was built from changes
(:meth:`Panel.refresh`), and between rebuilds it is drawn from its picture (one textured quad a frame:
:mod:`game.view.panel_picture`), which is what software GL can afford (tech_notes §3.3). Coordinates are
window pixels, bottom-left origin.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

import arcade
import pyglet
from arcade.shape_list import Shape

from game.view.assets import load_ui_fonts
from game.view.glyphs import WARMER
from game.view.layout_clock import LAYOUT_CLOCK
from game.view.mesh import Mesh, corner_steps, rounded_rect_points
from game.view.palette import RGBA
from game.view.panel_picture import Bounds, PanelPicture, mesh_box, text_boxes, union

MIN_TOUCH = 72  # px: the smallest hit area of a primary (touch) control, whatever the UI scale


def touch(scale: float) -> float:
    """A touch target's size at ``scale``: 72 px at scale 1, never smaller."""
    return max(float(MIN_TOUCH), MIN_TOUCH * scale)


FIT_W, FIT_H = 1000.0, 640.0  # px the game screen's panels need at scale 1 (see panel_scale_for)
MIN_PANEL_SCALE = 0.6


def panel_scale_for(width: int, height: int, ui_scale: float) -> float:
    """The UI scale the panels, texts and pad use: the setting, but never more than the window can hold (at
    scale 1 the panels need ``FIT_W`` px side by side: the maneuver menu alone, as the pad collapses beside
    it when both do not fit, see :attr:`pad_shown`; the menu under the top bar ``FIT_H``); a bigger setting
    on a small window still zooms the map."""
    fit = min(width / FIT_W, height / FIT_H)
    return max(MIN_PANEL_SCALE, min(ui_scale, fit))

# HUD colours (not indicator tones: those come from the palette)
PANEL: RGBA = (20, 23, 30, 228)
PANEL_EDGE: RGBA = (86, 96, 118, 255)
PANEL_HEADER: RGBA = (34, 39, 52, 240)
ROW: RGBA = (38, 44, 58, 255)
ROW_FOCUS: RGBA = (58, 70, 96, 255)
BUTTON: RGBA = (46, 54, 72, 255)
BUTTON_HOT: RGBA = (70, 84, 112, 255)
BUTTON_PRIMARY: RGBA = (196, 150, 40, 255)
TEXT: RGBA = (226, 230, 238, 255)
TEXT_DIM: RGBA = (150, 158, 176, 255)
TEXT_DARK: RGBA = (18, 20, 26, 255)
ACCENT: RGBA = (250, 204, 36, 255)
GOOD: RGBA = (96, 204, 120, 255)
BAD: RGBA = (232, 84, 72, 255)
SHADOW: RGBA = (0, 0, 0, 90)


Rect = tuple[float, float, float, float]  # left, bottom, width, height


def inside(rect: Rect, x: float, y: float) -> bool:
    left, bottom, w, h = rect
    return left <= x < left + w and bottom <= y < bottom + h


@dataclass(frozen=True)
class Hit:
    """A clickable region and what clicking it means (an opaque action value for the owner)."""

    rect: Rect
    action: Hashable


Spec = tuple[float, bool, str, str, int | None, bool]  # a text's make: size, bold, anchors, width, multiline


class _Spares:
    """A text pool's hidden texts, by make and by the string each showed when it was hidden: one that shows the
    string wanted is found without reading every spare's text (pyglet's ``text`` is a property: the legend's
    opening, with its texts made ahead, spent 5 ms reading them)."""

    def __init__(self) -> None:
        self._by: dict[object, dict[str, list[arcade.Text]]] = {}

    def add(self, spec: object, text: arcade.Text) -> None:
        self._by.setdefault(spec, {}).setdefault(text.text, []).append(text)

    def has(self, spec: object, string: str) -> bool:
        return string in self._by.get(spec, {})

    def any(self, spec: object) -> bool:
        return bool(self._by.get(spec))

    def take(self, spec: object, string: str) -> arcade.Text:
        """A hidden text of this make, one that shows ``string`` already if there is one (laying a text out
        again is what a rebuild after a tick spends its time on; a string that comes back costs nothing), else
        the one hidden last."""
        by = self._by[spec]
        shown = string if string in by else next(reversed(by))
        texts = by[shown]
        text = texts.pop()
        if not texts:
            del by[shown]
        if not by:
            del self._by[spec]
        return text


class TextPool:
    """Reusable ``arcade.Text`` objects in one batch; :meth:`put` creates or updates, :meth:`end` hides the rest.
    A hidden text is reused for the next new key of the same make (a new log line takes the place of one that
    scrolled away): changing a text's string costs a fraction of making a new ``arcade.Text``, and a hidden
    text that already shows the string wanted is taken first, with no layout at all. With a ``budget``, a build
    lays out (or makes) at most that many texts: the rest stay hidden (``deferred``) for the next build to lay out."""

    def __init__(self) -> None:
        self.batch = pyglet.graphics.Batch()
        self._texts: dict[Hashable, arcade.Text] = {}
        self._spare = _Spares()  # hidden texts by make (size, bold, anchors, width) and by the string shown
        self._used: set[Hashable] = set()
        self.font = load_ui_fonts()
        self.layouts = 0  # texts laid out (made, or given another string) since :meth:`begin`
        self.budget: int | None = None  # layouts a build may make (None: all)
        self.deferred = 0  # texts left hidden by the budget since :meth:`begin`
        self.wanted: list[tuple[str, Spec]] = []  # what the deferred texts were to show (:meth:`stock_wanted`)
        self._stand_in: arcade.Text | None = None  # what a deferred new make returns (:meth:`_placeholder`)
        self.version = 0  # counts what changed the texts shown (a panel's picture is kept while it stays)

    def begin(self) -> None:
        self.version += 1
        self._used = set()
        self.layouts = 0
        self.deferred = 0
        self.wanted = []

    def put(
        self,
        key: Hashable,
        text: str,
        x: float,
        y: float,
        *,
        size: float = 13,
        colour: RGBA = TEXT,
        bold: bool = False,
        anchor_x: str = "left",
        anchor_y: str = "baseline",
        width: int | None = None,
        multiline: bool = False,
    ) -> arcade.Text:
        """Show ``text`` under ``key`` this build; returns its ``arcade.Text``. The anchor is rounded to a whole
        pixel: glyph edges on pixel boundaries, never on pixel centres, where the window and a panel's picture
        (a framebuffer of its own) round them to different rows."""
        x, y = round(x), round(y)
        self._used.add(key)
        t = self._texts.get(key)
        spec: Spec = (size, bold, anchor_x, anchor_y, width, multiline)
        respec = t is not None and getattr(t, "_spec", None) != spec
        if t is not None and (respec or (t.text != text and self._spare.has(spec, text))):
            t.visible = False  # another make, or a spare already shows the new string: swap, no relayout
            self._spare.add(getattr(t, "_spec", None), t)
            t = None
        if t is None and self._spare.any(spec):
            t = self._texts[key] = self._spare.take(spec, text)  # of the same make: relaid, not made anew
        if t is not None and t.text != text and self._over_budget():
            self.deferred += 1  # over the budget: hidden until a later build lays it out
            self.wanted.append((text, spec))
            if t.visible:
                t.visible = False
            return t
        if t is None and self._over_budget():
            self.deferred += 1  # a new make over the budget too (a panel's first build: 20-30 ms at once)
            self.wanted.append((text, spec))
            return self._placeholder()
        if t is None:
            WARMER.want(size, bold)  # a make the warmer did not know: its other glyphs later, in quiet frames
            self.layouts += 1
            with LAYOUT_CLOCK.timing():
                t = arcade.Text(
                    text, x, y, colour, font_size=size, font_name=self.font, bold=bold, anchor_x=anchor_x,
                    anchor_y=anchor_y, width=width, multiline=multiline, batch=self.batch,
                )
            t._spec = spec  # type: ignore[attr-defined]
            self._texts[key] = t
            return t
        if t.text != text:
            self.layouts += 1
            with LAYOUT_CLOCK.timing():
                t.text = text
        if t.position != (x, y):
            t.position = (x, y)
        if tuple(t.color) != tuple(colour):
            t.color = colour
        if not t.visible:
            t.visible = True
        return t

    def _over_budget(self) -> bool:
        """A layout now would go over the build's budget: its count, or (after one of this build's own) the frame's
        layout time (:mod:`game.view.layout_clock`)."""
        if self.budget is None:
            return False
        return self.layouts >= self.budget or (self.layouts > 0 and LAYOUT_CLOCK.over())

    def _placeholder(self) -> arcade.Text:
        """A hidden text in no batch, returned for a make the budget defers (the caller may move or hide it)."""
        if self._stand_in is None:
            self._stand_in = arcade.Text("", 0, 0, TEXT, font_name=self.font)
        self._stand_in.visible = False
        return self._stand_in

    def stock_wanted(self, limit: int) -> None:
        """Make up to ``limit`` of the texts the last build deferred (:attr:`wanted`) as spares, so that a later
        build takes them with no layout (a panel opening over frames lays its texts out without building itself
        again in each)."""
        made = 0
        while self.wanted and made < limit and not (made and LAYOUT_CLOCK.over()):
            text, spec = self.wanted.pop(0)
            if not self._spare.has(spec, text):
                self.stock(text, size=spec[0], bold=spec[1], anchor_x=spec[2], anchor_y=spec[3], width=spec[4],
                           multiline=spec[5])
                made += 1

    def stock(self, text: str, *, size: float = 13, bold: bool = False, anchor_x: str = "left",
              anchor_y: str = "baseline", width: int | None = None, multiline: bool = False) -> None:
        """Make a hidden spare text of this make showing ``text`` ahead (in a quiet frame): a later :meth:`put` of
        that string and make takes it with no layout."""
        spec: Spec = (size, bold, anchor_x, anchor_y, width, multiline)
        with LAYOUT_CLOCK.timing():
            t = arcade.Text(text, 0, 0, TEXT, font_size=size, font_name=self.font, bold=bold, anchor_x=anchor_x,
                            anchor_y=anchor_y, width=width, multiline=multiline, batch=self.batch)
        t._spec = spec  # type: ignore[attr-defined]
        t.visible = False
        self._spare.add(spec, t)

    def end(self) -> None:
        """Hide the texts this build did not put; they wait, by make, to be reused for new keys."""
        self.version += 1
        for key in [k for k in self._texts if k not in self._used]:
            t = self._texts.pop(key)
            if t.visible:
                t.visible = False
            self._spare.add(getattr(t, "_spec", None), t)

    def clear(self) -> None:
        self.version += 1
        for t in self._texts.values():
            t.visible = False
        self._used = set()

    def shown(self) -> list[arcade.Text]:
        """The texts on screen."""
        return [t for t in self._texts.values() if t.visible]

    def draw(self) -> None:
        self.batch.draw()


class Panel:
    """Base for HUD panels: subclasses implement :meth:`content_key` and :meth:`build`."""

    cached = True  # drawn from a picture between rebuilds (False: what it draws over its shapes is see-through)

    def __init__(self) -> None:
        self.mesh = Mesh()
        self.texts = TextPool()
        self.hits: list[Hit] = []
        self.visible = True
        self.scale = 1.0
        self.width = 1280
        self.height = 720
        self.anchor = "left"  # which side of the window the panel sits on (mirrored for left-handed play)
        self._shape: Shape | None = None
        self._key: object = object()
        self.incomplete = False  # the last build stopped early (a layout budget): the next refresh goes on
        self.shown_whole = True  # False from :meth:`hold_until_whole` until a build is complete
        self.picture = PanelPicture()
        self._built = 0  # builds so far (with the texts' version: what the picture shows)

    def layout(self, width: int, height: int, scale: float) -> None:
        self.width, self.height, self.scale = width, height, scale
        self.invalidate()

    def invalidate(self) -> None:
        self._key = object()

    def hold_until_whole(self) -> None:
        """Draw nothing until a build lays out every text (a panel opening with a layout budget on
        its texts appears whole, a frame or two later, never in pieces)."""
        self.shown_whole = False
        self.invalidate()

    def content_key(self) -> Hashable:
        return None

    def x_for(self, width: float, margin: float) -> float:
        """The left edge of a ``width`` wide panel on this panel's side of the window."""
        return margin if self.anchor == "left" else self.width - width - margin

    def build(self) -> None:
        """Fill :attr:`mesh`, :attr:`texts` (between begin/end) and :attr:`hits`."""

    def _full_key(self) -> Hashable:
        return (self.content_key(), self.width, self.height, self.scale, self.anchor)

    def dirty(self) -> bool:
        """Its content changed since the last build (the next :meth:`refresh` rebuilds it)."""
        return self.incomplete or self._full_key() != self._key

    def refresh(self) -> bool:
        """Rebuild if the content changed (or the last build stopped early); True if it did. While the last build
        of unchanged content left texts to lay out (a layout budget), those are made instead, up to the budget a
        frame, and the build runs again once they all wait as spares."""
        key = self._full_key()
        if key == self._key and not self.incomplete:
            return False
        if key == self._key and self.texts.wanted:
            self.texts.stock_wanted(self.texts.budget or len(self.texts.wanted))
            return True
        self._key = key
        self._built += 1
        self.incomplete = False
        self.mesh = Mesh()
        self.hits = []
        self.texts.begin()
        self.build()
        self.texts.end()
        if self.texts.deferred:
            self.incomplete = True
        elif not self.incomplete:
            self.shown_whole = True
        self._shape = self.mesh.shape() if len(self.mesh) else None
        return True

    def paint_ahead(self) -> None:
        """Built whole (:meth:`refresh`) but not shown yet: have its picture painted in a later quiet frame, so that
        the frame that shows it draws one textured quad (a closed panel built ahead)."""
        if self.cached and self.shown_whole and not self.incomplete:
            self.picture.paint_ahead((self._built, self.texts.version), self.picture_bounds, self.paint_under,
                                     self.paint_over)

    def draw(self, *, fresh: bool = True) -> None:
        """Draw, rebuilt first if its content changed (``fresh=False``: as last built, to spread the rebuilds
        after a tick over two frames); from its picture once it has stayed the same a few frames
        (:class:`~game.view.panel_picture.PanelPicture`)."""
        if not self.visible:
            return
        if fresh:
            self.refresh()
        if not self.shown_whole:
            return
        if self.cached:
            self.picture.draw((self._built, self.texts.version), self.picture_bounds, self.paint_under,
                              self.paint_over)
        else:
            self.paint_under()
            self.paint_over()

    def paint_under(self) -> None:
        """The panel's shapes (its outline, shadow and fills: what its picture's alpha comes from)."""
        if self._shape is not None:
            ctx = arcade.get_window().ctx
            ctx.enable(ctx.BLEND)  # a lone Shape does not set it, and pyglet's text batches leave it off:
            self._shape.draw()  # without it a shadow is black and a translucent fill hides what is under it

    def paint_over(self) -> None:
        """What lies on the shapes' opaque parts (the texts)."""
        self.texts.draw()

    def picture_bounds(self) -> Bounds | None:
        """The window pixels the panel paints (its picture's size)."""
        boxes = text_boxes(self.texts.shown())
        shape = mesh_box(self.mesh.data)
        if shape is not None:
            boxes.append(shape)
        return union(boxes, self.width, self.height)

    def hit_test(self, x: float, y: float) -> Hashable | None:
        if not self.visible:
            return None
        for hit in reversed(self.hits):
            if inside(hit.rect, x, y):
                return hit.action
        return None

    # --- drawing helpers ------------------------------------------------------------------------------------
    def box(
        self, rect: Rect, colour: RGBA, radius: float = 8.0, edge: RGBA | None = None, shadow: bool = False
    ) -> None:
        left, bottom, w, h = rect
        k = self.scale
        cx, cy = left + w / 2, bottom + h / 2
        if edge is not None and edge[3] == 255:
            self._framed_box(cx, cy, w, h, radius * k, colour, edge, shadow)
            return
        if shadow:
            self.mesh.rounded_rect(cx + 3 * k, cy - 4 * k, w + 2 * k, h + 2 * k, radius * k, SHADOW)
        if edge is not None:
            self.mesh.rounded_rect(cx, cy, w + 2 * k, h + 2 * k, (radius + 1) * k, edge)
        self.mesh.rounded_rect(cx, cy, w, h, radius * k, colour)

    def _framed_box(self, cx: float, cy: float, w: float, h: float, r: float, colour: RGBA, edge: RGBA,
                    shadow: bool) -> None:
        """A box with an opaque edge, each pixel painted once: the shadow only where it shows beside the box,
        the edge as a frame, the inside opaque in ``colour`` (as the panels always showed: their fills were
        drawn without blending, over a full-size edge rect). Stacked full-size rects cost the software
        rasterizer every layer: the maneuver menu's panel came to 4.4 screens' worth of pixels in a
        0.37-screen panel."""
        k = self.scale
        if shadow:
            steps = corner_steps(r + k)
            outline = rounded_rect_points(cx, cy, w + 2 * k, h + 2 * k, r + k, steps)
            self.mesh.band(rounded_rect_points(cx + 3 * k, cy - 4 * k, w + 2 * k, h + 2 * k, r, steps), outline,
                           SHADOW)
        self.mesh.rounded_frame(cx, cy, w, h, r, k, edge)
        self.mesh.rounded_rect(cx, cy, w, h, r, (*colour[:3], 255))

    def button(
        self,
        key: Hashable,
        rect: Rect,
        label: str,
        action: Hashable,
        *,
        primary: bool = False,
        hot: bool = False,
        size: float = 15,
        sub: str | None = None,
        hit_rect: Rect | None = None,
        enabled: bool = True,
    ) -> None:
        colour = BUTTON_PRIMARY if primary else BUTTON_HOT if hot else BUTTON
        if not enabled:
            colour = (34, 38, 48, 255)
        edge = ACCENT if hot and not primary else PANEL_EDGE
        self.box(rect, colour, 10, edge=edge)
        left, bottom, w, h = rect
        k = self.scale
        fg = TEXT_DARK if primary else (TEXT if enabled else TEXT_DIM)
        if sub:
            self.texts.put((key, "l"), label, left + w / 2, bottom + h / 2 + 4 * k, size=size * k, colour=fg,
                           bold=True, anchor_x="center", anchor_y="bottom")
            self.texts.put((key, "s"), sub, left + w / 2, bottom + h / 2 - 4 * k, size=(size - 4) * k,
                           colour=TEXT_DARK if primary else TEXT_DIM, anchor_x="center", anchor_y="top")
        else:
            self.texts.put((key, "l"), label, left + w / 2, bottom + h / 2, size=size * k, colour=fg, bold=True,
                           anchor_x="center", anchor_y="center")
        if enabled:
            self.hits.append(Hit(hit_rect or rect, action))

    def arrow_glyph(self, cx: float, cy: float, direction: int, size: float, colour: RGBA) -> None:
        """A small triangle pointing left (-1) or right (+1)."""
        s = size
        if direction < 0:
            pts = [(cx - s * 0.6, cy), (cx + s * 0.4, cy + s * 0.6), (cx + s * 0.4, cy - s * 0.6)]
        else:
            pts = [(cx + s * 0.6, cy), (cx - s * 0.4, cy - s * 0.6), (cx - s * 0.4, cy + s * 0.6)]
        self.mesh.convex(pts, colour)


def elide(text: str, limit: int) -> str:
    """Shorten ``text`` to ``limit`` characters with an ellipsis."""
    return text if len(text) <= limit else text[: max(1, limit - 1)] + "…"



def fit_width(t: arcade.Text, full: str, room: float) -> None:
    """Shorten ``t`` (showing ``full``, elided) with an ellipsis until arcade measures it within ``room`` px."""
    if t.content_width <= room:
        return
    low, high = 1, len(full)
    while low < high:  # the longest elision that fits
        mid = (low + high + 1) // 2
        t.text = elide(full, mid)
        if t.content_width <= room:
            low = mid
        else:
            high = mid - 1
    t.text = elide(full, low)
