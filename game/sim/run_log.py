"""The combat log's lines for a run's events (issue 10, docs/run.md "The run's log"): stairs and the
depth entered (its theme), items picked up, put down, dropped by the fallen, given, equipped and taken
off, chests opened, recruits freed or hired, companions left behind setting out and arriving, training,
consumables used and what they did, painkillers wearing off, a fallen companion brought round,
experience, and the relic taken. Plain
words; item and theme names from the run content (`run_content.default_run_content`)."""

from __future__ import annotations

from collections.abc import Callable

from game.sim import events as ev
from game.sim.run_content import default_run_content

Namer = Callable[[str | None], str]


def item_name(item: str) -> str:
    found = default_run_content().items.get(item)
    return found.name if found is not None else item.replace("_", " ")


def items_text(items: tuple[tuple[str, int], ...]) -> str:
    """"Spear, 3 Linen Bandage" (nothing: "nothing")."""
    return ", ".join(f"{n} {item_name(i)}" if n != 1 else item_name(i) for i, n in items) or "nothing"


def theme_name(theme: str) -> str:
    found = default_run_content().themes.get(theme)
    return found.name if found is not None else theme.replace("_", " ")


def _used(e: ev.ItemUsed, n: Namer) -> str:
    whom = "" if e.on == e.actor else f" on {n(e.on)}"
    head = f"{n(e.actor)} uses {item_name(e.item)}{whom}"
    bleeding = sum(bl for _i, _p, bl in e.wounds)
    pain = sum(p for _i, p, _bl in e.wounds)
    if e.effect == "first_aid":
        roll = f"first aid {list(e.faces)} {e.successes} success{'es' if e.successes != 1 else ''}" if e.faces else ""
        result = "the bleeding stops" if bleeding == 0 else f"still bleeding {bleeding}"
        return f"{head}: {roll + ', ' if roll else ''}{result}"
    if e.effect == "staunch":
        return f"{head}: " + ("the bleeding stops" if bleeding == 0 else f"the worst bleeding stops, {bleeding} left")
    if e.effect == "painkiller":
        return f"{head}: the pain eases to {pain}"
    if e.effect == "restore":
        return f"{head}: HT back to {e.ht}" if e.ht is not None else f"{head}: no change"
    return head


def run_line(event: ev.WorldEvent, n: Namer, relic: str | None = None) -> str | None:
    """The log line of a run's event, or None when `event` is none of them (or says nothing)."""
    if relic is None:
        relic = default_run_content().run.goal.relic
    if isinstance(event, ev.LevelChanged):
        way = "down" if event.depth > event.frm else "up"
        who = ", ".join(n(a) for a, _x, _y in event.travellers)
        where = f"depth {event.depth}" + (f", {theme_name(event.theme)}" if event.theme else "")
        return f"{who} take{'s' if len(event.travellers) == 1 else ''} the stairs {way} to {where}"
    if isinstance(event, ev.ItemsPickedUp):
        if any(i == relic for i, _n in event.items):
            return f"{n(event.actor)} takes {item_name(relic)}: now to bring it out" + (
                "" if len(event.items) == 1 else f" (and {items_text(tuple(x for x in event.items if x[0] != relic))})")
        return f"{n(event.actor)} picks up {items_text(event.items)}"
    if isinstance(event, ev.ItemPutDown):
        return f"{n(event.actor)} puts down {items_text(((event.item, event.count),))}"
    if isinstance(event, ev.ItemsDropped):
        return f"{n(event.actor)} drops {items_text(event.items)} where he fell"
    if isinstance(event, ev.ItemsGiven):
        return f"{n(event.actor)} gives {items_text(((event.item, event.count),))} to {n(event.to)}"
    if isinstance(event, ev.GearChanged):
        worn = [slot for slot, item in event.equipped if item == event.item]
        if worn:
            return f"{n(event.actor)} equips {item_name(event.item)} ({worn[0].replace('_', ' ')})"
        return f"{n(event.actor)} takes off {item_name(event.item)}"
    if isinstance(event, ev.ChestOpened):
        return f"{n(event.actor)} opens a chest: " + (items_text(event.items) if event.items else "it is empty")
    if isinstance(event, ev.Recruited):
        if event.kind == "prisoner":
            return f"{n(event.actor)} frees {n(event.recruit)}, who joins the party"
        return f"{n(event.actor)} hires {n(event.recruit)} for {event.price} coins"
    if isinstance(event, ev.RecruitRefused):
        return f"{n(event.recruit)} does not join: {event.reason}"
    if isinstance(event, ev.FollowerSetOut):
        return (f"{n(event.actor)} is left behind on depth {event.frm} and follows the party"
                f" (arrives at tick {event.arrives})")
    if isinstance(event, ev.FollowerArrived):
        return f"{n(event.actor)} catches up with the party, from depth {event.frm}"
    if isinstance(event, ev.Trained):
        what = event.name.replace("_", " ")
        return f"{n(event.actor)} trains {what} to {event.value} ({event.cost} experience)"
    if isinstance(event, ev.ItemUsed):
        return _used(event, n)
    if isinstance(event, ev.PainReturned):
        pain = sum(p for _i, p in event.wounds)
        return f"{n(event.actor)}'s painkiller wears off: the pain is back to {pain}"
    if isinstance(event, ev.CameRound):
        return f"{n(event.by)} tends {n(event.actor)}, who comes round and stands again"
    if isinstance(event, ev.ExperienceGained):
        why = event.why if event.why.startswith("depth ") else f"{n(event.why)} fell"
        return f"{n(event.actor)} gains {event.amount} experience ({why})"
    return None

