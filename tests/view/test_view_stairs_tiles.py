"""The map's tiles for the run: stairs up and down are drawn, and differ from each other and the floor."""

from __future__ import annotations

from PIL import ImageChops

from game.sim.tilemap import Tile
from game.view.map_render import SPRITES, Textures
from game.view.palette import palette


def test_stairs_up_and_down_are_visible_and_distinct() -> None:
    textures = Textures(32, palette())
    floor, down, up = (textures.tile(kind, 0) for kind in (Tile.FLOOR, Tile.STAIRS_DOWN, Tile.STAIRS_UP))
    assert floor is not None and down is not None and up is not None
    for a, b in ((floor, down), (floor, up), (down, up)):
        diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB")).convert("L")
        changed = diff.point(lambda v: 255 if v > 25 else 0).histogram()[255]
        assert changed > 32 * 32 // 8, (changed, a, b)
    remembered = textures.tile(Tile.STAIRS_UP, 4)
    assert remembered is not None and remembered.getpixel((16, 6)) != up.getpixel((16, 6))


def test_the_run_creatures_have_sprites() -> None:
    from game.sim.creatures import default_creatures

    for creature in default_creatures().values():
        assert creature.sprite in SPRITES, creature.id


def test_a_closed_chest_is_drawn_on_the_floor() -> None:
    textures = Textures(32, palette())
    floor, chest = textures.tile(Tile.FLOOR, 0), textures.tile(Tile.CHEST, 0)
    assert floor is not None and chest is not None
    diff = ImageChops.difference(floor.convert("RGB"), chest.convert("RGB")).convert("L")
    assert diff.point(lambda v: 255 if v > 25 else 0).histogram()[255] > 32 * 32 // 4
