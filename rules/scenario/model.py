"""Pydantic models of a bout scenario file (docs/scenario-format.md)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.sophias_children.scenario_model import ScSection

Id = str


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class PartSpec(Strict):
    maneuver: str
    dice: int = Field(ge=1)
    zone: str | None = None


class ActionSpec(Strict):
    """One declared maneuver: `target` for attacks, `against` for defences (or neither)."""

    maneuver: str = "do_nothing"
    action: str | None = None
    target: Id | None = None
    against: Id | None = None
    dice: int = Field(default=0, ge=0)
    zone: str | None = None
    greater: int = Field(default=0, ge=0)
    seize: bool = False
    reflex_buy: int = Field(default=0, ge=0)
    terrain_dice: int = Field(default=0, ge=0)
    parts: list[PartSpec] = Field(default_factory=list)


StanceSpec = Literal["offensive", "neutral", "defensive", "auto"]
TerrainDiceSpec = Literal["auto"] | Annotated[int, Field(ge=1)]


# "red" / "white" only under the house rule initiative_model: red_white (Bout.orientation_choices)
OrientationSpec = Literal["aggressive", "cautious", "defensive", "red", "white", "auto"]


class FighterSpec(Strict):
    id: Id = Field(pattern=r"^[A-Za-z][A-Za-z0-9_]*$")
    name: str | None = None
    side: str | None = None
    attributes: dict[str, int] = Field(default_factory=dict)
    proficiencies: dict[str, int] = Field(default_factory=dict)
    weapon: str | None = None
    shield: str | None = None
    off_weapon: str | None = None
    armour: list[str] = Field(default_factory=list)
    orientation: OrientationSpec = "auto"
    target: Id | None = None
    stance: StanceSpec = "auto"  # house rule stance_bonus: the first round's stance (rules.stance)
    terrain: int | None = Field(default=None, ge=2, le=20)  # difficult ground under him: its terrain TN
    terrain_dice: TerrainDiceSpec = "auto"  # the first round's terrain roll dice (on difficult ground)
    missile: str | None = None  # a missile weapon (content/missiles.yaml) he may shoot with (`shots`)


Declarations = Literal["auto"] | dict[Id, Literal["auto"] | list[ActionSpec]]


class ShotSpec(Strict):
    """A shot in an exchange (design doc "Ranged combat", issue 13 item 14): taken at `step`; at s0/s1 it
    lands at the start of the next step, at s2 at once, before the exchange resolves (a shooter in the
    bout declares nothing that exchange: the shot is his act)."""

    shooter: Id
    target: Id
    step: Literal[0, 1, 2] = 2
    distance: int = Field(default=1, ge=1)
    zone: str = "XI"
    aim_ticks: int = Field(default=0, ge=0)
    defence_cp: int | Literal["auto"] = "auto"


class MobilitySpec(Strict):
    """House rule mobility_version: v2b: the modifier committed with the footwork at this exchange's s0."""

    maneuver: str
    dice: int | Literal["auto"] = "auto"


class ExchangeSpec(Strict):
    orientations: dict[Id, OrientationSpec] = Field(default_factory=dict)
    targets: dict[Id, Id] = Field(default_factory=dict)
    stances: dict[Id, StanceSpec] = Field(default_factory=dict)
    terrain_dice: dict[Id, TerrainDiceSpec] = Field(default_factory=dict)
    shots: list[ShotSpec] = Field(default_factory=list)
    mobility: dict[Id, Literal["auto", "none"] | MobilitySpec] = Field(default_factory=dict)
    declarations: Declarations = "auto"


def _two_auto_exchanges() -> list[Literal["auto"] | ExchangeSpec]:
    return ["auto", "auto"]


class ScenarioFile(Strict):
    name: str | None = None
    description: str | None = None
    seed: int = 0
    dice: list[int] = Field(default_factory=list)
    house_rules: dict[str, object] = Field(default_factory=dict)
    fighters: list[FighterSpec] = Field(min_length=2)
    exchanges: list[Literal["auto"] | ExchangeSpec] = Field(default_factory=_two_auto_exchanges)
    sophias_children: ScSection | None = None  # read only under --system sophias_children
