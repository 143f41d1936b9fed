"""Mobility maneuvers, Version 2b: "Mobility Manuever as hidden movement modifiers" (issue 13 item 1;
house rule `mobility_version: v2b`; docs/rules_rulings.md).

Version 1 (the default) declares Thread the Needle and Outmaneuver at `s2` with the exchange's maneuvers
(`rules.menu`, `rules.exchange`). Under Version 2b a fighter instead commits one mobility maneuver
modifier, with its CP dice, together with his footwork at each exchange's `s0` ("Orientation or/and
perform Footwork with selected Mobility Manuever Modifier and commited dice to it"), and must reveal it
with his orientation, before anyone targets ("Combatants MUST always reveal their mobility manuever
modifiers before targeting"). Once the targets of `s1` are settled, every modifier is resolved ("reveal
all mobility manuever modifiers that can be executed (or remove them if they can't be executed) ...
resolve these manuevers accordingly similar to Version 1. Once resolved, this can result in
untargetting"), the offensive ones (Outmaneuver) first, each group from the highest Reflex down (the doc's
"highest Mobility"); `s2` then offers no mobility maneuver.

- Decisions (`rules.decisions`): `MOBILITY_CHOICE` (none / the modifiers his situation could use: Thread
  the Needle with two or more foes in reach, Outmaneuver with a companion in the bout), then
  `MOBILITY_DICE` (1..his CP) for a modifier chosen. The dice are spent at once.
- Thread the Needle: his dice at the maneuver's TN against each foe, other than his own target, who
  targets him after `s1`, each rolling Reflex at TN 7; a foe he beats loses him as his target
  (`Untargeted`) and may not attack him this exchange (`ThreadedPast`: the menu offers that foe no attack
  on him). With no such foe it cannot execute: the dice come back (`Refunded`).
- Outmaneuver: needs a companion targeting his target; his dice against the target's Reflex at TN 7; a win
  flanks the target (`Flanked`): his defences this exchange roll at TN +2. Else the dice come back.

The AI (`suggest`): Outmaneuver with `OUTMANEUVER_DICE` when a companion targets his target and his pool is
rich; Thread the Needle when two or more foes targeted him last and the dice leave a fair defence;
else none. Version 2a (reveal optionally, until one's own target declaration) is not played: see
docs/rules_rulings.md.
"""

from __future__ import annotations

from rules.bout import Bout, IllegalAction
from rules.costs import maneuver_tn
from rules.decisions import MOBILITY_CHOICE, MOBILITY_DICE, Decision, Option
from rules.dice import DiceStream, roll_pool
from rules.events import (
    Event,
    Flanked,
    MobilityChosen,
    MobilityCommitted,
    ReflexContest,
    Refunded,
    ThreadedPast,
    Untargeted,
)

NONE = "none"
THREAD, OUTMANEUVER = "thread_the_needle", "outmaneuver"
REFLEX_TN = 7  # the foe's Reflex roll against a mobility maneuver (as Version 1: rules.exchange.THREAD_TN)
FLANK_DTN = 2  # as Version 1 (rules.exchange.FLANK_DTN)
OUTMANEUVER_DICE = 3
OUTMANEUVER_MIN_CP = 12
THREAD_MIN_DICE = 3
THREAD_EDGE = 2
THREAD_KEEP = 5  # CP the AI keeps for the exchange after threading


def active(bout: Bout) -> bool:
    return bout.rules.mobility_version == "v2b"


def _companions(bout: Bout, fid: str) -> list[str]:
    return [f for f in bout.roster() if f != fid and not bout.hostile(fid, f)]


def choices(bout: Bout, fid: str) -> tuple[str, ...]:
    """The modifiers fid's situation could use (the doc: "Some manuever modifiers may not work")."""
    out = []
    if len(bout.foes(fid)) >= 2:
        out.append(THREAD)
    if bout.foes(fid) and _companions(bout, fid):
        out.append(OUTMANEUVER)
    return tuple(m for m in out if m in bout.catalog.maneuvers)


def due(bout: Bout) -> list[Decision]:
    """At an exchange's `s0`: the modifier of everyone with a choice who has not committed one, then the
    dice of everyone who chose a modifier."""
    out: list[Decision] = []
    mobility = bout.mobility
    for fid in bout.roster():
        chosen = mobility.get(fid)
        if chosen is None:
            options = choices(bout, fid)
            if options and bout.fighters[fid].cp > 0 and fid not in bout.arrivals:
                out.append(choice_decision(bout, fid, options))
        elif chosen[1] < 0:
            out.append(dice_decision(bout, fid, chosen[0]))
    return out


def choice_decision(bout: Bout, fid: str, options: tuple[str, ...]) -> Decision:
    maneuvers = bout.catalog.maneuvers
    opts = (Option(NONE, "No mobility maneuver"),) + tuple(Option(m, maneuvers[m].name) for m in options)
    return Decision(MOBILITY_CHOICE, fid, opts, NONE,
                    note="Version 2b: committed with your footwork, revealed before targeting")


def dice_decision(bout: Bout, fid: str, maneuver: str) -> Decision:
    cp = bout.fighters[fid].cp
    dice = suggest(bout, fid)[1] if suggest(bout, fid)[0] == maneuver else min(cp, THREAD_MIN_DICE)
    name = bout.catalog.maneuvers[maneuver].name
    return Decision(MOBILITY_DICE, fid, default=str(max(1, min(dice, cp))), low=1, high=cp,
                    note=f"CP dice for {name} (spent now; back if it cannot execute)")


