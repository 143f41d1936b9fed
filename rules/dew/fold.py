"""Folding detailed-sequence events into a `DewBout`: the only writer of its state.

The rules emit through `Emitter`, which folds each event at once (so the rest of a resolution reads the
changed state) and keeps it; folding the same events onto a fresh bout, with no dice, rebuilds it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.dew import events as ev
from rules.dew.state import COMBAT, MOVEMENT, DewBout, DewFighter, pair
from rules.dew.stats import THRUSTING_KINDS
from rules.events import Event


def _round(e: ev.RoundBegan, b: DewBout) -> None:
    b.round = e.round
    b.segment = 0
    b.moved = False
    b.chain = None
    b.holders = ()
    b.pending.clear()
    b.parries.clear()
    b.noncombat_choices.clear()
    b.move_choices.clear()
    b.reactions.clear()
    b.newly_in_reach.clear()
    for fid, active, reactive in e.blows:
        f = b.fighters[fid]
        f.blows_spent = 1 if (f.borrowed_active or f.borrowed_reactive) else 0
        f.active, f.reactive = active, reactive
        f.borrowed_active = f.borrowed_reactive = 0
        f.en_spent_last_round = f.en_spent_round
        f.en_spent_round = f.en_spent_phase = 0
        f.combat_action = False
        f.noncombat = None
        f.passed = False


def _phase(e: ev.PhaseBegan, b: DewBout) -> None:
    b.phase = e.phase
    b.holders = ()
    if e.phase == MOVEMENT:
        b.drawn.clear()  # the last traces stay on the map until the next ones are drawn
        b.moving.clear()
        b.ends.clear()
    for f in b.fighters.values():
        f.en_spent_phase = 0


def _initiative(e: ev.InitiativeTo, b: DewBout) -> None:
    b.segment = e.segment
    b.holders = e.holders


def _option(e: ev.OptionChosen, b: DewBout) -> None:
    b.pending[e.fighter] = e.option


def _parry(e: ev.ParryChosen, b: DewBout) -> None:
    b.parries[e.fighter] = e.attacker


def _blow(e: ev.BlowSpent, b: DewBout) -> None:
    f = b.fighters[e.fighter]
    if e.borrowed:
        if e.kind == "active":
            f.borrowed_active += 1
        else:
            f.borrowed_reactive += 1
        return
    if e.kind == "active":
        f.active -= 1
    else:
        f.reactive -= 1
    f.blows_spent += 1
    f.en -= e.en_cost
    f.en_spent_phase += e.en_cost
    f.en_spent_round += e.en_cost
    if b.phase == COMBAT:
        f.combat_action = True


def _passed(e: ev.Passed, b: DewBout) -> None:
    f = b.fighters[e.fighter]
    f.passed = True
    if b.chain == e.fighter:
        b.chain = None
    if e.alert:
        f.alert = True
    if e.fall:
        f.fallen = True
    if e.drop is not None:
        _drop(b, f)


def _drop(b: DewBout, f: DewFighter) -> None:
    if f.weapon is not None:
        b.ground.append((f.weapon, f.id))
        f.weapon = None


def _passes_cleared(e: ev.PassesCleared, b: DewBout) -> None:
    for f in b.fighters.values():
        f.passed = False


def _drew(e: ev.Drew, b: DewBout) -> None:
    f = b.fighters[e.fighter]
    if e.dropped is not None:
        _drop(b, f)
    f.sheathed.remove(e.weapon)
    f.weapon = e.weapon


def _grabbed(e: ev.Grabbed, b: DewBout) -> None:
    f = b.fighters[e.fighter]
    if not e.success:
        return
    if e.dropped is not None:
        _drop(b, f)
    for i, (item, _where) in enumerate(b.ground):
        if item == e.item:
            del b.ground[i]
            break
    f.weapon = e.item


def _prepared(e: ev.Prepared, b: DewBout) -> None:
    f = b.fighters[e.fighter]
    f.prepared = e.count
    f.prep_weapon = e.weapon
    wpn = b.stats.weapons.get(e.weapon)
    b.chain = e.fighter if wpn is not None and wpn.kind in THRUSTING_KINDS else None


def _prep_lost(e: ev.PreparationLost, b: DewBout) -> None:
    f = b.fighters[e.fighter]
    f.prepared = 0
    f.prep_weapon = None
    if b.chain == e.fighter:
        b.chain = None


def _maneuvered(e: ev.Maneuvered, b: DewBout) -> None:
    f = b.fighters[e.fighter]
    b.ranges[pair(e.fighter, e.other)] = e.new_range
    if e.rose:
        f.fallen = False
    if e.fell:
        f.fallen = True


def _breakage(e: ev.BreakageCheck, b: DewBout) -> None:
    if not e.broke:
        return
    f = b.fighters[e.fighter]
    if e.item == "shield":
        f.shield = False
    elif f.weapon == e.item:
        f.weapon = None
        if f.prep_weapon == e.item:
            f.prepared, f.prep_weapon = 0, None


def _hit_roll(e: ev.HitRoll, b: DewBout) -> None:
    f = b.fighters[e.attacker]
    wpn = b.stats.weapons.get(e.weapon)
    if f.weapon == e.weapon and wpn is not None and wpn.kind == "thrown":  # it lands by its target
        f.weapon = None
        b.ground.append((e.weapon, e.target))
    f.prepared, f.prep_weapon = 0, None  # the preparations are used by this attack
    if b.chain == e.attacker:
        b.chain = None


def _damaged(e: ev.Damaged, b: DewBout) -> None:
    t = b.fighters[e.target]
    t.en, t.bd = e.en_after, e.bd_after
    if e.target_fell:
        t.fallen = True


def _fumbled(e: ev.Fumbled, b: DewBout) -> None:
    f = b.fighters[e.fighter]
    if e.dropped is not None:
        _drop(b, f)
    if e.fell:
        f.fallen = True


def _out(e: ev.OutOfFight, b: DewBout) -> None:
    f = b.fighters[e.fighter]
    f.fallen = True
    f.alert = False
    f.prepared, f.prep_weapon = 0, None
    b.left_unreported.append(e.fighter)
    b.moving.pop(e.fighter, None)  # he ends his movement where he is
    b.ends.pop(e.fighter, None)
    if e.state == "dead":
        f.dead = True
    else:
        f.unconscious = True


def _segment_end(e: ev.SegmentEnded, b: DewBout) -> None:
    b.pending.clear()
    b.parries.clear()
    b.holders = ()


def _noncombat_choice(e: ev.NoncombatChosen, b: DewBout) -> None:
    b.noncombat_choices[e.fighter] = e.option


def _noncombat(e: ev.NoncombatDone, b: DewBout) -> None:
    f = b.fighters[e.fighter]
    f.noncombat = e.option
    f.en += e.recovered
    f.armour_enc, f.armour_worn = e.armour_enc, e.armour_worn
    if e.alert_lost:
        f.alert = False


def _move_choice(e: ev.MoveChosen, b: DewBout) -> None:
    b.move_choices[e.fighter] = e.choice


def _alert(e: ev.AlertChanged, b: DewBout) -> None:
    b.fighters[e.fighter].alert = e.alert


def _range(e: ev.RangeSet, b: DewBout) -> None:
    b.ranges[pair(e.a, e.b)] = e.range


def _moved(e: ev.Moved, b: DewBout) -> None:
    b.moved = True


def _react_choice(e: ev.ReactChosen, b: DewBout) -> None:
    b.reactions[e.fighter] = e.target


def _reach_noted(e: ev.ReachNoted, b: DewBout) -> None:
    b.newly_in_reach = {fid: foes for fid, foes in e.reach}
    b.moved = True


def _left(e: ev.LeftBout, b: DewBout) -> None:
    b.left_unreported = [fid for fid in b.left_unreported if fid not in e.fighters]


def _placed(e: ev.Placed, b: DewBout) -> None:
    f = b.fighters.get(e.fighter) or b.away.get(e.fighter)
    if f is not None:
        f.pos = e.pos


def _trace(e: ev.TraceDrawn, b: DewBout) -> None:
    b.moving[e.fighter] = e.path
    b.drawn[e.fighter] = e.path
    b.ends[e.fighter] = e.until


def _trace_step(e: ev.TraceStep, b: DewBout) -> None:
    for fid, squares in e.moves:
        b.fighters[fid].pos = squares[-1]
        b.moving[fid] = b.moving[fid][len(squares):]
    for fid in e.stopped:
        b.moving.pop(fid, None)
        b.ends.pop(fid, None)


def _bout_over(e: ev.BoutOver, b: DewBout) -> None:
    b.over = True


_HANDLERS: dict[type, Callable[[Any, DewBout], None]] = {
    ev.RoundBegan: _round, ev.PhaseBegan: _phase, ev.InitiativeTo: _initiative, ev.OptionChosen: _option,
    ev.ParryChosen: _parry, ev.BlowSpent: _blow, ev.Passed: _passed, ev.PassesCleared: _passes_cleared,
    ev.Drew: _drew, ev.Grabbed: _grabbed, ev.Prepared: _prepared, ev.PreparationLost: _prep_lost,
    ev.Maneuvered: _maneuvered, ev.BreakageCheck: _breakage, ev.HitRoll: _hit_roll, ev.Damaged: _damaged,
    ev.Fumbled: _fumbled, ev.OutOfFight: _out, ev.SegmentEnded: _segment_end,
    ev.NoncombatChosen: _noncombat_choice, ev.NoncombatDone: _noncombat, ev.MoveChosen: _move_choice,
    ev.AlertChanged: _alert, ev.RangeSet: _range, ev.Moved: _moved, ev.ReactChosen: _react_choice,
    ev.BoutOver: _bout_over, ev.ReachNoted: _reach_noted, ev.LeftBout: _left, ev.Placed: _placed,
    ev.TraceDrawn: _trace, ev.TraceStep: _trace_step,
}


def apply(event: Event, bout: DewBout) -> None:
    """Fold one event (events with no handler change nothing: rolls whose results others carry)."""
    handler = _HANDLERS.get(type(event))
    if handler is not None:
        handler(event, bout)


class Emitter:
    """Collects the events of one rules call, folding each as it is emitted."""

    __slots__ = ("bout", "events")

    def __init__(self, bout: DewBout) -> None:
        self.bout = bout
        self.events: list[Event] = []

    def emit(self, event: Event) -> None:
        apply(event, self.bout)
        self.events.append(event)
