"""Jumping a chasm and climbing an obstacle ("Basic actions": jump, lines 491-500; climb, lines 503-507;
"Speed & distance of approach", lines 980-987) on a battle map's features: chasm squares
(`GGBout.chasms`, never walked) and obstacles of a height with a climbing mod (`GGBout.heights`).

`jump:D` leaps in a straight line over the chasm squares ahead to the first square beyond: a normal 3ap
action (our ruling: the book gives no cost), mp for every square as a move, a dex roll that ignores the
speed mod and takes mod-3 per chasm square beyond the first and +approach/3 (squares moved straight
toward the jump just before it). `climb:D` climbs one vertical square of the obstacle at D (3ap and 1mp,
a dex roll with the wall's mod and mod-6 a hand holding something); from the ledge of a jump that came
short it climbs up onto the far side.
"""

from __future__ import annotations

from rules.decisions import Option
from rules.gold_glory import events as ev
from rules.gold_glory.fold import Emitter
from rules.gold_glory.grid import ORDER, Square, diagonal, step, toward
from rules.gold_glory.rolls import GGDice, roll
from rules.gold_glory.state import GGBout, GGFighter

LEAP_AP = 3  # our ruling: a jump is a normal action
CLIMB_AP = 3  # "one vertical square per 3ap action"
MAX_OVER = 4  # "a 4sq creek is mod-9": the widest the book names
HAND_MOD = -6  # "One hand occupied is mod-6" (each, our ruling for two)


def _upright(f: GGFighter) -> bool:
    return f.fighting and not f.prone and f.posture in ("stand", "crouch") and f.hanging is None \
        and f.climb_level == 0


def leap(bout: GGBout, f: GGFighter, d: str) -> tuple[int, Square, int] | None:
    """(chasm squares over, the landing square, mp) of a jump toward `d`, or None if there is none."""
    from rules.gold_glory.options import off_map

    sq, over = step(f.pos, d), 0
    while sq in bout.chasms and over < MAX_OVER:
        over, sq = over + 1, step(sq, d)
    if over == 0 or sq in bout.chasms or sq in bout.heights or bout.terrain.get(sq, 1) <= 0 or off_map(bout, sq):
        return None
    if bout.occupant(sq) is not None:
        return None
    mp, diagonals = 0, f.diagonals
    for i in range(over + 1):
        cost = (2 if diagonals % 2 else 1) if diagonal(d) else 1
        diagonals += diagonal(d)
        mp += cost * (bout.terrain.get(f.pos, 1) if i == 0 else 1)
    return over, sq, mp


def approach(f: GGFighter, d: str) -> int:
    """Squares moved in a straight line toward `d` just before now ("Speed & distance of approach")."""
    n = 0
    for way in reversed(f.steps):
        if way != d:
            break
        n += 1
    return n


def jump_mods(bout: GGBout, f: GGFighter, over: int, d: str) -> dict[str, int]:
    """"Jump action does not take any negative modifications from movement speed" but the rest of the mod
    stack; mod-3 a square beyond the first; +speed/3 of approach."""
    mods = {k: v for k, v in bout.mod_stack(f.id).items() if k != "speed"}
    if over > 1:
        mods["distance"] = -3 * (over - 1)
    if approach(f, d) // 3:
        mods["approach"] = approach(f, d) // 3
    return mods


def climb_target(bout: GGBout, f: GGFighter, d: str) -> tuple[Square, int, int] | None:
    """(square, height, wall mod) he would climb toward `d`: the ledge he hangs from (height 1, mod 0),
    the obstacle he is on, or an obstacle beside him."""
    to = step(f.pos, d)
    if f.hanging is not None:
        return (to, 1, 0) if to == f.hanging else None
    if f.climb_level > 0:
        if to != f.climb_at:
            return None
    elif not _upright(f):
        return None
    if to not in bout.heights or bout.occupant(to) is not None:
        return None
    height, mod = bout.heights[to]
    return to, height, mod


def leap_options(bout: GGBout, fid: str) -> list[Option]:
    f = bout.fighters[fid]
    out = []
    if f.ap_left >= CLIMB_AP and f.mp_left >= 1:
        for d in ORDER:
            t = climb_target(bout, f, d)
            if t is not None:
                mods = t[2] + HAND_MOD * len(f.hands)
                what = "Climb up onto the ledge" if f.hanging is not None else f"Climb {d} ({f.climb_level}/{t[1]} up)"
                out.append(Option(f"climb:{d}", what, note=f"{CLIMB_AP} ap, 1 mp, dex roll mod{mods:+d}"))
    if _upright(f) and f.ap_left >= LEAP_AP:
        for d in ORDER:
            jump = leap(bout, f, d)
            if jump is None:
                continue
            over, to, mp = jump
            if mp - f.mp_left > f.balance_left() and f.mp_left <= 0:
                continue
            mod = sum(jump_mods(bout, f, over, d).values())
            out.append(Option(f"jump:{d}", f"Jump {d} over {over} to {to}",
                              note=f"{LEAP_AP} ap, {mp} mp, dex roll mod{mod:+d}"))
    return out


