"""Building a `DewBout`: characters from `content/dew_stats.yaml` creatures, and the ranges between them."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from rules.dew.state import MAX_RANGE, DewBout, DewFighter, clamp_range, pair
from rules.dew.stats import CreatureModel, DewStats

DEFAULT_RANGE = 4  # characters not given a range start out of reach of each other


@dataclass(frozen=True, slots=True)
class Entrant:
    """One character entering a bout: his id, name, side, the creature whose stats he has, his state."""

    id: str
    name: str
    side: str
    creature: str
    alert: bool = True
    fallen: bool = False
    en: int | None = None
    unconscious: bool = False
    overrides: Mapping[str, object] | None = None  # stat fields replaced for this character


def creature_id_for(stats: DewStats, fighter_id: str, name: str) -> str:
    """The stats entry for a world or bout fighter: his id, his id less a trailing number (`bandit_2`),
    or his name in snake case (`Bandit Chief` -> `bandit_chief`). ValueError naming him otherwise."""
    for candidate in (fighter_id, re.sub(r"[_\-]?\d+$", "", fighter_id), re.sub(r"\W+", "_", name.lower()).strip("_")):
        if candidate in stats.creatures:
            return candidate
    raise ValueError(f"no dew_sequence stats for fighter {fighter_id!r} ({name}): "
                     "add a creature to content/dew_stats.yaml")


def fighter(stats: DewStats, e: Entrant) -> DewFighter:
    base = stats.creatures.get(e.creature)
    if base is None:
        raise ValueError(f"unknown dew_sequence creature {e.creature!r} for {e.id}")
    creature = CreatureModel.model_validate({**base.model_dump(), **(e.overrides or {})})
    return DewFighter(
        id=e.id, name=e.name, side=e.side, stats=creature, en=creature.en if e.en is None else e.en, bd=creature.bd,
        weapon=creature.weapon, sheathed=list(creature.sheathed), armour_enc=creature.armour_enc,
        armour_worn=creature.armour_worn, shield=creature.shield_breakage is not None,
        alert=e.alert and not e.unconscious, fallen=e.fallen or e.unconscious, unconscious=e.unconscious,
    )


def new_dew_bout(stats: DewStats, entrants: Iterable[Entrant],
                 ranges: Mapping[tuple[str, str], int] | None = None) -> DewBout:
    """A bout at round 0 (its first `advance` begins round 1). Ranges left out are `DEFAULT_RANGE`."""
    fighters: dict[str, DewFighter] = {}
    for e in entrants:
        if e.id in fighters:
            raise ValueError(f"fighter id {e.id!r} appears twice")
        fighters[e.id] = fighter(stats, e)
    table: dict[tuple[str, str], int] = {}
    ids = sorted(fighters)
    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            table[pair(a, b)] = DEFAULT_RANGE
    for (a, b), value in (ranges or {}).items():
        if a not in fighters or b not in fighters or a == b:
            raise ValueError(f"a range between unknown fighters {a!r} and {b!r}")
        if not 1 <= value <= MAX_RANGE:
            raise ValueError(f"range {a}-{b} is {value}: ranges are 1 to {MAX_RANGE}")
        table[pair(a, b)] = clamp_range(value)
    return DewBout(stats, fighters, table)
