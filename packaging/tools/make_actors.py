"""Draw Steelstep's own creature sprites and the small marks over them with Pillow.

Run from the repository root: ``python packaging/tools/make_actors.py`` (writes into ``assets/images``).
Bold flat shapes with a thick dark outline, so each creature reads at a glance at map size (about 30 px
tall): the knight in plate with a plume and a blue shield, the spearman in a kettle hat with a spear,
the archer with a bow and a feathered cap, the hooded bandit, the guard in red and yellow with a round
shield, the big-eared goblin, the stone golem, and a grey wolf with ears, snout and a bushy tail. People
face east, the wolf faces west (the view's ``SPRITES`` table says which way each image looks). The
marks: hostile (red diamond), neutral (yellow square), ally (green disc with a tick) and leader (gold
crown), told apart by shape as well as colour. Deterministic output; the PNGs are committed and listed
in ``assets/LICENSES.md`` (CC0).
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable, Sequence
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter

RGBA = tuple[int, int, int, int]
Point = tuple[float, float]
SS = 4  # supersampling: draw 4x, downsample with LANCZOS

INK: RGBA = (22, 20, 26, 255)
SKIN: RGBA = (236, 188, 150, 255)
SKIN_DARK: RGBA = (168, 112, 80, 255)
STEEL: RGBA = (196, 204, 216, 255)
STEEL_DARK: RGBA = (122, 132, 150, 255)
LEATHER: RGBA = (128, 84, 52, 255)
LEATHER_DARK: RGBA = (86, 56, 36, 255)
WOOD: RGBA = (150, 102, 58, 255)
BOOT: RGBA = (70, 48, 36, 255)
WHITE: RGBA = (248, 246, 240, 255)


class Pen:
    """Draws in sprite units (the output image's pixels) on a supersampled canvas; every part gets an ink
    edge of ``edge`` units so neighbouring parts stay apart."""

    def __init__(self, width: int, height: int, edge: float = 1.6) -> None:
        self.img = Image.new("RGBA", (width * SS, height * SS), (0, 0, 0, 0))
        self.draw = ImageDraw.Draw(self.img)
        self.edge = max(1, round(edge * SS))

    def _p(self, pts: Sequence[Point]) -> list[Point]:
        return [(x * SS, y * SS) for x, y in pts]

    def ellipse(self, cx: float, cy: float, rx: float, ry: float, fill: RGBA, edge: bool = True) -> None:
        box = ((cx - rx) * SS, (cy - ry) * SS, (cx + rx) * SS, (cy + ry) * SS)
        self.draw.ellipse(box, fill=fill, outline=INK if edge else None, width=self.edge if edge else 0)

    def rect(self, x0: float, y0: float, x1: float, y1: float, fill: RGBA, r: float = 3, edge: bool = True) -> None:
        box = (x0 * SS, y0 * SS, x1 * SS, y1 * SS)
        self.draw.rounded_rectangle(box, radius=r * SS, fill=fill, outline=INK if edge else None,
                                    width=self.edge if edge else 0)

    def poly(self, pts: Sequence[Point], fill: RGBA, edge: bool = True) -> None:
        self.draw.polygon(self._p(pts), fill=fill, outline=INK if edge else None, width=self.edge if edge else 0)

    def line(self, pts: Sequence[Point], fill: RGBA, width: float) -> None:
        self.draw.line(self._p(pts), fill=fill, width=max(1, round(width * SS)), joint="curve")

    def finish(self, outline: float = 2.6) -> Image.Image:
        """Add a thick outer outline around the whole silhouette and downsample."""
        alpha = self.img.getchannel("A").point(lambda a: 255 if a > 40 else 0)
        size = 2 * round(outline * SS) + 1
        grown = alpha.filter(ImageFilter.MaxFilter(size))
        out = Image.new("RGBA", self.img.size, (0, 0, 0, 0))
        out.paste(Image.new("RGBA", self.img.size, INK), (0, 0), grown)
        out.alpha_composite(self.img)
        return out.resize((self.img.width // SS, self.img.height // SS), Image.Resampling.LANCZOS)


def arc_points(cx: float, cy: float, rx: float, ry: float, a0: float, a1: float, n: int = 24) -> list[Point]:
    """Points on an ellipse from angle a0 to a1 (degrees, 0 = east, 90 = south)."""
    angles = [math.radians(a0 + (a1 - a0) * i / n) for i in range(n + 1)]
    return [(cx + rx * math.cos(a), cy + ry * math.sin(a)) for a in angles]


# ---- people (96 x 128, facing east) -------------------------------------------------------------

W, H = 96, 128


def legs(p: Pen, trousers: RGBA, boots: RGBA = BOOT) -> None:
    for x in (36, 50):
        p.rect(x, 94, x + 12, 116, trousers, r=3)
        p.rect(x - 1, 110, x + 15, 122, boots, r=4)


def body(p: Pen, fill: RGBA, belt: RGBA | None = LEATHER_DARK) -> None:
    p.rect(28, 60, 70, 100, fill, r=9)
    if belt is not None:
        p.rect(29, 88, 69, 94, belt, r=1)


def arm(p: Pen, x: float, fill: RGBA, hand: RGBA = SKIN, y: float = 62) -> None:
    p.rect(x, y, x + 13, y + 30, fill, r=6)
    p.ellipse(x + 6.5, y + 32, 7, 7, hand)


def face(p: Pen, cx: float = 50, cy: float = 40, r: float = 21, skin: RGBA = SKIN) -> None:
    p.ellipse(cx, cy, r, r, skin)
    p.ellipse(cx + 10, cy - 1, 3, 4, INK, edge=False)  # one eye, looking east
    p.ellipse(cx + 20, cy + 3, 3.5, 4, skin)  # nose


def sword_up(p: Pen, x: float, grip_y: float, length: float = 46) -> None:
    top = grip_y - length
    p.poly([(x - 3.5, grip_y - 6), (x - 3.5, top + 6), (x, top), (x + 3.5, top + 6), (x + 3.5, grip_y - 6)], STEEL)
    p.rect(x - 9, grip_y - 8, x + 9, grip_y - 3, (226, 178, 60, 255), r=2)
    p.rect(x - 2.5, grip_y - 3, x + 2.5, grip_y + 8, LEATHER_DARK, r=1)


def knight() -> Image.Image:
    p = Pen(W, H)
    # heater shield on the far arm, behind the body
    shield = [(6, 60), (36, 60), (36, 84)] + arc_points(21, 84, 15, 24, 0, 180)[1:] + [(6, 84)]
    legs(p, STEEL_DARK, STEEL_DARK)
    body(p, STEEL, belt=None)
    p.poly([(34, 62), (64, 62), (66, 102), (32, 102)], (40, 86, 178, 255))  # blue tabard
    p.rect(45, 66, 53, 96, (246, 206, 72, 255), r=1, edge=False)  # gold cross
    p.rect(37, 74, 61, 81, (246, 206, 72, 255), r=1, edge=False)
    p.poly(shield, (40, 86, 178, 255))
    p.poly([(19, 64), (23, 64), (23, 100), (19, 100)], (246, 206, 72, 255), edge=False)
    p.poly([(10, 74), (32, 74), (32, 78), (10, 78)], (246, 206, 72, 255), edge=False)
    arm(p, 64, STEEL, STEEL_DARK)
    sword_up(p, 71, 94, 50)
    # great helm with a visor slit, breaths and a red plume
    p.poly([(30, 22), (34, 6), (46, 0), (60, 4), (50, 10), (44, 22)], (214, 44, 40, 255))
    p.rect(28, 16, 72, 60, STEEL, r=13)
    p.rect(48, 33, 73, 38, INK, r=2, edge=False)
    for y in (46, 51):
        p.rect(60, y, 70, y + 2, STEEL_DARK, r=1, edge=False)
    return p.finish()


def companion() -> Image.Image:
    p = Pen(W, H)
    # spear held upright in front
    p.line([(76, 124), (76, 14)], WOOD, 4.5)
    p.poly([(76, 0), (82, 12), (76, 20), (70, 12)], STEEL)
    legs(p, (92, 74, 52, 255))
    body(p, (64, 140, 72, 255))  # green gambeson
    p.line([(36, 68), (62, 68)], (44, 104, 52, 255), 1.5)
    p.line([(36, 78), (62, 78)], (44, 104, 52, 255), 1.5)
    arm(p, 22, (64, 140, 72, 255))
    face(p)
    # kettle hat: wide brim, round crown
    p.poly(arc_points(50, 30, 19, 18, 180, 360), STEEL)
    p.rect(22, 27, 80, 33, STEEL_DARK, r=3)
    arm(p, 64, (64, 140, 72, 255), y=64)
    return p.finish()


def archer() -> Image.Image:
    p = Pen(W, H)
    tunic, cap = (150, 120, 60, 255), (60, 110, 60, 255)
    p.rect(18, 50, 30, 90, LEATHER_DARK, r=3)  # quiver on the back, arrows sticking out
    for x in (20, 24, 28):
        p.line([(x, 52), (x - 2, 40)], WOOD, 1.6)
        p.poly([(x - 4, 38), (x - 2, 32), (x, 38)], WHITE)
    legs(p, (84, 70, 50, 255))
    body(p, tunic)
    arm(p, 22, tunic)
    face(p)
    # a soft cap with a long feather
    p.poly(arc_points(48, 30, 21, 16, 180, 360) + [(70, 30), (27, 30)], cap)
    p.poly([(30, 22), (12, 4), (16, 2), (36, 20)], (226, 64, 52, 255))
    # the bow, held out in front, string back
    p.line(arc_points(70, 76, 14, 40, -80, 80, 20), WOOD, 4.5)
    p.line([(72.4, 36.6), (72.4, 115.4)], (236, 232, 220, 255), 1.2)
    arm(p, 64, tunic, y=62)
    return p.finish()


def bandit() -> Image.Image:
    p = Pen(W, H)
    hood = (88, 64, 52, 255)
    p.poly([(24, 62), (72, 62), (80, 112), (16, 112)], (70, 50, 42, 255))  # cloak behind
    legs(p, (60, 52, 48, 255))
    body(p, LEATHER)
    arm(p, 22, hood)
    # short blade held low and forward
    p.poly([(76, 96), (92, 82), (95, 85), (80, 100)], STEEL)
    arm(p, 64, hood)
    # hood with a shadowed face and a red mask
    p.poly(arc_points(48, 40, 25, 27, 180, 360) + [(73, 62), (23, 62)], hood)
    p.ellipse(55, 44, 15, 15, SKIN_DARK)
    p.rect(44, 46, 72, 56, (186, 40, 40, 255), r=3)
    p.ellipse(62, 40, 3, 3, WHITE, edge=False)
    p.ellipse(63, 40, 1.6, 1.8, INK, edge=False)
    return p.finish()


def guard() -> Image.Image:
    p = Pen(W, H)
    red, yellow = (200, 40, 44, 255), (240, 196, 56, 255)
    legs(p, (70, 60, 90, 255))
    body(p, red)
    p.poly([(49, 61), (67, 61), (69, 70), (69, 88), (49, 88)], yellow)  # quartered tabard
    arm(p, 22, red)
    face(p)
    # morion-style helmet with a crest
    p.poly(arc_points(50, 32, 22, 16, 180, 360), STEEL)
    p.poly([(36, 18), (50, 8), (62, 18)], STEEL_DARK)
    p.rect(24, 29, 78, 34, STEEL_DARK, r=2)
    sword_up(p, 82, 96, 40)
    arm(p, 64, red)
    # round wooden shield with a boss, carried in front
    p.ellipse(46, 80, 19, 19, WOOD)
    p.ellipse(46, 80, 13, 13, yellow)
    p.ellipse(46, 80, 5, 5, STEEL)
    return p.finish()


def goblin() -> Image.Image:
    p = Pen(W, H)
    green, green_dark = (112, 170, 64, 255), (70, 120, 40, 255)
    for x in (38, 50):  # short legs
        p.rect(x, 98, x + 10, 116, green_dark, r=3)
        p.rect(x - 2, 110, x + 13, 120, BOOT, r=4)
    p.rect(32, 68, 66, 104, (120, 90, 60, 255), r=8)  # ragged tunic
    p.poly([(32, 96), (38, 106), (44, 98), (50, 106), (56, 98), (62, 106), (66, 96)], (120, 90, 60, 255))
    arm(p, 22, green, green_dark, y=70)
    # big pointed ears, wider than the head
    p.poly([(30, 40), (2, 26), (30, 54)], green)
    p.poly([(66, 38), (94, 20), (70, 54)], green)
    p.ellipse(48, 46, 22, 20, green)
    p.ellipse(58, 42, 6, 6, (250, 224, 60, 255))  # yellow eye
    p.ellipse(60, 42, 2.4, 3, INK, edge=False)
    p.ellipse(69, 49, 5, 4, green_dark)  # nose
    p.line([(50, 56), (66, 56)], INK, 2)  # grin with a fang
    p.poly([(60, 56), (63, 56), (61.5, 61)], WHITE, edge=False)
    # crude cleaver
    p.rect(74, 70, 79, 92, LEATHER_DARK, r=1)
    p.poly([(70, 52), (88, 48), (88, 70), (72, 72)], STEEL_DARK)
    arm(p, 64, green, green_dark, y=72)
    return p.finish()


def golem() -> Image.Image:
    p = Pen(W, H)
    stone, stone_dark, glow = (150, 140, 128, 255), (104, 96, 88, 255), (90, 230, 240, 255)
    for x in (30, 52):
        p.rect(x, 96, x + 16, 124, stone_dark, r=3)
    p.rect(20, 52, 76, 100, stone, r=6)
    p.line([(30, 62), (40, 74), (36, 86)], stone_dark, 2)
    p.line([(60, 58), (54, 70)], stone_dark, 2)
    p.rect(2, 50, 22, 104, stone_dark, r=6)  # huge arms
    p.rect(74, 50, 94, 104, stone_dark, r=6)
    p.rect(0, 98, 24, 114, stone, r=5)
    p.rect(72, 98, 96, 114, stone, r=5)
    p.rect(30, 20, 68, 54, stone, r=5)  # square head
    p.rect(50, 32, 66, 38, glow, r=2)
    p.line([(34, 24), (40, 34)], stone_dark, 2)
    return p.finish()


# ---- the wolf (128 x 128, facing west) ----------------------------------------------------------


def wolf() -> Image.Image:
    p = Pen(128, 128)
    grey, dark, light = (150, 150, 158, 255), (92, 92, 102, 255), (214, 212, 206, 255)
    # far legs (darker), then the bushy tail held out behind
    for x in (42, 90):
        p.rect(x, 74, x + 12, 114, dark, r=5)
        p.ellipse(x + 6, 115, 8, 4.5, dark)
    p.poly([(98, 58), (114, 50), (127, 50), (124, 62), (112, 76), (100, 80)], grey)
    p.poly([(116, 51), (127, 50), (125, 58)], light, edge=False)
    # body: deep chest at the front (west), haunch at the back, lighter belly
    p.ellipse(76, 64, 34, 22, grey)
    p.ellipse(96, 70, 16, 18, grey)
    p.ellipse(44, 62, 22, 26, grey)
    p.poly(arc_points(64, 72, 30, 14, 25, 155), light, edge=False)
    p.poly(arc_points(74, 62, 30, 16, 200, 340), dark, edge=False)  # darker saddle along the back
    # near legs: thick, with paws
    for x in (30, 84):
        p.rect(x, 78, x + 14, 116, grey, r=5)
        p.ellipse(x + 7, 117, 9.5, 5, grey)
    # neck and head, held up, long snout pointing west, ears up
    p.poly([(28, 52), (40, 30), (58, 40), (56, 66)], grey)
    p.poly([(30, 22), (38, 4), (44, 24)], dark)  # far ear
    p.poly([(40, 24), (50, 6), (54, 28)], grey)  # near ear
    p.poly([(45, 20), (50, 11), (51, 24)], (230, 170, 160, 255), edge=False)
    p.ellipse(40, 34, 16, 14, grey)
    p.poly([(30, 30), (2, 38), (2, 44), (30, 48)], grey)  # snout
    p.poly([(4, 44), (28, 46), (26, 50), (8, 48)], light)  # lower jaw
    p.ellipse(4, 38, 4, 3.5, INK, edge=False)  # nose
    p.poly([(28, 27), (36, 25), (34, 30)], (250, 200, 40, 255))  # eye
    p.ellipse(31, 28, 1.6, 1.6, INK, edge=False)
    return p.finish(3.0)


# ---- marks (24 x 24) ----------------------------------------------------------------------------

M = 24


def mark_hostile() -> Image.Image:
    """Hostile: a red diamond with spikes (a pointed, 'danger' shape)."""
    p = Pen(M, M, edge=1.0)
    p.poly([(12, 1), (23, 12), (12, 23), (1, 12)], (226, 46, 44, 255))
    p.poly([(12, 6), (18, 12), (12, 18), (6, 12)], (255, 150, 140, 255), edge=False)
    return p.finish(1.0)


def mark_neutral() -> Image.Image:
    """Neutral: a yellow rounded square with a dash (neither for nor against)."""
    p = Pen(M, M, edge=1.0)
    p.rect(3, 3, 21, 21, (240, 200, 48, 255), r=4)
    p.rect(7, 10.5, 17, 13.5, INK, r=1, edge=False)
    return p.finish(1.0)


def mark_ally() -> Image.Image:
    """Ally: a green disc with a white tick."""
    p = Pen(M, M, edge=1.0)
    p.ellipse(12, 12, 10.5, 10.5, (64, 178, 88, 255))
    p.line([(7, 12.5), (10.5, 16), (17, 8)], WHITE, 2.6)
    return p.finish(1.0)


def mark_leader() -> Image.Image:
    """Leader: a gold crown."""
    p = Pen(M, M, edge=1.0)
    p.poly([(2, 8), (7, 13), (12, 4), (17, 13), (22, 8), (20, 20), (4, 20)], (246, 200, 56, 255))
    for x in (2, 12, 22):
        p.ellipse(x, 6 if x != 12 else 3.5, 1.8, 1.8, (255, 236, 150, 255))
    return p.finish(1.0)


IMAGES: dict[str, Callable[[], Image.Image]] = {
    "actor_knight.png": knight,
    "actor_companion.png": companion,
    "actor_archer.png": archer,
    "actor_bandit.png": bandit,
    "actor_guard.png": guard,
    "actor_goblin.png": goblin,
    "actor_golem.png": golem,
    "actor_wolf.png": wolf,
    "mark_hostile.png": mark_hostile,
    "mark_neutral.png": mark_neutral,
    "mark_ally.png": mark_ally,
    "mark_leader.png": mark_leader,
}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, default=Path("assets/images"), help="output folder")
    args = parser.parse_args(argv)
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    for name, make in IMAGES.items():
        make().save(out / name, optimize=True)
        print(f"wrote {out / name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
