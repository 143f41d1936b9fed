"""What a Gold & Glory fighter may do now, with its cost: the declaration of ap and speed, the basic
actions of a turn or a reaction (move, face, attack, rise, activate a friend, wait, done), the defences
(parry, avoid, with or without yield) and an interrupt. Option values are plain strings
(`attack:B`, `move:NE`, `4:walk`); `rules.gold_glory.resolve` carries them out."""

from __future__ import annotations

from rules.decisions import Option
from rules.gold_glory.grid import DIRS, ORDER, Square, angle_to, diagonal, distance, in_arc, step, toward, turn_angle
from rules.gold_glory.state import STREAMLINED_WAITING, THEN_DONE, Frame, GGBout, GGFighter

RISE_AP = 3  # "Rising after falling ... is a normal 3ap action with a dex+9 roll"
AVOID_AP = 3  # avoid is a normal action
ACTIVATE_AP = 3  # "Activating a friend": an action


# ----- declaration ----------------------------------------------------------------------------------
def declaration_options(bout: GGBout, fid: str) -> list[Option]:
    """Every ap from 0 to base ap + dex with every speed he may take ("Taking Action", "Movement")."""
    f = bout.fighters[fid]
    out = []
    for speed in f.speeds():
        mp = f.stats.move[("maneuver", "walk", "run", "dash").index(speed)]
        for ap in range(f.max_ap() + 1):
            mod = -max(0, ap - f.stats.ap) + {"maneuver": 0, "walk": -3, "run": -6, "dash": -9}[speed]
            out.append(Option(f"{ap}:{speed}", f"{ap} ap, {speed} ({mp} mp)", note=f"mod{mod:+d}" if mod else ""))
    return out


def parse_declaration(value: str) -> tuple[int, str]:
    ap, _, speed = value.partition(":")
    return int(ap), speed


# ----- movement -------------------------------------------------------------------------------------
def move_cost(bout: GGBout, f: GGFighter, d: str) -> int:
    """1 a side, diagonals 1, 2, 1, 2 in a round; times the terrain of the square moved from."""
    base = (2 if f.diagonals % 2 else 1) if diagonal(d) else 1
    return base * bout.terrain.get(f.pos, 1)


def can_step(bout: GGBout, f: GGFighter, d: str) -> bool:
    """Is the square free, and (diagonally) the corners passable: enemies and blocked squares are sharp
    corners, friends round ones; between two friends only the small pass."""
    return can_step_from(bout, f, f.pos, d)


def can_step_from(bout: GGBout, f: GGFighter, here: Square, d: str) -> bool:
    """`can_step` for him as if he stood on `here` (a movement path's next step)."""
    to = step(here, d)
    who = bout.occupant(to)
    if (who is not None and who != f.id) or bout.terrain.get(to, 1) <= 0 or to in bout.chasms or to in bout.heights:
        return False  # a chasm is jumped, an obstacle climbed (`rules.gold_glory.leaps`)
    if not diagonal(d):
        return True
    corners = [(to[0], here[1]), (here[0], to[1])]
    friends = 0
    for sq in corners:
        if bout.terrain.get(sq, 1) <= 0 or sq in bout.heights:
            return False
        who = bout.at(sq)
        if who is not None and who != f.id:
            if bout.fighters[who].side != f.side:
                return False
            friends += 1
    return friends < 2 or f.stats.small


def off_map(bout: GGBout, sq: tuple[int, int]) -> bool:
    if bout.bounds is None:
        return False
    x0, y0, x1, y1 = bout.bounds
    return not (x0 <= sq[0] <= x1 and y0 <= sq[1] <= y1)


def can_move(f: GGFighter) -> bool:
    """On his feet (standing or crouching: our ruling, one sitting or lying stands up first) with mp left,
    or none left but an off-balance level to spend (line 970); not hanging from a ledge or up a wall."""
    return (not f.prone and f.posture in ("stand", "crouch") and f.hanging is None and f.climb_level == 0
            and (f.mp_left > 0 or f.balance_left() > 0))


def move_note(bout: GGBout, f: GGFighter, d: str) -> str | None:
    """What a step costs him ("1 mp", "off balance", "fall", "escape"); None if he may not try it (with no mp
    left only an off-balance step)."""
    cost = move_cost(bout, f, d)
    over = cost - f.mp_left
    if over > f.balance_left() and f.mp_left <= 0:
        return None
    if off_map(bout, step(f.pos, d)):
        return "escape"
    if over > f.balance_left():
        return "fall"
    if over > 0:
        return "off balance"
    return f"{cost} mp" + (", dex+9 roll" if bout.footing.get(step(f.pos, d), 0) else "")


