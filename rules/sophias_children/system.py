"""`sophias_children`: the order of combat of source document 001 as a combat system (`rules.systems`).

The clock is the document's: a round of actions, one unit (a combatant or a Squad) at a time. Phases
(`ScState.phase`): `start` (a level-0 party picks its roller; settle: surprise, initiative, the pools,
First Action or a tie), `bid`
(one side at a time, settle: the highest bid or a roll-off), `first_pick` (the winning side picks among
its tied combatants), `action` (a Squad picks its next member; the member's action and his target's
defence; settle: the action resolves), then `advance` taps the unit that is done, ends the round when
all are Tapped, and `designate` / `interrupt` give the Next Action. `advance` reports `resolved` after
each action. The state is an `ScState` on the bout (`Bout.system_state`). Before the first step,
`configure` may give the combatants' stats and Squads and the adjudicated surprise; otherwise stats
come from the sheets and each side rolls for surprise.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace

from rules.bout import Bout, IllegalAction
from rules.catalog import Catalog, HouseRules
from rules.deciders import DecisionMaker
from rules.decisions import ACTION, BID, COUNTER, DEFENCE, DESIGNATE, INTERRUPT, MEMBER, ROLLER, Decision
from rules.dice import DiceStream
from rules.events import Event
from rules.fighter import FighterSheet, FighterState
from rules.sophias_children import action, ai, order
from rules.sophias_children import events as sev
from rules.sophias_children import log as sc_log
from rules.sophias_children.fold import Emit, apply
from rules.sophias_children.state import ACTION as PHASE_ACTION
from rules.sophias_children.state import ASLEEP, FIRST_PICK, HIDDEN, OVER, START, STUNNED, ScBout, ScState
from rules.sophias_children.state import BID as PHASE_BID
from rules.sophias_children.state import DESIGNATE as PHASE_DESIGNATE
from rules.sophias_children.state import INTERRUPT as PHASE_INTERRUPT
from rules.sophias_children.stats import ScStats, squads_for, world_stats
from rules.systems import Answer, Entrant, MapMove, StepResult

NUMBER_KINDS = frozenset({BID, INTERRUPT, COUNTER})


def as_sc(bout: Bout) -> ScBout:
    """The system's view of a bout it made; IllegalAction for another system's."""
    return ScBout(bout)


class SophiasChildren:
    """The combat system (see the module docstring)."""

    name = "sophias_children"

    def new_bout(self, catalog: Catalog, fighters: Iterable[FighterSheet | FighterState],
                 house_rules: HouseRules | None = None, reach: Mapping[str, Iterable[str]] | None = None) -> Bout:
        bout = Bout(catalog, fighters, house_rules, reach)
        bout.system_state = ScState()
        return bout

    def configure(self, bout: Bout, stats: Mapping[str, ScStats] | None = None,
                  squads: Mapping[str, list[str]] | None = None,
                  surprised: Mapping[str, bool] | None = None) -> list[Event]:
        """Place the fighters who have no place yet: their stats (by id; the rest from the sheet) and
        Squads (id -> members), and, before the first step only, the surprise adjudicated from the
        circumstances (side -> surprised; a side left out rolls 1d6). Call it before the first step,
        and again for fighters who join later (they join Tapped, Up from the next round, adding to
        their side's pool at its next recalculation). ValueError on a bad Squad; IllegalAction for a
        surprise once the combat has begun."""
        b = as_sc(bout)
        if surprised and (b.sc.phase != START or b.sc.rolled):
            raise IllegalAction("the combat has begun: too late to adjudicate surprise")
        emit = Emit(b)
        order.configure(b, emit, stats, squads)
        for side, value in (surprised or {}).items():
            emit(sev.SurpriseDecided(side, value))
        return emit.events

    # ----- decisions ------------------------------------------------------------------------------
    def due(self, bout: Bout) -> list[Decision]:
        """The decisions due, a choice among options preselecting the answer `ai.advise` gives (the default
        a player takes with Enter: the AI's designation and defence, and a careful action)."""
        b = as_sc(bout)
        return [_preselected(b, d) for d in self._due(b)]

    def _due(self, b: ScBout) -> list[Decision]:
        phase = b.sc.phase
        if phase == OVER or b.over():
            return []
        if phase == START:
            return order.roller_decisions(b) if b.sc.units else []
        if phase == PHASE_BID:
            side = order.bidder(b)
            return [] if side is None else [order.bid_decision(b, side)]
        if phase == FIRST_PICK:
            return [order.designate_decision(b)]
        if phase == PHASE_ACTION:
            return action.action_decisions(b)
        if phase == PHASE_DESIGNATE:
            return [order.designate_decision(b)] if order.designate_options(b) else []
        return order.interrupt_decisions(b)

    def answer(self, bout: Bout, decision: Decision, value: Answer, *, reserve: int = 0) -> list[Event]:
        b = as_sc(bout)
        if decision not in self.due(bout):
            raise IllegalAction(f"no {decision.kind} decision is due for {decision.who} now")
        emit = Emit(b)
        kind = decision.kind
        if kind in NUMBER_KINDS:
            number = _number(value)
            if kind == BID:
                order.answer_bid(b, emit, decision.who, number)
            else:
                order.answer_interrupt(b, emit, decision, number)
        elif not isinstance(value, str):
            raise IllegalAction(f"a {kind} answer is one of {', '.join(decision.values())}")
        elif kind == DESIGNATE:
            order.answer_designate(b, emit, decision.who, value)
        elif kind in (ACTION, DEFENCE, MEMBER):
            action.answer_action(b, emit, decision, value)
        elif kind == ROLLER:
            order.answer_roller(b, emit, decision, value)
        else:
            raise IllegalAction(f"sophias_children asks no {kind!r} decision")
        return emit.events

    def settle(self, bout: Bout, stream: DiceStream) -> list[Event]:
        b = as_sc(bout)
        emit = Emit(b)
        sc = b.sc
        if sc.phase == START and not b.over():
            order.configure(b, emit)
            order.start(b, emit, stream)
        elif sc.phase == PHASE_BID and order.bidder(b) is None:
            order.close_bidding(b, emit, stream)
        elif sc.phase == PHASE_ACTION and action.ready_to_resolve(b):
            action.resolve(b, emit, stream)
        return emit.events

    def advance(self, bout: Bout, stream: DiceStream) -> StepResult:
        b = as_sc(bout)
        emit = Emit(b)
        sc = b.sc
        if sc.phase == OVER:
            return StepResult()
        if sc.phase != START and len(sc.unit_of) < len(b.fighters):
            order.configure(b, emit)  # joined mid-fight without `configure`: stats from the sheet
        resolved = sc.actions_done > sc.actions_reported  # settle resolved an action since the last report
        if resolved:
            emit(sev.ActionsReported(sc.actions_done))
        if b.over():
            emit(sev.BoutOver(sc.round))
            return StepResult(emit.events, resolved=resolved)
        if resolved:
            if sc.phase == PHASE_ACTION and not action.remaining(b):
                order.end_of_unit(b, emit, stream)
            return StepResult(emit.events, resolved=True)
        if sc.phase == PHASE_ACTION and sc.acting is not None and not b.living(sc.acting):
            order.end_of_unit(b, emit, stream)  # the unit fell before it could act
            return StepResult(emit.events, resolved=True)
        if sc.phase == PHASE_INTERRUPT:
            order.after_interrupt_step(b, emit)
        elif (sc.phase == PHASE_DESIGNATE and not sc.round_end and sc.last is not None
              and not order.designate_options(b)):
            order.end_round(b, emit, stream, sc.last)  # the units still Up all left the bout: nobody to designate
        return StepResult(emit.events)

    def suggest(self, bout: Bout, decision: Decision, maker: DecisionMaker, stream: DiceStream) -> Answer:
        return ai.suggest(as_sc(bout), decision)

    def fold(self, event: Event, fighters: Mapping[str, FighterState], bout: Bout | None) -> None:
        apply(event, fighters, bout)

    def describe(self, event: Event, names: Mapping[str, str] | None = None) -> str | None:
        return sc_log.describe(event, names)

    def enter(self, bout: Bout, entrant: Callable[[str], Entrant]) -> list[Event]:
        """Newcomers get their stats from `content/sophias_children.yaml` by creature (else from the
        sheet); the Minions and Soldiers of one creature on one side are one Squad, from the first of
        them who enters the bout (a Squad of one rolls as one man would) to those who come later (they
        join it Tapped, Up from the next round): in the world, the band arrives a man at a time.
        Surprise is adjudicated from the situation when the bout begins ("a foe that had not seen you"):
        a side none of whose members saw a foe coming (`Entrant.facing_foe`: every foe next to him came
        up from behind) is surprised; a side that did is not (no 1d6 in the world)."""
        b = as_sc(bout)
        placed = b.sc.unit_of
        new = [fid for fid in bout.members() if fid not in placed]
        if not new:
            return []
        entrants = {fid: entrant(fid) for fid in bout.members()}
        creature_of = {fid: e.creature for fid, e in entrants.items()}
        side_of = {fid: e.side for fid, e in entrants.items()}
        stats = world_stats(creature_of)
        squads = {sid: members for sid, members in squads_for(creature_of, side_of, stats, least=1).items()
                  if any(m in new for m in members) and all(m in new or placed.get(m) == sid for m in members)}
        surprised: dict[str, bool] | None = None
        if not placed and b.sc.phase == START and not b.sc.rolled:  # the bout begins: who saw it coming
            surprised = {}
            for fid, e in entrants.items():
                side = bout.fighters[fid].sheet.side
                surprised[side] = surprised.get(side, True) and not e.facing_foe
        return self.configure(bout, stats, squads, surprised)  # (the placed keep their place and stats)

    def footwork(self, bout: Bout) -> bool:
        return False  # the document's order of combat has no movement: members hold their squares

    def table(self, bout: Bout) -> tuple[tuple[str, str], ...]:
        """Pools per side, who is acting and designated, Up and Tapped, an Interrupt in progress, the
        statuses: what the players of the document track."""
        b = as_sc(bout)
        sc = b.sc

        def name(uid: str) -> str:
            return order.unit_label(b, uid)

        rows = [("Pools", " · ".join(f"{side} {n}" for side, n in sorted(sc.pools.items())) or "not yet")]
        if sc.acting is not None:
            rows.append(("Acting", name(sc.acting) + (" (First Action)" if sc.first_action else "")))
        if sc.designated is not None:
            rows.append(("Next", name(sc.designated)))
        war = sc.war
        if war is not None:
            rows.append(("Interrupt", f"{name(war.interrupter)} {war.bid} against {name(war.interrupted)} "
                                      f"{war.match}"))
        units = sorted(sc.units)
        up = [name(u) for u in units if u in sc.up and u != sc.acting]
        tapped = [name(u) for u in units if u not in sc.up and u != sc.acting]
        rows += [("Up", ", ".join(up) or "nobody"), ("Tapped", ", ".join(tapped) or "nobody")]
        marks = [f"{bout.fighters[f].sheet.name} {', '.join(sorted(st))}"
                 for f, st in sorted(sc.status.items()) if st and f in bout.fighters]
        if marks:
            rows.append(("Status", "; ".join(marks)))
        return tuple(rows)

    def marks(self, bout: Bout) -> tuple[tuple[str, str], ...]:
        """The markers by the miniatures: Stunned, Asleep and Hidden (Note #2, the Second Assassin), and
        Dying for one knocked out and not dead still in the bout. Up / Tapped stay in the table."""
        sc = as_sc(bout).sc
        out: list[tuple[str, str]] = []
        for fid, f in bout.fighters.items():
            if fid in bout.left or f.dead:
                continue
            if f.unconscious:
                out.append((fid, "Dying"))
                continue
            out += [(fid, status.capitalize()) for status in (STUNNED, ASLEEP, HIDDEN)
                    if status in sc.status.get(fid, set())]
        return tuple(out)

    def label(self, bout: Bout) -> tuple[str, str]:
        sc = as_sc(bout).sc
        return f"Round {sc.round}", sc.phase.replace("_", " ").capitalize()

    # the world's membership reads the bout's own clock (never stepped here), as before this system had a say
    def in_window(self, bout: Bout) -> bool:
        clock = bout.clock
        return clock.exchange == 1 and clock.step <= 1

    def at_round_start(self, bout: Bout) -> bool:
        clock = bout.clock
        return clock.exchange == 1 and clock.step == 0 and not bout.declarations and not bout.arrivals

    def merge(self, into: Bout, other: Bout) -> None:
        return None  # newcomers are placed by `enter`

    def split(self, old: Bout, new: Bout) -> None:
        return None  # the new bout's members are placed by `enter`

    def map_moves(self, events: Sequence[Event]) -> tuple[MapMove, ...]:
        """A step as an action (`sc_step`: back from a foe, or in on one), walked by the world."""
        return tuple((e.fighter, e.other, e.change) for e in events if isinstance(e, sev.Stepped))


def _number(value: Answer) -> int:
    if isinstance(value, bool):
        raise IllegalAction("a number of points is wanted")
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        return int(value)
    raise IllegalAction("a number of points is wanted")


def _preselected(b: ScBout, d: Decision) -> Decision:
    """`d` with `ai.advise`'s answer as its default, when that answer is one of its options, or a number in
    its range whose declining answer (stand, 0) is in the range too: the world takes a number in
    `low`..`high` or the default, so a number decision whose decline lies outside the range (a bid, a match,
    a raise) keeps the decline as its default, the one way to decline."""
    if d.kind in (MEMBER, ROLLER):
        return d
    value = ai.advise(b, d)
    text = str(value)
    if text == d.default:
        return d
    if d.options:
        return replace(d, default=text) if text in d.values() else d
    decline = int(d.default) if d.default is not None and d.default.lstrip("-").isdigit() else None
    if isinstance(value, int) and decline is not None and d.low <= decline <= d.high and d.low <= value <= d.high:
        return replace(d, default=text)
    return d
