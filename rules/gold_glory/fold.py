"""Folding Gold & Glory events into a `GGBout`: the only writer of its state.

The rules emit through `Emitter`, which folds each event at once (so the rest of a resolution reads the
changed state) and keeps it; folding the same events onto a fresh bout, with no dice, rebuilds it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.events import Event
from rules.gold_glory import events as ev
from rules.gold_glory.grid import diagonal, step, toward
from rules.gold_glory.state import DECLARE, ENDED, THEN_DONE, TURNS, Defence, Frame, GGBout


def _round(e: ev.RoundBegan, b: GGBout) -> None:
    b.round = e.round
    b.stage = DECLARE
    b.frames.clear()
    b.defence = None
    b.choices.clear()
    b.offers.clear()  # a handover not taken lapses with the round (our ruling)
    for fid, init, _ in e.initiative:
        f = b.fighters[fid]
        f.initiative = init
    for f in b.fighters.values():
        f.declared = f.waiting = f.done = f.moving = f.exerted = False
        f.ap = f.ap_left = f.mp_left = f.diagonals = f.balance_used = 0
        f.trail.clear()
        f.steps.clear()
        f.speed = "maneuver"


def _declared(e: ev.Declared, b: GGBout) -> None:
    f = b.fighters[e.fighter]
    f.declared = True
    f.ap = f.ap_left = e.ap
    f.speed = e.speed
    f.mp_left = e.mp
    if e.speed != "maneuver":
        f.exerted = True
    if all(b.fighters[x].declared for x in b.standing()):
        b.stage = TURNS


def _initiative(e: ev.InitiativeChanged, b: GGBout) -> None:
    b.fighters[e.fighter].initiative = e.initiative


def _push(e: ev.FramePushed, b: GGBout) -> None:
    b.frames.append(Frame(e.fighter, e.kind, e.against))
    if e.kind in ("turn", "interrupt"):
        b.fighters[e.fighter].waiting = False


def _pop(e: ev.FramePopped, b: GGBout) -> None:
    mine = [i for i, fr in enumerate(b.frames) if fr.owner == e.fighter]
    if mine:
        del b.frames[mine[0] if e.oldest else mine[-1]]
    b.fighters[e.fighter].moving = False


def _chosen(e: ev.Chosen, b: GGBout) -> None:
    b.choices[e.fighter] = e.choice
    top = b.top()
    if top is not None and top.owner == e.fighter and e.choice.endswith(THEN_DONE):
        top.then_done = True


def _announced(e: ev.Announced, b: GGBout) -> None:
    top = b.frames[-1]
    top.announced = e.action
    top.asked = ()
    if not e.action.startswith("moved:"):
        b.fighters[e.fighter].moving = False


def _answered(e: ev.InterruptAnswered, b: GGBout) -> None:
    for fr in reversed(b.frames):
        if fr.announced is not None:
            fr.asked = (*fr.asked, e.fighter)
            break


def _cancelled(e: ev.Cancelled, b: GGBout) -> None:
    for fr in reversed(b.frames):
        if fr.owner == e.fighter and fr.announced is not None:
            fr.announced = None
            fr.asked = ()
            fr.perceived = None
            break


def _moved(e: ev.Moved, b: GGBout) -> None:
    f = b.fighters[e.fighter]
    way = toward(f.pos, e.to)
    if diagonal(way) and e.why == "move":
        f.diagonals += 1
    f.steps.append(way if e.why == "move" else "")  # the speed of approach counts straight steps (line 985)
    f.pos = e.to
    f.trail.append(e.to)
    f.facing = e.facing
    f.mp_left -= e.mp
    f.moving = e.why in ("move", "jump")
    f.hanging = step(e.to, e.facing) if e.why == "hang" else None  # hangs from the ledge ahead
    f.climb_at, f.climb_level = None, 0
    top = b.top()
    if top is not None and top.owner == e.fighter and e.why in ("move", "jump"):
        top.moved = True
    if e.fell:
        f.prone = True
        f.moving = False


def _turned(e: ev.Turned, b: GGBout) -> None:
    f = b.fighters[e.fighter]
    f.facing = e.facing
    f.ap_left -= e.ap
    f.mp_left -= e.mp
    f.moving = False  # a free turn ends the movement path it went with


def _ap(e: ev.ApSpent, b: GGBout) -> None:
    f = b.fighters[e.fighter]
    f.ap_left -= e.ap
    f.moving = False
    if e.ap:
        f.exerted = True
    top = b.top()
    if top is not None and top.owner == e.fighter:
        top.announced = None
        top.asked = ()
        top.perceived = None
        if e.what not in ("wait", "turn", "stutter step"):
            top.acted = True


def _waited(e: ev.Waited, b: GGBout) -> None:
    """"Wait" keeps the initiative, flagged; "wait on other" only moves him down the list (line 791)."""
    b.fighters[e.fighter].waiting = e.on is None


def _rolled(e: ev.Roll, b: GGBout) -> None:
    top = b.top()
    if e.what == "perception" and top is not None and top.owner == e.against:
        top.perceived = e.success


def _done(e: ev.Done, b: GGBout) -> None:
    f = b.fighters[e.fighter]
    f.done = True
    f.waiting = False


def _defence_due(e: ev.DefenceDue, b: GGBout) -> None:
    b.defence = Defence(e.attacker, e.target, e.margin, e.angle, e.aware)


def _defence(e: ev.DefenceChosen, b: GGBout) -> None:
    b.defence = None


def _damaged(e: ev.Damaged, b: GGBout) -> None:
    f = b.fighters[e.target]
    f.hp = e.hp_after
    if e.damage:
        f.wounds.append(e.damage)


def _fell(e: ev.Fell, b: GGBout) -> None:
    f = b.fighters[e.fighter]
    f.prone = True
    f.shaken_until = e.until


def _off_balance(e: ev.OffBalance, b: GGBout) -> None:
    f = b.fighters[e.fighter]
    f.balance_used += e.mp
    f.off_balance_mod = e.mod
    f.off_balance_until = e.until


def _rose(e: ev.Rose, b: GGBout) -> None:
    b.fighters[e.fighter].prone = False
    b.fighters[e.fighter].posture = "stand"


def _item(e: ev.ItemMoved, b: GGBout) -> None:
    f = b.fighters[e.fighter]
    if e.src == "hand":
        f.hands.remove(e.item)
        b.offers = {to: o for to, o in b.offers.items() if o != (e.fighter, e.item)}
    elif e.src == "belt":
        f.belt.remove(e.item)
    elif e.src == "ground" and e.square is not None:
        pile = b.ground[e.square]
        pile.remove(e.item)
        if not pile:
            del b.ground[e.square]
    to = b.fighters[e.other] if e.other is not None else f
    if e.dst == "hand":
        to.hands.append(e.item)
    elif e.dst == "belt":
        f.belt.append(e.item)
    elif e.dst == "ground" and e.square is not None:
        b.ground.setdefault(e.square, []).append(e.item)
    for g in {f.id: f, to.id: to}.values():
        g.weapon = b.stats.wielded(g.stats, g.hands)


def _offered(e: ev.Offered, b: GGBout) -> None:
    b.offers[e.to] = (e.fighter, e.item)


def _healed(e: ev.Healed, b: GGBout) -> None:
    """The hp back; wounds heal one point at a time in order of acquisition (line 1444), for pain."""
    f = b.fighters[e.fighter]
    f.hp = e.hp_after
    left = e.hp
    for i, w in enumerate(f.wounds):
        cut = min(w, left)
        f.wounds[i] -= cut
        left -= cut
    f.wounds = [w for w in f.wounds if w > 0]


def _posture(e: ev.PostureChanged, b: GGBout) -> None:
    b.fighters[e.fighter].posture = e.posture


def _climbed(e: ev.Climbed, b: GGBout) -> None:
    f = b.fighters[e.fighter]
    f.mp_left -= e.mp
    if e.result in ("up", "slip", "stuck"):
        f.climb_at, f.climb_level = (e.at, e.level) if e.level > 0 else (None, 0)
    elif e.result == "fall":
        f.climb_at, f.climb_level, f.hanging = None, 0, None


def _out(e: ev.OutOfFight, b: GGBout) -> None:
    f = b.fighters[e.fighter]
    if e.state == "awake":
        f.unconscious = False
        return
    if e.state == "dead":
        f.dead = True
    elif e.state == "unconscious":
        f.unconscious = True
    else:  # fled off the map's edge, or fell into a chasm (fell_in): gone from the battle map
        f.fled = True
        b.away[e.fighter] = e.away
        f.hanging, f.climb_at, f.climb_level = None, None, 0
    f.prone = e.state != "fled"
    b.left_unreported.append(e.fighter)
    b.frames[:] = [fr for fr in b.frames if fr.owner != e.fighter]
    if b.defence is not None and e.fighter in (b.defence.attacker, b.defence.target):
        b.defence = None


def _settled(e: ev.Settled, b: GGBout) -> None:
    b.choices.clear()


def _round_end(e: ev.RoundEnded, b: GGBout) -> None:
    b.frames.clear()
    b.stage = ENDED


def _over(e: ev.BoutOver, b: GGBout) -> None:
    b.over = True


def _left(e: ev.LeftBout, b: GGBout) -> None:
    b.left_unreported = [x for x in b.left_unreported if x not in e.fighters]


_HANDLERS: dict[type, Callable[[Any, GGBout], None]] = {
    ev.RoundBegan: _round, ev.Declared: _declared, ev.InitiativeChanged: _initiative, ev.FramePushed: _push,
    ev.FramePopped: _pop, ev.Chosen: _chosen, ev.Announced: _announced, ev.InterruptAnswered: _answered,
    ev.Cancelled: _cancelled, ev.Moved: _moved, ev.Turned: _turned, ev.ApSpent: _ap, ev.Waited: _waited,
    ev.Done: _done, ev.DefenceDue: _defence_due, ev.DefenceChosen: _defence, ev.Damaged: _damaged,
    ev.Fell: _fell, ev.OffBalance: _off_balance, ev.Rose: _rose, ev.OutOfFight: _out, ev.Settled: _settled,
    ev.Roll: _rolled, ev.ItemMoved: _item, ev.Offered: _offered, ev.Healed: _healed, ev.PostureChanged: _posture,
    ev.Climbed: _climbed,
    ev.RoundEnded: _round_end, ev.BoutOver: _over, ev.LeftBout: _left,
}


def apply(event: Event, bout: GGBout) -> None:
    """Fold one event (events with no handler change nothing)."""
    handler = _HANDLERS.get(type(event))
    if handler is not None:
        handler(event, bout)


class Emitter:
    """Collects the events of one rules call, folding each as it is emitted."""

    __slots__ = ("bout", "events")

    def __init__(self, bout: GGBout) -> None:
        self.bout = bout
        self.events: list[Event] = []

    def emit(self, event: Event) -> None:
        apply(event, self.bout)
        self.events.append(event)
