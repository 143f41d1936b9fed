"""Shared fixtures for the simulation tests: a content catalog that does not need the whole
rules content (maneuver trees, proficiency files) to load."""

from __future__ import annotations

from importlib.resources import files

import pytest

from rules.catalog import Catalog, HouseRules, Proficiency
from rules.content.build import Loaded, build_armour, build_shields, build_weapons
from rules.content.models import ArmourFile, ShieldsFile, WeaponsFile
from rules.content.yamlsource import read_document, validate

# The proficiency ids of content/proficiencies.yaml (docs/content-format.md).
PROFICIENCY_IDS = (
    "cut_and_thrust",
    "sword_and_shield",
    "rapier",
    "mass_weapon_shield",
    "longsword",
    "dagger",
    "polearm",
    "pugilism",
    "brawling",
)


def _stub_catalog() -> Catalog:
    """The shipped weapons, shields and armour with bare proficiencies (no maneuvers, no defaults)."""
    root = files("content")
    errors: list[object] = []

    def loaded(name: str, model: type) -> Loaded:  # type: ignore[type-arg]
        doc = read_document(root / name, name)
        return Loaded(validate(doc, model), doc)

    weapons = build_weapons(loaded("weapons.yaml", WeaponsFile), None, errors)  # type: ignore[arg-type]
    shields = build_shields(loaded("shields.yaml", ShieldsFile))
    armour = build_armour(loaded("armour.yaml", ArmourFile), None, errors)  # type: ignore[arg-type]
    assert not errors
    profs = {p: Proficiency(p, p, frozenset(), {}, {}, {}, 6) for p in PROFICIENCY_IDS}
    return Catalog(
        maneuvers={},
        weapons=weapons,
        shields=shields,
        armour=armour,
        proficiencies=profs,
        zones={},
        wounds={},
        house_rules=HouseRules(),
        content_hash="stub",
    )


@pytest.fixture(scope="session")
def stub_catalog() -> Catalog:
    return _stub_catalog()
