"""The items lying on a run's floor drawn on the map (issue 10): a pile marker (`assets/images/pile.png`)
on each square the party has seen that holds a pile, the relic's crown (`relic.png`) where the run's
relic lies; our own pictures (`packaging/tools/make_pile.py`, CC0). `MapRender` owns one and draws it over
the floor, under the actors; it rebuilds its sprites only when the piles it shows changed."""

from __future__ import annotations

import functools
from collections.abc import Set

import arcade
from PIL import Image

from game.sim.geometry import Pos
from game.sim.state import Pile, WorldState
from game.view.assets import image_path
from game.view.legend import Kind, MarkKey

PILE_SIZE = 0.8  # of a square: a pile lies on the floor, smaller than a fighter
RELIC_SIZE = 0.9


@functools.cache
def floor_texture(name: str, px: int) -> arcade.Texture:
    """The ``pile`` or ``relic`` picture at ``px`` square (the map's sprites and the legend's swatches)."""
    image = Image.open(image_path(f"{name}.png")).convert("RGBA").resize((px, px), Image.Resampling.LANCZOS)
    return arcade.Texture(image, hash=f"floor-item-{name}-{px}")


def shown_piles(state: WorldState, seen: Set[Pos]) -> tuple[tuple[Pos, Pile], ...]:
    """The piles the party has seen (a square once seen keeps showing what lies there), by square."""
    run = state.run
    if run is None:
        return ()
    return tuple(sorted((p, pile) for p, pile in run.floor.items() if pile and p in seen))


class FloorItems:
    """The floor's pile sprites (see the module docstring)."""

    def __init__(self, tile: float, px: int, map_h: int) -> None:
        self.tile = tile
        self.px = max(8, px)
        self.map_h = map_h
        self.sprites: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.shown: tuple[tuple[Pos, Pile], ...] = ()  # what the sprites show (tests)
        self.relic_at: Pos | None = None

    def sync(self, state: WorldState, seen: Set[Pos]) -> None:
        """Show the piles of `state` on the squares in `seen` (rebuilt only when they changed)."""
        self.map_h = state.tilemap.height
        piles = shown_piles(state, seen)
        if piles == self.shown:
            return
        self.shown = piles
        self.sprites.clear()
        self.relic_at = None
        relic = state.run.content.run.goal.relic if state.run is not None else None
        for pos, pile in piles:
            is_relic = any(item == relic for item, _n in pile)
            if is_relic:
                self.relic_at = pos
            sprite = arcade.Sprite(floor_texture("relic" if is_relic else "pile", self.px))
            sprite.width = sprite.height = self.tile * (RELIC_SIZE if is_relic else PILE_SIZE)
            sprite.center_x = (pos.x + 0.5) * self.tile
            sprite.center_y = (self.map_h - pos.y - 0.5) * self.tile
            self.sprites.append(sprite)

    def drawn_marks(self) -> set[MarkKey]:
        """The legend's keys of what the sprites show: a pile, the relic."""
        out = {MarkKey(Kind.FLOOR, "relic")} if self.relic_at is not None else set()
        if len(self.shown) > (self.relic_at is not None):
            out.add(MarkKey(Kind.FLOOR, "pile"))
        return out

    def draw(self) -> None:
        if len(self.sprites):
            self.sprites.draw()
