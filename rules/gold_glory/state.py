"""The state of a Gold & Glory bout: its fighters on their squares, the round and its stage, the stack
of activations (a turn, an interrupt, a reaction) and what waits on an answer. Only
`rules.gold_glory.fold` writes it; the rules read it.

The plain methods the world's generic bout interface asks for are here: `members()`, `active(fid)`,
`left`, `clone()` and `health(fid)` (dead / unconscious / fled / fighting).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from rules.gold_glory.grid import Square
from rules.gold_glory.stats import CreatureModel, GGStats, ShieldModel, WeaponModel

DECLARE, TURNS, ENDED = "declare", "turns", "ended"
SPEEDS = ("maneuver", "walk", "run", "dash")
SPEED_MOD = {"maneuver": 0, "walk": -3, "run": -6, "dash": -9}  # "Movement gives action penalties"
SPEED_INITIATIVE = {"maneuver": 0, "walk": 3, "run": 6, "dash": 9}  # "Fast Movement raises initiative"
# house rules (docs/systems/gold_and_glory.md, "House rules"): the book's optional rules, off by default
EXTRA_AP_INITIATIVE = "extra_ap_initiative"
ACTION_LOWERS_INITIATIVE = "action_lowers_initiative"
FAST_MOVEMENT_INITIATIVE = "fast_movement_initiative"
MOVING_LOWERS_INITIATIVE = "moving_lowers_initiative"
STREAMLINED_WAITING = "streamlined_waiting"
THIRD_PARTY_INTERJECTION = "third_party_interjection"
FUMBLES = "fumbles"
PERFECT = "perfect"
TEN_FAILS = "ten_always_fails"
RESISTANCE_MELEE = "resistance_melee"
STUTTER_STEP = "stutter_step"
HOUSE_RULES = frozenset({EXTRA_AP_INITIATIVE, ACTION_LOWERS_INITIATIVE, FAST_MOVEMENT_INITIATIVE,
                         MOVING_LOWERS_INITIATIVE, STREAMLINED_WAITING, THIRD_PARTY_INTERJECTION, FUMBLES,
                         PERFECT, TEN_FAILS, RESISTANCE_MELEE, STUTTER_STEP})
THEN_DONE = ";done"  # an action's twin in a turn: the action, then done (one choice, one world tick)
HANDS = 2  # items a fighter may hold (the climb: "nothing in his hands", line 507)
POSTURES = ("stand", "crouch", "sit", "lie")
OFF_BALANCE_MOD = -3  # "When a character goes off balance he immediately suffers a mod-3" (line 972)


@dataclass
class GGFighter:
    """One combatant."""

    id: str
    name: str
    side: str
    stats: CreatureModel
    weapon: WeaponModel
    shield: ShieldModel | None
    pos: Square
    facing: str
    hp: int
    wounds: list[int] = field(default_factory=list)  # each wound's damage, for pain
    prone: bool = False
    shaken_until: int = 0  # the persistent mod-3 of falling lasts through this round
    balance_used: int = 0  # mp overspent off balance this round (up to the stat line's `off_balance`)
    off_balance_until: int = 0  # the off-balance mod lasts through this round
    off_balance_mod: int = 0
    unconscious: bool = False
    dead: bool = False
    fled: bool = False
    initiative: int = 0
    declared: bool = False
    ap: int = 0  # declared this round
    speed: str = "maneuver"
    ap_left: int = 0
    mp_left: int = 0
    diagonals: int = 0  # diagonal steps this round (1, 2, 1, 2)
    moving: bool = False  # in the middle of a movement path (a turn with it is free)
    exerted: bool = False  # did more than maneuver without actions this round ("Come on and die already")
    waiting: bool = False
    done: bool = False
    trail: list[Square] = field(default_factory=list)  # squares moved onto this round (hosted: a refused step)
    steps: list[str] = field(default_factory=list)  # the direction of each step this round ("" not a step)
    hands: list[str] = field(default_factory=list)  # items held (weapons, flasks; a shield is on the arm), at most 2
    belt: list[str] = field(default_factory=list)  # items easy to reach: draw takes a full round (line 479)
    posture: str = "stand"  # stand | crouch | sit | lie ("crouch, sit, lie, stand", line 488)
    hanging: Square | None = None  # jumped short: hangs from the ledge of this square (line 498)
    climb_at: Square | None = None  # the obstacle he is climbing ("climb", line 503)
    climb_level: int = 0  # vertical squares up it

    @property
    def fighting(self) -> bool:
        return not (self.unconscious or self.dead or self.fled)

    def pain(self) -> int:
        return sum(w // self.stats.pain for w in self.wounds)

    def wound_mod(self) -> int:
        """"Wounds make life more difficult": at 66% hp mod-1, at 33% mod-2, at 0 mod-3."""
        top = self.stats.hp
        if self.hp <= 0:
            return -3
        if 3 * self.hp <= top:
            return -2
        if 3 * self.hp <= 2 * top:
            return -1
        return 0

    def speeds(self) -> tuple[str, ...]:
        """The speeds he may declare: none faster than walk at 0 hp, than run at 33%."""
        if self.hp <= 0:
            return SPEEDS[:2]
        if 3 * self.hp <= self.stats.hp:
            return SPEEDS[:3]
        return SPEEDS

    def balance_left(self) -> int:
        """The mp he may still overspend by going off balance instead of falling (line 970)."""
        return max(0, self.stats.off_balance - self.balance_used)

    def max_ap(self) -> int:
        return self.stats.ap + self.stats.dex

    def skill(self, name: str) -> int:
        return self.stats.skills.get(name, 0)


@dataclass
class Frame:
    """One activation on the stack: a fighter's turn, an interrupt, a reaction (one action) or a strike
    (the one attack of superior reach); `announced` is an action waiting for interrupts."""

    owner: str
    kind: str  # turn | interrupt | react | strike
    against: str | None = None  # react: the one he reacts to (who may not interrupt him)
    acted: bool = False
    announced: str | None = None
    asked: tuple[str, ...] = ()  # who answered the interrupt question for `announced`
    perceived: bool | None = None  # an attack announced from outside the target's arc: did he notice it?
    moved: bool = False  # did he move in this activation (the stutter step house rule)
    then_done: bool = False  # he chose an action "then done": the turn ends once it is taken


@dataclass
class Defence:
    """A successful attack waiting on the target's defence declaration ("Declaring defence")."""

    attacker: str
    target: str
    margin: int
    angle: int  # degrees off the target's facing
    aware: bool


