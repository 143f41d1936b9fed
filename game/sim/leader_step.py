"""The leader's suggested step, what Enter (`Confirm`) does at a step prompt (issue 12).

Waiting where he stands (the old Enter) let the companions walk off to their own fights while the foes
came to him alone: in `arena_three_way` the spearman went for the goblins and the bandits took the
knight two on one, and he fell in nearly every seed. So, out of a fight, the suggestion keeps the party
together: a step toward the nearest living companion while he is more than a square away, else a wait.

Badly hurt (`badly_hurt`: pain at half of what leaves him no pool, or heavy bleeding) he withdraws
instead: a step away from the foes near him, in a fight at its footwork stage too (so he leaves the
bout before the round's end, where that pain would make him collapse), and out of a fight away from
those next to him or close and free to come at him (not those busy in bouts of their own); else a wait,
which is rest (first aid comes after quiet waiting ticks, healing eases pain; walking bleeds three
times as fast). Fighting on with such a wound was how the knight fell in most lost seeds of the arena.

It reads the state and draws nothing (a `Brain` with caches of its own: asking changes nothing in the
world). Otherwise, inside a bout, the suggestion is to hold his ground (the planner picks the orientation).
"""

from __future__ import annotations

from game.sim.brain import Brain
from game.sim.geometry import Direction, Pos, manhattan
from game.sim.state import Actor, WorldState
from rules.fighter import FighterState

HURT_PAIN_SHARE = 0.5  # badly hurt: pain at this share of level + Reflex (all of it leaves no pool)
HURT_BLOOD_LOSS = 8  # badly hurt: bleeding this much
THREAT_IN_FIGHT = 2  # in a fight, he steps away from foes this close (Manhattan)
THREAT_OUT_OF_FIGHT = 3  # out of one, from foes this close and free to come at him; else he rests


def badly_hurt(fighter: FighterState) -> bool:
    """Hurt enough that one more wound would likely end him: withdraw and rest rather than fight on."""
    return (fighter.pain >= HURT_PAIN_SHARE * (fighter.sheet.level + fighter.reflex)
            or fighter.blood_loss >= HURT_BLOOD_LOSS)


def _threat(state: WorldState, leader: Actor, foe: Actor, fighting: bool) -> bool:
    """Is the foe one to step away from: next to him, or close (in a fight); out of a fight, close and free
    to come at him (one busy in a bout of his own is left alone: walking bleeds three times as fast)."""
    gap = manhattan(leader.pos, foe.pos)
    if fighting or gap <= 1:
        return gap <= THREAT_IN_FIGHT
    return gap <= THREAT_OUT_OF_FIGHT and state.bout_of(foe.id) is None


def suggested_step(state: WorldState, goals: list[Pos], living: list[Actor],
                   footwork: bool = False) -> Direction | None:
    """The leader's suggested step (see the module docstring); `footwork`: may he step in his bout now?
    None is a wait."""
    leader = state.actors[state.leader]
    if not leader.alive:
        return None
    fighting = state.bout_of(leader.id) is not None
    if badly_hurt(leader.fighter):
        if fighting and not footwork:
            return None
        threats = [a for a in living if state.hostile(leader.id, a.id) and _threat(state, leader, a, fighting)]
        if not threats:
            return None
        return Brain(state, {}, goals, {}, {}, living, {}).step_away(leader, threats)
    if fighting:
        return None
    companions = [a for a in living if a.party and not a.leader]
    if not companions:
        return None
    nearest = min(companions, key=lambda a: (manhattan(leader.pos, a.pos), a.id))
    if manhattan(leader.pos, nearest.pos) <= 1:
        return None
    brain = Brain(state, {}, goals, {}, {}, living, {})
    return brain.step_toward(leader, nearest.pos)
