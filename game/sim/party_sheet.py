"""What the inventory and character screens show of a party member in a run, read from the world state (the
view never imports `rules`; issue 10): his carried and equipped items, the pile at his feet, the
companions beside him, the rules' numbers now and with a carried item equipped instead (`gear_view`,
`comparison`); his attributes and proficiencies with the next step's cost, his unspent experience, whether
he stands at the stairs, and the maneuvers his proficiency allows now and opens next (`character_view`).

Everything here only reads; the screens send `Gear` and `Train` commands to change anything.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.sim.geometry import chebyshev
from game.sim.inventory import SLOTS, Numbers, Refusal, compare, encumbrance_of, numbers
from game.sim.run_actions import AT_THE_STAIRS, BESIDE, at_the_stairs
from game.sim.run_world import run_wearer
from game.sim.state import Actor, RunState, WorldState
from rules.fighter import ATTRIBUTE_NAMES, proficiency_level
from rules.progression import (
    MAX_ATTRIBUTE,
    MAX_PROFICIENCY,
    attribute_cost,
    maneuvers_at,
    maneuvers_opened,
    proficiency_cost,
)

SLOT_NAMES = {"weapon": "Main hand", "off_weapon": "Off hand", "shield": "Shield", "missile": "Missile",
              "body_under": "Body (under)", "body_over": "Body (over)", "head": "Head", "arms": "Arms",
              "legs": "Legs"}
ATTRIBUTE_TITLES = {"ST": "Strength", "AG": "Agility", "TO": "Toughness", "EN": "Endurance", "HT": "Health",
                    "WT": "Wits", "WP": "Willpower", "PER": "Perception"}


@dataclass(frozen=True, slots=True)
class ItemLine:
    """One item as a screen lists it: `where` is "equipped" (with its `slot`), "carried" or "floor"."""

    id: str
    name: str
    kind: str
    count: int
    where: str
    slot: str | None
    weight: float
    equippable: bool
    consumable: bool

    @property
    def label(self) -> str:
        many = f" x{self.count}" if self.count > 1 else ""
        return f"{SLOT_NAMES.get(self.slot or '', '')}: {self.name}" if self.where == "equipped" else \
            f"{self.name}{many}"


@dataclass(frozen=True, slots=True)
class GearView:
    actor: str
    name: str
    equipped: tuple[ItemLine, ...]
    carried: tuple[ItemLine, ...]
    floor: tuple[ItemLine, ...]
    numbers: Numbers
    beside: tuple[tuple[str, str], ...]  # (id, name) of the party members he can hand things to
    fighting: bool
    leader: bool

    @property
    def lines(self) -> tuple[ItemLine, ...]:
        return (*self.equipped, *self.carried, *self.floor)


def _run(state: WorldState) -> RunState:
    if state.run is None:
        raise ValueError("no run: nothing to show")
    return state.run


def party(state: WorldState) -> list[str]:
    """The party members on this depth who can handle their gear (the leader first)."""
    out = [a.id for a in state.actors.values() if a.party and a.alive]
    return sorted(out, key=lambda aid: (aid != state.leader, aid))


def _line(run: RunState, item_id: str, count: int, where: str, slot: str | None = None) -> ItemLine:
    item = run.content.items[item_id]
    return ItemLine(item_id, item.name, item.kind, count, where, slot, item.weight, item.equippable,
                    item.effect is not None)


def gear_view(state: WorldState, actor_id: str) -> GearView:
    run = _run(state)
    actor = state.actors[actor_id]
    inv = run.inventories[actor_id]
    wearer = run_wearer(run, actor)
    beside = tuple((a.id, a.name) for a in state.actors.values()
                   if a.party and a.alive and a.id != actor_id and chebyshev(a.pos, actor.pos) <= BESIDE)
    return GearView(
        actor_id, actor.name,
        tuple(_line(run, item, 1, "equipped", slot) for slot, item in inv.equipped),
        tuple(_line(run, item, n, "carried") for item, n in inv.carried),
        tuple(_line(run, item, n, "floor") for item, n in run.floor.get(actor.pos, ())),
        numbers(inv, wearer, items=run.content.items, catalog=state.catalog), beside,
        state.bout_of(actor_id) is not None, actor_id == state.leader,
    )


def comparison(state: WorldState, actor_id: str, item_id: str) -> list[tuple[str, str, str]] | str:
    """(label, now, with the item equipped) rows for a carried item, or why it cannot be equipped (one line)."""
    run = _run(state)
    actor = state.actors[actor_id]
    result = compare(run.inventories[actor_id], item_id, run_wearer(run, actor), items=run.content.items,
                     catalog=state.catalog)
    return result.reason if isinstance(result, Refusal) else result.rows()


def now_rows(view: GearView) -> list[tuple[str, str]]:
    """(label, value) of the numbers with what he has on now."""
    n = view.numbers

    def show(value: object) -> str:
        return "-" if value is None else f"{value:g}" if isinstance(value, float) else str(value)

    load_cp = f" ({n.cp + n.cp_load} - {n.cp_load} load)" if n.cp_load else ""
    out = [("Weapon", show(n.weapon)), ("CP", show(n.cp) + load_cp), ("ATN swing / thrust", f"{show(n.atn_swing)} / "
           f"{show(n.atn_thrust)}"), ("DTN", show(n.dtn)),
           ("Damage swing / thrust", f"{show(n.damage_swing)} / {show(n.damage_thrust)}")]
    out += [("AV head / torso / arms / legs", " / ".join(str(n.av[r]) for r in ("head", "torso", "arms", "legs")))]
    out += [("Load", f"{show(n.load)} ({n.encumbrance})"), ("Move points", show(n.move_points))]
    return out


# ---- the character screen ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Stat:
    """An attribute or a proficiency: its value, what the next step costs (None: at its highest)."""

    kind: str  # attribute | proficiency
    id: str
    name: str
    value: int
    cost: int | None
    rated: bool = True  # a proficiency rated on the sheet (else its level is a default)


@dataclass(frozen=True, slots=True)
class CharacterView:
    actor: str
    name: str
    experience: int
    at_stairs: bool
    fighting: bool
    attributes: tuple[Stat, ...]
    proficiencies: tuple[Stat, ...]
    fights_with: str  # the proficiency his weapon uses
    level: int
    maneuvers: tuple[str, ...]  # the maneuvers that proficiency allows at his level
    next_maneuvers: tuple[str, ...]  # what its next level opens
    ht: int
    pain: int
    blood_loss: int
    cp_max: int  # his CP rested on his feet now (pain and every penalty taken)
    cp_load: int  # of which his load's encumbrance takes (rules.encumbrance)
    encumbrance: str  # the load's level (unencumbered, light, ...)
    numbed: str  # the painkiller at work: how much pain, wearing off when ("" without one)

    @property
    def cp_line(self) -> str:
        """His CP before and after the load's penalty, in one line."""
        if not self.cp_load:
            return f"CP {self.cp_max} ({self.encumbrance})"
        return f"CP {self.cp_max}: {self.cp_max + self.cp_load} before the load's -{self.cp_load} ({self.encumbrance})"

    def can_buy(self, stat: Stat) -> bool:
        return self.at_stairs and not self.fighting and stat.cost is not None and stat.cost <= self.experience

    @property
    def where(self) -> str:
        if self.fighting:
            return "fighting: no time to train"
        if self.at_stairs:
            return "at the stairs: experience may be spent"
        return f"experience is spent at the stairs (within {AT_THE_STAIRS} squares)"


