"""game.sim.gear_choice and game.sim.recruits: what the AI picks up and equips; who may join."""

from __future__ import annotations

from game.sim.creatures import default_creatures
from game.sim.gear_choice import gear_score, upgrade, worth_picking_up
from game.sim.geometry import Pos
from game.sim.inventory import Inventory, Refusal, Wearer, from_creature, numbers, pick_up
from game.sim.levels import Recruit
from game.sim.recruits import recruit
from game.sim.run_content import default_run_content
from rules.content import default_catalog

CATALOG = default_catalog()
ITEMS = default_run_content().items
CREATURES = default_creatures()
KNIGHT = CREATURES["player_fighter"]
WEARER = Wearer.from_template(KNIGHT, "hero")


def _carrying(inv: Inventory, wearer: Wearer, item: str) -> Inventory:
    result = pick_up(inv, item, 1, items=ITEMS, attributes=wearer.attributes)
    assert isinstance(result, Inventory)
    return result


def test_better_armour_is_an_upgrade_and_worse_weapons_are_not() -> None:
    inv = from_creature(KNIGHT, ITEMS)
    assert worth_picking_up(inv, "mail_hauberk", 1, WEARER, items=ITEMS, catalog=CATALOG)
    better = upgrade(_carrying(inv, WEARER, "mail_hauberk"), "mail_hauberk", WEARER, items=ITEMS, catalog=CATALOG)
    assert better is not None and better.after.av["torso"] > better.before.av["torso"]
    assert gear_score(better.after) > gear_score(better.before)
    for worse in ("club", "goblin_blade", "light_mace", "blunted_sword"):
        assert not worth_picking_up(inv, worse, 1, WEARER, items=ITEMS, catalog=CATALOG), worse
    assert upgrade(inv, "bandage", WEARER, items=ITEMS, catalog=CATALOG) is None


def test_a_two_handed_weapon_for_its_master() -> None:
    swordsman = Wearer("s", "Swordsman", "player", WEARER.attributes, {"longsword": 9, "dagger": 3})
    inv = Inventory(equipped=(("weapon", "dagger"), ("shield", "buckler")))
    carried = _carrying(inv, swordsman, "longsword")
    better = upgrade(carried, "longsword", swordsman, items=ITEMS, catalog=CATALOG)
    assert better is not None
    assert better.inventory.slot("weapon") == "longsword" and better.inventory.slot("shield") is None
    assert better.inventory.count("buckler") == 1 and better.inventory.count("dagger") == 1
    assert numbers(better.inventory, swordsman, items=ITEMS, catalog=CATALOG).level == 9


def test_consumables_coins_ammunition_and_bows() -> None:
    inv = from_creature(KNIGHT, ITEMS)
    assert worth_picking_up(inv, "bandage", 2, WEARER, items=ITEMS, catalog=CATALOG)
    assert worth_picking_up(inv, "coins", 30, WEARER, items=ITEMS, catalog=CATALOG)
    assert worth_picking_up(inv, "iron_crown", 1, WEARER, items=ITEMS, catalog=CATALOG)
    assert not worth_picking_up(inv, "bandage", 7, WEARER, items=ITEMS, catalog=CATALOG)  # more than a stack
    assert not worth_picking_up(inv, "arrows", 10, WEARER, items=ITEMS, catalog=CATALOG)  # no bow
    assert not worth_picking_up(inv, "short_bow", 1, WEARER, items=ITEMS, catalog=CATALOG)  # no skill
    assert not worth_picking_up(inv, "unobtainium", 1, WEARER, items=ITEMS, catalog=CATALOG)
    archer_t = CREATURES["companion_archer_melee"]
    archer = Wearer.from_template(archer_t, "a")
    bowman = from_creature(archer_t, ITEMS)
    assert worth_picking_up(bowman, "arrows", 10, archer, items=ITEMS, catalog=CATALOG)
    assert not worth_picking_up(bowman, "bolts", 10, archer, items=ITEMS, catalog=CATALOG)
    assert not worth_picking_up(bowman, "long_bow", 1, archer, items=ITEMS, catalog=CATALOG)  # has a bow
    spare = Inventory(equipped=(("weapon", "short_sword"),))
    assert worth_picking_up(spare, "long_bow", 1, archer, items=ITEMS, catalog=CATALOG)


def test_recruits() -> None:
    prisoner = Recruit("prisoner_militiaman", Pos(1, 1), "prisoner", 0)
    hireling = Recruit("hireling_sellsword", Pos(1, 1), "hireling", 60)
    assert recruit(prisoner, 2, 4, 0) == 0
    assert recruit(hireling, 2, 4, 75) == 15
    poor = recruit(hireling, 2, 4, 59, name="Sellsword")
    assert isinstance(poor, Refusal) and str(poor) == "Sellsword asks 60 coins; you have 59"
    full = recruit(prisoner, 4, 4, 100)
    assert isinstance(full, Refusal) and "party is full (4 of 4)" in full.reason
