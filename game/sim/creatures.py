"""Creature templates and faction relations: `content/creatures.yaml` and `content/factions.yaml`.

This module owns the shape of both files (pydantic models), their cross-file checks (every weapon,
shield, armour, proficiency and faction id a creature names must exist; relation pairs name known
factions, once each), `Relations` (who is hostile, neutral or allied to whom) and turning a
`CreatureTemplate` into the `rules.fighter.FighterSheet` a bout fights with.

Every problem is reported as `rules.content.errors.ContentErrors`, each error naming the file, line,
column and field of the offending value. Files are read through `importlib.resources` Traversables
(default: the shipped `content` package), so loading works the same from a PyInstaller bundle.
"""

from __future__ import annotations

import difflib
import functools
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from importlib.resources.abc import Traversable
from typing import Annotated, Literal, TypeVar

from pydantic import BaseModel, Field, StrictInt

from rules.catalog import Catalog
from rules.content.build import check_unique_ids
from rules.content.errors import ContentError, ContentErrors
from rules.content.layout import ContentDir, content_root
from rules.content.loader import default_catalog
from rules.content.models import Id, Name, Strict
from rules.content.yamlsource import DataPath, YamlDocument, read_document, validate
from rules.fighter import Attributes, FighterSheet, proficiency_level

M = TypeVar("M", bound=BaseModel)

CREATURES_FILE = "creatures.yaml"
FACTIONS_FILE = "factions.yaml"

Relation = Literal["hostile", "neutral", "allied"]
RELATIONS: tuple[Relation, ...] = ("hostile", "neutral", "allied")
DEFAULT_RELATION: Relation = "hostile"
AiProfile = Literal["brave", "cautious", "cowardly"]

FLEE_THRESHOLD: Mapping[AiProfile, float | None] = {"brave": None, "cautious": 0.5, "cowardly": 0.25}
"""The share of its fighting strength (the AI's measure, e.g. health or CP lost) a creature of each
`ai` profile may lose before it tries to flee; None: it never flees."""


AttributeValue = Annotated[StrictInt, Field(ge=1, le=20)]
Level = Annotated[StrictInt, Field(ge=0, le=20)]
MovePoints = Annotated[StrictInt, Field(ge=1, le=30)]


# ---- file models ----------------------------------------------------------------------------------


class CreatureAttributes(Strict):
    """The eight attributes (SPEC §4.1); any left out is 5."""

    ST: AttributeValue = 5
    AG: AttributeValue = 5
    TO: AttributeValue = 5
    EN: AttributeValue = 5
    HT: AttributeValue = 5
    WT: AttributeValue = 5
    WP: AttributeValue = 5
    PER: AttributeValue = 5

    def to_attributes(self) -> Attributes:
        return Attributes(**self.model_dump())


class CreatureTemplate(Strict):
    """One entry of `creatures.yaml`: what a spawned actor of this kind is and carries."""

    id: Id
    name: Name
    faction: Id
    sprite: Id
    attributes: CreatureAttributes = Field(default_factory=CreatureAttributes)
    proficiencies: dict[Id, Level] = Field(default_factory=dict)
    weapon: Id | None = None
    shield: Id | None = None
    off_weapon: Id | None = None
    armour: tuple[Id, ...] = ()
    missile: Id | None = None  # a bow, crossbow, sling or thrown weapon (content/missiles.yaml)
    move_points: MovePoints = 6
    ai: AiProfile = "brave"

    @property
    def flee_threshold(self) -> float | None:
        """See `FLEE_THRESHOLD`."""
        return FLEE_THRESHOLD[self.ai]

    def sheet(self, catalog: Catalog, actor_id: str, name: str | None = None, side: str | None = None) -> FighterSheet:
        """The fighter sheet of one actor of this kind; `side` defaults to the template's faction.
        Raises KeyError for an id the catalog lacks (never happens for templates `load_creatures`
        checked against the same catalog)."""
        return FighterSheet.build(
            catalog,
            id=actor_id,
            name=name or self.name,
            side=side or self.faction,
            attributes=self.attributes.to_attributes(),
            proficiencies=dict(self.proficiencies),
            weapon=self.weapon,
            shield=self.shield,
            off_weapon=self.off_weapon,
            armour=list(self.armour),
        )


class CreaturesFile(Strict):
    creatures: list[CreatureTemplate] = Field(min_length=1)


class FactionSpec(Strict):
    id: Id
    name: Name


