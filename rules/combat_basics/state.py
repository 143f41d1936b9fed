"""The state of a Combat basics bout: the characters (their TRoS `FighterState` for wounds, and this
system's `CbFighter`: square, initiative, readied action, effects), the initiative order, whose turn it
is, and the attacks being resolved. Only `rules.combat_basics.fold` writes it; the rules read it.

Squares are (x, y) on the world's grid (y grows southward); several characters may share one: those
sharing a square are a combat cluster (document lines 23-25). `heights` gives a square's height in
climbing turns (line 31; 0 where left out). `unseen` holds (watcher, watched) pairs the host says
cannot be perceived (line 15: a readied action needs the character to become aware of its trigger).

The host reads a bout through plain methods: `members()`, `active(fid)`, `left`, `clone()` and
`health(fid)` (fighting / dead / unconscious / fled).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.catalog import Catalog, HouseRules
from rules.combat_basics.stats import CbStats
from rules.fighter import FighterState

Square = tuple[int, int]
DIRECTIONS: dict[str, Square] = {"north": (0, -1), "east": (1, 0), "south": (0, 1), "west": (-1, 0)}
OPPOSITE = {"north": "south", "south": "north", "east": "west", "west": "east"}
START, TURN, OVER = "start", "turn", "over"
STUMBLE, DAZE = "stumble", "daze"
ENTER, ATTACKED, INTENT = "enter", "attacked", "intent"
TRIGGERS = (ENTER, ATTACKED, INTENT)
MELEE, RANGED = "melee", "ranged"


@dataclass
class Effect:
    """A stumble or a daze: its length in seconds, the affected character's own turns it has left
    (⌊seconds/2⌋, line 37) and its details."""

    kind: str
    seconds: int
    turns: int
    source: str | None = None
    blocked: str | None = None  # stumble: the direction he cannot move in (where it came from)
    odd: bool = False  # daze of an odd number of seconds: no defence until the start of his next turn
    fresh: bool = False  # began during his own turn: that turn does not count
    attacked_by: list[str] = field(default_factory=list)  # stumble: who attacked him since (line 41)


@dataclass
class Readied:
    """A readied combat action: attack whoever sets off the trigger (lines 15-19)."""

    trigger: str
    square: Square  # "an opponent enters this square": the square he stood on when he readied


@dataclass
class CbFighter:
    """One character's Combat basics state."""

    id: str
    name: str
    side: str
    stats: CbStats
    pos: Square
    initiative: int | None = None
    readied: Readied | None = None
    effects: dict[str, Effect] = field(default_factory=dict)
    fled: bool = False
    last_action: str = ""  # his last turn's answer (the AI reads it)
    delayed: bool = False  # he delayed this round and his turn has not come back yet (line 13; the map's marker)
    creature: str | None = None  # the content id his stats came from, once the host has said

    def has(self, kind: str) -> bool:
        return kind in self.effects


@dataclass
class Strike:
    """One attack roll waiting to be resolved: its target defends first (`defence`)."""

    attacker: str
    target: str
    mode: str  # melee | ranged
    penalty: int  # the situational penalty on consistency (dice)
    chain: tuple[str, ...] = ()  # ranged into a cluster: who the re-roll goes to next (line 33)
    reason: str = "turn"  # turn | readied
    defence: str | None = None


@dataclass
class Push:
    """A stumble waiting for its causer to choose the direction it came from (line 43)."""

    victim: str
    causer: str
    seconds: int
    options: tuple[str, ...]


