"""Pydantic models of every content file kind (docs/content-format.md): the YAML's exact shape.

Only per-file shape lives here (types, ranges, unknown keys). Checks that need more than one value or
more than one file (references, inheritance, zone weights, wound rows) are in `maneuvers.py` and
`build.py`, which turn these models into the `rules.catalog` dataclasses.

Scalars are strict (no "5" -> 5, no true -> 1); lists may be given where tuples or sets are meant.
Maneuver nodes keep `model_fields_set`, which is how inheritance tells "set here" from "inherited".
"""

from __future__ import annotations

import itertools
from typing import Annotated, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictFloat,
    StrictInt,
    StrictStr,
    field_validator,
)

from rules.catalog import (
    AttackKind,
    BonusDice,
    CpLoss,
    DamageType,
    Evasion,
    Hand,
    InitiativeModel,
    InitiativeOnWin,
    ItemNeed,
    Knock,
    Role,
    Special,
    Status,
    TNSource,
)

ID_PATTERN = r"^[a-z][a-z0-9_]*$"

Id = Annotated[StrictStr, Field(pattern=ID_PATTERN)]
Name = Annotated[StrictStr, Field(min_length=1)]
# A plain description for a newcomer, shown in one line under the menu: no line breaks, at most 200 characters.
OneLine = Annotated[StrictStr, Field(min_length=1, max_length=200, pattern=r"^[^\n\r]+$")]
NonNegative = Annotated[StrictInt, Field(ge=0)]
Tn = Annotated[StrictInt, Field(ge=1, le=20)]
Orientation = Literal["aggressive", "cautious", "defensive"]
ZoneId = Literal["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII", "XIV"]
KnockRoll = StrictInt | Literal["instant"] | None


class Strict(BaseModel):
    """Base of every content model: unknown keys are errors, values are immutable."""

    model_config = ConfigDict(extra="forbid", frozen=True)


# ---- house_rules.yaml ---------------------------------------------------------------------------


