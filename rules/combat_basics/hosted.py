"""`HostedCombatBasics`: Combat basics in the world (`rules.systems` registers it as `combat_basics`).

The world's bout is a `rules.bout.Bout` (its membership, its reach); this system keeps its `CbBout` on the
bout's `system_state` and runs it with the engine of `rules.combat_basics.system.CombatBasics`. The
`CbBout`'s `FighterState`s are the world bout's own (rebound on every call: `Bout.clone` copies the state
and the fighters apart), so a wound the engine folds is the world's wound.

- `enter` (after every membership update) places the world's fighters: a newcomer joins on his square with
  his creature's stats from `content/combat_basics_stats.yaml` (`cb_joined`; after the first round he
  takes his first turn in the next); one who left the world's bout is taken out of the order
  (`cb_withdrawn`) and joins again as a newcomer if he comes back; one whom the map has on another square
  than the bout (a step the map refused) is put where the map says (`cb_move`, `placed`).
- A combat cluster is the fighters sharing a square (document 003, lines 23-25): the bout's moves
  (a turn's move, a charge into a foe's square, a stumble's push) are handed to the world at the end of
  each `settle` as one `cb_walk` event, which `map_moves` turns into `MapStep`s that may share a square
  with the mover's own bout (`MapStep.share`): the world lets a fighter into a square held by fighters of
  his bout, and out again.
- `fold` is the one writer of the `CbBout` (`rules.combat_basics.fold.apply`) and, through the rules
  package's wound events, of the world's `FighterState`s (dead, unconscious), so that the world takes the
  fallen off the map and out of its bouts.
- `merge` and `split` carry the characters as they are; the initiative order keeps the bout's own order
  and a newcomer from the other bout goes to the end of it, his turn next round.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace

from rules import fold as rules_fold
from rules.bout import Bout, IllegalAction
from rules.catalog import Catalog, HouseRules
from rules.combat_basics import events as ev
from rules.combat_basics.fold import Emitter, apply
from rules.combat_basics.state import CbBout
from rules.combat_basics.stats import StatsFile
from rules.combat_basics.system import NAME, CombatBasics
from rules.deciders import DecisionMaker
from rules.decisions import Decision
from rules.dice import DiceStream
from rules.events import Event
from rules.fighter import FighterSheet, FighterState
from rules.systems import Answer, Entrant, MapMove, MapStep, StepResult


def as_cb(bout: Bout) -> CbBout:
    """The Combat basics state of a bout it made, over the bout's own fighters; IllegalAction for another
    system's bout."""
    state = bout.system_state
    if not isinstance(state, CbBout):
        raise IllegalAction("this bout is not a combat_basics bout")
    if state.fighters is not bout.fighters:
        state.fighters = bout.fighters  # a clone's: its fighters are the cloned bout's
    return state


