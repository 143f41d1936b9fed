"""What a maneuver costs and needs for one fighter: TN from his equipment, activation cost by
proficiency, the stance modifier (house rule `stance_bonus`), and the weapon-length penalty between
two fighters (SPEC §4.4, §4.8)."""

from __future__ import annotations

from rules.bout import AGGRESSIVE, DEFENSIVE, Bout, pair
from rules.catalog import Catalog, Maneuver, Weapon
from rules.fighter import FighterSheet


def weapon_for_hand(sheet: FighterSheet, hand: str) -> Weapon | None:
    return sheet.off_weapon if hand == "off" else sheet.weapon


def maneuver_tn(sheet: FighterSheet, m: Maneuver) -> int | None:
    """The maneuver's TN for this fighter's equipment, or None when he lacks the item it needs."""
    spec = m.tn
    weapon = weapon_for_hand(sheet, m.requires.hand)
    base: int | None
    if spec.source == "fixed":
        base = spec.value
    elif spec.source == "weapon_swing":
        base = weapon.atn_swing if weapon else None
    elif spec.source == "weapon_thrust":
        base = weapon.atn_thrust if weapon else None
    elif spec.source == "weapon_dtn":
        base = weapon.dtn if weapon else None
    elif spec.source == "shield_dtn":
        base = sheet.shield.dtn if sheet.shield else None
    else:  # shield_atn
        base = sheet.shield.atn if sheet.shield else None
    return None if base is None else base + spec.modifier


def activation_cost(catalog: Catalog, sheet: FighterSheet, m: Maneuver) -> int:
    prof = catalog.proficiencies.get(sheet.proficiency)
    name = sheet.proficiency
    if prof is not None:
        if sheet.shield is not None and m.id in prof.costs_with_shield:
            return prof.costs_with_shield[m.id]
        if m.id in prof.costs:
            return prof.costs[m.id]
    if sheet.shield is not None and name in m.cost.with_shield:
        return m.cost.with_shield[name]
    return m.cost.by_proficiency.get(name, m.cost.base)


def length_cost(bout: Bout, fid: str, opponent: str) -> int:
    """The shorter weapon pays 1 CP per length step until it lands a damaging blow (SPEC §4.8)."""
    me, him = bout.fighters[fid].sheet.weapon, bout.fighters[opponent].sheet.weapon
    if me is None or him is None or me.length == him.length:
        return 0
    penalised = bout.length_penalised.get(pair(fid, opponent))
    if penalised is None:
        penalised = fid if me.length < him.length else opponent
    return abs(me.length - him.length) if penalised == fid else 0


STANCE_BONUS = 2  # TRoS stance: 2 CP (research §1.8, §3.1)
OFFENSIVE, NEUTRAL = "offensive", "neutral"  # TRoS stances (and DEFENSIVE)
STANCES = (OFFENSIVE, NEUTRAL, DEFENSIVE)


def stance_shift(bout: Bout, fid: str, role: str) -> int:
    """House rule `stance_bonus` (TRoS stance +-2, research §1.8 / §3.1): in the first exchange of a
    round, an Offensive stance pays 2 CP less for attacks and 2 more for defences, a Defensive one the
    reverse, Neutral nothing. The stance is the one chosen at `e1s0` (rules.stance); one who has not
    chosen it stands as his orientation implies (Aggressive: Offensive, Defensive: Defensive, the
    stance decision's default). Later exchanges: 0."""
    if not bout.rules.stance_bonus:
        return 0
    stance = bout.stance.get(fid)
    if stance is None:
        if bout.clock.exchange != 1:
            return 0
        orientation = bout.orientation.get(fid)
        stance = OFFENSIVE if orientation == AGGRESSIVE else DEFENSIVE if orientation == DEFENSIVE else NEUTRAL
    if stance == OFFENSIVE:
        return -STANCE_BONUS if role == "attack" else STANCE_BONUS
    if stance == DEFENSIVE:
        return STANCE_BONUS if role == "attack" else -STANCE_BONUS
    return 0


def stance_cost(cost: int, shift: int, m: Maneuver) -> int:
    """An activation cost after the stance shift: never below 0; Full Evasion (and Flee, which is a
    full evasion) ignores stance (research §3.1)."""
    if shift == 0 or m.evasion == "full":
        return cost
    return max(0, cost + shift)
