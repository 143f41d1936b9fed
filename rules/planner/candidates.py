"""The declarations the planner weighs: a small, varied set read from the fighter's menu.

Always: the baseline's own choice and doing nothing. Then, from `rules.menu.build_menu`: attacks
(on the target, buying or stealing initiative, force-entering, a quick attack, attacking without
initiative, another foe under global initiative or by changing target) with the best two maneuvers
at several dice levels, other target zones and a greater attack; defences against each declared
attack at several dice levels; a defence plus a counter-attack without initiative; an attack plus a
preemptive defence with what is left; a full evasion (or fleeing) when attacked. Legality is settled
by committing each on a clone: a candidate the rules refuse is dropped.
"""

from __future__ import annotations

import math

from rules import ai
from rules.bout import (
    ATTACK,
    BUY_INITIATIVE,
    CHANGE_TARGET,
    CHANGE_TARGET_BUY,
    DEFEND,
    DEFEND_PREEMPTIVE,
    NO_INITIATIVE,
    QUICK_ATTACK,
    Action,
    Bout,
)
from rules.catalog import Catalog
from rules.dice import success_chance
from rules.menu import ActionOption, ManeuverOption, Menu, OpponentMenu, build_menu, option_terrain_dice

Declaration = tuple[Action, ...]

ATTACK_KINDS = (ATTACK, BUY_INITIATIVE, QUICK_ATTACK, NO_INITIATIVE, CHANGE_TARGET, CHANGE_TARGET_BUY)
# per zone part: how much a wound there matters (head and neck most, then the trunk, then limbs)
LOCATION_WORTH = {
    "upper_head": 3.0, "lower_head": 3.0, "face": 3.0, "neck": 3.0,
    "chest": 2.0, "ribs": 2.0, "side": 2.0, "upper_abdomen": 2.0, "lower_abdomen": 2.0, "groin": 2.0,
    "inner_thigh": 1.8, "shoulder": 1.4, "hip": 1.4,
}


def ranked(catalog: Catalog, options: tuple[ManeuverOption, ...], keep: int) -> list[ManeuverOption]:
    """The best `keep` simple options by the baseline's score (odds per die, content hint, cost)."""
    simple = [o for o in options if not o.parts]
    simple.sort(key=lambda o: (ai._score(catalog, o), o.maneuver), reverse=True)
    return simple[:keep]


def zone_order(bout: Bout, option: ManeuverOption, victim: str) -> list[str]:
    """The option's zones, best first for this victim (worth of the parts hit, minus his armour)."""
    if not option.zones:
        return []
    catalog = bout.catalog
    av = bout.fighters[victim].sheet.av

    def worth(zone: str, aim: int) -> float:
        z = catalog.zones[zone]
        parts = z.parts
        total = sum(n for _, n in parts) or 1
        score = sum(n * (LOCATION_WORTH.get(loc, 1.0) - 0.5 * av.get(loc, 0)) for loc, n in parts
                    if loc in catalog_locations(catalog))
        return score / total - 0.35 * aim

    return [z for z, _ in sorted(option.zones, key=lambda za: (-worth(za[0], za[1]), za[0]))]


def catalog_locations(catalog: Catalog) -> frozenset[str]:
    found = _LOCATIONS.get(id(catalog))
    if found is None or found[0] is not catalog:
        locs = frozenset(loc for z in catalog.zones.values() for loc, _ in z.parts if loc != "miss")
        found = _LOCATIONS[id(catalog)] = (catalog, locs)
    return found[1]


_LOCATIONS: dict[int, tuple[Catalog, frozenset[str]]] = {}


def _levels(low: int, high: int, fractions: tuple[float, ...]) -> list[int]:
    out: list[int] = []
    for f in fractions:
        d = max(low, min(high, round(high * f)))
        if d not in out:
            out.append(d)
    return out


class _Collector:
    """Unique declarations in one category, in the order they were thought of."""

    def __init__(self) -> None:
        self.items: list[Declaration] = []
        self.seen: set[Declaration] = set()

    def add(self, actions: Declaration | list[Action]) -> None:
        key = tuple(actions)
        if key not in self.seen:
            self.seen.add(key)
            self.items.append(key)


def interleave(groups: list[list[Declaration]], limit: int) -> list[Declaration]:
    """The groups' items taken in turn (the first of each group, then the second, ...), without
    repeats, at most `limit`: a short list still holds some of every kind."""
    out: list[Declaration] = []
    seen: set[Declaration] = set()
    depth = max((len(g) for g in groups), default=0)
    for k in range(depth):
        for g in groups:
            if k < len(g) and g[k] not in seen and len(out) < limit:
                seen.add(g[k])
                out.append(g[k])
    return out