@dataclass
class GGBout:
    """A Gold & Glory bout (see the module docstring)."""

    stats: GGStats
    fighters: dict[str, GGFighter]
    house: frozenset[str] = frozenset()
    bounds: tuple[int, int, int, int] | None = None  # x0, y0, x1, y1: stepping off it escapes
    terrain: dict[Square, int] = field(default_factory=dict)  # mp multiplier of a square (moving from it)
    footing: dict[Square, int] = field(default_factory=dict)  # partial squares, difficult terrain: mod (line 941)
    round: int = 0
    stage: str = DECLARE
    frames: list[Frame] = field(default_factory=list)
    defence: Defence | None = None
    choices: dict[str, str] = field(default_factory=dict)  # this step's answers, until settled
    over: bool = False
    left_unreported: list[str] = field(default_factory=list)
    away: dict[str, int] = field(default_factory=dict)  # fled: rounds before he may come back
    aside: dict[str, GGFighter] = field(default_factory=dict)  # hosted: left the world's bout, kept as he was
    ground: dict[Square, list[str]] = field(default_factory=dict)  # items lying on the battle map
    offers: dict[str, tuple[str, str]] = field(default_factory=dict)  # receiver -> (giver, item) held out to him
    chasms: set[Square] = field(default_factory=set)  # pit or chasm squares: jumped over, never walked (line 491)
    heights: dict[Square, tuple[int, int]] = field(default_factory=dict)  # obstacle: (height, climb mod) (line 503)

    # ----- the generic bout interface ----------------------------------------------------------
    def members(self) -> list[str]:
        return list(self.fighters)

    def active(self, fid: str) -> bool:
        """Is he still fighting (not dead, unconscious or fled)?"""
        f = self.fighters.get(fid)
        return f is not None and f.fighting

    @property
    def left(self) -> list[str]:
        """Who is out of the fight: fled, unconscious or dead."""
        return [fid for fid, f in self.fighters.items() if not f.fighting]

    def clone(self) -> GGBout:
        """A copy that changes apart from this one (the stat lines, frozen, are shared)."""
        memo: dict[int, object] = {id(self.stats): self.stats}
        for f in self.fighters.values():
            for part in (f.stats, f.weapon, f.shield):
                memo[id(part)] = part
        return copy.deepcopy(self, memo)

    def health(self, fid: str) -> str:
        f = self.fighters[fid]
        return "dead" if f.dead else "unconscious" if f.unconscious else "fled" if f.fled else "fighting"

    # ----- reading -----------------------------------------------------------------------------
    def standing(self) -> list[str]:
        return [fid for fid, f in self.fighters.items() if f.fighting]

    def foes(self, fid: str) -> list[str]:
        side = self.fighters[fid].side
        return [o for o in self.standing() if self.fighters[o].side != side]

    def fight_left(self) -> bool:
        return len({self.fighters[fid].side for fid in self.standing()}) > 1

    def at(self, sq: Square) -> str | None:
        for fid, f in self.fighters.items():
            if f.fighting and f.pos == sq:
                return fid
        return None

    def occupant(self, sq: Square) -> str | None:
        """Who stands or lies on `sq`: the fighting or a body (dead or unconscious); the fled are gone."""
        for fid, f in self.fighters.items():
            if not f.fled and f.pos == sq:
                return fid
        return None

    def top(self) -> Frame | None:
        return self.frames[-1] if self.frames else None

    def on_stack(self, fid: str) -> bool:
        return any(fr.owner == fid for fr in self.frames)

    def order(self) -> list[str]:
        """The fighting, highest initiative first (ties: higher dex, then id)."""
        return sorted(self.standing(), key=lambda x: (-self.fighters[x].initiative, -self.fighters[x].stats.dex, x))

    def mod_stack(self, fid: str) -> dict[str, int]:
        """Every mod his rolls take this round, by source ("All rolls are affected by the mod stack")."""
        f = self.fighters[fid]
        out = {"speed": SPEED_MOD[f.speed], "ap": -max(0, f.ap - f.stats.ap),
               "fallen": -3 if self.round <= f.shaken_until else 0,
               "off balance": f.off_balance_mod if self.round <= f.off_balance_until else 0,
               "footing": self.footing.get(f.pos, 0), "pain": -f.pain(), "wounds": f.wound_mod()}
        return {k: v for k, v in out.items() if v}

    def ams(self, fid: str) -> int:
        return sum(self.mod_stack(fid).values())
