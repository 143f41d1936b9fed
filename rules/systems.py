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
`sophias_children`, source document 001's initiative pools: `rules.sophias_children`; `dew_sequence`,
source document 004's detailed sequence: `rules.dew`, hosted by `rules.dew.hosted`; `combat_basics`,
document 003's turns, readied actions and combat clusters: `rules.combat_basics`, hosted by
`rules.combat_basics.hosted`, whose clusters share a square (`MapStep.share`); `gold_and_glory`, document
002's action and movement points: `rules.gold_glory`, hosted by `rules.gold_glory.hosted`).

The world's bout is a `rules.bout.Bout` for every system; the world reads of it only `BoutLike` (the
membership) and asks the system the rest (`in_window`, `at_round_start`, `footwork`, `label`, `table`,
`map_moves`); a system keeps its own state on `Bout.system_state` and carries it through the world's
merges and splits (`merge`, `split`). What a system implements to be hosted: docs/systems/README.md.
`describe` gives a system's combat-log lines in its own words (`describer(name)` by name). Optional, read
with `getattr` by `game.sim.player_view`: `traces(bout)` (Dew's movement traces) and `marks(bout)`, the
markers a table-top player puts by a miniature as (fighter id, short label), e.g. `("b2", "dazed 2")`.

A fighter's figures, as his system's players track them (the HUD's line): `status(name, bout, fid)` asks the
system's status module (`STATUS`: `rules.<system>/status.py`, TRoS's `rules.tros_status` the default), each
a tuple of `Figure` (label, value, limit, one line of meaning); `kept_status(name, record)` gives what a
system keeps of a fighter between bouts (its `carry` record: G&G's hp, Dew's EN and BD) the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from rules.bout import Action, Bout, SystemState
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
    content id, for a system's own stats table), his side, and whether he saw a foe of the bout coming
    (one is anywhere but behind him: in front, to a front corner or beside him; a system that
    adjudicates surprise from the situation reads it)."""

    creature: str
    side: str
    pos: tuple[int, int] | None = None  # his square (a system that keeps ranges reads them from the grid)
    facing_foe: bool = True
    # may one step onto a square now (terrain, and no one there)? (a system that plans paths: dew's traces)
    passable: Callable[[tuple[int, int]], bool] | None = field(default=None, compare=False)
    # what the system kept of him when he last left a bout, on his feet or knocked out (its optional
    # `carry(bout, fid)`, held by the world), and the world rounds gone by since, out of any bout (for its rest rules)
    carried: tuple[tuple[str, int], ...] = ()
    rested_rounds: int = 0
    # the world's items in his hands (a run's equipped main and off weapon, by content id; () when the world
    # keeps none): a system that tracks what a fighter holds (Gold & Glory's basic actions) reads it
    gear: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Shot:
    """A missile landing, for a system with its own missile rules (its optional `shoot`; the world asks it
    in `game.sim.shooting` instead of TRoS's `rules.ranged`): who shot whom with what, from how far."""

    shooter: str
    target: str
    shooter_entrant: Entrant
    target_entrant: Entrant
    missile: str  # the shooter's missile weapon (content id)
    distance: int  # squares
    aim_ticks: int
    target_moving: bool  # he stepped last tick
    bout: Bout | None = None  # the target's bout, if he is in one


@dataclass
class ShotOutcome:
    """What a system's `shoot` did, every event folded already: `events` for the log (the world's
    `ShotLanded`), `bout_events` into the target's bout (`RulesEvent`), the target's record out of a bout
    (`Carried`), or why the shot was wasted."""

    events: list[Event] = field(default_factory=list)
    bout_events: list[Event] = field(default_factory=list)
    carried: tuple[tuple[str, int], ...] = ()
    wasted: str | None = None


@dataclass(frozen=True, slots=True)
class Figure:
    """One of a fighter's figures as his combat system's players track it, for the HUD and its tooltip:
    a short label (`HT`, `ap`, `EN`), its value (a number, or a short text: a mod stack, `dazed 2t`), its
    limit (None: none to show), one line of what it means, and `alarm` when it is bad now (the HUD's red)."""

    label: str
    value: int | str
    limit: int | None = None
    meaning: str = ""
    alarm: bool = False

    def text(self) -> str:
        """The value as the HUD shows it: `12/15`, `-3`, `dazed 2t`."""
        return f"{self.value}/{self.limit}" if self.limit is not None else str(self.value)


@dataclass
class StepResult:
    """What `CombatSystem.advance` did: its events, who left the bout in it (fled or fell), and
    whether an exchange was resolved."""

    events: list[Event] = field(default_factory=list)
    left: tuple[str, ...] = ()
    resolved: bool = False


@dataclass(frozen=True, slots=True)
class MapStep:
    """A step onto a given square next to the mover (a system that moves on its own squares: `gold_and_glory`).
    `share`: the system lets fighters of one bout share a square (`combat_basics`' combat clusters): the
    world lets him onto a square held only by members of his own bout."""

    mover: str
    to: tuple[int, int]
    share: bool = False


# (mover, other, change of his distance to the other: negative closes), or a step onto a square
MapMove = tuple[str, str, int] | MapStep


class BoutLike(Protocol):
    """What the world asks of every bout, whatever its system: its membership (who is in it, who left, who
    may still act), the map's reach (who stands next to whom), a copy for lookahead, and the system's own
    state. `rules.bout.Bout` is the world's bout for every system it hosts (its clock and declarations are
    `tros_sos`'s; another system keeps its state on `system_state`, as mypyc forbids subclassing it) and
    implements this; the world reads nothing else of a bout directly but through its `CombatSystem`."""

    @property
    def fighters(self) -> Mapping[str, FighterState]: ...
    @property
    def left(self) -> set[str]: ...
    @property
    def system_state(self) -> SystemState | None: ...
    def members(self) -> list[str]: ...
    def active(self, fid: str) -> bool: ...
    def add_fighter(self, fighter: FighterSheet | FighterState) -> None: ...
    def remove_fighter(self, fid: str) -> None: ...
    def set_reach(self, reach: Mapping[str, Iterable[str]] | None) -> None: ...
    def same_reach(self, reach: Mapping[str, Iterable[str]]) -> bool: ...
    def foes_in_reach(self, fid: str) -> list[str]: ...


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

    # ----- what the world's membership asks (neutral answers for a system without such a thing) ---------
    def in_window(self, bout: Bout) -> bool:
        """May a newcomer join the bout as an ordinary member now, and may it merge with another bout in
        its window (`tros_sos`: the first exchange, before declarations: `e1s0`/`e1s1`)? A system with no
        such window: always."""
        ...

    def at_round_start(self, bout: Bout) -> bool:
        """Is the bout at the very start of a round, nothing committed (`tros_sos`: `e1s0`, no
        declaration, no arrival), so that it may dissolve into a busy bout it touches? Always, for a system
        whose bouts are never busy (`in_window` always)."""
        ...

    def merge(self, into: Bout, other: Bout) -> None:
        """Bouts merge (the world's `BoutSynced` fold, before `other`'s members are added to `into`): carry
        `other`'s own state of its members into `into`. Part of the world's fold: no events, no dice."""
        ...

    def split(self, old: Bout, new: Bout) -> None:
        """A bout splits (the world's `BoutSplit` fold, before `new`'s members are removed from `old`):
        carry their own state into `new`. Part of the world's fold: no events, no dice."""
        ...

    def map_moves(self, events: Sequence[Event]) -> tuple[MapMove, ...]:
        """The steps on the map a step's events ask for (a maneuver that closes or opens a range), as
        (mover, other, change of distance); the world walks them square by square. None for most systems."""
        ...


def _tros_sos() -> CombatSystem:
    from rules.tros_sos import TrosSos

    return TrosSos()


def _sophias_children() -> CombatSystem:
    from rules.sophias_children.system import SophiasChildren

    return SophiasChildren()


def _dew_sequence() -> CombatSystem:
    from rules.dew.hosted import HostedDew

    return HostedDew()


def _combat_basics() -> CombatSystem:
    from rules.combat_basics.hosted import HostedCombatBasics

    return HostedCombatBasics()


def _gold_and_glory() -> CombatSystem:
    from rules.gold_glory.hosted import HostedGoldGlory

    return HostedGoldGlory()


SYSTEMS: dict[str, Callable[[], CombatSystem]] = {
    DEFAULT_SYSTEM: _tros_sos, "sophias_children": _sophias_children, "dew_sequence": _dew_sequence,
    "combat_basics": _combat_basics, "gold_and_glory": _gold_and_glory,
}
# the modules whose `rules.events.Event` subclasses a system's bouts emit beside `rules.events`' own: imported
# by `import_event_types` so that an event log (game.sim.event_codec) decodes them before any bout is made
EVENT_MODULES: dict[str, tuple[str, ...]] = {
    "sophias_children": ("rules.sophias_children.events",), "dew_sequence": ("rules.dew.events",),
    "gold_and_glory": ("rules.gold_glory.events",), "combat_basics": ("rules.combat_basics.events",),
}
# the systems the world hosts (game.sim): every one
WORLD_SYSTEMS: set[str] = {DEFAULT_SYSTEM, "sophias_children", "dew_sequence", "gold_and_glory", "combat_basics"}
Describe = Callable[[Event, Mapping[str, str] | None], str | None]
# each system's status module (`in_bout(bout, fid)`, optional `kept(record)`): a fighter's figures
STATUS: dict[str, str] = {
    DEFAULT_SYSTEM: "rules.tros_status", "sophias_children": "rules.sophias_children.status",
    "dew_sequence": "rules.dew.status", "combat_basics": "rules.combat_basics.status",
    "gold_and_glory": "rules.gold_glory.status",
}


def status(name: str, bout: Bout, fid: str) -> tuple[Figure, ...]:
    """`fid`'s figures in `bout` in the words of the system called `name` (`STATUS`; TRoS's for one with
    no module of its own): what its players would track of him now."""
    import importlib

    module = importlib.import_module(STATUS.get(name, STATUS[DEFAULT_SYSTEM]))
    figures: tuple[Figure, ...] = module.in_bout(bout, fid)
    return figures


def kept_status(name: str, record: tuple[tuple[str, int], ...]) -> tuple[Figure, ...]:
    """What the system called `name` keeps of a fighter between its bouts (his `carry` record), as figures;
    () for a system that keeps nothing or an empty record."""
    import importlib

    if not record:
        return ()
    module = importlib.import_module(STATUS.get(name, STATUS[DEFAULT_SYSTEM]))
    kept = getattr(module, "kept", None)
    return () if kept is None else tuple(kept(record))


def import_event_types() -> None:
    """Import every system's event modules (`EVENT_MODULES`), so that every event type is known by name."""
    import importlib

    for modules in EVENT_MODULES.values():
        for module in modules:
            importlib.import_module(module)


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
