"""The starting state of a world: its map, its cast with fresh fighters, its streams at position 0.

`initial_state` is what a world is before its first event: the live `World` starts from it and plays,
and `game.sim.history` starts from it and folds a run's events (no rules call, no random draw). A
roguelike run's setup (origin kind "run") gets its `RunState` (`game.sim.run_world.attach_run`).
"""

from __future__ import annotations

from collections.abc import Mapping

from game.sim.creatures import CreatureTemplate, Relations, default_creatures, default_relations
from game.sim.geometry import Direction
from game.sim.scenario_file import ActorSetup, WorldSetup
from game.sim.state import Actor, WorldState
from rules.catalog import Catalog
from rules.content import default_catalog, with_house_rules
from rules.dice import SeededStream
from rules.fighter import FighterState
from rules.systems import DEFAULT_SYSTEM, world_system


def world_catalog(base: Catalog | None, overrides: Mapping[str, object]) -> Catalog:
    """The catalog a world plays with: the content with the run's house rules in force."""
    base = base or default_catalog()
    return with_house_rules(base, overrides) if overrides else base


def initial_state(
    setup: WorldSetup,
    seed: int,
    catalog: Catalog,
    creatures: Mapping[str, CreatureTemplate] | None = None,
    relations: Relations | None = None,
    combat_system: str = DEFAULT_SYSTEM,
) -> WorldState:
    """The world of `setup` before anything happened (tick 0, no bout, nothing owed), its bouts run by
    the combat system `combat_system`."""
    creatures = creatures or default_creatures()
    relations = relations or default_relations()
    actors = {a.id: make_actor(a, creatures[a.creature], catalog) for a in setup.actors}
    state = WorldState(
        tick=0,
        tilemap=setup.tilemap,
        actors=actors,
        catalog=catalog,
        house_rules=catalog.house_rules,
        relations=relations,
        combat=SeededStream(seed, "combat"),
        ai=SeededStream(seed, "ai"),
        cosmetic=SeededStream(seed, "cosmetic"),
        leader=setup.leader.id,
        system=world_system(combat_system),
    )
    state.occupancy = {a.pos: a.id for a in actors.values()}
    state.fighters = {aid: a.fighter for aid, a in actors.items()}
    if setup.origin.get("kind") == "run":
        from game.sim.run_world import attach_run  # a run's depths (imported here: run_world builds on this)

        attach_run(state, setup)
    return state


def make_actor(a: ActorSetup, template: CreatureTemplate, catalog: Catalog) -> Actor:
    """The actor `a` with a fresh fighter from his creature's template."""
    sheet = template.sheet(catalog, a.id, name=a.name, side=a.faction)
    return Actor(
        id=a.id, name=a.name, creature=a.creature, faction=a.faction, sprite=template.sprite,
        pos=a.pos, facing=Direction.S, fighter=FighterState(sheet), speed=template.move_points,
        party=a.party, leader=a.leader, flee_threshold=template.flee_threshold,
        missile=catalog.missiles.get(template.missile) if template.missile else None,
    )
