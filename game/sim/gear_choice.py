"""Which loot is worth having: the AI's (and the inventory screen's "better" mark's) view of gear.

`gear_score` weighs the `inventory.Numbers` a loadout gives (OUR OWN weights, documented below);
`upgrade` says whether equipping a carried item raises it; `worth_picking_up` whether an item on the
floor should be taken (consumables, coins, the relic and ammunition for a carried missile weapon
always, when they fit; gear when it would be an upgrade once equipped; a missile weapon when none is
carried and the wearer has its skill).

score = CP + 2 x (best damage - its ATN) - DTN + 1.5 x mean AV over the body regions + move points,
with an unarmed loadout's offence counted as -10. CP and move points already carry the shield and
encumbrance penalties, so heavy gear pays for itself only when its AV or damage is worth it.
"""

from __future__ import annotations

from collections.abc import Mapping

from game.sim.inventory import (
    REGIONS,
    Comparison,
    Inventory,
    Numbers,
    Refusal,
    Wearer,
    compare,
    equip,
    numbers,
    pick_up,
    unequip,
)
from game.sim.run_content import Item
from rules.catalog import Catalog
from rules.fighter import proficiency_level

UNARMED_OFFENCE = -10.0


def gear_score(n: Numbers) -> float:
    attacks = [(d, a) for d, a in ((n.damage_swing, n.atn_swing), (n.damage_thrust, n.atn_thrust))
               if d is not None and a is not None]
    offence = max((d - a for d, a in attacks), default=UNARMED_OFFENCE)
    armour = sum(n.av.values()) / len(REGIONS)
    return n.cp + 2 * offence - n.dtn + 1.5 * armour + n.move_points


def upgrade(
    inv: Inventory, item_id: str, wearer: Wearer, *, items: Mapping[str, Item], catalog: Catalog
) -> Comparison | None:
    """The comparison if equipping the carried `item_id` scores higher than now (making room in the
    off hand for a two-handed weapon when needed), else None."""
    item = items.get(item_id)
    if item is None or not item.equippable:
        return None
    if item.kind == "missile":  # the numbers are melee ones: a bow is worth it to a skilled, bowless hand
        skill = proficiency_level(wearer.proficiencies, catalog.missiles[item_id].proficiency, catalog)
        if inv.slot("missile") is not None or skill <= 0:
            return None
        after = equip(inv, item_id, items=items, catalog=catalog)
        if isinstance(after, Refusal):
            return None
        return Comparison(item_id, numbers(inv, wearer, items=items, catalog=catalog),
                          numbers(after, wearer, items=items, catalog=catalog), after)
    result = compare(inv, item_id, wearer, items=items, catalog=catalog)
    if isinstance(result, Refusal) and item.kind == "weapon" and catalog.weapons[item_id].hands >= 2:
        freed = inv
        for slot in ("shield", "off_weapon"):
            if freed.slot(slot) is not None:
                step = unequip(freed, slot, items=items)
                if isinstance(step, Refusal):
                    return None
                freed = step
        after = equip(freed, item_id, items=items, catalog=catalog)
        if isinstance(after, Refusal):
            return None
        result = Comparison(item_id, numbers(inv, wearer, items=items, catalog=catalog),
                            numbers(after, wearer, items=items, catalog=catalog), after)
    if isinstance(result, Refusal):
        return None
    return result if gear_score(result.after) > gear_score(result.before) else None


def worth_picking_up(
    inv: Inventory, item_id: str, count: int, wearer: Wearer, *, items: Mapping[str, Item], catalog: Catalog
) -> bool:
    item = items.get(item_id)
    if item is None:
        return False
    taken = pick_up(inv, item_id, count, items=items, attributes=wearer.attributes)
    if isinstance(taken, Refusal):
        return False
    if item.kind in ("consumable", "coins", "relic"):
        return True
    if item.kind == "ammunition":
        missile = inv.slot("missile")
        return missile is not None and catalog.missiles[missile].ammunition == item_id
    return upgrade(taken, item_id, wearer, items=items, catalog=catalog) is not None
