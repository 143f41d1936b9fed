"""A copy of a world's state that changes apart from the original (time travel, lookahead).

Written out field by field rather than `copy.deepcopy`: the compiled build's classes cannot be
deep-copied, and a deep copy of a random stream would keep drawing from the original's generator.
What never changes is shared: the map, the catalog, the relations, the fighters' sheets, the
combat system, frozen records (decisions, shots, the paused tick).
"""

from __future__ import annotations

from dataclasses import replace

from game.sim.state import Actor, BoutState, LevelStash, WorldState


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
    copy.crowd = dict(state.crowd)
    copy.shots = list(state.shots)
    copy.membership = dict(state.membership)
    copy.fighters = fighters
    if state.run is not None:
        run = state.run
        copy.run = replace(run, floor=dict(run.floor), inventories=dict(run.inventories),
                           experience=dict(run.experience), doses=dict(run.doses), numbed=dict(run.numbed),
                           following=dict(run.following),
                           trained={aid: dict(t) for aid, t in run.trained.items()},
                           levels={d: _stash(stash) for d, stash in run.levels.items()})
    return copy


def _stash(stash: LevelStash) -> LevelStash:
    """A depth left behind, copied as `clone_state` copies the current one."""
    fighters = {aid: f.clone() for aid, f in stash.fighters.items()}
    for aid, a in stash.actors.items():  # the fallen are in no fighters map
        fighters.setdefault(aid, a.fighter.clone())
    return LevelStash(
        tilemap=stash.tilemap, actors={aid: replace(a, fighter=fighters[aid]) for aid, a in stash.actors.items()},
        occupancy=dict(stash.occupancy), fighters={aid: fighters[aid] for aid in stash.fighters},
        bouts={bid: BoutState(bid, b.rules.clone(fighters)) for bid, b in stash.bouts.items()},
        membership=dict(stash.membership), shots=list(stash.shots), floor=dict(stash.floor),
        crowd=dict(stash.crowd),
    )
