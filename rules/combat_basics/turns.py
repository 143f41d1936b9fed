"""A character's turn under Combat basics: the options of his turn (line 3: move, attack, charge,
shoot; line 13: delay; line 15: ready one action), carrying his answer out (with the triggers it sets
off: an opponent entering a square, an intent to attack), and the turn's start and end (a readied
action lost, a dazed turn lost, effects counted down).
"""

from __future__ import annotations

from rules.bout import IllegalAction
from rules.combat_basics import events as ev
from rules.combat_basics.attack import cluster_chain, fire, readied_mode, shot_penalty
from rules.combat_basics.fold import Emitter
from rules.combat_basics.rolls import challenge, melee_maneuver
from rules.combat_basics.state import (
    DAZE,
    DIRECTIONS,
    ENTER,
    INTENT,
    MELEE,
    RANGED,
    STUMBLE,
    TRIGGERS,
    CbBout,
    step,
)
from rules.decisions import Option
from rules.dice import DiceStream

TRIGGER_LABELS = {ENTER: "an opponent enters this square", "attacked": "someone attacks me",
                  INTENT: "I see someone is about to attack me"}
TRIGGER_SHORT = {ENTER: "a foe enters my square", "attacked": "I am attacked", INTENT: "a foe means to attack"}


def still_to_act(b: CbBout, fid: str) -> list[str]:
    """Who has his turn after `fid` this round (in the order, not done, in the fight)."""
    order = b.order
    at = order.index(fid) if fid in order else -1
    return [o for o in order[at + 1:] if o not in b.done and b.active(o)]


def turn_options(b: CbBout, fid: str) -> list[Option]:
    c = b.cb[fid]
    name = b.name
    stumbling = c.effects.get(STUMBLE)
    out: list[Option] = []
    melee = melee_maneuver(b, fid) is not None
    missile = b.catalog.missiles.get(c.stats.missile or "")
    for foe in b.foes(fid):
        fc = b.cb[foe]
        same = fc.pos == c.pos
        if same and melee and (stumbling is None or foe in stumbling.attacked_by):
            out.append(Option(f"attack:{foe}", f"Attack {name(foe)}", note="melee, in the combat cluster"))
        if (not same and melee and stumbling is None and abs(fc.pos[0] - c.pos[0]) + abs(fc.pos[1] - c.pos[1]) == 1):
            out.append(Option(f"charge:{foe}", f"Charge {name(foe)}", note="into his square, then attack"))
        if missile is not None and stumbling is None and b.aware(fid, foe):
            dist = b.distance(fid, foe)
            if dist <= missile.max_range:
                out.append(Option(f"shoot:{foe}", f"Shoot {name(foe)}",
                                  note=f"distance {dist}, penalty {shot_penalty(b, fid, foe)}"))
    for direction in DIRECTIONS:
        if stumbling is None or stumbling.blocked != direction:
            out.append(Option(f"move:{direction}", f"Move {direction}"))
    if melee or missile is not None:
        for trigger in TRIGGERS:
            out.append(Option(f"ready:{trigger}", f"Ready: {TRIGGER_SHORT[trigger]}",
                              note=f"an attack when {TRIGGER_LABELS[trigger]}"))
    later = still_to_act(b, fid)
    for i, other in enumerate(later):
        if i > 0:
            out.append(Option(f"delay:before:{other}", f"Delay until just before {name(other)}"))
        out.append(Option(f"delay:after:{other}", f"Delay until after {name(other)}"))
    out.append(Option("wait", "Wait"))
    return out


def default_turn(options: list[Option]) -> str:
    for head in ("attack:", "shoot:", "charge:"):
        for o in options:
            if o.value.startswith(head):
                return o.value
    return "wait"


def carry_out(em: Emitter, b: CbBout, fid: str, action: str, stream: DiceStream) -> None:
    """Do the actor's chosen action: its moves and triggers now, its attacks queued."""
    head, _, rest = action.partition(":")
    if head == "wait":
        em.emit(ev.Waited(fid))
    elif head == "ready":
        em.emit(ev.Readied(fid, rest, b.cb[fid].pos))
    elif head == "delay":
        where, _, other = rest.partition(":")
        order = [o for o in b.order if o != fid]
        at = order.index(other)
        order.insert(at if where == "before" else at + 1, fid)
        em.emit(ev.Delayed(fid, where, other, tuple(order)))
    elif head == "move":
        start = b.cb[fid].pos
        em.emit(ev.Moved(fid, start, step(start, rest), "move"))
        em.emit(ev.Waited(fid))
        entered(em, b, fid)
    else:
        _attack(em, b, fid, head, rest, stream)


