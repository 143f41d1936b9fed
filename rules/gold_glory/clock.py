"""Who acts when in Gold & Glory: rounds (initiative dex + 1D4 rolled each round, declarations lowest
initiative first), turns in initiative order with waiting, interrupts by higher initiative and by
superior reach, the right to react, the round's end (unused points vanish; "Come on and die already").

The activations form a stack (`GGBout.frames`): a turn at the bottom, interrupts and reactions above it;
the top one's owner decides. An action is announced first; those who may interrupt it are asked; then
it is carried out if still legal.
"""

from __future__ import annotations

from rules.gold_glory import events as ev
from rules.gold_glory.fold import Emitter
from rules.gold_glory.grid import angle_to, distance, in_arc
from rules.gold_glory.options import can_move, can_step, move_note, parse_declaration, ready
from rules.gold_glory.paths import away_path, close_path
from rules.gold_glory.resolve import (
    carry_out,
    face,
    legal_now,
    lose_older_reaction,
    move,
    outside_arc,
    perceive,
    spend,
)
from rules.gold_glory.rolls import GGDice, roll
from rules.gold_glory.state import (
    DECLARE,
    ENDED,
    EXTRA_AP_INITIATIVE,
    FAST_MOVEMENT_INITIATIVE,
    SPEED_INITIATIVE,
    STREAMLINED_WAITING,
    STUTTER_STEP,
    THEN_DONE,
    TURNS,
    Frame,
    GGBout,
)


# ----- rounds ---------------------------------------------------------------------------------------
def begin_round(em: Emitter, dice: GGDice) -> None:
    """Passed-out fighters roll con (modified by their negative hp, ignoring the mod stack) to wake; then
    everyone fighting rolls initiative dex + 1D4."""
    b = em.bout
    for fid, f in b.fighters.items():
        if f.unconscious and not f.dead and roll(em, dice, fid, "wake", f.stats.con, {"hp": f.hp}).success:
            em.emit(ev.OutOfFight(fid, "awake"))
    rolls = []
    for fid in b.standing():
        d4 = dice.d4()
        rolls.append((fid, b.fighters[fid].stats.dex + d4, d4))
    em.emit(ev.RoundBegan(b.round + 1, tuple(rolls)))


def next_declarer(b: GGBout) -> str | None:
    """Lower initiative declares first ("High initiative selects order of actions")."""
    left = [x for x in reversed(b.order()) if not b.fighters[x].declared]
    return left[0] if left else None


def declare(em: Emitter, fid: str, value: str) -> None:
    b = em.bout
    f = b.fighters[fid]
    ap, speed = parse_declaration(value)
    mp = f.stats.move[("maneuver", "walk", "run", "dash").index(speed)]
    em.emit(ev.Declared(fid, ap, speed, mp))
    init = f.initiative
    if EXTRA_AP_INITIATIVE in b.house and ap > f.stats.ap:
        init += ap - f.stats.ap
    if FAST_MOVEMENT_INITIATIVE in b.house:
        init += SPEED_INITIATIVE[speed]
    if init != f.initiative:
        em.emit(ev.InitiativeChanged(fid, init, "declaration"))


def end_round(em: Emitter, dice: GGDice) -> None:
    """"Come on and die already": at 0 hp or below, a round of more than maneuvering with no actions
    needs a con roll modified by the negative hp (ignoring the mod stack), or he passes out."""
    b = em.bout
    for fid in b.standing():
        f = b.fighters[fid]
        if f.hp <= 0 and f.exerted and not roll(em, dice, fid, "con", f.stats.con, {"hp": f.hp}).success:
            em.emit(ev.OutOfFight(fid, "unconscious"))
    em.emit(ev.RoundEnded(b.round))


# ----- interrupts -----------------------------------------------------------------------------------
def interrupters(b: GGBout, frame: Frame) -> list[str]:
    """Who is still to be asked about the announced action of `frame`: for a step that brought the mover
    within a longer reach than his own ("moved:x,y"), foes of superior reach who notice it; otherwise foes
    of higher initiative, not done, not on the stack, not the one he reacts to."""
    if frame.announced is None:
        return []
    o = b.fighters[frame.owner]
    out = []
    head, _, arg = frame.announced.partition(":")
    for y in b.foes(frame.owner):
        f = b.fighters[y]
        if y in frame.asked or f.done or b.on_stack(y) or y == frame.against:
            continue
        if frame.announced == f"attack:{y}" and frame.perceived is False:
            continue  # unaware of the attack: no interrupt
        if head == "moved":
            x, _, yy = arg.partition(",")
            before = distance((int(x), int(yy)), f.pos)
            now = distance(o.pos, f.pos)
            if (f.weapon.reach > o.weapon.reach and now < before and o.weapon.reach + 1 < now <= f.weapon.reach + 1
                    and f.ap_left >= f.weapon.ap and in_arc(angle_to(f.pos, f.facing, o.pos), f.stats.arc)):
                out.append(y)
        elif f.initiative > o.initiative and (f.ap_left > 0 or f.mp_left > 0):
            out.append(y)
    return sorted(out, key=lambda x: (-b.fighters[x].initiative, x))


