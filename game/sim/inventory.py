"""A fighter's inventory: what he carries and what he has equipped, as an immutable value.

`pick_up`, `drop`, `equip` and `unequip` are pure: each returns the new `Inventory`, or a `Refusal`
whose `reason` is one line for the player. `numbers` gives what the rules will use with an inventory
(CP, TNs, damage, AV by body region, load, encumbrance, move points), all from the catalog's real
values through `rules.fighter.FighterSheet.build` and `rules.encumbrance`; `compare` puts those numbers
with and without a candidate item side by side; `sheet` builds the `FighterSheet` a bout fights with.

Slots: main hand (`weapon`), off hand (`off_weapon` or `shield`, never both), a missile weapon
(`missile`, slung on the back: it takes no hand until it shoots), and one armour piece per armour slot
of `content/items.yaml` (body_under, body_over, head, arms, legs). A two-handed main weapon leaves the
off hand empty. Natural weapons and hides are no items: they stay with the creature (`innate_*`),
are used when nothing else is equipped, and never drop.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Literal, get_args

from game.sim.creatures import CreatureTemplate
from game.sim.run_content import ArmourSlot, Item
from rules.catalog import Catalog
from rules.encumbrance import MAX_LOAD_FACTOR, Encumbrance, can_carry, capacity, encumbrance
from rules.fighter import Attributes, FighterSheet, FighterState

HandSlot = Literal["weapon", "off_weapon", "shield", "missile"]
Slot = HandSlot | ArmourSlot
SLOTS: tuple[str, ...] = (*get_args(HandSlot), *get_args(ArmourSlot))
REGIONS: Mapping[str, tuple[str, ...]] = {
    "head": ("upper_head", "lower_head", "face", "neck"),
    "torso": ("chest", "ribs", "upper_abdomen", "lower_abdomen", "side", "shoulder", "hip", "groin"),
    "arms": ("upper_arm", "elbow", "forearm", "hand"),
    "legs": ("thigh", "inner_thigh", "knee", "shin", "foot"),
}


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why an inventory change cannot be made (one line)."""

    reason: str

    def __str__(self) -> str:
        return self.reason


@dataclass(frozen=True, slots=True)
class Wearer:
    """Who carries the inventory: what the rules need besides the gear."""

    id: str
    name: str
    side: str
    attributes: Attributes
    proficiencies: Mapping[str, int]
    move_points: int = 6

    @classmethod
    def from_template(cls, template: CreatureTemplate, actor_id: str) -> Wearer:
        return cls(actor_id, template.name, template.faction, template.attributes.to_attributes(),
                   dict(template.proficiencies), template.move_points)


@dataclass(frozen=True, slots=True)
class Inventory:
    """Carried items (not equipped ones) as (item id, count) in pick-up order; equipped items as
    (slot, item id) in `SLOTS` order; natural gear as `innate_*`."""

    carried: tuple[tuple[str, int], ...] = ()
    equipped: tuple[tuple[str, str], ...] = ()
    innate_weapon: str | None = None
    innate_armour: tuple[str, ...] = ()

    def count(self, item: str) -> int:
        """How many of `item` are carried (equipped ones not counted)."""
        return sum(n for i, n in self.carried if i == item)

    def slot(self, slot: str) -> str | None:
        return dict(self.equipped).get(slot)

    def everything(self) -> tuple[tuple[str, int], ...]:
        """Every item, equipped first then carried: what drops where its owner falls."""
        return (*((item, 1) for _, item in self.equipped), *self.carried)

    def load(self, items: Mapping[str, Item]) -> float:
        return round(sum(items[i].weight * n for i, n in self.everything()), 6)


def from_creature(
    template: CreatureTemplate, items: Mapping[str, Item], extra: Mapping[str, int] | None = None
) -> Inventory:
    """A creature's starting inventory: its gear equipped (natural gear innate), plus `extra` carried
    (e.g. ammunition for its missile weapon)."""
    equipped: dict[str, str] = {}
    innate_weapon: str | None = None
    innate_armour: list[str] = []
    for slot, gear in (("weapon", template.weapon), ("off_weapon", template.off_weapon),
                       ("shield", template.shield), ("missile", template.missile)):
        if gear is None:
            continue
        if gear in items:
            equipped[slot] = gear
        elif slot == "weapon":
            innate_weapon = gear
    for piece in template.armour:
        item = items.get(piece)
        if item is None or item.slot is None or item.slot in equipped:
            innate_armour.append(piece)
        else:
            equipped[item.slot] = piece
    carried = tuple((i, n) for i, n in (extra or {}).items() if n > 0)
    return Inventory(carried, _ordered(equipped), innate_weapon, tuple(innate_armour))


def _ordered(equipped: Mapping[str, str]) -> tuple[tuple[str, str], ...]:
    return tuple((slot, equipped[slot]) for slot in SLOTS if slot in equipped)


def _add(carried: tuple[tuple[str, int], ...], item: str, count: int) -> tuple[tuple[str, int], ...]:
    if any(i == item for i, _ in carried):
        return tuple((i, n + count if i == item else n) for i, n in carried)
    return (*carried, (item, count))


