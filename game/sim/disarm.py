"""A disarmed weapon on the map, and the sidearm drawn after it (issue 13 item 5).

A Disarm (the rules' `knock_check` of kind `disarm`, `rules.fold`) leaves the fighter weaponless, fighting
with his unarmed proficiency (`rules.fighter.disarmed`). In a run the weapon he held falls at his feet:
`disarm_drops` turns each such check into a `WeaponDisarmed` event (`WorldCore.rules_events` emits them),
folded here: the item leaves his hand and his inventory and lies on the floor, where the run's pick-up
(`game.sim.run_director`) finds it like any other floor item. Outside a run there is no floor: the weapon is
simply gone for the fight.

A disarmed fighter who carries another weapon draws it at his bout's next footwork step (`s0`) instead of
stepping ("draws a sidearm": the draw is his footwork, so he stands still), the AI's and the leader's alike
(`draw_sidearms`, `WeaponDrawn`): the first carried weapon his hands allow, in pick-up order. His CP stay; his
sheet (proficiency, menus) follows the new weapon.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from game.sim import events as ev
from game.sim.geometry import Pos
from game.sim.inventory import Inventory, equip, sheet
from game.sim.run_world import run_wearer
from game.sim.state import WorldState
from rules.catalog import Catalog
from rules.events import Event, KnockCheck


def disarm_drops(state: WorldState, events: Sequence[Event]) -> list[ev.WeaponDisarmed]:
    """The weapons that fall to the floor for the rules' `events` (a run's only: there is no floor else)."""
    run = state.run
    if run is None:
        return []
    out: list[ev.WeaponDisarmed] = []
    for e in events:
        if isinstance(e, KnockCheck) and e.kind == "disarm" and e.failed:
            inv = run.inventories.get(e.fighter)
            item = inv.slot("weapon") if inv is not None else None
            if item is not None:  # a natural weapon is never disarmed (rules.exchange)
                pos = state.actors[e.fighter].pos
                out.append(ev.WeaponDisarmed(e.fighter, (pos.x, pos.y), item))
    return out


def fold_disarmed(state: WorldState, actor_id: str, at: tuple[int, int], item: str) -> None:
    run = state.run
    if run is None:
        raise ValueError("a weapon falls to a run's floor only")
    inv = run.inventories[actor_id]
    if inv.slot("weapon") != item:
        raise ValueError(f"{actor_id} holds no {item} to be disarmed of")
    run.inventories[actor_id] = replace(inv, equipped=tuple((s, i) for s, i in inv.equipped if s != "weapon"))
    pos = Pos(*at)
    pile = dict(run.floor.get(pos, ()))
    pile[item] = pile.get(item, 0) + 1
    run.floor[pos] = tuple(pile.items())


def sidearm(inv: Inventory, catalog: Catalog, state: WorldState) -> tuple[str, Inventory] | None:
    """The first carried weapon he can draw into his empty main hand, and his inventory with it drawn."""
    run = state.run
    assert run is not None
    items = run.content.items
    for item, _ in inv.carried:
        if items[item].kind != "weapon" or item not in catalog.weapons:
            continue
        drawn = equip(inv, item, items=items, catalog=catalog)
        if isinstance(drawn, Inventory):
            return item, drawn
    return None


def draw_sidearms(state: WorldState) -> list[ev.WeaponDrawn]:
    """Who draws a sidearm this tick: a disarmed fighter (no weapon in hand, his own inventory) in a bout at
    its footwork step who carries a weapon."""
    run = state.run
    if run is None:
        return []
    out: list[ev.WeaponDrawn] = []
    for aid in sorted(state.membership):
        actor = state.actors[aid]
        bout = state.bout_of(aid)
        inv = run.inventories.get(aid)
        if (bout is None or inv is None or not actor.alive or actor.fighter.sheet.weapon is not None
                or inv.slot("weapon") is not None or not state.system.footwork(bout.rules)):
            continue
        found = sidearm(inv, state.catalog, state)
        if found is not None:
            out.append(ev.WeaponDrawn(aid, found[0]))
    return out


def fold_drawn(state: WorldState, actor_id: str, item: str) -> None:
    run = state.run
    if run is None:
        raise ValueError("only a run's fighters carry sidearms")
    found = sidearm(run.inventories[actor_id], state.catalog, state)
    if found is None or found[0] != item:
        raise ValueError(f"{actor_id} cannot draw the {item}")
    actor = state.actors[actor_id]
    run.inventories[actor_id] = found[1]
    fighter = actor.fighter
    cp = fighter.cp
    fighter.sheet = replace(sheet(found[1], run_wearer(run, actor), state.catalog, run.content.items),
                            encumbrance_cp=fighter.sheet.encumbrance_cp)
    fighter.cp = cp  # drawing costs his footwork, not his pool
