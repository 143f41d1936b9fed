"""Odds of a candidate declaration, for the maneuver menu: chance to land, chance to be hit back, wounds.

`declaration_odds(bout, fid, action, pending)` answers for the choice the menu has highlighted (action
type, maneuver, dice, zone, opponent, greater) with exact dice maths, no sampling: success counts are
binomial (`rules.dice.success_chance`, rerolled tens above TN 10, the `negative_pool` house rule), the
margin of success is attack successes minus defence successes, the body part comes from the zone's d6
table, and the wound level is the one `rules.damage` computes (MoS + the blow's bonus - TO - AV, at most
5; a botched evasion adds its `botch_damage_bonus`). A force-enter must also pass its terrain roll.

What the fighter cannot know yet is assumed the way the baseline AI (`rules.ai`) decides, and each
assumption is returned in words. It uses only what the fighter may see: declared foes through
`rules.bout.visible_declaration` (their maneuver's TN is read off their visible equipment), foes still
to declare by their shown orientation, target and initiative:
- a foe who will attack his target (he may: not Defensive, initiative over his target, held, contested
  or free) does not defend; one who attacks the fighter swings his best attack with the baseline's
  budget (all his CP in exchange 2, two thirds in exchange 1);
- a foe who will not attack defends with his best defence and the dice the baseline would put in
  (enough to beat the expected successes by half a success), an Aggressive one cannot defend at all.

Who strikes first, shock stripping dice from later attacks and a defence shared by several attacks are
not modelled: `hit_back` is the chance that at least one blow on the fighter lands as rolled.
Pure functions of the bout; nothing here mutates it or draws from any stream.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

from rules.bout import (
    AGGRESSIVE,
    ATTACK_ACTIONS,
    BUY_INITIATIVE,
    DEFENCE_ACTIONS,
    DEFENSIVE,
    Action,
    Bout,
    SeenAction,
    visible_declaration,
)
from rules.catalog import Maneuver
from rules.costs import maneuver_tn
from rules.damage import MAX_LEVEL, blow_for
from rules.dice import effective_pool, success_chance
from rules.fighter import FighterSheet
from rules.menu import ManeuverOption, available_actions, kit_for

UNKNOWN_TN = 7  # a maneuver whose TN cannot be read off the foe's equipment
ATTACK_GROUPS = ("regular_attack", "misc_attack", "unarmed")
DEFENCE_GROUPS = ("regular_defense", "evasion")


@dataclass(frozen=True, slots=True)
class Odds:
    """The odds of one candidate declaration item (all chances in 0..1)."""

    land: float | None  # the fighter's blow lands (hits the body); None when the action is not an attack
    wound_chance: float  # it lands and wounds (level 1 or worse)
    wound: float  # expected wound level dealt (misses and glancing blows count 0)
    hit_back: float  # at least one blow on the fighter lands this exchange
    wound_taken: float  # expected wound levels taken, summed over those blows
    assumptions: tuple[str, ...]  # plain words on what was assumed about foes who have not declared


@dataclass(frozen=True, slots=True)
class _Blow:
    attacker: str
    defender: str
    maneuver: Maneuver
    dice: int
    tn: int
    zone: str | None
    hand: str
    greater: int = 0
    terrain: tuple[int, int] | None = None  # force-enter: (dice, TN) of the terrain roll


@dataclass(frozen=True, slots=True)
class _Guard:
    maneuver: Maneuver
    dice: int
    tn: int


@dataclass(frozen=True, slots=True)
class _Result:
    land: float
    wound_chance: float
    wound: float


# ----- dice ---------------------------------------------------------------------------------------
@functools.lru_cache(maxsize=4096)
def pool_odds(dice: int, tn: int, negative_pool: str = "one_die_tn_plus") -> tuple[tuple[float, ...], float]:
    """P(k successes) for k = 0..dice, and the chance of a botch (no success and two or more 1s, or a
    1 on a single die), for `dice` d10 against `tn` as `rules.dice.roll_pool` rolls them."""
    n, t = effective_pool(dice, tn, negative_pool)
    if n <= 0:
        return (1.0,), 0.0
    p = success_chance(t)
    q = 1.0 - p
    dist = tuple(math.comb(n, k) * p**k * q ** (n - k) for k in range(n + 1))
    one = 0.1 if t > 1 else 0.0  # a face of 1 never succeeds unless the TN is 1
    other = max(0.0, q - one)  # a failing face that is not a 1
    botch = one if n == 1 else q**n - other**n - n * one * other ** (n - 1)
    return dist, max(0.0, botch)


def _margins(attack: tuple[float, ...], defence: tuple[float, ...], botch: float) -> tuple[list[float], list[float]]:
    """P(MoS = k) for k >= 1, split by whether the defence botched (index k; index 0 unused)."""
    plain = [0.0] * len(attack)
    botched = [0.0] * len(attack)
    for a in range(1, len(attack)):
        pa = attack[a]
        if pa == 0.0:
            continue
        for d in range(min(a, len(defence))):
            pd = defence[d]
            if d == 0 and botch > 0.0:
                botched[a] += pa * botch
                pd -= botch
            plain[a - d] += pa * pd
    return plain, botched


# ----- one blow -----------------------------------------------------------------------------------
def _fits(bout: Bout, guard: _Guard, blow: _Blow, owner: str) -> bool:
    """`rules.exchange`'s check that a defence can meet this attack at all."""
    req = guard.maneuver.requires
    kind = blow.maneuver.attack_kind or "swing"
    if req.vs_attack and kind not in req.vs_attack:
        return False
    if req.max_incoming_dice is not None and blow.dice > req.max_incoming_dice:
        return False
    shield = bout.fighters[owner].sheet.shield
    limit = shield.block_limit if shield is not None else None
    return not (guard.maneuver.tn.source == "shield_dtn" and limit is not None and blow.dice > limit)