@dataclass
class CbBout:
    """A bout under Combat basics (see the module docstring)."""

    catalog: Catalog
    rules: HouseRules
    fighters: dict[str, FighterState]
    cb: dict[str, CbFighter]
    heights: dict[Square, int] = field(default_factory=dict)
    unseen: set[tuple[str, str]] = field(default_factory=set)
    challenge_tn: int = 6
    round: int = 0
    phase: str = START
    order: list[str] = field(default_factory=list)
    done: set[str] = field(default_factory=set)  # who has had his turn this round
    actor: str | None = None
    chosen: str | None = None  # the actor's answer this turn
    acted: bool = False  # the actor's answer has been carried out (its attacks queued)
    queue: list[Strike] = field(default_factory=list)
    push: Push | None = None
    left: set[str] = field(default_factory=set)  # out of the fight or fled, and reported to the host
    owed: list[tuple[str, Square]] = field(default_factory=list)  # moves the host has not walked yet (`Walk`)

    # ----- what the host reads --------------------------------------------------------------------
    def members(self) -> list[str]:
        return [fid for fid in self.cb if fid not in self.left]

    def active(self, fid: str) -> bool:
        """In the fight: neither dead, unconscious nor fled."""
        c = self.cb.get(fid)
        return c is not None and not c.fled and fid not in self.left and not self.fighters[fid].out_of_fight

    def health(self, fid: str) -> str:
        f = self.fighters[fid]
        if f.dead:
            return "dead"
        if f.unconscious:
            return "unconscious"
        if self.cb[fid].fled:
            return "fled"
        return "fighting"

    def clone(self) -> CbBout:
        """A copy sharing nothing mutable (the catalog and house rules are shared: never changed)."""
        import copy

        fighters = {fid: f.clone() for fid, f in self.fighters.items()}
        rest = {k: copy.deepcopy(v) for k, v in vars(self).items() if k not in ("catalog", "rules", "fighters")}
        return CbBout(catalog=self.catalog, rules=self.rules, fighters=fighters, **rest)

    @property
    def over(self) -> bool:
        return self.phase == OVER

    # ----- reading --------------------------------------------------------------------------------
    def side(self, fid: str) -> str:
        return self.cb[fid].side

    def foes(self, fid: str) -> list[str]:
        side = self.cb[fid].side
        return [o for o in self.cb if o != fid and self.cb[o].side != side and self.active(o)]

    def cluster(self, square: Square) -> list[str]:
        """The active characters on a square, in initiative order."""
        return [fid for fid in self.ordered() if self.active(fid) and self.cb[fid].pos == square]

    def in_cluster(self, fid: str) -> bool:
        return len(self.cluster(self.cb[fid].pos)) > 1

    def ordered(self) -> list[str]:
        """Every character, in the initiative order (those not yet in it last, by id)."""
        return [*self.order, *sorted(fid for fid in self.cb if fid not in self.order)]

    def height(self, square: Square) -> int:
        return self.heights.get(square, 0)

    def distance(self, a: str, b: str) -> int:
        """Line 31: the turns to move (horizontal and vertical steps only), climb, or jump down (free)."""
        pa, pb = self.cb[a].pos, self.cb[b].pos
        climb = max(0, self.height(pb) - self.height(pa))
        return abs(pa[0] - pb[0]) + abs(pa[1] - pb[1]) + climb

    def aware(self, watcher: str, watched: str) -> bool:
        return (watcher, watched) not in self.unseen

    def can_act(self, fid: str) -> bool:
        return self.active(fid) and not self.cb[fid].has(DAZE)

    def can_defend(self, fid: str) -> bool:
        """Line 47: no defensive rolls while dazed."""
        return self.active(fid) and not self.cb[fid].has(DAZE)

    def sides_fighting(self) -> set[str]:
        return {c.side for fid, c in self.cb.items() if self.active(fid)}

    def name(self, fid: str) -> str:
        return self.cb[fid].name


def step(square: Square, direction: str) -> Square:
    dx, dy = DIRECTIONS[direction]
    return (square[0] + dx, square[1] + dy)


def directions_from(victim: Square, source: Square) -> tuple[str, ...]:
    """The directions an effect from `source` came from, as the victim sees it (line 43): one when
    in line, two when diagonal, all four from his own square."""
    dx, dy = source[0] - victim[0], source[1] - victim[1]
    out = []
    if dy < 0:
        out.append("north")
    if dx > 0:
        out.append("east")
    if dy > 0:
        out.append("south")
    if dx < 0:
        out.append("west")
    return tuple(out) if out else tuple(DIRECTIONS)