def _remove(carried: tuple[tuple[str, int], ...], item: str, count: int) -> tuple[tuple[str, int], ...]:
    return tuple((i, n - count if i == item else n) for i, n in carried if not (i == item and n == count))


def pick_up(
    inv: Inventory, item_id: str, count: int, *, items: Mapping[str, Item], attributes: Attributes
) -> Inventory | Refusal:
    """Carry `count` more of `item_id`: refused past the item's stack limit or when the load would pass
    `rules.encumbrance.MAX_LOAD_FACTOR` x CAR."""
    item = items.get(item_id)
    if item is None:
        return Refusal(f"there is no item {item_id!r}")
    if count < 1:
        return Refusal(f"nothing to pick up ({count} {item.name})")
    if inv.count(item_id) + count > item.stack:
        if item.stack == 1:
            return Refusal(f"you already carry a spare {item.name}")
        return Refusal(f"you can carry at most {item.stack} {item.name} ({inv.count(item_id)} carried)")
    load = inv.load(items) + item.weight * count
    if not can_carry(load, attributes):
        limit = MAX_LOAD_FACTOR * capacity(attributes)
        return Refusal(f"too heavy: the {item.name} would bring your load to {load:g} of at most {limit:g}")
    return replace(inv, carried=_add(inv.carried, item_id, count))


def drop(inv: Inventory, item_id: str, count: int = 1) -> Inventory | Refusal:
    """Put down `count` of a carried item (an equipped one must be unequipped first)."""
    have = inv.count(item_id)
    if count < 1:
        return Refusal(f"nothing to drop ({count})")
    if have < count:
        if any(i == item_id for _, i in inv.equipped):
            return Refusal(f"the {item_id.replace('_', ' ')} is equipped: unequip it first")
        return Refusal(f"you carry {have} of {item_id.replace('_', ' ')}, not {count}")
    return replace(inv, carried=_remove(inv.carried, item_id, count))


def _target_slot(item: Item, hand: str | None) -> str | Refusal:
    if item.kind == "weapon":
        if hand not in (None, "weapon", "off_weapon"):
            return Refusal(f"a weapon goes in a hand, not {hand!r}")
        return hand or "weapon"
    if item.kind == "shield":
        return "shield"
    if item.kind == "missile":
        return "missile"
    if item.kind == "armour" and item.slot is not None:
        return item.slot
    return Refusal(f"the {item.name} cannot be equipped")


def equip(
    inv: Inventory, item_id: str, *, items: Mapping[str, Item], catalog: Catalog, hand: str | None = None
) -> Inventory | Refusal:
    """Equip a carried item; what was in its slot goes back to the pack. `hand` may be `off_weapon`
    for a weapon in the off hand."""
    item = items.get(item_id)
    if item is None:
        return Refusal(f"there is no item {item_id!r}")
    if inv.count(item_id) < 1:
        return Refusal(f"you do not carry a {item.name}")
    slot = _target_slot(item, hand)
    if isinstance(slot, Refusal):
        return slot
    equipped = dict(inv.equipped)
    refusal = _hands_refusal(equipped, slot, item, catalog, items)
    if refusal is not None:
        return refusal
    carried = _remove(inv.carried, item_id, 1)
    previous = equipped.get(slot)
    if previous is not None:
        carried = _add(carried, previous, 1)
    equipped[slot] = item_id
    return replace(inv, carried=carried, equipped=_ordered(equipped))


def _hands_refusal(
    equipped: Mapping[str, str], slot: str, item: Item, catalog: Catalog, items: Mapping[str, Item]
) -> Refusal | None:
    main = equipped.get("weapon")
    if slot == "weapon" and catalog.weapons[item.id].hands >= 2:
        for other in ("shield", "off_weapon"):
            if other in equipped:
                held = items[equipped[other]].name
                return Refusal(f"the two-handed {item.name} leaves no hand free for the {held}")
    if slot in ("shield", "off_weapon"):
        if main is not None and catalog.weapons[main].hands >= 2:
            return Refusal(f"the two-handed {items[main].name} leaves no hand free for the {item.name}")
        other = "off_weapon" if slot == "shield" else "shield"
        if other in equipped:
            return Refusal(f"your off hand holds the {items[equipped[other]].name}: unequip it first")
    return None


def unequip(inv: Inventory, slot: str, *, items: Mapping[str, Item]) -> Inventory | Refusal:
    """Put the item of `slot` back in the pack (its stack limit still holds)."""
    equipped = dict(inv.equipped)
    item_id = equipped.pop(slot, None)
    if item_id is None:
        return Refusal(f"nothing is equipped as {slot.replace('_', ' ')}")
    item = items[item_id]
    if inv.count(item_id) + 1 > item.stack:
        return Refusal(f"you already carry a spare {item.name}: drop one first")
    return replace(inv, carried=_add(inv.carried, item_id, 1), equipped=_ordered(equipped))


