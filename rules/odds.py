"""Odds of a candidate declaration, for the maneuver menu: chance to land, chance to be hit back, wounds.

`declaration_odds(bout, fid, action, pending)` answers for the choice the menu has highlighted (action
type, maneuver, dice, zone, opponent, greater) with exact dice maths, no sampling (`rules.blow_odds`):
binomial successes, the margin over the defence, the zone's hit-location table, the wound level of
`rules.damage`, and, for blows that resolve before the fighter's own, the shock that strips his attack
dice or the wound that puts him out of the fight; which blow comes first follows `rules.exchange`
(contests of Reflex, initiative holders, the two queues). The same goes for his blow on his opponent
before the opponent's blow on him. A force-enter must also pass its terrain roll.

What the fighter cannot know yet is assumed the way the baseline AI (`rules.ai`) decides, and each
assumption is returned in words. It uses only what the fighter may see: declared foes through
`rules.bout.visible_declaration` (their maneuver's TN is read off their visible equipment), foes still
to declare by their shown orientation, target and initiative:
- a foe who will attack his target (he may: not Defensive, initiative over his target, held, contested
  or free) does not defend; one who attacks the fighter swings his best attack with the baseline's
  budget (all his CP in exchange 2, two thirds in exchange 1);
- a foe who will not attack defends with his best defence and the dice the baseline would put in
  (enough to beat the expected successes by half a success), an Aggressive one cannot defend at all.

Not modelled: knockdowns (they halve the pool, not the attack already declared), a full evasion's one
roll shared by several attacks, and a defence used up by an earlier attack. Pure functions of the
bout; nothing here mutates it or draws from any stream.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

from rules.blow_odds import (
    INITIATIVE,
    NON_INITIATIVE,
    Blow,
    BlowOdds,
    Guard,
    Strip,
    add_strip,
    blow_odds,
    no_strip,
    pool_odds,
    strike_order,
    stripped_odds,
)
from rules.bout import (
    AGGRESSIVE,
    ATTACK_ACTIONS,
    BUY_INITIATIVE,
    CHANGE_TARGET_BUY,
    DEFENCE_ACTIONS,
    DEFENSIVE,
    DOUBLE_ATTACK,
    NO_INITIATIVE,
    QUICK_ATTACK,
    Action,
    Bout,
    SeenAction,
    visible_declaration,
)
from rules.catalog import Maneuver
from rules.costs import maneuver_tn
from rules.dice import success_chance
from rules.fighter import FighterSheet
from rules.menu import ActionOption, ManeuverOption, available_actions, kit_for

__all__ = ["Odds", "declaration_odds", "pool_odds"]

UNKNOWN_TN = 7  # a maneuver whose TN cannot be read off the foe's equipment
ATTACK_GROUPS = ("regular_attack", "misc_attack", "unarmed")
DEFENCE_GROUPS = ("regular_defense", "evasion")
BUY_FLAVOURS = frozenset({"steal", "buy_attacker", "force_enter"})


@dataclass(frozen=True, slots=True)
class Odds:
    """The odds of one candidate declaration item (all chances in 0..1)."""

    land: float | None  # the fighter's blow lands (hits the body); None when the action is not an attack
    wound_chance: float  # it lands and wounds (level 1 or worse)
    wound: float  # expected wound level dealt (misses and glancing blows count 0)
    hit_back: float  # at least one blow on the fighter lands this exchange
    wound_taken: float  # expected wound levels taken, summed over those blows
    assumptions: tuple[str, ...]  # plain words on what was assumed about foes who have not declared


def chance_text(p: float) -> str:
    """A chance in whole percent as the menu and the suggestion both show it, never a flat 0 % or 100 % for
    what can still happen ("<1%", ">99%")."""
    v = round(p * 100)
    if v == 0 and p > 0:
        return "<1%"
    if v == 100 and p < 1:
        return ">99%"
    return f"{v}%"


# ----- what each fighter brings -------------------------------------------------------------------
def _tn_for(sheet: FighterSheet, m: Maneuver, hand: str = "master") -> int:
    if hand == "off" and sheet.off_weapon is not None and m.requires.hand == "master":
        tn = maneuver_tn(replace(sheet, weapon=sheet.off_weapon), m)
    else:
        tn = maneuver_tn(sheet, m)
    return UNKNOWN_TN if tn is None else tn


_Item = tuple[str, Blow | Guard, str | None]  # (role, what it rolls, opponent)


def _ordering(bout: Bout, owner: str, opponent: str, action: str, flavour: str) -> tuple[str, bool]:
    """(queue, bought) of an attack as `rules.exchange` files it; `flavour` is the menu's ("" unknown)."""
    if action in (BUY_INITIATIVE, CHANGE_TARGET_BUY):
        flavour = flavour or "steal"
    elif action == DOUBLE_ATTACK:
        flavour = "double"
    elif action == NO_INITIATIVE:
        flavour = "none"
    elif action == QUICK_ATTACK:
        flavour = "quick"
    if flavour in BUY_FLAVOURS or flavour in ("free", "double", "global"):
        return INITIATIVE, flavour in BUY_FLAVOURS
    if flavour in ("none", "quick"):
        return NON_INITIATIVE, False
    held = bout.relation(owner, opponent) in ("you_hold", "contested")
    return (INITIATIVE if held else NON_INITIATIVE), False


