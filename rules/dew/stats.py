"""Creature and weapon stats of the detailed sequence, from `content/dew_stats.yaml`.

The file is validated with pydantic through `rules.content.load_model`, so every error names
file:line:column and the field; cross-references (a creature's weapon, the critical table's AC) are
checked here with the same positions. `load_stats()` caches the shipped file.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from rules.content.errors import ContentError, ContentErrors
from rules.content.yamlsource import DataPath, format_path, read_document, validate
from rules.dew.dice import parse_damage

STATS_FILE = "dew_stats.yaml"
WeaponKind = Literal["edged", "blunt", "thrusting", "flexible", "bow", "sling", "staff_sling", "thrown"]
MISSILE_KINDS = frozenset({"bow", "sling", "staff_sling", "thrown"})
THRUSTING_KINDS = frozenset({"thrusting", "bow"})  # preparations must chain (1.2.4)
NO_PREPARATION = frozenset({"flexible", "sling"})  # flexible weapons, slings (not staff slings)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class WeaponModel(_Strict):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    damage: str
    breakage: int = Field(ge=0, le=100)
    heavy: bool = False
    kind: WeaponKind = "edged"
    reach: int = Field(default=1, ge=1, le=6)  # melee: the greatest range it attacks at
    range: int = Field(default=0, ge=0, le=6)  # missiles: the greatest range before preparations

    @field_validator("damage")
    @classmethod
    def _damage(cls, value: str) -> str:
        parse_damage(value)
        return value


class CreatureModel(_Strict):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    el: int = Field(ge=0, le=30)
    en: int = Field(ge=1, le=200)
    en_class: Literal[0, 2, 4]  # AD6, AD6+2 or AD6+4 of EN per EL: the phase cap is EL+2/+4/+6
    bd: int = Field(ge=1, le=100)
    st: int = Field(ge=1, le=30)
    dx: int = Field(ge=1, le=30)
    wt: int = Field(ge=0, le=30)
    ac: int = Field(ge=0, le=30)
    ac_mod1: int = Field(ge=-20, le=20)
    ac_mod2: int = Field(ge=-20, le=20)
    to_hit: int = Field(ge=2, le=60)  # the number the 2D10 result must exceed with his weapon
    parry: int = Field(ge=0, le=20)  # added (as a negative) to the attacker's AC first modifier
    active_blows: int = Field(ge=0, le=6)
    reactive_blows: int = Field(ge=0, le=6)
    move: int = Field(ge=0, le=30)  # inches a round
    recovery: int = Field(ge=0, le=30)  # EN an hour
    weapon: str | None = None
    sheathed: list[str] = Field(default_factory=list)
    armour_enc: int = Field(default=0, ge=0, le=40)
    armour_worn: bool = True
    unarmoured_ac: int | None = Field(default=None, ge=0, le=30)
    shield_mod: int = Field(default=0, ge=-20, le=0)  # the shield's part of ac_mod1 (lost when it breaks)
    shield_breakage: int | None = Field(default=None, ge=0, le=100)


class OptionsModel(_Strict):
    traces: bool = True  # the trace system (3.1-3.2.3) moves characters where they stand on a map
    rest_rounds_per_hour: int = Field(default=10, ge=1)  # world rounds out of a fight that count as an hour


class StatsFile(_Strict):
    options: OptionsModel = OptionsModel()  # the system's options (house rules of the document's own)
    critical_numbers: dict[int, int]  # target's AC -> the critical number (1.2.5.2)
    weapons: list[WeaponModel]
    creatures: list[CreatureModel]


@dataclass(frozen=True, slots=True)
class DewWeapon:
    id: str
    dice: tuple[int, int, int]  # count, sides, bonus
    breakage: int
    heavy: bool
    kind: str
    reach: int
    range: int

    @property
    def missile(self) -> bool:
        return self.kind in MISSILE_KINDS

    @property
    def max_damage(self) -> int:
        count, sides, bonus = self.dice
        return count * sides + bonus


@dataclass(frozen=True, slots=True)
class DewStats:
    critical_numbers: dict[int, int]
    weapons: dict[str, DewWeapon]
    creatures: dict[str, CreatureModel]
    traces: bool = True  # the option `options.traces`
    rest_rounds_per_hour: int = 10  # the option `options.rest_rounds_per_hour` (rules.dew.carry)

    def critical_number(self, ac: int) -> int:
        """The critical number for AC `ac` (the nearest listed AC below it, else the lowest listed)."""
        listed = sorted(self.critical_numbers)
        best = listed[0]
        for key in listed:
            if key <= ac:
                best = key
        return self.critical_numbers[best]


def build_stats(model: StatsFile) -> DewStats:
    weapons = {w.id: DewWeapon(w.id, parse_damage(w.damage), w.breakage, w.heavy, w.kind, w.reach, w.range)
               for w in model.weapons}
    return DewStats(dict(model.critical_numbers), weapons, {c.id: c for c in model.creatures}, model.options.traces,
                    model.options.rest_rounds_per_hour)


def load_stats_from(source: Traversable | str, display: str | None = None) -> DewStats:
    """Parse, validate and cross-check one stats file; ContentErrors (file:line:column) otherwise."""
    doc = read_document(source, display)
    model = validate(doc, StatsFile)
    errors: list[ContentError] = []

    def error(path: DataPath, message: str) -> None:
        pos = doc.position(path)
        errors.append(ContentError(doc.file, pos.line, pos.column, format_path(path), message))

    if not model.critical_numbers:
        error(("critical_numbers",), "needs at least one AC")
    weapon_ids = [w.id for w in model.weapons]
    seen: set[str] = set()
    for i, wid in enumerate(weapon_ids):
        if wid in seen:
            error(("weapons", i, "id"), f"duplicate weapon id {wid!r}")
        seen.add(wid)
    seen_c: set[str] = set()
    for i, c in enumerate(model.creatures):
        if c.id in seen_c:
            error(("creatures", i, "id"), f"duplicate creature id {c.id!r}")
        seen_c.add(c.id)
        if c.weapon is not None and c.weapon not in seen:
            error(("creatures", i, "weapon"), f"unknown weapon {c.weapon!r}")
        for j, s in enumerate(c.sheathed):
            if s not in seen:
                error(("creatures", i, "sheathed", j), f"unknown weapon {s!r}")
    if errors:
        raise ContentErrors(errors)
    return build_stats(model)


@functools.cache
def load_stats() -> DewStats:
    """The shipped `content/dew_stats.yaml`."""
    return load_stats_from(files("content") / STATS_FILE, f"content/{STATS_FILE}")
