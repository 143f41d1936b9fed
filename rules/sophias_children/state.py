"""The state of a Sophia's Children bout: its units (combatants and Squads), the Initiative Pools,
Up / Tapped, the phase of the order of combat and the bidding in progress.

The state is an `ScState`, kept on the `rules.bout.Bout` as its `system_state` (so `Bout.clone` copies
it and the world keeps its bouts as they are); `ScBout(bout)` is the view the system's modules read it
through. Only `rules.sophias_children.fold` writes it; everything here only reads it.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from rules.bout import Bout, IllegalAction
from rules.catalog import Catalog, HouseRules
from rules.fighter import FighterState

# phases of the order of combat
START, BID, FIRST_PICK, ACTION, DESIGNATE, INTERRUPT, OVER = (
    "start", "bid", "first_pick", "action", "designate", "interrupt", "over")
# statuses of the document (Note #2): these cannot Interrupt nor counter-bid; `hidden` is the
# Second Assassin's "moves into the shadows ... becoming Hidden"
STUNNED, ASLEEP, HIDDEN = "stunned", "asleep", "hidden"
UNABLE = frozenset({STUNNED, ASLEEP})


@dataclass
class Unit:
    """A combatant or a Squad: what is Up or Tapped, designated, and acts."""

    id: str
    side: str
    members: list[str]
    squad: bool = False


@dataclass
class InterruptWar:
    """An Interrupt in progress: the interrupter's and the interrupted unit's bids (totals)."""

    interrupter: str
    interrupted: str
    bid: int
    match: int = 0
    turn: str = "counter"  # counter: the interrupted unit answers; raise: the interrupter does


@dataclass
class ScState:
    """Everything the order of combat keeps (see the module docstring)."""

    round: int = 1
    phase: str = START
    units: dict[str, Unit] = field(default_factory=dict)
    unit_of: dict[str, str] = field(default_factory=dict)
    agility: dict[str, int] = field(default_factory=dict)
    kind: dict[str, str] = field(default_factory=dict)
    level: dict[str, int] = field(default_factory=dict)
    group: dict[str, str] = field(default_factory=dict)  # fighter -> his initiative roll's id
    roller: dict[str, str] = field(default_factory=dict)  # a level-0 party's roll -> who rolls it
    surprise: dict[str, bool] = field(default_factory=dict)
    initiative: dict[str, int] = field(default_factory=dict)
    rolled: bool = False
    pools: dict[str, int] = field(default_factory=dict)
    # bidding for First Action
    tied: tuple[str, ...] = ()
    caps: dict[str, int] = field(default_factory=dict)
    bids: dict[str, int] = field(default_factory=dict)
    stood: set[str] = field(default_factory=set)
    bid_turn: int = 0
    first_side: str | None = None
    first_action: bool = False  # the unit acting now has the First Action (it cannot be interrupted)
    # Up / Tapped and the action in progress
    up: set[str] = field(default_factory=set)
    acting: str | None = None
    member: str | None = None
    acted: set[str] = field(default_factory=set)
    chosen: tuple[str, str | None, str | None, str | None] | None = None  # kind, target, maneuver, zone
    defence: str | None = None
    last: str | None = None
    round_end: bool = False  # the designation is the last actor's at a round's end (not himself)
    designated: str | None = None
    asked: set[str] = field(default_factory=set)
    war: InterruptWar | None = None
    status: dict[str, set[str]] = field(default_factory=dict)
    actions_done: int = 0  # members' actions resolved (ActionDone), and how many `advance` reported
    actions_reported: int = 0

    def clone(self) -> ScState:
        return copy.deepcopy(self)

    def snapshot(self) -> dict[str, object]:
        """Every fact as plain data (the fold test compares two of these)."""
        out: dict[str, object] = {}
        for name, value in vars(self).items():
            if isinstance(value, set):
                out[name] = sorted(value)
            elif isinstance(value, dict):
                out[name] = {k: (sorted(v) if isinstance(v, set) else copy.deepcopy(v)) for k, v in value.items()}
            else:
                out[name] = copy.deepcopy(value)
        return out


class ScBout:
    """A Sophia's Children view of a bout: the `rules.bout.Bout` (fighters, sides, reach, membership:
    what the world, the scenario runner and the log read) and its `system_state`, an `ScState`.
    Made afresh for each call (`ScBout(bout)`); IllegalAction for a bout of another system."""

    __slots__ = ("bout", "sc")

    def __init__(self, bout: Bout) -> None:
        state = bout.system_state
        if not isinstance(state, ScState):
            raise IllegalAction("not a Sophia's Children bout (made by another combat system)")
        self.bout = bout
        self.sc: ScState = state

    @property
    def fighters(self) -> dict[str, FighterState]:
        return self.bout.fighters

    @property
    def catalog(self) -> Catalog:
        return self.bout.catalog

    @property
    def rules(self) -> HouseRules:
        return self.bout.rules

    def active(self, fid: str) -> bool:
        return self.bout.active(fid)

    def foes(self, fid: str) -> tuple[str, ...]:
        return self.bout.foes(fid)

    def members(self) -> list[str]:
        return self.bout.members()

    def roster(self) -> tuple[str, ...]:
        return self.bout.roster()

    # ----- reading the state ----------------------------------------------------------------------
    def unit(self, uid: str) -> Unit:
        return self.sc.units[uid]

    def side_of(self, uid: str) -> str:
        return self.sc.units[uid].side

    def fit(self, fid: str) -> bool:
        """In the fight: neither dead, nor unconscious (the document's Dying), nor gone."""
        return self.active(fid)

    def living(self, uid: str) -> list[str]:
        return [m for m in self.sc.units[uid].members if self.fit(m)]

    def able(self, fid: str) -> bool:
        """Can Interrupt and counter-bid: in the fight and not Stunned or Asleep (Note #2)."""
        return self.fit(fid) and not (self.sc.status.get(fid, set()) & UNABLE)

    def unit_able(self, uid: str) -> bool:
        """A Squad is unable only when the entirety of it is (Note #2)."""
        return any(self.able(m) for m in self.sc.units[uid].members)

    def has(self, fid: str, status: str) -> bool:
        return status in self.sc.status.get(fid, set())

    def units_alive(self) -> list[str]:
        return [u for u in self.sc.units if self.living(u)]

    def up_units(self) -> list[str]:
        """Units still Up this round with someone in the fight, in the bout's order."""
        return [u for u in self.sc.units if u in self.sc.up and self.living(u)]

    def sides_fighting(self) -> list[str]:
        sides: list[str] = []
        for u in self.units_alive():
            side = self.side_of(u)
            if side not in sides:
                sides.append(side)
        return sides

    def over(self) -> bool:
        """No two hostile sides have a combatant left in the fight (or reach of each other)."""
        return not any(self.bout.foes(fid) for fid in self.bout.roster())

    def agility_of(self, uid: str) -> int:
        """A unit's contribution to its side's Initiative Pool (its members' Agility, the living)."""
        return sum(self.sc.agility[m] for m in self.living(uid))

    def pool(self, side: str) -> int:
        return self.sc.pools.get(side, 0)
