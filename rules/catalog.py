"""The resolved rules content the engine runs on: plain frozen dataclasses, no pydantic, no YAML.

`rules.content` validates the YAML in `content/` and turns it into one `Catalog`; everything else in
`rules` (menus, the exchange, damage, the AI) reads only these types. Inheritance in the maneuver
trees is already applied here: every `Maneuver` carries its full, effective definition.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

AttackKind = Literal["swing", "thrust"]
DamageType = Literal["cut", "puncture", "bludgeon"]
Role = Literal["attack", "defense"]
Hand = Literal["master", "off", "both", "none"]
ItemNeed = Literal["any", "weapon", "shield", "unarmed"]
Evasion = Literal["none", "partial", "full"]
TNSource = Literal["fixed", "weapon_swing", "weapon_thrust", "weapon_dtn", "shield_dtn", "shield_atn"]
InitiativeOnWin = Literal["gain", "none", "pause_untarget"]
BonusDice = Literal["none", "attacker_successes", "mos"]
CpLoss = Literal["none", "mos", "double_mos", "half_attacker_dice", "pin"]
# A win makes the loser roll Knockdown dice - MoS at TN 8 (research §3.5 Disarm, Hook): "prone" knocks him
# down (CP halved), "disarm" knocks his weapon from his hand.
Knock = Literal["none", "prone", "disarm"]
# Maneuver rules the engine applies by name (rules.exchange; docs/rules_rulings.md says what each does)
Special = Literal[
    "none", "toss", "stop_short", "feint", "feint_vs_parry", "evasive", "master_strike", "closing_void",
    "draw_cut", "expulsion", "thread_needle", "outmaneuver",
]
Status = Literal["playable", "planned"]
InitiativeModel = Literal["target", "target_plus_global", "red_white"]
KnockRoll = int | Literal["instant"] | None
RangeBandName = Literal["point_blank", "short", "medium", "long"]
MissileDamageType = Literal["puncture", "bludgeon"]

ATTACK_KINDS: tuple[AttackKind, ...] = ("swing", "thrust")
DAMAGE_TYPES: tuple[DamageType, ...] = ("cut", "puncture", "bludgeon")
ORIENTATIONS: tuple[str, ...] = ("aggressive", "cautious", "defensive")
THROWS: tuple[str, ...] = ("red", "white")  # house rule initiative_model: red_white (classic TRoS)
INITIATIVE_MODELS: tuple[InitiativeModel, ...] = ("target", "target_plus_global", "red_white")
RANGE_BANDS: tuple[RangeBandName, ...] = ("point_blank", "short", "medium", "long")
ZONE_IDS: tuple[str, ...] = (
    "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII", "XIV",
)


@dataclass(frozen=True, slots=True)
class TNSpec:
    """Where a maneuver's target number comes from: a fixed number or an item stat, plus a modifier."""

    source: TNSource = "fixed"
    value: int = 0
    modifier: int = 0


@dataclass(frozen=True, slots=True)
class CostSpec:
    """Activation cost in CP. `by_proficiency` overrides `base`; `with_shield` overrides both when the
    fighter carries a shield. A conditional cost (`~` in menus) is only paid if the option is used."""

    base: int = 0
    by_proficiency: Mapping[str, int] = field(default_factory=dict)
    with_shield: Mapping[str, int] = field(default_factory=dict)
    conditional: bool = False


@dataclass(frozen=True, slots=True)
class Requirements:
    """What must be true to declare a maneuver. Empty sets mean "any"."""

    item: ItemNeed = "any"
    hand: Hand = "master"
    orientations: frozenset[str] = frozenset()
    vs_attack: frozenset[AttackKind] = frozenset()
    max_incoming_dice: int | None = None
    weapon_tags: frozenset[str] = frozenset()
    first_exchange_only: bool = False


@dataclass(frozen=True, slots=True)
class Effects:
    """Outcome effects the engine knows how to apply."""

    initiative_on_win: InitiativeOnWin = "gain"
    can_seize: bool = False  # a win may pay `HouseRules.partial_evade_seize_cost` to take initiative
    bonus_dice_next: BonusDice = "none"
    opponent_cp_loss: CpLoss = "none"
    botch_damage_bonus: int = 0
    leaves_bout: bool = False
    deals_damage: bool = True
    knock: Knock = "none"
    special: Special = "none"


@dataclass(frozen=True, slots=True)
class CompositePart:
    """One rolled part of a composite maneuver (Double Attack, Simultaneous Block/Strike, ...)."""

    role: Role
    maneuver: str  # id of the maneuver this part uses, e.g. "block" or "regular_attack"
    hand: Hand


