"""World scenario files (`content/scenarios/*.yaml`) and seeded dungeon setups: where a run starts.

This module owns the world scenario format (docs/scenario-format.md, "World scenarios (format)"):
its pydantic model, its checks (the map, legend, creature and faction ids, exactly one leader,
actors on free passable squares) and `WorldSetup`, the plain description of a starting world that
both a scenario file and `dungeon_setup` produce. Every problem is a `ContentErrors` entry naming
the file, line and column; a bad map character is reported at its own line and column inside the
YAML block. Bout scenarios (`content/scenarios/bouts/`) belong to `rules.scenario`, not here.

Actor ids are deterministic: the leader is `player`, everyone else `<creature>_<n>` numbered per
creature in reading order (row by row, west to east). Randomness (`dungeon_setup`) comes only from
streams derived from the seed, never from the global `random` module.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Annotated, Literal, TypeVar

from pydantic import Field, StrictBool, StrictInt, StrictStr

from game.sim.creatures import (
    CreatureTemplate,
    Relations,
    default_creatures,
    default_relations,
    load_creatures,
    load_factions,
)
from game.sim.dungeon import MAPGEN_STREAM, generate_dungeon
from game.sim.geometry import Pos
from game.sim.tilemap import DEFAULT_LEGEND, MapError, TileMap, parse_ascii
from rules.catalog import Catalog
from rules.content.errors import ContentError, ContentErrors
from rules.content.layout import ContentDir, content_root, yaml_files
from rules.content.models import Id, Name, Strict
from rules.content.yamlsource import DataPath, YamlDocument, read_document, validate
from rules.dice import SeededStream

SCENARIO_DIR = "scenarios"
LEADER_ID = "player"
PARTY_FACTION = "player"
LEADER_CREATURE = "player_fighter"

TileKind = Literal["floor", "wall", "door", "stairs_down"]
LegendChar = Annotated[StrictStr, Field(min_length=1, max_length=1)]


# ---- file model -------------------------------------------------------------------------------------


class LegendActor(Strict):
    """A legend entry that places an actor of `creature` on every square showing its character."""

    creature: Id
    faction: Id | None = None
    name: Name | None = None
    leader: StrictBool = False
    party: StrictBool = False


class ActorSpec(Strict):
    """One actor placed by coordinates (`at: [x, y]`, 0-based, x east, y south)."""

    creature: Id
    at: tuple[StrictInt, StrictInt]
    faction: Id | None = None
    name: Name | None = None
    leader: StrictBool = False
    party: StrictBool = False


LegendEntry = TileKind | LegendActor

DEFAULT_ACTOR_LEGEND: Mapping[str, LegendActor] = {
    "@": LegendActor(creature=LEADER_CREATURE, faction=PARTY_FACTION, leader=True, party=True),
}


class WorldScenarioFile(Strict):
    name: Name
    description: StrictStr = ""
    seed: StrictInt = 0
    house_rules: dict[str, object] = Field(default_factory=dict)
    map: StrictStr
    legend: dict[LegendChar, LegendEntry] = Field(default_factory=dict)
    actors: list[ActorSpec] = Field(default_factory=list)


ScenarioModel = TypeVar("ScenarioModel", bound=WorldScenarioFile)


# ---- the setup ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ActorSetup:
    """One actor of a starting world."""

    id: str
    creature: str
    faction: str
    pos: Pos
    name: str
    party: bool
    leader: bool


@dataclass(frozen=True, slots=True)
class WorldSetup:
    """A starting world: terrain, actors (reading order), the run's house-rule overrides and seed.
    `origin` is JSON-ready and says how to build it again (a run file's header `setup`)."""

    name: str
    seed: int
    tilemap: TileMap
    actors: tuple[ActorSetup, ...]
    house_rules: Mapping[str, object] = field(default_factory=dict)
    description: str = ""
    origin: Mapping[str, object] = field(default_factory=dict)

    @property
    def leader(self) -> ActorSetup:
        return next(a for a in self.actors if a.leader)

    def actor(self, actor_id: str) -> ActorSetup:
        for a in self.actors:
            if a.id == actor_id:
                return a
        raise KeyError(f"no actor {actor_id!r}")


@dataclass(frozen=True, slots=True)
class _Draft:
    """An actor before ids are given; `where` positions errors about it."""

    creature: str
    faction: str
    pos: Pos
    name: str | None
    party: bool
    leader: bool
    where: ContentError  # a template: file, line, column and path, message filled in later


def _finish(drafts: Sequence[_Draft], creatures: Mapping[str, CreatureTemplate]) -> tuple[ActorSetup, ...]:
    """Ids and names in reading order: the leader `player`, everyone else `<creature>_<n>`."""
    ordered = sorted(drafts, key=lambda d: (d.pos.y, d.pos.x))
    totals: dict[str, int] = {}
    for d in ordered:
        if not d.leader:
            totals[d.creature] = totals.get(d.creature, 0) + 1
    counts: dict[str, int] = {}
    actors: list[ActorSetup] = []
    for d in ordered:
        base = creatures[d.creature].name
        if d.leader:
            actor_id, name = LEADER_ID, d.name or base
        else:
            n = counts[d.creature] = counts.get(d.creature, 0) + 1
            actor_id = f"{d.creature}_{n}"
            name = d.name or (f"{base} {n}" if totals[d.creature] > 1 else base)
        actors.append(ActorSetup(actor_id, d.creature, d.faction, d.pos, name, d.party or d.leader, d.leader))
    return tuple(actors)


# ---- loading a scenario file ---------------------------------------------------------------------




class _MapPlaces:
    """Turns a map row/column into a line/column of the YAML file (literal block scalars only)."""

    def __init__(self, doc: YamlDocument, text: str) -> None:
        self.doc = doc
        self.start = doc.position(("map",))
        self.indent: int | None = None
        lines = text.splitlines()
        header_index = self.start.line - 1
        if header_index >= len(lines):
            return
        header = lines[header_index][self.start.column - 1 :]
        if not header.startswith("|"):
            return  # a quoted, plain or folded map: point at its start
        indicators = header[1:].split("#", 1)[0].strip()
        digits = [c for c in indicators if c.isdigit()]
        if digits:
            key = doc.position(("map",), key=True)
            self.indent = key.column - 1 + int(digits[0])
            return
        for line in lines[header_index + 1 :]:
            if line.strip():
                self.indent = len(line) - len(line.lstrip(" "))
                return

    def error(self, row: int, column: int, message: str) -> ContentError:
        """`row`/`column` 1-based inside the map."""
        if self.indent is None:
            return self.doc.error(("map",), f"row {row}, column {column}: {message}")
        return ContentError(self.doc.file, self.start.line + row, self.indent + column, "map", message)


def load_scenario(
    source: Traversable | str | os.PathLike[str],
    *,
    creatures: Mapping[str, CreatureTemplate] | None = None,
    relations: Relations | None = None,
    display: str | None = None,
) -> WorldSetup:
    """Read, check and build one world scenario file. `creatures` and `relations` default to the
    shipped content. Raises ContentErrors listing every problem."""
    setup, _, _ = load_extended_scenario(source, WorldScenarioFile, creatures=creatures, relations=relations,
                                         display=display)
    return setup


def load_extended_scenario(
    source: Traversable | str | os.PathLike[str],
    model_type: type[ScenarioModel],
    *,
    creatures: Mapping[str, CreatureTemplate] | None = None,
    relations: Relations | None = None,
    display: str | None = None,
) -> tuple[WorldSetup, ScenarioModel, YamlDocument]:
    """`load_scenario` for a format that extends the world scenario's model with keys of its own
    (`game.sim.scripted_scenario`): the setup, the validated model and the document (for positioned
    errors about the extra keys)."""
    item: Traversable = Path(source) if isinstance(source, (str, os.PathLike)) else source
    file = display if display is not None else str(item)
    doc = read_document(item, file)
    model = validate(doc, model_type)
    text = item.read_bytes().decode("utf-8")
    creatures = default_creatures() if creatures is None else creatures
    relations = default_relations() if relations is None else relations
    stem = item.name.removesuffix(".yaml")
    return _build(model, doc, text, creatures, relations, {"kind": "scenario", "scenario": stem}), model, doc


def _build(
    model: WorldScenarioFile,
    doc: YamlDocument,
    text: str,
    creatures: Mapping[str, CreatureTemplate],
    relations: Relations,
    origin: Mapping[str, object],
) -> WorldSetup:
    errors: list[ContentError] = []
    places = _MapPlaces(doc, text)

    def check_ids(spec: LegendActor | ActorSpec, path: DataPath) -> bool:
        ok = True
        if spec.creature not in creatures:
            errors.append(doc.error((*path, "creature"), f"unknown creature {spec.creature!r}"))
            ok = False
        if spec.faction is not None and spec.faction not in relations:
            errors.append(doc.error((*path, "faction"), f"unknown faction {spec.faction!r}"))
            ok = False
        return ok

    actor_legend: dict[str, LegendActor] = dict(DEFAULT_ACTOR_LEGEND)
    tile_legend: dict[str, str] = dict(DEFAULT_LEGEND)
    usable: dict[str, bool] = {char: True for char in DEFAULT_ACTOR_LEGEND}
    for char, entry in model.legend.items():
        actor_legend.pop(char, None)
        tile_legend.pop(char, None)
        if isinstance(entry, LegendActor):
            actor_legend[char] = entry
            usable[char] = check_ids(entry, ("legend", char))
        else:
            tile_legend[char] = entry
    legend = {**tile_legend, **{char: f"actor {char}" for char in actor_legend}}

    rows = model.map.splitlines()
    try:
        parsed = parse_ascii(rows, legend)
    except MapError as exc:
        row, column = exc.row or 1, exc.column or 1
        message = str(exc).split(": ", 1)[-1] if exc.row is not None else str(exc)
        if message.startswith("unknown character"):
            message += " (not in the legend)"
        errors.append(places.error(row, column, message))
        raise ContentErrors(errors) from None
    tilemap = parsed.tilemap

    drafts: list[_Draft] = []
    for placement in parsed.placements:
        char = placement.char
        entry = actor_legend[char]
        where = places.error(placement.pos.y + 1, placement.pos.x + 1, "")
        if char in DEFAULT_ACTOR_LEGEND and char not in model.legend and entry.creature not in creatures:
            errors.append(_at(where, f"unknown creature {entry.creature!r} (default legend {char!r})"))
            continue
        if not usable.get(char, True):
            continue
        drafts.append(_draft(entry, placement.pos, creatures, where))

    for index, spec in enumerate(model.actors):
        path: DataPath = ("actors", index)
        if not check_ids(spec, path):
            continue
        pos = Pos(*spec.at)
        where = doc.error((*path, "at"), "")
        if not tilemap.in_bounds(pos):
            errors.append(_at(where, f"{list(pos)} is outside the {tilemap.width} x {tilemap.height} map"))
            continue
        if not tilemap.passable(pos):
            errors.append(_at(where, f"{list(pos)} is {tilemap.tile_at(pos).label}, not a passable square"))
            continue
        drafts.append(_draft(spec, pos, creatures, where))

    taken: dict[Pos, _Draft] = {}
    for d in drafts:
        other = taken.get(d.pos)
        if other is not None:
            errors.append(
                _at(d.where, f"two actors on square {list(d.pos)} (the other is placed at line {other.where.line})")
            )
        else:
            taken[d.pos] = d

    leaders = [d for d in drafts if d.leader]
    if not leaders:
        errors.append(doc.error(("map",), "no leader: put '@' on the map or mark one actor `leader: true`"))
    for extra in leaders[1:]:
        errors.append(_at(extra.where, f"a second leader (the first is placed at line {leaders[0].where.line})"))
    if errors:
        raise ContentErrors(errors)

    return WorldSetup(
        name=model.name,
        seed=model.seed,
        tilemap=tilemap,
        actors=_finish(drafts, creatures),
        house_rules=dict(model.house_rules),
        description=model.description.strip(),
        origin=dict(origin),
    )


def _at(template: ContentError, message: str) -> ContentError:
    return ContentError(template.file, template.line, template.column, template.path, message)


def _draft(
    spec: LegendActor | ActorSpec, pos: Pos, creatures: Mapping[str, CreatureTemplate], where: ContentError
) -> _Draft:
    faction = spec.faction or creatures[spec.creature].faction
    return _Draft(spec.creature, faction, pos, spec.name, spec.party, spec.leader, where)


# ---- the shipped scenarios ---------------------------------------------------------------------


def scenario_files(directory: ContentDir = None) -> list[Traversable]:
    """The world scenario files of a content directory (`scenarios/*.yaml`, not `scenarios/bouts/`)."""
    return yaml_files(content_root(directory) / SCENARIO_DIR)


def load_named_scenario(
    name: str,
    directory: ContentDir = None,
    *,
    creatures: Mapping[str, CreatureTemplate] | None = None,
    relations: Relations | None = None,
) -> WorldSetup:
    """`load_scenario` of `scenarios/<name>.yaml` in a content directory (default: the shipped one)."""
    item = content_root(directory) / SCENARIO_DIR / f"{name}.yaml"
    return load_scenario(item, creatures=creatures, relations=relations)


@dataclass(frozen=True, slots=True)
class WorldContent:
    """Everything the simulation reads from a content directory, checked."""

    relations: Relations
    creatures: Mapping[str, CreatureTemplate]
    scenarios: Mapping[str, WorldSetup]  # by file stem


def load_world_content(catalog: Catalog, directory: ContentDir = None) -> WorldContent:
    """Load and check factions, creatures and every world scenario of a content directory (what a
    content check should run next to `rules.content.load_catalog`). Raises ContentErrors listing
    every problem in every file."""
    root = content_root(directory)
    errors: list[ContentError] = []
    relations: Relations | None = None
    try:
        relations = load_factions(root)
    except ContentErrors as exc:
        errors.extend(exc.errors)
    creatures: dict[str, CreatureTemplate] | None = None
    try:
        creatures = load_creatures(catalog, root, relations=relations)
    except ContentErrors as exc:
        errors.extend(exc.errors)
    scenarios: dict[str, WorldSetup] = {}
    if relations is not None and creatures is not None:
        for item in scenario_files(root):
            try:
                scenarios[item.name.removesuffix(".yaml")] = load_scenario(
                    item, creatures=creatures, relations=relations
                )
            except ContentErrors as exc:
                errors.extend(exc.errors)
    if errors or relations is None or creatures is None:
        raise ContentErrors(errors)
    return WorldContent(relations, creatures, scenarios)


# ---- seeded dungeons ---------------------------------------------------------------------------


GROUP_KINDS: tuple[str, ...] = ("bandits", "goblins", "town_guard")


def _group_members(kind: str, size: int, stream: SeededStream) -> tuple[str, ...]:
    if kind == "bandits":
        return ("bandit_chief", *("bandit",) * (size - 1)) if size >= 3 else ("bandit",) * size
    if kind == "goblins":  # goblins with their wolves
        head = "goblin_boss" if size >= 4 else "goblin"
        return (head, *(("wolf", "goblin")[stream.randint(0, 1)] for _ in range(size - 1)))
    return ("town_guard",) * size


def pick_groups(seed: int) -> tuple[tuple[str, ...], ...]:
    """3-4 groups of 2-4 creature ids each, drawn by the seed's `mapgen` stream (the same seed always
    gives the same groups): one group of each kind (bandits, goblins with wolves, the town guard) in
    a shuffled order, then sometimes a fourth of any kind."""
    stream = SeededStream(seed, MAPGEN_STREAM)
    kinds = list(GROUP_KINDS)
    for i in range(len(kinds) - 1, 0, -1):
        j = stream.randint(0, i)
        kinds[i], kinds[j] = kinds[j], kinds[i]
    if stream.randint(0, 1):
        kinds.append(GROUP_KINDS[stream.randint(0, len(GROUP_KINDS) - 1)])
    return tuple(_group_members(kind, stream.randint(2, 4), stream) for kind in kinds)


def dungeon_setup(
    seed: int,
    party: Sequence[str] = (LEADER_CREATURE,),
    groups: Sequence[Sequence[str]] | None = None,
    *,
    width: int = 60,
    height: int = 40,
    creatures: Mapping[str, CreatureTemplate] | None = None,
) -> WorldSetup:
    """A `WorldSetup` on `game.sim.dungeon.generate_dungeon(seed, ...)`. `party` lists creature ids,
    the first is the leader; everyone in the party is of faction `player`. `groups` lists each
    faction group's creature ids (default: `pick_groups(seed)`); each group starts in a room of its
    own, its members keep their creatures' factions. Raises ValueError for an unknown creature id
    and `game.sim.dungeon.DungeonError` if the map cannot hold everyone."""
    creatures = default_creatures() if creatures is None else creatures
    if not party:
        raise ValueError("the party needs at least a leader")
    chosen = tuple(tuple(g) for g in groups) if groups is not None else pick_groups(seed)
    for creature in (*party, *(c for g in chosen for c in g)):
        if creature not in creatures:
            raise ValueError(f"unknown creature {creature!r}")
    dungeon = generate_dungeon(seed, width, height, party_size=len(party), group_sizes=tuple(len(g) for g in chosen))
    blank = ContentError("<dungeon>", None, None, "", "")
    drafts = [
        _Draft(creature, PARTY_FACTION, pos, None, True, index == 0, blank)
        for index, (creature, pos) in enumerate(zip(party, dungeon.player_start, strict=True))
    ]
    for members, spawn in zip(chosen, dungeon.spawn_groups, strict=True):
        for creature, pos in zip(members, spawn.squares, strict=True):
            drafts.append(_Draft(creature, creatures[creature].faction, pos, None, False, False, blank))
    origin: dict[str, object] = {
        "kind": "dungeon",
        "seed": seed,
        "width": width,
        "height": height,
        "party": list(party),
        "groups": [list(g) for g in chosen],
    }
    return WorldSetup(
        name=f"Dungeon (seed {seed})",
        seed=seed,
        tilemap=dungeon.tilemap,
        actors=_finish(drafts, creatures),
        origin=origin,
    )


MIN_SIDE, MAX_SIDE = 20, 200  # a dungeon's width and height (the game makes 60 x 40)
MAX_SEED = 2**63  # seeds are whole numbers below this in size
MAX_PARTY, MAX_GROUPS, MAX_GROUP = 8, 12, 12


def scenario_names(directory: ContentDir = None) -> tuple[str, ...]:
    """The names of the world scenarios of a content directory (the files' stems), sorted."""
    return tuple(item.name.removesuffix(".yaml") for item in scenario_files(directory))


def setup_from_origin(
    origin: Mapping[str, object],
    *,
    directory: ContentDir = None,
    creatures: Mapping[str, CreatureTemplate] | None = None,
    relations: Relations | None = None,
) -> WorldSetup:
    """Build the `WorldSetup` a `WorldSetup.origin` (a run header's `setup`) describes again.

    The origin comes from a file and is not trusted: a scenario is named, and only a name of the
    content's own scenario list is accepted (never a path: the content hash covers only those); a
    dungeon's sizes, seed and group counts are bounded before anything is built. Raises ValueError
    with one line naming the problem ("cannot build a world from setup: ...")."""
    try:
        return _setup_from_origin(origin, directory, creatures, relations)
    except ValueError as exc:
        raise ValueError(f"cannot build a world from setup: {exc}") from None


def _setup_from_origin(
    origin: Mapping[str, object],
    directory: ContentDir,
    creatures: Mapping[str, CreatureTemplate] | None,
    relations: Relations | None,
) -> WorldSetup:
    kind = origin.get("kind")
    if kind == "scenario":
        name = origin.get("scenario")
        known = scenario_names(directory)
        if not isinstance(name, str) or name not in known:
            raise ValueError(f"unknown scenario {_short(name)} (the content has: {', '.join(known)})")
        return load_named_scenario(name, directory, creatures=creatures, relations=relations)
    if kind == "dungeon":
        seed = _whole(origin.get("seed"), "seed", -MAX_SEED, MAX_SEED)
        width = _whole(origin.get("width"), "width", MIN_SIDE, MAX_SIDE)
        height = _whole(origin.get("height"), "height", MIN_SIDE, MAX_SIDE)
        party = _ids(origin.get("party"), "party", MAX_PARTY)
        groups = origin.get("groups")
        if not isinstance(groups, list) or len(groups) > MAX_GROUPS:
            raise ValueError(f"dungeon groups must be a list of at most {MAX_GROUPS} groups, not {_short(groups)}")
        chosen = [_ids(g, f"groups[{i}]", MAX_GROUP) for i, g in enumerate(groups)]
        return dungeon_setup(seed, party, chosen, width=width, height=height, creatures=creatures)
    if kind == "run":  # a roguelike run's depth 1 (game.sim.run_world; imported here: it builds on this module)
        from game.sim.run_world import MAX_PARTY as RUN_PARTY_CAP
        from game.sim.run_world import run_setup

        return run_setup(_whole(origin.get("seed"), "seed", -MAX_SEED, MAX_SEED),
                         _ids(origin.get("party"), "party", RUN_PARTY_CAP))
    raise ValueError(f"unknown kind {_short(kind)} (expected 'scenario', 'dungeon' or 'run')")


def _short(value: object) -> str:
    if value is None or isinstance(value, bool | int | float):
        text = repr(value)
    elif isinstance(value, str):
        text = repr(value[:32])
    else:
        text = f"a {type(value).__name__}"
    return text if len(text) <= 48 else text[:45] + "..."


def _whole(value: object, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"dungeon {name} must be a whole number from {low} to {high}, not {_short(value)}")
    return value


def _ids(value: object, name: str, most: int) -> list[str]:
    if (
        not isinstance(value, list)
        or not 1 <= len(value) <= most
        or not all(isinstance(v, str) and 0 < len(v) <= 64 for v in value)
    ):
        raise ValueError(f"dungeon {name} must be a list of 1 to {most} creature ids, not {_short(value)}")
    return value
