"""What Combat basics needs to know of a character: dexterity and willpower (the initiative roll's
consistency and potential, document line 9), persuasion and insight (the intent-trigger dice
challenge, line 19) and the missile weapon he shoots (`content/missiles.yaml`; None: melee only).

`content/combat_basics_stats.yaml` gives them per creature id, validated with file:line:column errors
(`load_stats`); a fighter with no entry is mapped from his TRoS sheet (`from_sheet`:
docs/systems/combat_basics.md, "Creature stats").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from importlib.resources import files
from importlib.resources.abc import Traversable

from pydantic import BaseModel, ConfigDict, Field

from rules.content.errors import ContentError, ContentErrors
from rules.content.yamlsource import read_document, validate
from rules.fighter import FighterSheet

STATS_FILE = "combat_basics_stats.yaml"


class CbStats(BaseModel):
    """One character's stats in this system."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    dexterity: int = Field(default=5, ge=1, le=20)
    willpower: int = Field(default=5, ge=1, le=20)
    persuasion: int = Field(default=5, ge=0, le=20)
    insight: int = Field(default=5, ge=0, le=20)
    missile: str | None = None


class StatsFile(BaseModel):
    """`content/combat_basics_stats.yaml`."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    challenge_tn: int = Field(default=6, ge=2, le=10)  # the TN of a dice challenge's d10s
    creatures: dict[str, CbStats] = Field(default_factory=dict)


def from_sheet(sheet: FighterSheet, missile: str | None = None) -> CbStats:
    """The mapping from our attributes: dexterity = AG, willpower = WP, persuasion = WT (wits hide an
    intent), insight = PER."""
    a = sheet.attributes
    return CbStats(dexterity=a.AG, willpower=a.WP, persuasion=a.WT, insight=a.PER, missile=missile)


def load_stats(source: Traversable | str | None = None, *, known_creatures: Iterable[str] | None = None,
               known_missiles: Iterable[str] | None = None, display: str | None = None) -> StatsFile:
    """Read a stats file (default: the shipped one). `known_creatures` / `known_missiles`: the ids it
    may name. ContentErrors (file:line:column: field: message) on any problem."""
    item = source if source is not None else files("content").joinpath(STATS_FILE)
    doc = read_document(item, display if display is not None else (f"content/{STATS_FILE}" if source is None else None))
    model = validate(doc, StatsFile)
    errors: list[ContentError] = []
    if known_creatures is not None:
        allowed = set(known_creatures)
        errors += [doc.error(("creatures", cid), f"unknown creature {cid!r}", key=True)
                   for cid in model.creatures if cid not in allowed]
    if known_missiles is not None:
        missiles = set(known_missiles)
        errors += [doc.error(("creatures", cid, "missile"), f"unknown missile weapon {s.missile!r}")
                   for cid, s in model.creatures.items() if s.missile is not None and s.missile not in missiles]
    if errors:
        raise ContentErrors(errors)
    return model


@cache
def shipped_stats() -> StatsFile:
    """`content/combat_basics_stats.yaml`, loaded once (missile ids checked against the catalog)."""
    from rules.content.loader import default_catalog

    return load_stats(known_missiles=default_catalog().missiles)


def stats_for(fighter_id: str, creature: str | None, table: Mapping[str, CbStats]) -> CbStats | None:
    """A fighter's entry: by his creature id, else his id, else his id less a trailing number."""
    import re

    for key in (creature, fighter_id, re.sub(r"[_\-]?\d+$", "", fighter_id)):
        if key is not None and key in table:
            return table[key]
    return None
