"""The log of the detailed sequence: one line per event, in the document's words."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules.dew import events as ev
from rules.events import Event

Names = Mapping[str, str]

_OUTCOME = {
    "hit": "exceeds the number required: the attack hits",
    "hit_breakage": "equals the number required: the attack hits, and breakage checks are made",
    "miss_breakage": "is one less than the number required: the attack misses, and breakage checks are made",
    "miss": "is less than the number required by more than one: it misses",
    "double_one": "a one on each die: the attack misses",
    "double_ten": "a ten on each die: the attack hits",
}
_MANEUVER = {"close": "closes", "open": "opens", "step_close": "steps close", "step_open": "steps open",
             "range": "changes range"}


def _n(names: Names, fid: str | None) -> str:
    return "no one" if fid is None else names.get(fid, fid)


def _hit(e: ev.HitRoll, n: Names) -> str:
    surprise = {1: "", 2: ", doubled (partial surprise)", 3: ", tripled (full surprise)"}[e.surprise]
    parry = f", parried by {', '.join(_n(n, p) for p in e.parries)}" if e.parries else ""
    gm = f"; D20 {e.gm_roll}{': ' + e.gm_ruling if e.gm_ruling else ''}" if e.gm_roll is not None else ""
    return (f"{_n(n, e.attacker)} attacks {_n(n, e.target)} with the {e.weapon}: hit roll {e.faces[0]}+{e.faces[1]}"
            f"{surprise}, AC {e.ac} with first modifier {e.first_modifier:+d}{parry}, less {e.preparations} "
            f"preparations = {e.total} against {e.need}: {_OUTCOME[e.outcome]}{gm}.")


def _crit(e: ev.CriticalRoll, n: Names) -> str:
    doubled = " doubled (full surprise)" if e.doubled else ""
    verdict = "the hit is critical" if e.critical else "not critical"
    forced = " (the double ten made it critical)" if e.forced else ""
    return (f"Critical roll: D12 {e.roll}{doubled}, less second AC modifier {e.second_modifier}, plus "
            f"{e.preparations} preparations = {e.total} against {e.need}: {verdict}{forced}.")


def _damage(e: ev.Damaged, n: Names) -> str:
    where = f"EN to {e.en_after} and BD to {e.bd_after}" if e.critical else f"EN to {e.en_after}"
    special = f" Maximum damage: D20 {e.special_roll}{', he falls' if e.target_fell else ''}." \
        if e.special_roll is not None else ""
    return f"Damage {e.damage} ({'+'.join(map(str, e.faces))}) to {_n(n, e.target)}: {where}.{special}"


def _maneuver(e: ev.Maneuvered, n: Names) -> str:
    check = f" (D100 DX check {e.roll})" if e.roll is not None else ""
    fall = f"; a 91 or more: DX check to avoid falling {e.fall_roll}{', he falls' if e.fell else ''}" \
        if e.fall_roll is not None else ""
    rose = ", rising from the ground" if e.rose else ""
    return (f"{_n(n, e.fighter)} {_MANEUVER[e.maneuver]}{rose} on {_n(n, e.other)}{check}: range "
            f"{e.old_range} to {e.new_range}{fall}.")


def _blow(e: ev.BlowSpent, n: Names) -> str:
    article = "a borrowed" if e.borrowed else "an" if e.kind == "active" else "a"
    return f"{_n(n, e.fighter)} expends {article} {e.kind} blow to {e.purpose}" + (" (1EN)." if e.en_cost else ".")


def _pass(e: ev.Passed, n: Names) -> str:
    extra = [x for x, on in (("becomes alert", e.alert), ("falls to the ground", e.fall),
                             (f"drops the {e.drop}", e.drop is not None)) if on]
    return f"{_n(n, e.fighter)} passes{': ' + ', '.join(extra) if extra else ''}."


_MOVES = {"close": "moves towards", "open": "moves away from", "chase": "chases"}


def _trace(e: ev.TraceDrawn, n: Names) -> str | None:
    length = len(e.path) - 1
    if length == 0:
        return None  # he stays: no trace to speak of
    line = f"{_n(n, e.fighter)}'s trace: {length}\" from {e.path[0]} to {e.path[-1]}"
    if e.chase is not None:
        line += f", to {_n(n, e.chase)}'s starting location, then following his trace"
    if e.until:
        line += f", ending when within reach of {_n(n, e.until)}"
    return line + "."


def _trace_step(e: ev.TraceStep, n: Names) -> str | None:
    if not e.moves and e.num == 0:
        return None  # those who stay end at once; no one moved
    fraction = "none" if e.num == 0 else "all" if e.num == e.den else f"{e.num}/{e.den}"
    who = ", ".join(_n(n, f) for f in e.stopped)
    moved = [f"{_n(n, f)} to {squares[-1]}" for f, squares in e.moves if f not in e.stopped]
    return (f"{who} {'ends' if len(e.stopped) == 1 else 'end'} movement after {fraction} of the remaining trace"
            + (f"; the others move through the same fraction of theirs ({'; '.join(moved)})" if moved else "") + ".")


_LINES: dict[type, Callable[[Any, Names], str | None]] = {
    ev.RoundBegan: lambda e, n: f"Round {e.round}. " + "; ".join(
        f"{_n(n, f)}: {a} active, {r} reactive blows" for f, a, r in e.blows if a or r) + ".",
    ev.PhaseBegan: lambda e, n: f"{e.phase.capitalize()} phase.",
    ev.InitiativeTo: lambda e, n: (f"{_n(n, e.holders[0])} keeps the initiative (a thrusting preparation)."
                                   if e.chained else f"Initiative: {_n(n, e.holders[0])}." if len(e.holders) == 1
                                   else f"Simultaneous initiative: {', '.join(_n(n, h) for h in e.holders)} "
                                        "declare their options simultaneously."),
    ev.BlowSpent: _blow,
    ev.Passed: _pass,
    ev.Drew: lambda e, n: f"{_n(n, e.fighter)} draws the {e.weapon} and wields it.",
    ev.Grabbed: lambda e, n: f"{_n(n, e.fighter)} grabs for the {e.item}"
                             + (f" (D20 DX check {e.roll})" if e.roll is not None else "")
                             + (": he has it." if e.success else ": he misses it."),
    ev.Prepared: lambda e, n: f"{_n(n, e.fighter)} prepares a great blow with the {e.weapon} ({e.count}).",
    ev.PreparationLost: lambda e, n: f"{_n(n, e.fighter)} loses {e.count} preparations: {e.reason}.",
    ev.Maneuvered: _maneuver,
    ev.HitRoll: _hit,
    ev.BreakageCheck: lambda e, n: f"Breakage check for {_n(n, e.fighter)}'s {e.item}: D100 {e.roll} against "
                                   f"{e.number}: {'it breaks' if e.broke else 'it holds'}.",
    ev.CriticalRoll: _crit,
    ev.Damaged: _damage,
    ev.Fumbled: lambda e, n: f"{_n(n, e.fighter)} fumbles (D20 {e.roll}): "
                             + ("drops his weapon." if e.dropped else "falls."),
    ev.OutOfFight: lambda e, n: f"{_n(n, e.fighter)} is {e.state}.",
    ev.NoncombatDone: lambda e, n: f"{_n(n, e.fighter)} " + {
        "rest": f"rests and recovers {e.recovered} EN", "cast": "casts a spell (a stand-in: no effect yet)",
        "adjust": f"adjusts his armour (ENC {e.armour_enc})"}.get(e.option, e.option)
        + (", ceasing to be alert." if e.alert_lost else "."),
    ev.AlertChanged: lambda e, n: f"{_n(n, e.fighter)} {'becomes alert' if e.alert else 'ceases to be alert'}.",
    ev.Moved: lambda e, n: None if e.direction == "stay" else
        f"{_n(n, e.fighter)} {_MOVES.get(e.direction, 'moves')} {_n(n, e.other)}: "
        f"{e.allowance}\" ({'halved, ' if e.halved else ''}less {e.blows} for blows expended"
        + (", less 2 to chase" if e.direction == "chase" else "") + ").",
    ev.TraceDrawn: _trace,
    ev.TraceStep: _trace_step,
    ev.Placed: lambda e, n: None,
    ev.ShotLoosed: lambda e, n: f"{_n(n, e.shooter)}, unalert, shoots at {_n(n, e.target)} with the {e.weapon} "
        f"from {e.distance}\" (it carries {e.reach}\""
        + (f" with {e.preparations} preparations" if e.preparations else "") + ").",
    ev.RangeSet: lambda e, n: f"Range {_n(n, e.a)} - {_n(n, e.b)} is now {e.range}.",
    ev.ReachNoted: lambda e, n: "; ".join(
        f"{_n(n, f)} may stop and strike {', '.join(_n(n, o) for o in foes)}, borrowing a blow from the next round"
        for f, foes in e.reach) or None,
    ev.RoundEnded: lambda e, n: f"End of round {e.round}.",
    ev.BoutOver: lambda e, n: f"The fight is over: {', '.join(_n(n, s) for s in e.standing) or 'no one'} standing.",
}


def describe(event: Event, names: Names) -> str | None:
    """One log line for `event` (None for events the log leaves out: choices, bookkeeping)."""
    line = _LINES.get(type(event))
    return None if line is None else line(event, names)