def _guard_tn(bout: Bout, guard: _Guard, blow: _Blow) -> int:
    weapon = bout.fighters[blow.defender].sheet.weapon
    small = weapon.dtn_vs_small_thrust if weapon is not None else None
    if guard.maneuver.tn.source == "weapon_dtn" and weapon is not None and small is not None:
        thrust = (blow.maneuver.attack_kind or "swing") == "thrust"
        return (small if thrust and blow.dice <= 4 else weapon.dtn) + guard.maneuver.tn.modifier
    return guard.tn


def _blow_odds(bout: Bout, blow: _Blow, guard: _Guard | None) -> _Result:
    """Chance that one attack lands, that it wounds, and its expected wound level."""
    rules = bout.rules
    attacker, victim = bout.fighters[blow.attacker], bout.fighters[blow.defender]
    attack, _ = pool_odds(blow.dice + attacker.bonus_dice, blow.tn, rules.negative_pool)
    defence: tuple[float, ...] = (1.0,)
    botch, extra = 0.0, 0
    if guard is not None and _fits(bout, guard, blow, blow.defender):
        defence, botch = pool_odds(guard.dice, _guard_tn(bout, guard, blow), rules.negative_pool)
        extra = guard.maneuver.effects.botch_damage_bonus
    elif guard is not None:  # a defence that cannot meet this attack rolls nothing
        defence = (1.0,)
    plain, botched = _margins(attack, defence, botch if extra else 0.0)
    passed = 1.0
    if blow.terrain is not None:
        passed = 1.0 - pool_odds(blow.terrain[0], blow.terrain[1], rules.negative_pool)[0][0]
    m = blow.maneuver
    if not m.effects.deals_damage or blow.zone is None:
        return _Result(passed * (sum(plain) + sum(botched)), 0.0, 0.0)
    kind = m.attack_kind or "swing"
    b = blow_for(attacker, m, kind, blow.hand, blow.greater)
    zone = bout.catalog.zones[blow.zone]
    parts = zone.blunt_parts if b.damage_type == "bludgeon" and zone.blunt_parts else zone.parts
    base = b.bonus - victim.attributes.TO
    land = wounds = level_sum = 0.0
    for location, weight in parts:
        if location == "miss":
            continue
        share = weight / 6
        armour = victim.sheet.av.get(location, 0)
        for table, bonus in ((plain, 0), (botched, extra)):
            for mos in range(1, len(table)):
                p = table[mos] * share
                if p == 0.0:
                    continue
                land += p
                level = min(MAX_LEVEL, mos + base - armour + bonus)
                if level > 0:
                    wounds += p
                    level_sum += p * level
    return _Result(passed * land, passed * wounds, passed * level_sum)


# ----- what each fighter brings -------------------------------------------------------------------
def _tn_for(sheet: FighterSheet, m: Maneuver, hand: str = "master") -> int:
    if hand == "off" and sheet.off_weapon is not None and m.requires.hand == "master":
        tn = maneuver_tn(replace(sheet, weapon=sheet.off_weapon), m)
    else:
        tn = maneuver_tn(sheet, m)
    return UNKNOWN_TN if tn is None else tn


_Item = tuple[str, "_Blow | _Guard", str | None]  # (role, what it rolls, opponent)


