"""Render a 1280x720 overview PNG of one depth of each level theme, headless, with the game's own map
textures (`game.view.map_render.Textures`): the whole map lit, the theme's tile tints, stairs, foes
(the goal's leader ringed red), recruits (ringed green), chests, floor loot and the relic.

    python scripts/level_overviews.py [--seed S] [--out tests/screenshots]

Writes `level_<theme>.png` for every theme of content/themes.yaml (the first depth of the first seed
from S on whose plan holds the theme; the goal's theme at the last depth).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("ARCADE_HEADLESS", "1")
os.environ.setdefault("ARCADE_SOUND_BACKENDS", "silent")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PIL import Image, ImageDraw, ImageFont

from game.sim.levels import Level, generate_level, plan_run
from game.sim.run_content import RunContent, ThemeSpec, default_run_content
from game.sim.tilemap import Tile
from game.view.assets import image_path
from game.view.map_render import Textures, _font
from game.view.palette import palette

WIDTH, HEIGHT = 1280, 720
TOP, BOTTOM = 44, 34
BACKGROUND = (10, 11, 15, 255)


def pick(content: RunContent, theme: str, seed: int) -> tuple[int, int]:
    """(seed, depth) of the first planned appearance of `theme` (the goal's theme at the last depth)."""
    for s in range(seed, seed + 200):
        plan = plan_run(s, content)
        depths = [d.depth for d in plan.depths if d.theme == theme]
        if depths:
            return s, (plan.last if theme == content.run.goal.theme else depths[0])
    raise SystemExit(f"theme {theme!r} never appears in 200 seeds")


def _tinted(image: Image.Image, tint: tuple[int, int, int]) -> Image.Image:
    r, g, b, a = image.split()
    r = r.point(lambda v: v * tint[0] // 255)
    g = g.point(lambda v: v * tint[1] // 255)
    b = b.point(lambda v: v * tint[2] // 255)
    return Image.merge("RGBA", (r, g, b, a))


def tile_image(textures: Textures, kind: int, theme: ThemeSpec) -> Image.Image:
    image = textures.tile(kind, 0)
    assert image is not None
    style = theme.tiles
    if kind == Tile.WALL:
        if style.wall != "wall_stone":
            px = textures.px
            image = Image.open(image_path(style.wall)).convert("RGBA").resize((px, px), Image.Resampling.LANCZOS)
            ImageDraw.Draw(image).rectangle((0, px - max(2, px // 10), px, px), fill=(30, 28, 26, 255))
        return _tinted(image, style.wall_tint)
    return _tinted(image, style.floor_tint)


def _ring(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, colour: tuple[int, int, int, int]) -> None:
    draw.ellipse((cx - r, cy - r * 0.5, cx + r, cy + r * 0.5), outline=colour, width=max(2, int(r / 5)))


def render(level: Level, content: RunContent) -> Image.Image:
    theme = content.themes[level.theme]
    m = level.tilemap
    px = min(WIDTH // m.width, (HEIGHT - TOP - BOTTOM) // m.height)
    textures = Textures(px, palette())
    canvas = Image.new("RGBA", (WIDTH, HEIGHT), BACKGROUND)
    ox, oy = (WIDTH - m.width * px) // 2, TOP + (HEIGHT - TOP - BOTTOM - m.height * px) // 2
    cache: dict[int, Image.Image] = {}
    for pos, kind in m.items():
        if kind == Tile.WALL and not any(m.passable(pos.offset(dx, dy)) for dx in (-1, 0, 1) for dy in (-1, 0, 1)):
            continue  # solid rock: the game never shows it either (nothing next to it can be seen from)
        if kind not in cache:
            cache[kind] = tile_image(textures, kind, theme)
        canvas.paste(cache[kind], (ox + pos.x * px, oy + pos.y * px))
    draw = ImageDraw.Draw(canvas)
    for pos, colour in ((level.stairs_up, (170, 215, 255, 255)), (level.stairs_down, (250, 200, 70, 255))):
        x, y = ox + pos.x * px, oy + pos.y * px  # small maps make small ladders: frame them
        draw.rectangle((x - 2, y - 2, x + px + 1, y + px + 1), outline=colour, width=2)

    def centre(x: int, y: int) -> tuple[float, float]:
        return ox + (x + 0.5) * px, oy + (y + 0.5) * px

    for item in level.floor_items:  # a small sack of loot
        cx, cy = centre(*item.pos)
        r = px * 0.22
        draw.ellipse((cx - r, cy - r * 0.6, cx + r, cy + r * 1.1), fill=(214, 176, 92, 255), outline=(60, 40, 10, 255))
        draw.rectangle((cx - r * 0.35, cy - r * 0.95, cx + r * 0.35, cy - r * 0.55), fill=(150, 110, 50, 255))
    for chest in level.chests:
        cx, cy = centre(*chest.pos)
        w, h = px * 0.36, px * 0.26
        draw.rectangle((cx - w, cy - h, cx + w, cy + h), fill=(122, 74, 34, 255), outline=(40, 22, 8, 255), width=2)
        draw.rectangle((cx - w, cy - h * 0.2, cx + w, cy + h * 0.15), fill=(222, 184, 70, 255))
    if level.goal is not None:
        cx, cy = centre(*level.goal.relic_pos)
        r = px * 0.32
        points = [(cx - r, cy + r * 0.5), (cx - r, cy - r * 0.4), (cx - r * 0.5, cy), (cx, cy - r * 0.7),
                  (cx + r * 0.5, cy), (cx + r, cy - r * 0.4), (cx + r, cy + r * 0.5)]
        draw.polygon(points, fill=(250, 214, 64, 255), outline=(90, 60, 0, 255))
    actors = [(f.creature, f.pos, (220, 60, 50, 255) if f.title else None) for f in level.foes]
    actors += [(r.creature, r.pos, (90, 220, 120, 255)) for r in level.recruits]
    party = ("player_fighter", "companion_spearman", "companion_archer_melee")
    actors += [(party[i], p, (120, 220, 235, 255)) for i, p in enumerate(level.arrival[: len(party)])]
    for creature, pos, ring in actors:
        cx, cy = centre(*pos)
        if ring is not None:
            _ring(draw, cx, cy + px * 0.3, px * 0.45, ring)
        sprite = content.creatures[creature].sprite
        image = textures.actor(sprite, False).image.convert("RGBA")
        canvas.alpha_composite(image, (int(cx - image.width / 2), int(cy + px * 0.42 - image.height)))
    _captions(draw, level, content)
    return canvas


def _captions(draw: ImageDraw.ImageDraw, level: Level, content: RunContent) -> None:
    theme = content.themes[level.theme]
    font: ImageFont.FreeTypeFont | ImageFont.ImageFont = _font(20)
    small: ImageFont.FreeTypeFont | ImageFont.ImageFont = _font(15)
    head = (f"{theme.name}  -  depth {level.depth} of {content.run.depths}  -  seed {level.seed}  -  "
            f"{level.tilemap.width} x {level.tilemap.height}")
    draw.text((16, 11), head, font=small if level.goal is not None else font, fill=(230, 226, 214, 255))
    counts = (f"{len(level.foes)} foes   {len(level.floor_items)} loot   {len(level.chests)} chests   "
              f"{len(level.recruits)} recruits")
    draw.text((WIDTH - 16, 14), counts, font=small, fill=(180, 186, 200, 255), anchor="ra")
    legend = ("blue frame: stairs up (arrival)    gold frame: stairs down    sack: loot    chest    "
              "red ring: the goal's leader    green ring: recruit    cyan ring: the party")
    draw.text((16, HEIGHT - BOTTOM + 9), legend, font=small, fill=(180, 186, 200, 255))
    if level.goal is not None:
        goal = f"goal: {level.goal.title} guards {content.items[level.goal.relic].name} (gold crown)"
        draw.text((WIDTH // 2, 14), goal, font=small, fill=(250, 214, 64, 255), anchor="ma")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default=str(Path(__file__).resolve().parents[1] / "tests" / "screenshots"))
    args = parser.parse_args(argv)
    content = default_run_content()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for theme in content.themes:
        seed, depth = pick(content, theme, args.seed)
        level = generate_level(plan_run(seed, content), depth, content)
        path = out / f"level_{theme}.png"
        render(level, content).convert("RGB").save(path)
        print(f"{path}: seed {seed} depth {depth}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
