"""What a run's party does with its things outside the fights (issue 10, docs/run.md): handing gear to a
companion (`Gear` give), using a consumable (`Gear` use, `rules.consumables`) and spending experience at
the stairs (`Train`, `rules.progression`).

Each function checks the command against the state and returns the events that carry it out (the world
emits and so folds them), or raises `IllegalAction` with the one line the player reads. Nothing here
changes the state; the one random draw (a bandage's first-aid roll) comes from the stream it is given.
"""

from __future__ import annotations

from game.sim import events as ev
from game.sim.commands import Gear, Train
from game.sim.geometry import chebyshev
from game.sim.inventory import Refusal, drop, pick_up
from game.sim.run_world import run_wearer, stairs_down, stairs_up
from game.sim.state import Actor, RunState, WorldState
from rules.bout import IllegalAction
from rules.consumables import changes, first_aid_outcome, use
from rules.dice import DiceStream, roll_pool
from rules.fighter import ATTRIBUTE_NAMES, proficiency_level
from rules.progression import Advancement, buy_attribute, buy_proficiency
from rules.refusal import Refused

BESIDE = 1  # squares (Chebyshev) between two party members handing over gear or tending a wound
AT_THE_STAIRS = 2  # squares from a stairs square where experience may be spent (the companions' following distance)


def party_member(state: WorldState, who: str | None, what: str) -> Actor:
    actor = state.actors.get(who or "")
    if actor is None or not actor.party or not actor.alive:
        raise IllegalAction(f"{who} is no one of the party who can {what}")
    if state.bout_of(actor.id) is not None:
        raise IllegalAction(f"{actor.name} is fighting: no time to {what}")
    return actor


def give(state: WorldState, run: RunState, giver: Actor, command: Gear) -> list[ev.WorldEvent]:
    """`count` of a carried item to a party member beside the giver."""
    items = run.content.items
    item = command.item
    if item is None or item not in items:
        raise IllegalAction(f"give what? no item {item!r}")
    if command.to is None or command.to == giver.id:
        raise IllegalAction(f"give the {items[item].name} to whom?")
    taker = party_member(state, command.to, "take it")
    if chebyshev(giver.pos, taker.pos) > BESIDE:
        raise IllegalAction(f"{taker.name} is not beside {giver.name}")
    after = drop(run.inventories[giver.id], item, command.count)
    if isinstance(after, Refusal):
        raise IllegalAction(after.reason)
    taken = pick_up(run.inventories[taker.id], item, command.count, items=items,
                    attributes=run_wearer(run, taker).attributes)
    if isinstance(taken, Refusal):
        raise IllegalAction(f"{taker.name}: {taken.reason}")
    return [ev.ItemsGiven(giver.id, taker.id, item, command.count)]


def use_item(state: WorldState, run: RunState, user: Actor, command: Gear, stream: DiceStream, tn: int,
             negative_pool: str) -> list[ev.WorldEvent]:
    """One carried consumable on the user or on a party member beside him; a bandage rolls first aid at once."""
    items = run.content.items
    item_id = command.item
    item = items.get(item_id or "")
    if item is None or item.effect is None:
        raise IllegalAction(f"use what? {item.name if item else repr(item_id)} is no consumable")
    if run.inventories[user.id].count(item.id) < 1:
        raise IllegalAction(f"{user.name} carries no {item.name}")
    patient = user if command.to in (None, user.id) else party_member(state, command.to, "be tended")
    if chebyshev(user.pos, patient.pos) > BESIDE:
        raise IllegalAction(f"{patient.name} is not beside {user.name}")
    fighter = patient.fighter
    care = use(item.effect, item.power, fighter, run.doses.get(patient.id, 0))
    if isinstance(care, Refused):
        raise IllegalAction(care.reason)
    if care.effect == "first_aid":
        roll = roll_pool(stream, care.first_aid_dice, tn, negative_pool)
        outcome = first_aid_outcome(fighter, roll.successes)
        return [ev.ItemUsed(user.id, patient.id, item.id, item.effect, changes(outcome), None, tuple(roll.faces),
                            roll.successes)]
    ht = care.ht[1] if care.ht is not None else None
    return [ev.ItemUsed(user.id, patient.id, item.id, item.effect, changes(care), ht)]


def at_the_stairs(run: RunState, actor: Actor) -> bool:
    """Whether `actor` stands within `AT_THE_STAIRS` squares of this depth's stairs (up or down)."""
    return any(chebyshev(actor.pos, p) <= AT_THE_STAIRS for p in (stairs_up(run), stairs_down(run)))


def advancement(state: WorldState, run: RunState, actor: Actor) -> Advancement:
    """What `actor` has to spend and has bought (his creature's attributes and ratings, with his training)."""
    wearer = run_wearer(run, actor)
    return Advancement(run.experience.get(actor.id, 0), wearer.attributes, dict(wearer.proficiencies))


def train(state: WorldState, run: RunState, command: Train) -> list[ev.WorldEvent]:
    actor = party_member(state, command.actor or state.leader, "train")
    if not at_the_stairs(run, actor):
        raise IllegalAction(f"{actor.name} spends experience at the stairs: walk there first")
    adv = advancement(state, run, actor)
    if command.kind == "attribute":
        if command.name not in ATTRIBUTE_NAMES:
            raise IllegalAction(f"there is no attribute {command.name!r}")
        bought = buy_attribute(adv, command.name)
        if isinstance(bought, Refused):
            raise IllegalAction(bought.reason)
        value = int(getattr(bought.attributes, command.name))
    elif command.kind == "proficiency":
        bought = buy_proficiency(adv, command.name, state.catalog)
        if isinstance(bought, Refused):
            raise IllegalAction(bought.reason)
        value = proficiency_level(bought.proficiencies, command.name, state.catalog)
    else:
        raise IllegalAction(f"train what? {command.kind!r} is neither a proficiency nor an attribute")
    return [ev.Trained(actor.id, command.kind, command.name, value, adv.experience - bought.experience)]