def _items(bout: Bout, owner: str, action: Action | SeenAction, option: ManeuverOption | None) -> list[_Item]:
    """One declared item as (role, blow or guard, opponent); composite maneuvers give one per part."""
    catalog = bout.catalog
    sheet = bout.fighters[owner].sheet
    m = catalog.maneuvers.get(action.maneuver)
    if m is None:  # Do Nothing, or nothing chosen yet
        return []
    opponent = action.opponent
    out: list[_Item] = []
    if m.composite:
        if isinstance(action, Action):
            parts = [(p.maneuver, p.dice, p.zone) for p in action.parts]
        else:
            parts = list(action.parts)
        for spec, (maneuver, dice, zone) in zip(m.composite, parts, strict=False):
            pm = catalog.maneuvers.get(maneuver)
            if pm is None:
                continue
            tn = _tn_for(sheet, pm, spec.hand)
            if spec.role == "attack" and opponent is not None:
                out.append(("attack", _Blow(owner, opponent, pm, dice, tn, zone, spec.hand), opponent))
            elif spec.role == "defense":
                out.append(("defense", _Guard(pm, dice, tn), opponent))
        return out
    tn = option.tn if option is not None else _tn_for(sheet, m)
    if action.action in ATTACK_ACTIONS and opponent is not None:
        hand = option.hand if option is not None else m.requires.hand
        greater = action.greater if isinstance(action, Action) else 0
        terrain = None
        if isinstance(action, Action) and action.action == BUY_INITIATIVE and _force_enter(bout, owner, action):
            terrain = (action.terrain_dice, bout.rules.force_enter_terrain_tn)
        blow = _Blow(owner, opponent, m, action.dice, tn, action.zone, hand, greater, terrain)
        out.append(("attack", blow, opponent))
    elif action.action in DEFENCE_ACTIONS:
        out.append(("defense", _Guard(m, action.dice, tn), opponent))
    return out


def _force_enter(bout: Bout, fid: str, action: Action) -> bool:
    """Is this buy a force-enter (the menu's flavour), which must pass a terrain roll?"""
    menu = available_actions(bout, fid)
    om = menu.opponent(action.opponent) if action.opponent is not None else None
    ao = om.action(BUY_INITIATIVE) if om is not None else None
    return ao is not None and ao.flavour == "force_enter"


def _guard_against(guards: Sequence[tuple[_Guard, str | None]], attacker: str) -> _Guard | None:
    """The defence `rules.exchange` would roll against `attacker`: one declared against him, else a
    Full Evasion, else a preemptive one against nobody in particular."""
    for guard, against in guards:
        if against == attacker and guard.maneuver.evasion != "full":
            return guard
    for guard, _ in guards:
        if guard.maneuver.evasion == "full":
            return guard
    for guard, against in guards:
        if against is None:
            return guard
    return None


def _will_attack(bout: Bout, foe: str) -> str | None:
    """Whom a foe still to declare is expected to attack (the baseline AI), or None."""
    if bout.fighters[foe].cp <= 0 or bout.shown_orientation(foe) == DEFENSIVE:
        return None
    target = bout.targets.get(foe)
    if target is None or not bout.active(target):
        return None
    return target if bout.relation(foe, target) in ("you_hold", "contested", "none") else None


def _score(m: Maneuver, tn: int, cost: int) -> tuple[float, int, str]:
    return (success_chance(tn) * m.ai_weight - 0.08 * cost, -cost, m.id)