class HostedCombatBasics:
    """Combat basics as the world's combat system (see the module docstring)."""

    name = NAME

    def __init__(self, stats: StatsFile | None = None) -> None:
        self.engine = CombatBasics(stats)

    # ----- building and placing -------------------------------------------------------------------
    def new_bout(self, catalog: Catalog, fighters: Iterable[FighterSheet | FighterState],
                 house_rules: HouseRules | None = None, reach: Mapping[str, Iterable[str]] | None = None) -> Bout:
        """The world's bout with an empty `CbBout`: `enter` places its members."""
        bout = Bout(catalog, fighters, house_rules, reach)
        bout.system_state = CbBout(catalog, house_rules or catalog.house_rules, bout.fighters, {},
                                   challenge_tn=self.engine.stats.challenge_tn)
        return bout

    def enter(self, bout: Bout, entrant: Callable[[str], Entrant]) -> list[Event]:
        b = as_cb(bout)
        members = bout.members()
        em = Emitter(b)
        for fid in [f for f in b.cb if f not in members]:
            em.emit(ev.Withdrawn(fid))
        owed = {fid for fid, _ in b.owed}
        for fid in members:
            who = entrant(fid)
            pos = who.pos if who.pos is not None else (0, 0)
            c = b.cb.get(fid)
            if c is None:
                self.engine.join_as(em, b, bout.fighters[fid], who.creature, pos, who.side)
            elif c.pos != pos and b.active(fid) and fid not in owed:
                em.emit(ev.Moved(fid, c.pos, pos, "placed"))
        return em.events

    def merge(self, into: Bout, other: Bout) -> None:
        a, b = as_cb(into), as_cb(other)
        for fid, c in b.cb.items():
            if fid not in a.cb:
                a.cb[fid] = c
                if a.round > 0:
                    a.order.append(fid)
                    a.done.add(fid)  # his turn comes in the next round
                    c.delayed = False  # and a delay from his old bout with it
        a.left.update(b.left)
        a.owed += b.owed
        a.unseen |= b.unseen

    def split(self, old: Bout, new: Bout) -> None:
        a, b = as_cb(old), as_cb(new)
        moving = [fid for fid in new.fighters if fid in a.cb]
        for fid in moving:
            b.cb[fid] = a.cb.pop(fid)
        b.round, b.phase = a.round, a.phase
        b.order = [f for f in a.order if f in b.cb]
        b.done = {f for f in a.done if f in b.cb}
        b.left = {f for f in a.left if f in b.cb}
        b.owed = [o for o in a.owed if o[0] in b.cb]
        a.order = [f for f in a.order if f in a.cb]
        a.done &= set(a.cb)
        a.left &= set(a.cb)
        a.owed = [o for o in a.owed if o[0] in a.cb]
        for x in (a, b):  # a turn or an attack across the split is dropped; the next advance goes on
            x.queue = [s for s in x.queue if s.attacker in x.cb and s.target in x.cb]
            if x.push is not None and (x.push.victim not in x.cb or x.push.causer not in x.cb):
                x.push = None
            if x.actor is not None and x.actor not in x.cb:
                x.actor, x.chosen, x.acted = None, None, False
        if a.actor is not None and a.actor in b.cb:
            b.actor, b.chosen, b.acted = a.actor, a.chosen, a.acted

    def map_moves(self, events: Sequence[Event]) -> tuple[MapMove, ...]:
        return tuple(MapStep(fid, (x, y), share=True) for e in events if isinstance(e, ev.Walk)
                     for fid, x, y in e.steps)

    # ----- the clock: the engine's, on the bout's CbBout ------------------------------------------
    def due(self, bout: Bout) -> list[Decision]:
        """The engine's decisions, each preselecting `CbAI.advise` (what Enter takes: the AI's ready, delay,
        charge or step rather than the engine's plain attack-else-wait; badly hurt, a step away)."""
        b = as_cb(bout)
        out = []
        for d in self.engine.due(b):
            pick = self.engine.ai.advise(b, d)
            out.append(replace(d, default=pick) if pick != d.default and pick in d.values() else d)
        return out

    def answer(self, bout: Bout, decision: Decision, value: Answer, *, reserve: int = 0) -> list[Event]:
        return self.engine.answer(as_cb(bout), decision, value)

    def settle(self, bout: Bout, stream: DiceStream) -> list[Event]:
        b = as_cb(bout)
        events = self.engine.settle(b, stream)
        if b.owed:
            walk = ev.Walk(tuple((fid, x, y) for fid, (x, y) in b.owed))
            apply(walk, b)
            events.append(walk)
        return events

    def advance(self, bout: Bout, stream: DiceStream) -> StepResult:
        return self.engine.advance(as_cb(bout), stream)

    def suggest(self, bout: Bout, decision: Decision, maker: DecisionMaker, stream: DiceStream) -> Answer:
        return self.engine.ai.choose(as_cb(bout), decision)

    def fold(self, event: Event, fighters: Mapping[str, FighterState], bout: Bout | None) -> None:
        if bout is not None:
            apply(event, as_cb(bout))
        elif not event.type.startswith("cb_"):  # a world event's rules events (a shot, a bleed)
            rules_fold.apply(event, fighters, None)

    def describe(self, event: Event, names: Mapping[str, str] | None = None) -> str | None:
        return self.engine.describe(event, names)

    # ----- what the world and the view ask ----------------------------------------------------------
    def footwork(self, bout: Bout) -> bool:
        return False  # movement is a turn's action (its moves walked by `map_moves`)

    def in_window(self, bout: Bout) -> bool:
        return True  # a newcomer joins at once and takes his first turn in the next round

    def at_round_start(self, bout: Bout) -> bool:
        return True  # never busy (`in_window`)

    def table(self, bout: Bout) -> tuple[tuple[str, str], ...]:
        return self.engine.table(as_cb(bout))

    def marks(self, bout: Bout) -> tuple[tuple[str, str], ...]:
        """The markers by the miniatures (stumbling, dazed, readied, delayed): `rules.combat_basics.table.marks`."""
        return self.engine.marks(as_cb(bout))

    def label(self, bout: Bout) -> tuple[str, str]:
        return self.engine.label(as_cb(bout))
