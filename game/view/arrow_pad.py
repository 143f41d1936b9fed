"""On-screen arrow button cluster (four arrows and a centre wait) with the SPEC §6 combat indicators.

Drawn with our own triangle mesh (not ``arcade.gui`` buttons) from plain data, :class:`PadIndicators`:
per direction an inner dot (your selected target), an inner line from the centre (a fighter targeting you),
an outer line outside the button (a fighter targeting someone else), a coloured outline (``s1``: his
orientation; ``s2``: what you can do against him) and an "Atk"/"Def" badge (imminent roll); and a frame
inside the button of Enter's step (a player on the mouse sees the step Enter would take, and clicks it). Colours come
from the :mod:`palette`, and every tone also has its own stroke and glyph.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Literal

import arcade
from arcade.shape_list import Shape

from game.sim.geometry import ORTHOGONAL, Direction
from game.view.assets import load_ui_fonts
from game.view.input_map import Intent
from game.view.mesh import Mesh, Point, rounded_rect_points
from game.view.palette import DEFAULT, Initiative, Outline, Palette, Stroke
from game.view.panel_picture import Bounds, PanelPicture, mesh_box, union

MIN_HIT = 72  # px: smallest touch target, whatever the UI scale
SHAPES_KEPT = 12  # the pad's last looks kept as shapes (a fight's pad goes back to a look it had)


class Mark(StrEnum):
    """Capital badge for an imminent roll against the fighter in that direction."""

    ATK = "Atk"
    DEF = "Def"


@dataclass(frozen=True)
class ButtonIndicators:
    """What one arrow button shows about the adjacent fighter in its direction (all optional)."""

    target: Initiative | None = None  # inner dot: he is your selected target
    targeting_you: Initiative | None = None  # inner line: he targets you
    targeting_other: Initiative | None = None  # outer line: he targets someone else
    outline: Outline | None = None  # s1 his orientation / s2 what you can do against him
    mark: Mark | None = None


_EMPTY = ButtonIndicators()


@dataclass(frozen=True)
class PadIndicators:
    """Indicators for the four arrow buttons."""

    north: ButtonIndicators = _EMPTY
    east: ButtonIndicators = _EMPTY
    south: ButtonIndicators = _EMPTY
    west: ButtonIndicators = _EMPTY
    suggested: Direction | None = None  # Enter's step, when it is one of the four: a frame inside its button

    def for_direction(self, direction: Direction) -> ButtonIndicators:
        return {Direction.N: self.north, Direction.E: self.east, Direction.S: self.south, Direction.W: self.west}[
            direction
        ]


DIRECTION_INTENT: dict[Direction, Intent] = {
    Direction.N: Intent.MOVE_N,
    Direction.E: Intent.MOVE_E,
    Direction.S: Intent.MOVE_S,
    Direction.W: Intent.MOVE_W,
}


@dataclass(frozen=True)
class Button:
    """One button's placement: centre, size and hit rectangle (bottom-left origin, window pixels)."""

    intent: Intent
    direction: Direction | None
    cx: float
    cy: float
    size: float
    hit: tuple[float, float, float, float] = field(default=(0.0, 0.0, 0.0, 0.0))  # left, bottom, right, top

    def contains(self, x: float, y: float) -> bool:
        left, bottom, right, top = self.hit
        return left <= x < right and bottom <= y < top


def _outward(direction: Direction) -> tuple[float, float]:
    """Screen unit vector (y up) for a sim direction (y down)."""
    return float(direction.dx), float(-direction.dy)


