"""Dew's missile rules for the world's shots (a bow, a sling, a crossbow loosed outside any bout), in place
of TRoS's (`rules.ranged`): the world asks `HostedDew.shot_problem` whether a shot may be loosed and
`HostedDew.shoot` to land it (`game.sim.shooting`).

Our rulings for the world, where the document's rounds and phases are not running:
- The shooter is unalert (only unalert characters shoot, 1.2.5) and each tick he aimed at the target
  before loosing is one preparation (1.2.4: the chain of a bow's preparations ends in the shot), at most
  one less than his active blows (the last one looses), and none that would take the breakage number past
  100 (as in the sequence); none with a sling or a flexible weapon.
- Range: one range band is one square; the weapon's range, times one more than the preparations (1.2.4).
  A target farther off cannot be shot at.
- The target: in a `dew_sequence` bout, as that bout has him (alert or not, fallen, his EN and BD); out of
  any bout, alert if he stood still last tick and unalert if he moved (running, line 3), with the EN and
  BD he carried from his last bout after rest (`rules.dew.carry`), else fresh.
- The attack procedure is the sequence's own (1.2.5, `rules.dew.attack`): 2D10 doubled for an unalert or
  fallen target, AC and first modifier, less the preparations; the breakage checks; the D12 critical roll;
  damage plus 2 per preparation to EN, and to BD on a critical. No parries (no one parries a missile).
- What it changes: the target's EN and BD (in his bout, `bout_events`; out of one, his carried record),
  and his being out of the fight (the world's `FighterState`). A shooter's fumble or broken bow is logged
  only: the world's missile weapon stays in his hands (the world has no broken or dropped missile yet).
"""

from __future__ import annotations

from dataclasses import replace

from rules.dew import events as ev
from rules.dew.attack import resolve_attack
from rules.dew.build import Entrant as DewEntrant
from rules.dew.build import fighter
from rules.dew.carry import Record, rested
from rules.dew.dice import DewDice
from rules.dew.fold import Emitter, apply
from rules.dew.state import DewBout, DewFighter, clamp_range
from rules.dew.stats import NO_PREPARATION, CreatureModel, DewStats, DewWeapon
from rules.events import Event


def missile(stats: DewStats, weapon: str) -> DewWeapon | None:
    w = stats.weapons.get(weapon)
    return w if w is not None and w.missile else None


def preparations(model: CreatureModel, w: DewWeapon, aim_ticks: int) -> int:
    """The preparations his aiming gives the shot (see the module docstring)."""
    if w.kind in NO_PREPARATION:
        return 0
    st = model.st
    bonus = 2 if st >= 17 else 1 if st >= 15 else -1 if st <= 3 else 0
    n = max(0, min(aim_ticks, model.active_blows - 1))
    while n > 0 and (n + 1 + bonus) * w.breakage > 100:
        n -= 1
    return n


def reach(model: CreatureModel, w: DewWeapon, aim_ticks: int) -> int:
    """How many squares the shot carries: the range times one more than the preparations (1.2.4)."""
    return w.range * (preparations(model, w, aim_ticks) + 1)


def problem(stats: DewStats, model: CreatureModel, weapon: str, distance: int, aim_ticks: int) -> str | None:
    """Why the shot cannot be loosed under Dew's rules, or None."""
    w = missile(stats, weapon)
    if w is None:
        return f"{weapon} has no missile stats in dew_stats.yaml"
    carries = reach(model, w, aim_ticks)
    if distance > carries:
        return f"out of the {w.id}'s range: {distance} squares, it carries {carries}"
    return None


def target_of(stats: DewStats, model: CreatureModel, fid: str, name: str, side: str, kept: Record,
              rounds: int, moving: bool) -> DewFighter:
    """The target out of any bout: fresh, or as he came out of his last bout after rest."""
    t = fighter(stats, DewEntrant(fid, name, side, model.id, alert=not moving, derived=model))
    if kept:
        t.en, t.bd = rested(model, kept, rounds, stats.rest_rounds_per_hour)
    return t


def land(stats: DewStats, shooter: DewFighter, w: DewWeapon, aim_ticks: int, target: DewFighter, distance: int,
         dice: DewDice) -> list[Event]:
    """The shot (`dew_shot`) and the attack procedure's events, resolved on a bout of the two alone (the
    shooter and a copy of the target: the caller folds what concerns the target where he is)."""
    a = replace(shooter, weapon=w.id, alert=False, sheathed=list(shooter.sheathed))
    a.prepared = preparations(a.stats, w, aim_ticks)
    a.prep_weapon = w.id if a.prepared else None
    t = replace(target, sheathed=list(target.sheathed))
    pair_ = (a.id, t.id) if a.id < t.id else (t.id, a.id)
    duel = DewBout(stats, {a.id: a, t.id: t}, {pair_: clamp_range(distance)})
    em = Emitter(duel)
    em.emit(ev.ShotLoosed(a.id, t.id, w.id, distance, reach(a.stats, w, aim_ticks), a.prepared))
    resolve_attack(em, duel, a.id, t.id, (), dice, borrowed=True)
    return [e for e in em.events if not isinstance(e, ev.BlowSpent)]


def into_bout(events: list[Event], bout: DewBout) -> list[Event]:
    """Of a shot's events, those that change the target in his bout (his EN and BD, his fall, his being
    out of the fight), folded into it."""
    out: list[Event] = [e for e in events if isinstance(e, ev.Damaged | ev.OutOfFight)]
    for e in out:
        apply(e, bout)
    return out


def record_after(events: list[Event], target: DewFighter) -> Record:
    """The target's carried record after the shot (out of any bout)."""
    en, bd = target.en, target.bd
    for e in events:
        if isinstance(e, ev.Damaged):
            en, bd = e.en_after, e.bd_after
    return (("en", en), ("bd", bd), ("spent", 0))
