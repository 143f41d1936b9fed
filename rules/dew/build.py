"""Building a `DewBout`: characters from `content/dew_stats.yaml` creatures, and the ranges between them."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

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
    derived: CreatureModel | None = None  # stats derived from a TRoS sheet (`derive_creature`), not looked up


def creature_id_for(stats: DewStats, fighter_id: str, name: str) -> str:
    """The stats entry for a world or bout fighter: his id, his id less a trailing number (`bandit_2`),
    or his name in snake case (`Bandit Chief` -> `bandit_chief`). ValueError naming him otherwise
    (`rules.dew.system.DewSequence.new_bout` then derives his stats from his sheet)."""
    for candidate in (fighter_id, re.sub(r"[_\-]?\d+$", "", fighter_id), re.sub(r"\W+", "_", name.lower()).strip("_")):
        if candidate in stats.creatures:
            return candidate
    raise ValueError(f"no dew_sequence stats for fighter {fighter_id!r} ({name}): "
                     "add a creature to content/dew_stats.yaml")


_AC = {"hide": 9, "leather_jerkin": 9, "gambeson": 8, "mail_hauberk": 6}
_ENC = {"gambeson": 3, "mail_hauberk": 6, "steel_cap": 1, "leather_bracers": 1, "leather_jerkin": 2, "hide": 0,
        "great_helm": 2, "mail_chausses": 3}
_SHIELD = {"buckler": (-1, 3), "small_shield": (-1, 2), "medium_shield": (-2, 1)}  # (ac_mod1 part, breakage)


def derive_creature(stats: DewStats, sheet: Any) -> CreatureModel:
    """Stats for a TRoS `FighterSheet` with no entry of its own, by the mapping that made the shipped
    entries (docs/systems/dew_sequence.md, "Creature stats"). A weapon without dew stats fights as a fist."""
    a = sheet.attributes
    armour = [p.id for p in sheet.armour]
    ac = min([_AC.get(x, 10) for x in armour] or [10])
    if "great_helm" in armour and "mail_chausses" in armour:
        ac -= 1
    shield = _SHIELD.get(sheet.shield.id) if sheet.shield is not None else None
    level = max([int(v) for v in sheet.proficiencies.values()] or [4])
    weapon = sheet.weapon.id if sheet.weapon is not None and sheet.weapon.id in stats.weapons else "fist"
    enc = sum(_ENC.get(x, 1) for x in armour)
    return CreatureModel(
        id="derived_" + re.sub(r"[^a-z0-9_]+", "_", sheet.id.lower()),
        el=max(0, level - 5), en=2 * (a.TO + a.EN), en_class=4 if a.EN >= 8 else 0 if a.TO + a.EN <= 8 else 2,
        bd=2 * a.TO + 2, st=2 * a.ST + 3, dx=2 * a.AG + 2, wt=2 * a.WT + 2, ac=ac,
        ac_mod1=-((a.AG - 4) // 2) + (shield[0] if shield else 0),
        ac_mod2=int(any(x in armour for x in ("steel_cap", "great_helm"))) + int("mail_hauberk" in armour),
        to_hit=22 - level, parry=level // 3, active_blows=1 + int(a.AG >= 6), reactive_blows=1 + int(level >= 7),
        move=a.AG + 2, recovery=(a.TO + a.EN) // 4, weapon=weapon, armour_enc=enc,
        unarmoured_ac=10 if ac < 10 else None, shield_mod=shield[0] if shield else 0,
        shield_breakage=shield[1] if shield else None,
    )


def fighter(stats: DewStats, e: Entrant) -> DewFighter:
    base = e.derived or stats.creatures.get(e.creature)
    if base is None:
        raise ValueError(f"unknown dew_sequence creature {e.creature!r} for {e.id}")
    try:
        creature = CreatureModel.model_validate({**base.model_dump(), **(e.overrides or {})})
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise ValueError(f"{e.id}: stats.{where}: {first['msg']}") from None
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
