"""A run's fallen companions (docs/run.md "Fallen companions"): a party member knocked out, not dead,
lies where he fell with his gear (he drops nothing until he is dead) and comes round when the leader,
out of any bout and with no foe beside him, steps onto him (`CameRound`): he stands on the free square
nearest the leader, with his wounds. The dead stay dead; the leader's own fall ends the run as before.
"""

from __future__ import annotations

from game.sim.geometry import Pos
from game.sim.run_world import free_square, nearest_free, run_of
from game.sim.state import Actor, WorldState
from rules.fighter import FighterState


def down_not_dead(actor: Actor) -> bool:
    """Knocked out (or collapsed from pain), not dead: he can be brought round."""
    return actor.fighter.unconscious and not actor.fighter.dead


def fallen_companions(state: WorldState) -> list[Actor]:
    """The party members on this depth who lie knocked out and can be brought round, by id."""
    return sorted((a for a in state.actors.values() if a.party and a.id != state.leader and down_not_dead(a)),
                  key=lambda a: a.id)


def fallen_under(state: WorldState, square: Pos) -> Actor | None:
    """The fallen companion who lies on `square` (the first by id), if any."""
    return next((a for a in fallen_companions(state) if a.pos == square), None)


def stand_square(state: WorldState, near: Pos) -> Pos | None:
    """Where a companion brought round stands: the free square nearest `near` (None: all taken)."""
    squares = nearest_free(state.tilemap, near, state.occupancy, 1)
    return squares[0] if squares else None


def fold_came_round(state: WorldState, actor_id: str, by: str, at: tuple[int, int]) -> None:
    """`CameRound`: he is conscious again, on the map at `at`, out of any bout, his CP his rested pool."""
    run_of(state)
    actor = state.actors.get(actor_id)
    if actor is None or not actor.party or not down_not_dead(actor) or by not in state.actors:
        raise ValueError(f"{actor_id} is no fallen companion who can come round")
    pos = free_square(state, at)
    if pos is None:
        raise ValueError(f"{actor_id} cannot stand on {at}")
    fighter = actor.fighter
    fighter.unconscious = False  # (bumps FighterState.roster_epoch: the living come back into the caches)
    fighter.prone = False
    fighter.carried_shock = 0
    fighter.cp = fighter.rested_cp()
    state.membership.pop(actor_id, None)
    actor.pos = pos
    actor.mp = 0
    actor.planned = False
    state.occupancy[pos] = actor_id
    state._foes = {}  # the sides' living changed
    FighterState.roster_epoch += 1