@dataclass(frozen=True, slots=True)
class Maneuver:
    id: str
    name: str
    role: Role
    group: str  # the menu root choice: regular_attack, evasion, flee, ...
    parent: str | None
    tags: frozenset[str]
    min_level: int
    requires: Requirements
    cost: CostSpec
    tn: TNSpec
    attack_kind: AttackKind | None  # None: not an attack, or takes the kind of the incoming attack
    damage_type: DamageType | None  # None: the weapon's damage type for the attack kind
    damage_bonus: int
    dice_min: int
    dice_max: int | None
    effects: Effects
    evasion: Evasion
    composite: tuple[CompositePart, ...]
    status: Status
    abstract: bool  # a menu group or family node: never declared itself
    ai_weight: float
    order: int  # position in the content files, for stable menus
    description: str = ""  # one plain line for the menu (content/maneuvers/*.yaml `description`)


@dataclass(frozen=True, slots=True)
class Weapon:
    id: str
    name: str
    proficiencies: tuple[str, ...]
    length: int  # 1 Hand, 2 Short, 3 Medium, 4 Long, 5 Very long, 6 Extremely long
    hands: int
    atn_swing: int | None
    atn_thrust: int | None
    dtn: int
    dtn_vs_small_thrust: int | None  # DTN against thrusts of 4 dice or fewer (rapier)
    damage_swing: int | None
    damage_thrust: int | None
    swing_type: DamageType
    thrust_type: DamageType
    tags: frozenset[str]


@dataclass(frozen=True, slots=True)
class Shield:
    id: str
    name: str
    dtn: int
    dtn_ranged: int
    atn: int  # used by shield bashes and Bind and Strike
    damage: int
    cp_penalty: int
    move_penalty: int
    block_limit: int | None  # blocks only attacks of at most this many dice


@dataclass(frozen=True, slots=True)
class RangeBand:
    """One range band of a missile weapon: targets up to `max_squares` away are shot at `atn`."""

    name: RangeBandName
    max_squares: int
    atn: int


@dataclass(frozen=True, slots=True)
class MissileWeapon:
    """A bow, crossbow, sling or thrown weapon (content/missiles.yaml; SPEC §4.9, rules.ranged)."""

    id: str
    name: str
    proficiency: str
    hands: int
    bands: tuple[RangeBand, ...]  # nearest first; max_squares strictly increasing, atn never falling
    damage: int  # the wound-level bonus; ST is added on top only when adds_strength
    damage_type: MissileDamageType
    adds_strength: bool  # thrown weapons and slings: yes; bows and crossbows: no
    reload_ticks: int  # ticks after a shot before the next one can be loosed
    thrown: bool  # the weapon itself flies (it is gone from the thrower's hand)
    ammunition: str | None
    tags: frozenset[str]

    @property
    def max_range(self) -> int:
        return self.bands[-1].max_squares

    def band_at(self, distance: int) -> RangeBand | None:
        """The band a target `distance` squares away is in; None when out of range (or distance < 1)."""
        if distance < 1:
            return None
        for band in self.bands:
            if distance <= band.max_squares:
                return band
        return None


@dataclass(frozen=True, slots=True)
class Armour:
    id: str
    name: str
    av: int
    covers: frozenset[str]  # body-part locations


@dataclass(frozen=True, slots=True)
class Proficiency:
    id: str
    name: str
    maneuvers: frozenset[str]  # maneuver ids (and their descendants) this proficiency allows
    costs: Mapping[str, int]
    costs_with_shield: Mapping[str, int]
    defaults: Mapping[str, int]  # other proficiency id -> penalty when defaulting to it
    default_cap: int


@dataclass(frozen=True, slots=True)
class Zone:
    id: str
    name: str
    attack_kind: AttackKind
    parts: tuple[tuple[str, int], ...]  # (location or "miss", d6 weight); weights add up to 6
    blunt_parts: tuple[tuple[str, int], ...]
    aim_cost: int

    def part_for(self, d6: int, blunt: bool) -> str:
        table = self.blunt_parts if blunt and self.blunt_parts else self.parts
        face = d6
        for part, weight in table:
            if face <= weight:
                return part
            face -= weight
        return table[-1][0]


@dataclass(frozen=True, slots=True)
class WoundEffect:
    """One cell of the wound table: damage type x location x level."""

    bl: int = 0
    shock: int = 0
    shock_minus_wp: bool = False
    shock_all: bool = False
    pain: int = 0
    pain_minus_wp: bool = False
    pain_all: bool = False
    knockdown: KnockRoll = None  # roll modifier, "instant", or None for no check
    knockout: KnockRoll = None
    destroyed: bool = False
    death: bool = False


