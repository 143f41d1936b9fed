"""Combat systems: the ways of ordering a fight (SPEC §8), behind one protocol.

A `CombatSystem` owns each bout's clock and step loop: it says which decisions are due (`due`, plain
data: `rules.decisions.Decision`), takes their answers (`answer`), settles a step once its decisions
are in (`settle`), and moves the clock on (`advance`: at the last step it resolves the exchange). Every
change it makes is an event folded by its `fold` (the one writer; `rules.fold` for `tros_sos`), so a
bout is rebuilt by folding its events. `suggest` answers a decision for a fighter nobody controls,
through a decision-maker (`rules.deciders`). The world, the scenario runner, the terminal bout and
the bench drive every bout through this protocol and nothing else of the system's insides.

In the world a bout takes one step a tick: the decisions due are answered (the leader's with his
command for the tick, everyone else's by `suggest`), then `settle`, then `advance`; so a step asks each
fighter at most one decision. The leader's orientation, target and declaration come with `Step`,
`Target` and `Declare`; a decision of any other kind a system adds (a bid, a designation, an interrupt)
reaches him as data (the world's `DecisionDue` kind `decide`, the view's generic prompt) and comes back
as `Answer(kind, value)`: one of its options' values, or a whole number from `low` to `high`.

`SYSTEMS` maps a system's name to it; `system(name)` looks one up with a clear error. The run file
records the name (default `tros_sos`, the design doc's Song of Swords / TRoS bout of SPEC §4;
`sophias_children`, source document 001's initiative pools: `rules.sophias_children`; `combat_basics`,
document 003's turns, readied actions and combat clusters: `rules.combat_basics`).
`describe` gives a system's combat-log lines in its own words (`describer(name)` by name).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Protocol

from rules.bout import Action, Bout
from rules.catalog import Catalog, HouseRules
from rules.deciders import DecisionMaker
from rules.decisions import Decision
from rules.dice import DiceStream
from rules.events import Event
from rules.fighter import FighterSheet, FighterState

Answer = str | int | tuple[Action, ...] | None
DEFAULT_SYSTEM = "tros_sos"


@dataclass(frozen=True, slots=True)
class Entrant:
    """What the world tells a combat system of a fighter entering one of its bouts: his creature (the
    content id, for a system's own stats table), his side, and whether he faces a foe of the bout (one
    is in front of him, or to a front corner: he saw them coming; a system that adjudicates surprise
    from the situation reads it)."""

    creature: str
    side: str
    facing_foe: bool = True


@dataclass
class StepResult:
    """What `CombatSystem.advance` did: its events, who left the bout in it (fled or fell), and
    whether an exchange was resolved."""

    events: list[Event] = field(default_factory=list)
    left: tuple[str, ...] = ()
    resolved: bool = False


class CombatSystem(Protocol):
    """One way of ordering a fight (see the module docstring)."""

    name: str

    def new_bout(self, catalog: Catalog, fighters: Iterable[FighterSheet | FighterState],
                 house_rules: HouseRules | None = None, reach: Mapping[str, Iterable[str]] | None = None) -> Bout:
        """A bout of these fighters at the start of its clock."""
        ...

    def due(self, bout: Bout) -> list[Decision]:
        """The decisions that may be answered now, in the order they are asked (several at a step whose
        choices are simultaneous and secret; one at a time where each sees the ones before)."""
        ...

    def answer(self, bout: Bout, decision: Decision, value: Answer, *, reserve: int = 0) -> list[Event]:
        """Commit an answer; `IllegalAction` (changing nothing) if it is not a legal one."""
        ...

    def settle(self, bout: Bout, stream: DiceStream) -> list[Event]:
        """The step's decisions are in: what follows from them before anyone moves on."""
        ...

    def advance(self, bout: Bout, stream: DiceStream) -> StepResult:
        """Move the clock one step on (resolving the exchange after its last step)."""
        ...

    def suggest(self, bout: Bout, decision: Decision, maker: DecisionMaker, stream: DiceStream) -> Answer:
        """A decision-maker's answer to `decision`."""
        ...

    def fold(self, event: Event, fighters: Mapping[str, FighterState], bout: Bout | None) -> None:
        """Apply one of this system's events (the only writer of its state)."""
        ...

    def describe(self, event: Event, names: Mapping[str, str] | None = None) -> str | None:
        """The combat log's line for one of this system's events, in its own words (None: no line)."""
        ...

    def enter(self, bout: Bout, entrant: Callable[[str], Entrant]) -> list[Event]:
        """The world's hook after a bout's members changed (it started, someone joined, bouts merged or
        split): place the members the system has not placed yet (`entrant(id)` tells who they are).
        Called every tick for every bout; nothing to do is the common case and must be cheap."""
        ...

    def footwork(self, bout: Bout) -> bool:
        """May the bout's members step on the map this tick (the design doc's footwork at `s0`)?"""
        ...

    def table(self, bout: Bout) -> tuple[tuple[str, str], ...]:
        """The bout's own state as its players would track it on a table, as (heading, text) rows for the
        screen (pools, who is Up, ...); empty when the map's indicators show it all (`tros_sos`)."""
        ...

    def label(self, bout: Bout) -> tuple[str, str]:
        """The bout's clock as its players would say it, and the stage it is at (`("e1s0", "Footwork")`
        for `tros_sos`)."""
        ...


