"""A copy of a world's state that changes apart from the original (time travel, lookahead).

Written out field by field rather than `copy.deepcopy`: the compiled build's classes cannot be
deep-copied, and a deep copy of a random stream would keep drawing from the original's generator.
What never changes is shared: the map, the catalog, the relations, the fighters' sheets, the
combat system, frozen records (decisions, shots, the paused tick).
"""

from __future__ import annotations

from dataclasses import replace

from game.sim.state import Actor, BoutState, WorldState


def clone_state(state: WorldState) -> WorldState:
    fighters = {aid: f.clone() for aid, f in state.fighters.items()}
    actors: dict[str, Actor] = {aid: replace(a, fighter=fighters[aid]) for aid, a in state.actors.items()}
    copy = WorldState(
        tick=state.tick,
        tilemap=state.tilemap,
        actors=actors,
        catalog=state.catalog,
        house_rules=state.house_rules,
        relations=state.relations,
        combat=state.combat.clone(),
        ai=state.ai.clone(),
        cosmetic=state.cosmetic.clone(),
        leader=state.leader,
        system=state.system,
    )
    copy.bouts = {bid: BoutState(bid, b.rules.clone(fighters)) for bid, b in state.bouts.items()}
    copy.next_bout = state.next_bout
    copy.pending = state.pending
    copy.paused = state.paused
    copy.over = state.over
    copy.occupancy = dict(state.occupancy)
    copy.shots = list(state.shots)
    copy.membership = dict(state.membership)
    copy.fighters = fighters
    return copy