class RelationSpec(Strict):
    """One unordered pair: `between: [a, b]` holds both ways."""

    between: tuple[Id, Id]
    relation: Relation


class FactionsFile(Strict):
    factions: list[FactionSpec] = Field(min_length=1)
    relations: list[RelationSpec] = Field(default_factory=list)


# ---- relations -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Faction:
    id: str
    name: str


class Relations:
    """The symmetric relation matrix of a set of factions. A pair not given is `default` (hostile);
    a faction is always allied with itself. Unknown faction ids raise KeyError."""

    __slots__ = ("_default", "_factions", "_pairs")

    def __init__(
        self,
        factions: Iterable[Faction],
        pairs: Mapping[tuple[str, str], Relation] | None = None,
        default: Relation = DEFAULT_RELATION,
    ) -> None:
        self._factions: dict[str, Faction] = {}
        for faction in factions:
            if faction.id in self._factions:
                raise ValueError(f"faction {faction.id!r} given twice")
            self._factions[faction.id] = faction
        self._default = default
        self._pairs: dict[frozenset[str], Relation] = {}
        for (a, b), relation in (pairs or {}).items():
            self._need(a)
            self._need(b)
            if a == b:
                if relation != "allied":
                    raise ValueError(f"faction {a!r} is always allied with itself")
                continue
            key = frozenset((a, b))
            if self._pairs.get(key, relation) != relation:
                raise ValueError(f"{a!r} and {b!r} are given two different relations")
            self._pairs[key] = relation

    def _need(self, faction: str) -> None:
        if faction not in self._factions:
            raise KeyError(f"unknown faction {faction!r}")

    @property
    def factions(self) -> Mapping[str, Faction]:
        """Every faction by id, in file order."""
        return dict(self._factions)

    def __contains__(self, faction: object) -> bool:
        return faction in self._factions

    def relation(self, a: str, b: str) -> Relation:
        self._need(a)
        self._need(b)
        if a == b:
            return "allied"
        return self._pairs.get(frozenset((a, b)), self._default)

    def hostile(self, a: str, b: str) -> bool:
        return self.relation(a, b) == "hostile"

    def allied(self, a: str, b: str) -> bool:
        return self.relation(a, b) == "allied"

    def matrix(self) -> dict[str, dict[str, Relation]]:
        """The whole table, `matrix()[a][b]`, for tools and tests."""
        return {a: {b: self.relation(a, b) for b in self._factions} for a in self._factions}


# ---- loading ---------------------------------------------------------------------------------------




def _read(item: Traversable, model: type[M]) -> tuple[M, YamlDocument]:
    doc = read_document(item, str(item))
    return validate(doc, model), doc


def _unknown(kind: str, value: str, known: Collection[str]) -> str:
    message = f"unknown {kind} {value!r}"
    close = difflib.get_close_matches(value, sorted(known), n=1)
    return f"{message} (did you mean {close[0]!r}?)" if close else message


def load_factions(directory: ContentDir = None) -> Relations:
    """Load and check `factions.yaml` from a content directory (default: the shipped content)."""
    model, doc = _read(content_root(directory) / FACTIONS_FILE, FactionsFile)
    errors: list[ContentError] = []
    check_unique_ids([(f.id, doc, ("factions", i, "id")) for i, f in enumerate(model.factions)], "faction", errors)
    known = {f.id for f in model.factions}
    first: dict[frozenset[str], tuple[int, Relation]] = {}
    pairs: dict[tuple[str, str], Relation] = {}
    for index, spec in enumerate(model.relations):
        path: DataPath = ("relations", index, "between")
        a, b = spec.between
        bad = False
        for side, faction in enumerate((a, b)):
            if faction not in known:
                errors.append(doc.error((*path, side), _unknown("faction", faction, known)))
                bad = True
        if a == b:
            errors.append(doc.error(path, f"{a!r} is always allied with itself: leave this pair out"))
            bad = True
        key = frozenset((a, b))
        if key in first:
            line = doc.position(("relations", first[key][0])).line
            what = "with a different relation" if first[key][1] != spec.relation else "again"
            errors.append(doc.error(path, f"the pair {a}/{b} is listed {what} (first at line {line})"))
            bad = True
        if not bad:
            first[key] = (index, spec.relation)
            pairs[(a, b)] = spec.relation
    if errors:
        raise ContentErrors(errors)
    return Relations((Faction(f.id, f.name) for f in model.factions), pairs)


