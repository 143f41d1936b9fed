"""Combat-log lines for Sophia's Children, in the document's words (Initiative Pool, First Action,
Next Action, Up, Tapped, Interrupt, Squad); every other event through `rules.log.describe`.

`describe(event, names)`: one line, or None for an event that does not belong in the log. `names` maps
fighter ids to names and Squad ids to `squad_name(id)` (so every subject is one: "the thugs' Squad
Interrupts ...").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from rules import log as rules_log
from rules.events import Event, ShockApplied
from rules.sophias_children import events as sev


def squad_name(squad: str) -> str:
    """A Squad's name in the log, grammatically one: "the thugs' Squad", "the goblin@wolves Squad"."""
    return f"the {squad}' Squad" if squad.endswith("s") else f"the {squad} Squad"


def plural(name: str) -> str:
    """A member's name made the band's: "Thug 2" -> "Thugs", "Bandit brute" -> "Bandit brutes"."""
    base = re.sub(r"\s+\d+$", "", name)
    return base if base.endswith("s") else base + "s"


def world_squad_name(squad: str, names: Mapping[str, str]) -> str:
    """The name of a world Squad (`creature@side`, `rules.sophias_children.stats.squads_for`): its members'
    name made plural ("the Thugs' Squad"), from a member in `names` (world ids are `creature_N`), else
    the creature's ("the bandit brutes' Squad")."""
    creature = squad.split("@", 1)[0]
    member = next((name for fid, name in names.items() if fid.rsplit("_", 1)[0] == creature), None)
    return squad_name(plural(member if member is not None else creature.replace("_", " ")))


def _faces(faces: tuple[int, ...]) -> str:
    return "[" + " ".join(str(f) for f in faces) + "]"


def _pay(paid: sev.Pay) -> str:
    text = ", ".join(f"{side} {amount}" for side, amount in paid)
    return f"from the pools: {text}" if text else "nothing from the pools"


def describe(event: Event, names: Mapping[str, str] | None = None) -> str | None:
    """One log line (see the module docstring)."""
    table = names or {}

    def n(fid: str | None) -> str:
        if fid is None:
            return "-"
        found = table.get(fid)
        if found is not None:
            return found
        return world_squad_name(fid, table) if "@" in fid else fid

    if isinstance(event, ShockApplied):
        return None  # shock has no effect under this system (docs/systems/sophias_children.md)
    handler = _LINES.get(type(event))
    if handler is None:
        return rules_log.describe(event, names)
    line: str | None = handler(event, n)
    return None if line is None else line[:1].upper() + line[1:]  # "The thugs' Squad ..."


Namer = Callable[[str | None], str]


def _surprise(e: sev.SurpriseDecided, n: Namer) -> str:
    how = "adjudicated" if e.face is None else f"1d6 [{e.face}]"
    return f"Surprise, side {e.side}: {how} → {'surprised' if e.surprised else 'not surprised'}"


def _roller(e: sev.RollerChosen, n: Namer) -> str:
    return f"{n(e.fighter)} rolls initiative for the party ({e.group})"


def _initiative(e: sev.InitiativeRolled, n: Namer) -> str:
    who = n(e.unit) if len(e.members) == 1 and e.unit == e.members[0] else \
        f"{n(e.unit)} ({', '.join(n(m) for m in e.members)}; rolled by {n(e.roller)})"
    return f"Initiative {who}: 1d6 [{e.face}] + Agility {e.agility} = {e.total}"


def _pools(e: sev.PoolsSet, n: Namer) -> str:
    text = ", ".join(f"{side} {points}" for side, points in e.pools)
    return f"Initiative Pools{' recalculated' if e.recalculated else ''}: {text}"


def _tie(e: sev.TieForFirst, n: Namer) -> str:
    caps = ", ".join(f"{side} up to {cap}" for side, cap in e.caps)
    return f"Tied at {e.total}: {', '.join(n(u) for u in e.units)}; no First Action yet, bidding ({caps})"


def _bid(e: sev.BidMade, n: Namer) -> str:
    if e.stood:
        return f"{n(e.by)} ({e.side}) bids no further: stands on {e.amount}"
    return f"{n(e.by)} ({e.side}) puts up {e.amount} for First Action"


def _roll_off(e: sev.RollOff, n: Namer) -> str:
    faces = ", ".join(f"{side} [{face}]" for side, face in e.faces)
    return f"Equal bids: 1d6 per side {faces} → {e.winner or 'tied, roll again'}"


def _first_won(e: sev.FirstActionWon, n: Namer) -> str:
    return f"Side {e.side} wins First Action ({_pay(e.paid)})"


def _given(e: sev.ActionGiven, n: Namer) -> str:
    how = {"stand_out": "First Action (highest initiative)", "first": "First Action",
           "designated": "the Next Action", "interrupt": "the Next Action by Interrupt"}[e.how]
    return f"Round {e.round}: {n(e.unit)} has {how}"


