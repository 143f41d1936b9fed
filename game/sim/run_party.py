"""Who joins a run's party and who catches up with it (docs/run.md): a recruit waiting on the party's
depth (`waiting_recruit`, the cap's `party_size`) and the fold of his joining (`Recruited`); a companion
left behind walking after the party (`follow_ticks`, `follower_square`) and the folds of his setting
out and arriving (`FollowerSetOut`, `FollowerArrived`). The run's other state is `game.sim.run_world`'s.
"""

from __future__ import annotations

from game.sim.geometry import Pos
from game.sim.inventory import Refusal, drop
from game.sim.levels import CAPTIVE_FACTION, Recruit, recruit_offer
from game.sim.run_world import COINS, free_square, level_of, nearest_free, rebuild, rebuild_load, run_of
from game.sim.scenario_file import PARTY_FACTION
from game.sim.state import RunState, WorldState
from game.sim.tilemap import TileMap
from rules.fighter import FighterState


def follow_ticks(tilemap: TileMap, frm: Pos, to: Pos, speed: int, adjacency: int) -> int | None:
    """How many ticks a companion left behind at `frm` takes to walk to the stairs at `to` (his route's
    steps at `speed` move points a round of `ROUND_TICKS`, at least 1); None when no way leads there."""
    from game.sim.pathfinding import distance_map
    from game.sim.world_core import ROUND_TICKS

    steps = distance_map(tilemap, [to], adjacency=adjacency).steps[frm.y * tilemap.width + frm.x]
    if steps < 0:
        return None
    return max(1, -(-steps * ROUND_TICKS // max(1, speed)))


def follower_square(state: WorldState, run: RunState, frm: int) -> Pos | None:
    """Where a companion walking from depth `frm` arrives on the party's depth: the free square nearest
    the stairs that lead to `frm` (up when he comes down); None while every square near them is taken."""
    level = level_of(run)
    start = level.stairs_up if frm < run.depth else level.stairs_down
    squares = nearest_free(state.tilemap, start, state.occupancy, 1)
    return squares[0] if squares else None


def waiting_recruit(state: WorldState, actor_id: str) -> Recruit | None:
    """The offer of the recruit `actor_id` standing on the party's depth, still waiting to join (None:
    no such recruit)."""
    run = state.run
    actor = state.actors.get(actor_id)
    if run is None or actor is None or actor.faction != CAPTIVE_FACTION or not actor.alive:
        return None
    return recruit_offer(level_of(run), actor_id)


def party_size(state: WorldState, run: RunState) -> int:
    """The living party members, on this depth and on those left behind (a cap counts them all)."""
    here = sum(1 for a in state.actors.values() if a.party and a.alive)
    return here + sum(1 for stash in run.levels.values() for a in stash.actors.values() if a.party and a.alive)


def fold_recruited(state: WorldState, actor_id: str, recruit: str, kind: str, price: int) -> None:
    """The recruit joins: of the party's faction and the party, following the leader, his sheet rebuilt
    for his new side; a hireling's price leaves the leader's purse."""
    run = run_of(state)
    offer = waiting_recruit(state, recruit)
    leader = state.actors.get(actor_id)
    if offer is None or offer.kind != kind or offer.price != price or leader is None or not leader.leader:
        raise ValueError(f"{recruit} cannot join as a {kind} for {price} coins")
    if price:
        paid = drop(run.inventories[actor_id], COINS, price)
        if isinstance(paid, Refusal):
            raise ValueError(paid.reason)
        run.inventories[actor_id] = paid
        rebuild_load(state, run, leader)
    actor = state.actors[recruit]
    actor.faction = PARTY_FACTION
    actor.party = True
    actor.order, actor.order_target, actor.order_at = "follow", None, None
    rebuild(state, run, actor)
    state._foes = {}  # the sides changed


def fold_follower_set_out(state: WorldState, actor_id: str, frm: int, arrives: int) -> None:
    run = run_of(state)
    stash = run.levels.get(frm)
    if stash is None or actor_id not in stash.actors or not stash.actors[actor_id].party or arrives <= state.tick:
        raise ValueError(f"{actor_id} cannot set out from depth {frm} to arrive at tick {arrives}")
    run.following[actor_id] = (frm, arrives)


def fold_follower_arrived(state: WorldState, actor_id: str, frm: int, at: tuple[int, int]) -> None:
    run = run_of(state)
    if run.following.get(actor_id, (None, 0))[0] != frm:
        raise ValueError(f"{actor_id} is not on his way from depth {frm}")
    stash = run.levels[frm]
    actor = stash.actors.pop(actor_id)
    stash.vacate(actor_id, actor.pos)
    stash.fighters.pop(actor_id, None)
    stash.membership.pop(actor_id, None)
    pos = free_square(state, at)
    if pos is None:
        raise ValueError(f"{actor_id} cannot arrive on {at} of depth {run.depth}")
    actor.pos = pos
    actor.mp = 0
    actor.planned = False
    state.actors[actor_id] = actor
    state.occupancy[pos] = actor_id
    state.fighters[actor_id] = actor.fighter
    del run.following[actor_id]
    state._foes = {}  # the cast changed
    FighterState.roster_epoch += 1
