"""Progression: experience from won fights and new depths, and what it buys, in a form that fits TRoS.

TRoS grows a character with points earned in play, spent between adventures: raising a proficiency
costs more the higher it already is, an attribute costs far more than a proficiency, and the
maneuvers a proficiency allows open as its level reaches each maneuver's `min level` (the maneuver
trees in `content/maneuvers`, read as `rules.menu` reads them). The numbers are OUR OWN (the research
found no public TRoS advancement table):

- a fallen foe gives (his proficiency level + his Reflex) / 2 experience, at least 1, shared evenly by
  the party members who fought (`fight_experience`); the first arrival on depth d gives 5 x (d - 1);
- the next proficiency level costs that level in experience (a rated 6 -> 7 costs 7); an unrated
  proficiency starts from the level its best default gives; at most `MAX_PROFICIENCY`;
- the next attribute point costs 3 x the new value (6 -> 7 costs 21); at most `MAX_ATTRIBUTE` (the
  human range of SPEC §4.1's attributes).

Everything is a pure function over immutable values: `Advancement` (experience, attributes,
proficiency ratings) in, a new `Advancement` or a one-line `Refused` out.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from rules.catalog import Catalog, Maneuver
from rules.fighter import ATTRIBUTE_NAMES, Attributes, FighterSheet, proficiency_level
from rules.menu import UNIVERSAL_GROUPS
from rules.refusal import Refused

MAX_PROFICIENCY = 15
MAX_ATTRIBUTE = 10
ATTRIBUTE_COST_FACTOR = 3
DEPTH_EXPERIENCE = 5


@dataclass(frozen=True, slots=True)
class Advancement:
    """A party member's growth: unspent experience and what it has bought so far."""

    experience: int
    attributes: Attributes
    proficiencies: Mapping[str, int]


# ---- experience ------------------------------------------------------------------------------------


def foe_experience(foe: FighterSheet) -> int:
    """What one fallen foe is worth."""
    return max(1, (foe.level + foe.attributes.reflex) // 2)


def fight_experience(fallen: Iterable[FighterSheet], fighters: Sequence[str]) -> dict[str, int]:
    """A won fight's experience, shared evenly by the party members who fought (`fighters`, in order;
    the remainder goes to the first ones)."""
    total = sum(foe_experience(f) for f in fallen)
    if not fighters or total <= 0:
        return {}
    share, rest = divmod(total, len(fighters))
    return {member: share + (1 if i < rest else 0) for i, member in enumerate(fighters)}


def depth_experience(depth: int) -> int:
    """Experience for the first arrival on `depth` (1 = the first depth: nothing)."""
    return DEPTH_EXPERIENCE * max(0, depth - 1)


def gain(adv: Advancement, amount: int) -> Advancement:
    if amount < 0:
        raise ValueError(f"experience is gained, not lost ({amount})")
    return replace(adv, experience=adv.experience + amount)


# ---- buying ----------------------------------------------------------------------------------------


def proficiency_cost(current: int) -> int:
    """Experience for the level after `current`."""
    return current + 1


def attribute_cost(current: int) -> int:
    """Experience for the point after `current`."""
    return ATTRIBUTE_COST_FACTOR * (current + 1)


def buy_proficiency(adv: Advancement, proficiency: str, catalog: Catalog) -> Advancement | Refused:
    """One level more in `proficiency` (from its rating, or from its best default when unrated)."""
    if proficiency not in catalog.proficiencies:
        return Refused(f"there is no proficiency {proficiency!r}")
    current = proficiency_level(adv.proficiencies, proficiency, catalog)
    if current >= MAX_PROFICIENCY:
        return Refused(f"{catalog.proficiencies[proficiency].name} is already at its highest, {MAX_PROFICIENCY}")
    cost = proficiency_cost(current)
    if adv.experience < cost:
        return Refused(f"{catalog.proficiencies[proficiency].name} {current + 1} costs {cost} experience; "
                       f"you have {adv.experience}")
    ratings = dict(adv.proficiencies)
    ratings[proficiency] = current + 1
    return Advancement(adv.experience - cost, adv.attributes, ratings)


def buy_attribute(adv: Advancement, attribute: str) -> Advancement | Refused:
    """One point more in `attribute` (ST, AG, TO, EN, HT, WT, WP, PER)."""
    if attribute not in ATTRIBUTE_NAMES:
        return Refused(f"there is no attribute {attribute!r}")
    current = int(getattr(adv.attributes, attribute))
    if current >= MAX_ATTRIBUTE:
        return Refused(f"{attribute} is already at its highest, {MAX_ATTRIBUTE}")
    cost = attribute_cost(current)
    if adv.experience < cost:
        return Refused(f"{attribute} {current + 1} costs {cost} experience; you have {adv.experience}")
    return Advancement(adv.experience - cost, replace(adv.attributes, **{attribute: current + 1}), adv.proficiencies)


# ---- maneuvers -------------------------------------------------------------------------------------


def _allowed(catalog: Catalog, proficiency: str, m: Maneuver, include_planned: bool) -> bool:
    if m.abstract or (m.status != "playable" and not include_planned):
        return False
    if m.group in UNIVERSAL_GROUPS:
        return True
    prof = catalog.proficiencies.get(proficiency)
    return prof is not None and m.id in prof.maneuvers


def maneuvers_at(
    catalog: Catalog, proficiency: str, level: int, *, include_planned: bool = False
) -> tuple[Maneuver, ...]:
    """The maneuvers `proficiency` allows at `level` (each one's `min level` reached), in menu order.
    Equipment may still rule some out in a bout (the menu checks the item, hand and weapon tags)."""
    return tuple(m for m in catalog.maneuvers.values()
                 if m.min_level <= level and _allowed(catalog, proficiency, m, include_planned))


def maneuvers_opened(
    catalog: Catalog, proficiency: str, before: int, after: int, *, include_planned: bool = False
) -> tuple[Maneuver, ...]:
    """The maneuvers that open when `proficiency` goes from level `before` to `after`."""
    return tuple(m for m in catalog.maneuvers.values()
                 if before < m.min_level <= after and _allowed(catalog, proficiency, m, include_planned))