def _tros_sos() -> CombatSystem:
    from rules.tros_sos import TrosSos

    return TrosSos()


def _sophias_children() -> CombatSystem:
    from rules.sophias_children.system import SophiasChildren

    return SophiasChildren()


def _dew_sequence() -> CombatSystem:
    from typing import cast

    from rules.dew.system import DewSequence

    # its bout is a rules.dew.state.DewBout, not rules.bout.Bout: docs/systems/dew_sequence.md, "Protocol and wiring"
    return cast(CombatSystem, DewSequence())


def _combat_basics() -> CombatSystem:
    from typing import cast

    from rules.combat_basics.system import CombatBasics

    # its bout is a rules.combat_basics.state.CbBout: docs/systems/combat_basics.md, "Protocol and wiring"
    return cast(CombatSystem, CombatBasics())


def _gold_and_glory() -> CombatSystem:
    from typing import cast

    from rules.gold_glory.system import GoldGlory

    # its bout is a rules.gold_glory.state.GGBout: docs/systems/gold_and_glory.md, "Protocol and wiring"
    return cast(CombatSystem, GoldGlory())


SYSTEMS: dict[str, Callable[[], CombatSystem]] = {
    DEFAULT_SYSTEM: _tros_sos, "sophias_children": _sophias_children, "dew_sequence": _dew_sequence,
    "combat_basics": _combat_basics, "gold_and_glory": _gold_and_glory,
}
# the systems the world hosts (game.sim); the others play in their scenario runners only, so far
WORLD_SYSTEMS: set[str] = {DEFAULT_SYSTEM, "sophias_children"}
Describe = Callable[[Event, Mapping[str, str] | None], str | None]


def describer(name: str = DEFAULT_SYSTEM) -> Describe:
    """The combat-log line maker of the system called `name` (its `describe`); ValueError for an unknown
    name, as `system`."""
    return system(name).describe


def system(name: str = DEFAULT_SYSTEM) -> CombatSystem:
    """The combat system called `name`; ValueError naming the known ones otherwise."""
    factory = SYSTEMS.get(name)
    if factory is None:
        raise ValueError(f"unknown combat system {name!r}: choose one of {', '.join(sorted(SYSTEMS))}")
    return factory()


def world_system(name: str = DEFAULT_SYSTEM) -> CombatSystem:
    """`system(name)` when the world hosts it (`WORLD_SYSTEMS`); ValueError saying where it plays otherwise."""
    found = system(name)
    if name not in WORLD_SYSTEMS:
        raise ValueError(f"combat system {name!r} plays in its scenario runner only so far, not in the world: "
                         f"choose one of {', '.join(sorted(WORLD_SYSTEMS))}")
    return found


def run_step(sys_: CombatSystem, bout: Bout, stream: DiceStream,
             decide: Callable[[Decision], Answer]) -> list[Event]:
    """Answer every decision of the current step (asking `decide`), then settle it: the step loop of a
    bout with no world around it (scenario runner, terminal, bench)."""
    events: list[Event] = []
    due = sys_.due(bout)
    while due:
        for decision in due:
            events += sys_.answer(bout, decision, decide(decision))
        due = sys_.due(bout)
    events += sys_.settle(bout, stream)
    return events
