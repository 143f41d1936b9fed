"""Draw Steelstep's own difficult-ground tiles with Pillow: ``rubble.png`` (fallen stones and grit) and
``mud.png`` (a wet puddle of mud with ripples), 128x128 on a transparent ground (the map lays them over
the floor; `game.sim.tilemap.Tile.RUBBLE` and `Tile.MUD`).

Run from the repository root: ``python packaging/tools/make_ground.py`` (writes both into
``assets/images/``). The output is deterministic (a private seeded ``random.Random``); the PNGs are
committed and listed in ``assets/LICENSES.md`` (CC0).
"""

from __future__ import annotations

import argparse
import math
import random
from pathlib import Path

from PIL import Image, ImageDraw

SIZE = 128
SS = 4  # supersampling: draw big, downsample with LANCZOS for smooth edges

INK = (22, 20, 18, 255)
STONES = ((128, 122, 112, 255), (150, 144, 132, 255), (104, 98, 90, 255), (170, 160, 142, 255))
GRIT = (84, 78, 70, 255)
MUD = (92, 66, 40, 235)
MUD_DARK = (64, 44, 26, 240)
MUD_SHINE = (170, 146, 110, 200)


def _stone(d: ImageDraw.ImageDraw, rng: random.Random, cx: float, cy: float, r: float) -> None:
    """One rough stone: an irregular polygon with a lit top edge and a shadow under it."""
    corners = 7
    points = []
    for i in range(corners):
        angle = i / corners * 6.2832 + rng.random() * 0.5
        rr = r * (0.7 + 0.3 * rng.random())
        points.append((cx + rr * math.cos(angle), cy + rr * 0.8 * math.sin(angle)))
    big = [(x * SS, y * SS) for x, y in points]
    d.polygon([(x + 3 * SS, y + 4 * SS) for x, y in big], fill=(0, 0, 0, 80))  # its shadow
    d.polygon(big, fill=STONES[rng.randrange(len(STONES))], outline=INK, width=2 * SS)
    d.line([big[4], big[5], big[6]], fill=(200, 192, 176, 255), width=SS)  # light on its upper side


def draw_rubble() -> Image.Image:
    rng = random.Random("steelstep-rubble")
    big = SIZE * SS
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    for _ in range(90):  # grit between the stones
        x, y = rng.uniform(8, 120), rng.uniform(8, 120)
        d.ellipse(tuple(v * SS for v in (x, y, x + 2.5, y + 2)), fill=GRIT)
    for cx, cy, r in ((32, 34, 21), (90, 28, 17), (62, 72, 25), (24, 96, 16), (102, 86, 19), (90, 114, 11),
                      (50, 112, 12), (112, 54, 9)):
        _stone(d, rng, cx, cy, r)
    return img.resize((SIZE, SIZE), Image.Resampling.LANCZOS)


def draw_mud() -> Image.Image:
    rng = random.Random("steelstep-mud")
    big = SIZE * SS
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    for x0, y0, x1, y1 in ((6, 14, 122, 118), (16, 6, 104, 60), (30, 70, 124, 124), (2, 50, 70, 110)):
        d.ellipse(tuple(v * SS for v in (x0, y0, x1, y1)), fill=MUD)
    for x0, y0, x1, y1 in ((30, 40, 70, 64), (64, 76, 104, 98), (20, 82, 48, 100)):  # deeper pools
        d.ellipse(tuple(v * SS for v in (x0, y0, x1, y1)), fill=MUD_DARK)
        d.arc(tuple(v * SS for v in (x0 + 4, y0 + 3, x1 - 4, y1 - 3)), 200, 320, fill=MUD_SHINE, width=2 * SS)
    for _ in range(14):  # clods and footprints
        x, y = rng.uniform(16, 108), rng.uniform(16, 108)
        d.ellipse(tuple(v * SS for v in (x, y, x + 5, y + 3.5)), fill=MUD_DARK)
    return img.resize((SIZE, SIZE), Image.Resampling.LANCZOS)


def _save(image: Image.Image, path: Path) -> None:
    """A small PNG: quantised to an adaptive palette (the tiles have few colours), alpha kept."""
    image.quantize(64, method=Image.Quantize.FASTOCTREE).save(path, optimize=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("assets/images"))
    args = parser.parse_args()
    for name, draw in (("rubble", draw_rubble), ("mud", draw_mud)):
        path = args.out / f"{name}.png"
        _save(draw(), path)
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
