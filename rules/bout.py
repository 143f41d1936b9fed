"""A bout: its fighters, the exchange clock, orientations, targets and target initiative per pair.

The bout is driven step by step (SPEC §2, §4.2-§4.4): orientations at `s0` of a round that needs
them, targets at `s1` (then initiative per pair), declarations at `s2` in declaration order, then
`rules.exchange.resolve_exchange` at the start of the next tick. Every method that changes the bout
returns the events it caused; an illegal call raises `IllegalAction` with a reason the caller can show.

House rule `initiative_model` (SPEC §4.3, content/house_rules.yaml):

- `target` (default): target initiative per pair only.
- `target_plus_global` (design doc "Target initiative + Global initiative system"): every fighter
  also holds or lacks *global* initiative (`Bout.has_global`). Everyone holds it at the start of a
  bout (and a fighter who joins holds it) and after a battle pause. After each exchange
  `rules.exchange` recomputes it: a fighter keeps or regains it iff he was not hit (a hit with
  MoS > 0 on him) and did not miss (no attack of his failed to land); one who neither attacked nor
  was hit keeps what he had. The menu (`rules.menu`) reads it: with it a fighter may Attack any foe
  in reach without buying (initiative queue, target unchanged; foes holding target initiative over
  him still strike first); without it he attacks without buying only foes he holds (or contests)
  target initiative over, and must buy initiative to attack a target when the pair has none.
- `red_white` (classic TRoS, the "backward-compatible option"): at `e1s0` fighters throw red
  (attack) or white (defend) instead of choosing an orientation (`Bout.orientation_choices`). The
  throw is stored as the orientation it behaves as, red = Aggressive and white = Defensive, for
  targeting, initiative at `s1` and the menus: red/white gives red the initiative, red/red is
  contested (strike-first contest), white/white gives neither: nobody attacks, the pair lulls and
  throws again next round (a "circle"). `Bout.shown_orientation` answers in the throw vocabulary.

Arriving mid-round (SPEC §2, §4.7; design doc "busy in exchange", "force-entering initiative"): a
fighter who becomes adjacent to a bout past its first-exchange window (`e1s2`, `e2s0`, `e2s1`,
`e2s2`) joins it at once through `Bout.arrive`, as one who lost initiative ("rolled white"), for the
rest of that exchange (`Bout.arrivals`; `rules.exchange.resolve_exchange` clears it, so one who
arrived at `e1s2` fights exchange 2 as an ordinary member, initiative flowing from its results). He
chooses no orientation (his is the "auto" one, `None`). He picks a target at the bout's next `s1` if
the exchange has one still to come (`e2s0`, `e2s1`), but holds initiative over nobody: his overwatch
gives him none, and a foe he targets who targets him back holds it over him (unless that foe is
Defensive or arrived too, then neither does). He never contests and never holds global initiative.
At `s2` `rules.menu` offers him only the force-enter buy (while nobody has declared an attack on him,
house rule `allow_force_enter`) against any one foe in reach, or defences, or nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from rules.catalog import Catalog, HouseRules
from rules.decisions import Decision, Option
from rules.dice import DiceStream, roll_pool
from rules.events import ClockStepped, Event, OrientationChosen, ReflexContest, TargetChosen, TargetInitiative
from rules.fighter import FighterSheet, FighterState

if TYPE_CHECKING:
    from rules.menu import KitEntry

AGGRESSIVE, CAUTIOUS, DEFENSIVE = "aggressive", "cautious", "defensive"
ORIENTATION_RANK = {AGGRESSIVE: 3, CAUTIOUS: 2, DEFENSIVE: 1}
ORIENTATION_CHOICES = (AGGRESSIVE, CAUTIOUS, DEFENSIVE)
# house rule initiative_model: red_white. A throw is stored as the orientation it behaves as.
RED, WHITE = "red", "white"
THROW_CHOICES = (RED, WHITE)
THROW_AS_ORIENTATION = {RED: AGGRESSIVE, WHITE: DEFENSIVE}
ORIENTATION_AS_THROW = {AGGRESSIVE: RED, DEFENSIVE: WHITE}

# Action types (SPEC §4.4)
ATTACK = "attack"
DOUBLE_ATTACK = "double_attack"
BUY_INITIATIVE = "buy_initiative"
NO_INITIATIVE = "no_initiative"
DEFEND = "defend"
DEFEND_PREEMPTIVE = "defend_preemptive"
QUICK_DEFENSE = "quick_defense"
CHANGE_TARGET = "change_target"
CHANGE_TARGET_BUY = "change_target_buy"
QUICK_ATTACK = "quick_attack"  # house rule `quick_attack` (design doc "Quick Attack")
MOBILITY = "mobility"  # a mobility maneuver (issue 13 item 1: Thread the Needle, Outmaneuver), rolled first
POSTEMPTIVE = "postemptive"  # the flavour of a hidden preemptive defence (rules.declare, design doc)
DO_NOTHING = "do_nothing"
ATTACK_ACTIONS = frozenset(
    {ATTACK, DOUBLE_ATTACK, BUY_INITIATIVE, NO_INITIATIVE, CHANGE_TARGET, CHANGE_TARGET_BUY, QUICK_ATTACK}
)
DEFENCE_ACTIONS = frozenset({DEFEND, DEFEND_PREEMPTIVE, QUICK_DEFENSE})
ACTION_LABELS = {
    ATTACK: "Attack",
    DOUBLE_ATTACK: "Double Attack",
    BUY_INITIATIVE: "Attack (buy initiative)",
    NO_INITIATIVE: "Attack (no initiative)",
    DEFEND: "Defend",
    DEFEND_PREEMPTIVE: "Defend (preemptive)",
    QUICK_DEFENSE: "Quick Defense",
    CHANGE_TARGET: "Change target",
    CHANGE_TARGET_BUY: "Change target (buy initiative)",
    QUICK_ATTACK: "Quick Attack",
    MOBILITY: "Mobility",
    DO_NOTHING: "Do Nothing",
}


class SystemState(Protocol):
    """A combat system's own state, kept on its bouts as `Bout.system_state` (None for `tros_sos`, whose
    state is the bout itself; `rules.sophias_children.state.ScState`). Written only by that system's
    fold; `clone` copies it for `Bout.clone`."""

    def clone(self) -> SystemState: ...


class IllegalAction(ValueError):
    """A command the rules refuse, with a reason fit for the player."""


# PartChoice, Action and SeenAction are values (nothing changes one once made: `dataclasses.replace`
# makes a changed copy), but not frozen: frozen ones are built through `object.__setattr__`. The hot
# dataclasses here write their own `__init__` (`init=False`): mypyc compiles a class's own `__init__`
# natively, while the one `dataclasses` generates stays interpreted (about 4,000 instructions per
# object built from compiled code). Fields, defaults, equality, hash and repr stay the dataclass's.
@dataclass(slots=True, unsafe_hash=True, init=False)
class PartChoice:
    """One rolled part of a composite maneuver."""

    maneuver: str
    dice: int
    zone: str | None = None

    def __init__(self, maneuver: str, dice: int, zone: str | None = None) -> None:
        self.maneuver = maneuver
        self.dice = dice
        self.zone = zone


@dataclass(slots=True, unsafe_hash=True, init=False)
class Action:
    """One item of a declaration."""

    action: str
    maneuver: str
    opponent: str | None
    dice: int = 0
    zone: str | None = None
    greater: int = 0  # +1 CP before rolling for +1 damage (Cut, Bash, Thrust)
    seize: bool = False  # Partial Evasion: pay the seize cost to take initiative if it succeeds
    reflex_buy: int = 0  # force-enter: CP spent to buy back Reflex for ordering
    terrain_dice: int = 0  # force-enter: dice for the terrain roll
    parts: tuple[PartChoice, ...] = ()

    def __init__(self, action: str, maneuver: str, opponent: str | None, dice: int = 0, zone: str | None = None,
                 greater: int = 0, seize: bool = False, reflex_buy: int = 0, terrain_dice: int = 0,
                 parts: tuple[PartChoice, ...] = ()) -> None:
        self.action = action
        self.maneuver = maneuver
        self.opponent = opponent
        self.dice = dice
        self.zone = zone
        self.greater = greater
        self.seize = seize
        self.reflex_buy = reflex_buy
        self.terrain_dice = terrain_dice
        self.parts = parts


DECLARATION_STATS: dict[str, Callable[[FighterState], int]] = {
    "reflex": lambda f: f.reflex,
    "perception": lambda f: f.attributes.PER,
    "perception_wit": lambda f: (f.attributes.PER + f.attributes.WT) // 2,
    "agility": lambda f: f.attributes.AG,
    "perception_reflex": lambda f: (f.attributes.PER + f.reflex) // 2,
    "wit": lambda f: f.attributes.WT,
}


def pair(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a < b else (b, a)


@dataclass(slots=True, init=False)
class Committed:
    """A validated declaration item with everything resolution needs, computed once at declare time."""

    owner: str
    action: Action
    role: str  # attack | defense | nothing
    maneuver: str
    opponent: str | None
    dice: int
    tn: int
    cost: int
    conditional_cost: int
    zone: str | None
    hand: str
    flavour: str = ""  # steal | buy_attacker | force_enter | change_free | change_none | global | ""

    def __init__(self, owner: str, action: Action, role: str, maneuver: str, opponent: str | None, dice: int,
                 tn: int, cost: int, conditional_cost: int, zone: str | None, hand: str, flavour: str = "") -> None:
        self.owner = owner
        self.action = action
        self.role = role
        self.maneuver = maneuver
        self.opponent = opponent
        self.dice = dice
        self.tn = tn
        self.cost = cost
        self.conditional_cost = conditional_cost
        self.zone = zone
        self.hand = hand
        self.flavour = flavour


@dataclass(slots=True)
class BoutClock:
    """The bout's own clock (SPEC §2): exchange 1 or 2, step 0 (footwork, orientation), 1 (targets),
    2 (declarations), the round, and how many exchanges were resolved. Changed only by folding
    `rules.events.ClockStepped` (and `InitiativeAfter` for `exchanges_done`)."""

    exchange: int = 1
    step: int = 0
    round: int = 1
    exchanges_done: int = 0

    def label(self) -> str:
        """`e1s0` .. `e2s2`."""
        return f"e{self.exchange}s{self.step}"


class Bout:
    """The state of one bout. `rules.menu`, `rules.exchange` and `rules.ai` read and advance it."""

    # slotted: a plain class's instance dict stops sharing its keys past 30 attributes (CPython 3.11), and
    # every attribute read and method call on the bout then goes through a dict lookup
    __slots__ = (
        "_declaration_order",
        "_foes",
        "_members",
        "_order",
        "_order_done",
        "_order_members",
        "_reach",
        "_roster_epoch",
        "answered",
        "arrivals",
        "attacked_last",
        "bonus_expiry",
        "catalog",
        "clock",
        "contested",
        "cornered",
        "declarations",
        "fighters",
        "flanked",
        "flow",
        "footing",
        "footing_rolled",
        "free_contests",
        "global_holders",
        "holders",
        "kits",
        "left",
        "length_penalised",
        "mobility",
        "needs_orientation",
        "orientation",
        "prev_targets",
        "rules",
        "seq",
        "stance",
        "system_state",
        "target_decisions",
        "target_options",
        "targets",
        "terrain",
        "threaded",
    )

    def __init__(
        self,
        catalog: Catalog,
        fighters: Iterable[FighterSheet | FighterState],
        house_rules: HouseRules | None = None,
        reach: Mapping[str, Iterable[str]] | None = None,
    ) -> None:
        if not _FOLD:
            _load_fold()  # every fold1/fold runs on a bout, so the fold's handlers are in from here on
        self.catalog = catalog
        self.rules = house_rules or catalog.house_rules
        self.fighters: dict[str, FighterState] = {}
        for f in fighters:
            state = f if isinstance(f, FighterState) else FighterState(f)
            if state.id in self.fighters:
                raise IllegalAction(f"fighter id {state.id!r} appears twice")
            self.fighters[state.id] = state
        self.clock = BoutClock()
        self.orientation: dict[str, str | None] = {fid: None for fid in self.fighters}
        self.needs_orientation: set[str] = set(self.fighters)
        self.targets: dict[str, str | None] = {fid: None for fid in self.fighters}
        self.prev_targets: dict[str, str | None] = dict(self.targets)
        self.flow: dict[tuple[str, str], str | None] = {}
        self.holders: set[tuple[str, str]] = set()
        self.contested: set[tuple[str, str]] = set()
        self.declarations: dict[str, list[Committed]] = {}
        self.left: set[str] = set()
        self.length_penalised: dict[tuple[str, str], str] = {}
        self.bonus_expiry: dict[str, int] = {}
        self.seq = 0
        self.free_contests: set[tuple[str, str]] = set()
        self.kits: dict[str, tuple[FighterSheet, int, tuple[KitEntry, ...]]] = {}  # rules.menu: sheet, serial, kit
        # who has answered this step's decision (an orientation, a target, a declaration); the clock clears it
        self.answered: set[str] = set()
        # who declared an attack in the last exchange resolved (no Flee in "auto" orientation for them)
        self.attacked_last: set[str] = set()
        # rules.tros_sos: the target options offered for (legal foes, forced), kept for the bout's life
        self.target_options: dict[tuple[tuple[str, ...], bool], tuple[Option, ...]] = {}
        # rules.tros_sos: the target decision for (who, legal foes, forced, default), kept likewise
        self.target_decisions: dict[tuple[str, tuple[str, ...], bool, str | None], Decision] = {}
        # house rule initiative_model: target_plus_global (everyone holds it at bout start)
        self.global_holders: set[str] = set(self.fighters)
        # fighters who arrived mid-round (`arrive`), until the exchange is resolved
        self.arrivals: set[str] = set()
        # another combat system's own state (rules.systems; see SystemState); None under tros_sos
        self.system_state: SystemState | None = None
        # rules.stance: the martial stance chosen at this round's e1s0 (house rule stance_bonus), the TN of
        # the difficult ground each fighter stands on (`set_terrain`; none: firm ground), the CP dice set
        # aside for this s0's terrain roll and who has rolled it this round
        self.stance: dict[str, str] = {}
        self.terrain: dict[str, int] = {}
        self.footing: dict[str, int] = {}
        self.footing_rolled: set[str] = set()
        # who has no room to evade (`set_cornered`): his Full Evasion takes a terrain roll (rules.exchange)
        self.cornered: frozenset[str] = frozenset()
        # rules.mobility (house rule mobility_version: v2b): this exchange's committed modifiers by fighter
        # (maneuver, dice; dice -1 until given), who is flanked (DTN added) and who threaded past whom
        # (foe, threader): the foe may not attack the threader this exchange
        self.mobility: dict[str, tuple[str, int]] = {}
        self.flanked: dict[str, int] = {}
        self.threaded: set[tuple[str, str]] = set()
        self._declaration_order: list[str] | None = None
        # `targeting_order` at s1, for this roster tuple and this many exchanges done
        self._order: tuple[str, ...] = ()
        self._order_members: tuple[str, ...] | None = None
        self._order_done = -1
        self._reach: dict[str, set[str]] | None = None
        # membership caches (members, foes per fighter): see `roster`
        self._roster_epoch = -1
        self._members: tuple[str, ...] = ()
        self._foes: dict[str, tuple[str, ...]] = {}
        self.set_reach(reach)

    def clone(self, fighters: Mapping[str, FighterState]) -> Bout:
        """A copy of this bout over `fighters` (copies of its own, by id): every fact copied, caches
        rebuilt on demand. For time travel (`game.sim.history`) and lookahead."""
        b = Bout(self.catalog, [fighters[fid] for fid in self.fighters], self.rules, None)
        c = self.clock
        b.clock = BoutClock(c.exchange, c.step, c.round, c.exchanges_done)
        b.orientation = dict(self.orientation)
        b.needs_orientation = set(self.needs_orientation)
        b.targets = dict(self.targets)
        b.prev_targets = dict(self.prev_targets)
        b.flow = dict(self.flow)
        b.holders = set(self.holders)
        b.contested = set(self.contested)
        b.declarations = {fid: list(items) for fid, items in self.declarations.items()}  # items never change
        b.left = set(self.left)
        b.length_penalised = dict(self.length_penalised)
        b.bonus_expiry = dict(self.bonus_expiry)
        b.seq = self.seq
        b.free_contests = set(self.free_contests)
        b.answered = set(self.answered)
        b.attacked_last = set(self.attacked_last)
        b.global_holders = set(self.global_holders)
        b.arrivals = set(self.arrivals)
        b.system_state = None if self.system_state is None else self.system_state.clone()
        b.stance = dict(self.stance)
        b.terrain = dict(self.terrain)
        b.footing = dict(self.footing)
        b.footing_rolled = set(self.footing_rolled)
        b.cornered = self.cornered
        b.mobility = dict(self.mobility)
        b.flanked = dict(self.flanked)
        b.threaded = set(self.threaded)
        b.set_reach(self._reach)
        b.invalidate_roster()
        return b

    def fold1(self, event: Event) -> list[Event]:
        """`fold` of one event: [event]."""
        handler = _FOLD.get(type(event))
        if handler is not None:  # `rules.fold.apply`, without its call
            handler(event, self.fighters, self)
        return [event]

    def fold(self, events: list[Event]) -> list[Event]:
        """Fold the events into this bout and its fighters (`rules.fold`, the one writer); returns them."""
        fighters = self.fighters
        for e in events:
            handler = _FOLD.get(type(e))
            if handler is not None:
                handler(e, fighters, self)
        return events

    # ----- membership and reach -------------------------------------------------------------------
    # `members()` and `foes_in_reach()` are asked hundreds of times per exchange, so both are cached
    # until `FighterState.roster_epoch` moves: `add_fighter`, `remove_fighter`, `set_reach` (when the
    # reach changes) and a fighter's `dead` / `unconscious` flag bump it. Change membership only
    # through those methods; a fighter's side (his sheet) must not change while he is in a bout. After
    # editing anything else they depend on by hand, call `invalidate_roster()`.
    def invalidate_roster(self) -> None:
        FighterState.roster_epoch += 1

    def roster(self) -> tuple[str, ...]:
        """`members()` as a cached tuple (the rules' hot paths use this)."""
        if self._roster_epoch != FighterState.roster_epoch:
            left = self.left
            self._members = tuple(
                fid for fid, state in self.fighters.items() if fid not in left and not state.out_of_fight
            )
            self._foes = {}
            self._roster_epoch = FighterState.roster_epoch
        return self._members

    def hostile(self, a: str, b: str) -> bool:
        return self.fighters[a].sheet.side != self.fighters[b].sheet.side

    def set_reach(self, reach: Mapping[str, Iterable[str]] | None) -> None:
        """Who can reach whom (the world's adjacency). None: every hostile pair can. The world sets it
        for every bout at the end of every tick; an unchanged reach keeps the caches (see `roster`)."""
        new = None if reach is None else {k: set(v) for k, v in reach.items()}
        if new == self._reach and self._roster_epoch >= 0:
            return
        self._reach = new
        self.invalidate_roster()

    def set_terrain(self, terrain: Mapping[str, int]) -> None:
        """The TN of the difficult ground each fighter stands on (rules.stance: a terrain roll at each
        round's `e1s0`); a fighter left out stands on firm ground. The world or a scenario sets it."""
        self.terrain = {fid: tn for fid, tn in terrain.items() if fid in self.fighters}

    def set_cornered(self, fighters: Iterable[str]) -> None:
        """Who has no room to evade (research §3 Full Evasion: "without usable terrain"): his Full
        Evasion sets aside terrain dice, rolled at `full_evasion_terrain_tn` (`rules.menu`,
        `rules.exchange`); the rest have room. The world (`game.sim.membership.cornered`) or a test
        sets it."""
        self.cornered = frozenset(fid for fid in fighters if fid in self.fighters)

    def reach_pairs(self) -> list[list[str]] | None:
        """The reach as sorted [fighter, foe] pairs (None: every hostile pair can reach)."""
        if self._reach is None:
            return None
        return sorted([fid, foe] for fid, foes in self._reach.items() for foe in foes)

    def same_reach(self, reach: Mapping[str, Iterable[str]]) -> bool:
        """Is `reach` the reach the bout has now (see `set_reach`)?"""
        current = self._reach
        if current is None or len(current) != len(reach):
            return False
        return all(set(foes) == current.get(fid) for fid, foes in reach.items())

    def active(self, fid: str) -> bool:
        return fid not in self.left and not self.fighters[fid].out_of_fight

    def members(self) -> list[str]:
        return list(self.roster())

    def foes(self, fid: str) -> tuple[str, ...]:
        """`foes_in_reach` as a cached tuple (do not mutate; the rules' hot paths use this)."""
        if self._roster_epoch != FighterState.roster_epoch:
            self.roster()  # the membership caches are stale: rebuild them
        found = self._foes.get(fid)
        if found is None:
            found = self._foes[fid] = tuple(self._compute_foes(fid))
        return found

    def foes_in_reach(self, fid: str) -> list[str]:
        return list(self.foes(fid))

    def _compute_foes(self, fid: str) -> list[str]:
        out = []
        for other in self.fighters:
            if other == fid or not self.active(other) or not self.hostile(fid, other):
                continue
            if self._reach is not None and other not in self._reach.get(fid, ()):
                continue
            out.append(other)
        return out

    def add_fighter(self, fighter: FighterSheet | FighterState) -> None:
        """A fighter joins (the world syncs clocks before calling this)."""
        state = fighter if isinstance(fighter, FighterState) else FighterState(fighter)
        if state.id in self.fighters and self.active(state.id):
            raise IllegalAction(f"{state.id} is already in the bout")
        self.fighters[state.id] = state
        self.invalidate_roster()
        self.left.discard(state.id)
        self.orientation[state.id] = None
        self.targets[state.id] = None
        self.prev_targets[state.id] = None
        self.needs_orientation.add(state.id)
        self.global_holders.add(state.id)  # a fighter who joins holds global initiative, as at bout start

    def arrive(self, fighter: FighterSheet | FighterState) -> None:
        """A fighter joins a bout past its first-exchange window, "arriving mid-round" (see the module
        docstring): no orientation to choose, no initiative over anyone, no global initiative, until
        the exchange is resolved."""
        state = fighter if isinstance(fighter, FighterState) else FighterState(fighter)
        self.add_fighter(state)
        self.needs_orientation.discard(state.id)
        self.global_holders.discard(state.id)
        self.arrivals.add(state.id)
        self._declaration_order = None

    def arriving(self, fid: str) -> bool:
        """Did fid arrive mid-round (`arrive`) in this exchange?"""
        return fid in self.arrivals

    def remove_fighter(self, fid: str) -> None:
        """A fighter leaves (separated, fled): his pairs reset; others who targeted him lose the target."""
        self.left.add(fid)
        self.arrivals.discard(fid)
        self.invalidate_roster()
        self.targets[fid] = None
        for other, target in self.targets.items():
            if target == fid:
                self.targets[other] = None
        for key in [k for k in self.flow if fid in k]:
            del self.flow[key]
        self.holders = {h for h in self.holders if fid not in h}
        self.contested = {c for c in self.contested if fid not in c}
        self.declarations.pop(fid, None)
        self._declaration_order = None

    # ----- the clock -------------------------------------------------------------------------------
    def step_clock(self) -> list[Event]:
        """`s0` -> `s1` -> `s2` (after `s2` the exchange is resolved: `rules.exchange.resolve_exchange`
        moves the clock to `s0` of the next exchange or round)."""
        clock = self.clock
        if clock.step >= 2:
            raise IllegalAction("the exchange is declared: resolve it to move the clock on")
        return self.fold1(ClockStepped(clock.exchange, clock.step + 1, clock.round))

    # ----- orientation (s0) -----------------------------------------------------------------------
    def orientation_due(self) -> list[str]:
        if self.clock.exchange != 1:
            return []
        return [fid for fid in self.roster() if fid in self.needs_orientation]

    def orientation_choices(self) -> tuple[str, ...]:
        """What `choose_orientation` accepts under the house rules: the throws "red" / "white" with
        `initiative_model: red_white`, else "aggressive" / "cautious" / "defensive"."""
        return THROW_CHOICES if self.rules.initiative_model == "red_white" else ORIENTATION_CHOICES

    def shown_orientation(self, fid: str) -> str | None:
        """fid's orientation in the vocabulary of `orientation_choices` (a throw under red_white)."""
        orientation = self.orientation.get(fid)
        if orientation is not None and self.rules.initiative_model == "red_white":
            return ORIENTATION_AS_THROW.get(orientation, orientation)
        return orientation

    def choose_orientation(self, fid: str, orientation: str) -> list[Event]:
        choices = self.orientation_choices()
        if orientation not in choices:
            if orientation in ORIENTATION_RANK or orientation in THROW_CHOICES:
                raise IllegalAction(
                    f"{orientation!r} is not a choice under initiative_model "
                    f"{self.rules.initiative_model!r}: choose {' or '.join(choices)}"
                )
            raise IllegalAction(f"unknown orientation {orientation!r}")
        if self.clock.exchange != 1 or fid not in self.needs_orientation or fid not in self.roster():
            raise IllegalAction(f"{fid} does not choose an orientation now")  # not in orientation_due()
        return self.fold1(OrientationChosen(self.clock.exchange, fid, orientation))

    # ----- targets (s1) ---------------------------------------------------------------------------
    def next_to_target(self) -> str | None:
        """The first in targeting order who has not answered at this `s1` (None: all have)."""
        answered = self.answered
        for fid in self.targeting_tuple():
            if fid not in answered:
                return fid
        return None

    def targeting_order(self) -> list[str]:
        """Aggressive, then Cautious (and auto), then Defensive; highest Reflex first in each group."""
        return list(self.targeting_tuple())

    def targeting_tuple(self) -> tuple[str, ...]:
        """`targeting_order` as a tuple (do not mutate). At `s1` (where it is asked once per target
        chosen) it is kept while the roster and the exchange stay the same: orientations are fixed by
        then."""
        clock = self.clock
        done = clock.exchanges_done
        at_s1 = clock.step == 1
        if (at_s1 and self._order_done == done and self._roster_epoch == FighterState.roster_epoch
                and self._order_members is self._members):
            return self._order  # the roster() check, without the call
        members = self.roster()
        orientation, fighters = self.orientation, self.fighters
        order = tuple(sorted(members, key=lambda fid: (
            -ORIENTATION_RANK.get(orientation[fid] or CAUTIOUS, 2), -fighters[fid].reflex, fid)))
        if at_s1:
            self._order, self._order_members, self._order_done = order, members, done
        return order

    def forced_targets(self, fid: str) -> list[str]:
        """A Cautious fighter targeted by Aggressive ones must target one of them (SPEC §4.2)."""
        if self.orientation[fid] != CAUTIOUS:
            return []
        return [
            other
            for other in self.foes(fid)
            if self.targets.get(other) == fid and self.orientation.get(other) == AGGRESSIVE
        ]

    def legal_targets(self, fid: str) -> list[str]:
        forced = self.forced_targets(fid)
        return forced or list(self.foes(fid))

    def default_target(self, fid: str, legal: Sequence[str] | None = None) -> str | None:
        if legal is None:
            legal = self.legal_targets(fid)
        if not legal:
            return None
        current = self.targets.get(fid)
        if current in legal:
            return current
        # prefer a foe who targets me, then the lowest id for determinism
        targeting_me = [o for o in legal if self.targets.get(o) == fid]
        return (targeting_me or legal)[0]

    def choose_target(self, fid: str, target: str | None) -> list[Event]:
        if not self.active(fid):
            raise IllegalAction(f"{fid} is not fighting")
        legal = self.legal_targets(fid)
        if target is None:
            target = self.default_target(fid)
        if target not in legal:
            forced = self.forced_targets(fid)
            if forced:
                raise IllegalAction(
                    f"{fid} is Cautious and targeted by Aggressive {', '.join(forced)}: must target one of them"
                )
            raise IllegalAction(f"{fid} cannot target {target}: not a foe in reach")
        return self.fold1(TargetChosen(self.clock.exchange, fid, target))

    def finish_targeting(
        self, stream: DiceStream, choose: Mapping[str, str | None] | Callable[[str], str | None] | None = None
    ) -> list[Event]:
        """Targets in targeting order (chosen ones, else the current or default target), then
        initiative per pair (SPEC §4.3). `choose` is a mapping or a callable asked in order, so a later
        chooser sees earlier choices (and the forced Cautious retarget)."""
        events: list[Event] = []
        for fid in self.targeting_tuple():
            if callable(choose):
                want = choose(fid)
            elif choose is not None and fid in choose:
                want = choose[fid]
            else:
                want = self.targets.get(fid)
            events += self.answer_target(fid, want)
        events += self.fold(self._compute_initiative(stream))
        return events

    def answer_target(self, fid: str, want: str | None) -> list[Event]:
        """fid targets `want`, or (out of reach, not allowed, or None) his default target, the event
        saying why it was forced."""
        must = self.forced_targets(fid) if self.orientation[fid] == CAUTIOUS else None
        legal: Sequence[str] = must or self.foes(fid)  # legal_targets, without the copy
        if want in legal:
            return self.fold1(TargetChosen(self.clock.exchange, fid, want))
        forced = want is not None
        reason = ("forced: Cautious targeted by Aggressive" if must else f"{want} is out of reach") if forced else ""
        return self.fold1(TargetChosen(self.clock.exchange, fid, self.default_target(fid, legal), forced, reason))

    def close_targeting(self, stream: DiceStream) -> list[Event]:
        """The end of `s1`: everyone who has not answered, or whose answer no longer stands (his
        target fell since), keeps his current target if he may or takes the default; then initiative
        per pair (SPEC §4.3)."""
        events: list[Event] = []
        answered, targets = self.answered, self.targets
        orientation = self.orientation
        for fid in self.targeting_tuple():
            current = targets.get(fid)
            if fid in answered and current in (
                    (orientation[fid] == CAUTIOUS and self.forced_targets(fid)) or self.foes(fid)):
                continue  # his answer stands (`legal_targets`, without the copy)
            events += self.answer_target(fid, current)
        events += self.fold(self._compute_initiative(stream))
        return events

    def _compute_initiative(self, stream: DiceStream) -> list[Event]:
        events: list[Event] = []
        holders: set[tuple[str, str]] = set()
        contested: set[tuple[str, str]] = set()
        arrivals = self.arrivals
        for a in self.roster():
            b = self.targets.get(a)
            if b is None:
                continue
            if self.targets.get(b) != a:
                if a not in arrivals:
                    holders.add((a, b))  # overwatch (one who arrived mid-round holds none)
                continue
            if a > b:
                continue  # each mutual pair once
            if arrivals and (a in arrivals or b in arrivals):
                # arrived mid-round: as if he threw white; the other holds unless Defensive
                late, other = (a, b) if a in arrivals else (b, a)
                if other not in arrivals and self.orientation[other] != DEFENSIVE:
                    holders.add((other, late))
                continue
            key = pair(a, b)
            flowing = self.flow.get(key)
            if flowing is not None:
                holders.add((flowing, b if flowing == a else a))
                continue
            oa = self.orientation[a] or CAUTIOUS
            ob = self.orientation[b] or CAUTIOUS
            if oa == DEFENSIVE and ob == DEFENSIVE:
                continue
            if oa == ob == AGGRESSIVE:
                contested.add(key)
            elif oa == ob == CAUTIOUS:
                winner, event = self.cautious_contest(a, b, stream)
                events.append(event)
                if winner is not None:
                    holders.add((winner, b if winner == a else a))
            elif ORIENTATION_RANK[oa] > ORIENTATION_RANK[ob]:
                holders.add((a, b))
            else:
                holders.add((b, a))
        events.append(
            TargetInitiative(self.clock.exchange, tuple(sorted(holders)), tuple(sorted(contested)))
        )
        return events

    def cautious_contest(self, a: str, b: str, stream: DiceStream) -> tuple[str | None, ReflexContest]:
        fa, fb = self.fighters[a], self.fighters[b]
        ra = roll_pool(stream, fa.reflex, 5, self.rules.negative_pool)
        rb = roll_pool(stream, fb.reflex, 5, self.rules.negative_pool)
        winner = a if ra.successes > rb.successes else b if rb.successes > ra.successes else None
        event = ReflexContest(
            self.clock.exchange, "cautious", a, b,
            ra.dice, ra.tn, ra.faces, ra.successes, rb.dice, rb.tn, rb.faces, rb.successes,
            winner, "Cautious vs Cautious: Reflex at TN 5",
        )
        return winner, event

    # ----- initiative queries ---------------------------------------------------------------------
    def relation(self, fid: str, other: str) -> str:
        """`you_hold`, `he_holds`, `contested` or `none` for fid's pair with other."""
        if (fid, other) in self.holders:
            return "you_hold"
        if (other, fid) in self.holders:
            return "he_holds"
        if pair(fid, other) in self.contested:
            return "contested"
        return "none"

    def has_global(self, fid: str) -> bool:
        """House rule `initiative_model: target_plus_global`: does fid hold global initiative? Always
        False under the other models."""
        return self.rules.initiative_model == "target_plus_global" and fid in self.global_holders

    def has_initiative(self, fid: str) -> bool:
        target = self.targets.get(fid)
        return target is not None and self.relation(fid, target) in ("you_hold", "contested")

    # ----- declarations (s2) ----------------------------------------------------------------------
    def declaration_order(self) -> list[str]:
        """With initiative over the target first, then without; lowest Reflex first in each (house rule
        `declaration_order`: or the lowest Perception, (Perception + Wit) / 2, Agility,
        (Perception + Reflex) / 2 or Wit, the design doc's variations: the better one declares later)."""
        stat = DECLARATION_STATS[self.rules.declaration_order]
        fighters, targets, holders, contested = self.fighters, self.targets, self.holders, self.contested
        keyed = []
        for fid in self.roster():
            # `has_initiative`, without its two calls: he holds, or the pair is contested and he is not held
            target = targets.get(fid)
            held = target is not None and ((fid, target) in holders or (
                (target, fid) not in holders and pair(fid, target) in contested))
            keyed.append((0 if held else 1, stat(fighters[fid]), fid))
        keyed.sort()
        return [fid for _, _, fid in keyed]  # ids are unique: sorting the keys sorts the ids by them

    def forget_declaration_order(self) -> None:
        self._declaration_order = None

    def next_declarer(self) -> str | None:
        if self._declaration_order is None:
            self._declaration_order = self.declaration_order()
        for fid in self._declaration_order:
            if fid not in self.declarations:
                return fid
        return None

    def declared_attacks_on(self, fid: str) -> list[Committed]:
        return [
            c for items in self.declarations.values() for c in items if c.role == "attack" and c.opponent == fid
        ]


# `rules.fold`'s handler per event type (`Bout.fold1`, `Bout.fold`): filled by the first `Bout()`,
# as rules.fold imports this module and cannot be imported at its import
_FOLD: dict[type, Callable[..., None]] = {}


def _load_fold() -> None:
    from rules.fold import HANDLERS

    _FOLD.update(HANDLERS)


# ----- what later declarers see (house rule `declare_roots_only`) ------------------------------------
def maneuver_root(catalog: Catalog, maneuver: str) -> str:
    """The root of a maneuver's family inside its menu group: the topmost ancestor that is not an
    abstract group node ("parry" for Counter, "swing" for Cut; a root is its own root)."""
    current = catalog.maneuvers[maneuver]
    while current.parent is not None:
        parent = catalog.maneuvers[current.parent]
        if parent.abstract:
            break
        current = parent
    return current.id


def seen_maneuver(bout: Bout, item: Committed) -> str:
    """The maneuver other fighters see in a declared item: its root under `declare_roots_only`.
    The menus and the AI read earlier declarations only through this (and dice, owner, opponent)."""
    return maneuver_root(bout.catalog, item.maneuver) if bout.rules.declare_roots_only else item.maneuver


@dataclass(slots=True, unsafe_hash=True, init=False)
class SeenAction:
    """One declared item as another fighter sees it: the action type, the maneuver (only its root
    under `declare_roots_only`), the opponent, dice and target zone. Never its cost or TN."""

    action: str
    maneuver: str
    opponent: str | None
    dice: int
    zone: str | None
    parts: tuple[tuple[str, int, str | None], ...] = ()  # composite parts: (maneuver or root, dice, zone)

    def __init__(self, action: str, maneuver: str, opponent: str | None, dice: int, zone: str | None,
                 parts: tuple[tuple[str, int, str | None], ...] = ()) -> None:
        self.action = action
        self.maneuver = maneuver
        self.opponent = opponent
        self.dice = dice
        self.zone = zone
        self.parts = parts


def visible_declaration(bout: Bout, viewer: str, declarer: str) -> tuple[SeenAction, ...]:
    """`declarer`'s declaration this exchange as `viewer` sees it. A fighter sees his own exactly, others
    never see his postemptive defences (flavour `POSTEMPTIVE`, rules.declare);
    with `declare_roots_only` everyone else sees each maneuver (and composite part) as its root,
    e.g. "parry" for a Counter, "swing" for a Cut (design doc "Non-explicit manuever declarations")."""
    exact = viewer == declarer or not bout.rules.declare_roots_only
    out = []
    for c in bout.declarations.get(declarer, ()):
        if c.flavour == POSTEMPTIVE and viewer != declarer:
            continue  # a postemptive defence is hidden until it is rolled (rules.declare)
        parts = tuple(
            (p.maneuver if exact else maneuver_root(bout.catalog, p.maneuver), p.dice, p.zone)
            for p in c.action.parts
        )
        out.append(SeenAction(
            c.action.action, c.maneuver if exact else maneuver_root(bout.catalog, c.maneuver),
            c.opponent, c.dice, c.zone, parts,
        ))
    return tuple(out)


