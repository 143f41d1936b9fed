"""A test combat system, `stance_call`: the design doc's bout (`tros_sos`) whose orientation is asked as a
decision of another kind, `stance`, that no world command of its own answers. It stands for what a later
combat system brings (a bid, a designation, an interrupt): the world must pass it to the player as data
(`DecisionDue` kind `decide`), the view render it with the generic prompt, and `Answer` carry it back,
with the event log still rebuilding the world. `registered` puts it in the systems' registry."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace

from rules import systems
from rules.bout import Bout
from rules.deciders import DecisionMaker
from rules.decisions import ORIENTATION, Decision
from rules.dice import DiceStream
from rules.events import Event
from rules.systems import Answer, CombatSystem
from rules.tros_sos import TrosSos

NAME = "stance_call"
STANCE = "stance"


def _as_orientation(decision: Decision) -> Decision:
    return replace(decision, kind=ORIENTATION) if decision.kind == STANCE else decision


class StanceCall(TrosSos):
    """`tros_sos` with its orientation decision renamed `stance` (see the module docstring)."""

    name = NAME

    def due(self, bout: Bout) -> list[Decision]:
        return [replace(d, kind=STANCE, note="your stance this round") if d.kind == ORIENTATION else d
                for d in super().due(bout)]

    def answer(self, bout: Bout, decision: Decision, value: Answer, *, reserve: int = 0) -> list[Event]:
        return super().answer(bout, _as_orientation(decision), value, reserve=reserve)

    def suggest(self, bout: Bout, decision: Decision, maker: DecisionMaker, stream: DiceStream) -> Answer:
        return super().suggest(bout, _as_orientation(decision), maker, stream)


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
