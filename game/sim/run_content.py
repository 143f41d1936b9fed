"""The run's content: `content/items.yaml` (what can be found, carried and used) and
`content/themes.yaml` (the run's shape and its level themes), as pydantic models with every cross-file
check (catalog ids, creatures, factions, loot items, recruits, depth coverage, the goal).

Every problem is a `rules.content.errors.ContentError` naming file, line, column and field, all of
them raised at once as `ContentErrors`. `load_run_content()` reads both files of a content directory
(default: the shipped one) and returns one `RunContent`; `default_run_content()` caches the shipped one.
"""

from __future__ import annotations

import difflib
import functools
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import Field, StrictFloat, StrictInt

from game.sim.creatures import CreatureTemplate, Relations, default_creatures, default_relations, load_creatures
from game.sim.dungeon import Ground
from game.sim.tilemap import Tile
from rules.catalog import Catalog
from rules.content.build import check_unique_ids
from rules.content.errors import ContentError, ContentErrors
from rules.content.layout import ContentDir, content_root
from rules.content.loader import default_catalog
from rules.content.models import Id, Name, Strict
from rules.content.yamlsource import DataPath, YamlDocument, read_document, validate

ITEMS_FILE = "items.yaml"
THEMES_FILE = "themes.yaml"

ItemKind = Literal["weapon", "shield", "armour", "missile", "ammunition", "consumable", "coins", "relic"]
CATALOG_KINDS: tuple[ItemKind, ...] = ("weapon", "shield", "armour", "missile")
ArmourSlot = Literal["body_under", "body_over", "head", "arms", "legs"]
Effect = Literal["first_aid", "painkiller", "staunch", "restore"]
WallImage = Literal["wall", "wall_stone"]
FloorImage = Literal["floor"]
GroundKind = Literal["rubble", "mud"]  # the difficult `Tile` kinds (game.sim.tilemap.TERRAIN_TN)

Weight = Annotated[StrictInt | StrictFloat, Field(ge=0, le=100)]
Positive = Annotated[StrictInt, Field(ge=1)]
Depth = Annotated[StrictInt, Field(ge=1, le=50)]
Channel = Annotated[StrictInt, Field(ge=0, le=255)]
Count = Annotated[StrictInt, Field(ge=0, le=50)]


# ---- items.yaml ------------------------------------------------------------------------------------


class ItemSpec(Strict):
    """One entry of `items.yaml`. `name` is required for the kinds defined here (not the catalog's)."""

    id: Id
    kind: ItemKind
    name: Name | None = None
    weight: Weight
    value: Weight = 0
    stack: Annotated[StrictInt, Field(ge=1, le=9999)] = 1
    slot: ArmourSlot | None = None
    effect: Effect | None = None
    power: Annotated[StrictInt, Field(ge=1, le=10)] = 1


class ItemsFile(Strict):
    items: list[ItemSpec] = Field(min_length=1)


@dataclass(frozen=True, slots=True)
class Item:
    """A resolved item: its display name, its kind and its numbers (see `items.yaml`'s header)."""

    id: str
    name: str
    kind: ItemKind
    weight: float
    value: float
    stack: int
    slot: ArmourSlot | None = None
    effect: Effect | None = None
    power: int = 1

    @property
    def equippable(self) -> bool:
        return self.kind in CATALOG_KINDS


# ---- themes.yaml -----------------------------------------------------------------------------------


class Growth(Strict):
    base: Annotated[StrictInt, Field(ge=20, le=200)]
    per_depth: Annotated[StrictInt, Field(ge=0, le=20)] = 0


class SizeSpec(Strict):
    width: Growth
    height: Growth


class GoalSpec(Strict):
    theme: Id
    leader: Id
    title: Name
    relic: Id
    guards: tuple[Id, ...] = ()


class RunSpec(Strict):
    depths: Annotated[StrictInt, Field(ge=1, le=50)]
    party_cap: Annotated[StrictInt, Field(ge=1, le=8)]
    size: SizeSpec
    goal: GoalSpec


class DepthRange(Strict):
    min: Depth
    max: Depth


