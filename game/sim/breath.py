"""When a fighter's combat pool comes back, for the player's eyes (issue 11): out of any bout the world rests
everyone at the start of each round (`game.sim.recovery.rest`, a `Rested` event in the tick numbered
``t > 1, t % ROUND_TICKS == 1``), so a fight begun before that starts on the CP the last one left.

`pool_back` says, for one out of a fight, what his pool comes back to and in how many steps (the HUD shows it).
A pure read of the state.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.sim.state import WorldState
from game.sim.world_core import ROUND_TICKS


@dataclass(frozen=True, slots=True)
class PoolBack:
    """His pool now, what a rest gives him back and the steps (ticks) until that rest."""

    cp: int
    full: int
    steps: int


def steps_to_rest(tick: int) -> int:
    """Steps from the world at ``tick`` (the last tick played) to the next tick that rests (1: the very next)."""
    following = tick + 1
    if following <= 1:
        following = 2  # tick 1 never rests: the first that does is ROUND_TICKS + 1
    return following + (1 - following) % ROUND_TICKS - tick


def pool_back(state: WorldState, actor: str) -> PoolBack | None:
    """For ``actor`` on his feet out of any bout whose pool is short of what a rest gives back: his pool, the
    rested one and the steps until the rest (if he stays out of a fight till then); None otherwise."""
    a = state.actors.get(actor)
    if a is None or not a.alive or state.bout_of(actor) is not None:
        return None
    f = a.fighter
    full = f.rested_cp()
    if f.cp >= full:
        return None
    return PoolBack(f.cp, full, steps_to_rest(state.tick))

