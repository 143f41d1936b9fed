"""The options of the combat phase (document 1.2): which are legal for a character, and resolving all
but the attack (`rules.dew.attack`).

Option values (the `Decision` options of kind `dew_option`): `pass`, `pass:alert`, `pass:fall`,
`pass:drop` and their combinations (`pass:alert+drop`, ...), `draw:WEAPON`, `grab:ITEM`, `prepare`,
`close:WHO`, `open:WHO`, `step_close:WHO`, `step_open:WHO`, `range:WHO:N`, `attack:WHO`. Where an option
may spend either kind of blow, a reactive one is spent first (our ruling: an active blow can do all a
reactive one can, and counts first for initiative).
"""

from __future__ import annotations

from itertools import combinations

from rules.decisions import Option
from rules.dew import events as ev
from rules.dew.dice import DewDice
from rules.dew.fold import Emitter
from rules.dew.state import MAX_RANGE, MIN_RANGE, DewBout, DewFighter, clamp_range
from rules.dew.stats import NO_PREPARATION, THRUSTING_KINDS, DewWeapon

MANEUVERS = ("close", "open", "step_close", "step_open")
FALL_DIE = {"close": 20, "open": 40}  # the DX check to avoid falling on a 91+ (1.2.3.1, 1.2.3.2)


def d100_dx(f: DewFighter) -> int:
    """A D100 DX check succeeds on 5 x DX or less (our ruling: the D20 check's odds)."""
    return 5 * f.stats.dx


def weapon_of(bout: DewBout, f: DewFighter) -> DewWeapon | None:
    return bout.stats.weapons.get(f.weapon) if f.weapon is not None else None


def breakage_multiplier(f: DewFighter, preparations: int) -> int:
    """One more than the preparations, +1 for ST 15-16, +2 for ST 17+, -1 for ST 3 or less (1.2.5.1)."""
    st = f.stats.st
    bonus = 2 if st >= 17 else 1 if st >= 15 else -1 if st <= 3 else 0
    return preparations + 1 + bonus


def can_attack(bout: DewBout, f: DewFighter, target: str) -> bool:
    t = bout.fighters[target]
    w = weapon_of(bout, f)
    if w is None or t.dead or t.side == f.side or not f.can_spend(active_only=True):
        return False
    if w.heavy and not _two_blows_affordable(f):
        return False
    rng = bout.range(f.id, target)
    if w.missile:
        return not f.alert and rng <= w.range * (f.prepared + 1 if f.prep_weapon == w.id else 1)
    return f.alert and rng <= w.reach


def _two_blows_affordable(f: DewFighter) -> bool:
    """A heavy weapon's attack: an active blow and a second one, and the EN for both within the cap."""
    if f.active < 1 or f.active + f.reactive < 2:
        return False
    cost = f.next_blow_cost() + 1
    return f.en > cost and f.en_spent_phase + cost <= f.en_cap()


def can_prepare(bout: DewBout, f: DewFighter) -> bool:
    w = weapon_of(bout, f)
    if w is None or w.kind in NO_PREPARATION or not f.can_spend(active_only=True):
        return False
    count = f.prepared + 1 if f.prep_weapon == w.id else 1
    # our ruling for "check with the gamesmaster if the breakage number would exceed 100": not offered
    return breakage_multiplier(f, count) * w.breakage <= 100


def legal_options(bout: DewBout, fid: str) -> list[Option]:
    f = bout.fighters[fid]
    if bout.chain == fid:
        return _chained_options(bout, f)
    out = [Option("pass", "Pass")]
    extras = [(name, label) for name, label, can in (
        ("alert", "becoming alert", not f.alert), ("fall", "falling to the ground", not f.fallen),
        ("drop", f"dropping the {(f.weapon or '').replace('_', ' ')}", f.weapon is not None)) if can]
    for size in range(1, len(extras) + 1):  # any or all of them (1.2.1)
        for combo in combinations(extras, size):
            out.append(Option("pass:" + "+".join(n for n, _ in combo), "Pass, " + ", ".join(lb for _, lb in combo)))
    cost = f.next_blow_cost()
    note = f"{cost} EN" if cost else "no EN"
    if f.can_spend():
        for w in f.sheathed:
            wpn = bout.stats.weapons[w]
            if not wpn.heavy or f.can_spend(active_only=True):
                out.append(Option(f"draw:{w}", f"Draw weapon: {w}", cost, note))
        if f.alert:
            for o in bout.others(fid):
                if not bout.fighters[o].conscious and not bout.fighters[o].fallen:
                    continue
                rng = bout.range(fid, o)
                name = bout.fighters[o].name
                if rng > MIN_RANGE:
                    out.append(Option(f"close:{o}", f"Close on {name} (range {rng})", cost, note))
                    out.append(Option(f"step_close:{o}", f"Step close to {name}", cost, note))
                if rng < MAX_RANGE:
                    out.append(Option(f"open:{o}", f"Open from {name} (range {rng})", cost, note))
                    out.append(Option(f"step_open:{o}", f"Step open from {name}", cost, note))
                if bout.fighters[o].fallen:
                    for n in range(MIN_RANGE, MAX_RANGE + 1):
                        if n != rng:
                            out.append(Option(f"range:{o}:{n}", f"Change range to fallen {name}: {n}", cost, note))
    if f.can_spend(active_only=True):
        for item in _within_reach(bout, f):
            out.append(Option(f"grab:{item}", f"Grab {item}", cost, note))
        if can_prepare(bout, f):
            out.append(Option("prepare", f"Prepare great blow ({f.prepared + 1})", cost, note))
        for o in bout.others(fid):
            if can_attack(bout, f, o):
                out.append(Option(f"attack:{o}", f"Attack {bout.fighters[o].name}", cost, note))
    return out