def move_options(bout: GGBout, f: GGFighter) -> list[Option]:
    if not can_move(f):
        return []
    out = []
    for d in ORDER:
        if not can_step(bout, f, d):
            continue
        note = move_note(bout, f, d)
        if note is not None:
            out.append(Option(f"move:{d}", f"Move {d} to {step(f.pos, d)}", note=note))
    return out


def path_options(bout: GGBout, f: GGFighter) -> list[Option]:
    """A whole movement path as one choice (`rules.gold_glory.paths`): close on each foe not in reach, and
    away from them all (off the map's edge when he can reach it)."""
    from rules.gold_glory.paths import away_path, close_path

    if not can_move(f):
        return []
    out = []
    for t in bout.foes(f.id):
        path = close_path(bout, f.id, t)
        if path:
            out.append(Option(f"close:{t}", f"Close on {bout.fighters[t].name}", note=_squares(path)))
    path = away_path(bout, f.id)
    if path:
        end = f.pos
        for d in path:
            end = step(end, d)
        escape = off_map(bout, end)
        out.append(Option("away", "Escape off the map" if escape else "Move away from the foes",
                          note=_squares(path)))
    return out


def _squares(path: tuple[str, ...]) -> str:
    return f"{len(path)} square{'s' if len(path) != 1 else ''}: {' '.join(path)}"


def turn_cost(f: GGFighter, facing: str) -> tuple[int, int] | None:
    """(ap, mp) to turn to `facing`: free with movement, else 1 mp, else 1 ap up to 90, 2 ap beyond."""
    if f.moving:
        return (0, 0)
    if f.mp_left >= 1:
        return (0, 1)
    ap = 1 if turn_angle(f.facing, facing) <= 90 else 2
    return (ap, 0) if f.ap_left >= ap else None


def face_options(f: GGFighter) -> list[Option]:
    out = []
    for d in ORDER:
        if d == f.facing:
            continue
        cost = turn_cost(f, d)
        if cost is not None:
            out.append(Option(f"face:{d}", f"Face {d}", note="free" if cost == (0, 0) else
                              f"{cost[0]} ap" if cost[0] else f"{cost[1]} mp"))
    return out


# ----- actions --------------------------------------------------------------------------------------
def attack_angle(f: GGFighter, target: GGFighter) -> int:
    """Degrees off his facing after the free 45-degree turn an attack allows ("Turning")."""
    return max(0, angle_to(f.pos, f.facing, target.pos) - 45)


def can_attack(bout: GGBout, fid: str, tid: str) -> bool:
    if tid not in bout.fighters:
        return False  # he left the bout (hosted: set aside)
    f, t = bout.fighters[fid], bout.fighters[tid]
    if not t.fighting or f.ap_left < f.weapon.ap:
        return False
    return distance(f.pos, t.pos) - 1 <= f.weapon.reach and in_arc(attack_angle(f, t), f.stats.arc)


def action_options(bout: GGBout, fid: str) -> list[Option]:
    from rules.gold_glory.kit import kit_options
    from rules.gold_glory.leaps import leap_options

    f = bout.fighters[fid]
    if f.hanging is not None or f.climb_level > 0:  # on a ledge or a wall: only climbing (or letting go of things)
        return leap_options(bout, fid) + kit_options(bout, fid)
    out = [Option(f"attack:{t}", f"Attack {bout.fighters[t].name}", note=f"{f.weapon.ap} ap")
           for t in bout.foes(fid) if can_attack(bout, fid, t)]
    if f.prone and f.ap_left >= RISE_AP:
        out.append(Option("rise", "Rise", note=f"{RISE_AP} ap, dex+9 roll"))
    if f.ap_left >= ACTIVATE_AP:
        for o in bout.standing():
            g = bout.fighters[o]
            if o != fid and g.side == f.side and g.initiative < f.initiative and not g.done and not bout.on_stack(o):
                out.append(Option(f"activate:{o}", f"Activate {g.name}", note=f"{ACTIVATE_AP} ap"))
    return out + leap_options(bout, fid) + kit_options(bout, fid)


def ready(bout: GGBout) -> list[str]:
    """Who may still take a turn this round, highest initiative first (the waiting after the rest)."""
    order = bout.order()
    fresh = [x for x in order if not bout.fighters[x].done and not bout.fighters[x].waiting]
    return fresh + [x for x in order if bout.fighters[x].waiting and not bout.fighters[x].done]


