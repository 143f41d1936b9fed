"""The noncombat phase (document 2) and the movement phase without traces (document 3).

Noncombat: only characters who expended no blows or EN in the combat phase choose, secretly and at
once: `rest`, `cast` (a stand-in spell with no effect yet), `adjust` (armour) or `none`; all resolve
together. Movement: each conscious character chooses `stay`, `close:WHO` or `open:WHO`, each with
`|alert` or `|unalert` (whether he ends the phase alert); allowance = move less 1" per 5 ENC, halved if
alert or after a noncombat action, less 1" per blow expended, never below 0; one inch is one range band.
Then alert characters who did no noncombat action may attack a foe who came within their reach,
borrowing the blow from the next round (our ruling for "react to others' movement", after 3.2.2).
"""

from __future__ import annotations

from rules.decisions import Option
from rules.dew import events as ev
from rules.dew.fold import Emitter
from rules.dew.options import weapon_of
from rules.dew.state import DewBout, DewFighter, clamp_range, pair


# ----- noncombat ------------------------------------------------------------------------------------
def noncombat_eligible(bout: DewBout) -> list[str]:
    return [fid for fid, f in bout.fighters.items() if f.conscious and not f.combat_action]


def noncombat_options(f: DewFighter) -> list[Option]:
    out = [Option("none", "Nothing"), Option("rest", "Rest", note="ceases to be alert" if f.alert else "")]
    if not f.alert:
        out.append(Option("cast", "Cast spell", note="a stand-in: no effect yet"))
        if not f.armour_worn or f.armour_enc > _min_enc(f):
            out.append(Option("adjust", "Adjust armour" if f.armour_worn else "Don armour"))
    return out


def _min_enc(f: DewFighter) -> int:
    basic = f.stats.armour_enc
    return (basic + 1) // 2


def resolve_noncombat(em: Emitter, bout: DewBout) -> None:
    """All the chosen options take effect together (2.2): each reads the state before any of them."""
    results: list[ev.NoncombatDone] = []
    for fid, option in sorted(bout.noncombat_choices.items()):
        f = bout.fighters[fid]
        if option == "none":
            continue
        recovered, enc, worn = 0, f.armour_enc, f.armour_worn
        if option == "rest":
            recovered = max(0, min(f.stats.recovery, f.en_spent_last_round - 1, f.stats.en - f.en))
        elif option == "adjust":
            if not worn:
                worn, enc = True, f.stats.armour_enc
            else:
                enc = max(_min_enc(f), enc - f.stats.wt // 2)
        results.append(ev.NoncombatDone(fid, option, recovered, enc, worn, alert_lost=f.alert))
    for r in results:
        em.emit(r)


# ----- movement -------------------------------------------------------------------------------------
def movement_options(bout: DewBout, fid: str) -> list[Option]:
    f = bout.fighters[fid]
    moves = [("stay", "Stay")]
    if not f.fallen:
        for o in bout.others(fid):
            if not bout.fighters[o].conscious:
                continue
            name = bout.fighters[o].name
            moves.append((f"close:{o}", f"Move towards {name}"))
            moves.append((f"open:{o}", f"Move away from {name}"))
    out: list[Option] = []
    for value, label in moves:
        for stance in ("alert", "unalert"):
            allowance = allowance_for(f, stance == "alert")
            out.append(Option(f"{value}|{stance}", f"{label}, {stance}", note=f'{allowance}"'))
    return out


def allowance_for(f: DewFighter, alert: bool) -> int:
    base = max(0, f.stats.move - f.armour_enc // 5)
    if alert or f.noncombat is not None:
        base //= 2
    if f.fallen:
        return 0
    return max(0, base - f.blows_spent)


def resolve_movement(em: Emitter, bout: DewBout) -> None:
    """Everyone moves at once; the range changes to each other character are summed (3)."""
    before = {fid: _in_reach(bout, fid) for fid in bout.fighters}
    deltas: dict[tuple[str, str], int] = {}
    for fid, choice in sorted(bout.move_choices.items()):
        f = bout.fighters[fid]
        move, _, stance = choice.partition("|")
        alert = stance == "alert"
        if alert != f.alert:
            em.emit(ev.AlertChanged(fid, alert))
        direction, _, other = move.partition(":")
        allowance = allowance_for(f, alert)
        em.emit(ev.Moved(fid, other or None, direction, allowance, alert or f.noncombat is not None,
                         f.blows_spent))
        if direction == "stay" or allowance == 0:
            continue
        key = pair(fid, other)
        current = bout.ranges[key] + deltas.get(key, 0)
        change = -min(allowance, current - 1) if direction == "close" else allowance
        deltas[key] = deltas.get(key, 0) + change
    for key, delta in sorted(deltas.items()):
        new = clamp_range(bout.ranges[key] + delta)
        if new != bout.ranges[key]:
            em.emit(ev.RangeSet(key[0], key[1], new))
    reach: list[tuple[str, tuple[str, ...]]] = []
    for fid, f in sorted(bout.fighters.items()):
        if not (f.conscious and f.alert and f.noncombat is None and can_borrow(bout, f)):
            continue
        fresh = tuple(o for o in _in_reach(bout, fid) if o not in before[fid])
        if fresh:
            reach.append((fid, fresh))
    em.emit(ev.ReachNoted(tuple(reach)))


def can_borrow(bout: DewBout, f: DewFighter) -> bool:
    w = weapon_of(bout, f)
    return w is not None and not w.missile and not w.heavy and f.stats.active_blows - f.borrowed_active > 0


def _in_reach(bout: DewBout, fid: str) -> tuple[str, ...]:
    f = bout.fighters[fid]
    w = weapon_of(bout, f)
    if w is None or w.missile:
        return ()
    return tuple(o for o in bout.foes(fid) if bout.range(fid, o) <= w.reach)


def reaction_options(bout: DewBout, fid: str) -> list[Option]:
    out = [Option("none", "Let him come")]
    for o in bout.newly_in_reach.get(fid, ()):
        if bout.fighters[o].conscious:
            out.append(Option(f"attack:{o}", f"Attack {bout.fighters[o].name} (a blow borrowed from next round)"))
    return out


def round_blows(bout: DewBout) -> tuple[tuple[str, int, int], ...]:
    """Each character's blows for the new round, less those he borrowed (3)."""
    out = []
    for fid, f in bout.fighters.items():
        if not f.conscious:
            out.append((fid, 0, 0))
            continue
        out.append((fid, max(0, f.stats.active_blows - f.borrowed_active),
                    max(0, f.stats.reactive_blows - f.borrowed_reactive)))
    return tuple(out)