def _attack_choices(bout: Bout, fid: str, menu: Menu) -> list[tuple[OpponentMenu, ActionOption]]:
    """Which attack actions to weigh: on the target and those who attack me, plus the most hurt
    other foe (global attack or change of target)."""
    out: list[tuple[OpponentMenu, ActionOption]] = []
    others: list[tuple[OpponentMenu, ActionOption]] = []
    for om in menu.opponents:
        for ao in om.actions:
            if ao.action not in ATTACK_KINDS:
                continue
            if om.is_target or om.attacking_you or ao.flavour == "force_enter":
                out.append((om, ao))
            else:
                others.append((om, ao))
    if others:
        fighters = bout.fighters

        def hurt(x: tuple[OpponentMenu, ActionOption]) -> tuple[int, int, str, str]:
            om, ao = x
            return (-fighters[om.opponent].pain, 0 if ao.action == ATTACK else 1, om.opponent, ao.action)

        out.extend(sorted(others, key=hurt)[:2])
    return out


def _attack(bout: Bout, ao: ActionOption, opponent: str, o: ManeuverOption, dice: int,
            zone: str | None, greater: int = 0) -> Action:
    if ao.flavour == "force_enter":
        terrain = ai.force_enter_terrain_dice(bout)
        return Action(ao.action, o.maneuver, opponent, max(o.dice_min, dice - terrain), zone, greater,
                      terrain_dice=terrain)
    return Action(ao.action, o.maneuver, opponent, dice, zone, greater)


def declaration_candidates(bout: Bout, fid: str, baseline: list[Action], limit: int = 28) -> list[Declaration]:
    """The declarations to weigh for fid now (the first is the baseline's, the second doing nothing),
    at most `limit`, taking main attacks, defences, combinations and variants in turn."""
    first = _Collector()
    first.add(baseline)
    first.add(())
    menu = build_menu(bout, fid)
    if menu.cp <= 0:
        return first.items
    catalog = bout.catalog
    exchange2 = bout.clock.exchange == 2
    main, variants, others = _Collector(), _Collector(), _Collector()
    attacks: list[Action] = []
    for om, ao in _attack_choices(bout, fid, menu):
        near = om.is_target or om.attacking_you or ao.flavour == "force_enter"
        for rank, o in enumerate(ranked(catalog, ao.maneuvers, 2)):
            fractions = (1.0, 0.75) if exchange2 else (1.0, 0.7, 0.5)
            levels = _levels(o.dice_min, o.dice_max, fractions if rank == 0 else fractions[:2])
            for dice in levels:
                a = _attack(bout, ao, om.opponent, o, dice, o.default_zone)
                attacks.append(a)
                (main if near and rank == 0 else variants if near else others).add([a])
            if rank == 0 and o.zones:
                top = levels[min(1, len(levels) - 1)]
                zones = dict(o.zones)
                for zone in zone_order(bout, o, om.opponent)[:2]:
                    aim = zones[zone] - zones.get(o.default_zone or "", 0)
                    if zone != o.default_zone and top - aim >= o.dice_min:
                        (variants if near else others).add([_attack(bout, ao, om.opponent, o, top - aim, zone)])
                if o.greater_allowed and bout.rules.greater_attack_max >= 1 and top - 1 >= o.dice_min:
                    (variants if near else others).add(
                        [_attack(bout, ao, om.opponent, o, top - 1, o.default_zone, 1)])
    defences, combos, evasions = _Collector(), _Collector(), _Collector()
    _defences(bout, fid, menu, defences, combos)
    _full_evasions(bout, menu, evasions)
    _attack_and_preempt(bout, fid, attacks, combos)
    groups = [main.items, defences.items, combos.items, evasions.items, variants.items, others.items]
    return interleave([first.items, *groups], limit)


def _want(bout: Bout, fid: str, attacker: str, o: ManeuverOption) -> int:
    need = ai._incoming_dice(bout, fid, attacker)
    p_att = success_chance(ai._incoming_tn(bout, fid, attacker))
    p_def = max(0.05, success_chance(o.tn))
    return math.ceil((need * p_att + 0.5) / p_def)


