"""Folding Sophia's Children's events into a bout: the only writer of `ScBout.sc`.

`apply(event, fighters, bout)` folds one event: this system's own (`rules.sophias_children.events`)
here, every other (wounds, shock, knock checks, deaths) through `rules.fold`. `Emit` collects the
events of one call, folding each as it is emitted, so the rest of the call reads the changed state;
folding a bout's events again onto a fresh bout, with no dice, rebuilds the same state.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules import fold as rules_fold
from rules.bout import Bout
from rules.events import Event
from rules.fighter import FighterState
from rules.sophias_children import events as sev
from rules.sophias_children.state import (
    ACTION,
    BID,
    DESIGNATE,
    FIRST_PICK,
    INTERRUPT,
    OVER,
    InterruptWar,
    ScBout,
    ScState,
    Unit,
)

_Handler = Callable[[Any, ScBout], None]


def apply(event: Event, fighters: Mapping[str, FighterState], bout: Bout | None) -> None:
    """Fold one event (see the module docstring)."""
    handler = _HANDLERS.get(type(event))
    if handler is None:
        rules_fold.apply(event, fighters, bout)
        return
    assert bout is not None and isinstance(bout.system_state, ScState), \
        "a Sophia's Children event folded without its bout"
    handler(event, ScBout(bout))


class Emit:
    """The events of one call, each folded as it is emitted."""

    def __init__(self, bout: ScBout) -> None:
        self.bout = bout
        self.events: list[Event] = []

    def __call__(self, event: Event) -> None:
        apply(event, self.bout.fighters, self.bout.bout)
        self.events.append(event)

    def extend(self, events: list[Event]) -> None:
        """Events already folded by the rules that made them (`rules.wounds.apply_wound`)."""
        self.events += events


def _joined(e: sev.CombatantJoined, b: ScBout) -> None:
    sc = b.sc
    unit = sc.units.get(e.unit)
    if unit is None:
        unit = sc.units[e.unit] = Unit(e.unit, e.side, [], e.squad)
    unit.members.append(e.fighter)
    sc.unit_of[e.fighter] = e.unit
    sc.agility[e.fighter] = e.agility
    sc.kind[e.fighter] = e.kind
    sc.level[e.fighter] = e.level
    sc.group[e.fighter] = e.group
    sc.status.setdefault(e.fighter, set())


def _roller(e: sev.RollerChosen, b: ScBout) -> None:
    b.sc.roller[e.group] = e.fighter


def _surprise(e: sev.SurpriseDecided, b: ScBout) -> None:
    b.sc.surprise[e.side] = e.surprised


def _initiative(e: sev.InitiativeRolled, b: ScBout) -> None:
    sc = b.sc
    for fid in e.members:
        sc.initiative[sc.unit_of[fid]] = e.total
    sc.rolled = True


def _pools(e: sev.PoolsSet, b: ScBout) -> None:
    sc = b.sc
    sc.pools = dict(e.pools)
    if not e.recalculated:  # the start of combat: the surprised start Tapped (unless all are)
        fresh = {u for u, unit in sc.units.items() if not sc.surprise.get(unit.side, False)}
        sc.up = fresh or set(sc.units)


def _tie(e: sev.TieForFirst, b: ScBout) -> None:
    sc = b.sc
    sc.phase = BID
    sc.tied = e.units
    sc.caps = dict(e.caps)
    sc.bids = {side: 0 for side, _ in e.caps}
    sc.stood = set()
    sc.bid_turn = 0


def _bid(e: sev.BidMade, b: ScBout) -> None:
    sc = b.sc
    sc.bids[e.side] = e.amount
    if e.stood:
        sc.stood.add(e.side)
    order = list(sc.caps)
    sc.bid_turn = (order.index(e.side) + 1) % len(order)


def _first_won(e: sev.FirstActionWon, b: ScBout) -> None:
    sc = b.sc
    for side, paid in e.paid:
        sc.pools[side] = sc.pools.get(side, 0) - paid
    sc.first_side = e.side
    sc.phase = FIRST_PICK


def _given(e: sev.ActionGiven, b: ScBout) -> None:
    sc = b.sc
    sc.phase = ACTION
    sc.acting = e.unit
    sc.first_action = e.how in ("first", "stand_out")
    sc.member = None
    sc.acted = set()
    sc.chosen = None
    sc.defence = None
    sc.designated = None
    sc.asked = set()
    sc.war = None
    sc.round_end = False
    sc.tied, sc.caps, sc.bids, sc.stood, sc.bid_turn, sc.first_side = (), {}, {}, set(), 0, None


def _member(e: sev.MemberUp, b: ScBout) -> None:
    b.sc.member = e.fighter


def _chosen(e: sev.ActionChosen, b: ScBout) -> None:
    b.sc.member = e.fighter
    b.sc.chosen = (e.kind, e.target, e.maneuver, e.zone)


def _defence(e: sev.DefenceChosen, b: ScBout) -> None:
    b.sc.defence = e.maneuver


def _status(e: sev.StatusChanged, b: ScBout) -> None:
    statuses = b.sc.status.setdefault(e.fighter, set())
    if e.on:
        statuses.add(e.status)
    else:
        statuses.discard(e.status)


def _done(e: sev.ActionDone, b: ScBout) -> None:
    sc = b.sc
    sc.chosen = None
    sc.defence = None
    sc.member = None
    if e.fighter is not None:
        sc.acted.add(e.fighter)
        sc.actions_done += 1
        return
    sc.up.discard(e.unit)
    sc.last = e.unit
    sc.acting = None
    sc.acted = set()
    sc.first_action = False
    sc.phase = DESIGNATE


def _round_end(e: sev.ScRoundEnded, b: ScBout) -> None:
    sc = b.sc
    sc.round = e.round + 1
    sc.up = set(sc.units)
    sc.round_end = True
    sc.last = e.last
    sc.phase = DESIGNATE


def _designated(e: sev.Designated, b: ScBout) -> None:
    sc = b.sc
    sc.designated = e.unit
    sc.phase = INTERRUPT
    sc.asked = set()
    sc.war = None


def _interrupt(e: sev.InterruptBid, b: ScBout) -> None:
    sc = b.sc
    war = sc.war
    if e.counter:
        assert war is not None, "a counter-bid with no Interrupt"
        war.match = e.amount
        war.turn = "raise"
        return
    sc.asked.add(e.unit)
    if war is None:
        if e.amount > 0:
            sc.war = InterruptWar(e.unit, e.against, e.amount)
        return
    if e.amount > 0:
        war.bid = e.amount
        war.turn = "counter"


def _settled(e: sev.InterruptSettled, b: ScBout) -> None:
    sc = b.sc
    for side, paid in e.paid:
        sc.pools[side] = sc.pools.get(side, 0) - paid
    sc.war = None


def _reported(e: sev.ActionsReported, b: ScBout) -> None:
    b.sc.actions_reported = e.count


def _over(e: sev.BoutOver, b: ScBout) -> None:
    b.sc.phase = OVER


def _nothing(e: Event, b: ScBout) -> None:
    """Rolls whose results the other events carry."""


_HANDLERS: dict[type[Event], _Handler] = {
    sev.CombatantJoined: _joined,
    sev.SurpriseDecided: _surprise,
    sev.InitiativeRolled: _initiative,
    sev.PoolsSet: _pools,
    sev.TieForFirst: _tie,
    sev.BidMade: _bid,
    sev.RollOff: _nothing,
    sev.FirstActionWon: _first_won,
    sev.ActionGiven: _given,
    sev.MemberUp: _member,
    sev.ActionChosen: _chosen,
    sev.DefenceChosen: _defence,
    sev.ScAttack: _nothing,
    sev.Stepped: _nothing,  # the world moves him on its map
    sev.StatusChanged: _status,
    sev.ActionDone: _done,
    sev.ScRoundEnded: _round_end,
    sev.Designated: _designated,
    sev.InterruptBid: _interrupt,
    sev.InterruptSettled: _settled,
    sev.BoutOver: _over,
    sev.ActionsReported: _reported,
    sev.RollerChosen: _roller,
}