def _items(
    bout: Bout, owner: str, action: Action | SeenAction, option: ManeuverOption | None, flavour: str = ""
) -> list[_Item]:
    """One declared item as (role, blow or guard, opponent); composite maneuvers give one per part."""
    catalog = bout.catalog
    state = bout.fighters[owner]
    sheet = state.sheet
    m = catalog.maneuvers.get(action.maneuver)
    if m is None:  # Do Nothing, or nothing chosen yet
        return []
    opponent = action.opponent
    queue, bought = _ordering(bout, owner, opponent, action.action, flavour) if opponent else (NON_INITIATIVE, False)
    reflex = state.reflex
    out: list[_Item] = []
    if m.composite:
        parts = [(p.maneuver, p.dice, p.zone) for p in action.parts] if isinstance(action, Action) else action.parts
        for spec, (maneuver, dice, zone) in zip(m.composite, parts, strict=False):
            pm = catalog.maneuvers.get(maneuver)
            if pm is None:
                continue
            tn = _tn_for(sheet, pm, spec.hand)
            if spec.role == "attack" and opponent is not None:
                blow = Blow(owner, opponent, pm, dice, tn, zone, spec.hand, queue=queue, buy=bought,
                            order_reflex=reflex)
                out.append(("attack", blow, opponent))
            elif spec.role == "defense":
                out.append(("defense", Guard(pm, dice, tn), opponent))
        return out
    tn = option.tn if option is not None else _tn_for(sheet, m)
    if action.action in ATTACK_ACTIONS and opponent is not None:
        hand = option.hand if option is not None else m.requires.hand
        zone = action.zone or (option.default_zone if option is not None and option.zones else None)
        terrain = None
        if flavour == "force_enter" and isinstance(action, Action):
            terrain = (action.terrain_dice, bout.rules.force_enter_terrain_tn)
            reflex = reflex // 2 + action.reflex_buy
        greater = action.greater if isinstance(action, Action) else 0
        blow = Blow(owner, opponent, m, action.dice, tn, zone, hand, greater, terrain, queue, bought, reflex)
        out.append(("attack", blow, opponent))
    elif action.action in DEFENCE_ACTIONS:
        out.append(("defense", Guard(m, action.dice, tn), opponent))
    return out


def _guard_against(guards: Sequence[tuple[Guard, str | None]], attacker: str) -> Guard | None:
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


# ----- what foes still to declare are expected to do ----------------------------------------------
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