def answer_interrupts(em: Emitter, dice: GGDice) -> bool:
    """Record this step's interrupt answers; push the frames of those who interrupt (the highest
    initiative on top). True if anyone interrupted."""
    b = em.bout
    top = b.top()
    assert top is not None
    asked = interrupters(b, top)
    going = []
    for y in asked:
        choice = b.choices.get(y, "pass")
        em.emit(ev.InterruptAnswered(y, choice != "pass"))
        if choice != "pass":
            going.append((y, choice))
    for y, choice in sorted(going, key=lambda g: (b.fighters[g[0]].initiative, g[0])):
        em.emit(ev.FramePushed(y, "strike" if choice == "strike" else "interrupt", top.owner))
    return bool(going)


# ----- settling a step ------------------------------------------------------------------------------
def settle(em: Emitter, dice: GGDice) -> None:
    from rules.gold_glory.resolve import defend

    b = em.bout
    if b.stage != TURNS or b.over:
        return
    if b.defence is not None:
        choice = b.choices.get(b.defence.target)
        if choice is not None:
            defend(em, choice, dice)
        em.emit(ev.Settled())
        return
    top = b.top()
    if top is None:
        return
    if top.announced is not None and interrupters(b, top) and answer_interrupts(em, dice):
        em.emit(ev.Settled())
        return
    top = b.top()
    assert top is not None
    if top.kind == "strike" and not top.acted:
        carry_out(em, top.owner, f"attack:{top.against}", dice)
    elif top.announced is not None:
        _resolve_announced(em, top, dice)
    elif top.owner in b.choices:
        _carry_choice(em, top, b.choices[top.owner], dice)
    if b.stage == TURNS and b.fight_left():
        pop_finished(em)
    em.emit(ev.Settled())


def _resolve_announced(em: Emitter, top: Frame, dice: GGDice) -> None:
    b = em.bout
    action = top.announced
    assert action is not None
    fid = top.owner
    if action.startswith("moved:"):
        em.emit(ev.Cancelled(fid, action, "no one strikes"))
        return
    if action.startswith(("close:", "away")):
        em.emit(ev.Cancelled(fid, action, "carried out"))
        if b.active(fid):
            _walk_path(em, top, action, dice)
        return
    if action.startswith("move:"):
        em.emit(ev.Cancelled(fid, action, "carried out"))
        f = b.fighters[fid]
        d = action.partition(":")[2]
        if b.active(fid) and can_move(f) and can_step(b, f, d) and move_note(b, f, d) is not None:
            _move(em, fid, d, dice)
        return
    if not b.active(fid) or not legal_now(b, fid, action):
        em.emit(ev.Cancelled(fid, action, "no longer possible"))
        return
    if top.kind == "react":
        lose_older_reaction(em, fid)
    carry_out(em, fid, action, dice)


def _move(em: Emitter, fid: str, d: str, dice: GGDice) -> None:
    b = em.bout
    before = b.fighters[fid].pos
    move(em, fid, d, dice)
    top = b.top()
    if b.active(fid) and top is not None and top.owner == fid:
        _announce_if_asked(em, top, f"moved:{before[0]},{before[1]}")


def _walk_path(em: Emitter, top: Frame, choice: str, dice: GGDice) -> None:
    """A whole movement path, step by step, planned now (`rules.gold_glory.paths`); it stops where a step
    is no longer possible, he falls or leaves, or a step lets a foe of superior reach strike."""
    b = em.bout
    fid = top.owner
    head, _, arg = choice.partition(":")
    if head == "close" and not b.active(arg):
        return
    path = close_path(b, fid, arg) if head == "close" else away_path(b, fid)
    for d in path:
        f = b.fighters[fid]
        if not (b.active(fid) and can_move(f) and can_step(b, f, d)) or b.top() is not top or top.announced:
            return
        _move(em, fid, d, dice)
        if f.prone:
            return


