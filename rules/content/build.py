"""Everything but the maneuver trees: check cross-file references and whole-file rules, and turn the
validated models into `rules.catalog` dataclasses.

Each `build_*` function appends what it finds wrong to `errors` (positioned at the offending value)
and returns what it could build. A reference into a file that failed to load is not checked: the
caller passes None for that side, so one broken file does not flood the report.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

from pydantic import BaseModel

from rules.catalog import (
    ATTACK_KINDS,
    RANGE_BANDS,
    ZONE_IDS,
    Armour,
    DamageType,
    HouseRules,
    Maneuver,
    MissileWeapon,
    Proficiency,
    RangeBand,
    Shield,
    Weapon,
    WoundEffect,
    Zone,
)
from rules.content.errors import ContentError
from rules.content.models import (
    ArmourFile,
    BodyFile,
    HouseRulesFile,
    MissilesFile,
    ProficienciesFile,
    ShieldsFile,
    WeaponsFile,
    WoundsFile,
    ZonePart,
)
from rules.content.yamlsource import DataPath, YamlDocument

M = TypeVar("M", bound=BaseModel)
WOUND_LEVELS = 5
ZONE_FACES = 6
MISS = "miss"


@dataclass(frozen=True, slots=True)
class Loaded(Generic[M]):
    """A validated file: its model and its document (for positions)."""

    model: M
    doc: YamlDocument


def build_house_rules(model: HouseRulesFile) -> HouseRules:
    return HouseRules(**model.model_dump())


def check_unique_ids(
    entries: list[tuple[str, YamlDocument, DataPath]], what: str, errors: list[ContentError]
) -> None:
    """Ids must be unique within `entries` (several files may share one id space)."""
    seen: dict[str, tuple[YamlDocument, DataPath]] = {}
    for item_id, doc, path in entries:
        if item_id in seen:
            first_doc, first_path = seen[item_id]
            pos = first_doc.position(first_path)
            errors.append(doc.error(path, f"duplicate {what} id {item_id!r} (first at {first_doc.file}:{pos.line})"))
        else:
            seen[item_id] = (doc, path)


# ---- body ---------------------------------------------------------------------------------------


def build_body(src: Loaded[BodyFile], errors: list[ContentError]) -> tuple[frozenset[str], dict[str, Zone]]:
    body, doc = src.model, src.doc
    locations: set[str] = set()
    for index, location in enumerate(body.locations):
        if location == MISS:
            errors.append(doc.error(("locations", index), f"{MISS!r} is reserved for zone parts that miss"))
        elif location in locations:
            errors.append(doc.error(("locations", index), f"duplicate location {location!r}"))
        locations.add(location)

    zones: dict[str, Zone] = {}
    for index, zone in enumerate(body.zones):
        path: DataPath = ("zones", index)
        if zone.id in zones:
            errors.append(doc.error((*path, "id"), f"duplicate zone {zone.id!r}"))
            continue
        expected = ATTACK_KINDS[0] if ZONE_IDS.index(zone.id) < 7 else ATTACK_KINDS[1]
        if zone.attack_kind != expected:
            errors.append(doc.error((*path, "attack_kind"), f"zone {zone.id} is a {expected} zone"))
        for table in ("parts", "blunt_parts"):
            parts: list[ZonePart] = getattr(zone, table)
            if table == "blunt_parts" and not parts:
                continue
            total = sum(weight for _, weight in parts)
            if total != ZONE_FACES:
                errors.append(doc.error((*path, table), f"d6 weights add up to {total}, need {ZONE_FACES}"))
            for part_index, (part, _) in enumerate(parts):
                if part != MISS and part not in locations:
                    errors.append(doc.error((*path, table, part_index, 0), f"unknown location {part!r}"))
        zones[zone.id] = Zone(
            id=zone.id,
            name=zone.name,
            attack_kind=zone.attack_kind,
            parts=tuple(zone.parts),
            blunt_parts=tuple(zone.blunt_parts),
            aim_cost=zone.aim_cost,
        )
    missing = [z for z in ZONE_IDS if z not in zones]
    if missing:
        errors.append(doc.error(("zones",), "missing zones: " + ", ".join(missing), key=True))
    ordered = {z: zones[z] for z in ZONE_IDS if z in zones}
    return frozenset(locations), ordered


# ---- wounds -------------------------------------------------------------------------------------


def build_wounds(
    src: Loaded[WoundsFile], locations: Collection[str] | None, errors: list[ContentError]
) -> dict[tuple[DamageType, str], tuple[WoundEffect, ...]]:
    doc = src.doc
    table: dict[tuple[DamageType, str], tuple[WoundEffect, ...]] = {}
    damage_types: tuple[DamageType, ...] = ("cut", "puncture", "bludgeon")
    for damage_type in damage_types:
        rows = src.model.wounds.get(damage_type)
        if rows is None:
            errors.append(doc.error(("wounds",), f"no table for damage type {damage_type!r}", key=True))
            continue
        for location, levels in rows.items():
            path: DataPath = ("wounds", damage_type, location)
            if locations is not None and location not in locations:
                errors.append(doc.error(path, f"unknown location {location!r}", key=True))
                continue
            if len(levels) != WOUND_LEVELS:
                errors.append(doc.error(path, f"a wound row needs exactly {WOUND_LEVELS} levels, found {len(levels)}"))
                continue
            table[(damage_type, location)] = tuple(WoundEffect(**level.model_dump()) for level in levels)
        if locations is not None:
            missing = [loc for loc in sorted(locations) if loc not in rows]
            if missing:
                errors.append(
                    doc.error(("wounds", damage_type), "no row for location " + ", ".join(map(repr, missing)), key=True)
                )
    return table


# ---- items --------------------------------------------------------------------------------------


def build_weapons(
    src: Loaded[WeaponsFile], proficiencies: Collection[str] | None, errors: list[ContentError]
) -> dict[str, Weapon]:
    doc = src.doc
    weapons: dict[str, Weapon] = {}
    for index, w in enumerate(src.model.weapons):
        path: DataPath = ("weapons", index)
        if proficiencies is not None:
            for prof_index, prof in enumerate(w.proficiencies):
                if prof not in proficiencies:
                    errors.append(doc.error((*path, "proficiencies", prof_index), f"unknown proficiency {prof!r}"))
        if w.atn_swing is None and w.atn_thrust is None:
            errors.append(doc.error((*path, "id"), "a weapon needs atn_swing or atn_thrust (or both)"))
        weapons.setdefault(
            w.id,
            Weapon(
                id=w.id,
                name=w.name,
                proficiencies=tuple(w.proficiencies),
                length=w.length,
                hands=w.hands,
                atn_swing=w.atn_swing,
                atn_thrust=w.atn_thrust,
                dtn=w.dtn,
                dtn_vs_small_thrust=w.dtn_vs_small_thrust,
                damage_swing=w.damage_swing,
                damage_thrust=w.damage_thrust,
                swing_type=w.swing_type,
                thrust_type=w.thrust_type,
                tags=frozenset(w.tags),
            ),
        )
    return weapons


def build_shields(src: Loaded[ShieldsFile]) -> dict[str, Shield]:
    shields: dict[str, Shield] = {}
    for s in src.model.shields:
        shields.setdefault(s.id, Shield(**s.model_dump()))
    return shields


def build_armour(
    src: Loaded[ArmourFile], locations: Collection[str] | None, errors: list[ContentError]
) -> dict[str, Armour]:
    armour: dict[str, Armour] = {}
    for index, a in enumerate(src.model.armour):
        if locations is not None:
            for loc_index, location in enumerate(a.covers):
                if location not in locations:
                    where: DataPath = ("armour", index, "covers", loc_index)
                    errors.append(src.doc.error(where, f"unknown location {location!r}"))
        armour.setdefault(a.id, Armour(id=a.id, name=a.name, av=a.av, covers=frozenset(a.covers)))
    return armour


def build_missiles(
    src: Loaded[MissilesFile], proficiencies: Collection[str] | None, errors: list[ContentError]
) -> dict[str, MissileWeapon]:
    """Missile weapons: the proficiency must exist; bands go nearest first (point_blank, short,
    medium, long; any may be left out), each reaching strictly farther than the one before and
    never at a lower ATN."""
    doc = src.doc
    missiles: dict[str, MissileWeapon] = {}
    for index, m in enumerate(src.model.missiles):
        path: DataPath = ("missiles", index)
        if proficiencies is not None and m.proficiency not in proficiencies:
            errors.append(doc.error((*path, "proficiency"), f"unknown proficiency {m.proficiency!r}"))
        for band_index in range(1, len(m.bands)):
            near, far = m.bands[band_index - 1], m.bands[band_index]
            where: DataPath = (*path, "bands", band_index)
            if RANGE_BANDS.index(far.band) <= RANGE_BANDS.index(near.band):
                errors.append(
                    doc.error(
                        (*where, "band"),
                        f"band {far.band!r} after {near.band!r}: bands go {', '.join(RANGE_BANDS)}, each once",
                    )
                )
            if far.max <= near.max:
                errors.append(
                    doc.error((*where, "max"), f"max {far.max} must be greater than the previous band's {near.max}")
                )
            if far.atn < near.atn:
                errors.append(
                    doc.error((*where, "atn"), f"atn {far.atn} is lower than the nearer band's {near.atn}")
                )
        missiles.setdefault(
            m.id,
            MissileWeapon(
                id=m.id,
                name=m.name,
                proficiency=m.proficiency,
                hands=m.hands,
                bands=tuple(RangeBand(b.band, b.max, b.atn) for b in m.bands),
                damage=m.damage,
                damage_type=m.damage_type,
                adds_strength=m.adds_strength,
                reload_ticks=m.reload_ticks,
                thrown=m.thrown,
                ammunition=m.ammunition,
                tags=frozenset(m.tags),
            ),
        )
    return missiles


# ---- proficiencies ------------------------------------------------------------------------------


def proficiency_ids(src: Loaded[ProficienciesFile]) -> frozenset[str]:
    return frozenset(p.id for p in src.model.proficiencies)


def allowed_maneuvers(
    listed: Collection[str], excluded: Collection[str], maneuvers: Mapping[str, Maneuver]
) -> frozenset[str]:
    """Expand a proficiency's lists: a node is allowed when, walking up from it, the first id met in
    `listed` or `excluded` is in `listed` (so an exclusion can carve a subtree out of a listed one
    and a listing can put a node back inside an excluded subtree)."""
    allowed: set[str] = set()
    for m in maneuvers.values():
        current: str | None = m.id
        while current is not None:
            if current in listed:
                allowed.add(m.id)
                break
            if current in excluded:
                break
            parent = maneuvers.get(current)
            current = parent.parent if parent is not None else None
    return frozenset(allowed)


def build_proficiencies(
    src: Loaded[ProficienciesFile],
    maneuvers: Mapping[str, Maneuver] | None,
    errors: list[ContentError],
) -> dict[str, Proficiency]:
    """`maneuvers` is None when the maneuver files failed to load (their ids are not checked)."""
    doc = src.doc
    known = proficiency_ids(src)
    result: dict[str, Proficiency] = {}
    for index, p in enumerate(src.model.proficiencies):
        path: DataPath = ("proficiencies", index)
        if p.id in result:
            continue  # reported by check_unique_ids
        if maneuvers is not None:
            for field in ("maneuvers", "excluding"):
                for item_index, item in enumerate(getattr(p, field)):
                    if item not in maneuvers:
                        errors.append(doc.error((*path, field, item_index), f"unknown maneuver {item!r}"))
                    elif field == "excluding" and item in p.maneuvers:
                        errors.append(doc.error((*path, field, item_index), f"{item!r} is also in maneuvers"))
            for field in ("costs", "costs_with_shield"):
                for item in getattr(p, field):
                    if item not in maneuvers:
                        errors.append(doc.error((*path, field, item), f"unknown maneuver {item!r}", key=True))
        for other in p.defaults:
            if other not in known:
                errors.append(doc.error((*path, "defaults", other), f"unknown proficiency {other!r}", key=True))
            elif other == p.id:
                errors.append(doc.error((*path, "defaults", other), "a proficiency cannot default to itself", key=True))
        allowed = (
            allowed_maneuvers(p.maneuvers, p.excluding, maneuvers) if maneuvers is not None else frozenset(p.maneuvers)
        )
        result[p.id] = Proficiency(
            id=p.id,
            name=p.name,
            maneuvers=allowed,
            costs=dict(p.costs),
            costs_with_shield=dict(p.costs_with_shield),
            defaults=dict(p.defaults),
            default_cap=p.default_cap,
        )
    return result


def fold_proficiency_costs(
    maneuvers: Mapping[str, Maneuver], proficiencies: Mapping[str, Proficiency]
) -> dict[str, Maneuver]:
    """Copy each proficiency's cost overrides into the maneuver's CostSpec, so `Maneuver.cost` alone
    answers "what does this cost for proficiency P". Proficiency entries win over a maneuver file's
    own `by_proficiency` / `with_shield` (they name the exact node)."""
    result = dict(maneuvers)
    for prof in proficiencies.values():
        for maneuver_id, cost in prof.costs.items():
            m = result.get(maneuver_id)
            if m is not None:
                table = {**m.cost.by_proficiency, prof.id: cost}
                result[maneuver_id] = dataclasses.replace(m, cost=dataclasses.replace(m.cost, by_proficiency=table))
        for maneuver_id, cost in prof.costs_with_shield.items():
            m = result.get(maneuver_id)
            if m is not None:
                table = {**m.cost.with_shield, prof.id: cost}
                result[maneuver_id] = dataclasses.replace(m, cost=dataclasses.replace(m.cost, with_shield=table))
    return result
