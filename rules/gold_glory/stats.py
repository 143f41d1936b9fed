"""Stat lines of Gold & Glory, from `content/gold_glory_stats.yaml`: the book's character sheet (str, dex,
con, int, psy, per, cha; hp, abs; m w r d; vision, arc; ap; skills) plus the weapons and shields they use.

Validated with pydantic through `rules.content.yamlsource`, so every error names file:line:column and the
field; cross-references (a creature's weapon, shield, a weapon's skill) are checked here with positions.
`load_stats()` caches the shipped file.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from importlib.resources import files
from importlib.resources.abc import Traversable

from pydantic import BaseModel, ConfigDict, Field

from rules.content.errors import ContentError, ContentErrors
from rules.content.yamlsource import DataPath, format_path, read_document, validate

STATS_FILE = "gold_glory_stats.yaml"
ID = r"^[a-z][a-z0-9_]*$"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class WeaponModel(_Strict):
    id: str = Field(pattern=ID)
    skill: str = Field(pattern=ID)  # the skill rolled to attack and parry with it
    dam: int = Field(ge=0, le=20)  # added to the 1D6 damage roll (our ruling)
    abs: int = Field(ge=0, le=20)  # damage a successful parry with it stops ("Breaking weapons")
    ap: int = Field(default=3, ge=1, le=5)  # vfast 1, fast 2, normal 3, slow 4, vslow 5 ("Fast and slow actions")
    reach: int = Field(default=0, ge=0, le=3)  # extra squares it hits across ("Reach")
    reach_mods: list[int] = Field(default_factory=list)  # the mod at reach 0, 1, ... (missing: 0)
    parry: bool = True  # can it parry at all (a bite cannot)
    natural: bool = False  # a bite, a fist: no item, never drawn, dropped or given


class PotionModel(_Strict):
    """A flask to drink ("drink a potion", line 485): heals `heal` hp (our ruling: the book gives no potion)."""

    id: str = Field(pattern=ID)
    heal: int = Field(ge=1, le=50)


BARE_HANDS = WeaponModel(id="fist", skill="brawl", dam=0, abs=1, ap=2, natural=True)


class ShieldModel(_Strict):
    id: str = Field(pattern=ID)
    skill: str = Field(default="shield", pattern=ID)
    abs: int = Field(ge=0, le=20)
    ap: int = Field(default=3, ge=1, le=5)


class CreatureModel(_Strict):
    """One stat line, as the book's sheet ("The character statistics sheet")."""

    id: str = Field(pattern=ID)
    str_: int = Field(alias="str", ge=0, le=20)
    dex: int = Field(ge=0, le=20)
    con: int = Field(ge=0, le=20)
    int_: int = Field(default=5, alias="int", ge=0, le=20)
    psy: int = Field(default=5, ge=0, le=20)
    per: int = Field(default=5, ge=0, le=20)
    cha: int = Field(default=5, ge=0, le=20)
    hp: int = Field(ge=1, le=200)
    abs: int = Field(default=0, ge=0, le=20)
    move: tuple[int, int, int, int]  # squares at maneuver, walk, run, dash
    vision: int = Field(default=20, ge=0, le=200)
    arc: int = Field(default=180, ge=45, le=360)
    ap: int = Field(default=3, ge=0, le=20)  # base action points
    skills: dict[str, int] = Field(default_factory=dict)
    weapon: str
    shield: str | None = None
    small: bool = False  # goblins, halflings: pass friendly diagonals
    off_balance: int = Field(default=1, ge=0, le=5)  # mp he may overspend without falling (line 970)
    pain: int = Field(default=3, ge=1, le=20)  # pain threshold: a wound gives dam/pain ("Pain ...", optional)
    belt: list[str] = Field(default_factory=list)  # items at his belt (weapons, potions): drawn in a full round

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class StatsFile(_Strict):
    weapons: list[WeaponModel]
    shields: list[ShieldModel] = Field(default_factory=list)
    potions: list[PotionModel] = Field(default_factory=list)
    creatures: list[CreatureModel]


@dataclass(frozen=True, slots=True)
class GGStats:
    weapons: dict[str, WeaponModel]
    shields: dict[str, ShieldModel]
    creatures: dict[str, CreatureModel]
    potions: dict[str, PotionModel] = field(default_factory=dict)

    def item_kind(self, item: str) -> str | None:
        """weapon, potion, or None for an id that is no item a hand can hold."""
        if item in self.weapons and not self.weapons[item].natural:
            return "weapon"
        return "potion" if item in self.potions else None

    def wielded(self, line: CreatureModel, hands: list[str]) -> WeaponModel:
        """The weapon he strikes and parries with: a natural one always; else the first held, else bare hands."""
        own = self.weapons[line.weapon]
        if own.natural:
            return own
        held = next((h for h in hands if self.item_kind(h) == "weapon"), None)
        return self.weapons[held] if held is not None else self.bare_hands()

    def bare_hands(self) -> WeaponModel:
        """What he fights with holding no weapon: the `fist` line, or a plain one."""
        return self.weapons.get("fist") or BARE_HANDS


def load_stats_from(source: Traversable | str, display: str | None = None) -> GGStats:
    """Parse, validate and cross-check one stats file; ContentErrors (file:line:column) otherwise."""
    doc = read_document(source, display)
    model = validate(doc, StatsFile)
    errors: list[ContentError] = []

    def error(path: DataPath, message: str) -> None:
        pos = doc.position(path)
        errors.append(ContentError(doc.file, pos.line, pos.column, format_path(path), message))

    def unique(kind: str, ids: list[str]) -> set[str]:
        seen: set[str] = set()
        for i, x in enumerate(ids):
            if x in seen:
                error((kind, i, "id"), f"duplicate {kind[:-1]} id {x!r}")
            seen.add(x)
        return seen

    weapons = unique("weapons", [w.id for w in model.weapons])
    shields = unique("shields", [s.id for s in model.shields])
    potions = unique("potions", [p.id for p in model.potions])
    holdable = {w.id for w in model.weapons if not w.natural} | potions
    unique("creatures", [c.id for c in model.creatures])
    for i, w in enumerate(model.weapons):
        if len(w.reach_mods) > w.reach + 1:
            error(("weapons", i, "reach_mods"), f"{len(w.reach_mods)} mods for reach 0..{w.reach}")
    for i, c in enumerate(model.creatures):
        if c.weapon not in weapons:
            error(("creatures", i, "weapon"), f"unknown weapon {c.weapon!r}")
        if c.shield is not None and c.shield not in shields:
            error(("creatures", i, "shield"), f"unknown shield {c.shield!r}")
        for j, item in enumerate(c.belt):
            if item not in holdable:
                error(("creatures", i, "belt", j), f"unknown item {item!r} (a weapon not natural, or a potion)")
        m = c.move
        if list(m) != sorted(m):
            error(("creatures", i, "move"), "maneuver, walk, run, dash must not go down")
    if errors:
        raise ContentErrors(errors)
    return GGStats({w.id: w for w in model.weapons}, {s.id: s for s in model.shields},
                   {c.id: c for c in model.creatures}, {p.id: p for p in model.potions})


@functools.cache
def load_stats() -> GGStats:
    """The shipped `content/gold_glory_stats.yaml`."""
    return load_stats_from(files("content") / STATS_FILE, f"content/{STATS_FILE}")
