"""Map textures in Arcade's shared texture atlas: one palette's indicators never show up under another.

The atlas keeps a single image per texture hash for as long as any texture with that hash is alive, so
two `Textures` (say an old colour-blind game screen not yet garbage-collected and a new default one) that
named a texture alike would share the first one's pixels. Which one was still alive used to depend on
when the cyclic garbage collector last ran, so a view test failed or passed with the tests before it."""

from __future__ import annotations

from typing import cast

import arcade
from PIL import Image

from game.view.arrow_pad import Mark
from game.view.map_render import Textures
from game.view.palette import COLOUR_BLIND, DEFAULT, ArcState, Palette, Tone

PX = 64


def _count(img: Image.Image, rgb: tuple[int, int, int], tol: int = 24) -> int:
    rgba = img.convert("RGBA")
    found = 0
    for y in range(rgba.height):
        for x in range(rgba.width):
            r, g, b, a = cast("tuple[int, int, int, int]", rgba.getpixel((x, y)))
            if a > 200 and abs(r - rgb[0]) <= tol and abs(g - rgb[1]) <= tol and abs(b - rgb[2]) <= tol:
                found += 1
    return found


def _rgb(pal: Palette, tone: Tone) -> tuple[int, int, int]:
    r, g, b, _ = pal.colour(tone)
    return (r, g, b)


def test_textures_of_two_palettes_alive_together_keep_their_own_pixels(window: arcade.Window) -> None:
    atlas = window.ctx.default_atlas
    blind = Textures(PX, COLOUR_BLIND)  # drawn first and still alive (an old view's, not yet collected)
    default = Textures(PX, DEFAULT)
    pairs = [
        (blind.arc(ArcState.ATTACKING_WITH_INITIATIVE, 1), default.arc(ArcState.ATTACKING_WITH_INITIATIVE, 1)),
        (blind.footbase("primary", False), default.footbase("primary", False)),
        (blind.mark(Mark.DEF), default.mark(Mark.DEF)),
    ]
    for old, new in pairs:
        assert old.image_data.hash != new.image_data.hash
        atlas.add(old)
        atlas.add(new)
    # what the GPU draws for the default arc is the default palette's red, not the colour-blind vermilion
    arc = atlas.read_texture_image_from_atlas(pairs[0][1])
    assert _count(arc, _rgb(DEFAULT, Tone.RED)) > 25
    assert _count(arc, _rgb(COLOUR_BLIND, Tone.RED)) == 0
