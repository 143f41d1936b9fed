"""Exact odds of one blow (for `rules.odds`): dice pools, margins, hit locations, wounds, shock, strike order.

`pool_odds` is the distribution of successes `rules.dice.roll_pool` gives. `blow_odds` follows one
attack through `rules.exchange` and `rules.damage` the way they resolve it: attack successes minus the
defence's (a defence that cannot meet the attack rolls nothing, a botched evasion adds its levels), the
zone's d6 table (the blunt one for bludgeons; "miss" parts miss), MoS + the blow's bonus - TO - AV
capped at 5, and what the wound does to the victim's next attack: its shock (which strips his pending
attack first, `rules.wounds.apply_shock`) or putting him out of the fight (death, a failed knockout
check). `strike_order` is the chance that one attack resolves before another (contests of Reflex,
initiative holders, the two queues). Pure functions; nothing here draws from a stream.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping
from dataclasses import dataclass, replace

from rules.bout import Bout, pair
from rules.catalog import DamageType, Maneuver
from rules.costs import length_cost
from rules.damage import MAX_LEVEL, blow_for
from rules.dice import effective_pool, success_chance
from rules.fighter import FighterState

INITIATIVE, NON_INITIATIVE = "initiative", "non_initiative"


@dataclass(frozen=True, slots=True)
class Blow:
    """One attack: who, on whom, with what, and how it is ordered among the exchange's attacks."""

    attacker: str
    defender: str
    maneuver: Maneuver
    dice: int
    tn: int
    zone: str | None
    hand: str
    greater: int = 0
    terrain: tuple[int, int] | None = None  # force-enter: (dice, TN) of the terrain roll
    queue: str = NON_INITIATIVE
    buy: bool = False  # bought or stolen initiative: a Reflex contest decides the order with the defender
    order_reflex: int = 0

    @property
    def kind(self) -> str:
        return self.maneuver.attack_kind or "swing"


@dataclass(frozen=True, slots=True)
class Guard:
    """One declared defence."""

    maneuver: Maneuver
    dice: int
    tn: int


@dataclass(frozen=True, slots=True)
class BlowOdds:
    """What one blow does: chances in 0..1, the expected wound level, and its effect on the victim."""

    land: float  # it lands on the body
    wound_chance: float  # and wounds (level 1 or worse)
    wound: float  # expected wound level (a miss or a glancing blow counts 0)
    shock: Mapping[int, float]  # shock amount -> chance, for wounds that leave the victim in the fight
    out: float  # chance it puts the victim out of the fight

    @staticmethod
    def none() -> BlowOdds:
        return BlowOdds(0.0, 0.0, 0.0, {}, 0.0)


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


def _fits(bout: Bout, guard: Guard, blow: Blow) -> bool:
    """`rules.exchange`'s check that a defence can meet this attack at all."""
    req = guard.maneuver.requires
    if req.vs_attack and blow.kind not in req.vs_attack:
        return False
    if req.max_incoming_dice is not None and blow.dice > req.max_incoming_dice:
        return False
    shield = bout.fighters[blow.defender].sheet.shield
    limit = shield.block_limit if shield is not None else None
    return not (guard.maneuver.tn.source == "shield_dtn" and limit is not None and blow.dice > limit)


def _guard_tn(bout: Bout, guard: Guard, blow: Blow) -> int:
    weapon = bout.fighters[blow.defender].sheet.weapon
    small = weapon.dtn_vs_small_thrust if weapon is not None else None
    if guard.maneuver.tn.source == "weapon_dtn" and weapon is not None and small is not None:
        return (small if blow.kind == "thrust" and blow.dice <= 4 else weapon.dtn) + guard.maneuver.tn.modifier
    return guard.tn


def _harm(bout: Bout, victim: FighterState, damage_type: DamageType, location: str, level: int) -> tuple[int, float]:
    """(shock, chance of leaving the fight) of one wound, as `rules.damage.roll_wound` and
    `rules.wounds.apply_wound` work them out."""
    effect = bout.catalog.wounds[(damage_type, location)][level - 1]
    if effect.death:
        return 0, 1.0
    if effect.shock_all:
        shock = max(victim.max_cp(), victim.cp) + victim.sheet.level
    elif effect.shock_minus_wp:
        shock = max(0, effect.shock - victim.attributes.WP)
    else:
        shock = effect.shock
    out = 0.0
    if effect.knockout == "instant":
        out = 1.0
    elif effect.knockout is not None:
        tn = bout.rules.knock_tn + int(effect.knockout)
        out = pool_odds(victim.attributes.knockout, tn, bout.rules.negative_pool)[0][0]
    return shock, out


