"""Small worlds for tests: an ASCII map and a legend of actors."""

from __future__ import annotations

from collections.abc import Mapping

from game.sim.commands import Confirm
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


def under_fire(seed: int = 1) -> World:
    """The leader fights a bandit and owes his declaration while an archer's shot is in the air at him
    (nobody flees)."""
    cast = {"@": ("player_fighter", "player", True), "a": ("bandit_archer", "bandits", False),
            "b": ("bandit", "bandits", False)}
    w = world(["##############", "#@b........a.#", "##############"], cast=cast, seed=seed)
    for a in w.state.actors.values():
        a.flee_threshold = None
    for _ in range(40):
        pending = w.state.pending
        assert pending is not None
        if pending.kind == "declare" and pending.incoming:
            return w
        w.apply(Confirm())
    raise AssertionError("no shot at the leader while he declares")
