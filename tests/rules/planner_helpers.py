"""Seeded random bouts of 2 to 6 fighters on 2 to 4 sides, for the planner's tests."""

from __future__ import annotations

from rules.bout import Bout
from rules.catalog import Catalog
from rules.content import default_catalog, with_house_rules
from rules.dice import SeededStream
from rules.fighter import FighterSheet
from rules.league import random_build

INITIATIVE_MODELS = ("target", "target_plus_global", "red_white")


def random_bout(seed: int, fighters: int, sides: int, **house_rules: object) -> Bout:
    """`fighters` random builds dealt round-robin onto `sides` sides."""
    catalog: Catalog = default_catalog()
    if house_rules:
        catalog = with_house_rules(catalog, house_rules)
    stream = SeededStream(seed, "test:builds")
    sheets = [
        FighterSheet.build(catalog, id=f"f{k}", side=f"s{k % sides}", **random_build(catalog, stream))  # type: ignore[arg-type]
        for k in range(fighters)
    ]
    return Bout(catalog, sheets)
