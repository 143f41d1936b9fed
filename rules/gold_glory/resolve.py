"""Carrying out Gold & Glory choices: movement (falling when overspending, escaping off the map),
turning, attacks (the free 45-degree turn, side and reach mods, perception from outside the arc, the
defence declared after the attack roll, damage, pain, wounds, death), rising and activating a friend;
each an event through the `Emitter`. Who acts when is `rules.gold_glory.clock`'s."""

from __future__ import annotations

from rules.gold_glory import events as ev
from rules.gold_glory import kit, leaps
from rules.gold_glory.fold import Emitter
from rules.gold_glory.grid import ORDER, angle_to, distance, in_arc, side_mod, step, toward
from rules.gold_glory.kit import KIT_ACTIONS
from rules.gold_glory.options import (
    ACTIVATE_AP,
    AVOID_AP,
    RISE_AP,
    attack_angle,
    can_attack,
    move_cost,
    off_map,
    parry_with,
    turn_cost,
    yield_square,
)
from rules.gold_glory.rolls import GGDice, bonus, roll
from rules.gold_glory.state import (
    ACTION_LOWERS_INITIATIVE,
    MOVING_LOWERS_INITIATIVE,
    OFF_BALANCE_MOD,
    RESISTANCE_MELEE,
    SPEED_INITIATIVE,
    THIRD_PARTY_INTERJECTION,
    GGBout,
)

YIELD_BONUS = 3  # our ruling: the book names yield, gives no number (docs, "Rulings")


def spend(em: Emitter, fid: str, ap: int, what: str) -> None:
    em.emit(ev.ApSpent(fid, ap, what))


def completed(em: Emitter, fid: str, ap: int) -> None:
    """An action is completed: with "Taking action lowers initiative" his initiative drops by its ap."""
    b = em.bout
    if ap and ACTION_LOWERS_INITIATIVE in b.house and b.active(fid):
        em.emit(ev.InitiativeChanged(fid, b.fighters[fid].initiative - ap, "taking action"))


def move(em: Emitter, fid: str, d: str, dice: GGDice) -> None:
    b = em.bout
    f = b.fighters[fid]
    cost = move_cost(b, f, d)
    to = step(f.pos, d)
    if MOVING_LOWERS_INITIATIVE in b.house and not f.moving:
        em.emit(ev.InitiativeChanged(fid, f.initiative - 3, "moving"))
    facing = f.facing if f.speed == "maneuver" else d  # "Facing": maneuver moves in any direction
    over = cost - f.mp_left
    fell = over > f.balance_left()
    em.emit(ev.Moved(fid, to, facing, min(cost, f.mp_left), fell))
    if fell:
        em.emit(ev.Fell(fid, b.round + 1))
    elif over > 0:
        off_balance(em, fid, over)
    elif b.footing.get(to, 0) and not roll(em, dice, fid, "footing", f.stats.dex + 9, b.mod_stack(fid)).success:
        em.emit(ev.Fell(fid, b.round + 1))  # our ruling: a failed dex+9 through difficult terrain falls (docs)
    if off_map(b, to):
        em.emit(ev.OutOfFight(fid, "fled", dice.d10() + SPEED_INITIATIVE[f.speed]))


def off_balance(em: Emitter, fid: str, mp: int) -> None:
    """"Forced movement, falling, off balance": moving `mp` beyond his points within his off-balance level
    keeps him on his feet with a mod-3 (each level) for the rest of this round and the next."""
    f = em.bout.fighters[fid]
    em.emit(ev.OffBalance(fid, mp, OFF_BALANCE_MOD * (f.balance_used + mp), em.bout.round + 1))


def face(em: Emitter, fid: str, d: str) -> None:
    cost = turn_cost(em.bout.fighters[fid], d)
    ap, mp = cost if cost is not None else (0, 0)
    em.emit(ev.Turned(fid, d, ap, mp))


def rise(em: Emitter, fid: str, dice: GGDice) -> None:
    b = em.bout
    r = roll(em, dice, fid, "rise", b.fighters[fid].stats.dex + 9, b.mod_stack(fid))
    spend(em, fid, RISE_AP, "rise")
    if r.success:
        em.emit(ev.Rose(fid))
    completed(em, fid, RISE_AP)


def activate(em: Emitter, fid: str, friend: str) -> None:
    spend(em, fid, ACTIVATE_AP, "activate")
    completed(em, fid, ACTIVATE_AP)
    em.emit(ev.FramePushed(friend, "react", fid))