class TileStyle(Strict):
    floor: FloorImage = "floor"
    wall: WallImage = "wall_stone"
    floor_tint: tuple[Channel, Channel, Channel] = (255, 255, 255)
    wall_tint: tuple[Channel, Channel, Channel] = (255, 255, 255)


class CreatureEntry(Strict):
    id: Id
    weight: Positive = 1
    min_depth: Depth = 1


class LootEntry(Strict):
    item: Id
    weight: Positive = 1
    count: tuple[Positive, Positive] = (1, 1)
    in_: Literal["any", "floor", "chest"] = Field(default="any", alias="in")
    min_depth: Depth = 1


class RecruitEntry(Strict):
    creature: Id
    kind: Literal["prisoner", "hireling"]
    price: Annotated[StrictInt, Field(ge=0)] = 0
    weight: Positive = 1


class GroundSpec(Strict):
    """A theme's difficult ground (`game.sim.dungeon.Ground`): its kind, patches per map and squares per patch."""

    kind: GroundKind
    patches: tuple[Count, Count] = (0, 0)
    size: tuple[Positive, Positive] = (1, 1)

    def ground(self) -> Ground:
        return Ground(Tile.from_label(self.kind), self.patches, self.size)


class ThemeSpec(Strict):
    id: Id
    name: Name
    depths: DepthRange
    tiles: TileStyle = Field(default_factory=TileStyle)
    factions: tuple[Id, ...] = Field(min_length=1)
    creatures: tuple[CreatureEntry, ...] = Field(min_length=1)
    loot: tuple[LootEntry, ...] = Field(min_length=1)
    recruits: tuple[RecruitEntry, ...] = ()
    ground: GroundSpec | None = None


class ThemesFile(Strict):
    run: RunSpec
    themes: list[ThemeSpec] = Field(min_length=1)


@dataclass(frozen=True, slots=True)
class RunContent:
    """Everything a run needs beyond the rules catalog: items, run shape, themes, creatures, factions."""

    items: Mapping[str, Item]
    run: RunSpec
    themes: Mapping[str, ThemeSpec]
    creatures: Mapping[str, CreatureTemplate]
    relations: Relations

    def themes_for(self, depth: int) -> tuple[ThemeSpec, ...]:
        """The themes that may appear on `depth`, in file order."""
        return tuple(t for t in self.themes.values() if t.depths.min <= depth <= t.depths.max)


# ---- loading ---------------------------------------------------------------------------------------


def _unknown(kind: str, value: str, known: Collection[str]) -> str:
    close = difflib.get_close_matches(value, sorted(known), n=1)
    return f"unknown {kind} {value!r}" + (f" (did you mean {close[0]!r}?)" if close else "")


def _catalog_table(catalog: Catalog, kind: ItemKind) -> Mapping[str, object]:
    tables: dict[str, Mapping[str, object]] = {
        "weapon": catalog.weapons, "shield": catalog.shields, "armour": catalog.armour, "missile": catalog.missiles,
    }
    return tables[kind]


def _catalog_name(catalog: Catalog, spec: ItemSpec) -> str:
    found = _catalog_table(catalog, spec.kind)[spec.id]
    name = getattr(found, "name", spec.id)
    return str(name)


