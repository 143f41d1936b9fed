"""The map: terrain with field-of-view shading, actors as sprites, and the SPEC §6 indicators on the ground.

Everything is drawn from sprite lists so a frame is a handful of draw calls on software GL:

- **terrain** is baked into chunk textures of 8 x 8 squares with the light level of each square (lit by
  distance from the leader, dimmed when only remembered, absent when never seen); a chunk is repainted
  (``atlas.update_texture_image``) only when the light in it changed, i.e. at most once per tick; the animator
  repaints a few a frame, nearest the leader first (``update_fov(budget)``, ``paint_pending``), and quiet frames
  make ahead what a repaint would otherwise make in its frame (``warm_step``: the chunks' atlas entries, the
  squares' images at each light level); the chunks' atlas is sized for the whole map, so it never grows;
- **actors** are sprites at screen resolution (no blurry downscaling), mirrored to face west or east;
- **indicators** (footbases, initiative arcs, orientation icons, Atk/Def badges, planned steps) are sprites
  with textures drawn once per zoom level in :class:`Textures`, moved along with the actors they belong to;
- bout clocks and floating damage numbers are ``arcade.Text`` objects in world-space batches.

World coordinates: one square is :data:`TILE` units; square ``(x, y)`` (y grows south in the sim) has its
centre at ``((x + 0.5) * TILE, (height - y - 0.5) * TILE)``. The camera zoom maps units to pixels.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass, field

import arcade
import pyglet
from arcade.texture_atlas import DefaultTextureAtlas
from PIL import Image, ImageDraw, ImageFont

from game.sim.fov import field_of_view
from game.sim.geometry import Direction, Pos
from game.sim.player_view import ActorStatus, system_marks, system_traces
from game.sim.state import Actor, WorldState
from game.sim.tilemap import DIFFICULT_TILES, Tile, TileMap
from game.view.arrow_pad import Mark
from game.view.assets import image_path, load_ui_fonts
from game.view.declutter import clear_spot, rise, stack
from game.view.floor_items import FloorItems
from game.view.indicators import (
    Arc,
    ClockLabel,
    Footbase,
    HeadIcon,
    Indicators,
    MobilityMark,
    PlannedStep,
    RollMark,
)
from game.view.legend import (
    HEALTH_COLOURS,
    MOBILITY_COLOUR,
    ORIENTATION_OF_THROW,
    PIP_BLEEDING,
    PIP_DOWN,
    PIP_HT,
    PIP_LOST,
    PIP_WOUND,
    Kind,
    MarkKey,
)
from game.view.map_scale import TILE, label_font_sizes
from game.view.mesh import dash_segments
from game.view.palette import ORIENTATION_ICON, ORIENTATION_TONE, RGBA, ArcState, Glyph, Palette, Stroke
from game.view.system_marks import MarkLayer
from game.view.traces import TraceLayer

CHUNK = 8  # squares per chunk side
FOV_RADIUS = 8
NEW_CHUNK_COST = 4  # a chunk's first paint (its atlas entry) against a repaint, in paint_pending's budget
FOOT = 0.34  # feet sit this many squares below the square's centre
LIGHT_LEVELS = (1.0, 0.9, 0.8, 0.7)  # lit squares, by distance from the leader
REMEMBERED = 4  # light level index of remembered squares
UNSEEN = 5
BACKGROUND: RGBA = (10, 11, 15, 255)
_SS = 4  # supersampling of indicator drawings

# creature sprite id -> (image, tint, size factor, natural facing)
SPRITES: dict[str, tuple[str, tuple[int, int, int], float, str]] = {
    "knight": ("actor_knight", (255, 255, 255), 1.0, "E"),
    "spearman": ("actor_companion", (255, 255, 255), 1.0, "E"),
    "archer": ("actor_archer", (255, 255, 255), 1.0, "E"),
    "guard": ("actor_guard", (255, 255, 255), 1.0, "E"),
    "bandit": ("actor_bandit", (255, 255, 255), 1.0, "E"),
    "bandit_chief": ("actor_bandit", (255, 196, 160), 1.12, "E"),
    "goblin": ("actor_goblin", (255, 255, 255), 0.92, "E"),
    "goblin_boss": ("actor_goblin", (255, 214, 170), 1.12, "E"),
    "wolf": ("actor_wolf", (210, 200, 190), 1.3, "W"),  # wide: larger, so it reads as a wolf, not a rat
    "rat": ("actor_wolf", (150, 120, 105), 0.72, "W"),
    "bandit_brute": ("actor_bandit", (225, 190, 170), 1.12, "E"),
    "skeleton": ("actor_guard", (215, 215, 190), 1.0, "E"),
    "barrow_king": ("actor_knight", (170, 175, 225), 1.15, "E"),
}
_DEFAULT_SPRITE = ("actor_bandit", (255, 255, 255), 1.0, "E")


def _font(px: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    try:
        path = arcade.resources.resolve(":system:fonts/ttf/Liberation/Liberation_Sans_Bold.ttf")
        return ImageFont.truetype(str(path), px)
    except OSError:  # pragma: no cover - the font ships with arcade
        return ImageFont.load_default()


def _texture(image: Image.Image, name: str) -> arcade.Texture:
    return arcade.Texture(image, hash=name, hit_box_algorithm=arcade.hitbox.algo_bounding_box)


@functools.cache
def _source(name: str) -> Image.Image:
    return Image.open(image_path(name)).convert("RGBA")


def _shade(image: Image.Image, factor: float, tint: tuple[float, float, float] = (1.0, 1.0, 1.0)) -> Image.Image:
    r, g, b, a = image.split()
    r = r.point(lambda v: int(v * factor * tint[0]))
    g = g.point(lambda v: int(v * factor * tint[1]))
    b = b.point(lambda v: int(v * factor * tint[2]))
    return Image.merge("RGBA", (r, g, b, a))


_TILES: dict[tuple[int, int, int], Image.Image] = {}  # (px, kind, level) -> the square's image


def _tile_image(px: int, kind: int, level: int) -> Image.Image:
    """The square image of a tile kind at a light level and ``px`` pixels a side, made once a process (no palette
    goes into it): a new depth's map view and every later one paste the same images (issue 11: making them,
    1-2 ms each, in the frame a room or a depth is first seen cost 10-40 ms)."""
    key = (px, kind, level)
    found = _TILES.get(key)
    if found is None:
        if len(_TILES) > 1024:  # many zoom levels tried: start again
            _TILES.clear()
        found = _TILES[key] = _make_tile_image(px, kind, level)
    return found


def _make_tile_image(px: int, kind: int, level: int) -> Image.Image:
    floor = _shade(_source("floor").resize((px, px), Image.Resampling.LANCZOS), 0.42, (0.92, 0.96, 1.04))
    if kind == Tile.WALL:
        base = _shade(_source("wall_stone").resize((px, px), Image.Resampling.LANCZOS), 0.78, (1.08, 0.94, 0.8))
        draw = ImageDraw.Draw(base)
        draw.rectangle((0, px - max(2, px // 10), px, px), fill=(30, 28, 26, 255))  # shadowed foot of the wall
    elif kind in DIFFICULT_TILES:  # difficult ground over the floor (our own: packaging/tools/make_ground.py)
        base = floor.copy()
        base.alpha_composite(_source(Tile(kind).label).resize((px, px), Image.Resampling.LANCZOS))
    elif kind == Tile.CHEST:  # a closed chest on the floor (our own sprite: packaging/tools/make_chest.py)
        base = floor.copy()
        base.alpha_composite(_source("chest").resize((px, px), Image.Resampling.LANCZOS))
    elif kind in (Tile.DOOR, Tile.STAIRS_DOWN, Tile.STAIRS_UP):
        base = floor.copy()
        over = _source("door" if kind == Tile.DOOR else "stairs_down").resize((px, px), Image.Resampling.LANCZOS)
        if kind == Tile.STAIRS_UP:  # the same ladder, pale, with an arrow up: the way back
            over = _shade(over, 1.0, (0.85, 1.05, 1.3))
            ImageDraw.Draw(over).polygon(
                [(px * 0.5, px * 0.08), (px * 0.82, px * 0.42), (px * 0.18, px * 0.42)],
                fill=(235, 240, 250, 255), outline=(20, 24, 32, 255))
        elif kind == Tile.STAIRS_DOWN:  # an arrow down on the ladder: the way on
            ImageDraw.Draw(over).polygon(
                [(px * 0.5, px * 0.92), (px * 0.82, px * 0.58), (px * 0.18, px * 0.58)],
                fill=(250, 200, 70, 255), outline=(20, 24, 32, 255))
        base.alpha_composite(over)
    else:
        base = floor
        draw = ImageDraw.Draw(base)
        draw.rectangle((0, 0, px - 1, px - 1), outline=(0, 0, 0, 40))  # faint grid
    if level == REMEMBERED:
        return _on_background(_shade(base, 0.36, (0.8, 0.88, 1.12)))
    return _on_background(_shade(base, LIGHT_LEVELS[level]))


def _on_background(image: Image.Image) -> Image.Image:
    """``image`` over the map's background colour: an opaque square, so the chunks are drawn without blending
    (issue 11: the software rasterizer's blend of the whole map, 0.4 ms a frame); the same pixels as before."""
    out = Image.new("RGBA", image.size, BACKGROUND)
    out.alpha_composite(image)
    return out


def _chunk_atlas_size(tilemap: TileMap, px: int, border: int = 2) -> tuple[int, int]:
    """An atlas that holds every chunk of ``tilemap`` at ``px`` pixels a square, so painting a chunk never grows
    it (a resize copies the whole atlas: 20 ms and more in the frame a room is entered)."""
    count = -(-tilemap.width // CHUNK) * -(-tilemap.height // CHUNK)
    slot = CHUNK * px + 2 * border
    cols = max(1, math.ceil(math.sqrt(count)))
    rows = -(-count // cols)
    return cols * slot + border, rows * slot + border


class Textures:
    """Every map texture at one resolution (``px`` screen pixels per square), drawn once and cached.

    Each texture's name (`_named`) is its hash in Arcade's texture atlas, which keeps one image per hash for
    as long as any texture with that hash is alive: the name must therefore say everything the image depends
    on (what, ``px`` and the palette), or a texture drawn with another palette by a `Textures` not yet
    collected is shown instead."""

    def __init__(self, px: int, palette: Palette) -> None:
        self.px = px
        self.palette = palette
        self._cache: dict[object, arcade.Texture] = {}

    # --- terrain ------------------------------------------------------------------------------------------
    def tile(self, kind: int, level: int) -> Image.Image | None:
        """The square image of a tile kind at a light level (None for unseen)."""
        if level >= UNSEEN:
            return None
        return _tile_image(self.px, kind, level)

    def chunk_image(self, tilemap: TileMap, levels: bytearray, cx: int, cy: int) -> Image.Image:
        px = self.px
        img = Image.new("RGBA", (CHUNK * px, CHUNK * px), BACKGROUND)  # opaque: drawn without blending
        w, h = tilemap.width, tilemap.height
        tiles = tilemap.tiles
        for j in range(CHUNK):
            y = cy * CHUNK + j
            if y >= h:
                break
            for i in range(CHUNK):
                x = cx * CHUNK + i
                if x >= w:
                    break
                idx = y * w + x
                square = self.tile(tiles[idx], levels[idx])
                if square is not None:
                    img.paste(square, (i * px, j * px))
        return img

    # --- actors -------------------------------------------------------------------------------------------
    def actor(self, sprite: str, mirrored: bool) -> arcade.Texture:
        key = ("actor", sprite, mirrored)
        found = self._cache.get(key)
        if found is None:
            name, tint, factor, _ = SPRITES.get(sprite, _DEFAULT_SPRITE)
            src = _source(name)
            box = src.getbbox() or (0, 0, src.width, src.height)
            content = src.crop(box)
            cw, ch = content.size
            s = min(0.7 / cw, 0.92 / ch) * factor  # squares per source pixel
            size = (max(1, round(cw * s * self.px)), max(1, round(ch * s * self.px)))
            img = content.resize(size, Image.Resampling.LANCZOS)
            if tint != (255, 255, 255):
                img = _shade(img, 1.0, (tint[0] / 255, tint[1] / 255, tint[2] / 255))
            if mirrored:
                img = img.transpose(Image.Transpose.FLIP_LEFT_RIGHT)
            found = self._cache[key] = self._named(img, f"actor-{sprite}-{mirrored}")
        return found

    # --- indicators ---------------------------------------------------------------------------------------
    def _canvas(self, w_sq: float, h_sq: float) -> tuple[Image.Image, ImageDraw.ImageDraw, float]:
        scale = self.px * _SS
        img = Image.new("RGBA", (max(1, round(w_sq * scale)), max(1, round(h_sq * scale))), (0, 0, 0, 0))
        return img, ImageDraw.Draw(img), scale

    def _named(self, img: Image.Image, name: str) -> arcade.Texture:
        """A texture whose atlas hash is `name` plus the resolution and the palette (see the class)."""
        return _texture(img, f"{name}-{self.px}-{self.palette.name}")

    def _done(self, img: Image.Image, key: object, name: str) -> arcade.Texture:
        small = img.resize((max(1, img.width // _SS), max(1, img.height // _SS)), Image.Resampling.LANCZOS)
        tex = self._cache[key] = self._named(small, name)
        return tex

    def has(self, key: object) -> bool:
        """Whether the image cached under ``key`` (a maker's first line) is made."""
        return key in self._cache

    def mark_makers(self) -> list[tuple[object, Callable[[], arcade.Texture]]]:
        """Every indicator image of a fixed set (a maker's cache key and the call that makes it), the likeliest
        last: :meth:`MapRender.warm_step` makes them ahead from the end of the list. Health pips, which depend
        on an actor's figures, are not among them."""
        makers: list[tuple[object, Callable[[], arcade.Texture]]] = []
        makers += [(("route", last), functools.partial(self.route_dot, last)) for last in (True, False)]
        makers += [(("mobility", kind), functools.partial(self.mobility, kind)) for kind in ("thread", "flank")]
        makers += [(("planned", wait), functools.partial(self.planned, wait)) for wait in (True, False)]
        makers += [(("side", name), functools.partial(self.side_mark, name))
                   for name in ("neutral", "ally", "hostile", "leader")]
        makers += [(("pill", mine), functools.partial(self.pill, mine)) for mine in (False, True)]
        makers += [(("mark", mark), functools.partial(self.mark, mark)) for mark in Mark]
        makers += [(("icon", name), functools.partial(self.icon, name)) for name in ORIENTATION_ICON]
        makers += [(("footbase", kind, faded), functools.partial(self.footbase, kind, faded))
                   for kind in ("secondary", "primary") for faded in (True, False)]
        makers += [(("arc", state, side), functools.partial(self.arc, state, side))
                   for state in ArcState for side in (-1, 1)]
        makers += [(("shadow", party), functools.partial(self.shadow, party)) for party in (False, True)]
        return makers

    def shadow(self, party: bool) -> arcade.Texture:
        key = ("shadow", party)
        if key in self._cache:
            return self._cache[key]
        img, draw, s = self._canvas(0.9, 0.45)
        w, h = img.size
        draw.ellipse((w * 0.12, h * 0.2, w * 0.88, h * 0.8), fill=(0, 0, 0, 110))
        if party:
            draw.ellipse((w * 0.06, h * 0.08, w * 0.94, h * 0.92), outline=(120, 220, 235, 150),
                         width=max(1, round(s * 0.03)))
        return self._done(img, key, f"shadow-{party}")

    def footbase(self, kind: str, inner_faded: bool) -> arcade.Texture:
        key = ("footbase", kind, inner_faded)
        if key in self._cache:
            return self._cache[key]
        pal = self.palette
        img, draw, s = self._canvas(1.0, 0.42)
        w, h = img.size
        colour = pal.footbase_primary if kind == "primary" else pal.footbase_secondary
        ink = pal.ink
        stroke = max(2, round(s * 0.075))
        edge = max(1, round(s * 0.03))

        def ring(fx: float, fy: float, col: RGBA) -> None:
            box = (w * (0.5 - fx / 2), h * (0.5 - fy / 2), w * (0.5 + fx / 2), h * (0.5 + fy / 2))
            draw.ellipse(box, outline=ink, width=stroke + 2 * edge)
            inner = (box[0] + edge, box[1] + edge, box[2] - edge, box[3] - edge)
            draw.ellipse(inner, outline=col, width=stroke)

        ring(0.96, 0.92, colour)
        if kind == "primary":
            inner_col = pal.faded(colour, 90) if inner_faded else colour
            if inner_faded:
                box = (w * 0.5 - w * 0.3, h * 0.5 - h * 0.29, w * 0.5 + w * 0.3, h * 0.5 + h * 0.29)
                draw.ellipse(box, outline=inner_col, width=stroke)
            else:
                ring(0.6, 0.58, inner_col)
        return self._done(img, key, f"footbase-{kind}-{inner_faded}")

    def arc(self, state: ArcState, side: int) -> arcade.Texture:
        """An arc from the left end (src) to the right end (dst) of a one-square span, bulging up (side +1)."""
        key = ("arc", state, side)
        if key in self._cache:
            return self._cache[key]
        style = self.palette.arc(state)
        ink = self.palette.ink
        bulge = ARC_BULGE
        img, draw, s = self._canvas(1.0 + 2 * ARC_MARGIN, 2 * (bulge + ARC_MARGIN))
        w, h = img.size
        ox, oy = w / 2, h / 2

        def pt(t: float) -> tuple[float, float]:
            # quadratic Bezier from (-0.5, 0) to (0.5, 0), control (0, 2*bulge); image y grows down
            x = -0.5 + t
            y = 2 * bulge * 2 * t * (1 - t)
            return ox + x * s, oy - y * s

        t0, t1 = 0.14, 0.8
        pts = [pt(t0 + (t1 - t0) * i / 40) for i in range(41)]
        width = s * 0.085
        edge = max(2.0, s * 0.03)
        pattern = tuple(p * _SS * 0.55 * self.px / 48 for p in style.dash)
        tip = pt(0.9)
        back = pts[-1]
        ang = math.atan2(tip[1] - back[1], tip[0] - back[0])
        head = s * 0.2

        def head_poly(grow: float) -> list[tuple[float, float]]:
            hx, hy = tip[0] + math.cos(ang) * grow, tip[1] + math.sin(ang) * grow
            left = (hx - math.cos(ang - 0.5) * (head + grow * 2), hy - math.sin(ang - 0.5) * (head + grow * 2))
            right = (hx - math.cos(ang + 0.5) * (head + grow * 2), hy - math.sin(ang + 0.5) * (head + grow * 2))
            return [(hx, hy), left, right]

        if style.stroke is Stroke.DOTTED:
            from game.view.mesh import _points_along

            dots = _points_along(pts, max(width * 2.2, sum(pattern)), False)
            r = width * 0.62
            for x, y in dots:
                draw.rectangle((x - r - edge, y - r - edge, x + r + edge, y + r + edge), fill=ink)
            for x, y in dots:
                draw.rectangle((x - r, y - r, x + r, y + r), fill=style.colour)
        else:
            pieces = dash_segments(pts, pattern, False)
            for piece in pieces:
                draw.line(piece, fill=ink, width=round(width + 2 * edge), joint="curve")
            for piece in pieces:
                draw.line(piece, fill=style.colour, width=round(width), joint="curve")
            if style.stroke is Stroke.HOLLOW:
                for piece in pieces:
                    draw.line(piece, fill=ink, width=max(2, round(width * 0.34)), joint="curve")
        draw.polygon(head_poly(edge), fill=ink)
        draw.polygon(head_poly(0), fill=style.colour)
        # the tone's glyph at the top of the arc, so no state relies on colour alone
        mx, my = pt(0.47)
        _glyph(draw, mx, my, s * 0.085, style.glyph, style.colour, ink, edge)
        if side < 0:
            img = img.transpose(Image.Transpose.FLIP_TOP_BOTTOM)
        return self._done(img, key, f"arc-{state.value}-{side}")

    def icon(self, orientation: str) -> arcade.Texture:
        key = ("icon", orientation)
        if key in self._cache:
            return self._cache[key]
        size = max(8, round(self.px * 0.36))
        base = Image.new("RGBA", (size + 4, size + 4), (0, 0, 0, 0))
        draw = ImageDraw.Draw(base)
        # a ring in the orientation's tone (the palette's, so the colour-blind one too) round the paw or shield
        tone = ORIENTATION_TONE.get(orientation)
        ring = self.palette.colour(tone) if tone is not None else (16, 18, 24, 200)
        draw.ellipse((0, 0, size + 3, size + 3), fill=(16, 18, 24, 200), outline=ring, width=max(2, size // 8))
        icon = _source(f"orient_{orientation}").resize((size - 4, size - 4), Image.Resampling.LANCZOS)
        base.alpha_composite(icon, (4, 4))
        tex = self._cache[key] = self._named(base, f"icon-{orientation}")
        return tex

    def mark(self, mark: Mark) -> arcade.Texture:
        key = ("mark", mark)
        if key in self._cache:
            return self._cache[key]
        pal = self.palette
        colour = pal.mark_attack if mark is Mark.ATK else pal.mark_defence
        fpx = max(9, round(self.px * 0.26))
        font = _font(fpx)
        text = mark.value
        tw = round(font.getlength(text))
        w, h = tw + fpx, round(fpx * 1.5)
        img = Image.new("RGBA", (w + 2, h + 2), (0, 0, 0, 0))
        draw = ImageDraw.Draw(img)
        draw.rounded_rectangle((0, 0, w + 1, h + 1), radius=h // 3, fill=pal.ink)
        draw.rounded_rectangle((1, 1, w, h), radius=h // 3, fill=colour)
        draw.text(((w + 2) / 2, (h + 2) / 2), text, font=font, fill=pal.ink, anchor="mm")
        tex = self._cache[key] = self._named(img, f"mark-{mark.value}")
        return tex

    def pill(self, mine: bool) -> arcade.Texture:
        """The dark badge under a bout clock label."""
        key = ("pill", mine)
        if key in self._cache:
            return self._cache[key]
        img, draw, s = self._canvas(0.92, 0.4)
        w, h = img.size
        edge = (250, 204, 36, 255) if mine else (120, 130, 150, 255)
        draw.rounded_rectangle((0, 0, w - 1, h - 1), radius=h / 2, fill=edge)
        pad = max(2, round(s * 0.03))
        draw.rounded_rectangle((pad, pad, w - 1 - pad, h - 1 - pad), radius=h / 2 - pad, fill=(18, 20, 28, 235))
        return self._done(img, key, f"pill-{mine}")

    def side_mark(self, name: str) -> arcade.Texture:
        """The mark over a sprite: ``hostile`` / ``neutral`` / ``ally`` (allegiance) or ``leader`` (crown)."""
        key = ("side", name)
        if key in self._cache:
            return self._cache[key]
        size = max(8, round(self.px * MARK_SIZE))
        img = _source(f"mark_{name}").resize((size, size), Image.Resampling.LANCZOS)
        tex = self._cache[key] = self._named(img, f"side-{name}")
        return tex

    def pips(self, ht: int, ht_max: int, bleeding: bool, down: bool, wounds: int = 0) -> arcade.Texture:
        """Health over an actor: one pip per point of HT (red left, dark lost), a blood drop while a wound
        bleeds, an orange slash per wound (``WOUND_SLASHES`` at most) right of the pips; grey pips when he is
        down. Past ``PIPS_MAX`` points, a bar."""
        slashes = 0 if down else min(wounds, WOUND_SLASHES)
        key = ("pips", ht, ht_max, bleeding, down, slashes)
        if key in self._cache:
            return self._cache[key]
        n = max(1, ht_max, ht)
        pip = PIP_SIZE if n <= PIPS_MAX else PIP_SIZE * PIPS_MAX / n
        drop = PIP_SIZE * 1.1 if bleeding else 0.0
        cuts = (slashes * 0.55 + 0.25) * PIP_SIZE if slashes else 0.0
        img, draw, s = self._canvas(n * pip + drop + cuts + 0.06, PIP_SIZE + 0.06)
        w, h = img.size
        ink = self.palette.ink
        edge = max(2.0, s * 0.018)
        x0 = s * 0.03 + drop * s
        draw.rounded_rectangle((x0 - edge, 0, w - 1, h - 1), radius=h / 2, fill=(*ink[:3], 220))
        for i in range(n):
            cx = x0 + (i + 0.5) * pip * s
            r = pip * s * 0.36
            if down:
                colour: RGBA = HEALTH_COLOURS[PIP_DOWN]
            else:
                colour = HEALTH_COLOURS[PIP_HT] if i < ht else HEALTH_COLOURS[PIP_LOST]
            draw.ellipse((cx - r, h / 2 - r, cx + r, h / 2 + r), fill=colour)
        if bleeding:  # a drop: a disc under a triangle, left of the pips
            cx, r = s * 0.03 + drop * s * 0.45, drop * s * 0.3
            cy = h * 0.6
            draw.polygon([(cx, cy - r * 2.1), (cx - r * 0.9, cy - r * 0.3), (cx + r * 0.9, cy - r * 0.3)],
                         fill=HEALTH_COLOURS[PIP_BLEEDING])
            draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=HEALTH_COLOURS[PIP_BLEEDING])
        x = x0 + n * pip * s + 0.2 * PIP_SIZE * s
        for _ in range(slashes):  # a short stroke leaning right, like a cut
            draw.line((x, h * 0.82, x + 0.32 * PIP_SIZE * s, h * 0.18), fill=HEALTH_COLOURS[PIP_WOUND],
                      width=max(2, round(0.16 * PIP_SIZE * s)))
            x += 0.55 * PIP_SIZE * s
        return self._done(img, key, f"pips-{ht}-{ht_max}-{bleeding}-{down}-{slashes}")

    def route_dot(self, last: bool) -> arcade.Texture:
        """A dot on a square of the leader's travel route (a ring on its last square)."""
        key = ("route", last)
        if key in self._cache:
            return self._cache[key]
        img, draw, s = self._canvas(0.5, 0.5)
        w, h = img.size
        col = (235, 215, 120, 200)
        if last:
            draw.ellipse((w * 0.12, h * 0.12, w * 0.88, h * 0.88), outline=col, width=max(2, round(s * 0.06)))
        else:
            draw.ellipse((w * 0.36, h * 0.36, w * 0.64, h * 0.64), fill=col)
        return self._done(img, key, f"route-{last}")

    def mobility(self, kind: str) -> arcade.Texture:
        """Issue 13 item 1: ``thread`` an arrow that swings round (past) what lies at its middle, drawn along
        +x; ``flank`` a bracket facing +x (the flanked fighter's side)."""
        key = ("mobility", kind)
        if key in self._cache:
            return self._cache[key]
        col = MOBILITY_COLOUR
        if kind == "thread":
            img, draw, s = self._canvas(2.0, 0.9)
            w, h = img.size
            pts = [(w * (0.06 + 0.8 * t / 24), h * (0.55 - 0.4 * math.sin(math.pi * t / 24))) for t in range(25)]
            draw.line(pts, fill=col, width=max(2, round(s * 0.07)), joint="curve")
            tip = (w * 0.97, h * 0.55)
            draw.polygon([tip, (w * 0.84, h * 0.36), (w * 0.84, h * 0.74)], fill=col)
        else:
            img, draw, s = self._canvas(0.5, 0.8)
            w, h = img.size
            width = max(2, round(s * 0.08))
            draw.line([(w * 0.2, h * 0.1), (w * 0.7, h * 0.1), (w * 0.7, h * 0.9), (w * 0.2, h * 0.9)], fill=col,
                      width=width, joint="curve")
            draw.polygon([(w * 0.95, h * 0.5), (w * 0.72, h * 0.32), (w * 0.72, h * 0.68)], fill=col)
        return self._done(img, key, f"mobility-{kind}")

    def planned(self, wait: bool) -> arcade.Texture:
        key = ("planned", wait)
        if key in self._cache:
            return self._cache[key]
        img, draw, s = self._canvas(1.0, 0.5)
        w, h = img.size
        col = (120, 220, 235, 210)
        if wait:
            draw.ellipse((w * 0.38, h * 0.2, w * 0.62, h * 0.8), outline=col, width=round(s * 0.05))
        else:
            y = h / 2
            draw.line((w * 0.1, y, w * 0.72, y), fill=col, width=round(s * 0.07))
            draw.polygon([(w * 0.92, y), (w * 0.68, y - h * 0.32), (w * 0.68, y + h * 0.32)], fill=col)
        return self._done(img, key, f"planned-{wait}")


MOBILITY_ALPHA = {"declared": 210, "committed": 210, "worked": 255, "failed": 90}  # a failed one fades
BODY_UNDER_FEET = 0.3  # a body's opacity while someone stands on its square (his sprite stays clear over it)
ARC_BULGE = 0.42  # squares
MARK_SIZE = 0.26  # squares: the allegiance mark / crown over a sprite
PIP_SIZE = 0.11  # squares per health pip
WOUND_SLASHES = 3  # wounds shown by the pips at most
PIPS_MAX = 8  # more HT than this: the pips shrink into a bar
STATUS_LIFT = 0.2  # squares above the sprite's top: the pips' centre
_ANGLES = {Direction.E: 0, Direction.S: 90, Direction.W: 180, Direction.N: 270}
ARC_MARGIN = 0.12
CLOCK_MAKES_PER_FRAME = 2  # new bout-clock labels one frame lays out (about 0.5 ms each); the rest follow


def _glyph(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, glyph: Glyph, colour: RGBA, ink: RGBA,
           edge: float) -> None:
    if glyph is Glyph.DISC:
        draw.ellipse((cx - r - edge, cy - r - edge, cx + r + edge, cy + r + edge), fill=ink)
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour)
    elif glyph is Glyph.RING:
        draw.ellipse((cx - r - edge, cy - r - edge, cx + r + edge, cy + r + edge), fill=ink)
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=colour, width=max(1, round(r * 0.5)))
    elif glyph is Glyph.DIAMOND:
        q = r * 1.3
        draw.polygon([(cx, cy - q - edge * 1.4), (cx + q + edge * 1.4, cy), (cx, cy + q + edge * 1.4),
                      (cx - q - edge * 1.4, cy)], fill=ink)
        draw.polygon([(cx, cy - q), (cx + q, cy), (cx, cy + q), (cx - q, cy)], fill=colour)
    elif glyph is Glyph.SQUARE:
        draw.rectangle((cx - r - edge, cy - r - edge, cx + r + edge, cy + r + edge), fill=ink)
        draw.rectangle((cx - r, cy - r, cx + r, cy + r), fill=colour)
    else:
        for a, b in (((cx - r, cy - r), (cx + r, cy + r)), ((cx - r, cy + r), (cx + r, cy - r))):
            draw.line((a, b), fill=ink, width=round(r * 0.7 + 2 * edge))
        for a, b in (((cx - r, cy - r), (cx + r, cy + r)), ((cx - r, cy + r), (cx + r, cy - r))):
            draw.line((a, b), fill=colour, width=round(r * 0.7))


@dataclass
class ActorView:
    """How an actor is shown right now (animated): grid position, lunge offset, facing, flash, fall."""

    id: str
    sprite_name: str
    sprite: arcade.Sprite
    gx: float
    gy: float
    facing_east: bool
    natural_east: bool
    party: bool
    ox: float = 0.0  # lunge offset (squares)
    oy: float = 0.0
    cx: float = 0.0  # his place within a square he shares (a combat cluster: `_cluster_places`), in squares
    cy: float = 0.0
    flash: float = 0.0  # 0..1
    flash_colour: tuple[int, int, int] = (255, 90, 80)
    fallen: float = 0.0  # 0 standing .. 1 lying
    fade: float = 1.0
    dead: bool = False
    seen: bool = True
    texture_key: tuple[str, bool] | None = None
    extra: dict[str, float] = field(default_factory=dict)

    @property
    def pos(self) -> tuple[float, float]:
        return self.gx + self.ox + self.cx, self.gy + self.oy + self.cy


class MapRender:
    """Draws the map of one world state with the animated actor views and the indicator data."""

    def __init__(self, state: WorldState, palette: Palette, zoom: float, *, reveal_all: bool = False,
                 previous: MapRender | None = None) -> None:
        """``previous``: the last map view (a new depth). Its textures are kept when their resolution and palette
        are this one's (the actors' and indicators' are not drawn again), and then also its chunks' atlas and
        sprites, hidden until the new map's light repaints them (a new atlas and new chunk sprites cost 20-50 ms
        in the stairs' frame)."""
        self.state = state
        self.reveal_all = reveal_all  # light every square and show every actor (benchmarks, debugging)
        self.palette = palette
        self.zoom = zoom
        self.map_h = state.tilemap.height
        px = max(8, round(TILE * zoom))
        old = previous.textures if previous is not None else None
        same = old is not None and old.px == px and old.palette == palette
        self.textures: Textures = old if old is not None and same else Textures(px, palette)
        self.actors: dict[str, ActorView] = {}
        self.visible: frozenset[Pos] = frozenset()
        self.seen: set[Pos] = set()
        self.ground_seen: set[Tile] = set()  # the difficult ground kinds seen so far (the legend's lines)
        self._levels = bytearray([UNSEEN]) * (state.tilemap.width * state.tilemap.height)
        self._drawn_tiles: bytes | None = None  # the tiles the chunks were painted from (a chest opens)
        self._dirty_chunks: set[tuple[int, int]] = set()  # light changed, not repainted yet (paint_pending)
        self._paint_origin = Pos(0, 0)
        self._chunk_atlas: DefaultTextureAtlas
        self.chunks: arcade.SpriteList[arcade.Sprite]
        self._chunk_sprites: dict[tuple[int, int], arcade.Sprite]
        if previous is not None and same:
            self._chunk_atlas = previous._chunk_atlas
            self.chunks = previous.chunks
            keys = set(self._chunk_keys())
            self._chunk_sprites = {}
            for key, sprite in previous._chunk_sprites.items():
                if key in keys:  # the last depth's light: hidden, placed on this map, shown once repainted
                    sprite.visible = False
                    sprite.left, sprite.top = self._chunk_corner(*key)
                    self._chunk_sprites[key] = sprite
                else:
                    self.chunks.remove(sprite)
            self._unmade_chunks = [key for key in self._chunk_keys() if key not in self._chunk_sprites]
        else:
            self._chunk_atlas = DefaultTextureAtlas(_chunk_atlas_size(state.tilemap, self.textures.px),
                                                    auto_resize=True)
            self.chunks = arcade.SpriteList(atlas=self._chunk_atlas)
            self.chunks.blend = False  # opaque squares over the background colour (_on_background)
            self._chunk_sprites = {}
            self._unmade_chunks = self._chunk_keys()  # made ahead in quiet frames (warm_step)
        leader = state.actors.get(state.leader)
        self._paint_origin = leader.pos if leader is not None else Pos(0, 0)
        self._unmade_chunks.sort(key=self._nearness, reverse=True)  # made from the end: the nearest first
        kinds = sorted(set(state.tilemap.tiles) | {int(Tile.FLOOR)})  # (an opened chest shows the floor)
        self._unmade_tiles = [(kind, level) for level in range(UNSEEN - 1, -1, -1) for kind in kinds]
        self._unmade_marks = self.textures.mark_makers()  # the indicators' images, made ahead in quiet frames
        self.floor_items = FloorItems(TILE, self.textures.px, state.tilemap.height)  # a run's piles
        self.ground: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()  # shadows, footbases, planned steps
        self.route: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()  # the leader's travel route
        self.route_squares: tuple[Pos, ...] = ()
        self.arcs: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.bodies: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()  # fallen actors
        self.living: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.overhead: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()  # orientation icons, Atk/Def badges
        self.status: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()  # allegiance marks, crowns, pips
        self._statuses: dict[str, ActorStatus] = {}
        self._status_sprites: dict[str, tuple[arcade.Sprite, arcade.Sprite]] = {}  # actor -> (mark, pips)
        self.labels_batch = pyglet.graphics.Batch()
        self.floaters_batch = pyglet.graphics.Batch()
        self._clock_texts: dict[int, arcade.Text] = {}
        self._clock_spares: dict[str, list[arcade.Text]] = {}  # hidden clock labels by the label they show
        self._shadows: dict[str, arcade.Sprite] = {}
        self._indicators: Indicators | None = None
        self._overlay: list[tuple[arcade.Sprite, str, str, object]] = []  # sprite, kind, actor, extra
        self._clock_members: dict[int, tuple[str, ...]] = {}
        self._clock_labels: tuple[ClockLabel, ...] = ()  # the clocks the indicators show now
        self._clocks_waiting = False  # a clock's label is still to be made (sync_clock_texts' budget)
        self._clocks_synced = False  # sync_clock_texts ran this frame
        self._clock_at: dict[int, tuple[float, float]] = {}
        self._clock_pills: dict[int, arcade.Sprite] = {}
        self._clustered: set[str] = set()  # actors drawn apart on a shared square (`_cluster_places`)
        self._laid_out: tuple[object, ...] | None = None  # the last layout's key (`_layout_key`)
        self.floaters: list[Floater] = []
        self._spare_texts: dict[str, list[arcade.Text]] = {}  # hidden floaters' texts by the label they show
        self.font = load_ui_fonts()
        self.traces = TraceLayer(self.world_xy, TILE)  # Dew's movement traces (game.view.traces)
        self.marks = MarkLayer(self.font)  # combat systems' marker tags (game.view.system_marks)
        for actor in state.actors.values():
            self._add_actor(actor)
        self.update_fov()

    # --- coordinates --------------------------------------------------------------------------------------
    def world_xy(self, gx: float, gy: float) -> tuple[float, float]:
        """World point of the centre of (fractional) square ``(gx, gy)``."""
        return (gx + 0.5) * TILE, (self.map_h - gy - 0.5) * TILE

    def foot_xy(self, gx: float, gy: float) -> tuple[float, float]:
        x, y = self.world_xy(gx, gy)
        return x, y - FOOT * TILE

    def square_at(self, wx: float, wy: float) -> Pos:
        return Pos(math.floor(wx / TILE), self.map_h - 1 - math.floor(wy / TILE))

    def actor_view_at(self, wx: float, wy: float) -> ActorView | None:
        """The (living, visible) actor whose sprite or square contains world point ``(wx, wy)``."""
        best: ActorView | None = None
        for view in self.actors.values():
            if not view.seen or view.dead or not self.state.actors[view.id].alive:
                continue
            s = view.sprite
            inside = s.left <= wx <= s.right and s.bottom <= wy <= s.top
            if inside and (best is None or s.center_y < best.sprite.center_y):
                best = view
        if best is not None:
            return best
        pos = self.square_at(wx, wy)
        other = self.state.at(pos)
        return self.actors.get(other.id) if other is not None else None

    # --- actors -------------------------------------------------------------------------------------------
    def _add_actor(self, actor: Actor) -> ActorView:
        natural = SPRITES.get(actor.sprite, _DEFAULT_SPRITE)[3] == "E"
        sprite = arcade.Sprite(self.textures.actor(actor.sprite, False), scale=1 / self.zoom)
        view = ActorView(actor.id, actor.sprite, sprite, float(actor.pos.x), float(actor.pos.y),
                         facing_east=True, natural_east=natural, party=actor.party)
        self.set_facing(view, actor.facing)
        if not actor.alive:
            view.fallen = 1.0
            view.dead = True
            view.fade = 0.75
        self.actors[actor.id] = view
        shadow = arcade.Sprite(self.textures.shadow(actor.party), scale=1 / self.zoom)
        self._shadows[actor.id] = shadow
        self._place(view)
        (self.bodies if view.dead else self.living).append(sprite)
        return view

    def set_facing(self, view: ActorView, facing: Direction | str) -> None:
        d = Direction[facing] if isinstance(facing, str) else facing
        if d.dx > 0:
            view.facing_east = True
        elif d.dx < 0:
            view.facing_east = False

    def set_dead(self, view: ActorView) -> None:
        """Move the actor's sprite to the fallen layer (drawn under the living)."""
        if view.dead:
            return
        view.dead = True
        if view.sprite in self.living:
            self.living.remove(view.sprite)
        self.bodies.append(view.sprite)

    def _rise(self, view: ActorView) -> None:
        view.dead = False
        view.fallen = 0.0
        view.fade = 1.0
        if view.sprite in self.bodies:
            self.bodies.remove(view.sprite)
        self.living.append(view.sprite)

    def snap(self, actor_id: str | None = None) -> None:
        """Put actor views exactly where the state has them (after animations, or without them)."""
        for actor in self.state.actors.values():
            if actor_id is not None and actor.id != actor_id:
                continue
            view = self.actors.get(actor.id) or self._add_actor(actor)
            view.gx, view.gy = float(actor.pos.x), float(actor.pos.y)
            view.ox = view.oy = 0.0
            view.flash = 0.0
            self.set_facing(view, actor.facing)
            if not actor.alive:
                view.fallen = 1.0
                view.fade = 0.75
                self.set_dead(view)
            elif view.dead:  # standing again: a run's fallen companion brought round, or an earlier tick
                self._rise(view)

    def rebind(self, state: WorldState, *, snap: bool = True) -> None:
        """Draw another state of the same run (time travel in the watch view). With ``snap`` every actor view
        jumps to where the state has him, the fallen who are standing again (an earlier tick) rise, and
        floaters go; without it the views stay for the animation of the events that led to ``state``."""
        self.state = state
        if not snap:
            return
        for floater in list(self.floaters):
            self.remove_floater(floater)
        self.snap()  # (it raises the fallen who are standing again)
        for view in self.actors.values():
            self._place(view)
        self.update_fov()

    def _place(self, view: ActorView) -> None:
        s = view.sprite
        mirrored = view.facing_east != view.natural_east
        key = (view.sprite_name, mirrored)
        if view.texture_key != key:
            s.texture = self.textures.actor(view.sprite_name, mirrored)
            s.scale = 1 / self.zoom
            view.texture_key = key
        gx, gy = view.pos
        fx, fy = self.foot_xy(gx, gy)
        if view.fallen > 0:
            angle = 90.0 * view.fallen * (-1 if view.facing_east else 1)
            s.angle = angle
            lift = (1 - view.fallen) * s.height / 2 + view.fallen * s.width * 0.45
            s.center_x, s.center_y = fx, fy + lift * 0.6 + view.fallen * 0.05 * TILE
        else:
            if s.angle != 0:
                s.angle = 0
            s.center_x, s.center_y = fx, fy - 0.04 * TILE + s.height / 2
        f = view.flash
        if f > 0:
            fr, fg, fb = view.flash_colour
            colour = (round(255 + (fr - 255) * f), round(255 + (fg - 255) * f), round(255 + (fb - 255) * f))
        elif view.dead:
            colour = (150, 140, 140)
        else:
            colour = (255, 255, 255)
        fade = view.fade
        if view.dead and self._stood_on(gx, gy):
            fade = min(fade, BODY_UNDER_FEET)
        alpha = round(255 * max(0.0, min(1.0, fade)) * (1.0 if view.seen else 0.0))
        new = (*colour, alpha)
        if tuple(s.color) != new:
            s.color = new
        shadow = self._shadows[view.id]
        shadow.center_x, shadow.center_y = fx, fy
        shadow.visible = view.seen and not view.dead

    def _stood_on(self, gx: float, gy: float) -> bool:
        """Someone standing is on the square of a body lying at (gx, gy)."""
        standing = self.state.at(Pos(round(gx), round(gy)))
        return standing is not None and standing.alive

    # --- field of view ------------------------------------------------------------------------------------
    def update_fov(self, budget: int | None = None) -> None:
        """Recompute what the leader sees and repaint the chunks whose light changed: all of them now, or with a
        ``budget`` that many, nearest the leader first, the rest in later calls of :meth:`paint_pending`."""
        s = self.state
        leader = s.actors.get(s.leader)
        tm = s.tilemap
        if self.reveal_all:
            self.visible = frozenset(tm.positions())
            self.seen |= self.visible
            origin = leader.pos if leader is not None else Pos(0, 0)
        elif leader is not None:
            self.visible = field_of_view(tm, leader.pos, FOV_RADIUS)
            self.seen |= self.visible
            origin = leader.pos
        else:
            origin = Pos(0, 0)
        tiles, w = tm.tiles, tm.width
        self.ground_seen.update(Tile(t) for t in {tiles[p.y * w + p.x] for p in self.visible} if t in DIFFICULT_TILES)
        levels = bytearray([UNSEEN]) * (tm.width * tm.height)
        for p in self.seen:
            levels[p.y * tm.width + p.x] = REMEMBERED
        steps = len(LIGHT_LEVELS)
        for p in self.visible:
            d = math.hypot(p.x - origin.x, p.y - origin.y)
            levels[p.y * tm.width + p.x] = 0 if self.reveal_all else min(steps - 1, int(d * steps / (FOV_RADIUS + 1)))
        dirty = self._dirty_chunks
        old = self._levels
        w = tm.width
        for i in range(len(levels)):
            if levels[i] != old[i]:
                dirty.add(((i % w) // CHUNK, (i // w) // CHUNK))
        drawn, self._drawn_tiles = self._drawn_tiles, tm.tiles
        if drawn is not None and drawn != tm.tiles and len(drawn) == len(tm.tiles):  # a chest opened
            dirty.update(((i % w) // CHUNK, (i // w) // CHUNK) for i in range(len(drawn)) if drawn[i] != tm.tiles[i])
        self._levels = levels
        self._paint_origin = origin
        self.paint_pending(budget)
        for view in self.actors.values():
            actor = s.actors[view.id]
            view.seen = actor.party or Pos(round(view.gx), round(view.gy)) in self.visible or actor.pos in self.visible

    @property
    def painting(self) -> bool:
        """Chunks whose light changed wait for :meth:`paint_pending`."""
        return bool(self._dirty_chunks)

    def paint_pending(self, budget: int | None = None) -> int:
        """Repaint the chunks whose light changed and are not painted yet: all, or as many as ``budget`` pays for
        (a repaint costs 1, a chunk not made yet ``NEW_CHUNK_COST``; at least one), nearest the leader (as of the
        last :meth:`update_fov`) first. Returns how many were painted."""
        dirty = self._dirty_chunks
        if not dirty:
            return 0
        order = sorted(dirty, key=self._nearness)
        painted = spent = 0
        for key in order:
            cost = 1 if key in self._chunk_sprites else NEW_CHUNK_COST
            if budget is not None and painted and spent + cost > budget:
                break
            dirty.discard(key)
            self._paint_chunk(*key)
            painted += 1
            spent += cost
        return painted

    def _nearness(self, chunk: tuple[int, int]) -> tuple[float, tuple[int, int]]:
        """How far chunk is from the leader's square (as of the last :meth:`update_fov`), for ordering."""
        ox, oy = (self._paint_origin.x + 0.5) / CHUNK - 0.5, (self._paint_origin.y + 0.5) / CHUNK - 0.5
        return (chunk[0] - ox) ** 2 + (chunk[1] - oy) ** 2, chunk

    def warm_step(self) -> bool:
        """Make one thing a later repaint would otherwise make in its frame (a quiet frame's work): an indicator's
        image not drawn yet (the first arcs and marks of a fight cost 20-30 ms in the frame they first showed),
        else a chunk's sprite not yet in the atlas, else a square image of a tile kind on this map at a light
        level not yet drawn. False when nothing is left to make."""
        while self._unmade_marks:  # first: a fight can start at any step, and shows them at once
            mark_key, make = self._unmade_marks.pop()
            if not self.textures.has(mark_key):
                make()
                return True
        while self._unmade_chunks:
            key = self._unmade_chunks.pop()
            if key not in self._chunk_sprites:
                self._paint_chunk(*key)
                self._dirty_chunks.discard(key)
                return True
        while self._unmade_tiles:
            kind, level = self._unmade_tiles.pop()
            if (self.textures.px, kind, level) not in _TILES:
                self.textures.tile(kind, level)
                return True
        return False

    def _chunk_keys(self) -> list[tuple[int, int]]:
        tm = self.state.tilemap
        cols, rows = -(-tm.width // CHUNK), -(-tm.height // CHUNK)
        return [(cx, cy) for cy in range(rows) for cx in range(cols)]

    def _chunk_corner(self, cx: int, cy: int) -> tuple[float, float]:
        """The world point of chunk (cx, cy)'s top left corner: it covers squares x in [cx*8, cx*8+8), y in
        [cy*8, cy*8+8) (y south)."""
        return cx * CHUNK * TILE, (self.map_h - cy * CHUNK) * TILE

    def _chunk_shown(self, cx: int, cy: int) -> bool:
        """Whether any square of chunk (cx, cy) has been seen (a chunk of unseen squares is all background colour:
        not drawn, the screen's clear shows the same, and the software rasterizer has a chunk less to fill)."""
        w, h = self.state.tilemap.width, self.state.tilemap.height
        levels = self._levels
        x0, x1 = cx * CHUNK, min(w, cx * CHUNK + CHUNK)
        return any(v < UNSEEN for y in range(cy * CHUNK, min(h, cy * CHUNK + CHUNK))
                   for v in levels[y * w + x0:y * w + x1])

    def _paint_chunk(self, cx: int, cy: int) -> None:
        image = self.textures.chunk_image(self.state.tilemap, self._levels, cx, cy)
        sprite = self._chunk_sprites.get((cx, cy))
        if sprite is None:
            tex = _texture(image, f"chunk-{cx}-{cy}-{id(self)}-{self.textures.px}")
            sprite = arcade.Sprite(tex, scale=TILE / self.textures.px)
            sprite.left, sprite.top = self._chunk_corner(cx, cy)
            self._chunk_sprites[(cx, cy)] = sprite
            self.chunks.append(sprite)
        else:
            tex = sprite.texture
            tex.image = image
            atlas = self.chunks.atlas
            if atlas is not None and atlas.has_texture(tex):
                atlas.update_texture_image(tex)
        sprite.visible = self._chunk_shown(cx, cy)

    # --- indicators ---------------------------------------------------------------------------------------
    def set_indicators(self, indicators: Indicators) -> None:
        """Rebuild the indicator sprites when the indicator data changed."""
        if indicators == self._indicators:
            return
        self._indicators = indicators
        tex = self.textures
        k = 1 / self.zoom
        self.ground.clear()
        self.arcs.clear()
        self.overhead.clear()
        self._overlay = []
        for aid, shadow in self._shadows.items():
            if aid in self.actors:
                self.ground.append(shadow)
        for p in indicators.planned:
            sprite = arcade.Sprite(tex.planned(p.direction is None), scale=k)
            self.arcs.append(sprite)
            self._overlay.append((sprite, "planned", p.actor, p))
        for mob in indicators.mobility:
            sprite = arcade.Sprite(tex.mobility(mob.kind), scale=k)
            sprite.alpha = MOBILITY_ALPHA.get(mob.state, 200)
            self.arcs.append(sprite)
            self._overlay.append((sprite, "mobility", mob.actor, mob))
        for fb in indicators.footbases:
            sprite = arcade.Sprite(tex.footbase(fb.kind, fb.inner_faded), scale=k)
            self.ground.append(sprite)
            self._overlay.append((sprite, "footbase", fb.actor, fb))
        for arc in indicators.arcs:
            sprite = arcade.Sprite(tex.arc(arc.state, arc.side), scale=k)
            self.arcs.append(sprite)
            self._overlay.append((sprite, "arc", arc.src, arc))
        for icon in indicators.icons:
            sprite = arcade.Sprite(tex.icon(icon.orientation), scale=k)
            self.overhead.append(sprite)
            self._overlay.append((sprite, "icon", icon.actor, icon))
        for mark in indicators.marks:
            sprite = arcade.Sprite(tex.mark(mark.mark), scale=k)
            self.overhead.append(sprite)
            self._overlay.append((sprite, "mark", mark.actor, mark))
        self._clock_members = {}
        self._clock_pills = {}
        for clock in indicators.clocks:
            self._clock_members[clock.bout] = clock.members
            pill = arcade.Sprite(tex.pill(clock.mine), scale=k)
            self._clock_pills[clock.bout] = pill
            self.overhead.append(pill)
            self._overlay.append((pill, "clock", clock.members[0] if clock.members else "", clock))
        for bout_id, gone in list(self._clock_texts.items()):
            if bout_id not in self._clock_members:
                self._spare_clock(gone)
                del self._clock_texts[bout_id]
        self._clock_labels = indicators.clocks
        self.sync_clock_texts()

    def sync_clock_texts(self) -> None:
        """Give each bout's clock a label that shows its clock: one of the same string if any waits hidden,
        else a new one, at most ``CLOCK_MAKES_PER_FRAME`` a frame (ten bouts stepping to a label never shown
        before made ten texts in one frame, 5 ms); a clock still waiting shows its last label a frame longer,
        and :meth:`draw_screen` calls this again until none waits."""
        made = 0
        waiting = False
        for clock in self._clock_labels:
            text: arcade.Text | None = self._clock_texts.get(clock.bout)
            colour = (255, 226, 130, 255) if clock.mine else (222, 226, 236, 255)
            if text is None or text.text != clock.label:  # the clock moved on: a text that shows the label
                spares = self._clock_spares.get(clock.label)
                if spares:
                    fresh = spares.pop()
                    fresh.visible = True
                elif made < CLOCK_MAKES_PER_FRAME:
                    made += 1
                    fresh = arcade.Text(clock.label, 0, 0, colour, font_size=self.clock_font_size,
                                        font_name=self.font, bold=True, anchor_x="center", anchor_y="center",
                                        batch=self.labels_batch)
                else:
                    waiting = True
                    continue
                if text is not None:
                    self._spare_clock(text)
                text = self._clock_texts[clock.bout] = fresh
            if tuple(text.color) != colour:
                text.color = colour
        self._clocks_waiting = waiting
        self._clocks_synced = True

    def _spare_clock(self, text: arcade.Text) -> None:
        """Hide a clock's label and keep it for the next clock that shows the same (a label's layout is the
        frame after a tick's dearest part: ten bouts' clocks step at once, through a few labels)."""
        text.visible = False
        self._clock_spares.setdefault(text.text, []).append(text)

    @property
    def clock_font_size(self) -> float:
        """The bout clocks' labels' size (bold) at this zoom."""
        return label_font_sizes(self.zoom)[0]

    @property
    def floater_font_size(self) -> float:
        """The floating labels' size (bold) at this zoom."""
        return label_font_sizes(self.zoom)[1]

    def set_statuses(self, statuses: dict[str, ActorStatus]) -> None:
        """The marks over each actor (``game.sim.player_view.actor_statuses``): rebuilt when they changed."""
        if statuses == self._statuses:
            return
        self._statuses = dict(statuses)
        tex = self.textures
        k = 1 / self.zoom
        kept: dict[str, tuple[arcade.Sprite, arcade.Sprite]] = {}
        for aid, st in statuses.items():
            if aid not in self.actors or st.dead:
                continue
            mark_tex = tex.side_mark("leader" if st.leader else st.allegiance)
            pips_tex = tex.pips(st.ht, st.ht_max, st.bleeding, st.down, st.wounds)
            old = self._status_sprites.get(aid)
            if old is None:  # a newcomer's marks; the others' sprites stay, their textures change if need be
                old = (arcade.Sprite(mark_tex, scale=k), arcade.Sprite(pips_tex, scale=k))
                self.status.append(old[1])
                self.status.append(old[0])
            old[0].texture, old[1].texture = mark_tex, pips_tex
            kept[aid] = old
        for aid, (mark, pips) in self._status_sprites.items():
            if aid not in kept:
                self.status.remove(pips)
                self.status.remove(mark)
        self._status_sprites = kept

    def _place_status(self) -> None:
        """Pips centred over the head (over the body when down), the mark right of them; those of actors on
        one square (a fallen rat and the rats on him, a cluster) stacked upwards, never over each other."""
        squares: dict[tuple[int, int], list[tuple[arcade.Sprite, arcade.Sprite]]] = {}
        for aid, (mark, pips) in self._status_sprites.items():
            view = self.actors[aid]
            shown = view.seen  # the dead have no marks; the living and the down do
            mark.visible = pips.visible = shown
            if not shown:
                continue
            fx, fy = self.foot_xy(*view.pos)
            y = view.sprite.top + STATUS_LIFT * TILE if view.fallen < 0.5 else fy + 0.5 * TILE
            pips.center_x, pips.center_y = fx, y
            mark.center_x = fx + max(pips.width / 2, 0.18 * TILE) + mark.width * 0.55
            mark.center_y = y
            squares.setdefault((round(view.gx), round(view.gy)), []).append((mark, pips))
        for shared in squares.values():
            if len(shared) > 1:
                shared.sort(key=lambda mp: (mp[1].center_y, mp[1].center_x))
                boxes = [(p.left, min(p.bottom, m.bottom), m.right - p.left,
                          max(p.top, m.top) - min(p.bottom, m.bottom)) for m, p in shared]
                for (mark, pips), dy in zip(shared, stack(boxes, 0.04 * TILE), strict=True):
                    pips.center_y += dy
                    mark.center_y += dy

    def _mark_anchor(self, actor: str) -> tuple[float, float] | None:
        """Under a seen, living fighter's sprite (world space), for his marker tags; None: not shown."""
        view = self.actors.get(actor)
        if view is None or not view.seen or view.dead:
            return None
        return view.sprite.center_x, view.sprite.bottom

    def drawn_marks(self) -> set[MarkKey]:
        """The marks on the map now, as last laid out (for the legend): the indicators (footbases, arcs,
        orientation icons, Atk/Def badges, clocks, planned steps) that are visible, and over and under the
        sprites the allegiance marks, the crown, health pips and their states, the party's rings; on the floor
        the piles and the relic, and each kind of difficult ground seen."""
        out: set[MarkKey] = {MarkKey(Kind.FLOOR, kind.label) for kind in self.ground_seen}
        for sprite, kind, _actor, extra in self._overlay:
            if sprite.visible and extra is not None:
                key = overlay_key(kind, extra)
                if key is not None:
                    out.add(key)
        for aid, (mark, _pips) in self._status_sprites.items():
            if not mark.visible:
                continue
            st = self._statuses[aid]
            out.add(MarkKey(Kind.LEADER, "leader") if st.leader else MarkKey(Kind.ALLEGIANCE, st.allegiance))
            if st.down:
                out.add(MarkKey(Kind.HEALTH, PIP_DOWN))
                continue
            if st.ht > 0:
                out.add(MarkKey(Kind.HEALTH, PIP_HT))
            if st.ht < st.ht_max:
                out.add(MarkKey(Kind.HEALTH, PIP_LOST))
            if st.bleeding:
                out.add(MarkKey(Kind.HEALTH, PIP_BLEEDING))
            if st.wounds:
                out.add(MarkKey(Kind.HEALTH, PIP_WOUND))
        if any(v.party and self._shadows[v.id].visible for v in self.actors.values()):
            out.add(MarkKey(Kind.PARTY, "ring"))
        return out | self.floor_items.drawn_marks() | self.marks.keys()

    def _cluster_places(self) -> None:
        """Fighters sharing a square (a combat cluster: `WorldState.crowd`) stand apart on it, round its
        centre, each with his own footbase and marks; everyone else stands in the middle of his square."""
        crowd = self.state.crowd
        if not crowd and not self._clustered:
            return
        for aid in self._clustered:
            if (view := self.actors.get(aid)) is not None:
                view.cx = view.cy = 0.0
        self._clustered = set()
        for pos in crowd:
            ids = self.state.occupants(pos)
            for i, aid in enumerate(ids):
                view = self.actors.get(aid)
                if view is None:
                    continue
                turn = 2 * math.pi * i / len(ids) + math.pi * 0.75
                view.cx, view.cy = 0.24 * math.cos(turn), 0.2 * math.sin(turn)
                self._clustered.add(aid)

    def _layout_key(self) -> tuple[object, ...]:
        """What the overlay's places follow: the indicators and statuses shown (by identity: each change makes new
        ones), the state (its combat clusters) and every actor view's animated fields."""
        return (self._indicators, self._statuses, self.state,
                [(v.gx, v.gy, v.ox, v.oy, v.fallen, v.flash, v.flash_colour, v.fade, v.dead, v.seen, v.facing_east,
                  v.sprite_name) for v in self.actors.values()])

    def layout_overlay(self) -> None:
        """Move every indicator sprite to its actor's current (animated) place; nothing when none of what the
        places follow changed since the last layout (a still screen: 1-3 ms a frame saved)."""
        key = self._layout_key()
        last = self._laid_out
        if last is not None and all(a is b for a, b in zip(key[:3], last[:3], strict=True)) and key[3] == last[3]:
            return
        self._laid_out = key
        self._cluster_places()
        for view in self.actors.values():
            self._place(view)
        badges: list[arcade.Sprite] = []  # the Atk/Def badges: those of a cluster's fighters stacked apart
        order = [s.center_y for s in self.living]
        if any(a < b for a, b in itertools.pairwise(order)):
            self.living.sort(key=lambda sp: -sp.center_y)  # southern actors in front
        for sprite, kind, actor, extra in self._overlay:
            found = self.actors.get(actor)
            if found is None:
                sprite.visible = False
                continue
            view = found
            gx, gy = view.pos
            fx, fy = self.foot_xy(gx, gy)
            visible = view.seen
            if kind == "footbase":
                sprite.center_x, sprite.center_y = fx, fy
            elif kind == "planned":
                direction = extra.direction if isinstance(extra, PlannedStep) else None
                if direction is None:
                    sprite.center_x, sprite.center_y = fx, fy
                else:
                    sprite.center_x = fx + direction.dx * TILE * 0.8
                    sprite.center_y = fy - direction.dy * TILE * (0.9 if direction.dy < 0 else 0.7) + 0.1 * TILE
                    sprite.angle = _ANGLES.get(direction, 0)
            elif kind == "arc" and isinstance(extra, Arc):
                other = self.actors.get(extra.dst)
                if other is None:
                    sprite.visible = False
                    continue
                ax, ay = fx, fy
                bx, by = self.foot_xy(*other.pos)
                dist = math.hypot(bx - ax, by - ay)
                if dist < 1e-3:
                    sprite.visible = False
                    continue
                sprite.center_x, sprite.center_y = (ax + bx) / 2, (ay + by) / 2
                sprite.angle = -math.degrees(math.atan2(by - ay, bx - ax))
                sprite.width = (dist / TILE) * (1 + 2 * ARC_MARGIN) * TILE
                visible = visible and other.seen
            elif kind == "mobility" and isinstance(extra, MobilityMark):
                other = self.actors.get(extra.foe)
                if other is None or not self._place_mobility(sprite, extra, (fx, fy), self.foot_xy(*other.pos)):
                    sprite.visible = False
                    continue
                visible = visible and other.seen
            elif kind == "icon":
                top = view.sprite.top if view.fallen < 0.5 else fy + 0.3 * TILE
                sprite.center_x, sprite.center_y = fx - 0.36 * TILE, top - sprite.height * 0.2
            elif kind == "mark":  # beside the body, where neighbours leave room
                sprite.center_x, sprite.center_y = fx + 0.5 * TILE, fy + 0.52 * TILE
                badges.append(sprite)
            elif kind == "clock" and extra is not None:
                members = [self.actors[m] for m in getattr(extra, "members", ()) if m in self.actors]
                shown = [m for m in members if m.seen and not m.dead]
                if not shown:
                    sprite.visible = False
                    continue
                # above the northernmost member (west-most on ties), clear of his orientation icon
                north = min(shown, key=lambda v: (v.pos[1], v.pos[0]))
                _, y = self.world_xy(*north.pos)
                xs = [self.world_xy(*m.pos)[0] for m in shown if abs(m.pos[1] - north.pos[1]) < 0.5]
                sprite.center_x, sprite.center_y = (min(xs) + max(xs)) / 2, y + 1.02 * TILE
                self._clock_at[getattr(extra, "bout", 0)] = (sprite.center_x, sprite.center_y)
            sprite.visible = visible
        badges = [b for b in badges if b.visible]
        if len(badges) > 1:
            badges.sort(key=lambda b: (b.center_y, b.center_x))
            for badge, dy in zip(badges, stack([(b.left, b.bottom, b.width, b.height) for b in badges], 0.03 * TILE),
                                 strict=True):
                badge.center_y += dy
        self._place_status()
        self._clear_clocks()

    def _clear_clocks(self) -> None:
        """A bout's clock that would cover someone's health pips (his own member's, a fighter's north of it)
        goes under the bout's southernmost member, or else up clear of them (`game.view.declutter`)."""
        pips = [(p.left, p.bottom, p.width, p.height) for _m, p in self._status_sprites.values() if p.visible]
        if not pips:
            return
        for bout_id, pill in self._clock_pills.items():
            members = [v for m in self._clock_members.get(bout_id, ()) if (v := self.actors.get(m)) is not None
                       and v.seen and not v.dead]
            if not pill.visible or not members:
                continue
            w, h = pill.width, pill.height
            x, y = pill.center_x, pill.center_y
            south = max(members, key=lambda v: (v.pos[1], v.pos[0]))
            sx, sy = self.foot_xy(*south.pos)
            lo, hi = min(x, sx) - w / 2, max(x, sx) + w / 2  # a box covers only pips within its columns
            near = [p for p in pips if p[0] < hi and lo < p[0] + p[2]]
            up = rise((x - w / 2, y - h / 2, w, h), near, 0.04 * TILE)
            x, y = clear_spot([(x, y), (sx, sy - 0.3 * TILE), (x, y + up)], (w, h), near)
            pill.center_x, pill.center_y = x, y
            self._clock_at[bout_id] = (x, y)

    @staticmethod
    def _place_mobility(sprite: arcade.Sprite, mark: MobilityMark, mover: tuple[float, float],
                        foe: tuple[float, float]) -> bool:
        """A threading arrow from the mover past the foe (twice the distance, the foe at its middle); a flank
        bracket at the foe's side, turned towards him. False when the two stand on one spot."""
        dx, dy = foe[0] - mover[0], foe[1] - mover[1]
        dist = math.hypot(dx, dy)
        if dist < 1e-3:
            return False
        angle = math.degrees(math.atan2(dy, dx))
        if mark.kind == "thread":
            sprite.center_x, sprite.center_y = foe
            sprite.width = 2 * dist
            sprite.angle = -angle
        else:  # beside the foe, a quarter turn from the mover's side, pointing at the foe
            ux, uy = dx / dist, dy / dist
            sprite.center_x, sprite.center_y = foe[0] + uy * 0.5 * TILE, foe[1] - ux * 0.5 * TILE
            sprite.angle = -(angle + 90)
        return True

    def set_route(self, squares: tuple[Pos, ...]) -> None:
        """Show the leader's travel route (``()``: none); rebuilt only when it changed."""
        if squares == self.route_squares:
            return
        self.route_squares = squares
        self.route.clear()
        k = 1 / self.zoom
        for i, p in enumerate(squares):
            sprite = arcade.Sprite(self.textures.route_dot(i == len(squares) - 1), scale=k)
            sprite.center_x, sprite.center_y = self.world_xy(p.x, p.y)
            self.route.append(sprite)

    # --- drawing ------------------------------------------------------------------------------------------
    def draw_world(self) -> None:
        """Everything in world space (call with the world camera active)."""
        self.layout_overlay()
        self.chunks.draw(pixelated=True)
        self.floor_items.sync(self.state, self.seen)
        self.floor_items.draw()
        if self.route_squares:
            self.route.draw()
        self.ground.draw()
        self.traces.draw(system_traces(self.state), lambda a: self._statuses[a].allegiance if a in self._statuses
                         else "", lambda a: a in self.actors and self.actors[a].seen)
        self.bodies.draw()
        self.living.draw()
        self.arcs.draw()
        self.overhead.draw()
        self.status.draw()

    def draw_screen(self, project: Callable[[tuple[float, float]], tuple[float, float]]) -> None:
        """Labels in screen space (crisp text): bout clocks and floating numbers."""
        self.marks.draw(system_marks(self.state), self._mark_anchor, project, max(9.0, 0.24 * TILE * self.zoom))
        if self._clocks_waiting and not self._clocks_synced:  # (set_indicators spent this frame's budget)
            self.sync_clock_texts()
        self._clocks_synced = False
        for bout_id, text in self._clock_texts.items():
            at = self._clock_at.get(bout_id)
            pill = self._clock_pills.get(bout_id)
            if at is None or pill is None or not pill.visible:
                if text.visible:
                    text.visible = False
                continue
            sx, sy = project(at)
            pos = (round(sx), round(sy))
            if text.position != pos:
                text.position = pos
            if not text.visible:
                text.visible = True
        for floater in self.floaters:
            sx, sy = project((floater.x, floater.y + floater.rise * TILE))
            pos = (round(sx), round(sy))
            if floater.text.position != pos:
                floater.text.position = pos
            alpha = max(0, min(255, round(255 * floater.alpha)))
            colour = (*floater.colour[:3], alpha)
            if tuple(floater.text.color) != colour:
                floater.text.color = colour
        self.labels_batch.draw()
        self.floaters_batch.draw()

    # --- floating numbers ---------------------------------------------------------------------------------
    def add_floater(self, actor_id: str, label: str, colour: RGBA) -> Floater | None:
        view = self.actors.get(actor_id)
        if view is None or not view.seen:
            return None
        x, y = self.foot_xy(*view.pos)
        y += view.sprite.height * 0.9
        spares = self._spare_texts.get(label) or next((texts for texts in self._spare_texts.values() if texts), None)
        if spares:  # one that shows the label already if any (a tick floats the same few labels: no layout)
            text = spares.pop()
            text.text = label
            text.color = colour
            text.visible = True
        else:
            text = arcade.Text(label, 0, 0, colour, font_size=self.floater_font_size, font_name=self.font, bold=True,
                               anchor_x="center", anchor_y="center", batch=self.floaters_batch)
        floater = Floater(text, x + (len(self.floaters) % 3 - 1) * 0.18 * TILE, y, colour)
        self.floaters.append(floater)
        return floater

    def remove_floater(self, floater: Floater) -> None:
        floater.text.visible = False
        if floater in self.floaters:
            self.floaters.remove(floater)
            self._spare_texts.setdefault(floater.text.text, []).append(floater.text)


def overlay_key(kind: str, extra: object) -> MarkKey | None:
    """The legend key of one indicator sprite (``MapRender._overlay``'s kind and data)."""
    if kind == "footbase" and isinstance(extra, Footbase):
        faded = extra.kind == "primary" and extra.inner_faded
        return MarkKey(Kind.FOOTBASE, "primary_faded" if faded else extra.kind)
    if kind == "arc" and isinstance(extra, Arc):
        return MarkKey(Kind.ARC, str(extra.state))
    if kind == "icon" and isinstance(extra, HeadIcon):
        return MarkKey(Kind.ORIENTATION, ORIENTATION_OF_THROW.get(extra.orientation, extra.orientation))
    if kind == "mark" and isinstance(extra, RollMark):
        return MarkKey(Kind.ROLL, str(extra.mark))
    if kind == "clock" and isinstance(extra, ClockLabel):
        return MarkKey(Kind.CLOCK, "mine" if extra.mine else "other")
    if kind == "planned" and isinstance(extra, PlannedStep):
        return MarkKey(Kind.PLANNED, "wait" if extra.direction is None else "move")
    if kind == "mobility" and isinstance(extra, MobilityMark):
        return MarkKey(Kind.MOBILITY, extra.kind)
    return None


@dataclass(eq=False)
class Floater:
    """A floating label (damage level, "glance", "miss") rising from an actor."""

    text: arcade.Text
    x: float
    y: float
    colour: RGBA
    rise: float = 0.0
    alpha: float = 1.0