def _turn_toward(em: Emitter, fid: str, tid: str) -> None:
    """The free 45-degree turn toward the target that an attack allows."""
    f, t = em.bout.fighters[fid], em.bout.fighters[tid]
    want = toward(f.pos, t.pos)
    if want == f.facing:
        return
    i, j = ORDER.index(f.facing), ORDER.index(want)
    turn = 1 if (j - i) % 8 <= 4 else -1
    em.emit(ev.Turned(fid, ORDER[(i + turn) % 8]))


def attack_mods(b: GGBout, fid: str, tid: str) -> dict[str, int]:
    f, t = b.fighters[fid], b.fighters[tid]
    mods = b.mod_stack(fid)
    side = side_mod(attack_angle(f, t))
    reach = distance(f.pos, t.pos) - 1
    rmod = f.weapon.reach_mods[reach] if reach < len(f.weapon.reach_mods) else 0
    if side:
        mods["side"] = side
    if rmod:
        mods["reach"] = rmod
    if t.prone or t.posture in ("sit", "lie"):  # "Stationary targets" (lines 1577-1579): melee mod+3
        mods["target down"] = 3
    if reach == 0 and f.pos[0] != t.pos[0] and f.pos[1] != t.pos[1]:
        corners = ((t.pos[0], f.pos[1]), (f.pos[0], t.pos[1]))
        if any(b.terrain.get(sq, 1) <= 0 for sq in corners):  # "Attacking around a blocked corner" (line 947)
            mods["corner"] = -3
    return mods


def outside_arc(b: GGBout, fid: str, tid: str) -> bool:
    f, t = b.fighters[fid], b.fighters[tid]
    return not in_arc(angle_to(t.pos, t.facing, f.pos), t.stats.arc)


def perceive(em: Emitter, fid: str, tid: str, dice: GGDice) -> bool:
    """"Attacking from outside the arc of vision": the target rolls perception; failing, he is unaware of
    the attack (no interrupt, mod-3 to his defence)."""
    b = em.bout
    return roll(em, dice, tid, "perception", b.fighters[tid].stats.per, b.mod_stack(tid), fid).success


def attack(em: Emitter, fid: str, tid: str, dice: GGDice) -> None:
    """Roll the attack; on success the target declares his defence (`bout.defence`), else the attack ends
    and the target may react."""
    b = em.bout
    f, t = b.fighters[fid], b.fighters[tid]
    top = b.top()
    known = top.perceived if top is not None and top.owner == fid else None
    angle = angle_to(t.pos, t.facing, f.pos)
    aware = True
    if not in_arc(angle, t.stats.arc):
        aware = known if known is not None else perceive(em, fid, tid, dice)
    mods = attack_mods(b, fid, tid)
    _turn_toward(em, fid, tid)
    spend(em, fid, f.weapon.ap, "attack")
    if RESISTANCE_MELEE in b.house:  # one roll, after the defence is declared
        completed(em, fid, f.weapon.ap)
        em.emit(ev.DefenceDue(fid, tid, 0, angle, aware))
        return
    r = roll(em, dice, fid, "attack", f.skill(f.weapon.skill), mods, tid)
    completed(em, fid, f.weapon.ap)
    if r.quality in ("fumble", "critical_fumble"):
        em.emit(ev.Fell(fid, b.round + 1))
    if not r.success:
        after_attack(em, fid, tid, defended=False)
        return
    em.emit(ev.DefenceDue(fid, tid, r.margin + bonus(r), angle, aware))


def defend(em: Emitter, choice: str, dice: GGDice) -> None:
    """The target's declared defence against `bout.defence`, then damage and what follows."""
    b = em.bout
    d = b.defence
    assert d is not None
    a, t = b.fighters[d.attacker], b.fighters[d.target]
    kind, _, yielding = choice.partition("_")
    mods = b.mod_stack(d.target)
    flank = side_mod(d.angle)
    if flank:
        mods["flank"] = flank
    if not d.aware:
        mods["unaware"] = -3
    if yielding:
        mods["yield"] = YIELD_BONUS
    blocked_abs = 0
    if kind == "parry":
        p = parry_with(t)
        assert p is not None
        skill, blocked_abs, ap = p[1], p[2], p[3]
    elif kind == "avoid":
        skill, ap = t.skill("avoid"), AVOID_AP
    else:
        skill, ap = 0, 0
    em.emit(ev.DefenceChosen(d.target, choice))
    margin = d.margin
    if RESISTANCE_MELEE in b.house:
        amods = {f"attacker {k}": v for k, v in attack_mods(b, d.attacker, d.target).items()}
        dmods = {f"defender {k}": -v for k, v in mods.items()}
        if ap:
            spend(em, d.target, ap, kind)
        r = roll(em, dice, d.attacker, "resist", a.skill(a.weapon.skill) - skill + 5, {**amods, **dmods},
                 d.target, resistance=True)
        hit, margin, blocked = r.success, r.margin, 0
        completed(em, d.target, ap)
    elif ap:
        spend(em, d.target, ap, kind)
        r = roll(em, dice, d.target, kind, skill, mods, d.attacker)
        completed(em, d.target, ap)
        hit = not (r.success and kind == "avoid")
        blocked = blocked_abs if r.success and kind == "parry" else 0
    else:
        hit, blocked = True, 0
    if hit:
        damage(em, d.attacker, d.target, margin, blocked, dice)
    if yielding and b.fighters[d.target].fighting:
        _yield(em, d.target, d.attacker)
    after_attack(em, d.attacker, d.target, defended=bool(ap))


