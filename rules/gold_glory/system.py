"""`GoldGlory`: Gold & Glory behind the `rules.systems.CombatSystem` protocol (`gold_and_glory`).

The clock, one step a call of `due`/`answer`/`settle`/`advance`:
- declaration: one `gg_declare` at a time, lowest initiative first (each sees those before);
- turns: the top activation's owner answers `gg_act` (a turn or an interrupt) or `gg_react` (the right
  to react); an announced action first asks `gg_interrupt` of everyone who may interrupt it (at once); a
  successful attack asks the target `gg_defend`; `settle` carries the answers out;
- `advance` pops finished activations, gives the next turn, or ends the round and begins the next.
The protocol's `Bout` is TRoS's; this system's is a `rules.gold_glory.state.GGBout` (docs/systems/
gold_and_glory.md, "Protocol and wiring").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from rules.bout import IllegalAction
from rules.catalog import Catalog, HouseRules
from rules.decisions import GG_ACT, GG_DECLARE, GG_DEFEND, GG_INTERRUPT, GG_REACT, Decision, Option
from rules.events import Event
from rules.gold_glory import clock
from rules.gold_glory import events as ev
from rules.gold_glory import log as gg_log
from rules.gold_glory import table as gg_table
from rules.gold_glory.ai import GGAI
from rules.gold_glory.build import Entrant, creature_id_for, new_gg_bout
from rules.gold_glory.fold import Emitter, apply
from rules.gold_glory.options import act_options, declaration_options, defence_options, react_options
from rules.gold_glory.rolls import as_dice
from rules.gold_glory.state import DECLARE, RESISTANCE_MELEE, GGBout
from rules.gold_glory.stats import GGStats, load_stats
from rules.systems import StepResult

NAME = "gold_and_glory"


class GoldGlory:
    """Gold & Glory as a combat system (see the module docstring)."""

    name = NAME

    def __init__(self, stats: GGStats | None = None, house: Iterable[str] = ()) -> None:
        self.stats = stats or load_stats()
        self.house = tuple(house)
        self.ai = GGAI()

    # ----- building -------------------------------------------------------------------------------
    def new_bout(self, catalog: Catalog, fighters: Iterable[Any], house_rules: HouseRules | None = None,
                 reach: Mapping[str, Iterable[str]] | None = None) -> GGBout:
        """From `FighterSheet`s or `FighterState`s (stat lines by `build.creature_id_for`), in a row: each
        side faces the other across two squares, those `reach` names in base contact (a plain default
        until the world gives squares: docs, "Protocol and wiring")."""
        entrants: list[Entrant] = []
        sides: dict[str, int] = {}
        for f in fighters:
            sheet = getattr(f, "sheet", f)
            col = sides.setdefault(sheet.side, len(sides))
            row = sum(1 for e in entrants if e.side == sheet.side)
            entrants.append(Entrant(sheet.id, sheet.name, sheet.side, creature_id_for(self.stats, sheet.id, sheet.name),
                                    (col * 2, row), "E" if col % 2 == 0 else "W"))
        return new_gg_bout(self.stats, entrants, self.house)

    # ----- decisions ------------------------------------------------------------------------------
    def due(self, bout: GGBout) -> list[Decision]:
        if bout.over or bout.round == 0:
            return []
        if bout.stage == DECLARE:
            who = clock.next_declarer(bout)
            if who is None:
                return []
            f = bout.fighters[who]
            return [Decision(GG_DECLARE, who, tuple(declaration_options(bout, who)), f"{f.stats.ap}:maneuver")]
        if bout.defence is not None:
            d = bout.defence
            if d.target in bout.choices:
                return []
            how = "attacks: one resistance roll" if RESISTANCE_MELEE in bout.house else f"hits with +{d.margin}"
            return [Decision(GG_DEFEND, d.target, tuple(defence_options(bout, d.target, d.attacker)), "none",
                             note=f"{bout.fighters[d.attacker].name} {how}")]
        top = bout.top()
        if top is None:
            return []
        if top.announced is not None:
            asked = clock.interrupters(bout, top)
            if asked:
                go = "strike" if top.announced.startswith("moved:") else "interrupt"
                opts = (Option("pass", "Let it happen"), Option(go, "Strike first" if go == "strike" else "Interrupt"))
                note = f"{bout.fighters[top.owner].name}: {top.announced}"
                return [Decision(GG_INTERRUPT, y, opts, "pass", note=note) for y in asked if y not in bout.choices]
            return []
        if top.kind == "strike" or top.owner in bout.choices:
            return []
        if top.kind == "react":
            return [Decision(GG_REACT, top.owner, tuple(react_options(bout, top)), "end")]
        return [Decision(GG_ACT, top.owner, tuple(act_options(bout, top)), "done")]

    def answer(self, bout: GGBout, decision: Decision, value: object, *, reserve: int = 0) -> list[Event]:
        now = next((d for d in self.due(bout) if d.who == decision.who and d.kind == decision.kind), None)
        if now is None:
            raise IllegalAction(f"{decision.who} owes no {decision.kind} decision now")
        if not isinstance(value, str) or value not in now.values():
            raise IllegalAction(f"{value!r} is not one of {', '.join(now.values())}")
        em = Emitter(bout)
        if decision.kind == GG_DECLARE:
            clock.declare(em, decision.who, value)
        else:
            em.emit(ev.Chosen(decision.who, decision.kind, value))
        return em.events

    def suggest(self, bout: GGBout, decision: Decision, maker: object, stream: object) -> str:
        """Gold & Glory's own AI answers (the TRoS decision-makers know nothing of it)."""
        return self.ai.choose(bout, decision)

    # ----- resolution -----------------------------------------------------------------------------
    def settle(self, bout: GGBout, stream: object) -> list[Event]:
        em = Emitter(bout)
        clock.settle(em, as_dice(stream))
        return em.events

    def advance(self, bout: GGBout, stream: object) -> StepResult:
        em = Emitter(bout)
        if bout.over:
            return StepResult()
        resolved = False
        if bout.round > 0 and not bout.fight_left():
            em.emit(ev.BoutOver(tuple(bout.standing())))
            resolved = True
        else:
            resolved = clock.advance(em, as_dice(stream))
        left = tuple(bout.left_unreported)
        if left:
            em.emit(ev.LeftBout(left))
        return StepResult(em.events, left, resolved)

    def fold(self, event: Event, fighters: object, bout: GGBout | None) -> None:
        if bout is not None:
            apply(event, bout)

    def describe(self, event: Event, names: Mapping[str, str] | None = None) -> str | None:
        return gg_log.describe(event, names or {})

    # ----- the world's hooks ----------------------------------------------------------------------
    def enter(self, bout: GGBout, entrant: Callable[[str], Any]) -> list[Event]:
        return []

    def footwork(self, bout: GGBout) -> bool:
        return False  # movement is the system's own (move options), on its own squares

    def table(self, bout: GGBout) -> tuple[tuple[str, str], ...]:
        return gg_table.rows(bout)

    def label(self, bout: GGBout) -> tuple[str, str]:
        top = bout.top()
        stage = "Declaration" if bout.stage == DECLARE else (
            f"{bout.fighters[top.owner].name}'s {top.kind}" if top is not None else "Turns")
        return f"r{bout.round}", stage
