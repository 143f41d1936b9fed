"""Every companion's planned next step and action, previewed for the player (issue 13 item 6; the design
doc's "Multiple units in a Party": "The target movement destination/action of each party member is shown
for each step for previewing").

`companion_plans(state)` asks the same `game.sim.brain.Brain` the world moves the party with, on the state as
it is (a companion's step draws nothing from a random stream: only foes patrol), so the step shown is the
step he takes at the next tick unless the player changes it (`CompanionStep`, a standing `Order`) or the
situation changes first (someone moves into the way). In a bout, his step exists only at its footwork step
(`s0`); the action is what he declared this exchange, else his target, else his standing order.

Each `CompanionPlan` is plain data for the view: the step (`steps`, `direction`, the square `to`), the action
(`doing`: one of `ACTIONS`, `target`: the foe or the order's target, `items`: what he declared, each as
`(action, maneuver, opponent, dice)` as the leader sees it) and both in words (`action`, and `line`: his name,
his step and his action on one line, what a panel or a hint shows).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.sim.brain import Brain
from game.sim.geometry import Direction, Pos
from game.sim.state import Actor, WorldState
from rules.bout import visible_declaration

# what he does (`CompanionPlan.doing`): in a bout, his declaration this exchange, his target, or neither yet;
# out of one, his standing order (`game.sim.commands.Order`)
DECLARED, FIGHTS, IN_FIGHT, HOLDS, MOVES_TO, GOES_FOR, FOLLOWS = (
    "declared", "fights", "in_fight", "hold", "move_to", "attack", "follow")
ACTIONS = (DECLARED, FIGHTS, IN_FIGHT, HOLDS, MOVES_TO, GOES_FOR, FOLLOWS)
Item = tuple[str, str, str | None, int]  # (action, maneuver, opponent, dice): one declared item as the leader sees it


@dataclass(frozen=True, slots=True)
class CompanionPlan:
    """One companion's preview (see the module docstring): `steps` (False: no step to take now, in a fight
    between footwork steps), `direction` (None: he waits), `to` (the square he steps into; None: he stays),
    `doing` / `target` / `items` (his action as data) and `action` (it in words)."""

    actor: str
    steps: bool
    direction: Direction | None
    action: str
    by_hand: bool = False  # the player set this step (`CompanionStep`)
    to: Pos | None = None
    doing: str = FOLLOWS
    target: str | None = None
    items: tuple[Item, ...] = ()
    line: str = ""


def _names(state: WorldState) -> dict[str, str]:
    return {a.id: a.name for a in state.actors.values()}


def _action(state: WorldState, actor: Actor, names: dict[str, str]) -> tuple[str, str | None, tuple[Item, ...], str]:
    """(doing, target, items, in words)."""
    bout = state.bout_of(actor.id)
    if bout is None:
        target = actor.order_target
        name = names.get(target or "", target or "")
        doing = actor.order if actor.order in (HOLDS, MOVES_TO, GOES_FOR) else FOLLOWS
        words = {HOLDS: "holds his ground", MOVES_TO: "moves to the marked square",
                 GOES_FOR: f"goes for {name}"}.get(doing, "follows you")
        return doing, target if doing == GOES_FOR else None, (), words
    rules = bout.rules
    fighting: str | None = getattr(rules, "targets", {}).get(actor.id)
    if actor.id in getattr(rules, "declarations", {}):
        seen = visible_declaration(rules, state.leader, actor.id)
        items = tuple((i.action, i.maneuver, i.opponent, i.dice or sum(p[1] for p in i.parts)) for i in seen)
        said = [f"{m.replace('_', ' ')}" + (f" {names.get(o, o)}" if o else "") + (f" ({d} dice)" if d else "")
                for _, m, o, d in items]
        return DECLARED, fighting, items, "declared: " + ("; ".join(said) if said else "nothing")
    if fighting:
        return FIGHTS, fighting, (), f"fights {names.get(fighting, fighting)}"
    return IN_FIGHT, None, (), "in the fight"


def _plan(actor: Actor, steps: bool, direction: Direction | None, action: tuple[str, str | None, tuple[Item, ...], str],
          by_hand: bool = False) -> CompanionPlan:
    doing, target, items, words = action
    to = actor.pos.step(direction) if steps and direction is not None else None
    step = ("steps " + direction.label if direction is not None else "waits") if steps else "no step"
    return CompanionPlan(actor.id, steps, direction, words, by_hand, to, doing, target, items,
                         f"{actor.name}: {step} · {words}")


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
            out.append(_plan(actor, False, None, _action(state, actor, names)))
            continue
        if bout is None:
            direction = brain.step_intent(actor, engaged=False)
        else:
            rules = bout.rules
            target = getattr(rules, "targets", {}).get(actor.id)
            foe = state.actors.get(target) if target else None
            direction = brain.step_intent(actor, True, getattr(rules, "orientation", {}).get(actor.id), foe)
        out.append(_plan(actor, True, direction, _action(state, actor, names), actor.planned))
    return tuple(out)
