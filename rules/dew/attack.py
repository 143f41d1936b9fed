"""The attack procedure (document 1.2.5): the 2D10 hit roll, breakage checks, the D12 critical roll and
damage to EN and BD. The rulings for "consult the gamesmaster" are docs/systems/dew_sequence.md's.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.dew import events as ev
from rules.dew.dice import DewDice
from rules.dew.fold import Emitter
from rules.dew.options import breakage_multiplier, spend, weapon_of
from rules.dew.state import DewBout, DewFighter
from rules.dew.stats import DewWeapon

FUMBLE_DROP, FUMBLE_FALL = 4, 8  # double one, D20: 1-4 drops the weapon, 5-8 falls (our ruling)
DOUBLE_TEN_CRITICAL = 11  # double ten, D20: 11+ makes the hit critical (our ruling)
TELLING_BLOW_FALL = 11  # the maximum-damage case, D20: 11+ knocks the target down (our ruling)


def surprise(t: DewFighter) -> int:
    """3: full surprise (stationary and unconscious; everyone is stationary in the combat phase);
    2: partial (not alert, or fallen); 1: none (1.2.5.1.3)."""
    if not t.conscious:
        return 3
    return 2 if (not t.alert or t.fallen) else 1


def resolve_attack(em: Emitter, bout: DewBout, fid: str, target: str, parriers: Sequence[str],
                   dice: DewDice, borrowed: bool = False) -> None:
    """One attack with its parries (each parrier spends a blow first)."""
    a, t = bout.fighters[fid], bout.fighters[target]
    w = weapon_of(bout, a)
    assert w is not None, "an attack without a weapon"
    if borrowed:
        em.emit(ev.BlowSpent(fid, "active", 0, "attack", borrowed=True))
    else:
        spend(em, a, "attack", active_only=True)
        if w.heavy:
            spend(em, a, "attack")
    for p in parriers:
        pf = bout.fighters[p]
        if borrowed:
            em.emit(ev.BlowSpent(p, "reactive", 0, "parry", borrowed=True))
        else:
            spend(em, pf, "parry")
    preps = a.prepared if a.prep_weapon == w.id else 0
    need = a.stats.to_hit
    faces = (dice.roll(10), dice.roll(10))
    mult = surprise(t)
    parry = sum(bout.fighters[p].stats.parry for p in parriers)
    modifier = t.first_modifier() - parry
    ac = t.ac()
    total = (faces[0] + faces[1]) * mult + ac + modifier - preps
    gm_roll: int | None = None
    ruling = ""
    if faces == (1, 1):
        outcome = "double_one"
        gm_roll = dice.roll(20)
        ruling = "drops his weapon" if gm_roll <= FUMBLE_DROP else "falls" if gm_roll <= FUMBLE_FALL else ""
    elif faces == (10, 10):
        outcome = "double_ten"
        gm_roll = dice.roll(20)
        ruling = "a telling hit: critical" if gm_roll >= DOUBLE_TEN_CRITICAL else ""
    elif total > need:
        outcome = "hit"
    elif total == need:
        outcome = "hit_breakage"
    elif total == need - 1:
        outcome = "miss_breakage"
    else:
        outcome = "miss"
    em.emit(ev.HitRoll(fid, target, w.id, faces, mult, ac, modifier, tuple(parriers), preps, total, need,
                       outcome, gm_roll, ruling))
    if outcome == "double_one":
        if gm_roll is not None and gm_roll <= FUMBLE_FALL:
            em.emit(ev.Fumbled(fid, gm_roll, w.id if gm_roll <= FUMBLE_DROP else None, gm_roll > FUMBLE_DROP))
        return
    if outcome in ("hit_breakage", "miss_breakage"):
        _breakage(em, bout, a, t, w.id, w.breakage, parriers, preps, dice, shield=outcome == "hit_breakage")
    if outcome in ("miss", "miss_breakage"):
        return
    forced = outcome == "double_ten" and gm_roll is not None and gm_roll >= DOUBLE_TEN_CRITICAL
    _critical_and_damage(em, bout, a, t, w, preps, mult == 3, dice, forced)


def _breakage(em: Emitter, bout: DewBout, a: DewFighter, t: DewFighter, weapon: str, number: int,
              parriers: Sequence[str], preps: int, dice: DewDice, shield: bool) -> None:
    """The attacking weapon, then each parrying weapon; then the target's shield if no parrying weapon
    is left whole (only when the result equalled the number needed). On the one-less miss the parrying
    weapons check too: our ruling for "roll a D100 and consult the gamesmaster"."""
    mult = breakage_multiplier(a, preps)
    _check(em, a.id, weapon, min(100, mult * number), dice)
    whole = 0
    for p in parriers:
        pf = bout.fighters[p]
        pw = weapon_of(bout, pf)
        if pw is None:
            continue
        if not _check(em, p, pw.id, min(100, mult * pw.breakage), dice):
            whole += 1
    if shield and whole == 0 and t.shield and t.stats.shield_breakage is not None:
        _check(em, t.id, "shield", min(100, mult * t.stats.shield_breakage), dice)


def _check(em: Emitter, fid: str, item: str, number: int, dice: DewDice) -> bool:
    roll = dice.roll(100)
    broke = roll <= number
    em.emit(ev.BreakageCheck(fid, item, number, roll, broke))
    return broke


def _critical_and_damage(em: Emitter, bout: DewBout, a: DewFighter, t: DewFighter, w: DewWeapon, preps: int,
                         full: bool, dice: DewDice, forced: bool) -> None:
    """The weapon is the one that hit (it may just have broken in the breakage check)."""
    roll = dice.roll(12)
    mod2 = t.stats.ac_mod2
    total = roll * (2 if full else 1) - mod2 + preps
    need = bout.stats.critical_number(t.ac())
    critical = forced or total >= need
    em.emit(ev.CriticalRoll(a.id, t.id, roll, full, mod2, preps, total, need, critical, forced))
    count, sides, bonus = w.dice
    faces = tuple(dice.roll(sides) for _ in range(count))
    original = sum(faces) + bonus
    damage = max(0, original + 2 * preps)
    en_after = t.en - damage
    bd_after = t.bd - damage if critical else t.bd
    special: int | None = None
    top = w.max_damage - (1 if w.heavy else 0)
    if critical and original >= top and (w.heavy or roll % 2 == 0):
        special = dice.roll(20)  # the maximum-damage case: our ruling, 11+ knocks him down
    fell = special is not None and special >= TELLING_BLOW_FALL
    em.emit(ev.Damaged(a.id, t.id, faces, damage, critical, en_after, bd_after, special, fell))
    if bd_after <= 0 and not t.dead:
        em.emit(ev.OutOfFight(t.id, "dead"))
    elif en_after <= 0 and t.conscious:
        em.emit(ev.OutOfFight(t.id, "unconscious"))
