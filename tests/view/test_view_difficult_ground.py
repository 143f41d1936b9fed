"""Difficult ground on the map (issue 13 item 5): rubble and mud have their own pictures over the floor, and
the legend lists each kind the party has seen with one line (its TN and the terrain roll at s0)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import arcade
from PIL import Image, ImageChops

from game.sim.geometry import Pos
from game.sim.tilemap import Tile
from game.sim.world import World
from game.view.assets import image_path
from game.view.legend import Kind, MarkKey, legend_for
from game.view.map_render import MapRender, Textures
from game.view.palette import palette
from tests.world.worlds import setup


def _changed(a: Image.Image, b: Image.Image) -> int:
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB")).convert("L")
    return diff.point(lambda v: 255 if v > 25 else 0).histogram()[255]


def test_rubble_and_mud_are_drawn_over_the_floor_and_differ() -> None:
    textures = Textures(32, palette())
    floor, rubble, mud = (textures.tile(kind, 0) for kind in (Tile.FLOOR, Tile.RUBBLE, Tile.MUD))
    assert floor is not None and rubble is not None and mud is not None
    for a, b in ((floor, rubble), (floor, mud), (rubble, mud)):
        assert _changed(a, b) > 32 * 32 // 6
    for name in ("rubble", "mud"):  # our own pictures (packaging/tools/make_ground.py), small
        path = Path(image_path(name))
        assert path.stat().st_size < 8_000
        alpha = Image.open(path).convert("RGBA").getchannel("A")
        assert alpha.getextrema()[0] == 0  # transparent where the floor shows


def test_the_legend_lists_the_ground_seen(window: arcade.Window) -> None:
    base = setup(["#########", "#@.....b#", "#.......#", "#########"])
    ground = {Pos(3, 1): Tile.MUD, Pos(4, 2): Tile.RUBBLE}
    world = World(dataclasses.replace(base, tilemap=base.tilemap.with_tiles(ground)))
    render = MapRender(world.state, palette(), 1.0)
    render.update_fov()
    assert render.ground_seen == {Tile.MUD, Tile.RUBBLE}
    marks = render.drawn_marks()
    assert {MarkKey(Kind.FLOOR, "mud"), MarkKey(Kind.FLOOR, "rubble")} <= marks
    lines = {e.key.variant: e for e in legend_for(marks, palette()) if e.key.kind is Kind.FLOOR}
    assert lines["mud"].image == "mud" and lines["rubble"].image == "rubble"
    assert "Difficult ground (TN 8)" in lines["mud"].meaning and "terrain roll at s0" in lines["mud"].meaning
    assert "Difficult ground (TN 7)" in lines["rubble"].meaning

    firm = MapRender(World(base).state, palette(), 1.0)
    firm.update_fov()
    assert not {m for m in firm.drawn_marks() if m.kind is Kind.FLOOR}
