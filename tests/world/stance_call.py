"""A test combat system, `stance_call`: the design doc's bout (`tros_sos`) whose orientation is asked as a
decision of another kind, `stance`, that no world command of its own answers. It stands for what a later
combat system brings (a bid, a designation, an interrupt): the world must pass it to the player as data
(`DecisionDue` kind `decide`), the view render it with the generic prompt, and `Answer` carry it back,
with the event log still rebuilding the world. `registered` puts it in the systems' registry."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import replace

from rules import systems
from rules.bout import Bout
from rules.catalog import Catalog, HouseRules
from rules.deciders import DecisionMaker
from rules.decisions import ORIENTATION, Decision
from rules.dice import DiceStream
from rules.events import Event
from rules.fighter import FighterSheet, FighterState
from rules.systems import Answer, CombatSystem, Entrant, MapMove, StepResult
from rules.tros_sos import TrosSos

NAME = "stance_call"
STANCE = "stance"


def _as_orientation(decision: Decision) -> Decision:
    return replace(decision, kind=ORIENTATION) if decision.kind == STANCE else decision


class StanceCall:
    """`tros_sos` with its orientation decision renamed `stance` (see the module docstring). It wraps the
    design doc's system rather than inheriting from it: the compiled build's classes cannot be subclassed
    by interpreted ones."""

    name = NAME

    def __init__(self) -> None:
        self.inner = TrosSos()

    def new_bout(self, catalog: Catalog, fighters: Iterable[FighterSheet | FighterState],
                 house_rules: HouseRules | None = None, reach: Mapping[str, Iterable[str]] | None = None) -> Bout:
        return self.inner.new_bout(catalog, fighters, house_rules, reach)

    def due(self, bout: Bout) -> list[Decision]:
        return [replace(d, kind=STANCE, note="your stance this round") if d.kind == ORIENTATION else d
                for d in self.inner.due(bout)]

    def answer(self, bout: Bout, decision: Decision, value: Answer, *, reserve: int = 0) -> list[Event]:
        return self.inner.answer(bout, _as_orientation(decision), value, reserve=reserve)

    def settle(self, bout: Bout, stream: DiceStream) -> list[Event]:
        return self.inner.settle(bout, stream)

    def advance(self, bout: Bout, stream: DiceStream) -> StepResult:
        return self.inner.advance(bout, stream)

    def suggest(self, bout: Bout, decision: Decision, maker: DecisionMaker, stream: DiceStream) -> Answer:
        return self.inner.suggest(bout, _as_orientation(decision), maker, stream)

    def fold(self, event: Event, fighters: Mapping[str, FighterState], bout: Bout | None) -> None:
        self.inner.fold(event, fighters, bout)

    def describe(self, event: Event, names: Mapping[str, str] | None = None) -> str | None:
        return self.inner.describe(event, names)

    def enter(self, bout: Bout, entrant: Callable[[str], Entrant]) -> list[Event]:
        return self.inner.enter(bout, entrant)

    def footwork(self, bout: Bout) -> bool:
        return self.inner.footwork(bout)

    def table(self, bout: Bout) -> tuple[tuple[str, str], ...]:
        return self.inner.table(bout)

    def label(self, bout: Bout) -> tuple[str, str]:
        return self.inner.label(bout)

    def in_window(self, bout: Bout) -> bool:
        return self.inner.in_window(bout)

    def at_round_start(self, bout: Bout) -> bool:
        return self.inner.at_round_start(bout)

    def merge(self, into: Bout, other: Bout) -> None:
        self.inner.merge(into, other)

    def split(self, old: Bout, new: Bout) -> None:
        self.inner.split(old, new)

    def map_moves(self, events: Sequence[Event]) -> tuple[MapMove, ...]:
        return self.inner.map_moves(events)


def _factory() -> CombatSystem:
    return StanceCall()


@contextmanager
def registered() -> Iterator[None]:
    """`stance_call` in `rules.systems.SYSTEMS` (and among the world's) for the duration."""
    systems.SYSTEMS[NAME] = _factory
    systems.WORLD_SYSTEMS.add(NAME)
    try:
        yield
    finally:
        del systems.SYSTEMS[NAME]
        systems.WORLD_SYSTEMS.discard(NAME)
