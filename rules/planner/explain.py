"""One line on why the planner chose a declaration, from what the fighter may know: the odds of each
chosen action and what the rules show (a foe's pool, declared attacks).

The odds are the maneuver menu's own (`rules.odds.declaration_odds`, exact dice maths on what the fighter
may see), so the suggestion and the menu's odds of the same choice never disagree; the planner's lookahead
(its rollouts' tally) only says when no defence was worth its CP."""

from __future__ import annotations

from collections.abc import Sequence

from rules.bout import AGGRESSIVE, DEFENCE_ACTIONS, Action, Bout
from rules.odds import chance_text, declaration_odds
from rules.planner.rollout import Tally


def describe(bout: Bout, fid: str, actions: Sequence[Action], tally: Tally) -> str:
    """E.g. "Thrust at VIII with 6 dice: 62% to land, Bruno has 4 CP left to parry"."""
    catalog = bout.catalog
    me = bout.fighters[fid]
    if not actions and me.cp <= 0:
        return "Do Nothing: no CP left this round"
    if not actions:
        incoming = bout.declared_attacks_on(fid)
        if fid in bout.arrivals:  # the menu offers him no plain attack this exchange (rules.menu's docstring)
            why = "you joined mid-exchange, with no initiative to attack with"
            if incoming and bout.orientation.get(fid) == AGGRESSIVE:
                why += "; Aggressive cannot defend"
            return f"Do Nothing: {why}; keeps {me.cp} CP"
        if incoming:
            return f"Do Nothing: no defence was worth its CP; keeps {me.cp} CP"
        return f"Do Nothing: keeps {me.cp} CP for what comes next"
    parts: list[str] = []
    for i, a in enumerate(actions):
        name = catalog.maneuvers[a.maneuver].name
        foe = a.opponent
        odds = declaration_odds(bout, fid, a, actions[:i])
        if a.action in DEFENCE_ACTIONS:
            if odds.hit_back > 0 or bout.declared_attacks_on(fid) or tally.incoming:
                parts.append(f"{name} with {a.dice} dice: hit back {chance_text(odds.hit_back)}")
            else:
                parts.append(f"{name} with {a.dice} dice held ready")
            continue
        zone = f" at {a.zone}" if a.zone else ""
        extra = " (greater)" if a.greater else ""
        if foe is None or odds.land is None:
            parts.append(f"{name}{zone}{extra}")
            continue
        them = bout.fighters[foe]
        pool = (f"{them.sheet.name} kept {them.cp} CP" if foe in bout.declarations
                else f"{them.sheet.name} has {them.cp} CP left to parry")
        parts.append(f"{name}{zone}{extra} with {a.dice} dice: {chance_text(odds.land)} to land, {pool}")
    return "; ".join(parts)
