"""Draw Steelstep's own icons with Pillow: orientation icons (32x32) and the 256x256 game icon.

Run from the repository root: ``python packaging/tools/make_icons.py`` (writes into ``assets/images``).
The output is deterministic; the generated PNGs are committed and listed in ``assets/LICENSES.md`` (CC0).
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable, Sequence
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter

RGBA = tuple[int, int, int, int]
SS = 4  # supersampling factor: draw big, downsample with LANCZOS for smooth edges

INK: RGBA = (22, 22, 26, 255)
RED: RGBA = (226, 52, 48, 255)
YELLOW: RGBA = (247, 201, 42, 255)
WHITE: RGBA = (244, 244, 240, 255)


def _ellipse(draw: ImageDraw.ImageDraw, cx: float, cy: float, rx: float, ry: float, fill: int) -> None:
    draw.ellipse((cx - rx, cy - ry, cx + rx, cy + ry), fill=fill)


def _rotated_ellipse_points(cx: float, cy: float, rx: float, ry: float, angle_deg: float) -> list[tuple[float, float]]:
    a = math.radians(angle_deg)
    pts = []
    for i in range(48):
        t = 2 * math.pi * i / 48
        x, y = rx * math.cos(t), ry * math.sin(t)
        pts.append((cx + x * math.cos(a) - y * math.sin(a), cy + x * math.sin(a) + y * math.cos(a)))
    return pts


def _bear_paw(draw: ImageDraw.ImageDraw, s: float) -> None:
    """Aggressive: broad bear paw, five toes in a shallow arc, each with a claw."""
    # main pad: wide rounded shape
    draw.rounded_rectangle((0.20 * s, 0.56 * s, 0.80 * s, 0.92 * s), radius=0.18 * s, fill=255)
    _ellipse(draw, 0.5 * s, 0.62 * s, 0.31 * s, 0.12 * s, 255)
    toes = [(0.13, 0.46, -34), (0.30, 0.33, -14), (0.50, 0.29, 0), (0.70, 0.33, 14), (0.87, 0.46, 34)]
    for tx, ty, ang in toes:
        draw.polygon(_rotated_ellipse_points(tx * s, ty * s, 0.07 * s, 0.085 * s, ang), fill=255)
        # claw: a small triangle pointing away from the pad centre
        dx, dy = tx - 0.5, ty - 0.72
        n = math.hypot(dx, dy)
        ux, uy = dx / n, dy / n
        bx, by = tx * s + ux * 0.08 * s, ty * s + uy * 0.08 * s
        px, py = -uy, ux
        draw.polygon(
            [
                (bx + px * 0.025 * s, by + py * 0.025 * s),
                (bx - px * 0.025 * s, by - py * 0.025 * s),
                (bx + ux * 0.09 * s, by + uy * 0.09 * s),
            ],
            fill=255,
        )


def _tiger_paw(draw: ImageDraw.ImageDraw, s: float) -> None:
    """Cautious: round cat paw, a three-lobed main pad and four oval toes, no claws."""
    for lx in (0.36, 0.50, 0.64):
        _ellipse(draw, lx * s, 0.70 * s, 0.13 * s, 0.15 * s, 255)
    _ellipse(draw, 0.50 * s, 0.64 * s, 0.24 * s, 0.14 * s, 255)
    for tx, ty, ang in [(0.20, 0.44, -25), (0.38, 0.26, -8), (0.62, 0.26, 8), (0.80, 0.44, 25)]:
        draw.polygon(_rotated_ellipse_points(tx * s, ty * s, 0.09 * s, 0.12 * s, ang), fill=255)


def _shield(draw: ImageDraw.ImageDraw, s: float) -> None:
    """Defensive: a heater shield."""
    pts: list[tuple[float, float]] = [(0.14 * s, 0.12 * s), (0.86 * s, 0.12 * s), (0.86 * s, 0.45 * s)]
    for i in range(1, 16):  # curved lower right edge to the point
        t = i / 16
        pts.append(((0.86 - 0.36 * t**1.3) * s, (0.45 + 0.45 * math.sin(t * math.pi / 2)) * s))
    pts.append((0.5 * s, 0.92 * s))
    mirrored = [(s - x, y) for x, y in reversed(pts[3:])]
    draw.polygon(pts + mirrored, fill=255)


def _shield_details(draw: ImageDraw.ImageDraw, s: float) -> None:
    """A dark cross-band on the shield so it reads as a shield, not a blob."""
    draw.rectangle((0.46 * s, 0.18 * s, 0.54 * s, 0.82 * s), fill=INK)
    draw.rectangle((0.20 * s, 0.36 * s, 0.80 * s, 0.44 * s), fill=INK)


def make_badge(
    size: int,
    colour: RGBA,
    shape: Callable[[ImageDraw.ImageDraw, float], None],
    details: Callable[[ImageDraw.ImageDraw, float], None] | None = None,
) -> Image.Image:
    """A silhouette filled with ``colour`` and a dark outline, so it reads on any background."""
    big = size * SS
    pad = int(big * 0.06)
    inner = big - 2 * pad
    mask = Image.new("L", (big, big), 0)
    shape_layer = Image.new("L", (inner, inner), 0)
    shape(ImageDraw.Draw(shape_layer), inner)
    mask.paste(shape_layer, (pad, pad))
    outline = mask.filter(ImageFilter.MaxFilter(2 * (big // 40) + 1))
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    img.paste(Image.new("RGBA", (big, big), INK), (0, 0), outline)
    img.paste(Image.new("RGBA", (big, big), colour), (0, 0), mask)
    if details is not None:
        layer = Image.new("RGBA", (inner, inner), (0, 0, 0, 0))
        details(ImageDraw.Draw(layer), inner)
        img.alpha_composite(layer, (pad, pad))
    return img.resize((size, size), Image.Resampling.LANCZOS)


def _sword_layer(big: int) -> Image.Image:
    """One upright sword, point up, centred on the layer."""
    layer = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(layer)
    cx = big / 2
    blade_w = big * 0.055
    tip, guard_y = big * 0.08, big * 0.66
    steel, edge, shade = (214, 222, 232, 255), (150, 162, 178, 255), (110, 120, 136, 255)
    ink = INK
    o = big * 0.012  # outline thickness
    blade = [(cx, tip), (cx + blade_w, tip + big * 0.09), (cx + blade_w, guard_y), (cx - blade_w, guard_y),
             (cx - blade_w, tip + big * 0.09)]
    blade_o = [(cx, tip - 2.2 * o), (cx + blade_w + o, tip + big * 0.09), (cx + blade_w + o, guard_y + o),
               (cx - blade_w - o, guard_y + o), (cx - blade_w - o, tip + big * 0.09)]
    d.polygon(blade_o, fill=ink)
    d.polygon(blade, fill=steel)
    d.polygon([(cx, tip), (cx + blade_w, tip + big * 0.09), (cx + blade_w, guard_y), (cx, guard_y)], fill=edge)
    d.line([(cx, tip + big * 0.06), (cx, guard_y - big * 0.02)], fill=shade, width=max(1, int(big * 0.012)))
    gold, gold_dark = (232, 182, 62, 255), (170, 120, 30, 255)
    gw, gh = big * 0.17, big * 0.035
    d.rounded_rectangle((cx - gw - o, guard_y - o, cx + gw + o, guard_y + gh + o), radius=gh, fill=ink)
    d.rounded_rectangle((cx - gw, guard_y, cx + gw, guard_y + gh), radius=gh / 2, fill=gold)
    grip_w, grip_end = big * 0.03, big * 0.84
    d.rectangle((cx - grip_w - o, guard_y + gh, cx + grip_w + o, grip_end), fill=ink)
    d.rectangle((cx - grip_w, guard_y + gh, cx + grip_w, grip_end), fill=(120, 72, 40, 255))
    for i in range(5):
        y = guard_y + gh + (i + 0.5) * (grip_end - guard_y - gh) / 5
        wrap = max(1, int(big * 0.008))
        d.line([(cx - grip_w, y), (cx + grip_w, y - big * 0.01)], fill=(80, 46, 24, 255), width=wrap)
    pr = big * 0.045
    d.ellipse((cx - pr - o, grip_end - o, cx + pr + o, grip_end + 2 * pr + o), fill=ink)
    d.ellipse((cx - pr, grip_end, cx + pr, grip_end + 2 * pr), fill=gold)
    d.ellipse((cx - pr * 0.4, grip_end + pr * 0.5, cx + pr * 0.2, grip_end + pr * 1.1), fill=(255, 226, 140, 255))
    d.line([(cx + gw * 0.9, guard_y + gh), (cx - gw * 0.9, guard_y + gh)], fill=gold_dark, width=max(1, int(o)))
    return layer


def make_game_icon(size: int = 256) -> Image.Image:
    """Crossed swords on a round steel-blue medallion with a gold rim."""
    big = size * SS
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    m = big * 0.03
    d.ellipse((m, m, big - m, big - m), fill=INK)
    rim = big * 0.045
    d.ellipse((m + rim * 0.35, m + rim * 0.35, big - m - rim * 0.35, big - m - rim * 0.35), fill=(200, 150, 50, 255))
    # radial-ish shading: concentric discs from dark edge to lighter centre
    steps = 24
    r0 = big / 2 - m - rim
    for i in range(steps):
        r = r0 * (1 - i / steps * 0.6)
        t = i / (steps - 1)
        col = (int(34 + 30 * t), int(44 + 36 * t), int(64 + 44 * t), 255)
        d.ellipse((big / 2 - r, big / 2 - r, big / 2 + r, big / 2 + r), fill=col)
    sword = _sword_layer(big)
    for angle in (45, -45):
        img.alpha_composite(sword.rotate(angle, resample=Image.Resampling.BICUBIC, center=(big / 2, big / 2)))
    return img.resize((size, size), Image.Resampling.LANCZOS)


ICONS: Sequence[tuple[str, RGBA, Callable[[ImageDraw.ImageDraw, float], None],
                      Callable[[ImageDraw.ImageDraw, float], None] | None]] = (
    ("orient_aggressive.png", RED, _bear_paw, None),
    ("orient_cautious.png", YELLOW, _tiger_paw, None),
    ("orient_defensive.png", WHITE, _shield, _shield_details),
)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, default=Path("assets/images"), help="output folder")
    args = parser.parse_args(argv)
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    for name, colour, shape, details in ICONS:
        make_badge(32, colour, shape, details).save(out / name, optimize=True)
        print(f"wrote {out / name}")
    make_game_icon(256).save(out / "icon.png", optimize=True)
    print(f"wrote {out / 'icon.png'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
