"""The log of Gold & Glory: one line per event, in the book's words (ap, mp, mod stack, success +2,
failure -3, the right to react, interrupt)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules.events import Event
from rules.gold_glory import events as ev

Names = Mapping[str, str]


def _n(names: Names, fid: str | None) -> str:
    return "no one" if fid is None else names.get(fid, fid)


def _action(action: str, n: Names) -> str:
    head, _, arg = action.partition(":")
    if head in ("attack", "activate"):
        return f"{head} {_n(n, arg)}"
    if head == "close":
        return f"close on {_n(n, arg)}"
    if head == "away":
        return "move away"
    return f"{head} {arg}".strip()


def _level(margin: int, success: bool) -> str:
    if success:
        return f"success {margin:+d}"
    return f"failure {margin:+d}" if margin < 0 else f"failure ({margin:+d}, a 10)"


def _roll(e: ev.Roll, n: Names) -> str:
    mods = ", ".join(f"{k} {v:+d}" for k, v in e.mods)
    mods = f" mod {sum(v for _, v in e.mods):+d} ({mods})" if e.mods else ""
    against = f" against {_n(n, e.against)}" if e.against else ""
    extra = f"; again {e.extra}" if e.extra is not None else ""
    quality, end = (f": {e.quality.replace('_', ' ')}", "!") if e.quality else ("", ".")
    if e.what == "resist":
        return (f"{_n(n, e.fighter)} rolls attack vs defence{against}: {e.value}{mods} - 1D10 ({e.die}) = "
                f"{_level(e.margin, e.success)}{extra}{quality}{end}")
    return (f"{_n(n, e.fighter)} rolls {e.what}{against}: {e.value}{mods}, 1D10 {e.die}: "
            f"{_level(e.margin, e.success)}{extra}{quality}{end}")


def _damage(e: ev.Damaged, n: Names) -> str:
    parts = [f"1D6 {e.die}, {e.raw} damage"]
    if e.blocked:
        parts.append(f"{e.blocked} stopped by the parry")
    if e.absorbed:
        parts.append(f"{e.absorbed} absorbed")
    return f"{_n(n, e.attacker)} hurts {_n(n, e.target)}: {', '.join(parts)}: {e.damage} hp lost, {e.hp_after} hp left."


def _thing(item: str) -> str:
    return "the " + item.replace("_", " ")


def _item(e: ev.ItemMoved, n: Names) -> str:
    who, it = _n(n, e.fighter), _thing(e.item)
    if e.other is not None:
        return f"{_n(n, e.other)} takes {it} from {who}."
    if e.dst == "ground":
        return f"{who} {_DOWN.get(e.why, 'drops')} {it} at {e.square}."
    if e.dst == "gone":
        return f"{who} drops {it} down the chasm." if e.why == "drop" else f"{who} drinks {it}."
    return {("belt", "hand"): f"{who} draws {it}.", ("hand", "belt"): f"{who} puts away {it}.",
            ("ground", "hand"): f"{who} picks up {it} at {e.square}."}.get((e.src, e.dst), f"{who}: {it}.")


_DOWN = {"putdown": "puts down", "receive": "fumbles the handover and drops"}


_POSTURE = {"stand": "stands up", "crouch": "crouches", "sit": "sits down", "lie": "lies down"}
_CLIMB = {"up": "climbs up to {level} of the obstacle at {at}", "stuck": "is stuck on the climb this round",
          "slip": "slips down to {level}", "fall": "falls off the climb", "top": "climbs onto the obstacle at {at}",
          "ledge": "climbs up onto the ledge at {at}"}
_KIND = {"turn": "takes a turn", "interrupt": "interrupts", "react": "has the right to react",
         "strike": "strikes first with superior reach at"}
_OUT = {"dead": "dies", "unconscious": "loses consciousness", "awake": "regains consciousness",
        "fell_in": "falls into the chasm, out of the fight"}
_DEF = {"none": "takes no defence", "parry": "parries", "avoid": "avoids", "parry_yield": "parries and yields",
        "avoid_yield": "avoids and yields"}

_MOVED = {"yield": "yields to", "jump": "lands on", "hang": "comes up short and hangs from the far ledge, at",
          "fall_in": "comes down in the chasm at"}

_LINES: dict[type, Callable[[Any, Names], str | None]] = {
    ev.RoundBegan: lambda e, n: f"Round {e.round}. Initiative (dex + 1D4): "
    + ", ".join(f"{_n(n, f)} {i} ({d})" for f, i, d in sorted(e.initiative, key=lambda r: (-r[1], r[0]))) + ".",
    ev.Declared: lambda e, n: f"{_n(n, e.fighter)} declares {e.ap}ap and {e.speed} ({e.mp}mp).",
    ev.InitiativeChanged: lambda e, n: f"{_n(n, e.fighter)}'s initiative is now {e.initiative} ({e.reason}).",
    ev.FramePushed: lambda e, n: f"{_n(n, e.fighter)} {_KIND[e.kind]}"
    + (f" {_n(n, e.against)}" if e.kind in ("strike", "interrupt")
       else f" to {_n(n, e.against)}" if e.kind == "react" else "") + ".",
    ev.Announced: lambda e, n: None if e.action.startswith("moved:")
    else f"{_n(n, e.fighter)} is about to {_action(e.action, n)}: those of higher initiative may interrupt.",
    ev.InterruptAnswered: lambda e, n: f"{_n(n, e.fighter)} "
    + ("chooses to interrupt." if e.interrupts else "lets it happen."),
    ev.Cancelled: lambda e, n: None if e.reason in ("carried out", "no one strikes")
    else f"{_n(n, e.fighter)} cannot {_action(e.action, n)} now: {e.reason}.",
    ev.Moved: lambda e, n: None if e.why == "climb" else f"{_n(n, e.fighter)} {_MOVED.get(e.why, 'moves to')} "
    f"{e.to} facing {e.facing} ({e.mp}mp){', and falls prone' if e.fell and e.why != 'fall_in' else ''}.",
    ev.ItemMoved: _item,
    ev.Offered: lambda e, n: f"{_n(n, e.fighter)} holds out {_thing(e.item)} to {_n(n, e.to)}.",
    ev.Healed: lambda e, n: f"{_n(n, e.fighter)} is healed {e.hp} hp by {_thing(e.item)}: {e.hp_after} hp.",
    ev.PostureChanged: lambda e, n: f"{_n(n, e.fighter)} {_POSTURE[e.posture]}.",
    ev.Jumped: lambda e, n: f"{_n(n, e.fighter)} jumps {e.direction} over {e.over} square{'s' if e.over > 1 else ''}"
    f" of chasm (approach {e.approach}).",
    ev.Climbed: lambda e, n: f"{_n(n, e.fighter)} " + _CLIMB[e.result].format(level=e.level, at=e.at) + ".",
    ev.Turned: lambda e, n: f"{_n(n, e.fighter)} turns to face {e.facing}"
    + (f" ({e.ap}ap)" if e.ap else f" ({e.mp}mp)" if e.mp else "") + ".",
    ev.ApSpent: lambda e, n: f"{_n(n, e.fighter)} spends {e.ap}ap ({e.what})."
    if e.what in ("wait", "stutter step") else None,
    ev.Waited: lambda e, n: f"{_n(n, e.fighter)} waits" + (f" on {_n(n, e.on)}" if e.on else "") + ".",
    ev.Done: lambda e, n: f"{_n(n, e.fighter)} is done for the round.",
    ev.Roll: _roll,
    ev.DefenceDue: lambda e, n: f"{_n(n, e.target)} must declare a defence against {_n(n, e.attacker)}"
    + ("" if e.aware else " (unaware: mod-3)") + ".",
    ev.DefenceChosen: lambda e, n: f"{_n(n, e.fighter)} {_DEF.get(e.defence, e.defence)}.",
    ev.Damaged: _damage,
    ev.Fell: lambda e, n: f"{_n(n, e.fighter)} falls prone: mod-3 for this round and the next.",
    ev.OffBalance: lambda e, n: f"{_n(n, e.fighter)} goes off balance ({e.mp}mp beyond his points) instead of "
    f"falling: mod{e.mod} for this round and the next.",
    ev.Rose: lambda e, n: f"{_n(n, e.fighter)} rises.",
    ev.OutOfFight: lambda e, n: f"{_n(n, e.fighter)} escapes off the edge of the battle map "
    f"(away at least {e.away} rounds)." if e.state == "fled" else f"{_n(n, e.fighter)} {_OUT[e.state]}.",
    ev.RoundEnded: lambda e, n: f"Round {e.round} ends: unused points vanish.",
    ev.BoutOver: lambda e, n: "The fight is over: "
    + (", ".join(_n(n, f) for f in e.standing) or "no one") + " standing.",
}


def describe(event: Event, names: Names) -> str | None:
    line = _LINES.get(type(event))
    return None if line is None else line(event, names)