def choose(bout: Bout, fid: str, maneuver: str) -> list[Event]:
    if not active(bout) or bout.clock.step != 0 or fid in bout.mobility:
        raise IllegalAction(f"{fid} commits no mobility maneuver now")
    if maneuver != NONE and maneuver not in choices(bout, fid):
        raise IllegalAction(f"{maneuver!r} is not a mobility maneuver {fid} can commit now")
    return bout.fold1(MobilityChosen(bout.clock.exchange, fid, maneuver))


def commit(bout: Bout, fid: str, dice: int) -> list[Event]:
    chosen = bout.mobility.get(fid)
    if chosen is None or chosen[1] >= 0:
        raise IllegalAction(f"{fid} commits no mobility dice now")
    cp = bout.fighters[fid].cp
    if not 1 <= dice <= cp:
        raise IllegalAction(f"a mobility maneuver takes 1 to {cp} CP dice")
    return bout.fold1(MobilityCommitted(bout.clock.exchange, fid, chosen[0], dice))


def suggest(bout: Bout, fid: str) -> tuple[str, int]:
    """The AI's modifier and dice (see the module docstring). Deterministic."""
    options = choices(bout, fid)
    cp = bout.fighters[fid].cp
    target = bout.targets.get(fid)
    if OUTMANEUVER in options and target is not None and cp >= OUTMANEUVER_MIN_CP and any(
            bout.targets.get(f) == target for f in _companions(bout, fid)):
        return OUTMANEUVER, OUTMANEUVER_DICE
    if THREAD in options:
        others = [f for f in bout.foes(fid) if bout.targets.get(f) == fid and f != target]
        if others and len([f for f in bout.foes(fid) if bout.targets.get(f) == fid]) >= 2:
            dice = max(THREAD_MIN_DICE, max(bout.fighters[f].reflex for f in others) + THREAD_EDGE)
            if cp - dice >= THREAD_KEEP:
                return THREAD, dice
    return NONE, 0


def resolve(bout: Bout, stream: DiceStream) -> list[Event]:
    """After the targets of `s1`: every committed modifier, Outmaneuvers first, each group from the highest
    Reflex down (ties: the id)."""
    committed = [(fid, m, dice) for fid, (m, dice) in bout.mobility.items() if m != NONE and dice > 0]
    if not committed:
        return []
    fighters = bout.fighters
    committed.sort(key=lambda c: (c[1] != OUTMANEUVER, -fighters[c[0]].reflex, c[0]))
    events: list[Event] = []
    for fid, maneuver, dice in committed:
        if not bout.active(fid):
            continue
        events += (_outmaneuver if maneuver == OUTMANEUVER else _thread)(bout, stream, fid, maneuver, dice)
    return events


def _tn(bout: Bout, fid: str, maneuver: str) -> int:
    return maneuver_tn(bout.fighters[fid].sheet, bout.catalog.maneuvers[maneuver]) or REFLEX_TN


def _contest(bout: Bout, stream: DiceStream, kind: str, me: str, foe: str, dice: int, tn: int,
             won_text: str, lost_text: str) -> tuple[ReflexContest, bool]:
    mine = roll_pool(stream, dice, tn, bout.rules.negative_pool)
    his = roll_pool(stream, bout.fighters[foe].reflex, REFLEX_TN, bout.rules.negative_pool)
    won = mine.successes > his.successes
    return ReflexContest(bout.clock.exchange, kind, me, foe, mine.dice, mine.tn, mine.faces, mine.successes,
                         his.dice, his.tn, his.faces, his.successes, me if won else foe,
                         won_text if won else lost_text), won


def _outmaneuver(bout: Bout, stream: DiceStream, me: str, maneuver: str, dice: int) -> list[Event]:
    exchange = bout.clock.exchange
    foe = bout.targets.get(me)
    if foe is None or not bout.active(foe) or not any(bout.targets.get(f) == foe for f in _companions(bout, me)):
        return bout.fold1(Refunded(exchange, me, dice, maneuver))
    contest, won = _contest(bout, stream, OUTMANEUVER, me, foe, dice, _tn(bout, me, maneuver),
                            "gets to his flank", "he keeps him in front")
    events: list[Event] = [contest]
    if won:
        events += bout.fold1(Flanked(exchange, foe, me, FLANK_DTN))
    return events


def _thread(bout: Bout, stream: DiceStream, me: str, maneuver: str, dice: int) -> list[Event]:
    exchange = bout.clock.exchange
    target = bout.targets.get(me)
    foes = sorted(f for f in bout.foes(me) if bout.targets.get(f) == me and f != target)
    if not foes:
        return bout.fold1(Refunded(exchange, me, dice, maneuver))
    tn = _tn(bout, me, maneuver)
    mine = roll_pool(stream, dice, tn, bout.rules.negative_pool)
    name = bout.fighters[me].sheet.name or me
    events: list[Event] = []
    for foe in foes:
        his = roll_pool(stream, bout.fighters[foe].reflex, REFLEX_TN, bout.rules.negative_pool)
        won = mine.successes > his.successes
        events.append(ReflexContest(exchange, THREAD, me, foe, mine.dice, mine.tn, mine.faces, mine.successes,
                                    his.dice, his.tn, his.faces, his.successes, me if won else foe,
                                    "threads past him" if won else "he keeps him in reach"))
        if won:
            events += bout.fold1(Untargeted(exchange, foe, f"{name} threads the needle"))
            events += bout.fold1(ThreadedPast(exchange, me, foe))
    return events
