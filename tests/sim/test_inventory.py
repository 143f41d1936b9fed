"""game.sim.inventory: pick up, drop, equip, unequip, compare, and the FighterSheet built from gear."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.sim.creatures import default_creatures
from game.sim.inventory import (
    SLOTS,
    Comparison,
    Inventory,
    Refusal,
    Wearer,
    compare,
    drop,
    equip,
    from_creature,
    numbers,
    pick_up,
    sheet,
    unequip,
)
from game.sim.run_content import Item, default_run_content
from rules.catalog import Catalog
from rules.content import default_catalog
from rules.fighter import FighterState

CATALOG: Catalog = default_catalog()
ITEMS: Mapping[str, Item] = default_run_content().items
KNIGHT = default_creatures()["player_fighter"]
WEARER = Wearer.from_template(KNIGHT, "hero")


def _ok(result: Inventory | Refusal) -> Inventory:
    assert isinstance(result, Inventory), str(result)
    return result


def _refused(result: object, words: str) -> None:
    assert isinstance(result, Refusal), result
    assert words in result.reason and "\n" not in result.reason


def test_a_creatures_gear_builds_the_same_sheet() -> None:
    for template in default_creatures().values():
        inv = from_creature(template, ITEMS)
        built = sheet(inv, Wearer.from_template(template, "x"), CATALOG)
        expected = template.sheet(CATALOG, "x")
        assert (built.weapon, built.shield, built.off_weapon) == (expected.weapon, expected.shield, expected.off_weapon)
        assert sorted(a.id for a in built.armour) == sorted(a.id for a in expected.armour)
        assert (built.av, built.level, built.proficiency) == (expected.av, expected.level, expected.proficiency)
    wolf = from_creature(default_creatures()["wolf"], ITEMS)
    assert wolf.everything() == () and wolf.innate_weapon == "wolf_bite" and wolf.innate_armour == ("hide",)


def test_knight_inventory_slots() -> None:
    inv = from_creature(KNIGHT, ITEMS, {"bandage": 2})
    assert dict(inv.equipped) == {"weapon": "arming_sword", "shield": "small_shield", "body_under": "gambeson",
                                  "head": "steel_cap", "arms": "leather_bracers"}
    assert [s for s, _ in inv.equipped] == [s for s in SLOTS if inv.slot(s)]
    assert inv.count("bandage") == 2
    assert inv.load(ITEMS) == pytest.approx(1.5 + 2 + 2 + 1 + 0.5 + 0.2)


def test_pick_up_and_equip_change_the_numbers_the_rules_use() -> None:
    inv = from_creature(KNIGHT, ITEMS)
    before = sheet(inv, WEARER, CATALOG)
    assert before.av.get("hip", 0) == 0 and before.av["chest"] == 2
    inv = _ok(pick_up(inv, "mail_hauberk", 1, items=ITEMS, attributes=WEARER.attributes))
    assert sheet(inv, WEARER, CATALOG) == before  # carried, not worn
    inv = _ok(equip(inv, "mail_hauberk", items=ITEMS, catalog=CATALOG))
    after = sheet(inv, WEARER, CATALOG)
    assert after.av["hip"] == 3 and after.av["chest"] == 3
    # a better weapon: the gladius's thrust (ATN 6, not the arming sword's 7) and the old sword in the pack
    inv = _ok(pick_up(inv, "gladius", 1, items=ITEMS, attributes=WEARER.attributes))
    inv = _ok(equip(inv, "gladius", items=ITEMS, catalog=CATALOG))
    assert sheet(inv, WEARER, CATALOG).weapon == CATALOG.weapons["gladius"]
    assert inv.count("arming_sword") == 1 and inv.count("gladius") == 0
    fighter = FighterState(sheet(inv, WEARER, CATALOG))
    assert fighter.sheet.proficiency == "sword_and_shield"


def test_hands() -> None:
    inv = _ok(pick_up(from_creature(KNIGHT, ITEMS), "spear", 1, items=ITEMS, attributes=WEARER.attributes))
    _refused(equip(inv, "spear", items=ITEMS, catalog=CATALOG), "two-handed Spear leaves no hand free for the Small")
    inv = _ok(unequip(inv, "shield", items=ITEMS))
    inv = _ok(equip(inv, "spear", items=ITEMS, catalog=CATALOG))
    assert inv.slot("weapon") == "spear" and inv.slot("shield") is None
    _refused(equip(inv, "small_shield", items=ITEMS, catalog=CATALOG), "two-handed Spear leaves no hand free")
    inv = _ok(pick_up(inv, "dagger", 1, items=ITEMS, attributes=WEARER.attributes))
    _refused(equip(inv, "dagger", items=ITEMS, catalog=CATALOG, hand="off_weapon"), "no hand free for the Dagger")
    inv = _ok(equip(inv, "arming_sword", items=ITEMS, catalog=CATALOG))  # the spear goes back to the pack
    _refused(equip(inv, "dagger", items=ITEMS, catalog=CATALOG, hand="head"), "goes in a hand")
    inv = _ok(equip(inv, "dagger", items=ITEMS, catalog=CATALOG, hand="off_weapon"))
    _refused(equip(inv, "small_shield", items=ITEMS, catalog=CATALOG), "off hand holds the Dagger")


def test_refusals_are_one_line() -> None:
    inv = from_creature(KNIGHT, ITEMS)
    attrs = WEARER.attributes
    _refused(pick_up(inv, "excalibur", 1, items=ITEMS, attributes=attrs), "no item 'excalibur'")
    _refused(pick_up(inv, "bandage", 0, items=ITEMS, attributes=attrs), "nothing to pick up")
    full = _ok(pick_up(inv, "bandage", 6, items=ITEMS, attributes=attrs))
    _refused(pick_up(full, "bandage", 1, items=ITEMS, attributes=attrs), "at most 6 Linen Bandage (6 carried)")
    spare = _ok(pick_up(inv, "dagger", 1, items=ITEMS, attributes=attrs))
    _refused(pick_up(spare, "dagger", 1, items=ITEMS, attributes=attrs), "already carry a spare Dagger")
    _refused(drop(inv, "arming_sword"), "equipped: unequip it first")
    _refused(drop(full, "bandage", 7), "carry 6 of bandage, not 7")
    _refused(drop(full, "bandage", 0), "nothing to drop")
    _refused(equip(inv, "mail_hauberk", items=ITEMS, catalog=CATALOG), "do not carry a Mail Hauberk")
    _refused(equip(full, "bandage", items=ITEMS, catalog=CATALOG), "Linen Bandage cannot be equipped")
    _refused(unequip(inv, "legs", items=ITEMS), "nothing is equipped as legs")
    # too heavy: CAR 12 for the knight, so at most 36 load points
    heavy = inv
    for item in ("mail_hauberk", "mail_chausses", "great_helm", "large_shield", "crossbow", "longsword", "spear"):
        heavy = _ok(pick_up(heavy, item, 1, items=ITEMS, attributes=attrs))
    for item in ("medium_shield", "light_mace", "hand_axe"):  # 29.5 + 3 + 1.5 + 1.5 = 35.5 of at most 36
        heavy = _ok(pick_up(heavy, item, 1, items=ITEMS, attributes=attrs))
    assert heavy.load(ITEMS) == pytest.approx(35.5)
    _refused(pick_up(heavy, "long_bow", 1, items=ITEMS, attributes=attrs), "load to 37 of at most 36")
    assert isinstance(pick_up(heavy, "mail_hauberk", 1, items=ITEMS, attributes=attrs), Refusal)


def test_drop_and_unequip() -> None:
    inv = _ok(pick_up(from_creature(KNIGHT, ITEMS), "bandage", 3, items=ITEMS, attributes=WEARER.attributes))
    inv = _ok(drop(inv, "bandage", 2))
    assert inv.count("bandage") == 1
    inv = _ok(drop(inv, "bandage", 1))
    assert inv.carried == ()
    inv = _ok(unequip(inv, "weapon", items=ITEMS))
    assert inv.slot("weapon") is None and inv.count("arming_sword") == 1
    assert sheet(inv, WEARER, CATALOG).weapon is None  # bare hands
    _refused(pick_up(inv, "arming_sword", 1, items=ITEMS, attributes=WEARER.attributes), "spare Arming Sword")


def test_encumbrance_changes_cp_and_move_points() -> None:
    inv = from_creature(KNIGHT, ITEMS)
    light = numbers(inv, WEARER, items=ITEMS, catalog=CATALOG)
    assert (light.encumbrance, light.move_points) == ("unencumbered", 6)
    fighter = FighterState(sheet(inv, WEARER, CATALOG))
    assert light.cp == fighter.max_cp() == 8 + 6  # sword and shield 8 + Reflex (6 + 6) // 2
    for item in ("mail_hauberk", "mail_chausses", "great_helm", "large_shield"):
        inv = _ok(pick_up(inv, item, 1, items=ITEMS, attributes=WEARER.attributes))
    for item in ("mail_hauberk", "mail_chausses", "great_helm", "large_shield"):
        inv = _ok(equip(inv, item, items=ITEMS, catalog=CATALOG))
    heavy = numbers(inv, WEARER, items=ITEMS, catalog=CATALOG)
    # worn 1.5 + 2 + 5 + 0.5 + 5 + 3 + 2.5, carried cap 1 + small shield 2: 22.5 on CAR 12: medium
    assert heavy.load == pytest.approx(22.5)
    assert heavy.encumbrance == "medium" and heavy.cp == light.cp - 2 and heavy.cp_load == 2
    # the rules take the load's penalty from the sheet: a fresh fighter's pool, and after a round's refresh
    loaded = FighterState(sheet(inv, WEARER, CATALOG, ITEMS))
    large = CATALOG.shields["large_shield"].cp_penalty
    assert loaded.sheet.encumbrance_cp == 2 and loaded.sheet.cp_penalty == 2 + large
    assert loaded.max_cp() == loaded.rested_cp() == heavy.cp
    assert FighterState(sheet(inv, WEARER, CATALOG)).max_cp() == heavy.cp + 2  # without the item table: no load
    assert heavy.move_points == 6 - (4 * 6 // 9) - 1  # MOB 4 scaled by 6 / Mobility 9, plus the large shield's 1
    assert heavy.av["legs"] == 3 and heavy.av["head"] == 5 and light.av["legs"] == 0


def test_compare_side_by_side() -> None:
    inv = _ok(pick_up(from_creature(KNIGHT, ITEMS), "light_mace", 1, items=ITEMS, attributes=WEARER.attributes))
    result = compare(inv, "light_mace", WEARER, items=ITEMS, catalog=CATALOG)
    assert isinstance(result, Comparison)
    sword, mace = CATALOG.weapons["arming_sword"], CATALOG.weapons["light_mace"]
    rows = {label: (now, then) for label, now, then in result.rows()}
    st = WEARER.attributes.ST
    assert rows["weapon"] == ("Arming Sword", "Light Mace")
    assert rows["ATN swing"] == (str(sword.atn_swing), str(mace.atn_swing))
    assert rows["damage swing"] == (str(st + (sword.damage_swing or 0)), str(st + (mace.damage_swing or 0)))
    assert rows["DTN"] == (str(min(sword.dtn, CATALOG.shields["small_shield"].dtn)),) * 2
    # the knight has no mass-weapon skill: his CP drops to what a default gives him
    mace_sheet = sheet(result.inventory, WEARER, CATALOG)
    assert rows["CP"] == ("14", str(FighterState(mace_sheet).max_cp()))
    assert rows["CP lost to load"] == ("0", "0")
    assert int(rows["CP"][1]) < 14
    assert [r[0] for r in result.rows()][-3:] == ["load", "encumbrance", "move points"]
    assert result.inventory == equip(inv, "light_mace", items=ITEMS, catalog=CATALOG)
    _refused(compare(inv, "bandage", WEARER, items=ITEMS, catalog=CATALOG), "do not carry")


OPS = st.lists(
    st.tuples(st.sampled_from(["pick", "drop", "equip", "unequip"]),
              st.sampled_from(["dagger", "spear", "small_shield", "mail_hauberk", "bandage", "arrows", "steel_cap"]),
              st.integers(1, 4), st.sampled_from(SLOTS)),
    max_size=25,
)


@settings(max_examples=60, deadline=None)
@given(OPS)
def test_no_item_is_ever_lost_or_made(ops: list[tuple[str, str, int, str]]) -> None:
    inv = from_creature(KNIGHT, ITEMS)
    expected = Counter(dict(inv.everything()))
    for op, item, count, slot in ops:
        if op == "pick":
            result = pick_up(inv, item, count, items=ITEMS, attributes=WEARER.attributes)
        elif op == "drop":
            result = drop(inv, item, count)
        elif op == "equip":
            result = equip(inv, item, items=ITEMS, catalog=CATALOG)
        else:
            result = unequip(inv, slot, items=ITEMS)
        if isinstance(result, Refusal):
            continue
        if op == "pick":
            expected[item] += count
        elif op == "drop":
            expected[item] -= count
        inv = result
        have = Counter[str]()
        for i, n in inv.everything():
            have[i] += n
        assert +have == +expected
        assert all(n > 0 for _, n in inv.carried)
        assert all(inv.count(i) <= ITEMS[i].stack for i, _ in inv.carried)
        sheet(inv, WEARER, CATALOG)  # always a legal sheet
