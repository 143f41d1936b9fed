"""Draw Steelstep's own floor-pile markers with Pillow, 128x128 on a transparent ground (the map lays them
over the floor): ``pile.png``, a bundle of loot (a tied sack, a sword's hilt and a few coins), and
``relic.png``, the run's relic (an iron crown set with a red stone) on a glow.

Run from the repository root: ``python packaging/tools/make_pile.py`` (writes both into ``assets/images``).
The output is deterministic; the PNGs are committed and listed in ``assets/LICENSES.md`` (CC0).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from PIL import Image, ImageDraw

SIZE = 128
SS = 4  # supersampling: draw big, downsample with LANCZOS for smooth edges

INK = (24, 18, 14, 255)
SACK = (186, 150, 96, 255)
SACK_DARK = (140, 108, 64, 255)
STEEL = (196, 200, 210, 255)
GRIP = (92, 58, 30, 255)
GOLD = (236, 196, 80, 255)
IRON = (96, 100, 112, 255)
IRON_LIGHT = (170, 174, 186, 255)
RUBY = (200, 40, 52, 255)


def _scaled(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    return [(x * SS, y * SS) for x, y in points]


def draw_pile() -> Image.Image:
    big = SIZE * SS
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.ellipse(_box(18, 98, 110, 118), fill=(0, 0, 0, 90))  # its shadow on the floor
    d.line(_scaled([(30, 100), (96, 40)]), fill=INK, width=9 * SS)  # a sword lying behind the sack
    d.line(_scaled([(30, 100), (96, 40)]), fill=STEEL, width=5 * SS)
    d.line(_scaled([(78, 46), (98, 68)]), fill=INK, width=8 * SS)  # its cross-guard
    d.line(_scaled([(78, 46), (98, 68)]), fill=GOLD, width=4 * SS)
    d.line(_scaled([(96, 56), (108, 44)]), fill=GRIP, width=6 * SS)
    d.ellipse(_box(40, 56, 92, 110), fill=SACK, outline=INK, width=3 * SS)  # the sack
    d.polygon(_scaled([(56, 60), (76, 60), (82, 44), (50, 44)]), fill=SACK_DARK, outline=INK, width=2 * SS)
    d.line(_scaled([(54, 62), (78, 62)]), fill=INK, width=4 * SS)  # its tie
    for x, y in ((26, 104), (38, 108), (96, 104)):  # a few coins
        d.ellipse(_box(x - 7, y - 5, x + 7, y + 5), fill=GOLD, outline=INK, width=2 * SS)
    return img.resize((SIZE, SIZE), Image.Resampling.LANCZOS)


def draw_relic() -> Image.Image:
    big = SIZE * SS
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    for r, a in ((56, 40), (44, 70), (32, 100)):  # a pale glow, so the goal stands out
        d.ellipse(_box(64 - r, 72 - r * 0.7, 64 + r, 72 + r * 0.7), fill=(255, 220, 120, a))
    d.polygon(_scaled([(24, 96), (24, 46), (44, 70), (64, 36), (84, 70), (104, 46), (104, 96)]),
              fill=IRON, outline=INK, width=3 * SS)  # the crown's points
    d.rectangle(_box(24, 82, 104, 96), fill=IRON_LIGHT, outline=INK, width=3 * SS)  # its band
    for x in (24, 64, 104):
        y = 46 if x != 64 else 36
        d.ellipse(_box(x - 5, y - 5, x + 5, y + 5), fill=GOLD, outline=INK, width=2 * SS)
    d.ellipse(_box(56, 82, 72, 96), fill=RUBY, outline=INK, width=2 * SS)
    return img.resize((SIZE, SIZE), Image.Resampling.LANCZOS)


def _box(x0: float, y0: float, x1: float, y1: float) -> tuple[float, float, float, float]:
    return (x0 * SS, y0 * SS, x1 * SS, y1 * SS)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("assets/images"))
    args = parser.parse_args()
    for name, image in (("pile", draw_pile()), ("relic", draw_relic())):
        path = args.out / f"{name}.png"
        image.save(path, optimize=True)
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