def _member(e: sev.MemberUp, n: Namer) -> str:
    return f"{n(e.unit)}: {n(e.fighter)} acts"


def _chosen(e: sev.ActionChosen, n: Namer) -> str | None:
    if e.kind == "attack":
        return None  # the attack line says it all
    if e.kind in ("back", "close"):
        return None  # the step's line says it
    return {"hide": f"{n(e.fighter)} moves into the shadows", "recover": f"{n(e.fighter)} gets his balance back",
            "wait": f"{n(e.fighter)} waits"}.get(e.kind, f"{n(e.fighter)}: {e.kind}")


def _defence(e: sev.DefenceChosen, n: Namer) -> str | None:
    return None


def _stepped(e: sev.Stepped, n: Namer) -> str:
    how = "steps back from" if e.change > 0 else "closes in on"
    return f"{n(e.fighter)} {how} {n(e.other)}"


def _attack(e: sev.ScAttack, n: Namer) -> str:
    text = (f"{n(e.attacker)}: {e.maneuver.replace('_', ' ').capitalize()} → {n(e.defender)} (zone {e.zone}) "
            f"{e.dice}d10 vs TN{e.tn} {_faces(e.faces)} = {e.successes}")
    if e.defence == "backstab":
        text += " vs nothing (from the shadows: a backstab)"
    elif e.defence == "none":
        text += " vs no defence"
    else:
        text += (f" vs {e.defence.replace('_', ' ').capitalize()} {e.defence_dice}d10 TN{e.defence_tn} "
                 f"{_faces(e.defence_faces)} = {e.defence_successes}")
    text += f" → MoS {e.mos}"
    if e.hit and e.location is not None:
        text += f", glances off the {e.location.replace('_', ' ')}" if e.level <= 0 else \
            f", wound {e.level} to the {e.location.replace('_', ' ')}"
    else:
        if e.defence_successes <= 0:
            text += ", miss"
        else:
            text += ", dodged" if e.defence == "full_evasion" else f", stopped by the {e.defence.replace('_', ' ')}"
    if e.stunned:
        text += f"; {n(e.defender)} is Stunned"
    return text


def _status(e: sev.StatusChanged, n: Namer) -> str:
    word = e.status.capitalize()
    return f"{n(e.fighter)} is {word}" if e.on else f"{n(e.fighter)} is no longer {word}"


def _done(e: sev.ActionDone, n: Namer) -> str | None:
    return f"{n(e.unit)} is Tapped" if e.fighter is None else None


def _round_end(e: sev.ScRoundEnded, n: Namer) -> str:
    return f"End of round {e.round}: all are Tapped; all reset to Up ({n(e.last)} acted last)"


def _designated(e: sev.Designated, n: Namer) -> str:
    return f"{n(e.by)} designates {n(e.unit)} for the Next Action"


def _interrupt(e: sev.InterruptBid, n: Namer) -> str | None:
    if e.counter:
        return f"{n(e.unit)} matches with {e.amount}" if e.amount else f"{n(e.unit)} does not match"
    if e.amount == 0:
        return None
    return f"{n(e.unit)} Interrupts {n(e.against)}, bidding {e.amount}"


def _settled(e: sev.InterruptSettled, n: Namer) -> str:
    outcome = "the Interrupt succeeds" if e.winner == e.interrupter else f"{n(e.interrupted)} keeps the action"
    return f"{outcome} ({_pay(e.paid)})"


def _silent(e: Event, n: Namer) -> None:
    """Bookkeeping with nothing to tell."""


def _over(e: sev.BoutOver, n: Namer) -> str:
    return f"The fight is over (round {e.round})"


_LINES: dict[type[Event], Callable[..., str | None]] = {
    sev.CombatantJoined: _silent,
    sev.SurpriseDecided: _surprise,
    sev.InitiativeRolled: _initiative,
    sev.PoolsSet: _pools,
    sev.TieForFirst: _tie,
    sev.BidMade: _bid,
    sev.RollOff: _roll_off,
    sev.FirstActionWon: _first_won,
    sev.ActionGiven: _given,
    sev.MemberUp: _member,
    sev.ActionChosen: _chosen,
    sev.DefenceChosen: _defence,
    sev.ScAttack: _attack,
    sev.Stepped: _stepped,
    sev.StatusChanged: _status,
    sev.ActionDone: _done,
    sev.ScRoundEnded: _round_end,
    sev.Designated: _designated,
    sev.InterruptBid: _interrupt,
    sev.InterruptSettled: _settled,
    sev.BoutOver: _over,
    sev.ActionsReported: _silent,
    sev.RollerChosen: _roller,
}