def character_view(state: WorldState, actor_id: str) -> CharacterView:
    run = _run(state)
    actor: Actor = state.actors[actor_id]
    wearer = run_wearer(run, actor)
    catalog = state.catalog
    values = {a: int(getattr(wearer.attributes, a)) for a in ATTRIBUTE_NAMES}
    attributes = tuple(Stat("attribute", a, ATTRIBUTE_TITLES[a], v, None if v >= MAX_ATTRIBUTE else attribute_cost(v))
                       for a, v in values.items())
    ratings = wearer.proficiencies
    sheet = actor.fighter.sheet
    shown = sorted(set(ratings) | ({sheet.proficiency} if sheet.proficiency else set()),
                   key=lambda p: (-proficiency_level(ratings, p, catalog), p))
    proficiencies = tuple(
        Stat("proficiency", p, catalog.proficiencies[p].name, level,
             None if level >= MAX_PROFICIENCY else proficiency_cost(level), p in ratings)
        for p in shown if p in catalog.proficiencies
        for level in (proficiency_level(ratings, p, catalog),))
    prof, level = sheet.proficiency, sheet.level
    now = tuple(m.name for m in maneuvers_at(catalog, prof, level)) if prof else ()
    opened = tuple(m.name for m in maneuvers_opened(catalog, prof, level, level + 1)) if prof else ()
    f = actor.fighter
    enc = encumbrance_of(run.inventories[actor_id], wearer, items=run.content.items, catalog=catalog)
    return CharacterView(
        actor_id, actor.name, run.experience.get(actor_id, 0), at_the_stairs(run, actor),
        state.bout_of(actor_id) is not None, attributes, proficiencies,
        catalog.proficiencies[prof].name if prof in catalog.proficiencies else "-", level, now, opened,
        f.ht, f.pain, f.blood_loss, f.rested_cp(), sheet.encumbrance_cp, enc.name,
        _numbed(run, actor_id, state.tick),
    )


def _numbed(run: RunState, actor_id: str, tick: int) -> str:
    doses = run.numbed.get(actor_id, ())
    if not doses:
        return ""
    eased = sum(w[4] for _t, numbed in doses for w in numbed)
    return f"painkiller: {eased} pain numbed, wears off in {doses[0][0] - tick} ticks" + (
        f" ({len(doses)} doses)" if len(doses) > 1 else "")


def opened_by(state: WorldState, proficiency: str, before: int, after: int) -> tuple[str, ...]:
    """The names of the maneuvers `proficiency` opens from level `before` to `after` (for the message)."""
    return tuple(m.name for m in maneuvers_opened(state.catalog, proficiency, before, after))


__all__ = ["SLOTS", "CharacterView", "GearView", "ItemLine", "Stat", "character_view", "comparison", "gear_view",
           "now_rows", "opened_by", "party"]