def _budget(bout: Bout, fid: str) -> int:
    """The baseline's budget: two thirds of the pool in exchange 1, all of it in exchange 2."""
    cp = bout.fighters[fid].cp
    return cp if bout.clock.exchange == 2 else max(1, (cp * 2 + 2) // 3)


def _predicted_attack(bout: Bout, foe: str, victim: str) -> Blow | None:
    """The baseline's attack: his best regular attack with his whole budget."""
    budget = _budget(bout, foe)
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
    queue, _ = _ordering(bout, foe, victim, "attack", "")
    return Blow(foe, victim, best.maneuver, dice, best.tn, best.default_zone, best.hand, queue=queue,
                order_reflex=bout.fighters[foe].reflex)


def _predicted_guard(bout: Bout, foe: str, blow: Blow) -> Guard | None:
    """The baseline's defence: his best defence and enough dice to beat the attack's expected successes,
    out of his budget shared among those attacking him."""
    if bout.shown_orientation(foe) == AGGRESSIVE:
        return None
    cp = bout.fighters[foe].cp
    options = [
        e for e in kit_for(bout, foe)
        if e.maneuver.role == "defense" and not e.maneuver.composite and e.maneuver.group in DEFENCE_GROUPS
        and not (e.maneuver.requires.vs_attack and blow.kind not in e.maneuver.requires.vs_attack)
        and e.cost < cp
    ]
    if not options:
        return None
    best = max(options, key=lambda e: _score(e.maneuver, e.tn, e.cost))
    attackers = {c.owner for c in bout.declared_attacks_on(foe)} | {blow.attacker}
    share = max(1, _budget(bout, foe) // len(attackers))
    p_def = max(0.05, success_chance(best.tn))
    want = math.ceil((blow.dice * success_chance(blow.tn) + 0.5) / p_def)
    dice = min(share - best.cost, want)
    if best.maneuver.dice_max is not None:
        dice = min(dice, best.maneuver.dice_max)
    if dice < best.maneuver.dice_min:
        return None
    return Guard(best.maneuver, dice, best.tn)


def _menu_entry(
    bout: Bout, fid: str, action: Action, pending: Sequence[Action]
) -> tuple[ActionOption | None, ManeuverOption | None]:
    """The menu's action entry (its flavour: which kind of buy) and maneuver entry of `action`."""
    menu = available_actions(bout, fid, list(pending))
    candidates = [menu.opponent(action.opponent)] if action.opponent is not None else list(menu.opponents)
    for om in candidates:
        ao = om.action(action.action) if om is not None else None
        if ao is not None:
            return ao, ao.option(action.maneuver)
    return None, None


# ----- the query ----------------------------------------------------------------------------------
@dataclass(slots=True)
class _Scene:
    """Everything rolled this exchange that touches the fighter, as far as he can tell."""

    my_blows: list[Blow]
    my_guards: list[tuple[Guard, str | None]]
    blows_on_me: list[Blow]
    foe_guards: dict[str, Guard | None]
    free_contest: bool
    notes: list[str]


def _scene(bout: Bout, fid: str, action: Action, pending: Sequence[Action], option: ManeuverOption | None) -> _Scene:
    entry, found = _menu_entry(bout, fid, action, pending)
    flavour = entry.flavour if entry is not None else ""
    chosen = _items(bout, fid, action, option or found, flavour)
    mine = list(chosen)
    for earlier in pending:
        mine += _items(bout, fid, earlier, None)
    scene = _Scene(
        my_blows=[b for role, b, _ in chosen if role == "attack" and isinstance(b, Blow)],
        my_guards=[(g, against) for role, g, against in mine if role == "defense" and isinstance(g, Guard)],
        blows_on_me=[], foe_guards={}, free_contest=flavour == "free", notes=[],
    )
    undeclared: set[str] = set()
    for foe in bout.foes(fid):
        if foe not in bout.declarations:
            undeclared.add(foe)
            if _will_attack(bout, foe) == fid and (predicted := _predicted_attack(bout, foe, fid)) is not None:
                scene.blows_on_me.append(predicted)
                scene.notes.append(f"{foe} is expected to attack you with {predicted.dice} dice at TN {predicted.tn}")
            continue
        guards: list[tuple[Guard, str | None]] = []
        for seen in visible_declaration(bout, fid, foe):
            for role, item, against in _items(bout, foe, seen, None):
                if role == "attack" and isinstance(item, Blow) and against == fid:
                    scene.blows_on_me.append(item)
                elif role == "defense" and isinstance(item, Guard):
                    guards.append((item, against))
        scene.foe_guards[foe] = _guard_against(guards, fid)
    for blow in scene.my_blows:
        foe = blow.defender
        if foe in undeclared:
            guard = None if _will_attack(bout, foe) is not None else _predicted_guard(bout, foe, blow)
            scene.foe_guards[foe] = guard
            scene.notes.append(f"{foe} is expected not to defend" if guard is None
                               else f"{foe} is expected to defend with {guard.dice} dice at TN {guard.tn}")
    return scene


def _before(bout: Bout, scene: _Scene, first: Blow, then: Blow) -> float:
    """Chance that `first` resolves before `then` (simultaneous blows do not strip each other)."""
    free = scene.free_contest and (first.attacker == then.defender or then.attacker == first.defender)
    return strike_order(bout, first, then, free)[0]


def declaration_odds(
    bout: Bout,
    fid: str,
    action: Action,
    pending: Sequence[Action] = (),
    option: ManeuverOption | None = None,
) -> Odds:
    """The odds of `action` for `fid`, declared together with `pending` (his other items this
    exchange). `option` is the menu entry of `action` when the caller has it."""
    scene = _scene(bout, fid, action, pending, option)
    unhurried = {id(b): blow_odds(bout, b, _guard_against(scene.my_guards, b.attacker)) for b in scene.blows_on_me}
    mine: list[BlowOdds] = []
    for blow in scene.my_blows:
        strip: Strip = no_strip()
        for other in scene.blows_on_me:
            strip = add_strip(strip, unhurried[id(other)], _before(bout, scene, other, blow))
        mine.append(stripped_odds(bout, blow, scene.foe_guards.get(blow.defender), strip))
    safe, taken = 1.0, 0.0
    for other in scene.blows_on_me:
        result = unhurried[id(other)]
        for blow in scene.my_blows:
            if blow.defender == other.attacker:  # my blow on him may land first and stop or weaken his
                first = _before(bout, scene, blow, other)
                early = blow_odds(bout, blow, scene.foe_guards.get(blow.defender))
                hurt = stripped_odds(bout, other, _guard_against(scene.my_guards, other.attacker),
                                     add_strip(no_strip(), early, 1.0))
                result = _mix(result, hurt, first)
        safe *= 1.0 - result.land
        taken += result.wound
    land = 1.0 - math.prod(1.0 - r.land for r in mine)
    wound_chance = 1.0 - math.prod(1.0 - r.wound_chance for r in mine)
    return Odds(
        land=land if mine else None,
        wound_chance=wound_chance if mine else 0.0,
        wound=sum(r.wound for r in mine),
        hit_back=1.0 - safe,
        wound_taken=taken,
        assumptions=tuple(scene.notes),
    )


def _mix(a: BlowOdds, b: BlowOdds, weight_b: float) -> BlowOdds:
    w = 1.0 - weight_b
    return BlowOdds(
        a.land * w + b.land * weight_b,
        a.wound_chance * w + b.wound_chance * weight_b,
        a.wound * w + b.wound * weight_b,
        {},
        a.out * w + b.out * weight_b,
    )
