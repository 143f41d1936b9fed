"""Building a `GGBout`: fighters from `content/gold_glory_stats.yaml` stat lines on their squares."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from rules.gold_glory.grid import DIRS, Square
from rules.gold_glory.state import HANDS, HOUSE_RULES, GGBout, GGFighter
from rules.gold_glory.stats import CreatureModel, GGStats

ESCAPE_MARGIN = 6  # a bout with no map given: its edge is this far beyond the outermost fighter


@dataclass(frozen=True, slots=True)
class Entrant:
    """One fighter entering: id, name, side, stat line, square and facing, and his state."""

    id: str
    name: str
    side: str
    creature: str
    pos: Square
    facing: str = "N"
    hp: int | None = None
    prone: bool = False
    overrides: Mapping[str, Any] | None = None  # stat-line fields replaced for him
    hands: tuple[str, ...] | None = None  # items held (None: his stat line's weapon, unless natural)
    belt: tuple[str, ...] | None = None  # items at his belt (None: his stat line's `belt`)


def creature_id_for(stats: GGStats, fighter_id: str, name: str) -> str:
    """The stat line of a world fighter: his id, his id less a trailing number (`bandit_2`), or his name in
    snake case; ValueError naming him otherwise."""
    for candidate in (fighter_id, re.sub(r"[_\-]?\d+$", "", fighter_id), re.sub(r"\W+", "_", name.lower()).strip("_")):
        if candidate in stats.creatures:
            return candidate
    raise ValueError(f"no gold_and_glory stats for fighter {fighter_id!r} ({name}): "
                     "add a creature to content/gold_glory_stats.yaml")


def fighter(stats: GGStats, e: Entrant) -> GGFighter:
    base = stats.creatures.get(e.creature)
    if base is None:
        raise ValueError(f"unknown gold_and_glory creature {e.creature!r} for {e.id}")
    if e.facing not in DIRS:
        raise ValueError(f"{e.id}: facing {e.facing!r} is not one of {', '.join(DIRS)}")
    try:
        line = CreatureModel.model_validate({**base.model_dump(by_alias=True), **(e.overrides or {})})
    except ValidationError as exc:
        first = exc.errors()[0]
        raise ValueError(f"{e.id}: stats.{'.'.join(str(p) for p in first['loc'])}: {first['msg']}") from None
    weapon = stats.weapons.get(line.weapon)
    if weapon is None:
        raise ValueError(f"{e.id}: unknown weapon {line.weapon!r}")
    hands = list(e.hands) if e.hands is not None else ([] if weapon.natural else [weapon.id])
    belt = list(e.belt) if e.belt is not None else list(line.belt)
    for item in (*hands, *belt):
        if stats.item_kind(item) is None:
            raise ValueError(f"{e.id}: unknown item {item!r} (a weapon that is no natural one, or a potion)")
    if len(hands) > HANDS:
        raise ValueError(f"{e.id}: holds {len(hands)} items, at most {HANDS}")
    shield = stats.shields.get(line.shield) if line.shield is not None else None
    return GGFighter(e.id, e.name, e.side, line, stats.wielded(line, hands), shield, e.pos, e.facing,
                     line.hp if e.hp is None else e.hp, prone=e.prone, hands=hands, belt=belt)


def new_gg_bout(stats: GGStats, entrants: Iterable[Entrant], house: Iterable[str] = (),
                bounds: tuple[int, int, int, int] | None = None,
                terrain: Mapping[Square, int] | None = None) -> GGBout:
    """A bout at round 0 (its first `advance` begins round 1). With no `bounds`, the map's edge is
    `ESCAPE_MARGIN` squares beyond the outermost fighter."""
    fighters: dict[str, GGFighter] = {}
    for e in entrants:
        if e.id in fighters:
            raise ValueError(f"fighter id {e.id!r} appears twice")
        if any(f.pos == e.pos for f in fighters.values()):
            raise ValueError(f"{e.id}: square {e.pos} is taken")
        fighters[e.id] = fighter(stats, e)
    rules = frozenset(house)
    unknown = rules - HOUSE_RULES
    if unknown:
        raise ValueError(f"unknown house rule {sorted(unknown)[0]!r}: choose from {', '.join(sorted(HOUSE_RULES))}")
    if bounds is None and fighters:
        xs = [f.pos[0] for f in fighters.values()]
        ys = [f.pos[1] for f in fighters.values()]
        m = ESCAPE_MARGIN
        bounds = (min(xs) - m, min(ys) - m, max(xs) + m, max(ys) + m)
    return GGBout(stats, fighters, rules, bounds, dict(terrain or {}))