@dataclass(frozen=True, slots=True)
class HouseRules:
    """SPEC section 9. Defaults live in content/house_rules.yaml; a run may override any of them."""

    adjacency: int = 4
    auto_chase: bool = False
    initiative_model: InitiativeModel = "target"  # SPEC §4.3; see rules.bout's docstring
    mutual_hit_winner: Literal["first_hitter", "prior_holder", "last_hitter"] = "first_hitter"
    buy_tie: Literal["holder", "reflex"] = "holder"  # a tied buy/steal contest (design doc, TFOB)
    length_transfer_at_once: bool = True  # the length penalty moves onto the longer weapon's pending attack
    declaration_order: Literal[
        "reflex", "perception", "perception_wit", "agility", "perception_reflex", "wit"] = "reflex"
    allow_not_buying: bool = True
    allow_force_enter: bool = True
    quick_attack: bool = False
    quick_attack_variant: Literal["no_reward", "extra_cp"] = "no_reward"  # how Quick Attack is discouraged
    quick_attack_cost: int = 2  # the extra CP of quick_attack_variant: extra_cp
    aggressive_bump_rush: bool = True  # Aggressive must bump: rushes a foe who steps away, else reverts
    miss_loses_global: bool = True  # target_plus_global: a miss costs global initiative (not only a hit)
    double_attack_loses_both: bool = False  # a Double Attack losing either contest loses both
    composite_red_red_only: bool = False  # composite maneuvers only in a contested (red/red) pair
    blocked_movers_bump: bool = False  # a mover whose square was taken first bumps its occupant
    wait_bumps: bool = True  # a wait next to foes bumps one (design doc priority: rules.footwork)
    declare_roots_only: bool = False
    negative_pool: Literal["one_die_tn_plus", "no_roll"] = "one_die_tn_plus"
    buy_cost_by_level: tuple[tuple[int, int], ...] = ((9, 3), (6, 4), (0, 5))  # (min level, cost)
    partial_evade_seize_cost: int = 2
    stance_bonus: bool = False
    party_orders: bool = False  # the player answers his companions' decisions in his bout (rules.party_orders)
    mobility_version: Literal["v1", "v2b"] = "v1"
    change_target_cost: int = 1
    quick_defense_cost: int = 2
    force_enter_terrain_tn: int = 7
    full_evasion_terrain_tn: int = 7  # Full Evasion without room to evade (`Bout.cornered`): terrain roll
    greater_attack_max: int = 1
    knock_tn: int = 7

    def buy_cost(self, level: int) -> int:
        for min_level, cost in self.buy_cost_by_level:
            if level >= min_level:
                return cost
        return self.buy_cost_by_level[-1][1]


@dataclass(frozen=True, slots=True)
class Descriptions:
    """Plain one-line descriptions of what the menus offer besides maneuvers (content/descriptions.yaml).

    `actions` by action type (`rules.bout.ACTION_LABELS` keys), `flavours` by `ActionOption.flavour`
    (steal, buy_attacker, force_enter, free, none, global, quick, postemptive), `options` by `Action` field
    (opponent, dice, zone, greater, seize, reflex_buy, terrain_dice, parts), `orientations` by name."""

    actions: Mapping[str, str] = field(default_factory=dict)
    flavours: Mapping[str, str] = field(default_factory=dict)
    options: Mapping[str, str] = field(default_factory=dict)
    orientations: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Catalog:
    maneuvers: Mapping[str, Maneuver]
    weapons: Mapping[str, Weapon]
    shields: Mapping[str, Shield]
    armour: Mapping[str, Armour]
    proficiencies: Mapping[str, Proficiency]
    zones: Mapping[str, Zone]
    wounds: Mapping[tuple[DamageType, str], tuple[WoundEffect, ...]]  # 5 levels each
    house_rules: HouseRules
    content_hash: str
    missiles: Mapping[str, MissileWeapon] = field(default_factory=dict)  # content/missiles.yaml
    descriptions: Descriptions = field(default_factory=Descriptions)  # content/descriptions.yaml

    def describe_maneuver(self, maneuver_id: str) -> str:
        """The plain one-line description of a maneuver ("" for an unknown id)."""
        m = self.maneuvers.get(maneuver_id)
        return m.description if m is not None else ""

    def children(self, maneuver_id: str) -> tuple[Maneuver, ...]:
        return tuple(m for m in self.maneuvers.values() if m.parent == maneuver_id)

    def descends_from(self, maneuver_id: str, ancestor: str) -> bool:
        current: str | None = maneuver_id
        while current is not None:
            if current == ancestor:
                return True
            current = self.maneuvers[current].parent
        return False