def check_items(model: ItemsFile, doc: YamlDocument, catalog: Catalog) -> tuple[dict[str, Item], list[ContentError]]:
    """Resolve `items.yaml` against the catalog; returns the items that are fine and every error."""
    errors: list[ContentError] = []
    check_unique_ids([(s.id, doc, ("items", i, "id")) for i, s in enumerate(model.items)], "item", errors)
    items: dict[str, Item] = {}
    for index, spec in enumerate(model.items):
        path: DataPath = ("items", index)
        bad = len(errors)
        if spec.kind in CATALOG_KINDS:
            table = _catalog_table(catalog, spec.kind)
            if spec.id not in table:
                errors.append(doc.error((*path, "id"), _unknown(spec.kind, spec.id, table)))
            elif spec.kind == "weapon" and "natural" in catalog.weapons[spec.id].tags:
                errors.append(doc.error((*path, "id"), f"{spec.id!r} is a natural weapon: it cannot be an item"))
            if spec.name is not None:
                message = f"a {spec.kind} takes its name from the catalog: leave it out"
                errors.append(doc.error((*path, "name"), message))
        elif spec.name is None:
            errors.append(doc.error((*path, "kind"), f"a {spec.kind} item needs a name"))
        if (spec.kind == "armour") != (spec.slot is not None):
            message = "armour needs a slot" if spec.kind == "armour" else "only armour has a slot"
            errors.append(doc.error((*path, "slot" if spec.slot is not None else "kind"), message))
        if (spec.kind == "consumable") != (spec.effect is not None):
            message = "a consumable needs an effect" if spec.kind == "consumable" else "only consumables have an effect"
            errors.append(doc.error((*path, "effect" if spec.effect is not None else "kind"), message))
        if spec.kind in ("weapon", "shield", "armour", "relic") and spec.stack != 1:
            errors.append(doc.error((*path, "stack"), f"a {spec.kind} does not stack: leave stack out"))
        if len(errors) == bad and spec.id not in items:
            name = spec.name if spec.name is not None else _catalog_name(catalog, spec)
            items[spec.id] = Item(spec.id, name, spec.kind, float(spec.weight), float(spec.value), spec.stack,
                                  spec.slot, spec.effect, spec.power)
    return items, errors


def check_themes(
    model: ThemesFile,
    doc: YamlDocument,
    items: Mapping[str, Item] | None,
    creatures: Mapping[str, CreatureTemplate],
    relations: Relations,
) -> list[ContentError]:
    """Every cross-reference and coverage rule of `themes.yaml` (see its header). `items` None: the
    items file did not load, so item references are not checked (each would only repeat that)."""
    errors: list[ContentError] = []
    check_unique_ids([(t.id, doc, ("themes", i, "id")) for i, t in enumerate(model.themes)], "theme", errors)
    for index, theme in enumerate(model.themes):
        errors.extend(_check_theme(theme, doc, ("themes", index), items, creatures, relations))
    run = model.run
    for depth in range(1, run.depths + 1):
        if not any(t.depths.min <= depth <= t.depths.max for t in model.themes):
            errors.append(doc.error(("run", "depths"), f"no theme covers depth {depth}"))
    goal = run.goal
    by_id = {t.id: t for t in model.themes}
    if goal.theme not in by_id:
        errors.append(doc.error(("run", "goal", "theme"), _unknown("theme", goal.theme, by_id)))
    elif not by_id[goal.theme].depths.min <= run.depths <= by_id[goal.theme].depths.max:
        errors.append(doc.error(("run", "goal", "theme"), f"theme {goal.theme!r} does not reach depth {run.depths}"))
    if goal.leader not in creatures:
        errors.append(doc.error(("run", "goal", "leader"), _unknown("creature", goal.leader, creatures)))
    for i, guard in enumerate(goal.guards):
        if guard not in creatures:
            errors.append(doc.error(("run", "goal", "guards", i), _unknown("creature", guard, creatures)))
    relic = items.get(goal.relic) if items is not None else None
    if items is None:
        pass
    elif relic is None:
        errors.append(doc.error(("run", "goal", "relic"), _unknown("item", goal.relic, items)))
    elif relic.kind != "relic":
        errors.append(doc.error(("run", "goal", "relic"), f"{goal.relic!r} is a {relic.kind}, not a relic"))
    return errors