def _predicted_attack(bout: Bout, foe: str, victim: str) -> _Blow | None:
    """The baseline's attack: his best regular attack with two thirds of his CP (all in exchange 2)."""
    state = bout.fighters[foe]
    budget = state.cp if bout.clock.exchange == 2 else max(1, (state.cp * 2 + 2) // 3)
    options = [
        e for e in kit_for(bout, foe)
        if e.maneuver.role == "attack" and not e.parts and not e.maneuver.composite
        and e.maneuver.group in ATTACK_GROUPS and e.cost < budget
    ]
    if not options:
        return None
    best = max(options, key=lambda e: _score(e.maneuver, e.tn, e.cost))
    dice = budget - best.cost
    if best.maneuver.dice_max is not None:
        dice = min(dice, best.maneuver.dice_max)
    return _Blow(foe, victim, best.maneuver, dice, best.tn, best.default_zone, best.hand)


def _predicted_guard(bout: Bout, foe: str, blow: _Blow) -> _Guard | None:
    """The baseline's defence: his best defence and enough dice to beat the attack's expected successes."""
    state = bout.fighters[foe]
    if bout.shown_orientation(foe) == AGGRESSIVE:
        return None
    kind = blow.maneuver.attack_kind or "swing"
    options = [
        e for e in kit_for(bout, foe)
        if e.maneuver.role == "defense" and not e.maneuver.composite and e.maneuver.group in DEFENCE_GROUPS
        and not (e.maneuver.requires.vs_attack and kind not in e.maneuver.requires.vs_attack)
        and e.cost < state.cp
    ]
    if not options:
        return None
    best = max(options, key=lambda e: _score(e.maneuver, e.tn, e.cost))
    p_def = max(0.05, success_chance(best.tn))
    want = math.ceil((blow.dice * success_chance(blow.tn) + 0.5) / p_def)
    dice = max(best.maneuver.dice_min, min(state.cp - best.cost, want))
    return _Guard(best.maneuver, dice, best.tn)


def _find_option(bout: Bout, fid: str, action: Action, pending: Sequence[Action]) -> ManeuverOption | None:
    menu = available_actions(bout, fid, list(pending))
    om = menu.opponent(action.opponent) if action.opponent is not None else None
    if om is None:
        for candidate in menu.opponents:
            ao = candidate.action(action.action)
            if ao is not None and ao.option(action.maneuver) is not None:
                return ao.option(action.maneuver)
        return None
    ao = om.action(action.action)
    return ao.option(action.maneuver) if ao is not None else None


# ----- the query ----------------------------------------------------------------------------------
def declaration_odds(
    bout: Bout,
    fid: str,
    action: Action,
    pending: Sequence[Action] = (),
    option: ManeuverOption | None = None,
) -> Odds:
    """The odds of `action` for `fid`, declared together with `pending` (items already chosen this
    exchange). `option` is the menu entry of `action` when the caller has it (saves a menu lookup)."""
    if option is None:
        option = _find_option(bout, fid, action, pending)
    chosen = _items(bout, fid, action, option)
    mine = list(chosen)
    for earlier in pending:
        mine += _items(bout, fid, earlier, None)
    my_guards = [(g, against) for role, g, against in mine if role == "defense" and isinstance(g, _Guard)]
    my_blows = [b for role, b, _ in chosen if role == "attack" and isinstance(b, _Blow)]
    notes: list[str] = []

    blows_on_me: list[_Blow] = []
    foe_guards: dict[str, list[tuple[_Guard, str | None]]] = {}
    undeclared: set[str] = set()
    for foe in bout.foes(fid):
        if foe in bout.declarations:
            guards: list[tuple[_Guard, str | None]] = []
            for seen in visible_declaration(bout, fid, foe):
                for role, item, against in _items(bout, foe, seen, None):
                    if role == "attack" and isinstance(item, _Blow) and against == fid:
                        blows_on_me.append(item)
                    elif role == "defense" and isinstance(item, _Guard):
                        guards.append((item, against))
            foe_guards[foe] = guards
            continue
        undeclared.add(foe)
        victim = _will_attack(bout, foe)
        if victim == fid:
            predicted = _predicted_attack(bout, foe, fid)
            if predicted is not None:
                blows_on_me.append(predicted)
                notes.append(f"{foe} is expected to attack you with {predicted.dice} dice at TN {predicted.tn}")

    land_miss = 1.0
    wound_chance_miss = 1.0
    wound = 0.0
    for blow in my_blows:
        foe = blow.defender
        guard: _Guard | None
        if foe in undeclared:
            guard = None if _will_attack(bout, foe) is not None else _predicted_guard(bout, foe, blow)
            if guard is None:
                notes.append(f"{foe} is expected not to defend")
            else:
                notes.append(f"{foe} is expected to defend with {guard.dice} dice at TN {guard.tn}")
        else:
            guard = _guard_against(foe_guards.get(foe, []), fid)
        result = _blow_odds(bout, blow, guard)
        land_miss *= 1.0 - result.land
        wound_chance_miss *= 1.0 - result.wound_chance
        wound += result.wound

    safe = 1.0
    taken = 0.0
    for blow in blows_on_me:
        result = _blow_odds(bout, blow, _guard_against(my_guards, blow.attacker))
        safe *= 1.0 - result.land
        taken += result.wound
    return Odds(
        land=1.0 - land_miss if my_blows else None,
        wound_chance=1.0 - wound_chance_miss if my_blows else 0.0,
        wound=wound,
        hit_back=1.0 - safe,
        wound_taken=taken,
        assumptions=tuple(notes),
    )