def act_options(bout: GGBout, frame: Frame) -> list[Option]:
    """A turn's (or an interrupt's) choices: actions, movement, turning, then wait or done."""
    fid = frame.owner
    f = bout.fighters[fid]
    actions = action_options(bout, fid)
    if frame.kind == "turn":  # each action also "then done": the turn ends with it
        actions += [Option(o.value + THEN_DONE, o.label + ", then done", note=o.note) for o in actions
                    if not o.value.startswith("drop:")]  # a drop takes no time: no action to end the turn with
    out = actions + path_options(bout, f) + move_options(bout, f) + face_options(f)
    others = [x for x in ready(bout) if x != fid and not bout.fighters[x].waiting]
    if frame.kind == "interrupt":
        out.append(Option("wait", "Wait again", note="back to waiting"))
    elif STREAMLINED_WAITING in bout.house:
        if others and f.ap_left >= 1:
            out.append(Option("wait", "Wait", note="1 ap, keeps initiative"))
        for o in others:
            if bout.fighters[o].initiative < f.initiative:
                out.append(Option(f"wait_on:{o}", f"Wait on {bout.fighters[o].name}", note="initiative below his"))
    elif others:
        out.append(Option("wait", "Wait", note="may interrupt those below"))
    out.append(Option("done", "Done", note="only reactions until the round ends"))
    return out


def react_options(bout: GGBout, frame: Frame) -> list[Option]:
    """The right to react: one action, with movement before and/or after it."""
    f = bout.fighters[frame.owner]
    out = [] if frame.acted else action_options(bout, frame.owner)
    if f.done and STREAMLINED_WAITING in bout.house:  # "done": defensive actions and movement only (line 800)
        out = [o for o in out if o.value == "rise"]
    out += path_options(bout, f) + move_options(bout, f) + face_options(f)
    out.append(Option("end", "End the reaction"))
    return out


# ----- defence --------------------------------------------------------------------------------------
def parry_with(f: GGFighter) -> tuple[str, int, int, int] | None:
    """(item, skill, abs, ap) of his best parry: shield or weapon, the higher skill."""
    choices = []
    if f.shield is not None:
        choices.append((f.shield.id, f.skill(f.shield.skill), f.shield.abs, f.shield.ap))
    if f.weapon.parry:
        choices.append((f.weapon.id, f.skill(f.weapon.skill), f.weapon.abs, f.weapon.ap))
    return max(choices, key=lambda c: (c[1], c[2])) if choices else None


def yield_square(bout: GGBout, f: GGFighter, attacker: GGFighter) -> tuple[int, int] | None:
    """The free square a yield steps back into: directly away from the attacker, else beside it."""
    away = toward(attacker.pos, f.pos)
    i = ORDER.index(away)
    for d in (away, ORDER[(i + 1) % 8], ORDER[(i - 1) % 8]):
        if can_step(bout, f, d) and distance(step(f.pos, d), attacker.pos) > distance(f.pos, attacker.pos):
            return step(f.pos, d)
    return None


def defence_options(bout: GGBout, fid: str, attacker: str) -> list[Option]:
    f, a = bout.fighters[fid], bout.fighters[attacker]
    out = [Option("none", "No defence", note="take the blow, react after")]
    if f.hanging is not None or f.climb_level > 0:  # our ruling: his hands are on the ledge or the wall
        return out
    p = parry_with(f)
    kinds = []
    if p is not None and f.ap_left >= p[3]:
        kinds.append(("parry", f"Parry with the {p[0]}", f"{p[3]} ap, skill {p[1]}"))
    if f.skill("avoid") > 0 and f.ap_left >= AVOID_AP:
        kinds.append(("avoid", "Avoid", f"{AVOID_AP} ap, skill {f.skill('avoid')}"))
    back = yield_square(bout, f, a)
    for value, label, note in kinds:
        out.append(Option(value, label, note=note))
        if back is not None and not f.prone and f.posture in ("stand", "crouch"):
            short = "" if f.mp_left >= 1 else " (off balance: no mp)" if f.balance_left() else " (fall: no mp)"
            out.append(Option(f"{value}_yield", f"{label} and yield", note=note + ", +3, 1 mp back" + short))
    return out


def direction_names() -> tuple[str, ...]:
    return tuple(DIRS)