class ArrowPad:
    """The button cluster; call :meth:`layout` on resize, :meth:`draw` every frame, :meth:`hit_test` on clicks."""

    def __init__(
        self,
        palette: Palette = DEFAULT,
        *,
        scale: float = 1.0,
        handedness: Literal["right", "left"] = "right",
        button: float = 96.0,
        gap: float = 12.0,
        margin: float = 24.0,
    ) -> None:
        self.palette = palette
        self.scale = scale
        self.handedness = handedness
        self._button = button
        self._gap = gap
        self._margin = margin
        self.indicators = PadIndicators()
        self.pressed: Intent | None = None
        self.buttons: dict[Intent, Button] = {}
        self.centre: Point = (0.0, 0.0)
        self._size = (0, 0)
        self._shape: Shape | None = None
        self._shape_key: object = None
        self._made: dict[Hashable, tuple[Shape, Bounds | None]] = {}  # the last looks' shapes, by key (oldest first)
        self._bounds: Bounds | None = None
        self.picture = PanelPicture()  # the pad from one texture while nothing on it changes
        self._texts: dict[Direction, arcade.Text] = {}
        self._text_sizes: dict[Direction, float] = {}

    # --- geometry -------------------------------------------------------------------------------------------
    @property
    def button_size(self) -> float:
        return max(MIN_HIT, self._button * self.scale)

    @property
    def gap(self) -> float:
        return self._gap * self.scale

    @property
    def outer_reach(self) -> float:
        """How far the outer lines reach beyond the arrow buttons."""
        return 34.0 * self.scale

    @property
    def extent(self) -> float:
        """Width (= height) of the whole cluster including the outer lines."""
        return 3 * self.button_size + 2 * self.gap + 2 * self.outer_reach

    def layout(self, width: int, height: int) -> None:
        """Place the cluster in the bottom-right (right-handed) or bottom-left (left-handed) corner."""
        self._size = (width, height)
        half = self.extent / 2
        margin = self._margin * self.scale
        cx = width - margin - half if self.handedness == "right" else margin + half
        cy = margin + half
        self.centre = (cx, cy)
        step = self.button_size + self.gap
        slack = self.gap / 2  # hit areas meet in the middle of the gaps: no dead zones
        s = self.button_size
        self.buttons = {}
        for direction, intent in [(None, Intent.WAIT), *((d, DIRECTION_INTENT[d]) for d in ORTHOGONAL)]:
            ox, oy = _outward(direction) if direction is not None else (0.0, 0.0)
            bx, by = cx + ox * step, cy + oy * step
            hit = (bx - s / 2 - slack, by - s / 2 - slack, bx + s / 2 + slack, by + s / 2 + slack)
            self.buttons[intent] = Button(intent, direction, bx, by, s, hit)
        self._shape_key = None

    def hit_test(self, x: float, y: float) -> Intent | None:
        """The intent of the button at window position ``(x, y)``, or ``None``."""
        for button in self.buttons.values():
            if button.contains(x, y):
                return button.intent
        return None

    # --- content --------------------------------------------------------------------------------------------
    def set_indicators(self, indicators: PadIndicators) -> None:
        self.indicators = indicators

    def set_palette(self, palette: Palette) -> None:
        self.palette = palette
        self._shape_key = None

    def build_mesh(self) -> Mesh:
        """All pad geometry for the current layout, indicators and pressed button (pure; no GL)."""
        pal, k = self.palette, self.scale
        mesh = Mesh()
        s = self.button_size
        radius = 16 * k
        band = 7 * k
        line_w = 12 * k
        dot_r = 14 * k
        you_r = 22 * k
        cx, cy = self.centre

        # drop shadows, then bodies and outlines
        for button in self.buttons.values():
            mesh.rounded_rect(button.cx + 3 * k, button.cy - 4 * k, s + 4 * k, s + 4 * k, radius, pal.shadow)
        for button in self.buttons.values():
            ind = self.indicators.for_direction(button.direction) if button.direction else _EMPTY
            fill = pal.button_fill_pressed if self.pressed is button.intent else pal.button_fill
            if ind.outline is not None:
                style = pal.outline(ind.outline)
                if style.stroke in (Stroke.SOLID, Stroke.HOLLOW):
                    mesh.rounded_frame(button.cx, button.cy, s + 2 * band, s + 2 * band, radius + band, 2 * k, pal.ink)
                    mesh.rounded_frame(button.cx, button.cy, s, s, radius, band, style.colour)
                else:
                    path = rounded_rect_points(button.cx, button.cy, s + band, s + band, radius + band / 2)
                    mesh.rounded_frame(button.cx, button.cy, s, s, radius, 2 * k, pal.button_edge)
                    mesh.styled_line(path, band, style, pal.ink, closed=True, scale=k)
            else:
                mesh.rounded_frame(button.cx, button.cy, s, s, radius, 2 * k, pal.button_edge)
            mesh.rounded_rect(button.cx, button.cy, s, s, radius, fill)
            if button.direction is not None and button.direction is self.indicators.suggested:
                inset = 12 * k  # inside the button: the outlines (what you can do against him) stay outside
                mesh.rounded_frame(button.cx, button.cy, s - 2 * inset, s - 2 * inset, radius - inset / 2, 3 * k,
                                   pal.suggested)
            if button.direction is not None:
                self._arrow(mesh, button)

        # centre: "you" ring with an hourglass (wait)
        mesh.ring(cx, cy, you_r, 3 * k, pal.glyph)
        hg_w, hg_h = 8 * k, 11 * k
        mesh.convex([(cx - hg_w, cy + hg_h), (cx, cy), (cx + hg_w, cy + hg_h)], pal.glyph)
        mesh.convex([(cx - hg_w, cy - hg_h), (cx + hg_w, cy - hg_h), (cx, cy)], pal.glyph)

        # inner lines (a fighter targeting you), then dots (your target), then outer lines
        for d in ORTHOGONAL:
            ind = self.indicators.for_direction(d)
            button = self.buttons[DIRECTION_INTENT[d]]
            ox, oy = _outward(d)
            if ind.targeting_you is not None:
                stop = (dot_r + 5 * k) if ind.target is not None else 0.0
                start = (cx + ox * (you_r + 4 * k), cy + oy * (you_r + 4 * k))
                end = (button.cx - ox * stop, button.cy - oy * stop)
                mesh.styled_line([start, end], line_w, pal.initiative(ind.targeting_you), pal.ink, scale=k)
            if ind.target is not None:
                mesh.glyph(button.cx, button.cy, dot_r, pal.initiative(ind.target), pal.ink)
            if ind.targeting_other is not None:
                edge = s / 2 + band + 5 * k
                start = (button.cx + ox * edge, button.cy + oy * edge)
                end = (button.cx + ox * (s / 2 + self.gap + self.outer_reach), button.cy + oy * (s / 2 + self.gap
                       + self.outer_reach))
                mesh.styled_line([start, end], line_w, pal.initiative(ind.targeting_other), pal.ink, scale=k)
            if ind.mark is not None:
                bx, by = self._badge_centre(button)
                colour = pal.mark_attack if ind.mark is Mark.ATK else pal.mark_defence
                mesh.rounded_rect(bx, by, 44 * k + 4 * k, 24 * k + 4 * k, 8 * k, pal.ink)
                mesh.rounded_rect(bx, by, 44 * k, 24 * k, 6 * k, colour)
        return mesh

    def _arrow(self, mesh: Mesh, button: Button) -> None:
        assert button.direction is not None
        ox, oy = _outward(button.direction)
        px, py = -oy, ox
        k = self.scale
        tip = button.size / 2 - 9 * k
        base = tip - 20 * k
        w = 17 * k
        pts = [
            (button.cx + ox * tip, button.cy + oy * tip),
            (button.cx + ox * base + px * w, button.cy + oy * base + py * w),
            (button.cx + ox * base - px * w, button.cy + oy * base - py * w),
        ]
        mesh.convex(pts, self.palette.glyph)

    def _badge_centre(self, button: Button) -> Point:
        """Badge on the button's outer corner (counter-clockwise side), overhanging into the empty grid corner."""
        assert button.direction is not None
        ox, oy = _outward(button.direction)
        px, py = -oy, ox
        k = self.scale
        out = button.size / 2 - 14 * k
        side = button.size / 2 - 4 * k
        return (button.cx + ox * out + px * side, button.cy + oy * out + py * side)

    # --- drawing --------------------------------------------------------------------------------------------
    def draw(self, indicators: PadIndicators | None = None) -> None:
        """Draw the pad (rebuilds its mesh only when something it shows changed)."""
        if indicators is not None:
            self.indicators = indicators
        key = (self.indicators, self.pressed, self.centre, self.scale, self.handedness, self.palette.name, self._size)
        if key != self._shape_key or self._shape is None:
            made = self._made.pop(key, None)  # a fight's pad goes back and forth between a few looks
            if made is None:
                mesh = self.build_mesh()  # (1,600 triangles with dashed outlines: 2-3 ms with the shape)
                box = mesh_box(mesh.data)  # the marks lie on their badges, inside it
                made = (mesh.shape(), union([box] if box is not None else [], *self._size))
            self._made[key] = made
            while len(self._made) > SHAPES_KEPT:
                del self._made[next(iter(self._made))]
            self._shape, self._bounds = made
            self._shape_key = key
        self.picture.draw(key, lambda: self._bounds, self._draw_shape, self._draw_marks)

    def _draw_shape(self) -> None:
        assert self._shape is not None
        ctx = self._shape.ctx
        ctx.enable(ctx.BLEND)  # pyglet's text batches leave it off; the buttons are see-through
        self._shape.draw()

    @property
    def mark_size(self) -> float:
        """The Atk/Def marks' text size (bold)."""
        return 15 * self.scale

    def _draw_marks(self) -> None:
        font = load_ui_fonts()
        for d in ORTHOGONAL:
            mark = self.indicators.for_direction(d).mark
            if mark is None:
                continue
            x, y = self._badge_centre(self.buttons[DIRECTION_INTENT[d]])
            text = self._texts.get(d)
            size = self.mark_size
            if text is None or self._text_sizes.get(d) != size:
                text = arcade.Text(mark.value, x, y, self.palette.ink, font_size=size, font_name=font, bold=True,
                                   anchor_x="center", anchor_y="center")
                self._texts[d] = text
                self._text_sizes[d] = size
            if text.text != mark.value:
                text.text = mark.value
            if text.position != (x, y):
                text.position = (x, y)
            text.draw()