def _announce_if_asked(em: Emitter, top: Frame, action: str) -> bool:
    """Announce `action` if anyone may interrupt it (True), else nothing (False)."""
    probe = Frame(top.owner, top.kind, top.against, announced=action, perceived=top.perceived)
    if not interrupters(em.bout, probe):
        return False
    em.emit(ev.Announced(top.owner, action, ()))
    return True


def _carry_choice(em: Emitter, top: Frame, choice: str, dice: GGDice) -> None:
    b = em.bout
    fid = top.owner
    f = b.fighters[fid]
    choice = choice.removesuffix(THEN_DONE)
    head, _, arg = choice.partition(":")
    if head == "move":
        if f.moving or not _announce_if_asked(em, top, choice):  # an initiated movement may be interrupted
            _move(em, fid, arg, dice)
    elif head in ("close", "away"):
        if f.moving or not _announce_if_asked(em, top, choice):
            _walk_path(em, top, choice, dice)
    elif head == "face":
        face(em, fid, arg)
    elif head in ("wait", "wait_on", "done", "end"):
        _end_activation(em, top, head, arg)
    else:
        if head == "attack" and legal_now(b, fid, choice) and outside_arc(b, fid, arg):
            perceive(em, fid, arg, dice)  # before the interrupts: the unaware cannot interrupt
        if _announce_if_asked(em, top, choice):
            return
        if top.kind == "react":
            lose_older_reaction(em, fid)
        carry_out(em, fid, choice, dice)


def _end_activation(em: Emitter, top: Frame, head: str, arg: str) -> None:
    """Wait, done or the end of a reaction; under the stutter step house rule an activation that moved with
    no action pays 1ap for it first (line 867)."""
    b = em.bout
    fid = top.owner
    if STUTTER_STEP in b.house and top.moved and not top.acted and b.fighters[fid].ap_left >= 1:
        spend(em, fid, 1, "stutter step")
    if head in ("wait", "wait_on"):
        _wait(em, top, arg or None)
    elif head == "done":
        if STREAMLINED_WAITING in b.house and top.kind == "turn":  # "done": initiative 0
            em.emit(ev.InitiativeChanged(fid, 0, "done"))
        em.emit(ev.Done(fid))
        em.emit(ev.FramePopped(fid))
    else:
        em.emit(ev.FramePopped(fid))


def _wait(em: Emitter, top: Frame, on: str | None) -> None:
    """Wait: keep the initiative to interrupt those below (streamlined: 1 ap, or "wait on other" for free
    at one below his initiative)."""
    b = em.bout
    fid = top.owner
    if STREAMLINED_WAITING in b.house and top.kind == "turn":
        if on is None:
            spend(em, fid, 1, "wait")
        else:
            em.emit(ev.InitiativeChanged(fid, b.fighters[on].initiative - 1, "waiting on " + on))
    em.emit(ev.Waited(fid, on))
    em.emit(ev.FramePopped(fid))


# ----- moving the clock -----------------------------------------------------------------------------
def pop_finished(em: Emitter) -> bool:
    """Pop the activations that are over: a strike taken, a reaction with its action taken (or none
    affordable) and no mp left, a turn whose action was chosen "then done". True if none is left."""
    b = em.bout
    while True:
        top = b.top()
        if top is None:
            return True
        if top.announced is not None or b.defence is not None:
            return False
        f = b.fighters[top.owner]
        spent = (f.ap_left <= 0 or top.acted) and f.mp_left <= 0 and not f.moving
        if (top.kind == "strike" and top.acted) or (top.kind == "react" and spent):
            em.emit(ev.FramePopped(top.owner))
        elif top.kind == "turn" and top.then_done and top.acted:
            _end_activation(em, top, "done", "")
        else:
            return False


def advance(em: Emitter, dice: GGDice) -> bool:
    """Pop finished activations, start the next turn, or end the round and begin the next. True when a
    round ended."""
    b = em.bout
    if b.round == 0 or b.stage == ENDED:
        begin_round(em, dice)
        return False
    if b.stage == DECLARE or b.defence is not None:
        return False
    if not pop_finished(em):
        return False
    nxt = ready(b)
    if nxt:
        em.emit(ev.FramePushed(nxt[0], "turn"))
        return False
    end_round(em, dice)
    return True