def _yield(em: Emitter, fid: str, attacker: str) -> None:
    """The yield's step back (1mp) after the damage: with no mp left he goes off balance if he can (the
    mod comes after the defence roll, line 976), else falls."""
    b = em.bout
    f = b.fighters[fid]
    sq = yield_square(b, f, b.fighters[attacker])
    if sq is None:
        return
    over = 1 - f.mp_left
    fell = over > f.balance_left()
    em.emit(ev.Moved(fid, sq, f.facing, min(1, f.mp_left), fell, "yield"))
    if fell:
        em.emit(ev.Fell(fid, b.round + 1))
    elif over > 0:
        off_balance(em, fid, over)


def damage(em: Emitter, fid: str, tid: str, margin: int, blocked: int, dice: GGDice) -> None:
    """1D6 + weapon dam + level of success / 3; a parry stops the parrying item's abs, armour its abs."""
    b = em.bout
    a, t = b.fighters[fid], b.fighters[tid]
    die = dice.d6()
    raw = die + a.weapon.dam + max(0, margin) // 3
    stopped = min(raw, blocked)
    absorbed = min(raw - stopped, t.stats.abs)
    dealt = raw - stopped - absorbed
    hp = t.hp - dealt
    em.emit(ev.Damaged(fid, tid, die, raw, stopped, absorbed, dealt, hp))
    if hp <= -t.stats.con:  # "Come on and die already": dead at -con hp
        em.emit(ev.OutOfFight(tid, "dead"))


def after_attack(em: Emitter, fid: str, tid: str, defended: bool) -> None:
    """The right to react: a target who did not spend a defence on it may take one action now (with
    movement); a defence was his reaction, and ends the chain."""
    b = em.bout
    t = b.fighters[tid]
    if defended:
        lose_older_reaction(em, tid)
        return
    if t.fighting and (t.ap_left > 0 or t.mp_left > 0):
        em.emit(ev.FramePushed(tid, "react", fid))


def lose_older_reaction(em: Emitter, fid: str) -> None:
    """Without the third-party interjection rule, a reactor who reacts to an interrupting third party
    loses the reaction the interrupt cut into (lines 412-413)."""
    b = em.bout
    if THIRD_PARTY_INTERJECTION in b.house:
        return
    own = [fr for fr in b.frames if fr.owner == fid and fr.kind == "react"]
    if len(own) >= 2 or (own and own[-1] is not b.top()):
        older = own[0]
        if older.announced is not None:
            em.emit(ev.Cancelled(fid, older.announced, "interrupted by a third party"))
        em.emit(ev.FramePopped(fid, oldest=True))


def legal_now(b: GGBout, fid: str, action: str) -> bool:
    head, _, arg = action.partition(":")
    f = b.fighters[fid]
    if head == "attack":
        return can_attack(b, fid, arg)
    if head == "rise":
        return f.prone and f.ap_left >= RISE_AP
    if head == "activate":
        return f.ap_left >= ACTIVATE_AP and b.active(arg)
    if head in KIT_ACTIONS:
        return kit.legal(b, fid, action)
    if head in ("jump", "climb"):
        return leaps.legal(b, fid, action)
    return True


def carry_out(em: Emitter, fid: str, action: str, dice: GGDice) -> None:
    head, _, arg = action.partition(":")
    if head == "attack":
        attack(em, fid, arg, dice)
    elif head == "rise":
        rise(em, fid, dice)
    elif head == "activate":
        activate(em, fid, arg)
    elif head in KIT_ACTIONS:
        kit.carry_out(em, fid, action, dice)
    elif head in ("jump", "climb"):
        leaps.carry_out(em, fid, action, dice)