class HouseRulesFile(Strict):
    """SPEC section 9. Defaults equal `rules.catalog.HouseRules()` (a test keeps them in step)."""

    adjacency: Literal[4, 8] = 4
    auto_chase: StrictBool = False
    initiative_model: InitiativeModel = "target"
    mutual_hit_winner: Literal["first_hitter", "prior_holder", "last_hitter"] = "first_hitter"
    buy_tie: Literal["holder", "reflex"] = "holder"
    length_transfer_at_once: StrictBool = True
    declaration_order: Literal["reflex", "perception", "perception_wit", "agility", "perception_reflex", "wit"] = (
        "reflex")
    allow_not_buying: StrictBool = True
    allow_force_enter: StrictBool = True
    quick_attack: StrictBool = False
    quick_attack_variant: Literal["no_reward", "extra_cp"] = "no_reward"
    quick_attack_cost: NonNegative = 2
    aggressive_bump_rush: StrictBool = True
    miss_loses_global: StrictBool = True
    double_attack_loses_both: StrictBool = False
    composite_red_red_only: StrictBool = False
    blocked_movers_bump: StrictBool = False
    wait_bumps: StrictBool = True
    declare_roots_only: StrictBool = False
    negative_pool: Literal["one_die_tn_plus", "no_roll"] = "one_die_tn_plus"
    buy_cost_by_level: tuple[tuple[NonNegative, NonNegative], ...] = ((9, 3), (6, 4), (0, 5))
    partial_evade_seize_cost: NonNegative = 2
    stance_bonus: StrictBool = False
    party_orders: StrictBool = False
    mobility_version: Literal["v1", "v2b"] = "v1"
    change_target_cost: NonNegative = 1
    quick_defense_cost: NonNegative = 2
    force_enter_terrain_tn: Tn = 7
    full_evasion_terrain_tn: Tn = 7
    greater_attack_max: NonNegative = 1
    knock_tn: Tn = 7

    @field_validator("buy_cost_by_level")
    @classmethod
    def _levels_descend_to_zero(cls, steps: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
        levels = [level for level, _ in steps]
        if not levels:
            raise ValueError("needs at least one [min_level, cost] step")
        if any(a <= b for a, b in itertools.pairwise(levels)):
            raise ValueError("min levels must strictly decrease, e.g. [[9, 3], [6, 4], [0, 5]]")
        if levels[-1] != 0:
            raise ValueError("the last step must start at level 0")
        return steps


# ---- maneuvers/*.yaml ---------------------------------------------------------------------------


class RequiresModel(Strict):
    item: ItemNeed = "any"
    hand: Hand = "master"
    orientations: list[Orientation] = []
    vs_attack: list[AttackKind] = []
    max_incoming_dice: NonNegative | None = None
    weapon_tags: list[Id] = []
    first_exchange_only: StrictBool = False


class CostModel(Strict):
    base: NonNegative = 0
    by_proficiency: dict[Id, NonNegative] = {}
    with_shield: dict[Id, NonNegative] = {}
    conditional: StrictBool = False


class TNModel(Strict):
    source: TNSource = "fixed"
    value: Annotated[StrictInt, Field(ge=0, le=20)] = 0
    modifier: Annotated[StrictInt, Field(ge=-10, le=10)] = 0


class DiceModel(Strict):
    min: NonNegative = 1
    max: NonNegative | None = None


class EffectsModel(Strict):
    initiative_on_win: InitiativeOnWin = "gain"
    can_seize: StrictBool = False  # a win may pay house rule partial_evade_seize_cost to take initiative
    bonus_dice_next: BonusDice = "none"
    opponent_cp_loss: CpLoss = "none"
    botch_damage_bonus: NonNegative = 0
    leaves_bout: StrictBool = False
    deals_damage: StrictBool = True
    knock: Knock = "none"  # the loser rolls Knockdown dice - MoS at TN 8: prone or disarmed
    special: Special = "none"  # a rule the engine applies by name (docs/rules_rulings.md)


class CompositePartModel(Strict):
    role: Role
    maneuver: Id
    hand: Hand


class AiModel(Strict):
    weight: Annotated[StrictFloat, Field(ge=0)] = 1.0


class ManeuverNode(Strict):
    """One node of a maneuver tree. Every field but `id`, `name`, `description`, `inherits` and `abstract`
    is inherited from the parent when not set; the defaults below apply to roots."""

    id: Id
    name: Name
    inherits: Id | None = None
    role: Role | None = None  # required on roots
    description: OneLine | None = None  # required (a content check error when missing), never inherited
    abstract: StrictBool = False
    status: Status = "playable"
    tags: list[Id] = []
    min_level: NonNegative = 0
    requires: RequiresModel = RequiresModel()
    cost: CostModel = CostModel()
    tn: TNModel = TNModel()
    attack_kind: AttackKind | None = None
    damage_type: DamageType | None = None
    damage_bonus: Annotated[StrictInt, Field(ge=-10, le=10)] = 0
    dice: DiceModel = DiceModel()
    effects: EffectsModel = EffectsModel()
    evasion: Evasion = "none"
    composite: list[CompositePartModel] = []
    ai: AiModel = AiModel()


class ManeuversFile(Strict):
    maneuvers: list[ManeuverNode]


# ---- descriptions.yaml --------------------------------------------------------------------------


class ActionDescriptions(Strict):
    """One line per action type of the maneuver menu (the ids of `rules.bout.ACTION_LABELS`)."""

    attack: OneLine
    double_attack: OneLine
    buy_initiative: OneLine
    no_initiative: OneLine
    defend: OneLine
    defend_preemptive: OneLine
    quick_defense: OneLine
    change_target: OneLine
    change_target_buy: OneLine
    quick_attack: OneLine
    mobility: OneLine
    do_nothing: OneLine


class FlavourDescriptions(Strict):
    """One line per flavour of an action (`rules.menu.ActionOption.flavour`): which kind of buy it is."""

    steal: OneLine
    buy_attacker: OneLine
    force_enter: OneLine
    free: OneLine
    none: OneLine
    global_: OneLine = Field(alias="global")
    quick: OneLine
    postemptive: OneLine


class OptionDescriptions(Strict):
    """One line per choice inside a declaration (`rules.bout.Action`'s fields)."""

    opponent: OneLine
    dice: OneLine
    zone: OneLine
    greater: OneLine
    seize: OneLine
    reflex_buy: OneLine
    terrain_dice: OneLine
    parts: OneLine


class OrientationDescriptions(Strict):
    aggressive: OneLine
    cautious: OneLine
    defensive: OneLine


class DescriptionsFile(Strict):
    """descriptions.yaml: the plain words the menus show for what is not a maneuver."""

    actions: ActionDescriptions
    flavours: FlavourDescriptions
    options: OptionDescriptions
    orientations: OrientationDescriptions


# ---- proficiencies.yaml -------------------------------------------------------------------------


class ProficiencyModel(Strict):
    id: Id
    name: Name
    maneuvers: list[Id] = Field(min_length=1)
    excluding: list[Id] = []
    costs: dict[Id, NonNegative] = {}
    costs_with_shield: dict[Id, NonNegative] = {}
    defaults: dict[Id, NonNegative] = {}
    default_cap: NonNegative = 6


class ProficienciesFile(Strict):
    proficiencies: list[ProficiencyModel]


# ---- weapons.yaml, shields.yaml, armour.yaml ----------------------------------------------------


class WeaponModel(Strict):
    id: Id
    name: Name
    proficiencies: list[Id] = Field(min_length=1)
    length: Annotated[StrictInt, Field(ge=1, le=6)]
    hands: Annotated[StrictInt, Field(ge=1, le=2)]
    atn_swing: Tn | None = None
    atn_thrust: Tn | None = None
    dtn: Tn
    dtn_vs_small_thrust: Tn | None = None
    damage_swing: Annotated[StrictInt, Field(ge=-10, le=10)] | None = 0
    damage_thrust: Annotated[StrictInt, Field(ge=-10, le=10)] | None = 0
    swing_type: Literal["cut", "bludgeon"] = "cut"
    thrust_type: Literal["puncture", "bludgeon"] = "puncture"
    tags: list[Id] = []


class WeaponsFile(Strict):
    weapons: list[WeaponModel]


class ShieldModel(Strict):
    id: Id
    name: Name
    dtn: Tn
    dtn_ranged: Tn
    atn: Tn
    damage: Annotated[StrictInt, Field(ge=-10, le=10)] = 0
    cp_penalty: NonNegative = 0
    move_penalty: NonNegative = 0
    block_limit: Annotated[StrictInt, Field(ge=1)] | None = None


class ShieldsFile(Strict):
    shields: list[ShieldModel]


class ArmourModel(Strict):
    id: Id
    name: Name
    av: Annotated[StrictInt, Field(ge=0, le=10)]
    covers: list[Id] = Field(min_length=1)


class ArmourFile(Strict):
    armour: list[ArmourModel]


# ---- missiles.yaml ------------------------------------------------------------------------------


class RangeBandModel(Strict):
    band: Literal["point_blank", "short", "medium", "long"]
    max: Annotated[StrictInt, Field(ge=1, le=100)]  # farthest square (inclusive) of this band
    atn: Tn


class MissileModel(Strict):
    id: Id
    name: Name
    proficiency: Id
    hands: Annotated[StrictInt, Field(ge=1, le=2)]
    bands: list[RangeBandModel] = Field(min_length=1)
    damage: Annotated[StrictInt, Field(ge=-10, le=15)]
    damage_type: Literal["puncture", "bludgeon"]
    adds_strength: StrictBool
    reload_ticks: Annotated[StrictInt, Field(ge=0, le=20)]
    thrown: StrictBool = False
    ammunition: Name | None = None
    tags: list[Id] = []


class MissilesFile(Strict):
    missiles: list[MissileModel]


# ---- body.yaml, wounds.yaml ---------------------------------------------------------------------

ZonePart = tuple[Id, Annotated[StrictInt, Field(ge=1, le=6)]]  # (location or "miss", d6 weight)


class ZoneModel(Strict):
    id: ZoneId
    name: Name
    attack_kind: AttackKind
    aim_cost: NonNegative = 0
    parts: list[ZonePart] = Field(min_length=1)
    blunt_parts: list[ZonePart] = []


class BodyFile(Strict):
    locations: list[Id] = Field(min_length=1)
    zones: list[ZoneModel] = Field(min_length=1)


class WoundLevelModel(Strict):
    bl: NonNegative = 0
    shock: NonNegative = 0
    shock_minus_wp: StrictBool = False
    shock_all: StrictBool = False
    pain: NonNegative = 0
    pain_minus_wp: StrictBool = False
    pain_all: StrictBool = False
    knockdown: KnockRoll = None
    knockout: KnockRoll = None
    destroyed: StrictBool = False
    death: StrictBool = False


class WoundsFile(Strict):
    wounds: dict[DamageType, dict[Id, list[WoundLevelModel]]]
