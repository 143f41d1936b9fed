"""Folding Combat basics events into a `CbBout`: the only writer of its state.

The rules emit through `Emitter`, which folds each event at once (the rest of a resolution reads the
changed state) and keeps it; the rules package's wound events (`WoundTaken`, `KnockCheck`, ...) are
folded onto the bout's `FighterState`s by `rules.fold`. Folding the same events onto a fresh bout,
with no dice, rebuilds it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules import fold as trs_fold
from rules.combat_basics import events as ev
from rules.combat_basics.state import DAZE, STUMBLE, TURN, CbBout, CbFighter, Effect, Push, Readied, Strike
from rules.combat_basics.stats import CbStats
from rules.events import Event


def _joined(e: ev.Joined, b: CbBout) -> None:
    stats = CbStats(dexterity=e.dexterity, willpower=e.willpower, persuasion=e.persuasion, insight=e.insight,
                    missile=e.missile)
    b.cb[e.fighter] = CbFighter(e.fighter, e.name, e.side, stats, e.pos, creature=e.creature)
    if b.round > 0 and e.fighter not in b.order:
        b.order.append(e.fighter)
        b.done.add(e.fighter)  # a late arrival takes his first turn next round


def _stats(e: ev.StatsSet, b: CbBout) -> None:
    c = b.cb[e.fighter]
    c.stats = CbStats(dexterity=e.dexterity, willpower=e.willpower, persuasion=e.persuasion, insight=e.insight,
                      missile=e.missile)
    c.side = e.side
    c.creature = e.creature


def _initiative(e: ev.InitiativeRolled, b: CbBout) -> None:
    b.cb[e.fighter].initiative = e.score


def _order(e: ev.OrderSet, b: CbBout) -> None:
    b.order = list(e.order)


def _round(e: ev.RoundBegan, b: CbBout) -> None:
    b.round = e.round
    b.phase = TURN
    b.done.clear()
    b.actor = None
    for c in b.cb.values():
        c.delayed = False


def _turn(e: ev.TurnBegan, b: CbBout) -> None:
    b.actor = e.fighter
    b.cb[e.fighter].delayed = False
    b.chosen = None
    b.acted = False


def _choice(e: ev.TurnChosen, b: CbBout) -> None:
    b.chosen = e.action
    b.cb[e.fighter].last_action = e.action


def _delayed(e: ev.Delayed, b: CbBout) -> None:
    b.order = list(e.order)
    b.acted = True
    b.cb[e.fighter].delayed = True
    b.actor = None  # his turn comes again where he moved to: he is not done this round


def _readied(e: ev.Readied, b: CbBout) -> None:
    b.cb[e.fighter].readied = Readied(e.trigger, e.square)
    b.acted = True


def _ready_lost(e: ev.ReadyLost, b: CbBout) -> None:
    b.cb[e.fighter].readied = None


def _triggered(e: ev.ReadyTriggered, b: CbBout) -> None:
    b.cb[e.fighter].readied = None
    b.order = list(e.order)
    b.done.add(e.fighter)  # the readied action is his turn, taken now


def _moved(e: ev.Moved, b: CbBout) -> None:
    b.cb[e.fighter].pos = e.end
    if e.how != "placed":  # the host's own placing comes from its map; the rest it walks (`Walk`)
        b.owed.append((e.fighter, e.end))


def _walk(e: ev.Walk, b: CbBout) -> None:
    b.owed.clear()


def _withdrawn(e: ev.Withdrawn, b: CbBout) -> None:
    fid = e.fighter
    del b.cb[fid]
    b.order = [o for o in b.order if o != fid]
    b.done.discard(fid)
    b.left.discard(fid)
    b.unseen = {p for p in b.unseen if fid not in p}
    b.queue = [s for s in b.queue if fid not in (s.attacker, s.target)]
    b.owed = [o for o in b.owed if o[0] != fid]
    if b.push is not None and fid in (b.push.victim, b.push.causer):
        b.push = None
    if b.actor == fid:
        b.actor, b.chosen, b.acted = None, None, False


def _waited(e: ev.Waited, b: CbBout) -> None:
    b.acted = True


def _strike(e: ev.StrikeQueued, b: CbBout) -> None:
    s = Strike(e.attacker, e.target, e.mode, e.penalty, e.chain, e.reason)
    if e.front:
        b.queue.insert(0, s)
    else:
        b.queue.append(s)
    if e.reason == "turn":
        b.acted = True


def _defence(e: ev.DefenceChosen, b: CbBout) -> None:
    b.queue[0].defence = e.defence


def _attack(e: ev.AttackRolled, b: CbBout) -> None:
    b.queue.pop(0)
    stumble = b.cb[e.target].effects.get(STUMBLE)
    if stumble is not None and e.mode == "melee" and e.outcome != "skipped" and e.attacker not in stumble.attacked_by:
        stumble.attacked_by.append(e.attacker)


def _push_pending(e: ev.DirectionAsked, b: CbBout) -> None:
    b.push = Push(e.victim, e.causer, e.seconds, e.options)


def _effect(e: ev.EffectBegan, b: CbBout) -> None:
    if e.kind == STUMBLE and b.push is not None and b.push.victim == e.fighter:
        b.push = None
    b.cb[e.fighter].effects[e.kind] = Effect(e.kind, e.seconds, e.turns, e.source, e.blocked, e.odd, e.fresh)


def _tick(e: ev.EffectTick, b: CbBout) -> None:
    effect = b.cb[e.fighter].effects[e.kind]
    effect.turns = e.turns
    effect.fresh = False


def _effect_end(e: ev.EffectEnded, b: CbBout) -> None:
    b.cb[e.fighter].effects.pop(e.kind, None)
    if e.kind == STUMBLE:
        b.fighters[e.fighter].prone = False  # he has his feet again


def _turn_lost(e: ev.TurnLost, b: CbBout) -> None:
    b.acted = True
    daze = b.cb[e.fighter].effects.get(DAZE)
    if daze is not None:
        daze.turns = max(0, daze.turns - 1)


def _turn_end(e: ev.TurnEnded, b: CbBout) -> None:
    b.done.add(e.fighter)
    b.actor = None
    b.chosen = None
    b.acted = False


def _fled(e: ev.Fled, b: CbBout) -> None:
    b.cb[e.fighter].fled = True
    b.cb[e.fighter].readied = None
    b.queue = [s for s in b.queue if e.fighter not in (s.attacker, s.target)]


def _left(e: ev.LeftReported, b: CbBout) -> None:
    b.left.update(e.fighters)
    for fid in e.fighters:
        b.cb[fid].readied = None


def _over(e: ev.BoutOver, b: CbBout) -> None:
    b.phase = "over"
    b.actor = None
    b.queue.clear()


_HANDLERS: dict[type, Callable[[Any, CbBout], None]] = {
    ev.Joined: _joined, ev.StatsSet: _stats, ev.InitiativeRolled: _initiative, ev.OrderSet: _order,
    ev.RoundBegan: _round,
    ev.TurnBegan: _turn, ev.TurnChosen: _choice, ev.Delayed: _delayed, ev.Readied: _readied,
    ev.ReadyLost: _ready_lost, ev.ReadyTriggered: _triggered, ev.Moved: _moved, ev.Waited: _waited,
    ev.StrikeQueued: _strike, ev.DefenceChosen: _defence, ev.AttackRolled: _attack,
    ev.DirectionAsked: _push_pending, ev.EffectBegan: _effect, ev.EffectTick: _tick,
    ev.EffectEnded: _effect_end, ev.TurnLost: _turn_lost, ev.TurnEnded: _turn_end, ev.Fled: _fled,
    ev.LeftReported: _left, ev.BoutOver: _over, ev.Walk: _walk, ev.Withdrawn: _withdrawn,
}


def apply(event: Event, bout: CbBout) -> None:
    """Fold one event: this system's onto its state, the rules package's onto the fighters."""
    handler = _HANDLERS.get(type(event))
    if handler is not None:
        handler(event, bout)
    else:
        trs_fold.apply(event, bout.fighters)


class Emitter:
    """Collects the events of one rules call, folding each as it is emitted."""

    __slots__ = ("bout", "events")

    def __init__(self, bout: CbBout) -> None:
        self.bout = bout
        self.events: list[Event] = []

    def emit(self, event: Event) -> None:
        apply(event, self.bout)
        self.events.append(event)

    def extend(self, events: list[Event]) -> None:
        """Events already folded by the rules that made them (`rules.wounds.apply_wound`)."""
        self.events += events