def blow_odds(bout: Bout, blow: Blow, guard: Guard | None) -> BlowOdds:
    """The odds of one attack against one defence (None: undefended)."""
    if blow.dice <= 0:
        return BlowOdds.none()  # stripped to nothing by shock: `rules.exchange` cancels it
    rules = bout.rules
    attacker, victim = bout.fighters[blow.attacker], bout.fighters[blow.defender]
    attack, _ = pool_odds(blow.dice + attacker.bonus_dice, blow.tn, rules.negative_pool)
    defence: tuple[float, ...] = (1.0,)
    botch, extra = 0.0, 0
    if guard is not None and _fits(bout, guard, blow):
        defence, botch = pool_odds(guard.dice, _guard_tn(bout, guard, blow), rules.negative_pool)
        extra = guard.maneuver.effects.botch_damage_bonus
    plain, botched = _margins(attack, defence, botch if extra else 0.0)
    passed = 1.0
    if blow.terrain is not None:
        passed = 1.0 - pool_odds(blow.terrain[0], blow.terrain[1], rules.negative_pool)[0][0]
    m = blow.maneuver
    if not m.effects.deals_damage or blow.zone is None:
        return BlowOdds(passed * (sum(plain) + sum(botched)), 0.0, 0.0, {}, 0.0)
    b = blow_for(attacker, m, blow.kind, blow.hand, blow.greater)
    zone = bout.catalog.zones[blow.zone]
    parts = zone.blunt_parts if b.damage_type == "bludgeon" and zone.blunt_parts else zone.parts
    base = b.bonus - victim.attributes.TO
    land = wounds = level_sum = out = 0.0
    shock: dict[int, float] = {}
    for location, weight in parts:
        if location == "miss":
            continue
        share = passed * weight / 6
        armour = victim.sheet.av.get(location, 0)
        for table, bonus in ((plain, 0), (botched, extra)):
            for mos in range(1, len(table)):
                p = table[mos] * share
                if p == 0.0:
                    continue
                land += p
                level = min(MAX_LEVEL, mos + base - armour + bonus)
                if level <= 0:
                    continue
                wounds += p
                level_sum += p * level
                amount, gone = _harm(bout, victim, b.damage_type, location, level)
                out += p * gone
                shock[amount] = shock.get(amount, 0.0) + p * (1.0 - gone)
    return BlowOdds(land, wounds, level_sum, shock, out)


# ----- blows that come first ----------------------------------------------------------------------
# (dice stripped -> chance while still in the fight, chance of being out of it); the chances add up to 1
Strip = tuple[dict[int, float], float]


def no_strip() -> Strip:
    return {0: 1.0}, 0.0


def add_strip(strip: Strip, earlier: BlowOdds, first: float) -> Strip:
    """`strip` after a blow that resolves first with chance `first` and does `earlier` to the victim."""
    dist, out = strip
    if first <= 0.0:
        return strip
    hurt = sum(earlier.shock.values()) + earlier.out
    new: dict[int, float] = {}
    for stripped, p in dist.items():
        new[stripped] = new.get(stripped, 0.0) + p * (1.0 - first * hurt)
        for amount, q in earlier.shock.items():
            key = stripped + amount
            new[key] = new.get(key, 0.0) + p * first * q
    return new, out + (1.0 - out) * first * earlier.out


def stripped_odds(bout: Bout, blow: Blow, guard: Guard | None, strip: Strip) -> BlowOdds:
    """`blow_odds` when shock from earlier blows may strip its dice or its owner may be out by then."""
    dist, _ = strip  # the chances in `dist` leave out the owner's being out of the fight already
    land = wounds = level_sum = gone = 0.0
    shock: dict[int, float] = {}
    for stripped, weight in dist.items():
        if weight <= 0.0:
            continue
        r = blow_odds(bout, replace(blow, dice=blow.dice - stripped) if stripped else blow, guard)
        land += weight * r.land
        wounds += weight * r.wound_chance
        level_sum += weight * r.wound
        gone += weight * r.out
        for amount, q in r.shock.items():
            shock[amount] = shock.get(amount, 0.0) + weight * q
    return BlowOdds(land, wounds, level_sum, shock, gone)


# ----- who strikes first --------------------------------------------------------------------------
def strike_order(bout: Bout, a: Blow, b: Blow, free_contest: bool = False) -> tuple[float, float]:
    """(chance a resolves before b, chance they are simultaneous), as `rules.exchange` orders attacks
    of different owners: a contest of Reflex for a contested pair or a bought initiative between them,
    the initiative holder first, else the initiative queue first and higher Reflex first inside it.
    `free_contest`: the pair will contest as after a free change of target (decided at declaration)."""
    x, y = a.attacker, b.attacker
    key = pair(x, y)
    between = (a.buy and a.defender == y) or (b.buy and b.defender == x)
    if key in bout.contested:
        return _contest(bout, a, b, "simultaneous")
    if between or free_contest or key in bout.free_contests:
        return _contest(bout, a, b, "holder")
    if (x, y) in bout.holders:
        return 1.0, 0.0
    if (y, x) in bout.holders:
        return 0.0, 0.0
    ka = (0 if a.queue == INITIATIVE else 1, -a.order_reflex, x)
    kb = (0 if b.queue == INITIATIVE else 1, -b.order_reflex, y)
    return (1.0, 0.0) if ka < kb else (0.0, 0.0)


def _contest(bout: Bout, a: Blow, b: Blow, tie_rule: str) -> tuple[float, float]:
    """`rules.exchange._strike_first_contest`: Reflex dice (less the length penalty) at each one's
    attack TN; more successes first; a tie to the higher Reflex (a thrust +1), then by `tie_rule`."""
    x, y = a.attacker, b.attacker
    negative = bout.rules.negative_pool
    da = pool_odds(a.order_reflex - length_cost(bout, x, y), a.tn, negative)[0]
    db = pool_odds(b.order_reflex - length_cost(bout, y, x), b.tn, negative)[0]
    first = sum(pa * sum(db[: min(i, len(db))]) for i, pa in enumerate(da))
    tie = sum(da[i] * db[i] for i in range(min(len(da), len(db))))
    ea = a.order_reflex + (1 if a.kind == "thrust" else 0)
    eb = b.order_reflex + (1 if b.kind == "thrust" else 0)
    if ea != eb:
        return (first + tie, 0.0) if ea > eb else (first, 0.0)
    if tie_rule == "holder":
        if (x, y) in bout.holders:
            return first + tie, 0.0
        if (y, x) in bout.holders:
            return first, 0.0
    return first, tie
