"""The leader's suggested step out of a fight, what Enter (`Confirm`) does at a step prompt (issue 12).

Waiting where he stands (the old Enter) let the companions walk off to their own fights while the foes
came to him alone: in `arena_three_way` the spearman went for the goblins and the bandits took the
knight two on one, and he fell in nearly every seed. The suggestion keeps the party together: a step
toward the nearest living companion while he is more than a square away, else a wait. It reads the
state and draws nothing (a `Brain` with caches of its own: asking changes nothing in the world).
Inside a bout the suggestion is always to hold his ground (the planner picks the orientation).
"""

from __future__ import annotations

from game.sim.brain import Brain
from game.sim.geometry import Direction, Pos, manhattan
from game.sim.state import Actor, WorldState


def suggested_step(state: WorldState, goals: list[Pos], living: list[Actor]) -> Direction | None:
    """Toward the nearest living companion (by Manhattan distance, then id) while more than a square away,
    out of a fight; None (wait) otherwise."""
    leader = state.actors[state.leader]
    if not leader.alive or state.bout_of(leader.id) is not None:
        return None
    companions = [a for a in living if a.party and not a.leader]
    if not companions:
        return None
    nearest = min(companions, key=lambda a: (manhattan(leader.pos, a.pos), a.id))
    if manhattan(leader.pos, nearest.pos) <= 1:
        return None
    brain = Brain(state, {}, goals, {}, {}, living, {})
    return brain.step_toward(leader, nearest.pos)