def _defences(bout: Bout, fid: str, menu: Menu, out: _Collector, combos: _Collector) -> None:
    incoming = [om for om in menu.opponents if om.attacking_you]
    if not incoming:
        return
    catalog = bout.catalog
    if len(incoming) == 1:
        om = incoming[0]
        defend = om.action(DEFEND)
        if defend is None:
            return
        for o in ranked(catalog, defend.maneuvers, 2):
            want = _want(bout, fid, om.opponent, o)
            for dice in sorted({want, want + 2, o.dice_max, max(o.dice_min, o.dice_max * 2 // 3)}):
                dice = max(o.dice_min, min(o.dice_max, dice))
                out.add([Action(DEFEND, o.maneuver, om.opponent, dice)])
            # defend, then strike back without initiative (or with, if offered) with the rest
            for dice in sorted({max(o.dice_min, min(o.dice_max, want)), max(o.dice_min, min(o.dice_max, want + 2))}):
                first = Action(DEFEND, o.maneuver, om.opponent, dice)
                _then_attack(bout, fid, first, combos)
        return
    # several attackers: share the pool among them at a few scales
    for scale in (0.6, 0.85, 1.0):
        chosen: list[Action] = []
        share = max(1, int(menu.cp * scale) // len(incoming))
        for om in incoming:
            current = build_menu(bout, fid, chosen, opponent=om.opponent, kinds=(DEFEND,))
            opp = current.opponent(om.opponent)
            defend = opp.action(DEFEND) if opp else None
            if defend is None:
                continue
            best = ranked(catalog, defend.maneuvers, 1)
            if not best:
                continue
            o = best[0]
            dice = max(o.dice_min, min(o.dice_max, share - o.cost))
            if dice >= o.dice_min and o.cost + dice <= current.cp:
                chosen.append(Action(DEFEND, o.maneuver, om.opponent, dice))
        if chosen:
            out.add(chosen)


def _full_evasions(bout: Bout, menu: Menu, out: _Collector) -> None:
    """A full evasion (one roll against every attacker; fleeing the bout is one too) with most or all
    of the pool, when someone attacks. Without room to evade (`ManeuverOption.terrain_tn`) the terrain
    dice are set aside first (`rules.menu.option_terrain_dice`) and the evasion takes the rest."""
    incoming = [om for om in menu.opponents if om.attacking_you]
    if not incoming:
        return
    defend = incoming[0].action(DEFEND)
    if defend is None:
        return
    catalog = bout.catalog
    full = [o for o in defend.maneuvers if not o.parts and catalog.maneuvers[o.maneuver].evasion == "full"]
    full.sort(key=lambda o: (catalog.maneuvers[o.maneuver].effects.leaves_bout, o.tn, o.maneuver))
    for o in full:
        terrain = option_terrain_dice(o)
        top = o.dice_max + (1 if terrain else 0) - terrain  # dice_max keeps one die for the roll already
        if top < o.dice_min:
            continue
        for dice in _levels(o.dice_min, top, (1.0, 0.6)):
            out.add([Action(DEFEND, o.maneuver, incoming[0].opponent, dice, terrain_dice=terrain)])


def _then_attack(bout: Bout, fid: str, first: Action, out: _Collector) -> None:
    menu = build_menu(bout, fid, [first])
    if menu.cp <= 0:
        return
    for om in menu.opponents:
        for kind in (ATTACK, NO_INITIATIVE):
            ao = om.action(kind)
            if ao is None:
                continue
            best = ranked(bout.catalog, ao.maneuvers, 1)
            if best:
                o = best[0]
                out.add([first, Action(kind, o.maneuver, om.opponent, o.dice_max, o.default_zone)])
                return


def _attack_and_preempt(bout: Bout, fid: str, attacks: list[Action], out: _Collector) -> None:
    """An attack, then a preemptive defence against its victim with the rest (unused dice come back)."""
    for a in attacks[:4]:
        if a.action != ATTACK or a.opponent is None:
            continue
        menu = build_menu(bout, fid, [a], opponent=a.opponent, kinds=(DEFEND_PREEMPTIVE,))
        om = menu.opponent(a.opponent)
        pre = om.action(DEFEND_PREEMPTIVE) if om else None
        if pre is None:
            continue
        best = ranked(bout.catalog, pre.maneuvers, 1)
        if best and best[0].dice_max >= best[0].dice_min:
            o = best[0]
            out.add([a, Action(DEFEND_PREEMPTIVE, o.maneuver, a.opponent, o.dice_max)])
