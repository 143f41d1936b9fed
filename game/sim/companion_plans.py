"""Every companion's planned next step and action, previewed for the player (issue 13 item 6; the design
doc's "Multiple units in a Party": "The target movement destination/action of each party member is shown
for each step for previewing").

`companion_plans(state)` asks the same `game.sim.brain.Brain` the world moves the party with, on the state as
it is (a companion's step draws nothing from a random stream: only foes patrol), so the step shown is the
step he takes at the next tick unless the player changes it (`CompanionStep`, a standing `Order`) or the
situation changes first (someone moves into the way). In a bout, his step exists only at its footwork step
(`s0`); the action is what he declared this exchange, else his target, else his standing order.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.sim.brain import Brain
from game.sim.geometry import Direction
from game.sim.state import Actor, WorldState
from rules.bout import visible_declaration


@dataclass(frozen=True, slots=True)
class CompanionPlan:
    """One companion's preview: `steps` (False: no step to take now, in a fight between footwork steps),
    `direction` (None: he waits) and his action in words."""

    actor: str
    steps: bool
    direction: Direction | None
    action: str
    by_hand: bool = False  # the player set this step (`CompanionStep`)


def _names(state: WorldState) -> dict[str, str]:
    return {a.id: a.name for a in state.actors.values()}


def _action(state: WorldState, actor: Actor, names: dict[str, str]) -> str:
    bout = state.bout_of(actor.id)
    if bout is None:
        target = names.get(actor.order_target or "", actor.order_target or "")
        return {"hold": "holds his ground", "move_to": "moves to the marked square",
                "attack": f"goes for {target}"}.get(actor.order, "follows you")
    rules = bout.rules
    if actor.id in getattr(rules, "declarations", {}):
        items = visible_declaration(rules, state.leader, actor.id)
        said = [f"{i.maneuver.replace('_', ' ')}" + (f" {names.get(i.opponent, i.opponent)}" if i.opponent else "")
                + (f" ({i.dice} dice)" if i.dice else "") for i in items]
        return "declared: " + ("; ".join(said) if said else "nothing")
    fighting: str | None = getattr(rules, "targets", {}).get(actor.id)
    return f"fights {names.get(fighting, fighting)}" if fighting else "in the fight"


def companion_plans(state: WorldState) -> tuple[CompanionPlan, ...]:
    """The preview of every living companion of the party (the leader's allies he commands)."""
    companions = [a for a in state.actors.values() if a.party and not a.leader and a.alive]
    if not companions:
        return ()
    brain = Brain(state, goals=[])
    names = _names(state)
    out: list[CompanionPlan] = []
    for actor in companions:
        bout = state.bout_of(actor.id)
        if bout is not None and not state.system.footwork(bout.rules):
            out.append(CompanionPlan(actor.id, False, None, _action(state, actor, names)))
            continue
        if bout is None:
            direction = brain.step_intent(actor, engaged=False)
        else:
            rules = bout.rules
            target = getattr(rules, "targets", {}).get(actor.id)
            foe = state.actors.get(target) if target else None
            direction = brain.step_intent(actor, True, getattr(rules, "orientation", {}).get(actor.id), foe)
        out.append(CompanionPlan(actor.id, True, direction, _action(state, actor, names), actor.planned))
    return tuple(out)