def sheet(inv: Inventory, wearer: Wearer, catalog: Catalog, items: Mapping[str, Item] | None = None) -> FighterSheet:
    """The `FighterSheet` of `wearer` fighting with what `inv` has equipped; with `items` (the item
    table) his load's encumbrance CP penalty is on it too (`FighterSheet.encumbrance_cp`)."""
    weapon = inv.slot("weapon") or inv.innate_weapon
    armour = [i for s, i in inv.equipped if s not in ("weapon", "off_weapon", "shield", "missile")]
    load_cp = 0 if items is None else encumbrance_of(inv, wearer, items=items, catalog=catalog).cp_penalty
    return FighterSheet.build(
        catalog, id=wearer.id, name=wearer.name, side=wearer.side, attributes=wearer.attributes,
        proficiencies=dict(wearer.proficiencies), weapon=weapon, shield=inv.slot("shield"),
        off_weapon=inv.slot("off_weapon"), armour=[*armour, *inv.innate_armour], encumbrance_cp=load_cp,
    )


@dataclass(frozen=True, slots=True)
class Numbers:
    """What the rules will use with one inventory (None: the weapon has no such attack)."""

    weapon: str | None
    proficiency: str
    level: int
    cp: int  # proficiency + Reflex - shield and encumbrance CP penalties
    cp_load: int  # of which the load's encumbrance penalty
    atn_swing: int | None
    atn_thrust: int | None
    dtn: int  # the better of the weapon's parry and the shield's block
    damage_swing: int | None  # ST + the weapon's swing bonus
    damage_thrust: int | None
    av: Mapping[str, int]  # the weakest spot's AV in each region of `REGIONS`
    load: float
    encumbrance: str
    move_points: int


def numbers(inv: Inventory, wearer: Wearer, *, items: Mapping[str, Item], catalog: Catalog) -> Numbers:
    fighter = sheet(inv, wearer, catalog, items)
    enc = encumbrance_of(inv, wearer, items=items, catalog=catalog)
    weapon = fighter.weapon
    st = wearer.attributes.ST
    fresh = FighterState(fighter)
    dtns = [d for d in (weapon.dtn if weapon else None, fighter.shield.dtn if fighter.shield else None) if d]
    return Numbers(
        weapon=weapon.name if weapon else None,
        proficiency=fighter.proficiency,
        level=fighter.level,
        cp=fresh.max_cp(),
        cp_load=enc.cp_penalty,
        atn_swing=weapon.atn_swing if weapon else None,
        atn_thrust=weapon.atn_thrust if weapon else None,
        dtn=min(dtns) if dtns else 10,
        damage_swing=st + weapon.damage_swing if weapon and weapon.damage_swing is not None else None,
        damage_thrust=st + weapon.damage_thrust if weapon and weapon.damage_thrust is not None else None,
        av={region: min(fighter.av.get(loc, 0) for loc in locs) for region, locs in REGIONS.items()},
        load=enc.load,
        encumbrance=enc.name,
        move_points=enc.move_points,
    )


def encumbrance_of(inv: Inventory, wearer: Wearer, *, items: Mapping[str, Item], catalog: Catalog) -> Encumbrance:
    shield = inv.slot("shield")
    shield_penalty = catalog.shields[shield].move_penalty if shield is not None else 0
    weights = [items[i].weight * n for i, n in inv.everything()]
    return encumbrance(weights, wearer.attributes, wearer.move_points, shield_penalty)


@dataclass(frozen=True, slots=True)
class Comparison:
    """The numbers now and with the candidate equipped, and the inventory that would give them."""

    item: str
    before: Numbers
    after: Numbers
    inventory: Inventory

    def rows(self) -> list[tuple[str, str, str]]:
        """(label, now, with the item) for every number that a screen shows, in a fixed order."""
        def show(value: object) -> str:
            return "-" if value is None else f"{value:g}" if isinstance(value, float) else str(value)

        b, a = self.before, self.after
        out = [("weapon", show(b.weapon), show(a.weapon)), ("CP", show(b.cp), show(a.cp)),
               ("CP lost to load", show(b.cp_load), show(a.cp_load)),
               ("ATN swing", show(b.atn_swing), show(a.atn_swing)),
               ("ATN thrust", show(b.atn_thrust), show(a.atn_thrust)), ("DTN", show(b.dtn), show(a.dtn)),
               ("damage swing", show(b.damage_swing), show(a.damage_swing)),
               ("damage thrust", show(b.damage_thrust), show(a.damage_thrust))]
        out += [(f"AV {region}", show(b.av[region]), show(a.av[region])) for region in REGIONS]
        out += [("load", show(b.load), show(a.load)), ("encumbrance", b.encumbrance, a.encumbrance),
                ("move points", show(b.move_points), show(a.move_points))]
        return out


def compare(
    inv: Inventory, item_id: str, wearer: Wearer, *, items: Mapping[str, Item], catalog: Catalog,
    hand: str | None = None,
) -> Comparison | Refusal:
    """The numbers with `inv` as it is and with the carried `item_id` equipped instead."""
    after = equip(inv, item_id, items=items, catalog=catalog, hand=hand)
    if isinstance(after, Refusal):
        return after
    return Comparison(item_id, numbers(inv, wearer, items=items, catalog=catalog),
                      numbers(after, wearer, items=items, catalog=catalog), after)