def _attack(em: Emitter, b: CbBout, fid: str, head: str, target: str, stream: DiceStream) -> None:
    seen_through = intent(em, b, fid, target, stream)  # None: no intent trigger; else passed or not
    if head == "charge":
        start = b.cb[fid].pos
        em.emit(ev.Moved(fid, start, b.cb[target].pos, "charge"))
    if seen_through:
        fire(em, b, target, fid, INTENT, first=True, front=False)
    if head == "charge":
        entered(em, b, fid)
    if head == "shoot":
        em.emit(ev.StrikeQueued(fid, target, RANGED, shot_penalty(b, fid, target), cluster_chain(b, fid, target),
                                distance=b.distance(fid, target), cluster=_size(b, target)))
    else:
        em.emit(ev.StrikeQueued(fid, target, MELEE, 0))
    if seen_through is False:  # line 19: he still knows by the time he is attacked: he strikes after
        fire(em, b, target, fid, INTENT, front=False)


def _size(b: CbBout, fid: str) -> int:
    size = len(b.cluster(b.cb[fid].pos))
    return size if size > 1 else 0


def intent(em: Emitter, b: CbBout, attacker: str, target: str, stream: DiceStream) -> bool | None:
    """Line 19: a target readied for the intent to attack him challenges the attacker's hiding roll
    (persuasion) with his insight; None when he has no such readied action or cannot perceive it."""
    readied = b.cb[target].readied
    if readied is None or readied.trigger != INTENT or not b.can_act(target) or not b.aware(target, attacker):
        return None
    hide = challenge(stream, b.cb[attacker].stats.persuasion, b.challenge_tn)
    see = challenge(stream, b.cb[target].stats.insight, b.challenge_tn)
    passed = see.successes > hide.successes
    em.emit(ev.IntentChallenge(attacker, target, hide.faces, hide.successes, see.faces, see.successes,
                               b.challenge_tn, passed))
    return passed


def entered(em: Emitter, b: CbBout, fid: str) -> None:
    """Line 15: "an opponent enters this square" sets off the readied actions watching it."""
    square = b.cb[fid].pos
    for other in b.ordered():
        r = b.cb[other].readied
        if (r is not None and r.trigger == ENTER and r.square == square and other in b.foes(fid)
                and b.can_act(other) and b.aware(other, fid) and readied_mode(b, other, fid) is not None):
            fire(em, b, other, fid, ENTER, front=False)


def parse(b: CbBout, fid: str, value: object) -> str:
    legal = {o.value for o in turn_options(b, fid)}
    if not isinstance(value, str) or value not in legal:
        raise IllegalAction(f"{b.name(fid)} may: {', '.join(sorted(legal))}")
    return value


# ----- the turn's start and end -----------------------------------------------------------------
def begin_turn(em: Emitter, b: CbBout, fid: str) -> bool:
    """Start his turn; False when he loses it (dazed: it is over at once)."""
    c = b.cb[fid]
    em.emit(ev.TurnBegan(b.round, fid))
    if c.readied is not None:  # line 17
        em.emit(ev.ReadyLost(fid, "the trigger had not come by his next turn"))
    daze = c.effects.get(DAZE)
    if daze is not None and daze.turns == 0:  # odd daze: defence back at the start of this turn (line 47)
        em.emit(ev.EffectEnded(fid, DAZE))
    elif daze is not None:
        em.emit(ev.TurnLost(fid))
        if not c.effects[DAZE].odd and c.effects[DAZE].turns == 0:
            em.emit(ev.EffectEnded(fid, DAZE))
        end_turn(em, b, fid)
        return False
    return True


def end_turn(em: Emitter, b: CbBout, fid: str) -> None:
    stumbling = b.cb[fid].effects.get(STUMBLE)
    if stumbling is not None:
        left = stumbling.turns if stumbling.fresh else stumbling.turns - 1
        em.emit(ev.EffectTick(fid, STUMBLE, max(0, left)))
        if left <= 0:
            em.emit(ev.EffectEnded(fid, STUMBLE))
    em.emit(ev.TurnEnded(fid))