def _chained_options(bout: DewBout, f: DewFighter) -> list[Option]:
    """After a thrusting preparation: prepare again or attack (anything else loses the preparations)."""
    out = [Option("pass", "Pass (the preparations are lost)")]
    if can_prepare(bout, f):
        out.append(Option("prepare", f"Prepare great blow ({f.prepared + 1})", 1))
    for o in bout.others(f.id):
        if can_attack(bout, f, o):
            out.append(Option(f"attack:{o}", f"Attack {bout.fighters[o].name}", 1))
    return out


def _within_reach(bout: DewBout, f: DewFighter) -> list[str]:
    """Items on the ground by him or by anyone at range 1 (our ruling for "within reach")."""
    near = {f.id} | {o for o in bout.others(f.id) if bout.range(f.id, o) <= MIN_RANGE}
    return sorted({item for item, where in bout.ground if where in near})


def spend(em: Emitter, f: DewFighter, purpose: str, active_only: bool = False) -> None:
    """Spend one blow (reactive first where either will do) and its EN; other blows than prepare or
    attack lose the preparations (1.2.4)."""
    kind = "active" if active_only or f.reactive <= 0 else "reactive"
    em.emit(ev.BlowSpent(f.id, kind, f.next_blow_cost(), purpose))
    if f.prepared and purpose not in ("prepare", "attack"):
        em.emit(ev.PreparationLost(f.id, f.prepared, f"a blow spent to {purpose}"))


def resolve_option(em: Emitter, bout: DewBout, fid: str, option: str, dice: DewDice) -> None:
    """Resolve every option but an attack (see `rules.dew.attack.resolve_attack`)."""
    f = bout.fighters[fid]
    head, _, rest = option.partition(":")
    if head == "pass":
        if f.prepared and bout.chain == fid:
            em.emit(ev.PreparationLost(fid, f.prepared, "the thrust was not followed by a preparation or attack"))
        parts = set(rest.split("+")) if rest else set()
        drop = f.weapon if "drop" in parts else None
        em.emit(ev.Passed(fid, alert="alert" in parts, fall="fall" in parts, drop=drop))
        return
    if head == "draw":
        wpn = bout.stats.weapons[rest]
        spend(em, f, "draw", active_only=wpn.heavy)
        em.emit(ev.Drew(fid, rest, dropped=f.weapon))
    elif head == "grab":
        spend(em, f, "grab", active_only=True)
        roll = dice.roll(20) if f.alert else None
        there = rest in _within_reach(bout, f)  # a simultaneous grab may have taken it first
        em.emit(ev.Grabbed(fid, rest, roll, there and (roll is None or roll <= f.stats.dx), dropped=f.weapon))
    elif head == "prepare":
        spend(em, f, "prepare", active_only=True)
        assert f.weapon is not None
        em.emit(ev.Prepared(fid, f.weapon, f.prepared + 1 if f.prep_weapon == f.weapon else 1))
    elif head in MANEUVERS or head == "range":
        _maneuver(em, bout, f, head, rest, dice)
    else:
        raise ValueError(f"not an option: {option!r}")
    em.emit(ev.PassesCleared())


def _maneuver(em: Emitter, bout: DewBout, f: DewFighter, kind: str, rest: str, dice: DewDice) -> None:
    other, _, wanted = rest.partition(":")
    spend(em, f, "maneuver")
    old = bout.range(f.id, other)
    rose = f.fallen
    steps = 0  # range bands changed, before rising replaces the first (1.2.3)
    roll = fall_roll = None
    fell = False
    if kind == "range":
        new = int(wanted) if not rose else old
    else:
        if kind in FALL_DIE:
            roll = dice.roll(100)
            if roll >= 91:
                fall_roll = dice.roll(FALL_DIE[kind])
                fell = fall_roll > f.stats.dx
            else:
                steps = 2 if roll <= d100_dx(f) else 1
        else:
            steps = 1
        if rose:
            steps = max(0, steps - 1)
        sign = -1 if kind in ("close", "step_close") else 1
        new = clamp_range(old + sign * steps)
    em.emit(ev.Maneuvered(f.id, other, kind, roll, old, new, rose=rose and not fell, fall_roll=fall_roll,
                          fell=fell and not rose))


def chains(bout: DewBout, f: DewFighter) -> bool:
    """Must this preparation be followed at once by another or an attack (thrusting weapons, bows)?"""
    w = weapon_of(bout, f)
    return w is not None and w.kind in THRUSTING_KINDS