def load_creatures(
    catalog: Catalog, directory: ContentDir = None, *, relations: Relations | None = None
) -> dict[str, CreatureTemplate]:
    """Load and check `creatures.yaml` against `catalog` (items, proficiencies) and the factions of
    `relations` (default: `factions.yaml` of the same directory). Returns the templates by id, in
    file order. Raises ContentErrors listing every problem of both files."""
    root = content_root(directory)
    errors: list[ContentError] = []
    if relations is None:
        try:
            relations = load_factions(root)
        except ContentErrors as exc:
            errors.extend(exc.errors)
    try:
        model, doc = _read(root / CREATURES_FILE, CreaturesFile)
    except ContentErrors as exc:
        raise ContentErrors([*errors, *exc.errors]) from None

    check_unique_ids([(c.id, doc, ("creatures", i, "id")) for i, c in enumerate(model.creatures)], "creature", errors)
    for index, creature in enumerate(model.creatures):
        errors.extend(_check_creature(creature, doc, ("creatures", index), catalog, relations))
    if errors:
        raise ContentErrors(errors)
    templates: dict[str, CreatureTemplate] = {}
    for creature in model.creatures:
        templates.setdefault(creature.id, creature)
    return templates


def _check_creature(
    creature: CreatureTemplate, doc: YamlDocument, path: DataPath, catalog: Catalog, relations: Relations | None
) -> list[ContentError]:
    errors: list[ContentError] = []
    if relations is not None and creature.faction not in relations:
        errors.append(doc.error((*path, "faction"), _unknown("faction", creature.faction, relations.factions)))
    profs_ok = True
    for prof in creature.proficiencies:
        if prof not in catalog.proficiencies:
            message = _unknown("proficiency", prof, catalog.proficiencies)
            errors.append(doc.error((*path, "proficiencies", prof), message, key=True))
            profs_ok = False
    for field in ("weapon", "off_weapon"):
        value = getattr(creature, field)
        if value is not None and value not in catalog.weapons:
            errors.append(doc.error((*path, field), _unknown("weapon", value, catalog.weapons)))
    if creature.shield is not None and creature.shield not in catalog.shields:
        errors.append(doc.error((*path, "shield"), _unknown("shield", creature.shield, catalog.shields)))
    seen: set[str] = set()
    for piece_index, piece in enumerate(creature.armour):
        if piece not in catalog.armour:
            errors.append(doc.error((*path, "armour", piece_index), _unknown("armour", piece, catalog.armour)))
        elif piece in seen:
            errors.append(doc.error((*path, "armour", piece_index), f"armour {piece!r} is listed twice"))
        seen.add(piece)
    if creature.missile is not None:
        missile = catalog.missiles.get(creature.missile)
        if missile is None:
            errors.append(doc.error((*path, "missile"), _unknown("missile weapon", creature.missile, catalog.missiles)))
        elif profs_ok and proficiency_level(creature.proficiencies, missile.proficiency, catalog) <= 0:
            message = f"no skill with {missile.id!r}: rate {missile.proficiency} (or one that defaults to it)"
            errors.append(doc.error((*path, "missile"), message))
    weapon = catalog.weapons.get(creature.weapon) if creature.weapon is not None else None
    if weapon is not None and weapon.hands >= 2:
        for field in ("shield", "off_weapon"):
            if getattr(creature, field) is not None:
                item = field.replace("_", " ")
                errors.append(
                    doc.error((*path, field), f"the two-handed {weapon.id!r} leaves no hand free for the {item}")
                )
    if weapon is not None and profs_ok:
        usable = [p for p in weapon.proficiencies if p in catalog.proficiencies]
        best = max((proficiency_level(creature.proficiencies, p, catalog) for p in usable), default=0)
        if best <= 0:
            errors.append(
                doc.error(
                    (*path, "weapon"),
                    f"no skill with {weapon.id!r}: rate one of {', '.join(weapon.proficiencies)} "
                    "(or a proficiency that defaults to one)",
                )
            )
    return errors


@functools.cache
def default_relations() -> Relations:
    """The shipped factions, loaded once per process."""
    return load_factions()


@functools.cache
def default_creatures() -> Mapping[str, CreatureTemplate]:
    """The shipped creatures checked against the shipped catalog, loaded once per process."""
    return load_creatures(default_catalog(), relations=default_relations())