def legal(bout: GGBout, fid: str, action: str) -> bool:
    return action in {o.value for o in leap_options(bout, fid)}


# ----- carrying out ---------------------------------------------------------------------------------
def carry_out(em: Emitter, fid: str, action: str, dice: GGDice) -> None:
    head, _, d = action.partition(":")
    if head == "jump":
        jump(em, fid, d, dice)
    else:
        climb(em, fid, d, dice)


def jump(em: Emitter, fid: str, d: str, dice: GGDice) -> None:
    """The jump: "A roll of 10 is not an automatic failure for the jump. The result diff decides." Short by
    1-2 he hangs from the far ledge; by 3 or more he is fail/3 squares short, down in the chasm."""
    from rules.gold_glory.resolve import completed, off_balance, spend

    b = em.bout
    f = b.fighters[fid]
    found = leap(b, f, d)
    assert found is not None
    over, to, mp = found
    em.emit(ev.Jumped(fid, d, over, approach(f, d)))
    r = roll(em, dice, fid, "jump", f.stats.dex, jump_mods(b, f, over, d), resistance=True)
    spend(em, fid, LEAP_AP, "jump")
    paid = min(mp, f.mp_left)
    if r.margin >= 0:
        extra = mp - f.mp_left
        fell = extra > f.balance_left()
        em.emit(ev.Moved(fid, to, d, paid, fell, "jump"))
        if fell:  # "fall on landing unless he can go off balance enough to cover the difference"
            em.emit(ev.Fell(fid, b.round + 1))
        elif extra > 0:
            off_balance(em, fid, extra)
    elif r.margin >= -2:
        em.emit(ev.Moved(fid, step(to, _back(d)), d, paid, False, "hang"))
    else:
        short = max(1, -r.margin // 3)
        down = f.pos
        for _ in range(max(1, over + 1 - short)):
            down = step(down, d)
        em.emit(ev.Moved(fid, down, d, paid, True, "fall_in"))
        em.emit(ev.OutOfFight(fid, "fell_in"))
    completed(em, fid, LEAP_AP)


def _back(d: str) -> str:
    return ORDER[(ORDER.index(d) + 4) % 8]


def climb(em: Emitter, fid: str, d: str, dice: GGDice) -> None:
    """One climb: up a square on success; stuck at -1 to -2; slip down one at -3; fall at -6 (prone at
    its foot, our ruling; from a ledge, down the chasm). "A roll of 10 is not an automatic fail"."""
    from rules.gold_glory.resolve import completed, spend

    b = em.bout
    f = b.fighters[fid]
    found = climb_target(b, f, d)
    assert found is not None
    at, height, wall = found
    mods = b.mod_stack(fid)
    if wall:
        mods["wall"] = wall
    if f.hands:
        mods["hands"] = HAND_MOD * len(f.hands)
    r = roll(em, dice, fid, "climb", f.stats.dex, mods, resistance=True)
    spend(em, fid, CLIMB_AP, "climb")
    hanging = f.hanging is not None
    level = f.climb_level
    if r.margin >= 0 and (hanging or level + 1 >= height):
        em.emit(ev.Climbed(fid, at, height, "ledge" if hanging else "top"))
        em.emit(ev.Moved(fid, at, toward(f.pos, at), 0, False, "climb"))
    elif r.margin >= 0:
        em.emit(ev.Climbed(fid, at, level + 1, "up"))
    elif r.margin >= -2:
        em.emit(ev.Climbed(fid, at, level, "stuck"))
    elif hanging:  # our ruling: slipping from a ledge is falling into the chasm
        em.emit(ev.Climbed(fid, at, 0, "fall"))
        em.emit(ev.OutOfFight(fid, "fell_in"))
    elif r.margin >= -5 and level > 0:
        em.emit(ev.Climbed(fid, at, level - 1, "slip"))
    elif r.margin >= -5:
        em.emit(ev.Climbed(fid, at, 0, "stuck"))
    else:
        em.emit(ev.Climbed(fid, at, 0, "fall"))
        if level > 0:
            em.emit(ev.Fell(fid, b.round + 1))
    completed(em, fid, CLIMB_AP)
