"""Recovery out of a fight (SPEC §4.10): CP rested at each round's start, blood loss, first aid and
healing.
"""

from __future__ import annotations

from game.sim import events as ev
from game.sim.world_core import WorldCore
from rules.dice import roll_pool
from rules.exchange import blood_loss_check

BLEED_THIRDS = 18  # out of combat: a blood-loss check per 6 moving ticks or 18 waiting ticks
FIRST_AID_TICKS = 6
HEAL_TICKS = 18
CARE_TN = 7


def rest(core: WorldCore) -> None:
    """Everyone standing out of any bout at a round's start gets his CP back (`Rested`): the next fight
    does not start on what the last one left him."""
    s = core.state
    for actor in core.living():
        fighter = actor.fighter
        if s.bout_of(actor.id) is None and (fighter.cp != (cp := fighter.rested_cp()) or fighter.no_refresh):
            core.emit(ev.Rested(actor.id, cp))


def health(core: WorldCore) -> None:
    """Out of any bout: blood loss counted by the moving and waiting ticks, first aid after quiet waiting,
    healing of the still (SPEC §4.10); in a bout only the wait is reset."""
    s = core.state
    for actor in core.living():
        f = actor.fighter
        if f.out_of_fight:
            continue
        if not actor.waited and f.blood_loss <= 0 and (actor.moved or not f.wounds):
            continue  # nothing to count: no bleeding, no wait to reset, no healing (no event either way)
        if s.bout_of(actor.id) is not None:
            if actor.waited:
                core.emit(ev.Recovering(actor.id, actor.bleed_thirds, 0, actor.heal_ticks))
            continue
        bleed, waited, heal = actor.bleed_thirds, actor.waited, actor.heal_ticks
        if f.blood_loss > 0:
            bleed += 3 if actor.moved else 1
            waited = 0 if actor.moved or core.adjacent_hostiles(actor) else waited + 1
            if waited >= FIRST_AID_TICKS and not (actor.id == s.leader and actor.aid_declined):
                # first aid resolves before that step's blood-loss check (design doc "First Aid")
                waited = 0
                dice = (f.attributes.WT + f.attributes.PER) // 2
                r = roll_pool(s.combat, dice, CARE_TN, s.house_rules.negative_pool)
                core.emit(ev.FirstAidGiven(actor.id, r.dice, r.tn, r.faces, r.successes, r.successes > 0))
            if bleed >= BLEED_THIRDS:
                bleed -= BLEED_THIRDS
                # (no check when the first aid just stopped the bleeding: blood_loss_check needs BL)
                for e in blood_loss_check(f, s.combat, 0, s.house_rules.negative_pool):
                    core.folded(ev.Bled(actor.id, e))
                if f.dead:
                    core.emit(ev.Recovering(actor.id, bleed, 0, heal))
                    core.emit(ev.Died(actor.id, "blood loss"))
                    continue
        elif f.wounds and not actor.moved:
            heal += 1
            if heal >= HEAL_TICKS:
                heal = 0
                r = roll_pool(s.combat, f.attributes.HT, CARE_TN, s.house_rules.negative_pool)
                worst = max(f.wounds, key=lambda w: (w.pain, w.level))
                if r.successes > 0:
                    core.emit(ev.Healed(actor.id, r.successes, worst.location, max(0, worst.pain - r.successes)))
        if (bleed, waited, heal) != (actor.bleed_thirds, actor.waited, actor.heal_ticks):
            core.emit(ev.Recovering(actor.id, bleed, waited, heal))