def _check_theme(
    theme: ThemeSpec,
    doc: YamlDocument,
    path: DataPath,
    items: Mapping[str, Item] | None,
    creatures: Mapping[str, CreatureTemplate],
    relations: Relations,
) -> list[ContentError]:
    errors: list[ContentError] = []
    if theme.depths.min > theme.depths.max:
        errors.append(doc.error((*path, "depths"), f"min {theme.depths.min} is deeper than max {theme.depths.max}"))
    for i, faction in enumerate(theme.factions):
        if faction not in relations:
            errors.append(doc.error((*path, "factions", i), _unknown("faction", faction, relations.factions)))
        elif faction == "player":
            errors.append(doc.error((*path, "factions", i), "the party's faction does not spawn as a theme's enemy"))
    for i, entry in enumerate(theme.creatures):
        template = creatures.get(entry.id)
        if template is None:
            errors.append(doc.error((*path, "creatures", i, "id"), _unknown("creature", entry.id, creatures)))
        elif template.faction not in theme.factions:
            message = f"{entry.id!r} is of faction {template.faction!r}, which this theme does not list"
            errors.append(doc.error((*path, "creatures", i, "id"), message))
    spawnable = {creatures[e.id].faction for e in theme.creatures if e.id in creatures}
    for i, faction in enumerate(theme.factions):
        if faction in relations and faction != "player" and faction not in spawnable:
            errors.append(doc.error((*path, "factions", i), f"no creature of the theme belongs to {faction!r}"))
    for i, loot in enumerate(theme.loot):
        if items is None:
            break
        item = items.get(loot.item)
        if item is None:
            errors.append(doc.error((*path, "loot", i, "item"), _unknown("item", loot.item, items)))
            continue
        if item.kind == "relic":
            errors.append(doc.error((*path, "loot", i, "item"), "a relic is the run's goal, never loot"))
        low, high = loot.count
        if low > high:
            errors.append(doc.error((*path, "loot", i, "count"), f"count {low} is more than {high}"))
        elif high > item.stack:
            errors.append(doc.error((*path, "loot", i, "count"), f"{loot.item!r} stacks to {item.stack}, not {high}"))
    for i, recruit in enumerate(theme.recruits):
        template = creatures.get(recruit.creature)
        where: DataPath = (*path, "recruits", i, "creature")
        if template is None:
            errors.append(doc.error(where, _unknown("creature", recruit.creature, creatures)))
        elif template.faction != "player":
            message = f"a recruit joins the party: {recruit.creature!r} must be of faction 'player'"
            errors.append(doc.error(where, message))
        if recruit.kind == "hireling" and recruit.price <= 0:
            errors.append(doc.error((*path, "recruits", i, "price"), "a hireling asks a price above 0"))
        if recruit.kind == "prisoner" and recruit.price:
            errors.append(doc.error((*path, "recruits", i, "price"), "a prisoner is freed, not paid: leave price out"))
    if theme.ground is not None:
        for key, (low, high) in (("patches", theme.ground.patches), ("size", theme.ground.size)):
            if low > high:
                errors.append(doc.error((*path, "ground", key), f"{key} {low} is more than {high}"))
    return errors


def load_run_content(
    catalog: Catalog | None = None,
    directory: ContentDir = None,
    *,
    creatures: Mapping[str, CreatureTemplate] | None = None,
    relations: Relations | None = None,
) -> RunContent:
    """Load and check `items.yaml` and `themes.yaml` of a content directory (default: the shipped one)
    against the catalog, creatures and factions (default: those of the same directory). Raises
    ContentErrors listing every problem of both files."""
    root = content_root(directory)
    if catalog is None:
        catalog = default_catalog() if directory is None else _load_catalog(directory)
    if relations is None:
        relations = default_relations() if directory is None else _load_relations(root)
    if creatures is None:
        creatures = default_creatures() if directory is None else load_creatures(catalog, root, relations=relations)
    errors: list[ContentError] = []
    items: dict[str, Item] | None = None
    try:
        items_doc = read_document(root / ITEMS_FILE, str(root / ITEMS_FILE))
        items, errors = check_items(validate(items_doc, ItemsFile), items_doc, catalog)
    except ContentErrors as exc:
        errors.extend(exc.errors)
    try:
        themes_doc = read_document(root / THEMES_FILE, str(root / THEMES_FILE))
        themes_model = validate(themes_doc, ThemesFile)
    except ContentErrors as exc:
        raise ContentErrors([*errors, *exc.errors]) from None
    errors.extend(check_themes(themes_model, themes_doc, items, creatures, relations))
    if errors or items is None:
        raise ContentErrors(errors)
    return RunContent(items, themes_model.run, {t.id: t for t in themes_model.themes}, creatures, relations)


def _load_catalog(directory: ContentDir) -> Catalog:
    from rules.content import load_catalog

    return load_catalog(directory)


def _load_relations(root: ContentDir) -> Relations:
    from game.sim.creatures import load_factions

    return load_factions(root)


@functools.cache
def default_run_content() -> RunContent:
    """The shipped run content, loaded once per process."""
    return load_run_content()
