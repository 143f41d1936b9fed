"""Load the whole content directory into one `rules.catalog.Catalog`, or fail with every error.

`load_catalog()` reads each file kind of `layout.FILE_KINDS`, validates it, checks everything that
spans files, and raises one `ContentErrors` listing all problems (it does not stop at the first).
`default_catalog()` caches the shipped content; `with_house_rules()` applies a run's overrides.
The catalog's `content_hash` is over the parsed content (`parsed_hash`): a comment changes nothing.
An unresolvable maneuver (an inheritance cycle, a dangling parent) is reported once where it is
written, not again at every proficiency that names it.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping
from importlib.resources.abc import Traversable
from typing import TypeVar

from pydantic import BaseModel, ValidationError

from rules.catalog import Catalog, Descriptions, HouseRules, Proficiency
from rules.content.build import (
    Loaded,
    build_armour,
    build_body,
    build_house_rules,
    build_missiles,
    build_proficiencies,
    build_shields,
    build_weapons,
    build_wounds,
    check_unique_ids,
    fold_proficiency_costs,
    proficiency_ids,
)
from rules.content.errors import ContentError, ContentErrors
from rules.content.layout import MANEUVER_DIR, ContentDir, content_root, yaml_files
from rules.content.maneuvers import NodeSource, check_composite_roles, resolve_maneuvers
from rules.content.models import (
    ArmourFile,
    BodyFile,
    DescriptionsFile,
    HouseRulesFile,
    ManeuversFile,
    MissilesFile,
    ProficienciesFile,
    ShieldsFile,
    WeaponsFile,
    WoundsFile,
)
from rules.content.parsed_hash import parsed_content_hash
from rules.content.yamlsource import DataPath, YamlDocument, format_path, read_document, validate

M = TypeVar("M", bound=BaseModel)
OVERRIDES_FILE = "<house rule overrides>"


class _Reader:
    """Reads files below one root, keeping every error instead of stopping."""

    def __init__(self, root: Traversable) -> None:
        self.root = root
        self.errors: list[ContentError] = []

    def load(self, item: Traversable, model: type[M]) -> Loaded[M] | None:
        try:
            doc = read_document(item, str(item))
            return Loaded(validate(doc, model), doc)
        except ContentErrors as exc:
            self.errors.extend(exc.errors)
            return None

    def file(self, name: str, model: type[M]) -> Loaded[M] | None:
        return self.load(self.root / name, model)

    def maneuver_files(self) -> list[Loaded[ManeuversFile]] | None:
        """All maneuvers/*.yaml, or None if any of them failed (references into them are skipped)."""
        directory = self.root / MANEUVER_DIR
        items = yaml_files(directory)
        if not items:
            self.errors.append(ContentError(str(directory), None, None, "<file>", "no maneuver files (*.yaml)"))
            return None
        loaded = [self.load(item, ManeuversFile) for item in items]
        return [x for x in loaded if x is not None] if all(x is not None for x in loaded) else None




def load_catalog(directory: ContentDir = None) -> Catalog:
    """Load, check and resolve a content directory (default: the shipped `content` package).
    Raises ContentErrors listing every problem in every file."""
    root = content_root(directory)
    reader = _Reader(root)
    errors = reader.errors

    house = reader.file("house_rules.yaml", HouseRulesFile)
    profs_file = reader.file("proficiencies.yaml", ProficienciesFile)
    weapons_file = reader.file("weapons.yaml", WeaponsFile)
    shields_file = reader.file("shields.yaml", ShieldsFile)
    armour_file = reader.file("armour.yaml", ArmourFile)
    missiles_file = reader.file("missiles.yaml", MissilesFile)
    body_file = reader.file("body.yaml", BodyFile)
    wounds_file = reader.file("wounds.yaml", WoundsFile)
    descriptions_file = reader.file("descriptions.yaml", DescriptionsFile)
    maneuver_files = reader.maneuver_files()

    prof_ids = proficiency_ids(profs_file) if profs_file is not None else None
    locations, zones = build_body(body_file, errors) if body_file is not None else (None, {})
    wounds = build_wounds(wounds_file, locations, errors) if wounds_file is not None else {}
    weapons = build_weapons(weapons_file, prof_ids, errors) if weapons_file is not None else {}
    shields = build_shields(shields_file) if shields_file is not None else {}
    armour = build_armour(armour_file, locations, errors) if armour_file is not None else {}
    missiles = build_missiles(missiles_file, prof_ids, errors) if missiles_file is not None else {}

    items: list[tuple[str, YamlDocument, DataPath]] = []
    if weapons_file is not None:
        items += [(w.id, weapons_file.doc, ("weapons", i, "id")) for i, w in enumerate(weapons_file.model.weapons)]
    if shields_file is not None:
        items += [(s.id, shields_file.doc, ("shields", i, "id")) for i, s in enumerate(shields_file.model.shields)]
    if armour_file is not None:
        items += [(a.id, armour_file.doc, ("armour", i, "id")) for i, a in enumerate(armour_file.model.armour)]
    if missiles_file is not None:
        items += [(m.id, missiles_file.doc, ("missiles", i, "id")) for i, m in enumerate(missiles_file.model.missiles)]
    check_unique_ids(items, "item", errors)

    sources: list[NodeSource] = []
    for loaded in maneuver_files or []:
        for index, node in enumerate(loaded.model.maneuvers):
            sources.append(NodeSource(node, loaded.doc, ("maneuvers", index), len(sources)))
    maneuvers = resolve_maneuvers(sources, prof_ids, errors)
    check_composite_roles(sources, maneuvers, errors)

    proficiencies: dict[str, Proficiency] = {}
    if profs_file is not None:
        check_unique_ids(
            [(p.id, profs_file.doc, ("proficiencies", i, "id")) for i, p in enumerate(profs_file.model.proficiencies)],
            "proficiency",
            errors,
        )
        found: list[ContentError] = []
        proficiencies = build_proficiencies(profs_file, maneuvers if maneuver_files is not None else None, found)
        errors += _without_cascade(found, {s.node.id for s in sources} - maneuvers.keys())

    if errors:
        raise ContentErrors(errors)
    assert house is not None and descriptions_file is not None
    return Catalog(
        maneuvers=fold_proficiency_costs(maneuvers, proficiencies),
        weapons=weapons,
        shields=shields,
        armour=armour,
        proficiencies=proficiencies,
        zones=zones,
        wounds=wounds,
        house_rules=build_house_rules(house.model),
        content_hash=parsed_content_hash(root),
        missiles=missiles,
        descriptions=build_descriptions(descriptions_file.model),
    )


def build_descriptions(model: DescriptionsFile) -> Descriptions:
    """descriptions.yaml as plain mappings (flavour `global` keeps its YAML name)."""
    return Descriptions(
        actions=model.actions.model_dump(),
        flavours=model.flavours.model_dump(by_alias=True),
        options=model.options.model_dump(),
        orientations=model.orientations.model_dump(),
    )


def _without_cascade(found: list[ContentError], unresolved: set[str]) -> list[ContentError]:
    """Drop "unknown maneuver X" for a maneuver that is defined but could not be resolved (its own
    error, e.g. an inheritance cycle, is reported once where it is written)."""
    cascade = {f"unknown maneuver {name!r}" for name in unresolved}
    return [e for e in found if e.message not in cascade]


@functools.cache
def default_catalog() -> Catalog:
    """The shipped content, loaded once per process."""
    return load_catalog()


def with_house_rules(catalog: Catalog, overrides: Mapping[str, object]) -> Catalog:
    """A copy of `catalog` whose house rules are its own with `overrides` applied (a run's settings).
    Unknown names and bad values raise ContentErrors with paths like `house_rules.auto_chase`."""
    current = {f.name: getattr(catalog.house_rules, f.name) for f in dataclasses.fields(HouseRules)}
    try:
        model = HouseRulesFile.model_validate({**current, **overrides})
    except ValidationError as exc:
        known = ", ".join(HouseRulesFile.model_fields)
        errors = []
        for err in exc.errors(include_url=False):
            path = format_path(("house_rules", *err["loc"]))
            if err["type"] == "extra_forbidden":
                message = f"unknown house rule (known: {known})"
            else:
                message = f"{err['msg'].removeprefix('Value error, ')} (got {err['input']!r})"
            errors.append(ContentError(OVERRIDES_FILE, None, None, path, message))
        raise ContentErrors(errors) from None
    return dataclasses.replace(catalog, house_rules=build_house_rules(model))
