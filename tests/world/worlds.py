"""Small worlds for tests: an ASCII map and a legend of actors."""

from __future__ import annotations

from collections.abc import Mapping

from game.sim.scenario_file import ActorSetup, WorldSetup
from game.sim.tilemap import parse_ascii
from game.sim.world import World

# char -> (creature, faction, party)
CAST: Mapping[str, tuple[str, str, bool]] = {
    "@": ("player_fighter", "player", True),
    "s": ("companion_spearman", "player", True),
    "a": ("companion_archer_melee", "player", True),
    "b": ("bandit", "bandits", False),
    "B": ("bandit_chief", "bandits", False),
    "g": ("goblin", "goblins", False),
    "w": ("wolf", "wolves", False),
    "t": ("town_guard", "town_guard", False),
}


def setup(rows: list[str], cast: Mapping[str, tuple[str, str, bool]] | None = None, seed: int = 1,
          house_rules: Mapping[str, object] | None = None) -> WorldSetup:
    table = dict(cast or CAST)
    legend = {"#": "wall", ".": "floor", "+": "door", ">": "stairs_down", **{c: c for c in table}}
    parsed = parse_ascii(rows, legend)
    actors = []
    counts: dict[str, int] = {}
    for place in parsed.placements:
        creature, faction, party = table[place.char]
        leader = place.char == "@"
        counts[place.char] = counts.get(place.char, 0) + 1
        aid = "player" if leader else f"{place.char}{counts[place.char]}"
        actors.append(ActorSetup(aid, creature, faction, place.pos, aid, party, leader))
    return WorldSetup("test", seed, parsed.tilemap, tuple(actors), dict(house_rules or {}),
                      origin={"kind": "test"})


def world(rows: list[str], **kw: object) -> World:
    player_ai = bool(kw.pop("player_ai", False))
    return World(setup(rows, **kw), player_ai=player_ai)  # type: ignore[arg-type]
