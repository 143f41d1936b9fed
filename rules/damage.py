"""Damage (SPEC §4.8): wound level from MoS, weapon and armour; hit location; the wound table cell.

Wound level = MoS + ST + weapon modifier for the attack type + maneuver bonus + greater - TO - AV,
capped at 5; at most 0 glances off. The zone is declared; a d6 picks the body part.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.catalog import Catalog, DamageType, Maneuver, WoundEffect
from rules.dice import DiceStream
from rules.events import WoundRecord
from rules.fighter import FighterState

MAX_LEVEL = 5


@dataclass(frozen=True, slots=True)
class Blow:
    """What the attacker brings: damage type and the part of the wound level that is his."""

    damage_type: DamageType
    bonus: int  # ST + weapon modifier + maneuver bonus + greater


def blow_for(attacker: FighterState, m: Maneuver, kind: str, hand: str, greater: int) -> Blow:
    sheet = attacker.sheet
    strength = attacker.attributes.ST
    if m.tn.source in ("shield_dtn", "shield_atn") and sheet.shield is not None:
        return Blow(m.damage_type or "bludgeon", strength + sheet.shield.damage + m.damage_bonus + greater)
    weapon = sheet.off_weapon if hand == "off" and sheet.off_weapon is not None else sheet.weapon
    unarmed = m.requires.item == "unarmed" or m.group == "unarmed" or weapon is None
    if unarmed or weapon is None:
        return Blow(m.damage_type or "bludgeon", strength + m.damage_bonus + greater)
    if kind == "thrust":
        modifier = weapon.damage_thrust or 0
        dtype: DamageType = m.damage_type or weapon.thrust_type
    else:
        modifier = weapon.damage_swing or 0
        dtype = m.damage_type or weapon.swing_type
    return Blow(dtype, strength + modifier + m.damage_bonus + greater)


def roll_wound(
    catalog: Catalog,
    victim: FighterState,
    blow: Blow,
    zone_id: str,
    mos: int,
    extra_levels: int,
    stream: DiceStream,
) -> tuple[WoundRecord | None, WoundEffect | None]:
    """Roll the location and read the wound. (None, None) when the location roll misses."""
    zone = catalog.zones[zone_id]
    face = stream.d6()
    location = zone.part_for(face, blow.damage_type == "bludgeon")
    if location == "miss":
        return None, None
    av = victim.sheet.av.get(location, 0)
    raw = mos + blow.bonus - victim.attributes.TO - av + extra_levels
    level = min(MAX_LEVEL, raw)
    if level <= 0:
        record = WoundRecord(zone_id, location, blow.damage_type, 0, raw, 0, 0, 0, None, None, False, False)
        return record, None
    effect = catalog.wounds[(blow.damage_type, location)][level - 1]
    wp = victim.attributes.WP
    shock = effect.shock
    if effect.shock_all:
        shock = max(victim.max_cp(), victim.cp) + victim.sheet.level
    elif effect.shock_minus_wp:
        shock = max(0, shock - wp)
    pain = effect.pain
    if effect.pain_all:
        pain = victim.sheet.level + victim.reflex
    elif effect.pain_minus_wp:
        pain = max(0, pain - wp)
    record = WoundRecord(
        zone_id, location, blow.damage_type, level, raw, effect.bl, shock, pain,
        effect.knockdown, effect.knockout, effect.destroyed, effect.death,
    )
    return record, effect
