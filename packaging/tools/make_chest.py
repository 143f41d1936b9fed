"""Draw Steelstep's own closed-chest tile with Pillow: a 128x128 wooden chest bound in iron, seen from the
front and a little above, on a transparent ground (the map lays it over the floor).

Run from the repository root: ``python packaging/tools/make_chest.py`` (writes ``assets/images/chest.png``).
The output is deterministic; the PNG is committed and listed in ``assets/LICENSES.md`` (CC0).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from PIL import Image, ImageDraw

SIZE = 128
SS = 4  # supersampling: draw big, downsample with LANCZOS for smooth edges

INK = (24, 18, 14, 255)
WOOD = (132, 82, 40, 255)
WOOD_DARK = (96, 58, 28, 255)
LID = (150, 96, 48, 255)
IRON = (78, 80, 88, 255)
IRON_LIGHT = (150, 152, 160, 255)
BRASS = (224, 184, 72, 255)


def draw_chest() -> Image.Image:
    big = SIZE * SS
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)

    def box(x0: float, y0: float, x1: float, y1: float, fill: tuple[int, int, int, int], w: float = 2) -> None:
        d.rectangle(tuple(v * SS for v in (x0, y0, x1, y1)), fill=fill, outline=INK, width=int(w * SS))

    d.ellipse(tuple(v * SS for v in (14, 100, 114, 120)), fill=(0, 0, 0, 90))  # its shadow on the floor
    box(16, 56, 112, 108, WOOD)  # the body
    for y in (70, 84, 98):  # its planks
        d.line(tuple(v * SS for v in (18, y, 110, y)), fill=WOOD_DARK, width=2 * SS)
    d.pieslice(tuple(v * SS for v in (16, 26, 112, 86)), 180, 360, fill=LID, outline=INK, width=2 * SS)  # the lid
    box(16, 52, 112, 60, LID)
    for x in (26, 94):  # iron bands over lid and body
        box(x, 36, x + 8, 108, IRON)
        d.line(tuple(v * SS for v in (x + 2, 40, x + 2, 104)), fill=IRON_LIGHT, width=SS)
    box(56, 58, 72, 78, BRASS)  # the lock plate
    d.ellipse(tuple(v * SS for v in (61, 63, 67, 69)), fill=INK)
    d.rectangle(tuple(v * SS for v in (63, 67, 65, 74)), fill=INK)
    return img.resize((SIZE, SIZE), Image.Resampling.LANCZOS)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("assets/images/chest.png"))
    args = parser.parse_args()
    draw_chest().save(args.out, optimize=True)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
