"""Decision-makers: who answers a bout's decisions for a fighter the player does not control.

A `DecisionMaker` answers the three per-step decisions of a bout (SPEC §4.2-§4.4) and the CP a
target adds against a shot (§4.9), each drawing only from the stream it is handed (the caller owns a
named stream per decision-maker, SPEC §11). `baseline` is today's heuristic AI (`rules.ai`), kept
unchanged as the reference the stronger ones are measured against; `planner` (`rules.planner`)
looks ahead with the real rules engine (`planner_fast`: the same with about a tenth of the rollouts per
declaration).
`DECISION_MAKERS` maps each name to a factory; a run's difficulty (SPEC §11) picks one by name.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from rules import ai
from rules.bout import Action, Bout
from rules.dice import DiceStream
from rules.fighter import FighterState
from rules.planner import Planner, fast_planner


class DecisionMaker(Protocol):
    """Answers a fighter's decisions from what that fighter may see of the bout."""

    name: str

    def orientation(self, bout: Bout, fid: str, stream: DiceStream) -> str:
        """An orientation in the vocabulary of `bout.orientation_choices()`."""
        ...

    def target(self, bout: Bout, fid: str, stream: DiceStream) -> str | None:
        """One of `bout.legal_targets(fid)` (None only when there is none)."""
        ...

    def declaration(self, bout: Bout, fid: str, stream: DiceStream) -> list[Action]:
        """A declaration `rules.declare.commit_declaration` accepts (an empty list: do nothing)."""
        ...

    def shot_defence(self, target: FighterState, step: int | None, *, declared: bool = False,
                     exchange: int = 1) -> int:
        """CP added to the defence against one incoming missile (0..target.cp)."""
        ...

    def explain(self, bout: Bout, fid: str) -> str:
        """One line on why the last declaration chosen for fid was chosen ("" if it cannot say)."""
        ...


class Baseline:
    """Today's heuristic AI (`rules.ai`), unchanged: the reference for the league."""

    name = "baseline"

    def orientation(self, bout: Bout, fid: str, stream: DiceStream) -> str:
        return ai.suggest_orientation(bout, fid, stream)

    def target(self, bout: Bout, fid: str, stream: DiceStream) -> str | None:
        return ai.suggest_target(bout, fid)

    def declaration(self, bout: Bout, fid: str, stream: DiceStream) -> list[Action]:
        return ai.suggest_declaration(bout, fid, stream)

    def shot_defence(self, target: FighterState, step: int | None, *, declared: bool = False,
                     exchange: int = 1) -> int:
        return ai.suggest_shot_defence(target, step, declared=declared, exchange=exchange)

    def explain(self, bout: Bout, fid: str) -> str:
        return ""


DECISION_MAKERS: dict[str, Callable[[], DecisionMaker]] = {
    "baseline": Baseline, "planner": Planner, "planner_fast": fast_planner,
}


def decision_maker(name: str) -> DecisionMaker:
    """The decision-maker called `name`; ValueError naming the known ones otherwise."""
    factory = DECISION_MAKERS.get(name)
    if factory is None:
        raise ValueError(f"unknown decision-maker {name!r}: choose one of {', '.join(sorted(DECISION_MAKERS))}")
    return factory()
