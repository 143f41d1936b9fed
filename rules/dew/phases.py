"""The noncombat phase (document 2) and the movement phase (document 3), with traces where the bout has a
map and the option is on (`rules.dew.traces`: `chase:WHO` is then a choice too, and movers react as they
end their traces, 3.2.2), else without.

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
from rules.dew.traces import CHASE_COST, Passable, draw, step


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
        for o in bout.others(fid):  # the fallen too: an answer chosen before a shot felled him stays legal
            name = bout.fighters[o].name
            moves.append((f"close:{o}", f"Move towards {name}"))
            moves.append((f"open:{o}", f"Move away from {name}"))
            if bout.mapped():
                moves.append((f"chase:{o}", f"Chase {name}"))
    out: list[Option] = []
    for value, label in moves:
        for stance in ("alert", "unalert"):
            allowance = allowance_for(f, stance == "alert")
            if value.startswith("chase:"):
                allowance = max(0, allowance - CHASE_COST)
            out.append(Option(f"{value}|{stance}", f"{label}, {stance}", note=f'{allowance}"'))
    return out


def allowance_for(f: DewFighter, alert: bool) -> int:
    base = max(0, f.stats.move - f.armour_enc // 5)
    if alert or f.noncombat is not None:
        base //= 2
    if f.fallen:
        return 0
    return max(0, base - f.blows_spent)


def resolve_movement(em: Emitter, bout: DewBout, passable: Passable | None = None) -> None:
    """Everyone moves at once: by traces on a map (3.1-3.2), else the range changes to each other character
    are summed (3)."""
    if bout.mapped():
        _trace_movement(em, bout, passable)
        return
    before = {fid: _in_reach(bout, fid) for fid in bout.fighters}
    deltas: dict[tuple[str, str], int] = {}
    for fid, choice in sorted(bout.move_choices.items()):
        f = bout.fighters[fid]
        direction, other, alert = _movement_choice(em, fid, f.alert, choice)
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


def _movement_choice(em: Emitter, fid: str, was_alert: bool, choice: str) -> tuple[str, str, bool]:
    """A movement choice ``direction[:other]|stance`` read as (direction, other, alert); a change of
    alertness is emitted (`AlertChanged`)."""
    move, _, stance = choice.partition("|")
    alert = stance == "alert"
    if alert != was_alert:
        em.emit(ev.AlertChanged(fid, alert))
    direction, _, other = move.partition(":")
    return direction, other, alert


def _trace_movement(em: Emitter, bout: DewBout, passable: Passable | None) -> None:
    allowances: dict[str, int] = {}
    for fid, choice in sorted(bout.move_choices.items()):
        f = bout.fighters[fid]
        direction, other, alert = _movement_choice(em, fid, f.alert, choice)
        allowances[fid] = allowance_for(f, alert)
        em.emit(ev.Moved(fid, other or None, direction, allowances[fid], alert or f.noncombat is not None,
                         f.blows_spent, traced=True))
    if passable is None:
        draw(em, bout, allowances)
    else:
        draw(em, bout, allowances, passable)
    run_traces(em, bout)


def run_traces(em: Emitter, bout: DewBout) -> None:
    """3.2.1-3.2.3: end movement, smallest fraction first, until someone who just ended may attack a man
    still moving (`dew_reach`: their `dew_react` is due) or no one is moving."""
    while bout.moving:
        stopped = step(em, bout)
        if not stopped:
            break
        reach = trace_reactions(bout, stopped)
        if reach:
            em.emit(ev.ReachNoted(reach))
            return


def trace_reactions(bout: DewBout, stopped: list[str]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """3.2.2: those who just ended movement, alert, with no noncombat action, who may borrow a blow, and the
    foes still moving within their reach."""
    out = []
    for fid in sorted(stopped):
        f = bout.fighters[fid]
        if not (f.conscious and f.alert and f.noncombat is None and can_borrow(bout, f)):
            continue
        w = weapon_of(bout, f)
        assert w is not None
        foes = tuple(o for o in bout.foes(fid) if o in bout.moving and bout.range(fid, o) <= w.reach)
        if foes:
            out.append((fid, foes))
    return tuple(out)


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
    for o in bout.newly_in_reach.get(fid, ()):  # one felled since (a shot) is not struck (`settle`)
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
