"""One line on why the planner chose a declaration, from what the fighter may know: the odds its
lookahead found and what the rules show (a foe's pool, declared attacks)."""

from __future__ import annotations

from collections.abc import Sequence

from rules.bout import DEFENCE_ACTIONS, Action, Bout
from rules.planner.rollout import Tally


def _pct(num: int, den: int) -> str:
    return f"{round(100 * num / den)} %" if den else "no chance seen"


def describe(bout: Bout, fid: str, actions: Sequence[Action], tally: Tally) -> str:
    """E.g. "Thrust at VIII: 62 % to land, he has 4 CP left to parry"."""
    catalog = bout.catalog
    me = bout.fighters[fid]
    if not actions and me.cp <= 0:
        return "Do Nothing: no CP left this round"
    if not actions:
        incoming = bout.declared_attacks_on(fid)
        if incoming:
            return f"Do Nothing: no defence was worth its CP; keeps {me.cp} CP"
        return f"Do Nothing: keeps {me.cp} CP for what comes next"
    parts: list[str] = []
    for a in actions:
        name = catalog.maneuvers[a.maneuver].name
        foe = a.opponent
        if a.action in DEFENCE_ACTIONS:
            if catalog.maneuvers[a.maneuver].evasion == "full" and tally.incoming:
                each = ", ".join(f"{bout.fighters[f].sheet.name} {_pct(tally.stopped.get(f, 0), n)}"
                                 for f, n in sorted(tally.incoming.items()))
                parts.append(f"{name} with {a.dice} dice: evades {each} of the time")
            elif foe is not None and tally.incoming.get(foe):
                who = bout.fighters[foe].sheet.name
                parts.append(f"{name} with {a.dice} dice: stops {who} "
                             f"{_pct(tally.stopped.get(foe, 0), tally.incoming[foe])} of the time")
            else:
                parts.append(f"{name} with {a.dice} dice held ready")
            continue
        zone = f" at {a.zone}" if a.zone else ""
        extra = " (greater)" if a.greater else ""
        if foe is None:
            parts.append(f"{name}{zone}{extra}")
            continue
        them = bout.fighters[foe]
        odds = _pct(tally.landed.get(foe, 0), tally.attacks.get(foe, 0))
        pool = (f"{them.sheet.name} kept {them.cp} CP" if foe in bout.declarations
                else f"{them.sheet.name} has {them.cp} CP left to parry")
        parts.append(f"{name}{zone}{extra} with {a.dice} dice: {odds} to land, {pool}")
    return "; ".join(parts)
